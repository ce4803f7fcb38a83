// Parser: rules, selectors, at-rules, @import, error recovery.
//
// Contents, in order: rules and selectors (pseudo-classes, combinators,
// :is() / :where() / :not(), An+B, attributes, keys); error recovery
// (bad selectors and declarations, unknown properties, unterminated
// blocks, comments and strings); nesting and unknown at-rules; hostile
// input (garbage, NUL, deep nesting, a 1 MB sheet, huge numbers);
// diagnostics; !important and CSS-wide keywords; @import; dump.
#include "parser_test_util.hpp"

#include <zenit/style/Dump.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

using namespace zenit;
using namespace zenit::test;

namespace {

const Selector& sel(const StyleSheet& s, std::size_t rule, std::size_t i = 0) {
  REQUIRE(s.rules.size() > rule);
  REQUIRE(s.rules[rule].selectors.size() > i);
  return s.rules[rule].selectors[i];
}

}  // namespace

TEST_CASE("parser: rules keep source order and their location", "[style][parser]") {
  auto s = parse("a { opacity: 1 }\n  .b { opacity: 0.5 }\n#c{opacity:0}");
  REQUIRE(s.rules.size() == 3);
  CHECK(s.diagnostics.empty());
  CHECK(s.rules[0].order == 0);
  CHECK(s.rules[2].order == 2);
  CHECK(s.rules[1].loc == SourceLoc{0, 2, 3});
  CHECK(s.rules[1].decls.normal.opacity == Opt<float>(0.5f));
  CHECK(s.files == std::vector<std::string>{"t.zstyle"});
}

TEST_CASE("parser: selector parts, atoms, specificity and key", "[style][parser][selector]") {
  auto s = parse("Slider:hover::knob {} .a.b > Button#ok:active, * {} :focus:checked:disabled {} #x .y Z {}");
  REQUIRE(s.diagnostics.empty());
  const Selector& k = sel(s, 0);
  REQUIRE(k.compounds.size() == 1);
  CHECK(k.compounds[0].type == intern("Slider"));
  CHECK(k.compounds[0].pseudo == PseudoHover);
  CHECK(k.part == intern("knob"));
  CHECK(k.specificity == Specificity{0, 1, 2});
  CHECK(k.key == SelectorKey{SelectorKey::Kind::Type, intern("Slider")});
  CHECK(k.text() == "Slider:hover::knob");

  const Selector& c = sel(s, 1, 0);
  REQUIRE(c.compounds.size() == 2);
  CHECK(c.compounds[0].classes == SmallVector<Atom, 2>{intern("a"), intern("b")});
  CHECK(c.compounds[1].combinator == Combinator::Child);
  CHECK(c.compounds[1].id == intern("ok"));
  CHECK(c.compounds[1].pseudo == PseudoActive);
  CHECK(c.specificity == Specificity{1, 3, 1});
  CHECK(c.key == SelectorKey{SelectorKey::Kind::Id, intern("ok")});
  CHECK(c.text() == ".a.b > Button#ok:active");

  const Selector& u = sel(s, 1, 1);
  CHECK(u.specificity == Specificity{0, 0, 0});
  CHECK(u.key.kind == SelectorKey::Kind::Universal);
  CHECK(u.text() == "*");

  const Selector& p = sel(s, 2);
  CHECK(p.compounds[0].pseudo == (PseudoFocus | PseudoChecked | PseudoDisabled));
  CHECK(p.specificity == Specificity{0, 3, 0});

  const Selector& d = sel(s, 3);
  REQUIRE(d.compounds.size() == 3);
  CHECK(d.compounds[1].combinator == Combinator::Descendant);
  CHECK(d.compounds[2].combinator == Combinator::Descendant);
  CHECK(d.key == SelectorKey{SelectorKey::Kind::Type, intern("Z")});
  CHECK(d.text() == "#x .y Z");
}

TEST_CASE("parser: the tree-structural pseudo-classes, one pseudo-class each in specificity",
          "[style][parser][selector]") {
  auto s =
      parse(":root {} .item:first-child {} Label:LAST-CHILD:only-child {} .list:empty > *:first-child {}");
  REQUIRE(s.diagnostics.empty());
  CHECK(sel(s, 0).compounds[0].pseudo == PseudoRoot);
  CHECK(sel(s, 0).specificity == Specificity{0, 1, 0});
  CHECK(sel(s, 0).text() == ":root");
  CHECK(sel(s, 1).compounds[0].pseudo == PseudoFirstChild);
  CHECK(sel(s, 1).specificity == Specificity{0, 2, 0});
  CHECK(sel(s, 1).text() == ".item:first-child");
  CHECK(sel(s, 2).compounds[0].pseudo == (PseudoLastChild | PseudoOnlyChild));
  CHECK(sel(s, 2).specificity == Specificity{0, 2, 1});
  CHECK(sel(s, 2).text() == "Label:last-child:only-child");
  CHECK(sel(s, 3).compounds[0].pseudo == PseudoEmpty);
  CHECK(sel(s, 3).compounds[1].pseudo == PseudoFirstChild);
  CHECK(sel(s, 3).specificity == Specificity{0, 3, 0});
  CHECK(sel(s, 3).text() == ".list:empty > :first-child");
  // Every pseudo-class with everything else a compound can hold.
  auto all =
      parse("Slider#s.a:hover:active:focus:checked:disabled:root:first-child:last-child:only-child:empty {}");
  REQUIRE(all.diagnostics.empty());
  CHECK(sel(all, 0).specificity == Specificity{1, 11, 1});
}

