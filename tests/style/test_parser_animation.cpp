// Parser: animation / transition shorthands and longhands, longhand patches,
// @keyframes (CSS Animations 1, CSS Transitions 1; Chromium's verdicts in
// shared/conformance/shorthand.json).
#include "parser_test_util.hpp"

using namespace zenit;
using namespace zenit::test;

namespace {

AnimationList anims(std::string_view value) {
  const Style s = styleOf(".x { animation: " + std::string(value) + " }");
  REQUIRE(s.animations.is_set);
  return s.animations.value;
}

AnimationRef anim1(std::string_view value) {
  const AnimationList l = anims(value);
  REQUIRE(l.size() == 1);
  return l[0];
}

TransitionRef trans1(std::string_view value) {
  const Style s = styleOf(".x { transition: " + std::string(value) + " }");
  REQUIRE(s.transitions.is_set);
  REQUIRE(s.transitions.value.size() == 1);
  return s.transitions.value[0];
}

AnimationRef ref(std::string name, double dur, double delay = 0, double iters = 1) {
  AnimationRef r;
  r.name = std::move(name);
  r.duration = dur;
  r.delay = delay;
  r.iterations = iters;
  return r;
}

}  // namespace

TEST_CASE("animation shorthand: name and times", "[style][parser][animation]") {
  CHECK(anim1("kf 1s") == ref("kf", 1));
  const AnimationRef all = anim1("kf 1s ease-in 2s 3 reverse both paused");
  CHECK(all.name == "kf");
  CHECK(all.duration == 1.0);
  CHECK(all.ease == TransitionFunction::EaseIn);
  CHECK(all.delay == 2.0);
  CHECK(all.iterations == 3.0);
  CHECK(all.direction == PlaybackDirection::Reverse);
  CHECK(all.fill == FillMode::Both);
  CHECK(all.playState == PlayState::Paused);
  CHECK(anim1("kf 1S 500MS") == ref("kf", 1, 0.5));
  CHECK(anim1("1s kf") == ref("kf", 1));
  CHECK(anim1("kf 0s") == ref("kf", 0));
  CHECK(anim1("kf auto") == ref("kf", 0));
  CHECK(anim1("kf calc(1s + 500ms)").duration == 1.5);
}

TEST_CASE("animation shorthand: a negative first time is the delay (conformance anim-32)",
          "[style][parser][animation]") {
  CHECK(anim1("kf -1s") == ref("kf", 0, -1));
  CHECK(anim1("kf 1s -2s") == ref("kf", 1, -2));
  CHECK(oneDiag("animation: kf -1s -2s") ==
        "invalid value for animation: a third time `-2s` (the first time is the duration, the second the "
        "delay)");
}

TEST_CASE("animation shorthand: a keyword already taken becomes the name", "[style][parser][animation]") {
  const AnimationRef a = anim1("linear linear");
  CHECK(a.ease == TransitionFunction::Linear);
  CHECK(a.name == "linear");
  const AnimationRef b = anim1("paused running 1s");
  CHECK(b.playState == PlayState::Paused);
  CHECK(b.name == "running");
  const AnimationRef c = anim1("ease ease 1s");
  CHECK(c.ease == TransitionFunction::Ease);
  CHECK(c.name == "ease");
  const AnimationRef d = anim1("kf 1s none");  // none after a name: fill-mode
  CHECK(d.name == "kf");
  CHECK(d.fill == FillMode::None);
  const AnimationRef e = anim1("infinite infinite");
  CHECK(e.iterations == AnimationRef::kInfinite);
  CHECK(e.name == "infinite");
  CHECK(anim1("none kf").name == "kf");  // none first: fill-mode
}

TEST_CASE("animation shorthand: names that are strings or dashed idents", "[style][parser][animation]") {
  CHECK(anim1("\"my anim\" 1s").name == "my anim");
  CHECK(anim1("--kf 1s").name == "--kf");
  CHECK(anim1("\"none\" 1s").name == "none");  // a string is always a name
  CHECK(anim1("KF 1s").name == "KF");          // case kept: @keyframes names are case-sensitive
}

