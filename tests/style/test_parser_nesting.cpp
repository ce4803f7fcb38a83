// Parser: CSS Nesting. Nested rules are read as the flat rules they mean.
#include "parser_test_util.hpp"

#include <string>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

// Each rule as "selector text (a,b,c)", its selectors joined by ", ".
std::vector<std::string> flat(const StyleSheet& s) {
  std::vector<std::string> out;
  for (const StyleRule& r : s.rules) {
    std::string line;
    for (const Selector& sel : r.selectors) {
      if (!line.empty()) line += ", ";
      line += sel.text() + " (" + std::to_string(sel.specificity.a) + "," +
              std::to_string(sel.specificity.b) + "," + std::to_string(sel.specificity.c) + ")";
    }
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("nesting: nested rules become the flat rules they mean, in source order",
          "[style][parser][nesting]") {
  const StyleSheet s = parse(R"(.card {
  opacity: 0.5;
  &:hover { opacity: 0.6; }
  .title { width: 1px; }
  > Label.x { width: 2px; }
  ~ Tag { width: 3px; }
  Button:hover { width: 4px; }
  a:hover{width:5px}
  height: 6px;
})");
  CHECK(s.diagnostics.empty());
  CHECK(flat(s) == std::vector<std::string>{".card (0,1,0)", ".card:hover (0,2,0)", ".card .title (0,2,0)",
                                            ".card > Label.x (0,2,1)", ".card ~ Tag (0,1,1)",
                                            ".card Button:hover (0,2,1)", ".card a:hover (0,2,1)",
                                            ".card (0,1,0)"});
  REQUIRE(s.rules.size() == 8);
  CHECK(s.rules[0].decls.normal.opacity == Opt<float>(0.5f));
  CHECK_FALSE(s.rules[0].decls.normal.height.is_set);
  CHECK(s.rules[1].decls.normal.opacity == Opt<float>(0.6f));
  CHECK(s.rules[6].decls.normal.width == Opt<Value>(Px(5)));
  // The declarations after a nested rule are a rule of their own, after it
  // (CSSNestedDeclarations), with the parent's selectors.
  CHECK(s.rules[7].decls.normal.height == Opt<Value>(Px(6)));
  for (std::size_t i = 0; i < s.rules.size(); ++i) CHECK(s.rules[i].order == i);
  CHECK(s.rules[1].loc == SourceLoc{0, 3, 3});
}

TEST_CASE(
    "nesting: `&` is :is() of the parent's selectors, replaced by the selector where that means the same",
    "[style][parser][nesting]") {
  SECTION("several uses, not leftmost, or inside :not() (no `&` prefixed then)") {
    const StyleSheet s = parse(".c { & + & { opacity: 0 } .a & { opacity: 0 } :not(&) { opacity: 0 } }");
    CHECK(s.diagnostics.empty());
    CHECK(flat(s) == std::vector<std::string>{".c (0,1,0)", ":is(.c) + :is(.c) (0,2,0)", ".a .c (0,2,0)",
                                              ":not(:is(.c)) (0,1,0)"});
  }
  SECTION("a parent of several selectors weighs as its most specific one") {
    const StyleSheet s = parse(".a, #b { &:hover { opacity: 0 } .c { opacity: 0 } }");
    CHECK(flat(s) == std::vector<std::string>{".a (0,1,0), #b (1,0,0)", ":hover:is(.a, #b) (1,1,0)",
                                              ":is(.a, #b) .c (1,1,0)"});
  }
  SECTION("a complex parent, in place only where it leads") {
    const StyleSheet s = parse(".a > .b { &.c { opacity: 0 } & .d { opacity: 0 } .e & { opacity: 0 } }");
    CHECK(flat(s) == std::vector<std::string>{".a > .b (0,2,0)", ".a > .b.c (0,3,0)", ".a > .b .d (0,3,0)",
                                              ".e :is(.a > .b) (0,3,0)"});
  }
  SECTION("a parent of one compound, in place anywhere, its conditions with it") {
    const StyleSheet s = parse("Item:nth-child(2) { .x > &[k] { opacity: 0 } .y &.z .w { opacity: 0 } }");
    CHECK(s.diagnostics.empty());
    CHECK(flat(s) == std::vector<std::string>{"Item:nth-child(2) (0,1,1)",
                                              ".x > Item:nth-child(2)[k] (0,3,1)",
                                              ".y Item.z:nth-child(2) .w (0,4,1)"});
    REQUIRE(s.rules.size() == 3);
    const ConditionList& c = s.rules[1].selectors[0].conditions;
    REQUIRE(c.size() == 2);
    CHECK(c[0].compound == 1);
    CHECK(c[0].kind == SelectorCondition::Kind::NthChild);
    CHECK(c[1].compound == 1);
    CHECK(c[1].kind == SelectorCondition::Kind::Attribute);
  }
  SECTION("what :is() would count twice keeps :is()") {
    const StyleSheet s =
        parse(".a:hover { &:hover { opacity: 0 } } Box { Box& { opacity: 0 } } #i { #i& {} }");
    CHECK(flat(s) == std::vector<std::string>{".a:hover (0,2,0)", ":hover:is(.a:hover) (0,3,0)",
                                              "Box (0,0,1)", "Box:is(Box) (0,0,2)", "#i (1,0,0)",
                                              "#i:is(#i) (2,0,0)"});
  }
  SECTION("deeper levels") {
    const StyleSheet s = parse(".a { .b { &:hover { .c { opacity: 0 } } } }");
    CHECK(flat(s) == std::vector<std::string>{".a (0,1,0)", ".a .b (0,2,0)", ".a .b:hover (0,3,0)",
                                              ".a .b:hover .c (0,4,0)"});
  }
  SECTION("a part nests in the nested rule") {
    const StyleSheet s = parse("Slider { &:hover::knob { opacity: 0 } ::track { opacity: 0 } }");
    CHECK(s.diagnostics.empty());
    CHECK(flat(s) ==
          std::vector<std::string>{"Slider (0,0,1)", "Slider:hover::knob (0,1,2)", "Slider ::track (0,0,2)"});
  }
  SECTION("at the top level, `&` is the root (:scope) and weighs nothing") {
    const StyleSheet s = parse("& .top { opacity: 0 }");
    CHECK(s.diagnostics.empty());
    CHECK(flat(s) == std::vector<std::string>{":where(:root) .top (0,1,0)"});
  }
}

TEST_CASE("nesting: @media and @supports inside a style rule", "[style][parser][nesting][media]") {
  const StyleSheet s = parse(R"(.c {
  opacity: 0.5;
  @media (min-width: 100px) {
    opacity: 0.9;
    &.wide { opacity: 1; }
  }
  @supports (display: flex) { width: 1px; }
  @supports (frobnicate: 1) { width: 2px; }
  height: 3px;
})");
  CHECK(s.diagnostics.empty());
  CHECK(flat(s) ==
        std::vector<std::string>{".c (0,1,0)", ".c (0,1,0)", ".c.wide (0,2,0)", ".c (0,1,0)", ".c (0,1,0)"});
  REQUIRE(s.rules.size() == 5);
  REQUIRE(s.media.size() == 1);
  CHECK(s.rules[0].media == kNoMedia);
  CHECK(s.rules[1].media == 0);
  CHECK(s.rules[1].decls.normal.opacity == Opt<float>(0.9f));
  CHECK(s.rules[2].media == 0);
  CHECK(s.rules[3].media == kNoMedia);
  CHECK(s.rules[3].decls.normal.width == Opt<Value>(Px(1)));
  CHECK(s.rules[4].decls.normal.height == Opt<Value>(Px(3)));
}

