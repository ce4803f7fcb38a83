// One-side longhands (padding-left, border-top-right-radius …) inside
// @keyframes, as the browser conformance suite records them
// (tests/conformance/zenit/animations.json, group `box`). In CSS each side is
// its own property: a keyframe that sets one side animates that side only,
// and every other side keeps the element's own value. Sides declared by
// different keyframes have their own keys, as separate CSS properties do.
#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/StyleSheet.hpp>

#include "support/zenit_test.hpp"

using namespace zenit;
using zenit::test::Approx;

namespace {

KeyframeAnimation keyframesFrom(std::string_view text) {
  const StyleSheet sheet = parseStyleSheet(text);
  REQUIRE(sheet.keyframes.size() == 1);
  return toKeyframeAnimation(sheet.keyframes[0]);
}

}  // namespace

TEST_CASE(
    "evaluateInto: conformance box-padding-left-longhand — a padding-left keyframe leaves the other sides "
    "alone",
    "[anim][keyframes][conformance]") {
  // @keyframes p2 { to { padding-left: 50px } }   .box { padding: 8px; animation: p2 1s … }
  // Chromium: padding-top stays 8px at every time; padding-left runs 8px → 50px.
  const KeyframeAnimation a = keyframesFrom("@keyframes p2 { to { padding-left: 50px } }");
  ComputedStyle base;
  base.padding = Spacing::all(Px(8.0f));
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.5, TransitionFunction::Linear, false, base, out);
  CHECK(out.padding.left.px == Approx(29.0f));
  CHECK(out.padding.top == Px(8.0f));
  CHECK(out.padding.right == Px(8.0f));
  CHECK(out.padding.bottom == Px(8.0f));
}

TEST_CASE(
    "evaluateInto: conformance box-radius-corner-longhand — a border-top-right-radius keyframe leaves the "
    "other corners alone",
    "[anim][keyframes][conformance]") {
  // @keyframes r3 { from { border-top-right-radius: 0px } to { border-top-right-radius: 24px } }
  // .box { border-radius: 6px; animation: r3 1s linear }: Chromium keeps border-top-left-radius at 6px.
  const KeyframeAnimation a = keyframesFrom(
      "@keyframes r3 { from { border-top-right-radius: 0px } to { border-top-right-radius: 24px } }");
  ComputedStyle base;
  base.borderRadius = Corners::all(Px(6.0f));
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.5, TransitionFunction::Linear, false, base, out);
  CHECK(out.borderRadius.topRight.px == Approx(12.0f));
  CHECK(out.borderRadius.topLeft == Px(6.0f));
  CHECK(out.borderRadius.bottomRight == Px(6.0f));
  CHECK(out.borderRadius.bottomLeft == Px(6.0f));
}

TEST_CASE(
    "evaluateInto: conformance prop-border-radius-percent-mix — border-top-left-radius 0px → 50% gives 25% "
    "half-way, the other corners keep theirs",
    "[anim][keyframes][conformance]") {
  const KeyframeAnimation a = keyframesFrom(
      "@keyframes r { from { border-top-left-radius: 0px } to { border-top-left-radius: 50% } }");
  ComputedStyle base;
  base.borderRadius = Corners::all(Px(3.0f));
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.5, TransitionFunction::Linear, false, base, out);
  CHECK(out.borderRadius.topLeft.pct == Approx(25.0f));
  CHECK(out.borderRadius.topLeft.px == Approx(0.0f));
  CHECK(out.borderRadius.topRight == Px(3.0f));
  CHECK(out.borderRadius.bottomLeft == Px(3.0f));
}

