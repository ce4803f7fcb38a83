// serializeProp / serializeCssProperty: computed styles as getComputedStyle
// prints them; and dumpStyle, which writes declared lists the same way.
#include <zenit/style/Dump.hpp>
#include <zenit/style/Style.hpp>

#include "parser_test_util.hpp"

#include "support/zenit_test.hpp"

using namespace zenit;

namespace {
TransitionRef transitionOf(Prop p, double duration, double delay = 0.0,
                           TransitionFunction ease = TransitionFunction::Ease) {
  TransitionRef t;
  t.property = std::string(cssName(p));
  t.known = true;
  t.prop = p;
  t.duration = duration;
  t.delay = delay;
  t.ease = ease;
  return t;
}
TransitionRef transitionAll(double duration, double delay = 0.0) {
  TransitionRef t;
  t.property = "all";
  t.all = true;
  t.known = true;
  t.duration = duration;
  t.delay = delay;
  return t;
}
AnimationRef animationOf(std::string name, double duration) {
  AnimationRef a;
  a.name = std::move(name);
  a.duration = duration;
  return a;
}
std::string css(std::string_view name, const ComputedStyle& s, float w = 100.0f, float h = 50.0f) {
  const auto v = serializeCssProperty(name, s, w, h);
  REQUIRE(v.has_value());
  return *v;
}
}  // namespace

TEST_CASE("serializeProp: initial values of every row [style][serialize]") {
  const ComputedStyle s;
  for (std::size_t i = 0; i < kPropCount; ++i) {
    const Prop p = static_cast<Prop>(i);
    INFO(cssName(p));
    CHECK_FALSE(serializeProp(p, s).empty());
  }
  CHECK(serializeProp(Prop::opacity, s) == "1");
  CHECK(serializeProp(Prop::backgroundColor, s) == "rgba(0, 0, 0, 0)");
  CHECK(serializeProp(Prop::color, s) == "rgb(0, 0, 0)");
  CHECK(serializeProp(Prop::borderWidth, s) == "0px");
  CHECK(serializeProp(Prop::borderRadius, s) == "0px");
  CHECK(serializeProp(Prop::boxShadow, s) == "none");
  CHECK(serializeProp(Prop::translateX, s) == "0px");
  CHECK(serializeProp(Prop::rotate, s) == "0deg");
  CHECK(serializeProp(Prop::transformOriginX, s) == "50%");
  CHECK(serializeProp(Prop::visibility, s) == "visible");
  CHECK(serializeProp(Prop::zIndex, s) == "auto");
  CHECK(serializeProp(Prop::width, s) == "auto");
  CHECK(serializeProp(Prop::maxWidth, s) == "none");
  CHECK(serializeProp(Prop::padding, s) == "0px");
  CHECK(serializeProp(Prop::display, s) == "flex");
  CHECK(serializeProp(Prop::alignItems, s) == "stretch");
  CHECK(serializeProp(Prop::flexShrink, s) == "1");
  CHECK(serializeProp(Prop::fontSize, s) == "16px");
  CHECK(serializeProp(Prop::animations, s) == "none");
  CHECK(serializeProp(Prop::transitions, s) == "all");
}

TEST_CASE("serializeProp: numbers, angles, keywords, z-index [style][serialize]") {
  ComputedStyle s;
  s.opacity = 0.25f;
  s.rotate = 90.0f;
  s.flexGrow = 2.5f;
  s.borderWidth = 1.5f;
  s.justifyContent = Justify::SpaceBetween;
  s.textAlign = TextAlign::Center;
  s.zIndex = ZIndex::of(-3);
  s.width = Pct(50.0f);
  CHECK(serializeProp(Prop::opacity, s) == "0.25");
  CHECK(serializeProp(Prop::rotate, s) == "90deg");
  CHECK(serializeProp(Prop::flexGrow, s) == "2.5");
  CHECK(serializeProp(Prop::borderWidth, s) == "1.5px");
  CHECK(serializeProp(Prop::justifyContent, s) == "space-between");
  CHECK(serializeProp(Prop::textAlign, s) == "center");
  CHECK(serializeProp(Prop::zIndex, s) == "-3");
  CHECK(serializeProp(Prop::width, s) == "50%");
}