TEST_CASE("parser: the sibling combinators, with or without spaces around them",
          "[style][parser][selector]") {
  auto s = parse(".a + .b {} .a~Slider#x {} .a .b+.c > .d ~ * {} Slider + Slider::knob {}");
  REQUIRE(s.diagnostics.empty());
  CHECK(sel(s, 0).compounds[1].combinator == Combinator::NextSibling);
  CHECK(sel(s, 0).text() == ".a + .b");
  CHECK(sel(s, 0).specificity == Specificity{0, 2, 0});
  CHECK(sel(s, 1).compounds[1].combinator == Combinator::SubsequentSibling);
  CHECK(sel(s, 1).text() == ".a ~ Slider#x");
  CHECK(sel(s, 1).key == SelectorKey{SelectorKey::Kind::Id, intern("x")});
  const Selector& m = sel(s, 2);
  REQUIRE(m.compounds.size() == 5);
  CHECK(m.compounds[1].combinator == Combinator::Descendant);
  CHECK(m.compounds[2].combinator == Combinator::NextSibling);
  CHECK(m.compounds[3].combinator == Combinator::Child);
  CHECK(m.compounds[4].combinator == Combinator::SubsequentSibling);
  CHECK(m.text() == ".a .b + .c > .d ~ *");
  CHECK(sel(s, 3).text() == "Slider + Slider::knob");
  CHECK(sel(s, 3).part == intern("knob"));
  // A combinator with nothing on one side, or two in a row, drops the rule.
  auto bad = parse("+ .a {} .a ~ {} .a + > .b {} .ok { opacity: 0.5 }");
  REQUIRE(bad.rules.size() == 1);
  CHECK(bad.diagnostics == std::vector<Diagnostic>{
                               err(1, 1, "a selector cannot start with `+`; the rule is skipped"),
                               err(1, 12, "`~` needs a selector after it; the rule is skipped"),
                               err(1, 22, "two combinators in a row; the rule is skipped"),
                           });
}

TEST_CASE("parser: :is(), :where() and :not() take selector lists, with CSS's specificity",
          "[style][parser][selector]") {
  auto s = parse(
      ":is(.a, #b) {} Button:where(.x, .y #z) {} .c:not(.d, Slider > .e) {} :IS(.a :not(:hover), .b) + .c {} "
      ".p:is(.q):where(.r) {}");
  REQUIRE(s.diagnostics.empty());
  const Selector& is = sel(s, 0);
  REQUIRE(is.compounds.size() == 1);
  REQUIRE(is.conditions.size() == 1);
  CHECK(is.conditions[0].compound == 0);
  CHECK(is.conditions[0].kind == SelectorCondition::Kind::Is);
  CHECK(is.conditions[0].selectors.size() == 2);
  CHECK(is.text() == ":is(.a, #b)");
  CHECK(is.specificity == Specificity{1, 0, 0});  // the most specific argument
  CHECK(is.key.kind == SelectorKey::Kind::Universal);
  CHECK(sel(s, 1).text() == "Button:where(.x, .y #z)");
  CHECK(sel(s, 1).specificity == Specificity{0, 0, 1});  // :where() counts nothing
  CHECK(sel(s, 2).text() == ".c:not(.d, Slider > .e)");
  CHECK(sel(s, 2).specificity == Specificity{0, 2, 1});  // .c + the larger of .d and Slider > .e
  const Selector& nested = sel(s, 3);
  CHECK(nested.text() == ":is(.a :not(:hover), .b) + .c");
  CHECK(nested.specificity == Specificity{0, 3, 0});
  REQUIRE(nested.conditions.size() == 1);
  const Selector& inner = nested.conditions[0].selectors[0];
  REQUIRE(inner.conditions.size() == 1);
  CHECK(inner.conditions[0].compound == 1);
  CHECK(inner.conditions[0].kind == SelectorCondition::Kind::Not);
  CHECK(sel(s, 4).specificity == Specificity{0, 2, 0});
  CHECK(sel(s, 4).key == SelectorKey{SelectorKey::Kind::Class, intern("p")});
}

TEST_CASE("parser: :is() and :where() forgive a bad selector, :not() does not",
          "[style][parser][selector][recovery]") {
  auto s = parse(
      ":is(.a, ::knob, .b) { opacity: 0.1 }\n:where(.x:nth-col(2)) { opacity: 0.2 }\n"
      ".y:not(.z, [href=]) { opacity: 0.3 }\n:is(.c:not(::knob), .d) { opacity: 0.4 }\n"
      ":nope(.f) { opacity: 0.6 }\n:not() { opacity: 0.7 }");
  REQUIRE(s.rules.size() == 3);
  CHECK(sel(s, 0).text() == ":is(.a, .b)");
  CHECK(sel(s, 1).text() == ":where()");  // matches nothing, and the rule stays
  CHECK(sel(s, 2).text() == ":is(.d)");
  CHECK(
      s.diagnostics ==
      std::vector<Diagnostic>{
          warn(1, 11,
               "a part (`::knob`) cannot be inside :is(), :where() or :not(); the selector is dropped "
               "from :is()"),
          warn(2, 11, "unsupported pseudo-class :nth-col(); the selector is dropped from :where()"),
          err(3, 12, "an attribute selector's value must be an identifier or a string; the rule is skipped"),
          warn(4, 14,
               "a part (`::knob`) cannot be inside :is(), :where() or :not(); the selector is dropped "
               "from :is()"),
          err(5, 2, "unsupported pseudo-class :nope(); the rule is skipped"),
          err(6, 2, ":not() needs a selector; the rule is skipped"),
      });
  // Nesting is bounded.
  std::string deep = ".a";
  for (int i = 0; i < 20; ++i) deep = ":not(" + deep + ")";
  auto d = parse(deep + " { opacity: 0 }");
  CHECK(d.rules.empty());
  REQUIRE(d.diagnostics.size() == 1);
  CHECK(d.diagnostics[0].message.find("nested more than 16 deep") != std::string::npos);
}

