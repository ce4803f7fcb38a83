// Parser: @timeline rules (style/Timeline.hpp, docs/timeline-rule.md):
// every piece of the syntax, the defaults, errors at line:col, recovery,
// replacement by name, the nesting limit and the dump's round trip.
#include "parser_test_util.hpp"

#include <zenit/style/Dump.hpp>
#include <zenit/style/Timeline.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

// The only @timeline of `text`, asserting no diagnostics.
TimelineRule timelineOf(std::string_view text) {
  const StyleSheet s = parse(text);
  CHECK(s.diagnostics.empty());
  for (const Diagnostic& d : s.diagnostics) UNSCOPED_INFO(d.format());
  REQUIRE(s.timelines.size() == 1);
  return s.timelines[0];
}

// The one track rule of `@timeline t { .x { animation: a 1s; <decls> } }`.
TimelineTrackRule trackOf(std::string_view decls) {
  const TimelineRule t = timelineOf("@timeline t { .x { animation: a 1s; " + std::string(decls) + " } }");
  REQUIRE(t.tracks.size() == 1);
  return t.tracks[0];
}

bool samePosition(const ClipPosition& a, const ClipPosition& b) {
  return a.anchor == b.anchor && a.unit == b.unit && a.offset == Approx(b.offset) && a.label == b.label;
}

// The sheet's diagnostics with the one of `text`'s timeline body.
std::vector<Diagnostic> diagnosticsOf(std::string_view text) { return parse(text).diagnostics; }

}  // namespace

TEST_CASE("@timeline: the syntax's every piece (docs/timeline-rule.md, the seed sheet)",
          "[style][parser][timeline]") {
  const TimelineRule t = timelineOf(
      "@timeline intro {\n"
      "  iteration-count: 2;\n"
      "  direction: alternate;\n"
      "  delay: 100ms;  fill: forwards;\n"
      "  timing-function: steps(24);\n"
      "  playback-rate: 1.5;  repeat-delay: 0.25s;  duration: 2s;\n"
      "  .title, Button.hero {\n"
      "    animation: fade-in 400ms ease-out both;\n"
      "    position: \"<+=100ms\";\n"
      "    stagger: 50ms from center grid 4;\n"
      "    repeat-delay: 10ms; playback-rate: 2; reverse-easing: shape-repeated; composition: add;\n"
      "  }\n"
      "  @label cards-in \"+=200ms\";\n"
      "  @mark half 1s;\n"
      "  @group outro {\n"
      "    position: \">\";\n"
      "    .card { animation: pop 300ms; }\n"
      "  }\n"
      "}\n");
  CHECK(t.name == "intro");
  CHECK(t.loc == SourceLoc{0, 1, 1});
  CHECK(t.iterations == 2.0);
  CHECK(t.direction == PlaybackDirection::Alternate);
  CHECK(t.delay == Approx(0.1));
  CHECK(t.fill == FillMode::Forwards);
  CHECK(t.easing == *parseEasing("steps(24)"));
  CHECK(t.playbackRate == 1.5);
  CHECK(t.repeatDelay == 0.25);
  CHECK(t.duration == std::optional<double>(2.0));
  // Items in source order: the track rule, the label, the mark, the group.
  CHECK(t.items == std::vector<TimelineItem>{{TimelineItem::Kind::Track, 0},
                                             {TimelineItem::Kind::Marker, 0},
                                             {TimelineItem::Kind::Marker, 1},
                                             {TimelineItem::Kind::Group, 0}});
  REQUIRE(t.tracks.size() == 1);
  const TimelineTrackRule& r = t.tracks[0];
  REQUIRE(r.selectors.size() == 2);
  CHECK(r.selectors[0].text() == ".title");
  CHECK(r.selectors[1].text() == "Button.hero");
  CHECK(r.loc == SourceLoc{0, 7, 3});
  CHECK(r.animation.name == "fade-in");
  CHECK(r.animation.duration == Approx(0.4));
  CHECK(r.animation.ease == TransitionFunction::EaseOut);
  CHECK(r.animation.fill == FillMode::Both);
  CHECK(samePosition(r.position, ClipPosition::withPrevious(0.1)));
  REQUIRE(r.stagger);
  CHECK(r.stagger->spacing == Approx(0.05));
  CHECK(r.stagger->origin == StaggerOrigin::Center);
  CHECK(r.stagger->columns == 4);
  CHECK(r.repeatDelay == Approx(0.01));
  CHECK(r.playbackRate == 2.0);
  CHECK(r.reverseEasing == TimelineReverseEasing::ShapeRepeated);
  CHECK(r.composition == TimelineComposition::Add);
  CHECK(t.groups[0].tracks[0].composition == TimelineComposition::Replace);  // the default
  REQUIRE(t.markers.size() == 2);
  CHECK(t.markers[0].kind == TimelineMarker::Kind::Label);
  CHECK(t.markers[0].name == "cards-in");
  CHECK(samePosition(t.markers[0].position, ClipPosition::end(0.2)));
  CHECK(t.markers[0].loc == SourceLoc{0, 13, 3});
  CHECK(t.markers[1].kind == TimelineMarker::Kind::Mark);
  CHECK(t.markers[1].name == "half");
  CHECK(samePosition(t.markers[1].position, ClipPosition::at(1.0)));
  REQUIRE(t.groups.size() == 1);
  const TimelineGroup& g = t.groups[0];
  CHECK(g.name == "outro");
  CHECK(g.loc == SourceLoc{0, 15, 3});
  CHECK(samePosition(g.position, ClipPosition::afterPrevious()));
  REQUIRE(g.tracks.size() == 1);
  CHECK(g.tracks[0].animation.name == "pop");
  CHECK(g.tracks[0].selectors[0].text() == ".card");
}

