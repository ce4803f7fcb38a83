// Parser: GSAP's ease names in stylesheets (docs/easing.md, "GSAP eases in
// stylesheets"): `power2.inOut` (identifier, `.`, identifier) and
// `back.out(3)` (identifier, `.`, function) wherever an easing is accepted,
// a family alone kept for @keyframes names and properties, errors placed
// and worded, and the byte paths agreeing with the token path.
#include "parser_paths_util.hpp"

#include "../../src/style/ParserInternal.hpp"

#include <string>
#include <string_view>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

TransitionFunction easing(std::string_view text) {
  const std::optional<TransitionFunction> f = parseEasing(text);
  REQUIRE(f.has_value());
  return *f;
}

const AnimationRef& onlyAnimation(const Style& s) {
  REQUIRE(s.animations.is_set);
  REQUIRE(s.animations.value.size() == 1);
  return s.animations.value[0];
}

const TransitionRef& onlyTransition(const Style& s) {
  REQUIRE(s.transitions.is_set);
  REQUIRE(s.transitions.value.size() == 1);
  return s.transitions.value[0];
}

}  // namespace

TEST_CASE("GSAP eases in stylesheets: the shorthands read family.mode and family.mode(parameters)",
          "[style][parser][animation][gsap]") {
  const StyleSheet s = parse(
      "@keyframes x { from { opacity: 0 } to { opacity: 1 } }\n"
      ".a { transition: opacity 1s power2.inOut }\n"
      ".b { animation: x 1s back.out(3) }\n"
      ".c { animation: elastic.inOut(2, 0.5) 2s x infinite }\n"
      ".d { transition: opacity 0.3s Power2.InOut, color 1s back.inOut(1.5) 2s, width 1s sine.in }\n"
      ".e { animation: x 1s elastic.out(1 0.3), y 2s expo.inOut }\n");
  CHECK(s.diagnostics.empty());
  for (const Diagnostic& d : s.diagnostics) UNSCOPED_INFO(d.format());
  REQUIRE(s.rules.size() == 5);

  const TransitionRef& a = onlyTransition(s.rules[0].decls.normal);
  CHECK(a.property == "opacity");
  CHECK(a.duration == 1.0);
  CHECK(a.ease == TransitionFunction::EaseInOutCubic);

  const AnimationRef& b = onlyAnimation(s.rules[1].decls.normal);
  CHECK(b.name == "x");
  CHECK(b.duration == 1.0);
  CHECK(b.ease == easing("back.out(3)"));
  CHECK(getRatio(0.5, b.ease) == Approx(1.25));  // GSAP's back.out(3) at 0.5

  const AnimationRef& c = onlyAnimation(s.rules[2].decls.normal);
  CHECK(c.name == "x");
  CHECK(c.duration == 2.0);
  CHECK(c.iterations == AnimationRef::kInfinite);
  CHECK(c.ease == easing("elastic.inOut(2, 0.5)"));

  const TransitionList& d = s.rules[3].decls.normal.transitions.value;
  REQUIRE(d.size() == 3);
  CHECK(d[0].ease == TransitionFunction::EaseInOutCubic);
  CHECK(d[1].property == "color");
  CHECK(d[1].ease == easing("back.inOut(1.5)"));
  CHECK(d[1].delay == 2.0);
  CHECK(d[2].ease == TransitionFunction::EaseInSine);

  const AnimationList& e = s.rules[4].decls.normal.animations.value;
  REQUIRE(e.size() == 2);
  CHECK(e[0].ease == easing("elastic.out(1, 0.3)"));
  CHECK(e[1].name == "y");
  CHECK(e[1].ease == TransitionFunction::expo(EaseMode::InOut));
}

