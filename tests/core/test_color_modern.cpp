// Color: CSS Color 4 and 5's colour functions (hwb(), lab(), lch(),
// oklab(), oklch(), color(), color-mix(), relative colours) and Oklab
// interpolation. Expected values are Chromium 156's, read back as
// color(srgb …) (tests/conformance/zenit/animations.json, group `color`).
#include <zenit/core/Color.hpp>
#include <zenit/core/Lerp.hpp>

#include "core/LerpColor.hpp"
#include "support/zenit_test.hpp"

#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

using namespace zenit;

namespace {

struct Expected {
  std::string_view css;
  float r, g, b, a;
  bool legacy;
};

// Chromium keeps six significant digits and converts in single precision
// in places: a few thousandths of a channel.
bool near(float got, float want) { return std::fabs(got - want) <= 2e-3f; }

void checkColor(const Color& c, float r, float g, float b, float a) {
  CHECK(near(c.r, r));
  CHECK(near(c.g, g));
  CHECK(near(c.b, b));
  CHECK(near(c.a, a));
}

// Each text parses to its sRGB channels, alpha and legacy flag.
template <std::size_t N>
void checkParsed(const Expected (&cases)[N]) {
  for (const Expected& e : cases) {
    INFO(e.css);
    const std::optional<Color> c = parseColor(e.css);
    REQUIRE(c.has_value());
    checkColor(*c, e.r, e.g, e.b, e.a);
    CHECK(c->legacy == e.legacy);
  }
}

}  // namespace

TEST_CASE("parseColor: the CSS Color 4 functions give Chromium's sRGB [core][color]") {
  const Expected cases[] = {
      {"hwb(120 10% 20%)", 26 / 255.0f, 204 / 255.0f, 26 / 255.0f, 1.0f, true},
      {"hwb(90deg 20% 30% / 0.5)", 115 / 255.0f, 179 / 255.0f, 51 / 255.0f, 0.5f, true},
      {"hwb(0.5turn 0% 0% / 50%)", 0.0f, 1.0f, 1.0f, 0.5f, true},
      {"hwb(200grad 10% 20%)", 26 / 255.0f, 204 / 255.0f, 204 / 255.0f, 1.0f, true},
      {"HWB(3rad 10 10)", 26 / 255.0f, 230 / 255.0f, 202 / 255.0f, 1.0f, true},
      {"hwb(none 20% 30%)", 0.7f, 0.2f, 0.2f, 1.0f, false},
      // Alpha none is 0 (Chromium prints it transparent; the channels stay).
      {"hwb(200 10% 20% / none)", 0.1f, 0.566667f, 0.8f, 0.0f, false},
      {"lab(50% 40 -20)", 0.670292f, 0.354656f, 0.604599f, 1.0f, false},
      {"lab(70 -30 60 / 0.6)", 0.548868f, 0.725184f, 0.184068f, 0.6f, false},
      {"lab(30% 50% -60% / 40%)", 0.412677f, -0.0221454f, 0.753611f, 0.4f, false},
      {"lch(60% 50 30)", 0.864077f, 0.433862f, 0.405468f, 1.0f, false},
      {"lch(45 30% 270deg / 0.7)", 0.199237f, 0.427689f, 0.713656f, 0.7f, false},
      {"lch(80 30 none)", 0.985284f, 0.69571f, 0.78336f, 1.0f, false},
      {"oklch(0.7 0.1 150)", 0.436131f, 0.690618f, 0.490769f, 1.0f, false},
      {"oklab(0.6 0.1 -0.1)", 0.625423f, 0.388703f, 0.72752f, 1.0f, false},
      {"oklab(70% 25% -40% / 0.5)", 0.710608f, 0.487116f, 0.996932f, 0.5f, false},
      {"oklch(60% 30% 0.5turn / 80%)", -0.155051f, 0.591389f, 0.513306f, 0.8f, false},
      {"oklch(0.5 none 40)", 0.388518f, 0.388595f, 0.388602f, 1.0f, false},
      {"color(srgb 0.2 0.4 0.6)", 0.2f, 0.4f, 0.6f, 1.0f, false},
      {"color(srgb-linear 0.2 0.4 0.6 / 0.5)", 0.484529f, 0.665186f, 0.797738f, 0.5f, false},
      {"color(display-p3 0.3 0.6 0.4)", 0.142805f, 0.608783f, 0.380271f, 1.0f, false},
      {"color(xyz-d50 0.3 0.4 0.2)", 0.479038f, 0.721734f, 0.496785f, 1.0f, false},
      {"color(xyz-d65 0.2 0.3 0.4 / 0.7)", -0.115155f, 0.654269f, 0.64434f, 0.7f, false},
      {"color(xyz 0.5 0.4 0.1)", 0.980186f, 0.556359f, 0.252658f, 1.0f, false},
      {"color(srgb 50% none 25%)", 0.5f, 0.0f, 0.25f, 1.0f, false},
      // Outside sRGB: kept, drawn clipped.
      {"oklch(0.7 0.3 150)", -0.452768f, 0.796842f, -0.0838811f, 1.0f, false},
      {"color(display-p3 0 1 0)", -0.511788f, 1.0183f, -0.310672f, 1.0f, false},
      {"lab(50 120 0)", 1.09401f, -0.412214f, 0.493581f, 1.0f, false},
      {"rgb(none 0 0)", 0.0f, 0.0f, 0.0f, 1.0f, false},
  };
  checkParsed(cases);
}