TEST_CASE("animation shorthand: unitless numbers are iteration counts", "[style][parser][animation]") {
  CHECK(anim1("kf 2.5").iterations == 2.5);
  CHECK(anim1("kf 0").iterations == 0.0);
  CHECK(anim1("kf calc(2 + 1)").iterations == 3.0);
  CHECK(anim1("kf 1s INFINITE").iterations == AnimationRef::kInfinite);
  CHECK(oneDiag("animation: kf 1s 2 3") ==
        "invalid value for animation: a second iteration count `3` (a time needs a unit: s or ms)");
  CHECK(oneDiag("animation: kf -1") == "invalid value for animation: a negative iteration count `-1`");
  // A huge count is not negative: say what is wrong with it (issue found by fuzzing).
  CHECK(
      oneDiag("animation: a 1e308s 1e308 infinite") ==
      "invalid value for animation: the iteration count `1e308` is too large (at most 3.4e38; use infinite)");
}

TEST_CASE("animation shorthand: invalid inputs the browser rejects", "[style][parser][animation]") {
  CHECK(oneDiag("animation: kf 1s linear ease") ==
        "invalid value for animation: unexpected `ease`: the name is already `kf` and every keyword category "
        "it "
        "could fill is taken");
  CHECK(oneDiag("animation: kf 1s,") ==
        "invalid value for animation: empty item in the list (a stray comma)");
  CHECK(oneDiag("animation: kf 1s running paused") ==
        "invalid value for animation: unexpected `paused`: the name is already `kf` and every keyword "
        "category it "
        "could fill is taken");
  CHECK(oneDiag("animation: kf 1s initial") ==
        "invalid value for animation: `initial` cannot be combined with other values");
  CHECK(oneDiag("animation: default 1s") == "invalid value for animation: unexpected `default`");
  CHECK(oneDiag("animation: kf 1s auto") ==
        "invalid value for animation: unexpected `auto`: the name is already `kf` and every keyword category "
        "it "
        "could fill is taken");
  CHECK(oneDiag("animation: kf 1s 2s 3s") ==
        "invalid value for animation: a third time `3s` (the first time is the duration, the second the "
        "delay)");
}

TEST_CASE("animation shorthand: lists and none", "[style][parser][animation]") {
  const AnimationList l = anims("pulse 1s, glow 2s -1s infinite");
  REQUIRE(l.size() == 2);
  CHECK(l[0] == ref("pulse", 1));
  CHECK(l[1] == ref("glow", 2, -1, AnimationRef::kInfinite));
  // `none` keeps its place in the declared and in the computed list (CSS:
  // getComputedStyle prints it); the animation player runs nothing for it.
  const AnimationList n = anims("none");
  REQUIRE(n.size() == 1);
  CHECK(n[0].name.empty());
  CHECK(resolveAnimations(&n, {}) == n);
  const AnimationList m = anims("a 1s, none, b 2s");
  CHECK(resolveAnimations(&m, {}) == AnimationList{ref("a", 1), ref("", 0), ref("b", 2)});
}

