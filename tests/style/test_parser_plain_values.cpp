// Values of several plain tokens ended by `;` (`padding: 4px 8px;`,
// `border: 1px solid #abc;`, `flex: 1 1 58px;`, `translate: 2px 1px;`,
// `transform-origin: 50% 5%;`) are
// read token by token (detail::applyPlainValue). The same value ended by
// `}` goes through the value loop and applyDeclaration, so each case here
// parses both ways and requires the same rules, keyframes, pending var()
// records and diagnostics, bit for bit.
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

// Tokens each reader takes or refuses: units in any case, signs, zeros,
// the float limit, numbers past the tokenizer's fast path, escapes,
// keywords of every shorthand, colours good and bad, and punctuation.
const std::vector<std::string>& vocabulary() {
  static const std::vector<std::string> v = {"10px",
                                             "0px",
                                             "-0px",
                                             "-3px",
                                             "+5px",
                                             "5PX",
                                             "1.5em",
                                             "-1.5em",
                                             "1.5EM",
                                             "50%",
                                             "-50%",
                                             "0%",
                                             "-0%",
                                             "3.4e38px",
                                             "3.5e38px",
                                             "3.5e38%",
                                             "3.5e38em",
                                             "2cm",
                                             "1q",
                                             "10deg",
                                             "\\31 0px",
                                             "1e3px",
                                             "12345678901234567px",
                                             "0.3px",
                                             "0",
                                             "-0",
                                             "+0",
                                             "1",
                                             "2",
                                             "-1",
                                             "0.5",
                                             "0.3",
                                             "1e40",
                                             "3.5e38",
                                             "7",
                                             "auto",
                                             "AUTO",
                                             "content",
                                             "none",
                                             "NONE",
                                             "hidden",
                                             "solid",
                                             "SOLID",
                                             "dashed",
                                             "thin",
                                             "medium",
                                             "thick",
                                             "red",
                                             "RED",
                                             "transparent",
                                             "notacolor",
                                             "r\\65 d",
                                             "left",
                                             "center",
                                             "TOP",
                                             "bottom",
                                             "right",
                                             "initial",
                                             "inherit",
                                             "#abc",
                                             "#ABC",
                                             "#a1b2c3d4",
                                             "#ggg",
                                             "#12345",
                                             "#\\61 bc",
                                             "/",
                                             "!important",
                                             ",",
                                             "-",
                                             "'s'"};
  return v;
}

// The properties applyPlainValue reads, in two spellings, and neighbours it leaves alone.
const std::vector<std::string>& names() {
  static const std::vector<std::string> v = {
      "padding", "margin", "border-radius", "border", "flex",    "translate", "transform-origin",
      "PADDING", "Border", "gap",           "inset",  "--plain", "not-a-prop"};
  return v;
}