TEST_CASE("@timeline: defaults (a timeline fills both and runs linearly once; a track is at the end)",
          "[style][parser][timeline]") {
  const TimelineRule t = timelineOf("@timeline t { .x { animation: a 1s } }");
  CHECK(t.iterations == 1.0);
  CHECK(t.direction == PlaybackDirection::Normal);
  CHECK(t.delay == 0.0);
  CHECK(t.fill == FillMode::Both);
  CHECK(t.easing == TransitionFunction{});
  CHECK(t.playbackRate == 1.0);
  CHECK(t.repeatDelay == 0.0);
  CHECK_FALSE(t.duration);
  REQUIRE(t.tracks.size() == 1);
  const TimelineTrackRule& r = t.tracks[0];
  CHECK(samePosition(r.position, ClipPosition::end()));
  CHECK_FALSE(r.stagger);
  CHECK(r.repeatDelay == 0.0);
  CHECK(r.playbackRate == 1.0);
  CHECK(r.reverseEasing == TimelineReverseEasing::TimeReversed);
  // The animation item's own CSS defaults: ease, fill none, one iteration.
  CHECK(r.animation.ease == TransitionFunction::Ease);
  CHECK(r.animation.fill == FillMode::None);
  CHECK(r.animation.iterations == 1.0);
  // An empty timeline, a label and a mark without a position (at the end).
  const TimelineRule e = timelineOf("@timeline empty { @label a; @mark b; duration: auto; }");
  CHECK(e.tracks.empty());
  REQUIRE(e.markers.size() == 2);
  CHECK(samePosition(e.markers[0].position, ClipPosition::end()));
  CHECK(samePosition(e.markers[1].position, ClipPosition::end()));
  CHECK_FALSE(e.duration);
}

TEST_CASE("@timeline: positions are quoted GSAP positions, or a number or time",
          "[style][parser][timeline]") {
  struct Case {
    const char* value;
    ClipPosition want;
  };
  const Case cases[] = {
      {/*value=*/"\"<\"", ClipPosition::withPrevious()},
      {"\">\"", ClipPosition::afterPrevious()},
      {"\">-0.2s\"", ClipPosition::afterPrevious(-0.2)},
      {"\"+=1\"", ClipPosition::end(1.0)},
      {"\"-=250ms\"", ClipPosition::end(-0.25)},
      {"\"2\"", ClipPosition::at(2.0)},
      {"0.2s", ClipPosition::at(0.2)},
      {"150ms", ClipPosition::at(0.15)},
      {"2", ClipPosition::at(2.0)},
      {"-1s", ClipPosition::at(-1.0)},
      {"\"l\"", ClipPosition::atLabel("l")},
      {"\"l+=1\"", ClipPosition::atLabel("l", 1.0)},
      {"\"+=50%\"", ClipPosition{ClipPosition::Anchor::End, ClipPosition::Unit::PercentOfInserted, 50.0, {}}},
  };
  for (const Case& c : cases) {
    INFO(c.value);
    const TimelineRule t = timelineOf(
        "@timeline t { @label l 0s; .x { animation: a 1s; position: " + std::string(c.value) + "; } }");
    REQUIRE(t.tracks.size() == 1);
    CHECK(samePosition(t.tracks[0].position, c.want));
  }
  // A label's and a mark's position, and a group's.
  const TimelineRule t =
      timelineOf("@timeline t { @label a 1; @mark m \"a+=0.5\"; @group g { position: \"a\"; } }");
  CHECK(samePosition(t.markers[0].position, ClipPosition::at(1.0)));
  CHECK(samePosition(t.markers[1].position, ClipPosition::atLabel("a", 0.5)));
  CHECK(samePosition(t.groups[0].position, ClipPosition::atLabel("a")));
}

