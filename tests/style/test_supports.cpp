// @supports: the condition grammar of CSS Conditional 3, evaluated when the
// sheet is read against what ZenitUI's parser accepts; the block's rules
// kept or skipped; syntax errors and recovery.
#include "parser_test_util.hpp"

#include <string>

using namespace zenit;
using namespace zenit::test;

namespace {

// Whether `@supports CONDITION { .a { opacity: 0.5 } }` keeps its rule,
// with no diagnostic either way.
bool holds(const std::string& condition) {
  const StyleSheet s = parse("@supports " + condition + " { .a { opacity: 0.5 } }");
  INFO(condition);
  CHECK(s.diagnostics.empty());
  return s.rules.size() == 1;
}

}  // namespace

TEST_CASE("@supports: declarations the parser reads hold, others do not", "[style][supports]") {
  CHECK(holds("(display: flex)"));
  CHECK(holds("(opacity: 0.5)"));
  CHECK(holds("(transform: translateX(4px) rotate(10deg))"));
  CHECK(holds("(animation: pulse 1s ease-in-out infinite)"));
  CHECK(holds("(color: red !important)"));
  CHECK(holds("(--anything: { whatever })"));          // a custom property takes any value
  CHECK(holds("(width: var(--w))"));                   // var() is valid until computed-value time
  CHECK_FALSE(holds("(display: grid)"));               // a value ZenitUI does not read
  CHECK_FALSE(holds("(backdrop-filter: blur(4px))"));  // a property it does not know
  CHECK_FALSE(holds("(opacity: )"));
  CHECK(holds("( width : var(--w) )"));  // whitespace inside the brackets changes nothing
  // What the cascade decides per element, and the newer values.
  CHECK(holds("(background-color: inherit)"));
  CHECK(holds("(color: unset)"));
  CHECK(holds("(border: 1px solid currentcolor)"));
  CHECK(holds("(color: oklch(0.7 0.1 150))"));
  CHECK(holds("(background-color: color-mix(in oklab, red, blue))"));
  CHECK(holds("(opacity: clamp(0, 0.5, 1))"));
  CHECK_FALSE(holds("(animation: inherit)"));                            // the lists do not take it
  CHECK_FALSE(holds("(color: color-mix(in srgb, currentcolor, red))"));  // not inside a function
  CHECK_FALSE(holds("(width: min(100%, 600px))"));                       // lengths in two units
}

TEST_CASE("@supports: not, and, or, nesting and selector()", "[style][supports]") {
  CHECK(holds("not (display: grid)"));
  CHECK_FALSE(holds("not (display: flex)"));
  CHECK(holds("(display: flex) and (opacity: 1)"));
  CHECK_FALSE(holds("(display: flex) and (display: grid)"));
  CHECK(holds("(display: grid) or (display: flex)"));
  CHECK_FALSE(holds("(display: grid) or (gap: nonsense)"));
  CHECK(holds("((display: grid) or (display: flex)) and (not (display: grid))"));
  CHECK(holds("selector(.a > .b:hover)"));
  CHECK(holds("selector(Slider::knob)"));
  CHECK(holds("selector(.a + .b ~ Slider)"));
  CHECK(holds("selector(:is(.a, .b) > :not(:hover))"));
  CHECK_FALSE(holds("selector(:not(::knob))"));
  CHECK_FALSE(holds("selector(.a + + .b)"));
  CHECK(holds("selector(a[href^=http i]:nth-child(2n of .x))"));
  CHECK_FALSE(holds("selector(a[href=])"));
  CHECK_FALSE(holds("selector(a:has(b))"));
  // Anything else in brackets is CSS's <general-enclosed>: false, not an error.
  CHECK_FALSE(holds("(whatever)"));
  CHECK_FALSE(holds("font-tech(color-COLRv1)"));
  CHECK(holds("not (whatever)"));
}

TEST_CASE("@supports: the block's rules stand as if written around it", "[style][supports]") {
  const StyleSheet s = parse(R"(.before { opacity: 0.1 }
@supports (display: flex) {
  .in { opacity: 0.2 }
  @keyframes fade { from { opacity: 0 } to { opacity: 1 } }
  @media (min-width: 100px) { .both { opacity: 0.3 } }
  @supports not (display: flex) { .never { opacity: 0.4 } }
}
@supports (display: grid) { .skipped { opacity: 0.5 } @keyframes gone { to { opacity: 0 } } }
.after { opacity: 0.6 }
)");
  CHECK(s.diagnostics.empty());
  REQUIRE(s.rules.size() == 4);
  CHECK(s.rules[0].selectors[0].text() == ".before");
  CHECK(s.rules[1].selectors[0].text() == ".in");
  CHECK(s.rules[1].media == kNoMedia);
  CHECK(s.rules[2].selectors[0].text() == ".both");
  CHECK(s.rules[2].media == 0);
  CHECK(s.rules[3].selectors[0].text() == ".after");
  REQUIRE(s.keyframes.size() == 1);  // @keyframes in a holding @supports, outside @media, is kept
  CHECK(s.keyframes[0].name == "fade");
}

TEST_CASE("@supports: a malformed condition drops the at-rule with a located error, and nothing else",
          "[style][supports]") {
  const StyleSheet s = parse(R"(@supports display: flex { .a { opacity: 0.5 } }
@supports (display: flex) and (opacity: 1) or (color: red) { .b { opacity: 0.5 } }
@supports { .c { opacity: 0.5 } }
@supports (display: flex);
.d { opacity: 0.5 }
@supports (display: flex) {
  .e { opacity: 0.5 }
  .broken
}
.f { opacity: 0.5 }
)");
  REQUIRE(s.rules.size() == 3);
  CHECK(s.rules[0].selectors[0].text() == ".d");
  CHECK(s.rules[1].selectors[0].text() == ".e");
  CHECK(s.rules[2].selectors[0].text() == ".f");
  CHECK(s.diagnostics ==
        std::vector<Diagnostic>{
            err(1, 11, "@supports: `display: flex` is not a condition; the at-rule is skipped"),
            // A long condition is quoted shortened, as every diagnostic quotes source.
            err(2, 44,
                "@supports: `(display: flex) and (opacity: 1) or (col…` is not a condition; the "
                "at-rule is skipped"),
            err(3, 1, "@supports needs a condition, such as `(display: flex)`; the at-rule is skipped"),
            err(4, 1, "@supports needs a `{ … }` block; the at-rule is skipped"),
            err(8, 3,
                "the rule `.broken` has no `{ … }` block before the `}` closing its at-rule; the rule is "
                "dropped"),
        });
}

TEST_CASE("@supports: an unclosed block and @import inside are reported", "[style][supports]") {
  const StyleSheet a = parse("@supports (display: flex) { .a { opacity: 0.5 } ");
  CHECK(a.rules.size() == 1);
  CHECK(a.diagnostics ==
        std::vector<Diagnostic>{err(1, 1, "unexpected end of file: @supports's block is not closed")});
  const StyleSheet b = parse("@supports (display: flex) { @import \"x.zstyle\"; .a { opacity: 0.5 } }");
  CHECK(b.rules.size() == 1);
  CHECK(b.imports.empty());
  CHECK(b.diagnostics ==
        std::vector<Diagnostic>{
            err(1, 29, "@import must come before every rule, outside @supports; it is ignored")});
}