TEST_CASE(
    "compileKeyframes: sides declared by different keyframes get their own tracks (CSS: one property per "
    "side)",
    "[anim][keyframes]") {
  // padding-left at 0% and 100%, padding-top only at 50%.
  const KeyframeAnimation a = keyframesFrom(
      "@keyframes m { 0% { padding-left: 0px } 50% { padding-top: 40px } 100% { padding-left: 100px } }");
  REQUIRE(a.tracks.size() == 2u);
  CHECK(a.tracks[0].prop == Prop::padding);
  CHECK(a.tracks[1].prop == Prop::padding);
  CHECK((a.tracks[0].sides | a.tracks[1].sides) == 0x09);  // top (bit 0) and left (bit 3)
  CHECK((a.tracks[0].sides & a.tracks[1].sides) == 0);
  CHECK(a.track(Prop::padding) == &a.tracks[0]);
  CHECK(a.animated.count() == 1);

  ComputedStyle base;
  base.padding = Spacing::all(Px(8.0f));
  for (const bool withCursor : {false, true}) {
    Anim::KeyframeCursor cursor;
    ComputedStyle out = base;
    // Left runs 0 → 100 over the whole animation; the 50% keyframe does not split it.
    Anim::evaluateInto(a, 0.25, TransitionFunction::Linear, false, base, out, withCursor ? &cursor : nullptr);
    CHECK(out.padding.left.px == Approx(25.0f));
    // Top runs from its underlying 8px to 40px at 50% and back.
    CHECK(out.padding.top.px == Approx(24.0f));
    CHECK(out.padding.right == Px(8.0f));
    CHECK(out.padding.bottom == Px(8.0f));
    out = base;
    Anim::evaluateInto(a, 0.75, TransitionFunction::Linear, false, base, out, withCursor ? &cursor : nullptr);
    CHECK(out.padding.left.px == Approx(75.0f));
    CHECK(out.padding.top.px == Approx(24.0f));
  }
}

TEST_CASE("compileKeyframes: a shorthand in one keyframe and one side in another split into two tracks",
          "[anim][keyframes]") {
  // padding: 10px at 0%, padding-left: 50px at 100%: top/right/bottom run
  // 10px → underlying, left 10px → 50px.
  const KeyframeAnimation a =
      keyframesFrom("@keyframes s { from { padding: 10px } to { padding-left: 50px } }");
  REQUIRE(a.tracks.size() == 2u);
  ComputedStyle base;
  base.padding = Spacing::all(Px(2.0f));
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.5, TransitionFunction::Linear, false, base, out, nullptr);
  CHECK(out.padding.left.px == Approx(30.0f));
  CHECK(out.padding.top.px == Approx(6.0f));
  CHECK(out.padding.right.px == Approx(6.0f));
  CHECK(out.padding.bottom.px == Approx(6.0f));
}

TEST_CASE("compileKeyframes: `padding` in every keyframe stays one track of all four sides",
          "[anim][keyframes]") {
  const KeyframeAnimation a = keyframesFrom("@keyframes w { from { padding: 0px } to { padding: 4px 8px } }");
  REQUIRE(a.tracks.size() == 1u);
  CHECK(a.tracks[0].sides == 0x0F);
  ComputedStyle base;
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.5, TransitionFunction::Linear, false, base, out);
  CHECK(out.padding == Spacing{Px(2.0f), Px(4.0f), Px(2.0f), Px(4.0f)});
}

TEST_CASE("evaluateKeyframes: sides no keyframe declares stay holes in the returned Style (seed §2.5)",
          "[anim][keyframes]") {
  const KeyframeAnimation a =
      keyframesFrom("@keyframes p { from { padding-left: 10px } to { padding-left: 30px } }");
  const Style s = Anim::evaluateKeyframes(a, 0.5f, TransitionFunction::Linear);
  REQUIRE(s.padding.is_set);
  CHECK(s.padding.value.left.px == Approx(20.0f));
  CHECK(s.holes.padding == 0x07);
  // Overlaid on a computed style, only the left side changes.
  ComputedStyle c;
  c.padding = Spacing::all(Px(5.0f));
  overlayComputed(c, s);
  CHECK(c.padding.left.px == Approx(20.0f));
  CHECK(c.padding.top == Px(5.0f));
}