TEST_CASE("parseColor: color-mix() in every space, hue method and percentage rule [core][color]") {
  const Expected cases[] = {
      {"color-mix(in srgb, red, blue)", 0.5f, 0.0f, 0.5f, 1.0f, false},
      {"color-mix(in srgb-linear, red 30%, blue)", 0.583831f, 0.0f, 0.854305f, 1.0f, false},
      {"color-mix(in display-p3, red, lime)", 0.707176f, 0.588315f, 0.100661f, 1.0f, false},
      {"color-mix(in lab, #3366cc, yellow 25%)", 0.512547f, 0.535653f, 0.685027f, 1.0f, false},
      {"color-mix(in oklab, red, blue)", 0.550402f, 0.325635f, 0.636508f, 1.0f, false},
      {"color-mix(in xyz, red 40%, blue)", 0.665186f, 0.0f, 0.797739f, 1.0f, false},
      {"color-mix(in xyz-d50, #3366cc, orange)", 0.746155f, 0.54158f, 0.585526f, 1.0f, false},
      {"color-mix(in xyz-d65, #3366cc 70%, orange)", 0.603947f, 0.491089f, 0.681925f, 1.0f, false},
      {"color-mix(in hsl, red, blue)", 1.0f, 0.0f, 1.0f, 1.0f, false},
      {"color-mix(in hsl longer hue, red, blue)", 0.0f, 1.0f, 0.0f, 1.0f, false},
      {"color-mix(in hwb, #3366cc, orange)", 0.9f, 0.1f, 0.77451f, 1.0f, false},
      {"color-mix(in lch increasing hue, red, blue)", -0.453f, 0.509679f, 0.250771f, 1.0f, false},
      {"color-mix(in oklch decreasing hue, red, blue)", 0.729867f, -0.174248f, 0.760129f, 1.0f, false},
      {"color-mix(in oklch shorter hue, #3366cc 30%, orange)", 0.984297f, 0.439889f, 0.460203f, 1.0f, false},
      // Percentages summing below 100% scale alpha; above, they normalise.
      {"color-mix(in srgb, red 20%, blue 30%)", 0.4f, 0.0f, 0.6f, 0.5f, false},
      {"color-mix(in oklab, red 80%, blue 60%)", 0.615258f, 0.323576f, 0.580553f, 1.0f, false},
      {"color-mix(in srgb, rgba(255, 0, 0, 0.5), blue)", 0.334203f, 0.0f, 0.665795f, 0.75098f, false},
      {"color-mix(in oklch longer hue, red 10%, blue 20%)", -0.536009f, 0.565654f, 0.497612f, 0.3f, false},
      // A percentage before its colour; mixes nested in mixes.
      {"color-mix(in srgb, 20% red, blue 30%)", 0.4f, 0.0f, 0.6f, 0.5f, false},
      {"color-mix(in srgb, color-mix(in srgb, red, blue), blue)", 0.25f, 0.0f, 0.75f, 1.0f, false},
  };
  checkParsed(cases);
}

