// The style model generated from BUBBLE_STYLE_PROPS (design card, "style").
#include <zenit/style/Style.hpp>

#include "support/zenit_test.hpp"

using namespace zenit;

TEST_CASE("X-macro generates ids, names and a 64-bit set", "[style][model]") {
  STATIC_REQUIRE(kPropCount >= 40);
  CHECK(cssName(Prop::backgroundColor) == "background-color");
  CHECK(propFromCssName("Background-Color") == Prop::backgroundColor);
  CHECK_FALSE(propFromCssName("background").has_value());
  PropSet s;
  s.set(Prop::opacity);
  s.set(Prop::translateX);
  int n = 0;
  s.forEach([&](Prop p) {
    CHECK((p == Prop::opacity || p == Prop::translateX));
    ++n;
  });
  CHECK(n == 2);
}

TEST_CASE("Style::overlay copies only set fields; overlayComputed applies them", "[style][model]") {
  Style a, b;
  a.opacity = 0.5f;
  a.width = Px(10.0f);
  b.width = Px(20.0f);
  a.overlay(b);
  CHECK(a.opacity.value == 0.5f);
  CHECK(a.width.value == Px(20.0f));
  ComputedStyle cs;
  overlayComputed(cs, a);
  CHECK(cs.opacity == 0.5f);
  CHECK(cs.width == Px(20.0f));
  CHECK(cs.height.isAuto());
}

TEST_CASE("lerpPropById interpolates the named property only", "[style][model]") {
  ComputedStyle a, b, out;
  a.opacity = 0.0f;
  b.opacity = 1.0f;
  a.left = Px(0.0f);
  b.left = Pct(50.0f);
  lerpPropById(Prop::opacity, out, a, b, 0.25f);
  lerpPropById(Prop::left, out, a, b, 0.5f);
  CHECK(out.opacity == 0.25f);
  CHECK(out.left.px == 0.0f);
  CHECK(out.left.pct == 25.0f);
  CHECK(out.left.units == (Value::kPx | Value::kPct));
}