TEST_CASE("parser: the counting pseudo-classes read An+B and `of S`, with CSS's specificity",
          "[style][parser][selector][nth]") {
  auto s = parse(
      ".a:nth-child(2n+1) {} :NTH-LAST-CHILD( -n + 3 of .b, #c) {} Button:nth-of-type(even) {} "
      ":nth-last-of-type(4) {} Label:first-of-type:last-of-type {} :only-of-type {} :nth-child(N- 2) {}");
  REQUIRE(s.diagnostics.empty());
  const Selector& odd = sel(s, 0);
  REQUIRE(odd.conditions.size() == 1);
  CHECK(odd.conditions[0].kind == SelectorCondition::Kind::NthChild);
  CHECK((odd.conditions[0].a == 2 && odd.conditions[0].b == 1));
  CHECK(odd.text() == ".a:nth-child(2n+1)");
  CHECK(odd.specificity == Specificity{0, 2, 0});
  const Selector& of = sel(s, 1);
  CHECK(of.text() == ":nth-last-child(-n+3 of .b, #c)");
  CHECK(of.specificity == Specificity{1, 1, 0});  // a pseudo-class plus the most specific of S
  CHECK(sel(s, 2).text() == "Button:nth-of-type(2n)");
  CHECK(sel(s, 2).specificity == Specificity{0, 1, 1});
  CHECK(sel(s, 3).text() == ":nth-last-of-type(4)");
  CHECK(sel(s, 4).text() == "Label:nth-of-type(1):nth-last-of-type(1)");
  CHECK(sel(s, 4).specificity == Specificity{0, 2, 1});
  CHECK(sel(s, 5).text() == ":nth-of-type(1):nth-last-of-type(1)");  // :only-of-type is both
  CHECK(sel(s, 6).text() == ":nth-child(n-2)");

  auto bad = parse(
      ":nth-child() { opacity: 0 }\n:nth-child(2 n) { opacity: 0 }\n:nth-child(+ 2) { opacity: 0 }\n"
      ":nth-of-type(1 of .a) { opacity: 0 }\n:nth-child(1 of) { opacity: 0 }\n:nth-child(n+1.5) { opacity: 0 "
      "}");
  CHECK(bad.rules.empty());
  REQUIRE(bad.diagnostics.size() == 6);
  CHECK(bad.diagnostics[0].message ==
        ":nth-child() takes An+B: an integer, `2n+1`, `-n+3`, `odd` or `even`; the rule is skipped");
  CHECK(bad.diagnostics[1].col == 12);
  CHECK(bad.diagnostics[3].message ==
        "`of S` belongs to :nth-child() and :nth-last-child(), not :nth-of-type(); the rule is skipped");
  CHECK(bad.diagnostics[4].message == "`of` needs a selector after it; the rule is skipped");
}

TEST_CASE("parser: attribute selectors: the seven forms, flags, and CSS's specificity",
          "[style][parser][selector][attribute]") {
  auto s = parse(
      "[open] {} Button[ kind = primary ] {} [lang|=\"en\"] {} [title~=a] {} [href^='http' i] {} "
      "[src$=\".png\" s] {} [data-x*=\"a\\\"b\"] {} :is([a], .b) {}");
  for (const Diagnostic& d : s.diagnostics) INFO(d.format());
  REQUIRE(s.diagnostics.empty());
  using Op = SelectorCondition::AttrOp;
  const Selector& open = sel(s, 0);
  REQUIRE(open.conditions.size() == 1);
  CHECK(open.conditions[0].kind == SelectorCondition::Kind::Attribute);
  CHECK(open.conditions[0].attribute == intern("open"));
  CHECK(open.conditions[0].op == Op::Exists);
  CHECK(open.text() == "[open]");
  CHECK(open.specificity == Specificity{0, 1, 0});
  CHECK(sel(s, 1).text() == "Button[kind=\"primary\"]");
  CHECK(sel(s, 1).specificity == Specificity{0, 1, 1});
  CHECK(sel(s, 2).conditions[0].op == Op::DashMatch);
  CHECK(sel(s, 3).conditions[0].op == Op::Includes);
  const SelectorCondition& prefix = sel(s, 4).conditions[0];
  CHECK((prefix.op == Op::Prefix && prefix.ignoreCase && prefix.value == "http"));
  CHECK(sel(s, 4).text() == "[href^=\"http\" i]");
  CHECK((sel(s, 5).conditions[0].op == Op::Suffix && !sel(s, 5).conditions[0].ignoreCase));
  CHECK(sel(s, 6).conditions[0].value == "a\"b");
  CHECK(sel(s, 6).text() == "[data-x*=\"a\\\"b\"]");
  CHECK(sel(s, 7).text() == ":is([a], .b)");

  auto bad = parse(
      "[] { opacity: 0 }\n[a=] { opacity: 0 }\n[a==b] { opacity: 0 }\n[a=b c] { opacity: 0 }\n"
      "[a!=b] { opacity: 0 }\n[*|a] { opacity: 0 }\n.ok { opacity: 0.5 }");
  REQUIRE(bad.rules.size() == 1);
  CHECK(bad.rules[0].decls.normal.opacity == Opt<float>(0.5f));
  CHECK(bad.diagnostics == std::vector<Diagnostic>{
                               err(1, 1, "`[` must be followed by an attribute name; the rule is skipped"),
                               err(2, 1,
                                   "an attribute selector's value must be an identifier or a string; the "
                                   "rule is skipped"),
                               err(3, 4,
                                   "an attribute selector's value must be an identifier or a string; the "
                                   "rule is skipped"),
                               err(4, 6, "unexpected `c` in an attribute selector; the rule is skipped"),
                               err(5, 3,
                                   "expected `=`, `~=`, `|=`, `^=`, `$=` or `*=` after the attribute name; "
                                   "the rule is skipped"),
                               err(6, 2, "`[` must be followed by an attribute name; the rule is skipped"),
                           });
}