TEST_CASE("nesting: bad nested rules drop themselves only", "[style][parser][nesting][recovery]") {
  SECTION("a bad selector") {
    const StyleSheet s = parse(".a {\n  .b!! { width: 1px }\n  > > .c { width: 2px }\n  height: 3px;\n}");
    CHECK(flat(s) == std::vector<std::string>{".a (0,1,0)", ".a (0,1,0)"});
    REQUIRE(s.rules.size() == 2);
    CHECK(s.rules[1].decls.normal.height == Opt<Value>(Px(3)));
    CHECK(s.diagnostics == std::vector<Diagnostic>{
                               err(2, 5, "unexpected `!` in a selector; the rule is skipped"),
                               err(3, 5, "two combinators in a row; the rule is skipped"),
                           });
  }
  SECTION("at-rules other than @media and @supports") {
    const StyleSheet s = parse(".a { @font-face { x: y } width: 1px }");
    REQUIRE(s.rules.size() == 1);
    CHECK(s.rules[0].decls.normal.width == Opt<Value>(Px(1)));
    CHECK(s.diagnostics ==
          std::vector<Diagnostic>{err(1, 6,
                                      "@font-face is not allowed inside a style rule (only @media and "
                                      "@supports are); skipped")});
  }
  SECTION("a {} block in a custom property") {
    const StyleSheet s = parse(".a { --x: { y: z }; width: 1px }");
    REQUIRE(s.rules.size() == 1);
    CHECK(s.rules[0].decls.normal.width == Opt<Value>(Px(1)));
    CHECK(s.diagnostics ==
          std::vector<Diagnostic>{err(1, 6,
                                      "a `{}` block in a custom property's value is not supported; the "
                                      "declaration is dropped")});
  }
  SECTION("a leading combinator outside a nested rule") {
    const StyleSheet s = parse("> .a { width: 1px }");
    CHECK(s.rules.empty());
    CHECK(s.diagnostics ==
          std::vector<Diagnostic>{err(1, 1, "a selector cannot start with `>`; the rule is skipped")});
  }
  SECTION("`&` cannot stand for a part") {
    const StyleSheet s = parse("Slider::knob { &:hover { opacity: 0 } width: 1px }");
    CHECK(flat(s) ==
          std::vector<std::string>{"Slider::knob (0,0,2)", ":hover:is() (0,1,0)", "Slider::knob (0,0,2)"});
    CHECK(s.diagnostics == std::vector<Diagnostic>{warn(
                               1, 16,
                               "`&` cannot stand for the part in `Slider::knob` (as in CSS, where it cannot "
                               "stand for a pseudo-element): this nested rule does not apply to it")});
  }
  SECTION("rules inside a keyframe or a style attribute") {
    const StyleSheet s = parse("@keyframes k { from { .a { opacity: 0 } opacity: 1 } }");
    REQUIRE(s.keyframes.size() == 1);
    CHECK(s.diagnostics ==
          std::vector<Diagnostic>{err(1, 23, "a rule inside a keyframe is not allowed; skipped")});
    std::vector<Diagnostic> diags;
    {
      QuietLog quiet;
      const DeclarationBlock b = parseStyleAttribute("&:hover { opacity: 0 } width: 1px", &diags, "attr");
      CHECK(b.normal.width == Opt<Value>(Px(1)));
    }
    CHECK(diags == std::vector<Diagnostic>{
                       err(1, 1, "a rule inside a style attribute is not allowed; skipped", "attr")});
  }
  SECTION("nested deeper than maxNesting") {
    QuietLog quiet;
    ParseOptions o;
    o.fileName = "t.zstyle";
    o.maxNesting = 3;
    const StyleSheet s =
        parseStyleSheet(".a { .b { .c { .d { width: 1px } } height: 2px } }\n.ok { width: 3px }", o);
    CHECK(flat(s) == std::vector<std::string>{".a (0,1,0)", ".a .b (0,2,0)", ".a .b .c (0,3,0)",
                                              ".a .b (0,2,0)", ".ok (0,1,0)"});
    CHECK(s.diagnostics == std::vector<Diagnostic>{err(
                               1, 16, "nesting deeper than 3 levels of nested rules; the rule is skipped")});
  }
  SECTION("no empty rules for declarations that do not come") {
    const StyleSheet s = parse(".a { .b { } .c { } }");
    CHECK(flat(s) == std::vector<std::string>{".a (0,1,0)", ".a .b (0,2,0)", ".a .c (0,2,0)"});
  }
}
