// buildTimelineClip (anim/TimelineClip.hpp): the clip a stylesheet @timeline
// describes, from examples/clips/intro.zstyle and small sheets. Tracks per
// property and node, their keyframes and easings, bindings, the outline,
// root labels, the schedule alone (timesOnly), and refusals. The seed's
// 12-item grid stagger built in C++ with the Clip API and built from the
// sheet play the same values.
#include <zenit/anim/ClipPlayer.hpp>
#include <zenit/anim/TimelineClip.hpp>
#include <zenit/core/Stagger.hpp>
#include <zenit/style/Theme.hpp>

#include <array>
#include <string>
#include <vector>

#include "support/zenit_test.hpp"

using namespace zenit;
using zenit::test::Approx;

namespace {

// A theme of its own (not Theme::get()) with `text` loaded.
struct Sheet {
  explicit Sheet(std::string_view text) {
    const Theme::LoadResult r = theme.loadString(text, "t.zstyle");
    for (const Diagnostic& d : r.diagnostics) INFO(d.format());
    REQUIRE(r.ok());
  }
  explicit Sheet(const char* path, bool) {
    const Theme::LoadResult r = theme.loadFile(path);
    REQUIRE(r.ok());
  }

  // The clip of `name` with `count` nodes per track rule, each of computed style `under`.
  TimelineClip build(std::string_view name, std::size_t count, const ComputedStyle* under = nullptr,
                     bool timesOnly = false) {
    const TimelineRule* rule = theme.findTimeline(name);
    REQUIRE(rule);
    return buildTimelineClip({.rule = rule,
                              .findKeyframes = [&](std::string_view k) { return theme.findKeyframes(k); },
                              .matchCount = [=](const TimelineTrackRule&) { return count; },
                              .underlying = [=](const TimelineTrackRule&, std::size_t) { return under; },
                              .timesOnly = timesOnly});
  }

  Theme theme;
};

const std::string kIntro = std::string(ZENIT_SOURCE_DIR) + "/examples/clips/intro.zstyle";

// `p`'s slot at `time`, paused there.
float at(ClipPlayer& p, double time, std::uint32_t slot, int component = 0) {
  p.seek(time);
  return p.slot(slot)[static_cast<std::size_t>(component)];
}

}  // namespace

TEST_CASE("timeline clip: a track per animated property and node, bound in order", "[anim][clip][timeline]") {
  Sheet s(kIntro.c_str(), true);
  const TimelineClip built = s.build("fade-and-slide", 2);
  INFO(built.message);
  REQUIRE(built);
  REQUIRE(built.clip->sealed());
  // fade-in: opacity; slide-up (`translate: 0 16px`): translate-x and translate-y.
  REQUIRE(built.bindings.size() == 2 + 2 * 2);
  const std::array<Prop, 6> props{Prop::opacity,    Prop::opacity,    Prop::translateX,
                                  Prop::translateY, Prop::translateX, Prop::translateY};
  const std::array<std::uint32_t, 6> nodes{0, 1, 0, 0, 1, 1};
  for (std::size_t i = 0; i < 6; ++i) {
    CHECK(built.bindings[i].slot == i);
    CHECK(built.bindings[i].prop == props[i]);
    CHECK(built.bindings[i].node == nodes[i]);
    CHECK(built.bindings[i].rule->animation.name == (i < 2 ? "fade-in" : "slide-up"));
  }
  ClipPlayer p(built.clip);
  // The animation's ease-out eases each keyframe interval.
  const float w = static_cast<float>(getRatio(0.5, TransitionFunction::EaseOut));
  CHECK(at(p, 0.2, 0) == Approx(w));
  CHECK(at(p, 0.25, 3) == Approx(16.0f * (1.0f - w)));
  CHECK(at(p, 0.25, 2) == Approx(0.0f));
  // The outline: the timeline, each rule's group, each node's first track.
  using K = TimelineClipEntry::Kind;
  REQUIRE(built.outline.size() == 1 + 2 * (1 + 2));
  CHECK(built.outline[0].kind == K::Timeline);
  CHECK(built.outline[1].kind == K::Rule);
  CHECK(built.outline[2].kind == K::Node);
  CHECK(built.outline[3].ordinal == 1);
  CHECK(built.outline[3].depth == 2);
  CHECK(built.outline[4].ordinal == 1);  // the second rule: #1
  CHECK(built.clip->kind(built.outline[5].node) == Clip::Kind::Track);
}