TEST_CASE("animation longhands parse as comma lists", "[style][parser][animation]") {
  const Style s = styleOf(
      ".x { animation-name: a, none, \"b c\"; animation-duration: 1s, auto; "
      "animation-delay: -1s; animation-iteration-count: infinite, 2; "
      "animation-direction: alternate, reverse; animation-fill-mode: forwards; "
      "animation-play-state: paused, running; animation-timing-function: linear, ease-out }");
  const AnimationLonghands& p = s.animationLonghands;
  CHECK(p.names == std::vector<std::string>{"a", "", "b c"});
  CHECK(p.durations == std::vector<double>{1, 0});
  CHECK(p.delays == std::vector<double>{-1});
  CHECK(p.iterationCounts == std::vector<double>{AnimationRef::kInfinite, 2});
  CHECK(p.directions ==
        std::vector<PlaybackDirection>{PlaybackDirection::Alternate, PlaybackDirection::Reverse});
  CHECK(p.fillModes == std::vector<FillMode>{FillMode::Forwards});
  CHECK(p.playStates == std::vector<PlayState>{PlayState::Paused, PlayState::Running});
  CHECK(p.timingFunctions ==
        std::vector<TransitionFunction>{TransitionFunction::Linear, TransitionFunction::EaseOut});
  CHECK_FALSE(s.animations.is_set);
  CHECK(s.setProps().test(Prop::animations));

  CHECK(oneDiag("animation-duration: -1s") ==
        "invalid value for animation-duration: a duration cannot be negative, found `-1s`");
  CHECK(oneDiag("animation-duration: 0") ==
        "invalid value for animation-duration: a time needs a unit: write 0s");
  CHECK(oneDiag("animation-duration: 2") ==
        "invalid value for animation-duration: a time needs a unit (s or ms), found `2`");
  CHECK(oneDiag("animation-iteration-count: -1") ==
        "invalid value for animation-iteration-count: expected infinite or a number >= 0, found `-1`");
  CHECK(oneDiag("animation-name: default") ==
        "invalid value for animation-name: expected a @keyframes name or none, found `default`");
  CHECK(oneDiag("animation-name: a b") ==
        "invalid value for animation-name: unexpected `b` (one value per list item)");
  CHECK(oneDiag("animation-play-state: stopped") ==
        "invalid value for animation-play-state: expected running or paused, found `stopped`");
  CHECK(oneDiag("animation-direction: a,") ==
        "invalid value for animation-direction: empty item in the list (a stray comma)");
}

TEST_CASE("animation longhands cascade on their own (CSS Animations 1; seed §4.3 lifted)",
          "[style][parser][animation]") {
  // `.box { animation: pulse 1s } .box:hover { animation-play-state: paused }` pauses pulse on hover.
  auto s = parse(".box { animation: pulse 1s infinite } .box:hover { animation-play-state: paused }");
  REQUIRE(s.rules.size() == 2);
  CHECK(s.diagnostics.empty());
  Style cascade = s.rules[0].decls.normal;
  cascade.overlay(s.rules[1].decls.normal);
  ComputedStyle c;
  overlayComputed(c, cascade);
  REQUIRE(c.animations.size() == 1);
  CHECK(c.animations[0].name == "pulse");
  CHECK(c.animations[0].duration == 1.0);
  CHECK(c.animations[0].iterations == AnimationRef::kInfinite);
  CHECK(c.animations[0].playState == PlayState::Paused);

  // Without the hover rule the animation runs.
  ComputedStyle idle;
  overlayComputed(idle, s.rules[0].decls.normal);
  CHECK(idle.animations[0].playState == PlayState::Running);
}

TEST_CASE("animation longhands: a later shorthand resets earlier patches", "[style][parser][animation]") {
  auto s = parse(".a { animation-play-state: paused } .b { animation: spin 2s }");
  Style cascade = s.rules[0].decls.normal;
  cascade.overlay(s.rules[1].decls.normal);
  CHECK(cascade.animationLonghands.empty());
  const AnimationList used = resolveAnimations(&cascade.animations.value, cascade.animationLonghands);
  REQUIRE(used.size() == 1);
  CHECK(used[0].playState == PlayState::Running);
}

TEST_CASE("animation longhands: names set the length, other lists cycle", "[style][parser][animation]") {
  const AnimationList base{ref("a", 1), ref("b", 2), ref("c", 3)};
  AnimationLonghands p;
  p.durations = std::vector<double>{5, 6};
  CHECK(resolveAnimations(&base, p) == AnimationList{ref("a", 5), ref("b", 6), ref("c", 5)});

  AnimationLonghands names;
  names.names = std::vector<std::string>{"x", "", "z", "w"};
  // Base columns cycle over the new names; the none slot keeps its place.
  CHECK(resolveAnimations(&base, names) == AnimationList{ref("x", 1), ref("", 2), ref("z", 3), ref("w", 1)});

  // Only longhands, no shorthand: the other longhands take their initial values.
  AnimationLonghands only;
  only.names = std::vector<std::string>{"k"};
  only.iterationCounts = std::vector<double>{2};
  CHECK(resolveAnimations(nullptr, only) == AnimationList{ref("k", 0, 0, 2)});

  // No name anywhere: animation-name is its initial `none`, one entry that
  // runs nothing but still carries the other longhands (computed values).
  AnimationLonghands dur;
  dur.durations = std::vector<double>{1};
  CHECK(resolveAnimations(nullptr, dur) == AnimationList{ref("", 1)});
}