TEST_CASE("parseColor: relative colours with channel keywords and calc() [core][color]") {
  const Expected cases[] = {
      {"rgb(from red r g b / 50%)", 1.0f, 0.0f, 0.0f, 0.5f, false},
      {"rgb(from #3366cc calc(r + 20) g calc(b / 2))", 0.278432f, 0.4f, 0.4f, 1.0f, false},
      {"hsl(from red h s calc(l + 10))", 1.0f, 0.2f, 0.2f, 1.0f, false},
      {"hsl(from blue calc(h + 30) s l / calc(alpha * 0.5))", 0.5f, 0.0f, 1.0f, 0.5f, false},
      {"hwb(from red calc(h + 120) w b)", 0.0f, 1.0f, 0.0f, 1.0f, false},
      {"color(from red srgb r g calc(b + 0.5) / 0.5)", 1.0f, 0.0f, 0.5f, 0.5f, false},
      {"oklch(from #3366cc calc(l + 0.1) c h)", 0.311946f, 0.522353f, 0.933921f, 1.0f, false},
      {"oklch(from red l c calc(h + 180) / 0.5)", -0.566382f, 0.663464f, 0.858175f, 0.5f, false},
      {"lab(from green l calc(a * -1) b)", 0.736762f, 0.269517f, 0.109334f, 1.0f, false},
      {"rgb(from oklch(0.7 0.1 150) r g b)", 0.436131f, 0.690618f, 0.490769f, 1.0f, false},
      {"oklab(from rgb(255 0 0 / 0.5) l a b / calc(alpha + 0.25))", 1.0f, 0.0f, 0.0f, 0.75f, false},
      // min(), max(), clamp(), parentheses and the constants.
      {"rgb(from red clamp(0, calc((r - 55) * 2), 128) max(g, 64) min(b, 10))", 128 / 255.0f, 64 / 255.0f,
       0.0f, 1.0f, false},
      {"hsl(calc(pi * 0rad + 120deg) 100% 50%)", 0.0f, 1.0f, 0.0f, 1.0f, true},
      {"rgb(clamp(0, 300, clamp(100, 200, 250)) 0 0)", 200 / 255.0f, 0.0f, 0.0f, 1.0f, true},
      // Division by zero is infinity (CSS Values 4), which the channel clamps.
      {"rgb(calc(255 / 0) calc(-1 / 0) 0)", 1.0f, 0.0f, 0.0f, 1.0f, true},
      {"hsl(calc(0.5turn / 1) 100% 50%)", 0.0f, 1.0f, 1.0f, 1.0f, true},
  };
  checkParsed(cases);
}

TEST_CASE("parseColor: invalid modern colours are nullopt [core][color]") {
  const char* bad[] = {
      // A number plus a percentage in relative hsl() (Chromium rejects it too).
      "hsl(from red h s calc(l + 10%))",
      "hsl(from red h s calc(l+10))",  // + needs whitespace on both sides
      "rgb(from red r g)",             // three channels
      "rgb(from red r g b alpha)",     // alpha only after /
      "rgb(from red x g b)",           // not a channel keyword of rgb()
      "rgb(from r g b)",               // no origin colour
      "lab(50 0)",
      "lab(50 0 0 0)",
      "lab(50, 0, 0)",  // no legacy comma syntax
      "hwb(0, 0%, 0%)",
      "oklch(0.5 0.1 10px)",
      "color(lab 50 0 0)",  // color() takes rgb and xyz spaces
      "color(srgb 1 0)",
      "color(rec2020 1 0 0)",
      "color-mix(in srgb, red)",
      "color-mix(in srgb red, blue)",
      "color-mix(in nowhere, red, blue)",
      "color-mix(in srgb longer hue, red, blue)",  // a hue method needs a polar space
      "color-mix(in srgb, red 0%, blue 0%)",
      "color-mix(in srgb, red 120%, blue)",
      "color-mix(in srgb, red -10%, blue)",
      "color-mix(in srgb, red 10% 20%, blue)",
      "calc(1)",
      "rgb(calc(1px) 0 0)",
      "rgb(calc(10 + 10%) 0 0)",
      "hsl(calc(10deg * 1deg) 100% 50%)",
      "rgb(clamp(1, 2) 0 0)",
  };
  for (const char* text : bad) {
    INFO(text);
    CHECK_FALSE(parseColor(text).has_value());
  }
  // Nesting deep enough to exhaust a recursive reader is refused, not a crash.
  std::string deep;
  for (int i = 0; i < 10000; ++i) deep += "color-mix(in srgb, red, ";
  deep += "blue";
  for (int i = 0; i < 10000; ++i) deep += ")";
  CHECK_FALSE(parseColor(deep).has_value());
  std::string calc = "rgb(";
  for (int i = 0; i < 10000; ++i) calc += "calc(";
  calc += "1";
  for (int i = 0; i < 10000; ++i) calc += ")";
  CHECK_FALSE(parseColor(calc + " 0 0)").has_value());
  // Infinities and NaN stay finite colours.
  for (const char* text : {"lab(50 calc(infinity) 0)", "oklch(0.5 calc(infinity) calc(nan))",
                           "color(srgb calc(-infinity) calc(nan) 1)"}) {
    INFO(text);
    const std::optional<Color> c = parseColor(text);
    REQUIRE(c.has_value());
    CHECK(std::isfinite(c->r));
    CHECK(std::isfinite(c->g));
    CHECK(std::isfinite(c->b));
    CHECK(std::isfinite(c->a));
    const std::optional<Color> back = parseColor(toCss(*c));
    REQUIRE(back.has_value());
    CHECK(toCss(*back) == toCss(*c));
  }
}