TEST_CASE("timeline clip: implicit keyframes, per-keyframe easing, em and colours",
          "[anim][clip][timeline]") {
  Sheet s(
      "@keyframes k {\n"
      "  50% { opacity: 1; translate: 1em 0; animation-timing-function: steps(2); }\n"
      "  to { translate: 0 0; background-color: rgb(0, 0, 255); }\n"
      "}\n"
      "@timeline t { .a { animation: k 1s linear; } }\n");
  ComputedStyle under;
  under.opacity = 0.2f;
  under.fontSize = Px(10.0f);
  under.translateX = Px(4.0f);
  under.backgroundColor = Color{1.0f, 0.0f, 0.0f, 0.5f};
  const TimelineClip built = s.build("t", 1, &under);
  INFO(built.message);
  REQUIRE(built);
  ClipPlayer p(built.clip);
  std::uint32_t opacity = 0, x = 0, colour = 0;
  for (const TimelineClipBinding& b : built.bindings) {
    if (b.prop == Prop::opacity) opacity = b.slot;
    if (b.prop == Prop::translateX) x = b.slot;
    if (b.prop == Prop::backgroundColor) colour = b.slot;
  }
  CHECK(at(p, 0.25, opacity) == Approx(0.6f));  // from the underlying 0.2 at 0%
  CHECK(at(p, 0.75, opacity) == Approx(0.6f));  // back to it at 100%
  CHECK(at(p, 0.25, x) == Approx(7.0f));        // 4px to 1em (10px)
  CHECK(at(p, 0.7, x) == Approx(10.0f));        // the 50% keyframe's steps(2) holds
  CHECK(at(p, 0.8, x) == Approx(5.0f));
  CHECK(at(p, 0.5, colour, 0) == Approx(0.5f));
  CHECK(at(p, 0.5, colour, 2) == Approx(0.5f));
  CHECK(at(p, 0.5, colour, 3) == Approx(0.75f));
}

TEST_CASE("timeline clip: the seed's grid stagger, from the sheet and from the Clip API, plays the same",
          "[anim][clip][timeline][stagger]") {
  Sheet s(kIntro.c_str(), true);
  const TimelineClip built = s.build("card-grid", 12);
  REQUIRE(built);

  // The same in C++: twelve pop tracks (scale-x, scale-y, opacity) at computeStagger's offsets.
  Stagger grid;
  grid.spacing = 0.05;
  grid.origin = StaggerOrigin::Center;
  grid.columns = 4;
  std::array<double, 12> offsets{};
  REQUIRE(computeStagger(grid, offsets));
  CHECK(offsets[5] == 0.0);
  CHECK(offsets[6] == 0.0);
  CHECK(offsets[0] == Approx(offsets[11]));
  CHECK(offsets[0] > offsets[4]);
  auto clip = std::make_shared<Clip>();
  ClipTimeline outer;
  const ClipResult top = clip->addTimeline(outer);
  ClipTimeline rule;
  rule.parent = top.node;
  const ClipResult group = clip->addTimeline(rule);
  std::uint32_t slot = 0;
  for (std::size_t i = 0; i < 12; ++i) {
    for (const auto& [from, to] : {std::pair{0.f, 1.f}, std::pair{0.6f, 1.f}, std::pair{0.6f, 1.f}}) {
      ClipTrack t;
      t.parent = group.node;
      t.position = ClipPosition::at(offsets[i]);
      t.slot = slot++;
      t.timing.iterationDuration = 0.3;
      t.timing.fill = FillMode::Both;
      t.keyframes = {{0.0, {from}, TransitionFunction::EaseOut}, {1.0, {to}, {}}};
      REQUIRE(clip->addTrack(t));
    }
  }
  REQUIRE(clip->seal());
  CHECK(clip->duration() == Approx(built.clip->duration()));
  ClipPlayer fromSheet(built.clip), byHand(clip);
  REQUIRE(fromSheet.slotCount() == byHand.slotCount());
  for (const double t : {0.0, 0.03, 0.07, 0.12, 0.2, 0.33, 0.4}) {
    fromSheet.seek(t);
    byHand.seek(t);
    for (std::uint32_t i = 0; i < byHand.slotCount(); ++i) {
      INFO("slot " << i << " at " << t << "s");
      CHECK(fromSheet.slot(i)[0] == Approx(byHand.slot(i)[0]));
    }
  }
}

