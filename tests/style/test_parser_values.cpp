// Parser: every value type of BUBBLE_STYLE_PROPS and the shorthands mapped onto rows.
#include "parser_test_util.hpp"

#include <cmath>

using namespace zenit;
using namespace zenit::test;

namespace {

bool near(float a, float b) { return std::fabs(a - b) < 1e-4f; }
bool nearV(const Value& v, float px, float pct = 0, float em = 0) {
  return v.kind == ValueKind::Length && near(v.px, px) && near(v.pct, pct) && near(v.em, em);
}

}  // namespace

TEST_CASE("values: opacity takes numbers and percentages, clamped to [0, 1]", "[style][parser][values]") {
  CHECK(styleOf(".x { opacity: 0.5 }").opacity == Opt<float>(0.5f));
  CHECK(styleOf(".x { opacity: 25% }").opacity == Opt<float>(0.25f));
  CHECK(styleOf(".x { opacity: 1.5 }").opacity == Opt<float>(1.0f));
  CHECK(styleOf(".x { opacity: -1 }").opacity == Opt<float>(0.0f));
  CHECK(styleOf(".x { opacity: calc(0.25 * 2) }").opacity == Opt<float>(0.5f));
  CHECK(oneDiag("opacity: 1px") ==
        "invalid value for opacity: expected a number or a percentage, found `1px`");
  CHECK(oneDiag("opacity: 0.5 0.2") == "invalid value for opacity: unexpected `0.2` after the value");
  CHECK(oneDiag("opacity: ;") == "empty value for opacity");
}

TEST_CASE("values: border-width is a length in px with keywords", "[style][parser][values]") {
  CHECK(styleOf(".x { border-width: thin }").borderWidth == Opt<float>(1.0f));
  CHECK(styleOf(".x { border-width: medium }").borderWidth == Opt<float>(3.0f));
  CHECK(styleOf(".x { border-width: thick }").borderWidth == Opt<float>(5.0f));
  CHECK(styleOf(".x { border-width: 0.5in }").borderWidth == Opt<float>(48.0f));
  CHECK(styleOf(".x { border-width: 2px 2px }").borderWidth == Opt<float>(2.0f));
  CHECK(oneDiag("border-width: -1px") ==
        "invalid value for border-width: negative values are not allowed, found `-1px`");
  CHECK(oneDiag("border-width: 1em") == "invalid value for border-width: em is not supported here; use px");
  CHECK(oneDiag("border-width: 1px 2px") ==
        "invalid value for border-width: per-side border widths are not supported; give one width");
}

TEST_CASE("values: lengths, percentages, em, auto, none and calc()", "[style][parser][values]") {
  const Style s = styleOf(
      ".x { width: 10px; height: 50%; min-width: 2em; min-height: auto; max-width: none; "
      "left: -5px; top: 0; right: 1in; bottom: calc(50% + 12px); font-size: 12pt; "
      "max-height: calc(2 * (1em + 3px)) }");
  CHECK(s.width == Opt<Value>(Px(10)));
  CHECK(s.height == Opt<Value>(Pct(50)));
  CHECK(s.minWidth == Opt<Value>(Em(2)));
  CHECK(s.minHeight == Opt<Value>(Value::makeAuto()));
  CHECK(s.maxWidth == Opt<Value>(Value::makeNone()));
  CHECK(s.left == Opt<Value>(Px(-5)));
  CHECK(s.top == Opt<Value>(Px(0)));
  CHECK(s.right == Opt<Value>(Px(96)));
  CHECK(nearV(s.bottom.value, 12, 50));
  CHECK(s.bottom.value.units == (Value::kPx | Value::kPct));
  CHECK(near(s.fontSize.value.px, 16.0f));
  CHECK(nearV(s.maxHeight.value, 6, 0, 2));

  CHECK(oneDiag("width: -1px") == "invalid value for width: negative values are not allowed, found `-1px`");
  CHECK(oneDiag("width: 10") == "invalid value for width: a length needs a unit (e.g. 10px), found `10`");
  CHECK(oneDiag("width: 2ex") ==
        "invalid value for width: unit `ex` is not supported (use px, %, em, rem, vw, vh, vmin, vmax or an "
        "absolute unit)");
  CHECK(oneDiag("width: none") ==
        "invalid value for width: expected a length, a percentage or auto, found `none`");
  CHECK(oneDiag("max-width: auto") ==
        "invalid value for max-width: expected a length, a percentage or none, found `auto`");
  CHECK(oneDiag("left: 3s") == "invalid value for left: expected a length, a percentage or auto, found `3s`");
  CHECK(oneDiag("width: calc(1px + 2)") == "invalid value for width: calc() adds values of different types");
  CHECK(oneDiag("width: calc(1px / 0)") ==
        "invalid value for width: number out of range");  // infinity, as CSS divides
  CHECK(oneDiag("width: calc(1px * 2px)") == "invalid value for width: calc() can only multiply by a number");
  CHECK(oneDiag("width: calc(infinity * 1px)") == "invalid value for width: number out of range");
  CHECK(oneDiag("width: calc(tau * 1px)") == "invalid value for width: unexpected `tau` in calc()");
}