TEST_CASE("@timeline: stagger maps onto Stagger (core/Stagger.hpp)", "[style][parser][timeline]") {
  const Stagger s = *trackOf("stagger: 50ms;").stagger;
  CHECK(s.spacing == Approx(0.05));
  CHECK_FALSE(s.amount);
  CHECK(s.origin == StaggerOrigin::First);
  CHECK(s.columns == 0);
  CHECK(s.axis == StaggerAxis::Both);
  CHECK(s.easing == TransitionFunction{});
  CHECK(s.start == 0.0);

  const Stagger all =
      *trackOf("stagger: -1s amount from 3 grid 5 axis y ease power2.inOut start 200ms;").stagger;
  CHECK(all.spacing == -1.0);
  CHECK(all.amount);
  CHECK(all.origin == StaggerOrigin::Index);
  CHECK(all.index == 3);
  CHECK(all.columns == 5);
  CHECK(all.axis == StaggerAxis::Y);
  CHECK(all.easing == *parseEasing("power2.inOut"));
  CHECK(all.start == Approx(0.2));

  // The options come in any order after the time.
  const Stagger any = *trackOf("stagger: 0.1s grid 3 from edges amount;").stagger;
  CHECK(any.origin == StaggerOrigin::Edges);
  CHECK(any.columns == 3);
  CHECK(any.amount);
  CHECK(trackOf("stagger: 0.1s from last;").stagger->origin == StaggerOrigin::Last);
  CHECK(trackOf("stagger: 0.1s from first;").stagger->origin == StaggerOrigin::First);
  CHECK(trackOf("stagger: 0.1s axis x;").stagger->axis == StaggerAxis::X);
  const Stagger seeded = *trackOf("stagger: 0.1s seed 42;").stagger;
  CHECK(seeded.origin == StaggerOrigin::Seeded);
  CHECK(seeded.seed == 42);
}

TEST_CASE("@timeline: a timeline's easing may never decrease", "[style][parser][timeline]") {
  for (const char* ok : {"linear", "ease-in-out", "steps(4, jump-start)", "cubic-bezier(0.2, 0, 0.3, 1)",
                         "linear(0, 0.5 20%, 1)", "ease-in-sine", "power3.out", "expo.inOut"}) {
    INFO(ok);
    CHECK(timelineOf("@timeline t { timing-function: " + std::string(ok) + "; }").easing == *parseEasing(ok));
  }
  for (const char* bad : {"ease-out-back", "back.out(3)", "elastic.in", "bounce.out", "spring(1, 100, 10, 0)",
                          "cubic-bezier(0.3, -0.5, 0.7, 1)", "linear(0, 1, 0.5, 1)"}) {
    INFO(bad);
    const StyleSheet s = parse("@timeline t { timing-function: " + std::string(bad) + "; }");
    REQUIRE(s.diagnostics.size() == 1);
    CHECK(s.diagnostics[0].severity == Severity::Error);
    CHECK(s.diagnostics[0].col == 32);
    CHECK(s.diagnostics[0].message.find("a timeline's easing may never decrease") != std::string::npos);
    CHECK(s.timelines.at(0).easing == TransitionFunction{});  // the bad value changed nothing
  }
}