TEST_CASE("GSAP eases in stylesheets: the longhands and a keyframe's animation-timing-function",
          "[style][parser][keyframes][gsap]") {
  const StyleSheet s = parse(
      "@keyframes pop {\n"
      "  from { opacity: 0; animation-timing-function: back.out(3) }\n"
      "  50% { opacity: 0.5; animation-timing-function: power3.in }\n"
      "  to { opacity: 1 }\n"
      "}\n"
      ".a { animation-name: pop; animation-timing-function: power2.out, elastic.in(2, 0.4);\n"
      "     transition-timing-function: BOUNCE.INOUT }\n");
  CHECK(s.diagnostics.empty());
  for (const Diagnostic& d : s.diagnostics) UNSCOPED_INFO(d.format());
  REQUIRE(s.keyframes.size() == 1);
  const KeyframesRule& k = s.keyframes[0];
  REQUIRE(k.frames.size() == 3);
  CHECK(k.frames[0].easing == easing("back.out(3)"));
  CHECK(k.frames[1].easing == TransitionFunction::EaseInQuart);
  CHECK_FALSE(k.frames[2].easing.has_value());
  REQUIRE(s.rules.size() == 1);
  const Style& st = s.rules[0].decls.normal;
  CHECK(st.animationLonghands.timingFunctions ==
        std::vector<TransitionFunction>{TransitionFunction::EaseOutCubic, easing("elastic.in(2, 0.4)")});
  CHECK(st.transitionLonghands.timingFunctions ==
        std::vector<TransitionFunction>{TransitionFunction::EaseInOutBounce});
}

TEST_CASE("GSAP eases in stylesheets: a family alone stays a @keyframes name or a property",
          "[style][parser][animation][gsap]") {
  // As `ease` would be taken as the easing, a bare family would hide the
  // name: it is no easing in a stylesheet (docs/easing.md).
  const StyleSheet s = parse(
      "@keyframes bounce { from { opacity: 0 } to { opacity: 1 } }\n"
      ".a { animation: bounce 1s }\n"
      ".b { animation: sine 1s bounce.out }\n"
      ".c { animation: 1s back.in back }\n"
      ".d { animation: ease 1s }\n");
  CHECK(s.diagnostics.empty());
  for (const Diagnostic& d : s.diagnostics) UNSCOPED_INFO(d.format());
  REQUIRE(s.rules.size() == 4);
  const AnimationRef& a = onlyAnimation(s.rules[0].decls.normal);
  CHECK(a.name == "bounce");
  CHECK(a.ease == TransitionFunction::Ease);  // the default
  const AnimationRef& b = onlyAnimation(s.rules[1].decls.normal);
  CHECK(b.name == "sine");
  CHECK(b.ease == TransitionFunction::EaseOutBounce);
  const AnimationRef& c = onlyAnimation(s.rules[2].decls.normal);
  CHECK(c.name == "back");
  CHECK(c.ease == TransitionFunction::EaseInBack);
  // (`ease` itself is a keyword easing: taken first, no name. CSS's rule.)
  const AnimationRef& d = onlyAnimation(s.rules[3].decls.normal);
  CHECK(d.name.empty());
  CHECK(d.ease == TransitionFunction::Ease);
  // The library's own names are easings first, as `ease` is (the byte
  // path, which cannot read them, leaves such a value to the token path).
  const Style pennerStyle = styleOf(".x { animation: ease-out-back 1s }");
  const AnimationRef& penner = onlyAnimation(pennerStyle);
  CHECK(penner.ease == TransitionFunction::EaseOutBack);
  CHECK(penner.name.empty());
  // A family's name as a transition's property, and with whitespace or a
  // comment before the dot it is no GSAP spelling either.
  const Style sineStyle = styleOf(".x { transition: sine 1s }");
  CHECK(onlyTransition(sineStyle).property == "sine");
  CHECK(
      oneDiag("animation: x 1s power2 .out") ==
      "invalid value for animation: unexpected `power2`: the name is already `x` and every keyword category "
      "it could fill is taken");
}

