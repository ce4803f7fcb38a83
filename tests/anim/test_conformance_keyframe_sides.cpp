// One-side longhands (padding-left, border-top-right-radius …) inside
// @keyframes, as the browser conformance suite records them
// (tests/conformance/zenit/animations.json, group `box`). In CSS each side is
// its own property: a keyframe that sets one side animates that side only,
// and every other side keeps the element's own value.
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

TEST_CASE("evaluateInto: conformance box-padding-left-longhand — a padding-left keyframe leaves the other sides alone",
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

TEST_CASE("evaluateInto: conformance box-radius-corner-longhand — a border-top-right-radius keyframe leaves the "
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
