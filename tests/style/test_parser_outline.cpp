// Parser: outline, outline-width, outline-color, outline-offset and
// outline-style, read by the grammar border shares.
#include "parser_paths_util.hpp"

#include <cmath>

using namespace zenit;
using namespace zenit::test;

TEST_CASE("outline: the shorthand reads a width, a style and a colour in any order",
          "[style][parser][outline]") {
  const Style a = styleOf(".x { outline: 2px solid red }");
  CHECK(a.outlineWidth == Opt<float>(2.0f));
  CHECK(a.outlineColor == Opt<Color>(Color{1, 0, 0, 1}));
  const Style b = styleOf(".x { outline: blue dotted thick }");
  CHECK(b.outlineWidth == Opt<float>(5.0f));
  CHECK(b.outlineColor == Opt<Color>(Color{0, 0, 1, 1}));
  // A width left out is medium; a colour left out keeps the cascaded one.
  const Style c = styleOf(".x { outline: auto }");
  CHECK(c.outlineWidth == Opt<float>(3.0f));
  CHECK_FALSE(c.outlineColor.is_set);
  // none: no outline (width 0).
  CHECK(styleOf(".x { outline: none }").outlineWidth == Opt<float>(0.0f));
  CHECK(styleOf(".x { outline: 4px none green }").outlineWidth == Opt<float>(0.0f));
  // The border's rows are untouched, and the reverse.
  CHECK_FALSE(a.borderWidth.is_set);
  CHECK_FALSE(styleOf(".x { border: 1px solid red }").outlineWidth.is_set);
}

TEST_CASE("outline: the longhands", "[style][parser][outline]") {
  CHECK(styleOf(".x { outline-width: thin }").outlineWidth == Opt<float>(1.0f));
  CHECK(styleOf(".x { outline-width: 0.25in }").outlineWidth == Opt<float>(24.0f));
  CHECK(styleOf(".x { outline-color: #00ff0080 }").outlineColor ==
        Opt<Color>(Color{0, 1, 0, 128.0f / 255.0f}));
  CHECK(styleOf(".x { outline-offset: -4px }").outlineOffset == Opt<float>(-4.0f));
  const Opt<float> sum = styleOf(".x { outline-offset: calc(2px + 1pt) }").outlineOffset;  // 1pt = 4/3 px
  REQUIRE(sum.is_set);
  CHECK(std::fabs(sum.value - (2.0f + 4.0f / 3.0f)) < 1e-5f);
  CHECK(styleOf(".x { outline-offset: 0 }").outlineOffset == Opt<float>(0.0f));
}

TEST_CASE("outline: bad values drop the declaration with a located reason", "[style][parser][outline]") {
  CHECK(oneDiag("outline-width: -1px") ==
        "invalid value for outline-width: negative values are not allowed, found `-1px`");
  CHECK(oneDiag("outline-width: 1px 2px") ==
        "invalid value for outline-width: unexpected `2px` after the value");
  CHECK(oneDiag("outline-offset: 10%") == "invalid value for outline-offset: expected a length, found `10%`");
  CHECK(oneDiag("outline-offset: 1rem") ==
        "invalid value for outline-offset: rem is not supported here; use px");
  CHECK(oneDiag("outline: 1px hidden red") ==
        "invalid value for outline: expected an outline width, style or colour, found `hidden`");
  CHECK(oneDiag("outline: 1px 2px") == "invalid value for outline: outline width given twice, found `2px`");
  CHECK(oneDiag("outline: solid dashed") ==
        "invalid value for outline: outline style given twice, found `dashed`");
  CHECK(oneDiag("outline: red blue") == "invalid value for outline: unexpected `blue` in outline");
  CHECK(oneDiag("outline-style: solid dashed") ==
        "invalid value for outline-style: unexpected `dashed` after the value");
  CHECK(oneDiag("outline-style: hidden") ==
        "invalid value for outline-style: expected an outline style, found `hidden`");
  // The border keeps its own words.
  CHECK(oneDiag("border: 1px 2px") == "invalid value for border: border width given twice, found `2px`");
}

TEST_CASE("outline: outline-style is read and has no effect, as border-style", "[style][parser][outline]") {
  const StyleSheet s = parse(".x { outline-style: auto; outline-width: 2px }");
  REQUIRE(s.diagnostics.size() == 1);
  CHECK(s.diagnostics[0] ==
        note(1, 6, "outline-style has no effect: an outline is drawn whenever outline-width > 0"));
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.outlineWidth == Opt<float>(2.0f));
}

TEST_CASE("outline: animatable in @keyframes, but not outline-style", "[style][parser][outline]") {
  const StyleSheet s = parse(
      "@keyframes k { to { outline-width: 4px; outline-color: red; outline-offset: 3px; outline-style: solid "
      "} }");
  REQUIRE(s.keyframes.size() == 1);
  const Style& to = s.keyframes[0].frames.back().delta;
  CHECK(to.outlineWidth == Opt<float>(4.0f));
  CHECK(to.outlineColor == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(to.outlineOffset == Opt<float>(3.0f));
  REQUIRE(s.diagnostics.size() == 1);
  CHECK(s.diagnostics[0].message == "outline-style is not animatable; ignored in @keyframes");
}

TEST_CASE("outline: the byte path and the token path give the same sheet", "[style][parser][outline]") {
  for (const char* decl : {"outline: 2px solid red", "outline-color: rgb(1 2 3 / 50%)",
                           "outline-width: medium", "outline-offset: -2px", "outline: none",
                           "outline: 1px hidden red", "outline-color: red blue", "outline-style: auto"}) {
    checkSamePaths(std::string(".x { ") + decl + "; }");
    checkSamePaths(std::string(".x { ") + decl + " }");
  }
}