TEST_CASE("serializeProp: padding, margin and border-radius shorten as CSS does [style][serialize]") {
  ComputedStyle s;
  s.padding = Spacing{Px(1.0f), Px(2.0f), Px(1.0f), Px(2.0f)};
  CHECK(serializeProp(Prop::padding, s) == "1px 2px");
  s.padding = Spacing{Px(1.0f), Px(2.0f), Px(3.0f), Px(2.0f)};
  CHECK(serializeProp(Prop::padding, s) == "1px 2px 3px");
  s.padding = Spacing{Px(1.0f), Px(2.0f), Px(3.0f), Px(4.0f)};
  CHECK(serializeProp(Prop::padding, s) == "1px 2px 3px 4px");
  s.padding = Spacing{Px(1.0f), Px(1.0f), Px(1.0f), Px(2.0f)};
  CHECK(serializeProp(Prop::padding, s) == "1px 1px 1px 2px");
  s.padding = Spacing::all(Pct(5.0f));
  CHECK(serializeProp(Prop::padding, s) == "5%");
  s.margin = Spacing{Px(0.0f), Auto(), Px(0.0f), Auto()};
  CHECK(serializeProp(Prop::margin, s) == "0px auto");
  s.borderRadius = Corners{Px(10.0f), Px(20.0f), Px(10.0f), Px(20.0f)};
  CHECK(serializeProp(Prop::borderRadius, s) == "10px 20px");
  s.borderRadius = Corners{Px(4.0f), Px(4.0f), Pct(50.0f), Px(4.0f)};
  CHECK(serializeProp(Prop::borderRadius, s) == "4px 4px 50%");
}

TEST_CASE("serializeProp: box-shadow puts the colour first, inset last [style][serialize]") {
  ComputedStyle s;
  s.boxShadow = Shadow{1.0f, 2.0f, 3.0f, 0.0f, Color::black(), false};
  CHECK(serializeProp(Prop::boxShadow, s) == "rgb(0, 0, 0) 1px 2px 3px 0px");
  s.boxShadow = Shadow{-1.5f, 0.0f, 0.0f, 4.0f, Color{1.0f, 0.0f, 0.0f, 0.5f}, true};
  CHECK(serializeProp(Prop::boxShadow, s) == "rgba(255, 0, 0, 0.5) -1.5px 0px 0px 4px inset");
}

TEST_CASE("serializeProp: a box-shadow list prints every shadow, as Chromium [style][serialize]") {
  StyleSheet sheet = test::parse(
      ".x { box-shadow: 0 1px 2px rgba(0,0,0,.2), 0 4px 12px rgba(0,0,0,.1), inset 0 0 0 1px #fff8 }");
  REQUIRE(sheet.rules.size() == 1);
  ComputedStyle s;
  s.boxShadow = sheet.rules[0].decls.normal.boxShadow.value;
  CHECK(serializeProp(Prop::boxShadow, s) ==
        "rgba(0, 0, 0, 0.2) 0px 1px 2px 0px, rgba(0, 0, 0, 0.1) 0px 4px 12px 0px, "
        "rgba(255, 255, 255, 0.533) 0px 0px 0px 1px inset");
}

TEST_CASE("serializeProp: animation list in Chromium's longhand order [style][serialize]") {
  ComputedStyle s;
  s.animations = {animationOf("kf", 1.0)};
  CHECK(serializeProp(Prop::animations, s) == "1s ease 0s 1 normal none running kf");
  AnimationRef full = animationOf("kf", 1.0);
  full.ease = TransitionFunction::Linear;
  full.delay = 2.0;
  full.iterations = 3.0;
  full.direction = PlaybackDirection::Reverse;
  full.fill = FillMode::Both;
  full.playState = PlayState::Paused;
  s.animations = {full};
  CHECK(serializeProp(Prop::animations, s) == "1s linear 2s 3 reverse both paused kf");
  AnimationRef forever = animationOf("spin", 0.5);
  forever.iterations = AnimationRef::kInfinite;
  forever.delay = -1.0;
  s.animations = {animationOf("kf", 1.0), forever};
  CHECK(serializeProp(Prop::animations, s) ==
        "1s ease 0s 1 normal none running kf, 0.5s ease -1s infinite normal none running spin");
}