TEST_CASE("toCss(Color): a colour that is not legacy prints as color(srgb) and reads back [core][color]") {
  CHECK(toCss(*parseColor("color(srgb 0.2 0.4 0.6)")) == "color(srgb 0.2 0.4 0.6)");
  CHECK(toCss(*parseColor("color(srgb 1.2 -0.1 0.5 / 25%)")) == "color(srgb 1.2 -0.1 0.5 / 0.25)");
  CHECK(toCss(*parseColor("hwb(120 10% 20%)")) == "rgb(26, 204, 26)");
  for (const char* text : {"oklch(0.7 0.3 150)", "lab(50% 40 -20 / 0.3)", "color-mix(in oklch, red, blue)"}) {
    INFO(text);
    const Color c = *parseColor(text);
    const std::optional<Color> back = parseColor(toCss(c));
    REQUIRE(back.has_value());
    CHECK_FALSE(back->legacy);
    checkColor(*back, c.r, c.g, c.b, c.a);
  }
}

TEST_CASE("lerpProp: legacy colours in sRGB, any other pair in premultiplied Oklab [core][color][lerp]") {
  const Color red = *parseColor("red");
  const Color blue = *parseColor("#0000ff");
  // Two legacy colours: sRGB, as before (Chromium: rgb(128, 0, 128) at 0.5).
  const Color mid = lerpProp(red, blue, 0.5f);
  CHECK(mid.legacy);
  checkColor(mid, 0.5f, 0.0f, 0.5f, 1.0f);
  // red -> oklch(0.6 0.2 250): Oklab (Chromium's samples at 25%, 50%, 75%).
  const Color to = *parseColor("oklch(0.6 0.2 250)");
  const float want[3][3] = {
      {0.833837f, 0.339984f, 0.38627f}, {0.650205f, 0.440954f, 0.587126f}, {0.424141f, 0.490521f, 0.768224f}};
  for (int i = 0; i < 3; ++i) {
    const float t = 0.25f * static_cast<float>(i + 1);
    INFO(t);
    const Color c = lerpProp(red, to, t);
    CHECK_FALSE(c.legacy);
    checkColor(c, want[i][0], want[i][1], want[i][2], 1.0f);
    // The per-frame colour lanes take the same path.
    const Color lane = simd::lerpColor(red, to, t);
    CHECK(lane == c);
  }
  // Premultiplied: from transparent the channels are the target's throughout.
  const Color fade = lerpProp(*parseColor("transparent"), *parseColor("oklch(0.7 0.15 60)"), 0.25f);
  checkColor(fade, 0.880657f, 0.519953f, 0.156484f, 0.25f);
  // With alpha at both ends (Chromium at 50%).
  const Color alpha =
      lerpProp(*parseColor("oklab(0.4 0.1 -0.1 / 0.2)"), *parseColor("oklab(0.8 -0.1 0.1 / 0.8)"), 0.5f);
  checkColor(alpha, 0.555611f, 0.69373f, 0.481847f, 0.5f);
  // An end outside sRGB stays outside until drawn.
  const Color p3 = lerpProp(*parseColor("color(display-p3 0 1 0)"), *parseColor("oklch(0.7 0.3 330)"), 0.25f);
  checkColor(p3, 0.376931f, 0.884414f, 0.395084f, 1.0f);
}