TEST_CASE("values: calc() reads CSS's constants, as colour channels do (one grammar)",
          "[style][parser][values]") {
  const Style s = styleOf(".x { width: calc(pi * 10px); height: calc(e * 1%); rotate: calc(pi * 1rad); }");
  CHECK(nearV(s.width.value, 31.4159f));
  REQUIRE(s.height.is_set);
  CHECK(near(s.height.value.pct, 2.71828f));
  CHECK(near(s.rotate.value, 180.0f));
}

TEST_CASE(
    "values: min(), max() and clamp() over numbers, times, angles and one-unit lengths (CSS Values 4 §10.2)",
    "[style][parser][values]") {
  const Style s = styleOf(
      ".x { width: min(10px, 2px, 5px); height: max(10%, calc(20% / 2), 30%); min-width: clamp(1em, 3em, "
      "2em); "
      "left: calc(max(1in, 90px) + 1px); top: clamp(10px, 1px, 20px); opacity: clamp(0, calc(2 * 0.3), 0.5); "
      "rotate: max(10deg, 0.1turn); transition-duration: min(2s, 300ms); animation-delay: max(-1s, -500ms) "
      "}");
  CHECK(s.width == Opt<Value>(Px(2)));
  CHECK(s.height == Opt<Value>(Pct(30)));
  CHECK(s.minWidth == Opt<Value>(Em(2)));
  CHECK(nearV(s.left.value, 97));
  CHECK(s.top == Opt<Value>(Px(10)));  // the minimum wins over a smaller value
  CHECK(s.opacity == Opt<float>(0.5f));
  CHECK(near(s.rotate.value, 36.0f));
  REQUIRE(s.transitionLonghands.durations);
  CHECK(*s.transitionLonghands.durations == std::vector<double>{0.3});
  REQUIRE(s.animationLonghands.delays);
  CHECK(*s.animationLonghands.delays == std::vector<double>{-0.5});

  CHECK(
      oneDiag("width: min(1px, 2%)") ==
      "invalid value for width: min() of lengths in different units (px, %, em) is not supported; write them "
      "in one unit");
  CHECK(
      oneDiag("width: max(calc(1px + 1em), 2px)") ==
      "invalid value for width: max() of lengths in different units (px, %, em) is not supported; write them "
      "in one unit");
  CHECK(oneDiag("width: min(1px, 2s)") ==
        "invalid value for width: min() compares values of different types");
  CHECK(oneDiag("width: clamp(1px, 2px)") ==
        "invalid value for width: clamp() takes three values (minimum, value, maximum)");
  CHECK(oneDiag("width: min(1px 2px)") == "invalid value for width: unexpected `2px` in min()");
  CHECK(oneDiag("opacity: max(0, 1px)") ==
        "invalid value for opacity: max() compares values of different types");
}