TEST_CASE("parser: the key prefers id, then the first class, then the type", "[style][parser][selector]") {
  auto s = parse("Button.primary.big {} Button {} .a Button.x {}");
  CHECK(sel(s, 0).key == SelectorKey{SelectorKey::Kind::Class, intern("primary")});
  CHECK(sel(s, 1).key == SelectorKey{SelectorKey::Kind::Type, intern("Button")});
  CHECK(sel(s, 2).key == SelectorKey{SelectorKey::Kind::Class, intern("x")});
}

TEST_CASE("parser: pseudo-class names are case-insensitive, type names are not",
          "[style][parser][selector]") {
  auto s = parse("slider:HOVER {}");
  CHECK(s.diagnostics.empty());
  CHECK(sel(s, 0).compounds[0].type == intern("slider"));
  CHECK(sel(s, 0).compounds[0].type != intern("Slider"));
  CHECK(sel(s, 0).compounds[0].pseudo == PseudoHover);
}

TEST_CASE("parser: a bad selector skips its rule to the matching brace", "[style][parser][recovery]") {
  auto s = parse(
      ".a:nth-col(2) { opacity: 0; x { y } }\n.ok { opacity: 0.25 }\n"
      "a ~ + b{} a[hre=] {} .a:unknown {} Slider::knob:hover {} > a {} a, , b {} Slider::knob .x {}");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.opacity == Opt<float>(0.25f));
  CHECK(
      s.diagnostics ==
      std::vector<Diagnostic>{
          err(1, 4, "unsupported pseudo-class :nth-col(); the rule is skipped"),
          err(3, 5, "two combinators in a row; the rule is skipped"),
          err(3, 12, "an attribute selector's value must be an identifier or a string; the rule is skipped"),
          err(3, 25,
              "unsupported pseudo-class :unknown (supported: :hover, :active, :focus, :checked, "
              ":disabled, :root, :first-child, :last-child, :only-child, :empty, :first-of-type, "
              ":last-of-type, :only-of-type, :nth-child(), :nth-last-child(), :nth-of-type(), "
              ":nth-last-of-type(), :is(), :where(), :not()); "
              "the "
              "rule is skipped"),
          err(3, 48,
              "pseudo-classes after `::knob` are not supported; put them before the part "
              "(Slider:hover::knob); the rule is skipped"),
          err(3, 58, "a selector cannot start with `>`; the rule is skipped"),
          err(3, 68, "empty selector in the selector list; the rule is skipped"),
          err(3, 88, "nothing may follow the part `::knob`; the rule is skipped"),
      });
}

TEST_CASE("parser: a bad declaration is dropped, the rest of the rule kept", "[style][parser][recovery]") {
  auto s = parse(".a {\n  opacity: banana;\n  width: 10px;\n  height 5px;\n  : 3;\n  left: 1px\n}");
  REQUIRE(s.rules.size() == 1);
  const Style& st = s.rules[0].decls.normal;
  CHECK_FALSE(st.opacity.is_set);
  CHECK(st.width == Opt<Value>(Px(10)));
  CHECK_FALSE(st.height.is_set);
  CHECK(st.left == Opt<Value>(Px(1)));
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{
            err(2, 12, "invalid value for opacity: expected a number or a percentage, found `banana`"),
            err(4, 3, "expected `:` after `height`"),
            err(5, 3, "expected a declaration, found `:`"),
        });
}

TEST_CASE("parser: unknown property warns with the nearest name (seed §11)", "[style][parser]") {
  auto s = parse(".a { animate: pulse 1s; colr: red; zzzzqqq: 1; Opacity: 0.5 }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.opacity == Opt<float>(0.5f));
  CHECK_FALSE(s.rules[0].decls.normal.animations.is_set);
  CHECK(s.diagnostics == std::vector<Diagnostic>{
                             warn(1, 6, "unknown property `animate`; did you mean `animation`?"),
                             warn(1, 25, "unknown property `colr`; did you mean `color`?"),
                             warn(1, 36, "unknown property `zzzzqqq`; ignored"),
                         });
  CHECK(suggestPropertyName("transtion") == "transition");
  CHECK(suggestPropertyName("backgroud-color") == "background-color");
  CHECK(suggestPropertyName("animation-dely") == "animation-delay");
}

TEST_CASE("parser: unterminated block keeps its declarations, with an error", "[style][parser][recovery]") {
  auto s = parse(".a { opacity: 0.5;\n  width: 3px");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.opacity == Opt<float>(0.5f));
  CHECK(s.rules[0].decls.normal.width == Opt<Value>(Px(3)));
  CHECK(s.diagnostics == std::vector<Diagnostic>{
                             err(1, 4, "unexpected end of file: the block opened here has no closing `}`")});
}

