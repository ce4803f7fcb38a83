// Value: length-percentage components, resolution and getComputedStyle text.
#include <zenit/core/Lerp.hpp>
#include <zenit/core/Value.hpp>

#include "support/zenit_test.hpp"

using namespace zenit;

namespace {
Value mixed(float px, float pct, float em, std::uint8_t units) {
  return Value{px, pct, em, ValueKind::Length, units};
}
}  // namespace

TEST_CASE("toCss(Value): single units, keywords [core][value]") {
  CHECK(toCss(Px(12.0f)) == "12px");
  CHECK(toCss(Px(12.5f)) == "12.5px");
  CHECK(toCss(Px(-3.0f)) == "-3px");
  CHECK(toCss(Px(0.0f)) == "0px");
  CHECK(toCss(Px(-0.0f)) == "0px");
  CHECK(toCss(Px(1.0f / 3.0f)) == "0.333333px");
  CHECK(toCss(Pct(50.0f)) == "50%");
  CHECK(toCss(Pct(0.0f)) == "0%");
  CHECK(toCss(Em(1.5f)) == "1.5em");
  CHECK(toCss(Auto()) == "auto");
  CHECK(toCss(Value::makeNone()) == "none");
  CHECK(toCss(Value{}) == "0px");
}

TEST_CASE("toCss(Value): mixed units print as Chromium's calc() [core][value]") {
  // 0px -> 50% interpolated: a written percentage stays at 0, a zero px part goes.
  CHECK(toCss(lerpProp(Px(0.0f), Pct(50.0f), 0.0f)) == "0%");
  CHECK(toCss(lerpProp(Px(0.0f), Pct(50.0f), 0.5f)) == "25%");
  CHECK(toCss(lerpProp(Px(0.0f), Pct(50.0f), 1.0f)) == "50%");
  // Both non-zero: percentage first.
  CHECK(toCss(mixed(12.0f, 25.0f, 0.0f, Value::kPx | Value::kPct)) == "calc(25% + 12px)");
  CHECK(toCss(mixed(-12.0f, 25.0f, 0.0f, Value::kPx | Value::kPct)) == "calc(25% - 12px)");
  CHECK(toCss(mixed(12.0f, -25.0f, 0.0f, Value::kPx | Value::kPct)) == "calc(-25% + 12px)");
  CHECK(toCss(mixed(10.0f, 0.0f, 0.0f, Value::kPx | Value::kPct)) == "calc(0% + 10px)");
  CHECK(toCss(lerpProp(Px(10.0f), Pct(50.0f), 0.5f)) == "calc(25% + 5px)");
  // em, if it ever reaches serialisation, sorts between % and px.
  CHECK(toCss(mixed(12.0f, 0.0f, 2.0f, Value::kPx | Value::kEm)) == "calc(2em + 12px)");
  CHECK(toCss(mixed(-12.0f, 50.0f, 2.0f, Value::kPx | Value::kPct | Value::kEm)) == "calc(50% + 2em - 12px)");
  CHECK(toCss(mixed(0.0f, 0.0f, 0.0f, Value::kPx | Value::kEm)) == "0px");
  // A percentage part set without its unit bit still prints.
  CHECK(toCss(mixed(5.0f, 10.0f, 0.0f, Value::kPx)) == "calc(10% + 5px)");
}

TEST_CASE("Value::resolve: px + % of the basis + em of the font size [core][value]") {
  CHECK(Px(12.0f).resolve(200.0f) == 12.0f);
  CHECK(Pct(50.0f).resolve(200.0f) == 100.0f);
  CHECK(Em(2.0f).resolve(200.0f, 10.0f) == 20.0f);
  CHECK(mixed(10.0f, 25.0f, 1.0f, Value::kPx | Value::kPct | Value::kEm).resolve(200.0f, 16.0f) == 76.0f);
  CHECK(Auto().resolve(200.0f, 16.0f, -1.0f) == -1.0f);
  CHECK(Value::makeNone().resolve(200.0f) == 0.0f);
  CHECK(Pct(50.0f).isLength());
  CHECK_FALSE(Pct(50.0f).isPureLength());
  CHECK(Px(3.0f).isPureLength());
}