TEST_CASE("@timeline: errors name file:line:col and what was expected", "[style][parser][timeline][errors]") {
  CHECK(diagnosticsOf("@timeline t {\n  iteration-count: -1;\n}") ==
        std::vector<Diagnostic>{
            err(2, 20, "invalid value for iteration-count: expected infinite or a number >= 0, found `-1`")});
  CHECK(diagnosticsOf("@timeline t {\n  duration: -2s;\n}") ==
        std::vector<Diagnostic>{
            err(2, 13, "invalid value for duration: a duration cannot be negative, found `-2s`")});
  CHECK(diagnosticsOf("@timeline t { repeat-delay: 1; }") ==
        std::vector<Diagnostic>{
            err(1, 29, "invalid value for repeat-delay: a time needs a unit (s or ms), found `1`")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s; composition: accumulate; } }") ==
        std::vector<Diagnostic>{
            err(1, 50, "invalid value for composition: expected replace or add, found `accumulate`")});
  CHECK(diagnosticsOf("@timeline t { fill: sideways; }") ==
        std::vector<Diagnostic>{err(
            1, 21, "invalid value for fill: expected none, forwards, backwards or both, found `sideways`")});
  CHECK(diagnosticsOf("@timeline t {\n  .x { animation: a 1s; position: <; }\n}") ==
        std::vector<Diagnostic>{
            err(2, 35,
                "invalid value for position: expected a quoted position (\"<\", \">-0.2s\", "
                "\"+=100ms\", \"intro+=1s\") or a time, found `<`")});
  CHECK(
      diagnosticsOf("@timeline t { .x { animation: a 1s; position: \"<+=x\"; } }") ==
      std::vector<Diagnostic>{err(
          1, 47, "invalid value for position: position \"<+=x\": expected a time or a percentage after +=")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s; position: \"later\"; } }") ==
        std::vector<Diagnostic>{
            err(1, 47,
                "invalid value for position: no label `later` before it in this timeline (a "
                "position names a label placed before it)")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s; stagger: 1s grid; } }") ==
        std::vector<Diagnostic>{
            err(1, 49, "invalid value for stagger: `grid` needs the number of columns after it")});
  CHECK(
      diagnosticsOf("@timeline t { .x { animation: a 1s; stagger: 1s from 2 seed 1; } }") ==
      std::vector<Diagnostic>{err(
          1, 56, "invalid value for stagger: seed and from both choose where the stagger starts; give one")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s; stagger: 1s amount amount; } }") ==
        std::vector<Diagnostic>{err(1, 56, "invalid value for stagger: `amount` is given twice")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s; stagger: 1s grid 2.5; } }") ==
        std::vector<Diagnostic>{err(
            1, 54, "invalid value for stagger: expected the grid's columns (an integer >= 1), found `2.5`")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s, b 2s; } }") ==
        std::vector<Diagnostic>{
            err(1, 31,
                "invalid value for animation: a track rule plays one animation, found 2 (give each its own "
                "track rule)"),
            note(1, 15, "the track rule `.x` is dropped: its animation is invalid")});
  CHECK(diagnosticsOf("@timeline t { .x { position: 1s; } }") ==
        std::vector<Diagnostic>{err(1, 15,
                                    "the track rule `.x` has no animation (`animation: NAME DURATION …`, the "
                                    "@keyframes it plays); the rule is dropped")});
  // The shorthand's own reader says what is wrong with the item.
  const std::vector<Diagnostic> shorthand = diagnosticsOf("@timeline t { .x { animation: a 1s 2s 3s; } }");
  REQUIRE(shorthand.size() == 2);
  CHECK(shorthand[0].message.rfind("invalid value for animation: a third time `3s`", 0) == 0);
}