TEST_CASE("values: transform-origin-x/y and gaps take their keywords", "[style][parser][values]") {
  const Style s =
      styleOf(".x { transform-origin-x: right; transform-origin-y: 25%; row-gap: normal; column-gap: 4px }");
  CHECK(s.transformOriginX == Opt<Value>(Pct(100)));
  CHECK(s.transformOriginY == Opt<Value>(Pct(25)));
  CHECK(s.rowGap == Opt<Value>(Px(0)));
  CHECK(s.columnGap == Opt<Value>(Px(4)));
}

TEST_CASE("values: padding and margin take 1 to 4 values in CSS order", "[style][parser][values]") {
  CHECK(styleOf(".x { padding: 1px }").padding == Opt<Spacing>(Spacing::all(Px(1))));
  CHECK(styleOf(".x { padding: 1px 2px }").padding == Opt<Spacing>(Spacing{Px(1), Px(2), Px(1), Px(2)}));
  CHECK(styleOf(".x { padding: 1px 2px 3px }").padding == Opt<Spacing>(Spacing{Px(1), Px(2), Px(3), Px(2)}));
  CHECK(styleOf(".x { padding: 1px 2px 3px 4% }").padding ==
        Opt<Spacing>(Spacing{Px(1), Px(2), Px(3), Pct(4)}));
  CHECK(styleOf(".x { margin: -1px auto }").margin ==
        Opt<Spacing>(Spacing{Px(-1), Value::makeAuto(), Px(-1), Value::makeAuto()}));
  CHECK(oneDiag("padding: auto") ==
        "invalid value for padding: expected a length or a percentage, found `auto`");
  CHECK(oneDiag("padding: -1px") ==
        "invalid value for padding: negative values are not allowed, found `-1px`");
  CHECK(oneDiag("margin: 1px 2px 3px 4px 5px") ==
        "invalid value for margin: too many values (at most 4), found `5px`");
}

TEST_CASE("values: one-side longhands declare only their side", "[style][parser][values]") {
  const Style s = styleOf(".x { padding-left: 20px; margin-top: auto; border-bottom-right-radius: 3px }");
  CHECK(s.padding.is_set);
  CHECK(s.padding.value.left == Px(20));
  CHECK(s.holes.padding == 0b0111);
  CHECK(s.margin.value.top == Value::makeAuto());
  CHECK(s.holes.margin == 0b1110);
  CHECK(s.borderRadius.value.bottomRight == Px(3));
  CHECK(s.holes.borderRadius == 0b1011);

  // After the shorthand in the same rule, a side edits the whole value.
  const Style t = styleOf(".x { padding: 8px; padding-left: 20px }");
  CHECK(t.padding == Opt<Spacing>(Spacing{Px(8), Px(8), Px(8), Px(20)}));
  CHECK(t.holes.padding == 0);
  // The shorthand after a side replaces it.
  const Style u = styleOf(".x { padding-left: 20px; padding: 8px }");
  CHECK(u.padding == Opt<Spacing>(Spacing::all(Px(8))));
  CHECK(u.holes.padding == 0);

  CHECK(oneDiag("padding-top: -1px") ==
        "invalid value for padding-top: negative values are not allowed, found `-1px`");
  CHECK(oneDiag("border-top-left-radius: 1px 2px") ==
        "invalid value for border-top-left-radius: elliptical corners (two radii) are not supported; give "
        "one radius");
}

TEST_CASE("values: partial sides cascade per side through overlay", "[style][parser][values]") {
  // `.btn { padding: 8px } .btn.big { padding-left: 20px }`: CSS keeps 8px on three sides.
  Style cascade = styleOf(".btn { padding: 8px }");
  cascade.overlay(styleOf(".big { padding-left: 20px }"));
  CHECK(cascade.padding == Opt<Spacing>(Spacing{Px(8), Px(8), Px(8), Px(20)}));
  CHECK(cascade.holes.padding == 0);

  // Two partial rules merge their sides and keep the rest undeclared.
  Style two = styleOf(".a { padding-top: 1px }");
  two.overlay(styleOf(".b { padding-bottom: 3px }"));
  CHECK(two.padding.value.top == Px(1));
  CHECK(two.padding.value.bottom == Px(3));
  CHECK(two.holes.padding == 0b1010);

  ComputedStyle c;
  c.padding = Spacing::all(Px(5));
  overlayComputed(c, two);
  CHECK(c.padding == Spacing{Px(1), Px(5), Px(3), Px(5)});
}