TEST_CASE("serializeProp: animation names print as CSS identifiers [style][serialize]") {
  ComputedStyle s;
  const auto nameOf = [&](std::string name) {
    s.animations = {animationOf(std::move(name), 1.0)};
    const std::string out = serializeProp(Prop::animations, s);
    return out.substr(out.rfind("running ") + 8);
  };
  CHECK(nameOf("my anim") == "my\\ anim");
  CHECK(nameOf("--kf") == "--kf");
  CHECK(nameOf("1up") == "\\31 up");
  CHECK(nameOf("-2x") == "-\\32 x");
  CHECK(nameOf("a.b") == "a\\.b");
  CHECK(nameOf("") == "none");
  CHECK(nameOf("none") == "\"none\"");
  CHECK(nameOf("Inherit") == "\"Inherit\"");
}

TEST_CASE("serializeProp: transition list leaves initial parts out, as Chromium does [style][serialize]") {
  ComputedStyle s;
  s.transitions = {transitionOf(Prop::opacity, 1.0)};
  CHECK(serializeProp(Prop::transitions, s) == "opacity 1s");
  s.transitions = {transitionAll(1.0)};
  CHECK(serializeProp(Prop::transitions, s) == "1s");
  s.transitions = {transitionOf(Prop::opacity, 1.0, -1.0)};
  CHECK(serializeProp(Prop::transitions, s) == "opacity 1s -1s");
  s.transitions = {transitionOf(Prop::opacity, 0.0, 0.5)};
  CHECK(serializeProp(Prop::transitions, s) == "opacity 0s 0.5s");  // the duration stays before a delay
  s.transitions = {transitionAll(0.0)};
  CHECK(serializeProp(Prop::transitions, s) == "all");
  s.transitions = {transitionOf(Prop::opacity, 0.0)};
  CHECK(serializeProp(Prop::transitions, s) == "opacity");
  s.transitions = {transitionOf(Prop::opacity, 1.0),
                   transitionOf(Prop::left, 2.0, 0.0, TransitionFunction::Linear)};
  CHECK(serializeProp(Prop::transitions, s) == "opacity 1s, left 2s linear");
  TransitionRef unknown;
  unknown.property = "foo-bar";
  unknown.duration = 0.25;
  s.transitions = {unknown};
  CHECK(serializeProp(Prop::transitions, s) == "foo-bar 0.25s");
}

TEST_CASE(
    "serializeTransform: matrix() of translate, rotate, scale or none when identity [style][serialize]") {
  ComputedStyle s;
  CHECK(serializeTransform(s, 100.0f, 50.0f) == "none");
  s.translateX = Px(100.0f);
  s.translateY = Px(50.0f);
  CHECK(serializeTransform(s, 100.0f, 50.0f) == "matrix(1, 0, 0, 1, 100, 50)");
  s = ComputedStyle{};
  s.rotate = 90.0f;
  CHECK(serializeTransform(s, 100.0f, 50.0f) == "matrix(0, 1, -1, 0, 0, 0)");
  s.translateX = Px(100.0f);
  s.rotate = 45.0f;
  CHECK(serializeTransform(s, 100.0f, 50.0f) == "matrix(0.707107, 0.707107, -0.707107, 0.707107, 100, 0)");
  // Browser value: translateX(100px) -> rotate(90deg) at a quarter of the way.
  s.translateX = Px(75.0f);
  s.rotate = 22.5f;
  CHECK(serializeTransform(s, 100.0f, 50.0f) == "matrix(0.92388, 0.382683, -0.382683, 0.92388, 75, 0)");
  s = ComputedStyle{};
  s.scaleX = 2.0f;
  s.scaleY = 3.0f;
  CHECK(serializeTransform(s, 100.0f, 50.0f) == "matrix(2, 0, 0, 3, 0, 0)");
}