TEST_CASE("@timeline: names, unknown properties and at-rules", "[style][parser][timeline][errors]") {
  CHECK(diagnosticsOf("@timeline none {}") ==
        std::vector<Diagnostic>{err(
            1, 11, "invalid @timeline name `none` (an identifier other than none and CSS-wide keywords)")});
  CHECK(diagnosticsOf("@timeline initial {}")[0].col == 11);
  CHECK(diagnosticsOf("@timeline \"s\" {}").size() == 1);
  CHECK(diagnosticsOf("@timeline {}") ==
        std::vector<Diagnostic>{err(
            1, 1, "invalid @timeline name nothing (an identifier other than none and CSS-wide keywords)")});
  CHECK(diagnosticsOf("@timeline t;") ==
        std::vector<Diagnostic>{err(1, 1, "@timeline needs a `{ … }` block; the at-rule is skipped")});
  CHECK(diagnosticsOf("@timeline t { colour: red; }") ==
        std::vector<Diagnostic>{warn(1, 15,
                                     "unknown property `colour` in @timeline; ignored (a timeline takes "
                                     "iteration-count, direction, delay, fill, timing-function, duration, "
                                     "position, repeat-delay and playback-rate)")});
  CHECK(
      diagnosticsOf("@timeline t { .x { animation: a 1s; opacity: 0; } }") ==
      std::vector<Diagnostic>{warn(1, 37,
                                   "unknown property `opacity` in a track rule; ignored (a track rule takes "
                                   "animation, position, stagger, repeat-delay, playback-rate, "
                                   "reverse-easing and composition)")});
  CHECK(
      diagnosticsOf("@timeline t { animation: a 1s; }") ==
      std::vector<Diagnostic>{warn(
          1, 15,
          "`animation` belongs in a track rule (`.selector { animation: …; }`), not in @timeline; ignored")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s; fill: both; } }") ==
        std::vector<Diagnostic>{
            warn(1, 37, "`fill` belongs in @timeline or @group, not in a track rule; ignored")});
  CHECK(
      diagnosticsOf("@timeline t { position: 1s; }") ==
      std::vector<Diagnostic>{warn(
          1, 15, "position has no meaning on the @timeline itself (it starts where it is played); ignored")});
  CHECK(diagnosticsOf("@timeline t { @keyframes k { } }") ==
        std::vector<Diagnostic>{err(
            1, 15, "@keyframes is not allowed inside @timeline (only @label, @mark and @group); skipped")});
  CHECK(diagnosticsOf("@timeline t { @label; }") ==
        std::vector<Diagnostic>{
            err(1, 15, "invalid @label name nothing (an identifier): @label NAME [POSITION];")});
  CHECK(diagnosticsOf("@timeline t { @mark m { } }") ==
        std::vector<Diagnostic>{
            err(1, 15, "@mark takes no block: @mark NAME [POSITION]; the at-rule is skipped")});
  CHECK(diagnosticsOf("@timeline t { @group g; }") ==
        std::vector<Diagnostic>{
            err(1, 15, "@group needs a `{ … }` block: @group NAME { … }; the at-rule is skipped")});
  CHECK(diagnosticsOf("@timeline t {\n  @label a;\n  @label a 1s;\n  @mark a;\n}") ==
        std::vector<Diagnostic>{
            err(3, 3, "@label a is already placed at t.zstyle:2:3 in this timeline; this one is dropped")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: a 1s; opacity: 0 !important; } }") ==
        std::vector<Diagnostic>{warn(
            1, 37, "!important in @timeline is ignored (the declaration is dropped, as in @keyframes)")});
  CHECK(diagnosticsOf("@timeline t { .x { animation: var(--a); } }")[0].message ==
        "var() is not supported in @timeline (a timeline is not resolved per element); animation is ignored");
  CHECK(diagnosticsOf("@timeline t { what ever; }") ==
        std::vector<Diagnostic>{
            err(1, 15,
                "expected a declaration (`name: value;`), a track rule (`.selector { … }`) or "
                "an at-rule, found `what ever`; it is ignored")});
  CHECK(diagnosticsOf("@media (min-width: 1px) { @timeline t { } }") ==
        std::vector<Diagnostic>{
            warn(1, 27, "@timeline inside @media is not supported; the at-rule is skipped")});
}

TEST_CASE("@timeline: a bad declaration, rule or at-rule loses nothing else",
          "[style][parser][timeline][recovery]") {
  const StyleSheet s = parse(
      "@timeline t {\n"
      "  iteration-count: x;\n"
      "  delay: 1s;\n"
      "  .a { animation: a 1s; stagger: 1s from; position: 2s; }\n"
      "  .b:nope { animation: b 1s; }\n"
      "  @label l 1s;\n"
      "  @nope { .x { } }\n"
      "  .c { animation: c 1s; .nested { animation: n 1s } reverse-easing: shape-repeated; }\n"
      "  @group g { fill: x; .d { animation: d 1s } }\n"
      "  @mark m \"l+=1\";\n"
      "}\n"
      ".after { opacity: 0.5 }\n"
      "@timeline u { .e { animation: e 1s } }\n");
  CHECK(s.hasErrors());
  REQUIRE(s.timelines.size() == 2);
  const TimelineRule& t = s.timelines[0];
  CHECK(t.delay == 1.0);
  CHECK(t.iterations == 1.0);
  REQUIRE(t.tracks.size() == 2);
  CHECK(t.tracks[0].animation.name == "a");
  CHECK_FALSE(t.tracks[0].stagger);
  CHECK(samePosition(t.tracks[0].position, ClipPosition::at(2.0)));
  CHECK(t.tracks[1].animation.name == "c");
  CHECK(t.tracks[1].reverseEasing == TimelineReverseEasing::ShapeRepeated);
  REQUIRE(t.markers.size() == 2);
  CHECK(samePosition(t.markers[1].position, ClipPosition::atLabel("l", 1.0)));
  REQUIRE(t.groups.size() == 1);
  CHECK(t.groups[0].tracks.size() == 1);
  CHECK(t.groups[0].fill == FillMode::Both);
  CHECK(t.items.size() == 5);
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.opacity == Opt<float>(0.5f));
  CHECK(s.timelines[1].tracks.size() == 1);
  // Each problem once, where it is.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> where;
  for (const Diagnostic& d : s.diagnostics) where.emplace_back(d.line, d.col);
  CHECK(where == std::vector<std::pair<std::uint32_t, std::uint32_t>>{
                     {2, 20}, {4, 37}, {5, 6}, {7, 3}, {8, 25}, {9, 20}});
}