TEST_CASE("parser: a rule without a block at end of file is dropped", "[style][parser][recovery]") {
  auto s = parse(".ok { opacity: 1 }\n.a .b");
  CHECK(s.rules.size() == 1);
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{err(2, 1, "unexpected end of file: the rule `.a .b` has no `{ … }` block")});
}

TEST_CASE("parser: unterminated comment and string recover as CSS says", "[style][parser][recovery]") {
  auto s = parse(".a { width: 1px; content: \"oops\n; height: 2px }\n.b { opacity: 0 } /* tail");
  REQUIRE(s.rules.size() == 2);
  CHECK(s.rules[0].decls.normal.width == Opt<Value>(Px(1)));
  CHECK(s.rules[0].decls.normal.height == Opt<Value>(Px(2)));
  CHECK(s.rules[1].decls.normal.opacity == Opt<float>(0.0f));
  CHECK(s.diagnostics == std::vector<Diagnostic>{
                             err(1, 27, "unterminated string: a newline ends it"),
                             warn(1, 18, "unknown property `content`; ignored"),
                             err(3, 19, "unterminated comment: missing `*/`"),
                         });
}

TEST_CASE("parser: stray closing brace drops the rule after it (CSS)", "[style][parser][recovery]") {
  auto s = parse(".a { opacity: 1 } }\n.b { opacity: 0 }\n.c { opacity: 0.5 }");
  REQUIRE(s.rules.size() == 2);
  CHECK(s.rules[1].decls.normal.opacity == Opt<float>(0.5f));
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{err(1, 19, "unexpected `}`; the rule that follows it is dropped (CSS)")});
}

TEST_CASE("parser: nested rules apply (CSS Nesting), declarations around them kept in order",
          "[style][parser][nesting]") {
  auto s = parse(
      ".a {\n  &:hover { opacity: 0 }\n  width: 1px;\n  Slider:hover { opacity: 1 }\n  height: 2px;\n}");
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules.size() == 5);
  CHECK(s.rules[0].selectors[0].text() == ".a");
  CHECK(s.rules[1].selectors[0].text() == ".a:hover");
  CHECK(s.rules[1].decls.normal.opacity == Opt<float>(0.0f));
  CHECK(s.rules[2].decls.normal.width == Opt<Value>(Px(1)));
  CHECK(s.rules[3].selectors[0].text() == ".a Slider:hover");
  CHECK(s.rules[4].decls.normal.height == Opt<Value>(Px(2)));
}

TEST_CASE("parser: unknown and unsupported at-rules are skipped with a warning", "[style][parser]") {
  auto s = parse(
      "@font-face { font-family: x }\n@foo bar;\n@charset \"utf-8\";\n"
      ".b { @apply x; opacity: 0.5 }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.opacity == Opt<float>(0.5f));
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{
            warn(1, 1, "@font-face is not supported; the at-rule is skipped"),
            warn(2, 1, "unknown at-rule @foo; skipped"),
            err(4, 6, "@apply is not allowed inside a style rule (only @media and @supports are); skipped"),
        });
}

TEST_CASE("parser: empty input, whitespace and CDO/CDC give an empty sheet", "[style][parser]") {
  CHECK(parse("").rules.empty());
  CHECK(parse("").diagnostics.empty());
  auto s = parse("  <!-- \n .a { opacity: 1 } --> /* c */ ");
  CHECK(s.rules.size() == 1);
  CHECK(s.diagnostics.empty());
}

TEST_CASE("parser: garbage and NUL bytes never crash and leave later rules loaded",
          "[style][parser][recovery]") {
  std::string junk = "\x01\x02 }}} {{ ;;; @@ ## \\\n ) ] ( [ ";
  junk += std::string(1, '\0');
  junk += "\xff\xfe url(a b) \"\n";
  for (int i = 0; i < 2000; ++i) junk.push_back(static_cast<char>((i * 7919 + 13) % 256));
  // An unclosed comment would swallow the rest, as CSS says; keep the junk free of one.
  for (std::size_t at; (at = junk.find("/*")) != std::string::npos;) junk[at] = ' ';
  // Close whatever the junk opened: a `)`, `]` or `}` that does not match the
  // innermost open bracket is an ordinary token, so cycle through all three.
  std::string text = junk + "\n";
  for (int i = 0; i < 400; ++i) text += ")]}";
  // Top-level junk is the prelude of the next rule (CSS): give it a block of its own.
  text += " {}\n.good { opacity: 0.5 }";
  auto s = parse(text);
  // Whatever the junk did, the good rule is the last one and intact.
  REQUIRE_FALSE(s.rules.empty());
  bool found = false;
  for (const StyleRule& r : s.rules)
    found = found || (r.selectors.size() == 1 && r.selectors[0].text() == ".good" &&
                      r.decls.normal.opacity == Opt<float>(0.5f));
  CHECK(found);
  CHECK(s.hasErrors());
}