TEST_CASE(
    "serializeTransform: percentages resolve against the box, the origin stays out [style][serialize]") {
  ComputedStyle s;
  s.translateX = Pct(50.0f);
  s.translateY = Pct(10.0f);
  CHECK(serializeTransform(s, 200.0f, 100.0f) == "matrix(1, 0, 0, 1, 100, 10)");
  s.translateX = Pct(0.0f);
  s.translateY = Px(0.0f);
  s.rotate = 30.0f;
  const std::string centred = serializeTransform(s, 200.0f, 100.0f);
  s.transformOriginX = Px(0.0f);
  s.transformOriginY = Px(0.0f);
  CHECK(serializeTransform(s, 200.0f, 100.0f) == centred);
  // A percentage of an empty box is still a transform, not none.
  s = ComputedStyle{};
  s.translateX = Pct(50.0f);
  CHECK(serializeTransform(s, 0.0f, 0.0f) == "matrix(1, 0, 0, 1, 0, 0)");
}

TEST_CASE("serializeTranslate / Rotate / Scale: CSS individual transform properties [style][serialize]") {
  ComputedStyle s;
  CHECK(serializeTranslate(s) == "none");
  CHECK(serializeRotate(s) == "none");
  CHECK(serializeScale(s) == "none");
  s.translateX = Px(50.0f);
  CHECK(serializeTranslate(s) == "50px");
  s.translateY = Px(20.0f);
  CHECK(serializeTranslate(s) == "50px 20px");
  s.translateX = Px(0.0f);
  CHECK(serializeTranslate(s) == "0px 20px");
  s.translateX = Pct(50.0f);
  s.translateY = Px(0.0f);
  CHECK(serializeTranslate(s) == "50%");
  s.rotate = 90.0f;
  CHECK(serializeRotate(s) == "90deg");
  s.rotate = -45.5f;
  CHECK(serializeRotate(s) == "-45.5deg");
  s.scaleX = 2.0f;
  s.scaleY = 2.0f;
  CHECK(serializeScale(s) == "2");
  s.scaleY = 3.0f;
  CHECK(serializeScale(s) == "2 3");
  s.scaleX = 1.0f;
  CHECK(serializeScale(s) == "1 3");
}

TEST_CASE("serializeCssProperty: rows, CSS-only names, case, unknowns [style][serialize]") {
  ComputedStyle s;
  s.opacity = 0.5f;
  s.rotate = 0.0f;
  CHECK(css("opacity", s) == "0.5");
  CHECK(css("OPACITY", s) == "0.5");
  CHECK(css("rotate", s) == "none");  // CSS's rotate, not the row's "0deg"
  CHECK(css("translate-x", s) == "0px");
  CHECK(css("transform", s) == "none");
  CHECK(css("Transform-Origin", s, 100.0f, 50.0f) == "50px 25px");
  s.rotate = 90.0f;
  CHECK(css("transform", s) == "matrix(0, 1, -1, 0, 0, 0)");
  CHECK(css("rotate", s) == "90deg");
  s.padding = Spacing{Px(1.0f), Px(2.0f), Px(3.0f), Pct(4.0f)};
  CHECK(css("padding-top", s) == "1px");
  CHECK(css("padding-right", s) == "2px");
  CHECK(css("padding-bottom", s) == "3px");
  CHECK(css("padding-left", s) == "4%");
  s.margin = Spacing{Px(-1.0f), Auto(), Px(0.0f), Px(7.0f)};
  CHECK(css("margin-top", s) == "-1px");
  CHECK(css("margin-right", s) == "auto");
  CHECK(css("margin-left", s) == "7px");
  s.borderWidth = 2.0f;
  s.borderColor = Color{0.0f, 0.0f, 1.0f, 1.0f};
  CHECK(css("border-left-width", s) == "2px");
  CHECK(css("border-top-color", s) == "rgb(0, 0, 255)");
  CHECK(css("gap", s) == "0px");
  s.columnGap = Px(8.0f);
  CHECK(css("gap", s) == "0px 8px");
  CHECK_FALSE(serializeCssProperty("foo", s, 1.0f, 1.0f).has_value());
  CHECK_FALSE(serializeCssProperty("", s, 1.0f, 1.0f).has_value());
  CHECK_FALSE(serializeCssProperty("background", s, 1.0f, 1.0f).has_value());
  CHECK_FALSE(serializeCssProperty("opacity ", s, 1.0f, 1.0f).has_value());
}