TEST_CASE("values: border-radius, with `/` rejected", "[style][parser][values]") {
  CHECK(styleOf(".x { border-radius: 4px 50% }").borderRadius ==
        Opt<Corners>(Corners{Px(4), Pct(50), Px(4), Pct(50)}));
  CHECK(oneDiag("border-radius: 10px / 5px") ==
        "invalid value for border-radius: elliptical corners (`/`) are not supported; give one radius per "
        "corner");
  CHECK(oneDiag("border-radius: -2px") ==
        "invalid value for border-radius: negative values are not allowed, found `-2px`");
}

TEST_CASE("values: box-shadow", "[style][parser][values]") {
  const ShadowList a = styleOf(".x { box-shadow: 1px 2px red }").boxShadow.value;
  CHECK(a == ShadowList{Shadow{1, 2, 0, 0, Color{1, 0, 0, 1}, false}});
  const ShadowList b = styleOf(".x { box-shadow: inset 1px 2px 3px 4px red }").boxShadow.value;
  CHECK(b == ShadowList{Shadow{1, 2, 3, 4, Color{1, 0, 0, 1}, true}});
  const ShadowList c = styleOf(".x { box-shadow: red 1px 2px inset }").boxShadow.value;
  CHECK(c == ShadowList{Shadow{1, 2, 0, 0, Color{1, 0, 0, 1}, true}});
  CHECK(styleOf(".x { box-shadow: 1px 2px }").boxShadow.value[0].color == Color::black());
  const Opt<ShadowList> none = styleOf(".x { box-shadow: none }").boxShadow;
  CHECK(none.is_set);
  CHECK(none.value.empty());
  CHECK(oneDiag("box-shadow: 1px") ==
        "invalid value for box-shadow: a box-shadow needs at least two lengths (x and y offsets)");
  CHECK(oneDiag("box-shadow: 1px 2px -3px") ==
        "invalid value for box-shadow: negative values are not allowed, found `-3px`");
}

TEST_CASE("values: box-shadow lists keep every shadow in order (CSS Backgrounds 3 §box-shadow)",
          "[style][parser][values]") {
  const ShadowList l =
      styleOf(".x { box-shadow: 0 1px 2px rgba(0,0,0,.2), 0 4px 12px rgba(0,0,0,.1), inset 0 0 0 1px #fff8 }")
          .boxShadow.value;
  REQUIRE(l.size() == 3);
  CHECK(l[0] == Shadow{0, 1, 2, 0, Color{0, 0, 0, 0.2f}, false});
  CHECK(l[1] == Shadow{0, 4, 12, 0, Color{0, 0, 0, 0.1f}, false});
  CHECK(l[2].inset);
  CHECK(l[2].spread == 1.0f);
  CHECK(l[2].color == Color{1, 1, 1, 0x88 / 255.0f});
  // inset first or last, colour anywhere but between the lengths.
  const ShadowList m =
      styleOf(".x { box-shadow: inset 1px 2px blue, red 3px 4px 5px inset, 6px 7px }").boxShadow.value;
  REQUIRE(m.size() == 3);
  CHECK(m[0] == Shadow{1, 2, 0, 0, Color{0, 0, 1, 1}, true});
  CHECK(m[1] == Shadow{3, 4, 5, 0, Color{1, 0, 0, 1}, true});
  CHECK(m[2] == Shadow{6, 7, 0, 0, Color::black(), false});
  // The most the list holds.
  CHECK(styleOf(".x { box-shadow: 1px 1px, 2px 2px, 3px 3px, 4px 4px }").boxShadow.value.size() ==
        kMaxShadows);
}