TEST_CASE("parser: NUL in a name reads as U+FFFD and the rule still loads", "[style][parser]") {
  std::string text = ".a";
  text.push_back('\0');
  text += " { opacity: 0 }";
  auto s = parse(text);
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].selectors[0].compounds[0].classes[0] == intern("a\xEF\xBF\xBD"));
}

TEST_CASE("parser: deep nesting is bounded with a diagnostic, no stack overflow",
          "[style][parser][recovery]") {
  std::string deep =
      ".a { width: " + std::string(100000, '(') + std::string(100000, ')') + "; height: 1px }\n";
  deep += std::string(50000, '[') + " .b { }\n";
  deep += ".c { opacity: " + std::string(300, '(') + " }\n";
  deep += ".d { opacity: 0.5 }";
  auto s = parse(deep);
  // .a keeps height; the bracket run of .b never closes, so everything after it is its prelude.
  REQUIRE(s.rules.size() >= 1);
  CHECK(s.rules[0].decls.normal.height == Opt<Value>(Px(1)));
  REQUIRE_FALSE(s.diagnostics.empty());
  CHECK(s.diagnostics[0] ==
        err(1, 6, "nesting deeper than 256 levels in the value of width; the declaration is dropped"));

  // Deep but balanced selector nesting: the rule is skipped, the next one loads.
  auto t = parse(":is" + std::string(1000, '(') + std::string(1000, ')') + " { }\n.ok { opacity: 1 }");
  REQUIRE(t.rules.size() == 1);
  CHECK(t.diagnostics == std::vector<Diagnostic>{
                             err(1, 1, "nesting deeper than 256 levels in a selector; the rule is skipped")});

  // The limit is an option.
  QuietLog quiet;
  ParseOptions o;
  o.maxNesting = 4;
  auto u = parseStyleSheet(".a { width: calc(((((1px)))));  height: calc((1px)) }", o);
  REQUIRE(u.rules.size() == 1);
  CHECK_FALSE(u.rules[0].decls.normal.width.is_set);
  CHECK(u.rules[0].decls.normal.height == Opt<Value>(Px(1)));
}

TEST_CASE("parser: a 1 MB generated sheet parses without a crash", "[style][parser]") {
  std::string big;
  big.reserve(1 << 20);
  int i = 0;
  while (big.size() < (1u << 20)) {
    big += ".c" + std::to_string(i) + " > Button:hover, #i" + std::to_string(i) + " .x { opacity: 0." +
           std::to_string(i % 10) + "; width: " + std::to_string(i % 300) +
           "px; padding: 1px 2px; color: red; " +
           "transform: translateX(3px) scale(1.5); transition: opacity 0.2s ease-in; }\n";
    if (i % 10 == 0)
      big += "@keyframes k" + std::to_string(i) +
             " { from { opacity: 0 } 50% { width: 10px } to { opacity: 1 } }\n";
    ++i;
  }
  auto s = parse(big);
  CHECK(s.diagnostics.empty());
  CHECK(s.rules.size() == static_cast<std::size_t>(i));
  CHECK(s.keyframes.size() == static_cast<std::size_t>((i + 9) / 10));
}

TEST_CASE("parser: huge numbers are out of range, not infinities", "[style][parser]") {
  auto s = parse(".a { width: 1e999px; opacity: 1e400; flex-grow: 1e39; height: 5px }");
  REQUIRE(s.rules.size() == 1);
  CHECK_FALSE(s.rules[0].decls.normal.width.is_set);
  CHECK_FALSE(s.rules[0].decls.normal.flexGrow.is_set);
  CHECK(s.rules[0].decls.normal.height == Opt<Value>(Px(5)));
  CHECK(s.diagnostics == std::vector<Diagnostic>{
                             err(1, 13, "invalid value for width: number out of range: `1e999px`"),
                             err(1, 31, "invalid value for opacity: number out of range"),
                             err(1, 49, "invalid value for flex-grow: number out of range"),
                         });
}

TEST_CASE("parser: diagnostics are also sent to zenit::log", "[style][parser]") {
  std::vector<Diagnostic> logged;
  LogSink prev = setLogSink([&](const Diagnostic& d) { logged.push_back(d); });
  ParseOptions o;
  o.fileName = "x.zstyle";
  auto s = parseStyleSheet(".a { animate: 1 }", o);
  setLogSink(prev);
  REQUIRE(s.diagnostics.size() == 1);
  CHECK(logged == s.diagnostics);
  CHECK(logged[0].format() == "x.zstyle:1:6: warning: unknown property `animate`; did you mean `animation`?");
}

TEST_CASE("parser: a diagnostic is one line: control characters are escaped as CSS escapes them",
          "[style][parser]") {
  // fuzz/corpus/shorthand/crash-86f7…: an at-keyword whose name is the
  // escape `\a`, a newline, echoed in the message.
  std::vector<Diagnostic> diags;
  QuietLog quiet;
  (void)parseStyleAttribute("\x40\x5c\x61", &diags);  // @\a
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message == "@\\a  is not allowed inside a declaration block; skipped");
  // Names in sheets: an escaped newline or tab in a property or at-rule name.
  const StyleSheet s = parse(".a { col\\9 or: red } @x\\a y {}");
  REQUIRE(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[0].message == "unknown property `col\\9 or`; did you mean `color`?");
  CHECK(s.diagnostics[1].message == "unknown at-rule @x\\a y; skipped");
  // Any diagnostic, whoever builds it: U+0000 becomes U+FFFD, the file too.
  const Diagnostic d{Severity::Error, "a\nb.zstyle", 1, 2, std::string("x\ny\x7f\0z", 6)};
  CHECK(d.message == "x\\a y\\7f \xEF\xBF\xBDz");
  CHECK(d.format() == "a\\a b.zstyle:1:2: error: x\\a y\\7f \xEF\xBF\xBDz");
}