TEST_CASE("animation longhand before the shorthand in one rule is reset, with a warning (seed §11)",
          "[style][parser][animation]") {
  auto s = parse(
      ".a {\n  animation-delay: 2s;\n  animation-play-state: paused !important;\n"
      "  animation: pulse 1s;\n  animation-iteration-count: 3;\n}");
  REQUIRE(s.rules.size() == 1);
  CHECK(
      s.diagnostics ==
      std::vector<Diagnostic>{warn(
          2, 3, "animation-delay is reset by the `animation` shorthand on line 4; put longhands after it")});
  const DeclarationBlock& b = s.rules[0].decls;
  CHECK_FALSE(b.normal.animationLonghands.delays.has_value());
  CHECK(b.normal.animationLonghands.iterationCounts == std::vector<double>{3});
  REQUIRE(b.important);
  CHECK(b.important->animationLonghands.playStates == std::vector<PlayState>{PlayState::Paused});
  ComputedStyle c;
  overlayComputed(c, b.normal);
  CHECK(c.animations == AnimationList{ref("pulse", 1, 0, 3)});
}

TEST_CASE("transition shorthand", "[style][parser][transition]") {
  const TransitionRef a = trans1("opacity 1s");
  CHECK(a.property == "opacity");
  CHECK(a.known);
  CHECK_FALSE(a.all);
  CHECK(a.prop == Prop::opacity);
  CHECK(a.duration == 1.0);
  const TransitionRef all = trans1("1s");
  CHECK(all.all);
  CHECK(all.property == "all");
  CHECK(trans1("opacity 1s -1s").delay == -1.0);
  CHECK(trans1("opacity -1s 1s").duration == 1.0);
  CHECK(trans1("opacity 1s allow-discrete").allowDiscrete);
  CHECK(trans1("OPACITY 1s").property == "opacity");
  const TransitionRef unknown = trans1("foo 1s");
  CHECK(unknown.property == "foo");
  CHECK_FALSE(unknown.known);
  const TransitionRef e = trans1("ease 1s");  // an easing before the property (Chromium)
  CHECK(e.all);
  CHECK(e.ease == TransitionFunction::Ease);
  CHECK(trans1("ease ease").property == "ease");
  CHECK(trans1("normal 1s").all);

  CHECK(oneDiag("transition: opacity 1s, none 2s") ==
        "invalid value for transition: `none` is only valid as the whole transition-property, not in a list");
  CHECK(oneDiag("transition: initial 1s") ==
        "invalid value for transition: `initial` cannot be combined with other values");
  CHECK(oneDiag("transition: opacity 1") ==
        "invalid value for transition: a time needs a unit (s or ms), found `1`");
  CHECK(oneDiag("transition: opacity ease ease") ==
        "invalid value for transition: unexpected `ease`: the property is already `opacity`");
  CHECK(oneDiag("transition: 1s 2s 3s") ==
        "invalid value for transition: a third time `3s` (the first time is the duration, the second the "
        "delay)");
}

TEST_CASE("transition: shorthand names expand to rows in the used list", "[style][parser][transition]") {
  const Style s = styleOf(".x { transition: transform .2s, none-such 1s, padding-top 1s }");
  const TransitionList& declared = s.transitions.value;
  REQUIRE(declared.size() == 3);
  CHECK(declared[0].property == "transform");
  CHECK_FALSE(declared[0].known);
  ComputedStyle c;
  overlayComputed(c, s);
  REQUIRE(c.transitions.size() == 9);
  CHECK(c.transitions[0].prop == Prop::translateX);
  CHECK(c.transitions[0].property == "transform");
  CHECK(c.transitions[4].prop == Prop::rotate);
  CHECK(c.transitions[6].prop == Prop::skewY);
  CHECK(c.transitions[7].property == "none-such");
  CHECK_FALSE(c.transitions[7].known);
  CHECK(c.transitions[8].prop == Prop::padding);
}

