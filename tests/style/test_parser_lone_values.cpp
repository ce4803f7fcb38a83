// One-token values (`width: 10px;`) skip the `;` token and the value loop,
// and the common ones are written straight into the Style
// (detail::applyLoneValue). A comment after the value sends the same
// declaration down the general path, so each case here parses both ways
// and requires the same rules, keyframes and diagnostics, bit for bit.
#include "parser_test_util.hpp"

#include <zenit/style/StyleSheet.hpp>

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

const std::vector<std::string>& edgeValues() {
  static const std::vector<std::string> v = {
      // lengths: units in any case, signs, zeros, range, digits past the tokenizer's fast path
      "10px", "0", "-0", "+0", "0px", "-0px", "+5px", "5PX", "5Px", "1.5em", "1.5EM", "-1.5em", "0em", "50%",
      "-50%", "0%", "-0%", "150%", "3.4e38px", "3.5e38px", "-3.5e38px", "1e3px", "1e-50px", "1e-46px",
      "12345678901234567px", "0.000000000000000001px", "33.333333%", "3.5e38%", "3.5e38em", "7", "1q", "2cm",
      "10deg", "1s", "\\31 0px", "1\\70 x", "10p\\x",
      // numbers
      "0.5", "-0.5", "1.5", "2", "-3", "0.1", "0.3", "0.7", "1e40", "-1e40", "1.0", "2147483647",
      "2147483648", "-2147483647", "-2147483648", "3.5e38",
      // colours
      "#f00", "#F00", "#abcd", "#a1b2c3", "#A1B2C3D4", "#ggg", "#12345", "#-ab", "#\\61 bc", "red", "RED",
      "Red", "transparent", "currentcolor", "rebeccapurple", "notacolor", "r\\65 d",
      // keywords, CSS-wide keywords, look-alikes
      "left", "LEFT", "center", "right", "auto", "AUTO", "none", "normal", "inherit", "INITIAL", "unset",
      "revert", "revert-layer", "default", "hidden", "visible", "absolute", "wrap", "stretch",
      "space-between", "flex-start", "thin", "medium", "thick", "solid", "ease", "x", "--x", "-webkit-foo",
      "z",
      // other lone tokens
      "-", "!", "'str'", "url(x)", ",", ":", "@x", "<!--", "-->"};
  return v;
}

std::vector<std::string> allNames() {
  std::vector<std::string> names;
  for (const PropertyNameInfo& info : propertyNames()) names.emplace_back(info.name);
  names.push_back("WIDTH");
  names.push_back("Background-Color");
  names.push_back("widht");
  names.push_back("--custom");
  return names;
}

}  // namespace

TEST_CASE("parser lone values: every property and edge value as the general path reads it",
          "[style][parser][values]") {
  for (const std::string& name : allNames()) {
    for (const std::string& value : edgeValues()) {
      // Ended by `;` and by `}`; spaces and tabs before the end are allowed.
      checkSameSheet(cat({".a { ", name, ": ", value, "; }"}), cat({".a { ", name, ": ", value, " /**/; }"}));
      checkSameSheet(cat({".a{", name, ":", value, "}"}), cat({".a{", name, ":", value, "/**/}"}));
      checkSameSheet(cat({".a { ", name, ":\t", value, " \t; }"}),
                     cat({".a { ", name, ":\t", value, " \t/**/; }"}));
    }
  }
}

TEST_CASE("parser lone values: in @keyframes, animatable or not, as the general path reads them",
          "[style][parser][keyframes]") {
  for (const std::string& name : allNames()) {
    for (const std::string& value : edgeValues()) {
      // The next keyframe on its own line: its location is the same in both.
      checkSameSheet(cat({"@keyframes k { 0% { ", name, ": ", value, " }\n100% { opacity: 1 } }"}),
                     cat({"@keyframes k { 0% { ", name, ": ", value, " /**/ }\n100% { opacity: 1 } }"}));
    }
  }
}

TEST_CASE("parser lone values: style attributes end at EOF, where `}` is part of the value",
          "[style][parser]") {
  QuietLog quiet;
  for (const std::string& name : allNames()) {
    for (const std::string& value : {std::string("10px"), std::string("#f00"), std::string("left"),
                                     std::string("0.5"), std::string("1em"), std::string("inherit")}) {
      for (const std::string& end :
           {std::string(""), std::string(";"), std::string(" }"), std::string("; }")}) {
        INFO(name << ": " << value << end);
        std::vector<Diagnostic> da, db;
        const DeclarationBlock a = parseStyleAttribute(cat({name, ": ", value, end}), &da);
        DeclarationBlock b = parseStyleAttribute(cat({name, ": ", value, " /**/", end}), &db);
        // A custom property keeps its raw text, which a `}` here extends past the comment.
        for (CustomProperty& c : b.custom)
          if (const auto at = c.value.find(" /**/"); at != std::string::npos) c.value.erase(at, 5);
        // The comment moves what follows the value 5 columns to the right.
        const auto endCol = static_cast<std::uint32_t>(name.size() + 2 + value.size() + 1);
        for (Diagnostic& d : db)
          if (d.col >= endCol + 5) d.col -= 5;
        CHECK(a == b);
        CHECK(da == db);
      }
    }
  }
}