TEST_CASE("parser: !important goes to its own Style", "[style][parser]") {
  auto s = parse(".a { opacity: 0.5 !important; opacity: 0.25; width: 1px ! IMPORTANT }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules[0].decls.important);
  CHECK(s.rules[0].decls.important->opacity == Opt<float>(0.5f));
  CHECK(s.rules[0].decls.normal.opacity == Opt<float>(0.25f));
  CHECK(s.rules[0].decls.important->width == Opt<Value>(Px(1)));
  CHECK_FALSE(s.rules[0].decls.normal.width.is_set);
}

TEST_CASE("parser: a block's important Style exists only once an !important declaration is written",
          "[style][parser]") {
  auto s = parse(
      ".none { opacity: 0.5 }\n"
      ".refused { opacity: red !important; width: 2px }\n"
      ".kept { opacity: red !important; width: 3px !important }\n"
      ".initial { opacity: initial !important }\n"
      ".inherit { opacity: inherit !important }");
  REQUIRE(s.rules.size() == 5);
  CHECK_FALSE(s.rules[0].decls.important);
  CHECK(s.rules[0].decls.importantValues().empty());
  CHECK_FALSE(s.rules[1].decls.important);  // the refused value makes none
  CHECK(s.rules[1].decls.normal.width == Opt<Value>(Px(2)));
  REQUIRE(s.rules[2].decls.important);
  CHECK(s.rules[2].decls.important->width == Opt<Value>(Px(3)));
  CHECK_FALSE(s.rules[2].decls.important->opacity.is_set);
  REQUIRE(s.rules[3].decls.important);
  CHECK(s.rules[3].decls.important->opacity.is_set);
  CHECK_FALSE(s.rules[4].decls.important);  // `inherit` is only warned about here
  CHECK(s.rules[2].decls.importantValues().width == Opt<Value>(Px(3)));
}

TEST_CASE("parser: CSS-wide keywords", "[style][parser]") {
  auto s = parse(
      ".a { opacity: 0.5; opacity: initial; width: unset; color: unset; padding-top: initial; "
      "left: inherit }");
  REQUIRE(s.rules.size() == 1);
  const Style& st = s.rules[0].decls.normal;
  CHECK(st.opacity == Opt<float>(1.0f));
  CHECK(st.width == Opt<Value>(Value::makeAuto()));
  CHECK_FALSE(st.color.is_set);
  CHECK(st.padding.is_set);
  CHECK(st.holes.padding == 0b1110);
  CHECK_FALSE(st.left.is_set);
  // inherit, and unset on an inherited row, are decided per element by the
  // cascade: kept as declarations for it (tests/style/test_resolver.cpp).
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules[0].decls.pending.size() == 2);
  CHECK(s.rules[0].decls.pending[0].property == "color");
  CHECK(s.rules[0].decls.pending[0].value == "unset");
  CHECK(s.rules[0].decls.pending[1].property == "left");
  CHECK(s.rules[0].decls.pending[1].value == "inherit");
  // Not in @keyframes (shared, not per element), nor on the animation
  // lists; unset there is initial (they do not inherit).
  auto k =
      parse("@keyframes k { from { color: inherit } } .b { animation: inherit; transition-delay: unset }");
  REQUIRE(k.diagnostics.size() == 2);
  CHECK(k.diagnostics[0].message.find("not supported in @keyframes") != std::string::npos);
  CHECK(k.diagnostics[1].message == "`inherit` is not supported for animation; the declaration is ignored");
  CHECK(k.rules[0].decls.pending.empty());
}

TEST_CASE("parser: @import inlines the file before the importing rules", "[style][parser][import]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "zenit_parser_import_test";
  fs::create_directories(dir / "sub");
  auto write = [&](const fs::path& p, const std::string& text) { std::ofstream(p) << text; };
  write(dir / "main.zstyle",
        "@import \"sub/base.zstyle\";\n@import url(sub/base.zstyle);\n.main { opacity: 1 }\n");
  write(dir / "sub" / "base.zstyle", "@import 'tokens.zstyle';\n.base { opacity: 0.5 }\n");
  write(dir / "sub" / "tokens.zstyle",
        "@import \"../main.zstyle\";\n.tokens { width: 1px }\n@keyframes k { to { opacity: 0 } }\n");
  QuietLog quiet;
  auto s = parseStyleFile((dir / "main.zstyle").string());
  REQUIRE(s.rules.size() == 3);
  CHECK(s.rules[0].selectors[0].text() == ".tokens");
  CHECK(s.rules[1].selectors[0].text() == ".base");
  CHECK(s.rules[2].selectors[0].text() == ".main");
  CHECK(s.rules[0].loc.file == 2);
  CHECK(s.keyframes.size() == 1);
  REQUIRE(s.files.size() == 3);
  CHECK(s.files[1] == (dir / "sub" / "base.zstyle").lexically_normal().string());
  REQUIRE(s.imports.size() == 4);
  CHECK(s.imports[0].loaded);
  CHECK(s.imports[1].loaded);        // tokens (nested, recorded while base loads)
  CHECK_FALSE(s.imports[2].loaded);  // main again: a cycle
  CHECK_FALSE(s.imports[3].loaded);  // base again: already loaded
  REQUIRE(s.diagnostics.size() == 1);
  CHECK(s.diagnostics[0] == warn(1, 1,
                                 "@import cycle: \"../main.zstyle\" is already being loaded; not followed",
                                 (dir / "sub" / "tokens.zstyle").lexically_normal().string()));
  fs::remove_all(dir);
}