TEST_CASE("transition longhands and their cascade", "[style][parser][transition]") {
  const Style s = styleOf(
      ".x { transition-property: opacity, width; transition-duration: 1s; "
      "transition-timing-function: linear; transition-delay: 0s, 2s; transition-behavior: allow-discrete }");
  const TransitionList used = resolveTransitions(nullptr, s.transitionLonghands);
  REQUIRE(used.size() == 2);
  CHECK(used[0].prop == Prop::opacity);
  CHECK(used[1].prop == Prop::width);
  CHECK(used[1].duration == 1.0);
  CHECK(used[1].delay == 2.0);
  CHECK(used[1].ease == TransitionFunction::Linear);
  CHECK(used[1].allowDiscrete);

  // transition-duration alone: transition-property is `all` initially (CSS).
  TransitionLonghands d;
  d.durations = std::vector<double>{0.3};
  const TransitionList all = resolveTransitions(nullptr, d);
  REQUIRE(all.size() == 1);
  CHECK(all[0].all);
  CHECK(all[0].duration == 0.3);

  // `transition: none` stays none whatever the durations say: one entry
  // that matches no property.
  const Style n = styleOf(".x { transition: none; transition-duration: 1s }");
  const TransitionList none = resolveTransitions(&n.transitions.value, n.transitionLonghands);
  REQUIRE(none.size() == 1);
  CHECK(none[0].property == "none");
  CHECK_FALSE(none[0].known);
  CHECK_FALSE(none[0].all);
  CHECK(none[0].duration == 1.0);
  const Style np = styleOf(".x { transition-property: none; transition-duration: 2s }");
  CHECK(np.transitionLonghands.properties == std::vector<std::string>{});
  const TransitionList none2 = resolveTransitions(nullptr, np.transitionLonghands);
  REQUIRE(none2.size() == 1);
  CHECK(none2[0].property == "none");
  CHECK_FALSE(none2[0].known);
  CHECK(none2[0].duration == 2.0);

  CHECK(oneDiag("transition-property: opacity, none") ==
        "invalid value for transition-property: `none` is only valid alone, not in a list");
  CHECK(oneDiag("transition-duration: -1s") ==
        "invalid value for transition-duration: a duration cannot be negative, found `-1s`");
  CHECK(oneDiag("transition-behavior: sometimes") ==
        "invalid value for transition-behavior: expected normal or allow-discrete, found `sometimes`");
}

TEST_CASE("@keyframes: offsets, lists and per-keyframe easing (seed §1.2)", "[style][parser][keyframes]") {
  auto s = parse(
      "@keyframes pulse {\n  from { opacity: 0 }\n  0%, 50% { opacity: 0.5; animation-timing-function: "
      "ease-in }\n"
      "  to { opacity: 1; transform: scale(2) }\n  75.5% { width: 10px }\n}");
  CHECK(s.diagnostics.empty());
  REQUIRE(s.keyframes.size() == 1);
  const KeyframesRule& k = s.keyframes[0];
  CHECK(k.name == "pulse");
  CHECK(k.loc == SourceLoc{0, 1, 1});
  REQUIRE(k.frames.size() == 5);
  CHECK(k.frames[0].t == 0.0f);
  CHECK(k.frames[1].t == 0.0f);
  CHECK(k.frames[2].t == 0.5f);
  CHECK(k.frames[3].t == 1.0f);
  CHECK(k.frames[4].t == 0.755f);
  CHECK(k.frames[1].delta == k.frames[2].delta);
  CHECK(k.frames[1].easing == TransitionFunction::EaseIn);
  CHECK(k.frames[2].easing ==
        TransitionFunction::EaseIn);  // every offset of a list has the keyframe's easing
  CHECK(k.frames[2].loc == k.frames[1].loc);
  CHECK_FALSE(k.frames[0].easing.has_value());
  CHECK(k.frames[3].delta.scaleX == Opt<float>(2.0f));
  CHECK(k.frames[4].loc == SourceLoc{0, 5, 3});
}