TEST_CASE("timeline clip: the @timeline's labels are the root's, unless its time is warped",
          "[anim][clip][timeline]") {
  Sheet s(kIntro.c_str(), true);
  const TimelineClip intro = s.build("intro", 3);
  REQUIRE(intro);
  CHECK(intro.clip->labelTime(kClipRoot, "cards-in") == Approx(0.6));
  Sheet warped(
      "@keyframes k { to { opacity: 0; } }\n"
      "@timeline t { iteration-count: 2; .a { animation: k 1s; } @label mid 0.5s; }\n");
  const TimelineClip twice = warped.build("t", 1);
  REQUIRE(twice);
  CHECK_FALSE(twice.clip->labelTime(kClipRoot, "mid"));
}

TEST_CASE("timeline clip: timesOnly builds the schedule alone", "[anim][clip][timeline]") {
  Sheet s("@timeline t { .a { animation: nowhere 1s; } .b { animation: nor 2s; position: \"<\"; } }\n");
  const TimelineClip built = s.build("t", 3, nullptr, /*timesOnly=*/true);
  REQUIRE(built);
  CHECK(built.bindings.empty());
  CHECK(built.clip->duration() == Approx(2.0));
  ClipPlayer p(built.clip);
  CHECK(p.slotCount() == 6);  // one 0 -> 1 track per node
}

TEST_CASE("timeline clip: refusals name the property and the rule", "[anim][clip][timeline]") {
  Sheet s(
      "@keyframes round { to { border-radius: 8px; } }\n"
      "@keyframes half { to { translate: 50% 0; } }\n"
      "@keyframes fine { to { opacity: 0; } }\n"
      "@timeline a {\n  .x { animation: round 1s; }\n}\n"
      "@timeline b {\n  .x { animation: half 1s; }\n}\n"
      "@timeline c {\n  .x { animation: gone 1s; }\n}\n"
      "@timeline d {\n  .x { animation: fine 1s infinite; }\n  .y { animation: fine 1s; position: \">\"; "
      "}\n}\n");
  const TimelineClip a = s.build("a", 1);
  CHECK(a.status == TimelineClipStatus::CannotShow);
  CHECK(a.message.find("border-radius") != std::string::npos);
  CHECK(a.loc.line == 5);
  CHECK(a.loc.col == 3);
  CHECK_FALSE(a.clip);
  const TimelineClip b = s.build("b", 1);
  CHECK(b.status == TimelineClipStatus::CannotShow);
  CHECK(b.message.find("translate-x to 50%") != std::string::npos);
  const TimelineClip c = s.build("c", 1);
  CHECK(c.status == TimelineClipStatus::UnknownKeyframes);
  CHECK(c.message == "no @keyframes named gone");
  const TimelineClip d = s.build("d", 1);
  CHECK(d.status == TimelineClipStatus::ClipRefused);
  CHECK(d.clipStatus == ClipStatus::NoFiniteStart);
  CHECK(d.loc.line == 15);
  // An underlying % is refused too, naming the node.
  Sheet u("@keyframes grow { to { translate: 10px 0; } }\n@timeline t { .x { animation: grow 1s; } }\n");
  ComputedStyle under;
  under.translateX = Pct(50.0f);
  const TimelineClip e = u.build("t", 1, &under);
  CHECK(e.status == TimelineClipStatus::CannotShow);
  CHECK(e.message.find("node 0's underlying translate-x (50%") != std::string::npos);
}