TEST_CASE("values: a bad box-shadow item drops the declaration, reported where it is",
          "[style][parser][values]") {
  const auto diags = [](std::string_view text) { return parse(text).diagnostics; };
  const auto dropped = [](std::string_view text) {
    return !parse(text).rules[0].decls.normal.boxShadow.is_set;
  };
  // 0        1         2         3         4
  // 1234567890123456789012345678901234567890123456
  // .x { box-shadow: 1px 1px red, 2px blue }
  CHECK(diags(".x { box-shadow: 1px 1px red, 2px blue }") ==
        std::vector<Diagnostic>{err(1, 31,
                                    "invalid value for box-shadow: a box-shadow needs at least two lengths "
                                    "(x and y offsets)")});
  CHECK(dropped(".x { box-shadow: 1px 1px red, 2px blue }"));
  CHECK(diags(".x { box-shadow: 1px 1px red, none }") ==
        std::vector<Diagnostic>{
            err(1, 31, "invalid value for box-shadow: `none` cannot be part of a shadow list")});
  CHECK(diags(".x { box-shadow: none, 1px 1px }") ==
        std::vector<Diagnostic>{
            err(1, 18, "invalid value for box-shadow: `none` cannot be part of a shadow list")});
  CHECK(diags(".x { box-shadow: 1px 1px red,, 2px 2px }") ==
        std::vector<Diagnostic>{
            err(1, 30, "invalid value for box-shadow: empty item in the shadow list (a stray comma)")});
  CHECK(diags(".x { box-shadow: 1px 1px, 2px 2px 1px inset inset }") ==
        std::vector<Diagnostic>{err(1, 45, "invalid value for box-shadow: `inset` given twice")});
  CHECK(diags(".x { box-shadow: 1px 1px, 2px 2px, 3px 3px, 4px 4px, 5px 5px }") ==
        std::vector<Diagnostic>{
            err(1, 18, "invalid value for box-shadow: box-shadow holds at most 4 shadows; this list has 5")});
  CHECK(dropped(".x { box-shadow: 1px 1px, 2px 2px, 3px 3px, 4px 4px, 5px 5px }"));
}

TEST_CASE("values: z-index and keyword enums", "[style][parser][values]") {
  CHECK(styleOf(".x { z-index: auto }").zIndex == Opt<ZIndex>(ZIndex::makeAuto()));
  CHECK(styleOf(".x { z-index: -3 }").zIndex == Opt<ZIndex>(ZIndex::of(-3)));
  CHECK(oneDiag("z-index: 1.5") == "invalid value for z-index: expected an integer or auto, found `1.5`");
  const Style s = styleOf(
      ".x { display: NONE; flex-direction: column-reverse; visibility: hidden; "
      "align-self: space-between; justify-content: space-evenly; text-align: center; "
      "overflow: hidden; position: absolute; flex-wrap: wrap }");
  CHECK(s.display == Opt<Display>(Display::None));
  CHECK(s.flexDirection == Opt<FlexDirection>(FlexDirection::ColumnReverse));
  CHECK(s.visibility == Opt<Visibility>(Visibility::Hidden));
  CHECK(s.alignSelf == Opt<Align>(Align::SpaceBetween));
  CHECK(s.justifyContent == Opt<Justify>(Justify::SpaceEvenly));
  CHECK(s.textAlign == Opt<TextAlign>(TextAlign::Center));
  CHECK(s.position == Opt<Position>(Position::Absolute));
  CHECK(oneDiag("display: grid") == "invalid value for display: expected flex or none, found `grid`");
  CHECK(oneDiag("position: fixed") ==
        "invalid value for position: expected static, relative or absolute, found `fixed`");
}