TEST_CASE("GSAP eases in stylesheets: errors name the easing and its place",
          "[style][parser][animation][gsap]") {
  CHECK(oneDiag("transition: opacity 1s back.out(1e999)") ==
        "invalid value for transition: back.out() numbers must be finite");
  CHECK(oneDiag("animation: x 1s elastic.out(0, 0.3)") ==
        "invalid value for animation: elastic.out() amplitude must be > 0, got 0");
  CHECK(oneDiag("animation: back.out(2e6) 1s x") ==
        "invalid value for animation: back.out() overshoot 2e+06 is too large: an easing's values lie within "
        "±1000000");
  CHECK(oneDiag("animation: x 1s power2.sideways") ==
        "invalid value for animation: expected in, out or inOut after 'power2.', got 'sideways'");
  CHECK(oneDiag("transition: opacity 1s power2.") ==
        "invalid value for transition: expected in, out or inOut after 'power2.'");
  CHECK(oneDiag("animation: x 1s ease power2.out") ==
        "invalid value for animation: a second timing function `power2.out`");
  CHECK(oneDiag("transition: opacity 1s sine(2)") == "invalid value for transition: unexpected `sine(2)`");
  CHECK(oneDiag("animation: x 1s sine(2)") ==
        "invalid value for animation: sine() takes no parameters: write sine.out");
  CHECK(oneDiag("animation-timing-function: power2.out(3)") ==
        "invalid value for animation-timing-function: power2.out() takes no parameters: write power2.out");
  CHECK(oneDiag("animation-timing-function: sine") ==
        "invalid value for animation-timing-function: `sine` alone is no easing in a stylesheet, which keeps "
        "it "
        "for @keyframes names: write sine.out (or .in, .inOut)");
  CHECK(oneDiag("transition-timing-function: linear, bounce") ==
        "invalid value for transition-timing-function: `bounce` alone is no easing in a stylesheet, which "
        "keeps "
        "it for @keyframes names: write bounce.out (or .in, .inOut)");
  CHECK(oneDiag("transition-timing-function: power2.out x") ==
        "invalid value for transition-timing-function: unexpected `x` (one value per list item)");

  // The `file:line:col: error:` form, at the easing's first token (a
  // shorthand's) or the value's (a keyframe's).
  const StyleSheet s = parse(
      ".a {\n  animation: x 1s\n    back.out(oops);\n}\n"
      "@keyframes k { from { animation-timing-function: elastic.in(1, -1) } }\n",
      "gsap.zstyle");
  REQUIRE(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[0].format() ==
        "gsap.zstyle:3:5: error: invalid value for animation: back.out() expects a number, got 'oops'");
  CHECK(s.diagnostics[1].format() ==
        "gsap.zstyle:5:50: error: invalid value for animation-timing-function: elastic.in() period must be > "
        "0, "
        "got -1");
}

TEST_CASE("GSAP eases in stylesheets: the byte paths leave them to the token path, which agrees",
          "[style][parser][bytepaths][gsap]") {
  const char* decls[] = {
      "transition: opacity 1s power2.inOut", "transition: power2.inOut opacity 1s",
      "animation: x 1s back.out(3)", "animation: back.out(3) 1s x", "animation: bounce 1s",
      "animation: 1s bounce", "animation: sine 1s bounce.out", "transition: sine 1s",
      "animation-timing-function: power2.out", "animation-timing-function: sine",
      "transition-timing-function: expo.in, back(2)", "animation: x 1s power2.sideways",
      "animation: x 1s back.out(1e999)", "animation: x 1s ease power2.out", "animation: x 1s power2 .out",
      "animation: x 1s power2/**/.out", "animation: x 1s power2./**/out", "animation: x 1s power2.",
      "transition: opacity 1s quad.out, color 2s strong.in", "animation: x 1s elastic.out( 2 , 0.5 )",
      "animation: x 1s elastic(2)", "animation: x 1s b\\61 ck.out(3)", "animation: power2 1s",
      // A library name where the name is still free: the easing on both
      // paths (the byte path used to take it as the name).
      "animation: ease-out-back 1s", "transition: ease-in-out-sine 1s", "animation: easeinoutsine 1s x",
      "animation: ease-foo 1s"};
  for (const char* decl : decls) {
    checkSamePaths(".a { " + std::string(decl) + "; }");
    checkSamePaths(".a{" + std::string(decl) + "}");
    checkSamePaths("@keyframes k { from { " + std::string(decl) + " } }");
  }
}