TEST_CASE("@timeline: the end of input is reported once, at the innermost open block",
          "[style][parser][timeline][recovery]") {
  const StyleSheet s = parse("@timeline t {\n  @group g {\n    .x { animation: a 1s;");
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{
            err(3, 8, "unexpected end of file: the track rule block opened here has no closing `}`")});
  REQUIRE(s.timelines.size() == 1);
  REQUIRE(s.timelines[0].groups.size() == 1);
  CHECK(s.timelines[0].groups[0].tracks.size() == 1);
}

TEST_CASE("@timeline: a later rule of the same name replaces an earlier one, as @keyframes",
          "[style][parser][timeline]") {
  const StyleSheet s = parse("@timeline a { delay: 1s }\n@timeline b { }\n@timeline a { delay: 2s }");
  CHECK(s.diagnostics == std::vector<Diagnostic>{warn(
                             3, 1,
                             "@timeline a replaces the one at t.zstyle:1:1 (the later rule wins; timelines "
                             "are not merged)")});
  REQUIRE(s.timelines.size() == 3);
  REQUIRE(s.findTimeline("a") == &s.timelines[2]);
  CHECK(s.findTimeline("a")->delay == 2.0);
  CHECK(s.findTimeline("b") == &s.timelines[1]);
  CHECK(s.findTimeline("A") == nullptr);  // names are case-sensitive
}

TEST_CASE("@timeline: timelines nest at most 32 deep (the @timeline is level 1)",
          "[style][parser][timeline]") {
  const auto nested = [](int groups) {
    std::string text = "@timeline t {";
    for (int i = 0; i < groups; ++i) text += " @group g" + std::to_string(i) + " {";
    text += " .x { animation: a 1s }";
    for (int i = 0; i < groups; ++i) text += " }";
    return text + " }\n.after { opacity: 0 }";
  };
  const StyleSheet ok = parse(nested(kMaxTimelineDepth - 1));
  CHECK(ok.diagnostics.empty());
  const TimelineGroup* g = &ok.timelines.at(0);
  int depth = 1;
  while (!g->groups.empty()) {
    g = &g->groups[0];
    ++depth;
  }
  CHECK(depth == kMaxTimelineDepth);
  CHECK(g->tracks.size() == 1);

  const std::string deepText = nested(kMaxTimelineDepth);
  const StyleSheet deep = parse(deepText);
  REQUIRE(deep.diagnostics.size() == 1);
  CHECK(deep.diagnostics[0].message ==
        "timelines nest at most 32 deep (the @timeline and its @group levels); this @group is skipped");
  // At the 32nd @group, the timeline's 33rd level.
  const std::size_t at = deepText.find("@group g31 ");
  CHECK(deep.diagnostics[0].col == at + 1);
  CHECK(deep.rules.size() == 1);  // the rest of the sheet still parses
  // A hostile depth is skipped without recursing.
  const StyleSheet hostile = parse(nested(5000));
  CHECK(hostile.diagnostics.size() == 1);
  CHECK(hostile.rules.size() == 1);
}