TEST_CASE("@keyframes: the seed §5.4 part example parses", "[style][parser][keyframes]") {
  auto s = parse(
      "@keyframes knobGlow {\n    0%   { color: #d6ff32; }\n    50%  { color: #ffffff; }\n"
      "    100% { color: #d6ff32; }\n}\n\nSlider:hover::knob {\n    animation: knobGlow 0.6s ease-in-out "
      "infinite;\n}\n");
  CHECK(s.diagnostics.empty());
  REQUIRE(s.keyframes.size() == 1);
  CHECK(s.keyframes[0].frames.size() == 3);
  CHECK(s.keyframes[0].frames[1].delta.color == Opt<Color>(Color::white()));
  REQUIRE(s.rules.size() == 1);
  const AnimationRef& r = s.rules[0].decls.normal.animations.value.at(0);
  CHECK(r.name == "knobGlow");
  CHECK(r.duration == 0.6);
  CHECK(r.ease == TransitionFunction::EaseInOut);
  CHECK(r.iterations == AnimationRef::kInfinite);
  CHECK(s.rules[0].selectors[0].part == intern("knob"));
}

TEST_CASE("@keyframes: what CSS ignores inside a keyframe is ignored with a warning",
          "[style][parser][keyframes]") {
  auto s = parse(
      "@keyframes k {\n  0%, 150% { opacity: 0 }\n  50 { opacity: 1 }\n"
      "  to { opacity: 1 !important; animation-duration: 2s; display: none; width: var(--w); --x: 1; color: "
      "red }\n}");
  REQUIRE(s.keyframes.size() == 1);
  REQUIRE(s.keyframes[0].frames.size() == 1);
  const Style& d = s.keyframes[0].frames[0].delta;
  CHECK_FALSE(d.opacity.is_set);
  CHECK_FALSE(d.display.is_set);
  CHECK(d.color == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(
      s.diagnostics ==
      std::vector<Diagnostic>{
          warn(2, 7, "keyframe offset `150%` is outside [0%, 100%]; the keyframe is ignored (CSS)"),
          err(3, 3,
              "invalid keyframe selector `50`: expected from, to or a percentage; the keyframe is ignored"),
          warn(4, 8, "!important in @keyframes is ignored (CSS drops the declaration)"),
          warn(4, 31,
               "animation-duration is ignored in @keyframes (only animation-timing-function applies there)"),
          warn(4, 55, "display is not animatable; ignored in @keyframes"),
          err(4, 70, "var() is not supported in @keyframes; the declaration is dropped"),
          warn(4, 87, "custom properties in @keyframes are not supported; ignored"),
      });
}

TEST_CASE("@keyframes: names", "[style][parser][keyframes]") {
  auto s = parse(
      "@keyframes none { to { opacity: 1 } }\n@keyframes \"none\" { to { opacity: 1 } }\n"
      "@keyframes initial { to {} }\n@keyframes Foo { to {} }\n@keyframes foo { to {} }\n"
      "@keyframes { to {} }\n@keyframes a b { }\n.ok { opacity: 1 }");
  REQUIRE(s.keyframes.size() == 3);
  CHECK(s.keyframes[0].name == "none");
  CHECK(s.keyframes[1].name == "Foo");
  CHECK(s.keyframes[2].name == "foo");
  CHECK(s.rules.size() == 1);
  CHECK(s.diagnostics == std::vector<Diagnostic>{
                             err(1, 12,
                                 "invalid @keyframes name `none` (an identifier other than none and CSS-wide "
                                 "keywords, or a string)"),
                             err(3, 12,
                                 "invalid @keyframes name `initial` (an identifier other than none and "
                                 "CSS-wide keywords, or a string)"),
                             err(6, 1,
                                 "invalid @keyframes name nothing (an identifier other than none and "
                                 "CSS-wide keywords, or a string)"),
                             err(7, 12,
                                 "invalid @keyframes name `a b` (an identifier other than none and CSS-wide "
                                 "keywords, or a string)"),
                         });
}

TEST_CASE("@keyframes: a second block of the same name replaces the first, warning names both (seed §11)",
          "[style][parser][keyframes]") {
  auto s = parse("@keyframes pulse { to { opacity: 0 } }\n\n@keyframes pulse { to { opacity: 1 } }");
  REQUIRE(s.keyframes.size() == 2);
  CHECK(s.findKeyframes("pulse") == &s.keyframes[1]);
  CHECK(s.findKeyframes("Pulse") == nullptr);
  CHECK(s.diagnostics == std::vector<Diagnostic>{
                             warn(3, 1,
                                  "@keyframes pulse replaces the one at t.zstyle:1:1 (the later block wins; "
                                  "keyframes are not merged across blocks)")});
}

TEST_CASE("@keyframes: unterminated blocks keep what was read", "[style][parser][keyframes]") {
  auto s = parse("@keyframes k { from { opacity: 0 } to { opacity: 1");
  REQUIRE(s.keyframes.size() == 1);
  CHECK(s.keyframes[0].frames.size() == 2);
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{
            err(1, 39, "unexpected end of file: the block opened here has no closing `}`"),
            err(1, 14, "unexpected end of file: the @keyframes block opened here has no closing `}`"),
        });
}