// Every pair of vocabulary tokens, and a deterministic spread of runs of three to five.
std::vector<std::string> values() {
  const std::vector<std::string>& w = vocabulary();
  std::vector<std::string> out;
  for (const std::string& a : w)
    for (const std::string& b : w) {
      std::string v = a;
      v += ' ';
      v += b;
      out.push_back(std::move(v));
    }
  std::uint32_t seed = 12345u;
  auto pick = [&]() -> const std::string& {
    seed = seed * 1664525u + 1013904223u;
    return w[(seed >> 8) % w.size()];
  };
  // Shapes each shorthand decides on by position: factors before and after
  // a basis, zeros as factors or basis, repeats, more than four sides.
  for (const char* shape : {"58px 1 2",
                            "1 58px 2",
                            "58px 1",
                            "1 58px",
                            "0 0 0",
                            "0 0",
                            "1 0 0",
                            "0 0 0px",
                            "2 0 0 0",
                            "auto 1 1",
                            "1 auto 1",
                            "content 2",
                            "0 1px",
                            "1px 0",
                            "1 0px 0",
                            "1 2 3",
                            "-1 1",
                            "1 -1",
                            "1 1e40",
                            "1e40 1",
                            "1 1 -1px",
                            "1px 2px 3px 4px",
                            "1px 2px 3px 4px 5px",
                            "auto auto auto auto",
                            "0 auto",
                            "1px solid",
                            "solid 1px red",
                            "red 1px solid",
                            "solid solid",
                            "1px 1px",
                            "red blue",
                            "none red",
                            "hidden 2px",
                            "0 none",
                            "thin solid",
                            "1px dashed transparent",
                            "#abc 0",
                            "2px 1px 0",
                            "2px 1px 0px",
                            "2px 1px 1px",
                            "none none",
                            "50% 1em"})
    out.emplace_back(shape);
  for (int i = 0; i < 800; ++i) {
    const int n = 3 + i % 3;
    std::string v = pick();
    for (int k = 1; k < n; ++k) v += " " + pick();
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

TEST_CASE("parser plain values: runs of plain tokens ended by `;` read as the general path reads them",
          "[style][parser][values]") {
  const std::vector<std::string> vs = values();
  const std::size_t pairs = vocabulary().size() * vocabulary().size();
  for (std::size_t k = 0; k < names().size(); ++k) {
    const std::string& name = names()[k];
    // Every pair for the seven properties read; the longer runs for all.
    for (std::size_t i = k < 7 ? 0 : pairs; i < vs.size(); ++i) {
      const std::string& value = vs[i];
      // `;` then `}` (same length as two spaces and `}`); for some, tabs before the end.
      checkSameSheet(cat({".a { ", name, ": ", value, "; }"}), cat({".a { ", name, ": ", value, "  }"}));
      if (i % 5 == 0)
        checkSameSheet(cat({".a{", name, ":\t", value, "\t;}"}), cat({".a{", name, ":\t", value, "\t }"}));
    }
  }
}

TEST_CASE("parser plain values: in @keyframes and after var() declarations, as the general path",
          "[style][parser][keyframes][vars]") {
  std::vector<std::string> vs;
  for (const std::string& a : vocabulary()) vs.push_back("4px " + a), vs.push_back(a + " 1px solid");
  vs.insert(vs.end(), {"1px 2px 3px 4px", "8px auto", "1 1 58px", "2 0", "1px solid #abc", "2px 1px",
                       "7px 7px 3px 4px", "1px 2px !important", "none 2px red"});
  for (const std::string& name : names()) {
    for (const std::string& value : vs) {
      checkSameSheet(cat({"@keyframes k { 0% { ", name, ": ", value, "; }\n100% { opacity: 1 } }"}),
                     cat({"@keyframes k { 0% { ", name, ": ", value, "  }\n100% { opacity: 1 } }"}));
      // A later plain value shadows earlier var() records of the same properties, normal ones only.
      checkSameSheet(
          cat({".a { ", name, ": var(--x); ", name, ": var(--y) !important; ", name, ": ", value, "; }"}),
          cat({".a { ", name, ": var(--x); ", name, ": var(--y) !important; ", name, ": ", value, "  }"}));
    }
  }
}

TEST_CASE("parser plain values: style attributes, ended by `;` or by the end of the text",
          "[style][parser]") {
  QuietLog quiet;
  for (const std::string& name : names()) {
    for (const std::string& value : {std::string("4px 8px"), std::string("1px solid red"),
                                     std::string("1 1 58px"), std::string("-1px 2px"), std::string("2px 1px"),
                                     std::string("8px auto 1px"), std::string("1px 2px 3px 4px 5px")}) {
      INFO(name << ": " << value);
      std::vector<Diagnostic> da, db;
      const DeclarationBlock a = parseStyleAttribute(cat({name, ": ", value, ";"}), &da);
      const DeclarationBlock b = parseStyleAttribute(cat({name, ": ", value}), &db);
      CHECK(a == b);
      CHECK(da == db);
    }
  }
}

TEST_CASE(
    "parser plain values: what the shorthands write (CSS Box 4, Backgrounds 3, Flexbox 1, Transforms 2)",
    "[style][parser][values]") {
  const Style s = styleOf(
      ".a { padding: 4px 8px; margin: 8px auto 2px; border-radius: 7px 6px 3px 4px; "
      "border: 1px solid #00ff00; flex: 2 0 58px; translate: 2px -10%; }");
  CHECK(s.padding == Opt<Spacing>(Spacing{Px(4.0f), Px(8.0f), Px(4.0f), Px(8.0f)}));
  CHECK(s.margin == Opt<Spacing>(Spacing{Px(8.0f), Value::makeAuto(), Px(2.0f), Value::makeAuto()}));
  CHECK(s.borderRadius == Opt<Corners>(Corners{Px(7.0f), Px(6.0f), Px(3.0f), Px(4.0f)}));
  CHECK(s.holes.padding == 0);
  CHECK(s.holes.margin == 0);
  CHECK(s.holes.borderRadius == 0);
  CHECK(s.borderWidth == Opt<float>(1.0f));
  CHECK(s.borderColor == Opt<Color>(Color{0, 1, 0, 1}));
  CHECK(s.flexGrow == Opt<float>(2.0f));
  CHECK(s.flexShrink == Opt<float>(0.0f));
  CHECK(s.flexBasis == Opt<Value>(Px(58.0f)));
  CHECK(s.translateX == Opt<Value>(Px(2.0f)));
  CHECK(s.translateY == Opt<Value>(Pct(-10.0f)));

  // A border style of none or hidden makes the width 0; no colour leaves the colour alone.
  const Style n = styleOf(".a { border: none 4px; flex: 3 1; }");
  CHECK(n.borderWidth == Opt<float>(0.0f));
  CHECK_FALSE(n.borderColor.is_set);
  CHECK(n.flexGrow == Opt<float>(3.0f));
  CHECK(n.flexShrink == Opt<float>(1.0f));
  CHECK(n.flexBasis == Opt<Value>(Pct(0.0f)));  // `flex: <grow> <shrink>` has a 0% basis

  // Invalid values are dropped with the general path's error.
  const StyleSheet bad = parse(".a { padding: 1px -2px; flex: 1 2 3; border: 1px 2px; }");
  REQUIRE(bad.diagnostics.size() == 3);
  for (const Diagnostic& d : bad.diagnostics) CHECK(d.severity == Severity::Error);
  REQUIRE(bad.rules.size() == 1);
  CHECK(bad.rules[0].decls.normal.empty());
}