TEST_CASE(
    "serializeCssProperty: corner radii of a px -> % animation, as the browser prints them "
    "[style][serialize]") {
  // Browser case: border-top-left-radius 0px -> 50%, linear, at t = 0 and 0.5.
  ComputedStyle from, to, out;
  to.borderRadius = Corners::all(Pct(50.0f));
  lerpPropById(Prop::borderRadius, out, from, to, 0.0f);
  CHECK(css("border-top-left-radius", out) == "0%");
  lerpPropById(Prop::borderRadius, out, from, to, 0.5f);
  CHECK(css("border-top-left-radius", out) == "25%");
  CHECK(css("border-bottom-right-radius", out) == "25%");
  CHECK(css("border-radius", out) == "25%");
  CHECK(css("border-top-left-radius", from) == "0px");
}

TEST_CASE("serializeCssProperty: a colour animation, as the browser prints it [style][serialize]") {
  ComputedStyle from, to, out;
  from.backgroundColor = *parseColor("rgb(255, 0, 0)");
  to.backgroundColor = *parseColor("rgb(0, 0, 255)");
  lerpPropById(Prop::backgroundColor, out, from, to, 0.25f);
  CHECK(css("background-color", out) == "rgb(191, 0, 64)");
  lerpPropById(Prop::backgroundColor, out, from, to, 0.75f);
  CHECK(css("background-color", out) == "rgb(64, 0, 191)");
}

TEST_CASE("serializeCssProperty: animation-* and transition-* longhands [style][serialize]") {
  ComputedStyle s;
  CHECK(css("animation-name", s) == "none");
  CHECK(css("animation-duration", s) == "0s");
  CHECK(css("animation-iteration-count", s) == "1");
  CHECK(css("transition-property", s) == "all");
  CHECK(css("transition-timing-function", s) == "ease");
  CHECK(css("transition-behavior", s) == "normal");
  AnimationRef a = animationOf("fade", 0.5);
  a.iterations = AnimationRef::kInfinite;
  a.fill = FillMode::Forwards;
  s.animations = {a, animationOf("b", 2.0)};
  CHECK(css("animation-name", s) == "fade, b");
  CHECK(css("animation-duration", s) == "0.5s, 2s");
  CHECK(css("animation-iteration-count", s) == "infinite, 1");
  CHECK(css("animation-fill-mode", s) == "forwards, none");
  CHECK(css("animation-direction", s) == "normal, normal");
  CHECK(css("animation-play-state", s) == "running, running");
  CHECK(css("animation-delay", s) == "0s, 0s");
  CHECK(css("animation-timing-function", s) == "ease, ease");
  s.transitions = {transitionOf(Prop::opacity, 1.0, 0.25, TransitionFunction::Linear), transitionAll(2.0)};
  CHECK(css("transition-property", s) == "opacity, all");
  CHECK(css("transition-duration", s) == "1s, 2s");
  CHECK(css("transition-delay", s) == "0.25s, 0s");
  CHECK(css("transition-timing-function", s) == "linear, ease");
  CHECK(css("transition-behavior", s) == "normal, normal");
  s.transitions[1].allowDiscrete = true;
  CHECK(css("transition-behavior", s) == "normal, allow-discrete");
  CHECK(css("transition", s) == "opacity 1s linear 0.25s, 2s allow-discrete");
}

TEST_CASE(
    "serializeCssProperty: transition entries print as written, each once, however many rows they set "
    "[style][serialize]") {
  // transform expands to seven rows in the used list; padding-top to the padding row.
  TransitionRef transform;
  transform.property = "transform";
  transform.duration = 1.0;
  TransitionRef paddingTop;
  paddingTop.property = "padding-top";
  paddingTop.duration = 2.0;
  TransitionRef none;
  none.property = "none";
  const TransitionList declared{transitionAll(0.5), transform, paddingTop, transform};
  ComputedStyle s;
  s.transitions = resolveTransitions(&declared, {});
  REQUIRE(s.transitions.size() == 1u + 7u + 1u + 7u);  // the runtime still sees every row
  CHECK(css("transition-property", s) == "all, transform, padding-top, transform");
  CHECK(css("transition-duration", s) == "0.5s, 1s, 2s, 1s");
  CHECK(serializeProp(Prop::transitions, s) == "0.5s, transform 1s, padding-top 2s, transform 1s");

  const TransitionList onlyNone{none};
  s.transitions = resolveTransitions(&onlyNone, {});
  REQUIRE(s.transitions.size() == 1u);
  CHECK(css("transition-property", s) == "none");
  CHECK(css("transition-duration", s) == "0s");
}