TEST_CASE("parser: @import errors: missing file, late import, bad syntax", "[style][parser][import]") {
  auto s = parse(
      "@import \"does-not-exist.zstyle\";\n@import foo;\n.a { opacity: 1 }\n@import \"late.zstyle\";\n"
      "@import \"x.zstyle\" screen;");
  CHECK(s.rules.size() == 1);
  REQUIRE(s.diagnostics.size() == 4);
  CHECK(s.diagnostics[0] == err(1, 1, "cannot read imported file \"does-not-exist.zstyle\""));
  CHECK(s.diagnostics[1] == err(2, 1, "@import needs a file: @import \"file.zstyle\";"));
  CHECK(s.diagnostics[2] ==
        warn(4, 1, "@import after other rules is ignored (CSS requires @import before every other rule)"));
  CHECK(s.diagnostics[3] ==
        warn(5, 1, "@import after other rules is ignored (CSS requires @import before every other rule)"));
}

TEST_CASE("parser: several files parse into one sheet, in order", "[style][parser][import]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "zenit_parser_files_test";
  fs::create_directories(dir);
  std::ofstream(dir / "a.zstyle") << ".a { opacity: 1 }\n@keyframes k { to { opacity: 0 } }\n";
  std::ofstream(dir / "b.zstyle") << ".b { opacity: 0 }\n@keyframes k { to { opacity: 1 } }\n";
  QuietLog quiet;
  auto s = parseStyleFiles(
      {(dir / "a.zstyle").string(), (dir / "b.zstyle").string(), (dir / "nope.zstyle").string()});
  REQUIRE(s.rules.size() == 2);
  CHECK(s.rules[1].loc.file == 1);
  CHECK(s.rules[1].order == 1);
  REQUIRE(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[0] == warn(2, 1,
                                 "@keyframes k replaces the one at " + (dir / "a.zstyle").string() +
                                     ":2:1 (the later block wins; keyframes are not merged across blocks)",
                                 (dir / "b.zstyle").string()));
  CHECK(s.diagnostics[1] == Diagnostic{Severity::Error, (dir / "nope.zstyle").string(), 0, 0,
                                       "cannot read stylesheet \"" + (dir / "nope.zstyle").string() + "\""});
  CHECK(s.findKeyframes("k") == &s.keyframes[1]);
  fs::remove_all(dir);
}

TEST_CASE("dump: canonical, stable text of rules and keyframes", "[style][parser][dump]") {
  auto s = parse(
      "Slider:hover::knob, .a > .b { opacity: 50%; padding-top: 2px; width: var(--w); --w: 3px; "
      "z-index: 2 !important }\n@keyframes k { 0%, 50% { translate: 10px } to { opacity: 1; "
      "animation-timing-function: linear } }");
  REQUIRE(s.diagnostics.empty());
  const std::string d = dumpStyleSheet(s, DumpOptions{false});
  CHECK(d ==
        "Slider:hover::knob (0,1,2),\n"
        ".a > .b (0,2,0) {\n"
        "  opacity: 0.5;\n"
        "  padding-top: 2px;\n"
        "  width: var(--w); /* var(): resolved per element */\n"
        "  z-index: 2 !important;\n"
        "  --w: 3px;\n"
        "}\n"
        "@keyframes k {\n"
        "  0% {\n"
        "    translate-x: 10px;\n"
        "    translate-y: 0px;\n"
        "  }\n"
        "  50% {\n"
        "    translate-x: 10px;\n"
        "    translate-y: 0px;\n"
        "  }\n"
        "  100% {\n"
        "    opacity: 1;\n"
        "    animation-timing-function: linear;\n"
        "  }\n"
        "}\n");
  // Same meaning, different spelling: same dump.
  auto t = parse(".a>.b,Slider:HOVER::knob{opacity:.5}");
  auto u = parse(".a > .b, Slider:hover::knob { opacity: 50% }");
  CHECK(dumpStyleSheet(t, DumpOptions{false}) == dumpStyleSheet(u, DumpOptions{false}));
  CHECK(dumpStyleSheet(s).rfind("/* t.zstyle:1:1 */\n", 0) == 0);
}

TEST_CASE("parser: a block without a selector is skipped", "[style][parser][recovery]") {
  auto s = parse("{ opacity: 0 }\n.ok { opacity: 1 }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].selectors[0].text() == ".ok");
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{err(1, 1, "a rule needs a selector before `{`; the rule is skipped")});
}

TEST_CASE("parser: values beyond float range never reach a float", "[style][parser][recovery]") {
  auto s = parse(".a { width: 1e300px; height: 1e300%; left: 1e300em; transform: scale(1e300) }");
  REQUIRE(s.rules.size() == 1);
  CHECK(s.rules[0].decls.normal.empty());
  CHECK(s.diagnostics.size() == 4);
}