TEST_CASE("values: colours go through parseColor", "[style][parser][values]") {
  const Style s =
      styleOf(".x { color: #ff0000; background-color: red; border-color: transparent; background: blue }");
  CHECK(s.color == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(s.backgroundColor == Opt<Color>(Color{0, 0, 1, 1}));
  CHECK(s.borderColor == Opt<Color>(Color::transparent()));
  CHECK(oneDiag("color: 12px") == "invalid value for color: expected a colour, found `12px`");
  CHECK(oneDiag("color: nosuchcolour") == "invalid value for color: expected a colour, found `nosuchcolour`");
  CHECK(oneDiag("background: url(x.png)") ==
        "invalid value for background: background takes a colour and a gradient (no url(), positions, sizes "
        "or repeats), found `url(x.png)`");
  CHECK(styleOf(".x { background: none }").backgroundColor == Opt<Color>(Color::transparent()));
}

TEST_CASE("values: transform folds into translate, rotate and scale rows",
          "[style][parser][values][transform]") {
  const Style a = styleOf(".x { transform: translate(10px, 20%) }");
  CHECK(a.translateX == Opt<Value>(Px(10)));
  CHECK(a.translateY == Opt<Value>(Pct(20)));
  // A transform declaration sets all five rows: the others go to identity.
  CHECK(a.scaleX == Opt<float>(1.0f));
  CHECK(a.scaleY == Opt<float>(1.0f));
  CHECK(a.rotate == Opt<float>(0.0f));

  const Style b = styleOf(".x { transform: translateY(-4px) scale(1.5) rotate(0.5turn) }");
  CHECK(b.translateX == Opt<Value>(Px(0)));
  CHECK(b.translateY == Opt<Value>(Px(-4)));
  CHECK(b.scaleX == Opt<float>(1.5f));
  CHECK(near(b.rotate.value, 180.0f));

  const Style c = styleOf(".x { transform: scaleX(2) scaleY(3) rotate(0) }");
  CHECK(c.scaleX == Opt<float>(2.0f));
  CHECK(c.scaleY == Opt<float>(3.0f));

  // Order matters as in CSS: a translate after scale/rotate moves through them.
  const Style d = styleOf(".x { transform: scale(2) translateX(10px) }");
  CHECK(nearV(d.translateX.value, 20));
  const Style e = styleOf(".x { transform: rotate(90deg) translateX(10px) }");
  CHECK(nearV(e.translateX.value, 0));
  CHECK(nearV(e.translateY.value, 10));
  CHECK(near(e.rotate.value, 90.0f));

  const Style n = styleOf(".x { translate: 5px; transform: none }");
  CHECK(n.translateX == Opt<Value>(Px(0)));
  CHECK(n.scaleX == Opt<float>(1.0f));

  CHECK(oneDiag("transform: perspective(10px)") ==
        "invalid value for transform: transform function `perspective()` is not supported (supported: "
        "translate, translateX, translateY, scale, scaleX, scaleY, rotate, skew, skewX, skewY, matrix)");
  CHECK(oneDiag("transform: translate(10px 20px)") ==
        "invalid value for transform: unexpected `20px` after the value");
  CHECK(oneDiag("transform: rotate(90deg) translate(10%)") ==
        "invalid value for transform: a percentage translate after rotate() cannot be represented; put "
        "translate() first");
  CHECK(oneDiag("transform: 10px") ==
        "invalid value for transform: expected a transform function or none, found `10px`");
  CHECK(oneDiag("transform: rotate()") == "invalid value for transform: rotate() takes one argument");
}

TEST_CASE("values: individual translate, scale and rotate properties", "[style][parser][values][transform]") {
  const Style t = styleOf(".x { translate: 10px 20%; scale: 150%; rotate: z 45deg }");
  CHECK(t.translateX == Opt<Value>(Px(10)));
  CHECK(t.translateY == Opt<Value>(Pct(20)));
  CHECK(t.scaleX == Opt<float>(1.5f));
  CHECK(t.scaleY == Opt<float>(1.5f));
  CHECK(t.rotate == Opt<float>(45.0f));
  CHECK(styleOf(".x { translate: 3px }").translateY == Opt<Value>(Px(0)));
  CHECK(styleOf(".x { translate: 3px 4px 0 }").translateY == Opt<Value>(Px(4)));
  CHECK(styleOf(".x { scale: 1 2 }").scaleY == Opt<float>(2.0f));
  CHECK(styleOf(".x { scale: none }").scaleX == Opt<float>(1.0f));
  CHECK(styleOf(".x { rotate: 45deg z }").rotate == Opt<float>(45.0f));
  CHECK(near(styleOf(".x { rotate: 1rad }").rotate.value, 57.29578f));
  CHECK(styleOf(".x { rotate: none }").rotate == Opt<float>(0.0f));
  CHECK(oneDiag("rotate: 0") == "invalid value for rotate: expected an angle (e.g. 45deg), found `0`");
  CHECK(oneDiag("rotate: x 45deg") ==
        "invalid value for rotate: 3D rotation is not supported; use z or no axis");
  CHECK(oneDiag("translate: 1px 2px 3px") ==
        "invalid value for translate: 3D translation is not supported; the z offset must be 0");
  CHECK(oneDiag("scale: 1 1 2") ==
        "invalid value for scale: 3D scale is not supported; the z factor must be 1");
}

TEST_CASE("values: transform-origin keywords and lengths", "[style][parser][values][transform]") {
  auto origin = [](const char* v) {
    const Style s = styleOf(std::string(".x { transform-origin: ") + v + " }");
    return std::pair<Value, Value>{s.transformOriginX.value, s.transformOriginY.value};
  };
  CHECK(origin("left top") == std::pair<Value, Value>{Pct(0), Pct(0)});
  CHECK(origin("top left") == std::pair<Value, Value>{Pct(0), Pct(0)});
  CHECK(origin("bottom") == std::pair<Value, Value>{Pct(50), Pct(100)});
  CHECK(origin("10px") == std::pair<Value, Value>{Px(10), Pct(50)});
  CHECK(origin("center bottom 0") == std::pair<Value, Value>{Pct(50), Pct(100)});
  CHECK(origin("left 10px") == std::pair<Value, Value>{Pct(0), Px(10)});
  CHECK(origin("right center") == std::pair<Value, Value>{Pct(100), Pct(50)});
  CHECK(oneDiag("transform-origin: 10px left") ==
        "invalid value for transform-origin: invalid position `10px left`");
  CHECK(oneDiag("transform-origin: left right") ==
        "invalid value for transform-origin: invalid position `left right`");
  CHECK(oneDiag("transform-origin: 1px 2px 3px") ==
        "invalid value for transform-origin: a z offset is not supported; it must be 0");
}

TEST_CASE("values: gap, inset, border, flex", "[style][parser][values]") {
  const Style g = styleOf(".x { gap: 10px 20%; inset: 1px 2px }");
  CHECK(g.rowGap == Opt<Value>(Px(10)));
  CHECK(g.columnGap == Opt<Value>(Pct(20)));
  CHECK(g.top == Opt<Value>(Px(1)));
  CHECK(g.right == Opt<Value>(Px(2)));
  CHECK(g.bottom == Opt<Value>(Px(1)));
  CHECK(g.left == Opt<Value>(Px(2)));
  CHECK(styleOf(".x { gap: 5px }").columnGap == Opt<Value>(Px(5)));
  CHECK(styleOf(".x { inset: auto }").left == Opt<Value>(Value::makeAuto()));

  const Style b = styleOf(".x { border: 2px solid red }");
  CHECK(b.borderWidth == Opt<float>(2.0f));
  CHECK(b.borderColor == Opt<Color>(Color{1, 0, 0, 1}));
  CHECK(styleOf(".x { border: none }").borderWidth == Opt<float>(0.0f));
  CHECK_FALSE(styleOf(".x { border: none }").borderColor.is_set);
  CHECK(styleOf(".x { border: red }").borderWidth == Opt<float>(3.0f));
  CHECK(oneDiag("border: 1px 2px") == "invalid value for border: border width given twice, found `2px`");
  CHECK(oneDiag("border: solid dashed") ==
        "invalid value for border: border style given twice, found `dashed`");
  auto bs = parse(".x { border-style: dashed }");
  CHECK(bs.diagnostics ==
        std::vector<Diagnostic>{
            note(1, 6, "border-style has no effect: a border is drawn whenever border-width > 0")});

  auto flex = [](const char* v) {
    const Style s = styleOf(std::string(".x { flex: ") + v + " }");
    return std::tuple<float, float, Value>{s.flexGrow.value, s.flexShrink.value, s.flexBasis.value};
  };
  CHECK(flex("1") == std::tuple<float, float, Value>{1, 1, Pct(0)});
  CHECK(flex("none") == std::tuple<float, float, Value>{0, 0, Value::makeAuto()});
  CHECK(flex("auto") == std::tuple<float, float, Value>{1, 1, Value::makeAuto()});
  CHECK(flex("2 1") == std::tuple<float, float, Value>{2, 1, Pct(0)});
  CHECK(flex("0 0 10px") == std::tuple<float, float, Value>{0, 0, Px(10)});
  CHECK(flex("0 0 0") == std::tuple<float, float, Value>{0, 0, Px(0)});
  CHECK(flex("10px") == std::tuple<float, float, Value>{1, 1, Px(10)});
  CHECK(flex("30% 2") == std::tuple<float, float, Value>{2, 1, Pct(30)});
  CHECK(oneDiag("flex: 1 2 3") == "invalid value for flex: unexpected `3` in flex");
  CHECK(oneDiag("flex: -1") == "invalid value for flex: negative flex factors are not allowed");
}

TEST_CASE("values: flex-grow and flex-shrink are non-negative numbers", "[style][parser][values]") {
  CHECK(styleOf(".x { flex-grow: 2.5; flex-shrink: 0 }").flexGrow == Opt<float>(2.5f));
  CHECK(oneDiag("flex-grow: -1") ==
        "invalid value for flex-grow: negative values are not allowed, found `-1`");
  CHECK(oneDiag("flex-shrink: 1px") == "invalid value for flex-shrink: expected a number, found `1px`");
  CHECK(styleOf(".x { scale-x: 50% }").scaleX == Opt<float>(0.5f));
}

TEST_CASE("values: a bad shorthand sets none of its rows", "[style][parser][values]") {
  auto s =
      parse(".x { transform: translateX(5px) perspective(1px); inset: 1px 2px 3px 4px 5px; flex: 1 1 1 1 }");
  REQUIRE(s.rules.size() == 1);
  const Style& st = s.rules[0].decls.normal;
  CHECK(st.empty());
  CHECK(s.diagnostics.size() == 3);
}

TEST_CASE("values: every property name the parser accepts is listed, rows first", "[style][parser][values]") {
  const auto& names = propertyNames();
  REQUIRE(names.size() > kPropCount);
  for (std::size_t i = 0; i < kPropCount; ++i) {
    CHECK(names[i].longhandRow);
    CHECK(names[i].name == cssName(static_cast<Prop>(i)));
    CHECK_FALSE(names[i].syntax.empty());
  }
  bool hasTransform = false;
  for (const auto& n : names) {
    CHECK_FALSE(n.syntax.empty());
    if (n.name == "transform") {
      hasTransform = true;
      CHECK(n.sets.count() == 7);
    }
  }
  CHECK(hasTransform);
}

TEST_CASE("Opt: equality reads values only where set; an unset value is poisoned in Debug builds",
          "[style][opt]") {
  Opt<ShadowList> a, b;
  a.value = ShadowList{Shadow{1, 2, 3, 4, Color::white(), false}};  // written, but not set
  CHECK(a == b);
  a.is_set = true;
  CHECK_FALSE(a == b);
  b = ShadowList{Shadow{1, 2, 3, 4, Color::white(), false}};
  CHECK(a == b);
  a.reset();
  CHECK_FALSE(a.is_set);
  CHECK(a.valueOr(ShadowList{}).empty());

  Style s, t;
  s.opacity = 0.5f;
  CHECK_FALSE(s == t);
  s.opacity.reset();
  CHECK(s == t);
  CHECK(s.empty());
#ifndef NDEBUG
  // Every unset row of a fresh Style reads as 0xFF bytes: NaN for floats.
  CHECK(std::isnan(Style{}.opacity.value));
  CHECK(std::isnan(Style{}.backgroundColor.value.r));
  CHECK(std::isnan(Style{}.boxShadow.value[0].blur));
#endif
}