TEST_CASE("@timeline: the dump is canonical and parses back to the same dump",
          "[style][parser][timeline][dump]") {
  const std::string text =
      "@timeline intro {\n"
      "  iteration-count: infinite; direction: alternate-reverse; delay: -100ms; fill: none;\n"
      "  timing-function: steps(24, jump-start); playback-rate: 0.5; repeat-delay: 1s; duration: 2s;\n"
      "  .title, Slider:hover::knob { animation: fade-in 400ms ease-out 50ms 2 alternate both; position: "
      "\"<+=100ms\";\n"
      "           stagger: -50ms amount from center grid 4 axis x ease power2.inOut start 10ms; }\n"
      "  .card { animation: \"none\" 300ms; position: 0.2s; stagger: 1s seed 7; playback-rate: 2; "
      "repeat-delay: 5ms;\n"
      "          reverse-easing: shape-repeated; composition: add; }\n"
      "  @label cards-in \"+=200ms\";\n"
      "  @mark half 1s;\n"
      "  @mark \\31 st;\n"
      "  @group outro { position: \"cards-in-=50%\"; @group inner { .x { animation: x 1s; position: "
      "\"<50%\"; } } }\n"
      "}\n"
      "@timeline empty { }\n";
  const StyleSheet s = parse(text);
  for (const Diagnostic& d : s.diagnostics) UNSCOPED_INFO(d.format());
  REQUIRE(s.diagnostics.empty());
  const std::string d = dumpStyleSheet(s, DumpOptions{false});
  const StyleSheet back = parse(d);
  for (const Diagnostic& x : back.diagnostics) UNSCOPED_INFO(x.format());
  CHECK(back.diagnostics.empty());
  CHECK(dumpStyleSheet(back, DumpOptions{false}) == d);
  CHECK(d ==
        "@timeline intro {\n"
        "  iteration-count: infinite;\n"
        "  direction: alternate-reverse;\n"
        "  delay: -0.1s;\n"
        "  fill: none;\n"
        "  timing-function: steps(24, jump-start);\n"
        "  playback-rate: 0.5;\n"
        "  repeat-delay: 1s;\n"
        "  duration: 2s;\n"
        "  .title, Slider:hover::knob {\n"
        "    animation: 0.4s ease-out 0.05s 2 alternate both running fade-in;\n"
        "    position: \"<0.1\";\n"
        "    stagger: -0.05s amount from center grid 4 axis x ease ease-in-out-cubic start 0.01s;\n"
        "    repeat-delay: 0s;\n"
        "    playback-rate: 1;\n"
        "    reverse-easing: time-reversed;\n"
        "    composition: replace;\n"
        "  }\n"
        "  .card {\n"
        "    animation: 0.3s ease 0s 1 normal none running \"none\";\n"
        "    position: \"0.2\";\n"
        "    stagger: 1s seed 7;\n"
        "    repeat-delay: 0.005s;\n"
        "    playback-rate: 2;\n"
        "    reverse-easing: shape-repeated;\n"
        "    composition: add;\n"
        "  }\n"
        "  @label cards-in \"+=0.2\";\n"
        "  @mark half \"1\";\n"
        "  @mark \\31 st \"+=0\";\n"
        "  @group outro {\n"
        "    position: \"cards-in-=50%\";\n"
        "    iteration-count: 1;\n"
        "    direction: normal;\n"
        "    delay: 0s;\n"
        "    fill: both;\n"
        "    timing-function: linear;\n"
        "    playback-rate: 1;\n"
        "    repeat-delay: 0s;\n"
        "    duration: auto;\n"
        "    @group inner {\n"
        "      position: \"+=0\";\n"
        "      iteration-count: 1;\n"
        "      direction: normal;\n"
        "      delay: 0s;\n"
        "      fill: both;\n"
        "      timing-function: linear;\n"
        "      playback-rate: 1;\n"
        "      repeat-delay: 0s;\n"
        "      duration: auto;\n"
        "      .x {\n"
        "        animation: 1s ease 0s 1 normal none running x;\n"
        "        position: \"<50%\";\n"
        "        repeat-delay: 0s;\n"
        "        playback-rate: 1;\n"
        "        reverse-easing: time-reversed;\n"
        "        composition: replace;\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n"
        "@timeline empty {\n"
        "  iteration-count: 1;\n"
        "  direction: normal;\n"
        "  delay: 0s;\n"
        "  fill: both;\n"
        "  timing-function: linear;\n"
        "  playback-rate: 1;\n"
        "  repeat-delay: 0s;\n"
        "  duration: auto;\n"
        "}\n");
  // With locations: a comment before each @timeline.
  CHECK(dumpStyleSheet(s).find("/* t.zstyle:13:1 */\n@timeline empty {") != std::string::npos);
}