TEST_CASE("parser lone values: what a one-token value writes", "[style][parser][values]") {
  const Style s = styleOf(
      ".a { width: 10px; min-height: 0; max-width: 50%; font-size: 1.5em; opacity: 150%; "
      "color: #f00; background-color: red; text-align: center; z-index: -3; border-width: 2px; "
      "padding: 4px; margin-left: -2px; border-radius: 50%; border-top-left-radius: 0 }");
  CHECK(s.width == Opt<Value>(Px(10.0f)));
  CHECK(s.minHeight == Opt<Value>(Px(0.0f)));
  CHECK(s.maxWidth == Opt<Value>(Pct(50.0f)));
  CHECK(s.fontSize == Opt<Value>(Em(1.5f)));
  CHECK(s.opacity == Opt<float>(1.0f));  // clamped, not rejected
  CHECK(s.color == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(s.backgroundColor == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(s.textAlign == Opt<TextAlign>(TextAlign::Center));
  CHECK(s.zIndex == Opt<ZIndex>(ZIndex::of(-3)));
  CHECK(s.borderWidth == Opt<float>(2.0f));
  CHECK(s.padding == Opt<Spacing>(Spacing::all(Px(4.0f))));
  CHECK(s.holes.padding == 0);
  CHECK(s.margin.value.left == Px(-2.0f));
  CHECK(s.holes.margin == 0x07);  // only the left side declared
  CHECK(s.borderRadius.value.topLeft == Px(0.0f));
  CHECK(s.borderRadius.value.bottomRight == Pct(50.0f));
  CHECK(s.holes.borderRadius == 0);
}

TEST_CASE("parser lone values: a later one-token value shadows an earlier var() one",
          "[style][parser][vars]") {
  const StyleSheet s = parse(".a { color: var(--c); width: var(--w) !important; color: #0f0; width: 5px }");
  REQUIRE(s.rules.size() == 1);
  const auto& pending = s.rules[0].decls.pending;
  REQUIRE(pending.size() == 2);
  CHECK(pending[0].shadowed.test(Prop::color));
  // A normal declaration does not shadow an !important one.
  CHECK_FALSE(pending[1].shadowed.test(Prop::width));
  checkSameSheet(".a { color: var(--c); width: var(--w) !important; color: #0f0; width: 5px }",
                 ".a { color: var(--c); width: var(--w) !important; color: #0f0 /**/; width: 5px /**/ }");
}

TEST_CASE("tokenizer: takeValueEnd consumes spaces and `;`, nothing else", "[style][tokenizer]") {
  QuietLog quiet;
  // The token after `1px` and takeValueEnd's answer in between.
  auto after = [](const std::string& src, bool braceEnds, bool& ended) {
    Tokenizer tz(src);
    tz.setSkipWhitespace(true);
    const Token v = tz.next();
    CHECK(v.type == TokenType::Dimension);
    ended = tz.takeValueEnd(braceEnds);
    Token t = tz.next();
    t.text = {};  // a view into `src`, which ends here
    return t;
  };
  bool ended = false;
  Token t = after("1px \t; b", true, ended);
  CHECK(ended);
  CHECK(t.type == TokenType::Ident);
  CHECK(t.col == 8);
  t = after("1px;b", false, ended);
  CHECK(ended);
  CHECK(t.type == TokenType::Ident);
  CHECK_FALSE(t.flags & Token::kAfterWhitespace);
  // `}` ends a value in a block but is left for the parser, with its flag.
  t = after("1px }", true, ended);
  CHECK(ended);
  CHECK(t.type == TokenType::RightBrace);
  CHECK((t.flags & Token::kAfterWhitespace) != 0);
  t = after("1px }", false, ended);
  CHECK_FALSE(ended);
  CHECK(t.type == TokenType::RightBrace);
  t = after("1px  ", true, ended);
  CHECK(ended);
  CHECK(t.type == TokenType::Eof);
  // A newline, a comment or another token: not the end; nothing consumed.
  const std::pair<const char*, std::uint32_t> notEnds[] = {
      {"1px\n;", 4}, {"1px /**/;", 8}, {"1px 2px;", 4}, {"1px !important;", 4}, {"1px,", 3}, {"1px\r;", 4}};
  for (const auto& [src, next] : notEnds) {
    INFO(src);
    t = after(src, true, ended);
    CHECK_FALSE(ended);
    CHECK(t.begin == next);
  }
}

TEST_CASE("parser lone values: a run of plain tokens ended by `;` reads as one ended by `}`",
          "[style][parser][values]") {
  // `;` ends the run in the tokenizer's read; `}` goes through the value loop.
  const char* values[] = {"4px 8px",
                          "1px 2px 3px 4px",
                          "1px 2px 3px 4px 5px",
                          "8px auto",
                          "1 1 200px",
                          "3px solid #abc",
                          "left top",
                          "50% 10%",
                          "red !important",
                          "1px ! important",
                          "!important",
                          "a, b",
                          "0 0 0 4px #000",
                          "1px 2px !important",
                          "x y z"};
  for (const std::string& name : allNames()) {
    for (const char* value : values) {
      const std::string fast = cat({".a { ", name, ": ", value, "; }"});
      const std::string slow = cat({".a { ", name, ": ", value, "  }"});
      INFO(fast);
      const StyleSheet a = parse(fast);
      const StyleSheet b = parse(slow);
      CHECK(a.diagnostics == b.diagnostics);
      CHECK(a.rules == b.rules);
      CHECK(sheetBits(a) == sheetBits(b));
    }
  }
}