// ---------------------------------------------------------------------------
// Names spelled like keywords (fuzz reproducer fuzz/corpus/stylesheet/crash-0187…)
// ---------------------------------------------------------------------------

namespace {
// The declarations of `.x { <decl> }` as dumpStyle writes them.
std::string dumpOf(std::string_view decl) {
  const StyleSheet s = test::parse(".x { " + std::string(decl) + " }");
  REQUIRE(s.rules.size() == 1);
  return dumpStyle(s.rules[0].decls.normal, "", false);
}
}  // namespace

TEST_CASE("dump: a name spelled like a keyword reads back as the name [style][serialize][dump]") {
  // The reproducer: the shorthand's fill keyword with no name. Name first,
  // this printed `animation: none 0s … forwards running`, which reads back
  // as fill none and an animation named forwards.
  const StyleSheet repro = test::parse("k{animation:forwards");
  REQUIRE(repro.rules.size() == 1);
  CHECK(dumpStyle(repro.rules[0].decls.normal, "", false) ==
        "animation: 0s ease 0s 1 normal forwards running none;\n");

  // Chromium's specified serialisation puts the name last, after every
  // keyword slot (tests/conformance/zenit/shorthands.json anim-83 … anim-100).
  CHECK(dumpOf("animation: 1s forwards forwards;") ==
        "animation: 1s ease 0s 1 normal forwards running forwards;\n");
  CHECK(dumpOf("animation: 1s ease ease;") == "animation: 1s ease 0s 1 normal none running ease;\n");
  CHECK(dumpOf("animation: 1s infinite infinite;") ==
        "animation: 1s ease 0s infinite normal none running infinite;\n");
  CHECK(dumpOf("animation: 1s \"none\";") == "animation: 1s ease 0s 1 normal none running \"none\";\n");
  CHECK(dumpOf("animation: \"1s\" 1s;") == "animation: 1s ease 0s 1 normal none running \\31 s;\n");
  CHECK(dumpOf("animation-name: \"none\", infinite;") == "animation-name: \"none\", infinite;\n");

  // transition: Chromium's shortest form, the property first, except a
  // property another part reads first, which goes after that part.
  CHECK(dumpOf("transition: 1s ease ease;") == "transition: 1s ease ease;\n");
  CHECK(dumpOf("transition: 1s ease-in step-end;") == "transition: 1s ease-in step-end;\n");
  CHECK(dumpOf("transition: 1s normal normal;") == "transition: 1s normal normal;\n");
  CHECK(dumpOf("transition: 1s linear linear;") == "transition: linear 1s linear;\n");
  CHECK(dumpOf("transition: allow-discrete allow-discrete 1s;") ==
        "transition: allow-discrete 1s allow-discrete;\n");
  CHECK(dumpOf("transition: 1s allow-discrete normal;") == "transition: 1s allow-discrete normal;\n");
  CHECK(dumpOf("transition: opacity 0.2s, transform 0.15s ease-out 0s;") ==
        "transition: opacity 0.2s, transform 0.15s ease-out;\n");

  // Every one of them parses back to the same declarations.
  for (const char* decl :
       {"animation: forwards", "animation: 1s both both", "animation: 1s reverse reverse, 2s paused paused",
        "animation: 1s running running", "animation: 1s normal normal", "animation: 1s step-end step-end",
        "animation: \"initial\" 1s", "animation: \"forwards\" 1s", "transition: 1s ease ease",
        "transition: 1s ease-in-sine ease-in-sine", "transition: 1s step-start step-end",
        "transition: 1s normal normal, 2s allow-discrete allow-discrete", "transition: 1s linear ease"}) {
    CAPTURE(decl);
    const std::string once = dumpOf(std::string(decl) + ";");
    CHECK(dumpOf(once) == once);
  }
}
