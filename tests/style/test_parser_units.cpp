// Parser: rem and the viewport units (CSS Values 4 §6.1.1, §6.1.2) in
// declared values, calc() over them, what is refused and how it is worded,
// and how they print. Computed px: tests/layout/test_relative_units.cpp.
#include "parser_paths_util.hpp"

#include "../../src/style/ParserInternal.hpp"

#include <zenit/style/Dump.hpp>

#include <string>

using namespace zenit;
using namespace zenit::test;

// The relative units share the em slot: a Value stays four words on every hot path.
static_assert(sizeof(Value) == 16);

namespace {

Value relative(float amount, std::uint8_t unit, float px = 0.0f) {
  return Value{px, 0.0f, amount, ValueKind::Length,
               static_cast<std::uint8_t>(unit | (px != 0.0f ? Value::kPx : 0))};
}

}  // namespace

TEST_CASE("units: rem, vw, vh, vmin, vmax are read as written, in any case", "[style][parser][units]") {
  const Style s = styleOf(
      ".x { width: 2rem; height: 50vh; min-width: 10vw; min-height: 1.5vmin; max-width: 3VMAX; "
      "left: -1REM; font-size: 1.25rem }");
  CHECK(s.width == Opt<Value>(relative(2, Value::kRem)));
  CHECK(s.height == Opt<Value>(relative(50, Value::kVh)));
  CHECK(s.minWidth == Opt<Value>(relative(10, Value::kVw)));
  CHECK(s.minHeight == Opt<Value>(relative(1.5f, Value::kVmin)));
  CHECK(s.maxWidth == Opt<Value>(relative(3, Value::kVmax)));
  CHECK(s.left == Opt<Value>(relative(-1, Value::kRem)));
  CHECK(s.fontSize == Opt<Value>(relative(1.25f, Value::kRem)));
  // Not px, not em: nothing may read them as such before the cascade.
  CHECK_FALSE(s.width.value.isPureLength());
  CHECK(s.width.value.relativeUnit() == Value::kRem);
}

TEST_CASE("units: calc(), min(), max() and clamp() over rem and viewport units", "[style][parser][units]") {
  const Style s = styleOf(
      ".x { height: calc(100vh - 40px); width: calc(1rem + 2px); min-width: min(1rem, 2rem); "
      "max-width: clamp(10vw, 50vw, 20vw); padding: calc(2 * (1vmin + 1px)) 0; left: calc(50% + 1vw) }");
  CHECK(s.height == Opt<Value>(relative(100, Value::kVh, -40)));
  CHECK(s.width == Opt<Value>(relative(1, Value::kRem, 2)));
  CHECK(s.minWidth == Opt<Value>(relative(1, Value::kRem)));
  CHECK(s.maxWidth == Opt<Value>(relative(20, Value::kVw)));
  CHECK(s.padding.value.top == relative(2, Value::kVmin, 2));
  CHECK(s.left.value.units == (Value::kPct | Value::kVw));
  CHECK(s.left.value.pct == 50.0f);
  CHECK(s.left.value.em == 1.0f);
}

TEST_CASE("units: what a Value cannot hold is an error that says why", "[style][parser][units]") {
  CHECK(
      oneDiag("width: calc(10vw + 5vh)") ==
      "invalid value for width: calc() cannot add `vw` and `vh` lengths (a length holds one relative unit)");
  CHECK(
      oneDiag("width: calc(1em + 1rem)") ==
      "invalid value for width: calc() cannot add `em` and `rem` lengths (a length holds one relative unit)");
  CHECK(oneDiag("width: calc(1rem - 1vmax + 1px)") ==
        "invalid value for width: calc() cannot add `rem` and `vmax` lengths (a length holds one relative "
        "unit)");
  CHECK(
      oneDiag("width: min(1rem, 16px)") ==
      "invalid value for width: min() of lengths in different units (px, %, em) is not supported; write them "
      "in one unit");
  CHECK(oneDiag("border-width: 1rem") == "invalid value for border-width: rem is not supported here; use px");
  CHECK(oneDiag("border-width: calc(1vw + 1px)") ==
        "invalid value for border-width: vw is not supported here; use px");
  CHECK(oneDiag("box-shadow: 0 0 1vh red") ==
        "invalid value for box-shadow: vh is not supported here; use px");
  CHECK(oneDiag("transform: translateX(1rem) translateX(1em)") ==
        "invalid value for transform: translations in different relative units (em, rem, vw …) cannot be "
        "combined; use one unit");
  CHECK(oneDiag("width: 2ch") ==
        "invalid value for width: unit `ch` is not supported (use px, %, em, rem, vw, vh, vmin, vmax or an "
        "absolute unit)");
  CHECK(oneDiag("width: 2dvh") ==
        "invalid value for width: unit `dvh` is not supported (use px, %, em, rem, vw, vh, vmin, vmax or an "
        "absolute unit)");
}

TEST_CASE("units: rem and viewport units in @keyframes are an error at the unit, em is not",
          "[style][parser][units][keyframes]") {
  const StyleSheet s = parse(
      "@keyframes k {\n"
      "  from { width: 1em; height: 2rem; }\n"
      "  to { width: calc(10vw + 2px); }\n"
      "}");
  REQUIRE(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[0] ==
        err(2, 30, "rem is not supported in @keyframes (use px, % or em); the declaration is dropped"));
  CHECK(s.diagnostics[1] ==
        err(3, 20, "vw is not supported in @keyframes (use px, % or em); the declaration is dropped"));
  REQUIRE(s.keyframes.size() == 1);
}

TEST_CASE("units: the byte path leaves rem and viewport units to the token path, which gives the same sheet",
          "[style][parser][units]") {
  for (const char* v : {"2rem", "50vh", "calc(100vh - 40px)", "1rem 2vw", "translate(1rem, 2vh)", "10VW",
                        "calc(10vw + 5vh)"}) {
    for (const char* prop : {"width", "padding", "translate", "margin", "border-radius", "font-size"}) {
      const std::string text = std::string(".x { ") + prop + ": " + v + "; }";
      const std::string kf = std::string("@keyframes k { to { ") + prop + ": " + v + "; } }";
      checkSamePaths(text);
      checkSamePaths(kf);
    }
  }
}

TEST_CASE("units: declared values print with their units", "[style][parser][units][serialize]") {
  CHECK(toCss(relative(2, Value::kRem)) == "2rem");
  CHECK(toCss(relative(50, Value::kVh)) == "50vh");
  CHECK(toCss(relative(0, Value::kVw)) == "0vw");
  // CSS Values 4 sorts a sum's dimensions by unit name, as Chromium prints it.
  CHECK(toCss(relative(100, Value::kVh, -40)) == "calc(-40px + 100vh)");
  CHECK(toCss(relative(1, Value::kRem, 2)) == "calc(2px + 1rem)");
  CHECK(toCss(relative(1, Value::kEm, 2)) == "calc(1em + 2px)");
  const StyleSheet s = parse(".x { width: 2rem; height: calc(100vh - 40px); min-width: 1vmin; }");
  const std::string dump = dumpStyleSheet(s);
  INFO(dump);
  CHECK(dump.find("2rem") != std::string::npos);
  CHECK(dump.find("calc(-40px + 100vh)") != std::string::npos);
  CHECK(dump.find("1vmin") != std::string::npos);
}