TEST_CASE("@keyframes: a block becomes the seed §1.2 KeyframeAnimation", "[style][parser][keyframes]") {
  auto s = parse(
      "@keyframes fade { to { opacity: 1 } 0%, 50% { opacity: 0.5; animation-timing-function: linear } }");
  REQUIRE(s.keyframes.size() == 1);
  const KeyframeAnimation a = toKeyframeAnimation(s.keyframes[0]);
  CHECK(a.name == "fade");
  CHECK(a.compiled());
  REQUIRE(a.keyframes.size() == 3);  // sorted by compileKeyframes
  CHECK(a.keyframes[0].t == 0.0f);
  CHECK(a.keyframes[1].t == 0.5f);
  CHECK(a.keyframes[2].t == 1.0f);
  CHECK(a.keyframes[0].easing == TransitionFunction::Linear);
  CHECK(a.animated.test(Prop::opacity));
}

TEST_CASE("@keyframes: one-side longhands declare their side only (each side is its own CSS property)",
          "[style][parser][keyframes]") {
  auto s = parse("@keyframes k { to { padding-left: 4px; border-top-right-radius: 50%; margin-top: auto } }");
  REQUIRE(s.keyframes.size() == 1);
  CHECK(s.diagnostics.empty());
  const Style& d = s.keyframes[0].frames[0].delta;
  REQUIRE(d.padding.is_set);
  CHECK(d.padding.value.left == Px(4));
  CHECK(d.holes.padding == 0x07);  // top, right, bottom undeclared
  REQUIRE(d.borderRadius.is_set);
  CHECK(d.borderRadius.value.topRight == Pct(50));
  CHECK(d.holes.borderRadius == 0x0D);
  CHECK(d.holes.margin == 0x0E);
  // A later shorthand declares every side.
  auto t = parse("@keyframes k { to { padding-top: 4px; padding: 2px } }");
  CHECK(t.diagnostics.empty());
  CHECK(t.keyframes[0].frames[0].delta.padding == Opt<Spacing>(Spacing::all(Px(2))));
  CHECK(t.keyframes[0].frames[0].delta.holes.padding == 0);
}

TEST_CASE("overlayComputed gives the computed animation list: none entries keep their place",
          "[style][parser][animation]") {
  const Style s = styleOf(".x { animation: none, a 1s }");
  ComputedStyle c;
  overlayComputed(c, s);
  CHECK(c.animations == AnimationList{ref("", 0), ref("a", 1)});
}
