// Color: CSS Color 4 parsing (hex, rgb(), hsl(), named) and getComputedStyle
// serialisation.
#include <zenit/core/Color.hpp>

#include "support/zenit_test.hpp"

#include <cmath>

#include <cstdint>
#include <string>

using namespace zenit;

namespace {
// The 0..255 channels a parsed color stands for (what toCss prints).
struct Rgb8 {
  int r, g, b;
  bool operator==(const Rgb8&) const = default;
};
Rgb8 rgb8(const Color& c) {
  auto ch = [](float v) { return static_cast<int>(static_cast<double>(v) * 255.0 + 0.5 + 1e-3); };
  return Rgb8{ch(c.r), ch(c.g), ch(c.b)};
}
Rgb8 parsed8(std::string_view text) {
  const auto c = parseColor(text);
  REQUIRE(c.has_value());
  return rgb8(*c);
}
}  // namespace

namespace {
// Catch2 v2 resolves the shim's Approx to the vector matcher, so compare by hand.
[[maybe_unused]] bool near(float a, float b, float eps = 1e-5f) { return std::fabs(a - b) <= eps; }
}  // namespace

TEST_CASE("parseColor: hex in all four lengths [core][color]") {
  CHECK(parsed8("#f00") == Rgb8{255, 0, 0});
  CHECK(parsed8("#ABC") == Rgb8{0xaa, 0xbb, 0xcc});
  CHECK(parsed8("#1e90ff") == Rgb8{0x1e, 0x90, 0xff});
  CHECK(parsed8("#1E90Ff") == Rgb8{0x1e, 0x90, 0xff});
  CHECK(parseColor("#fff")->a == 1.0f);
  const auto shortAlpha = parseColor("#0f08");
  REQUIRE(shortAlpha);
  CHECK(rgb8(*shortAlpha) == Rgb8{0, 255, 0});
  CHECK(near(shortAlpha->a, 0x88 / 255.0f));
  const auto longAlpha = parseColor("#ff000080");
  REQUIRE(longAlpha);
  CHECK(rgb8(*longAlpha) == Rgb8{255, 0, 0});
  CHECK(near(longAlpha->a, 128 / 255.0f));
}

TEST_CASE("parseColor: rgb() legacy comma syntax [core][color]") {
  CHECK(parsed8("rgb(255, 0, 0)") == Rgb8{255, 0, 0});
  CHECK(parsed8("RGB( 10 ,20,  30 )") == Rgb8{10, 20, 30});
  CHECK(parsed8("rgb(100%, 0%, 50%)") == Rgb8{255, 0, 128});
  const auto a = parseColor("rgba(0, 0, 255, 0.25)");
  REQUIRE(a);
  CHECK(rgb8(*a) == Rgb8{0, 0, 255});
  CHECK(near(a->a, 0.25f));
  CHECK(near(parseColor("rgb(0, 0, 0, 50%)")->a, 0.5f));    // rgb takes an alpha too
  CHECK(parseColor("rgba(1, 2, 3)")->a == 1.0f);            // and rgba may omit it
  CHECK(parsed8("rgb(1e2, .5e1, +3)") == Rgb8{100, 5, 3});  // CSS <number> forms
}

TEST_CASE("parseColor: rgb() modern space syntax with / alpha [core][color]") {
  CHECK(parsed8("rgb(255 128 0)") == Rgb8{255, 128, 0});
  CHECK(parsed8("rgb(100% 0 50%)") == Rgb8{255, 0, 128});  // mixing is allowed here
  CHECK(near(parseColor("rgb(255 0 0 / 0.5)")->a, 0.5f));
  CHECK(near(parseColor("rgb(255 0 0/50%)")->a, 0.5f));
  CHECK(parseColor("rgba(1 2 3)")->a == 1.0f);
  CHECK(parsed8("rgb(none 20 none)") == Rgb8{0, 20, 0});
  CHECK(parseColor("rgb(1 2 3 / none)")->a == 0.0f);
}

TEST_CASE("parseColor: out-of-range channels clamp as CSS does [core][color]") {
  CHECK(parsed8("rgb(300, -20, 0)") == Rgb8{255, 0, 0});
  CHECK(parsed8("rgb(150%, -5%, 0%)") == Rgb8{255, 0, 0});
  CHECK(parseColor("rgb(0 0 0 / 1.5)")->a == 1.0f);
  CHECK(parseColor("rgb(0 0 0 / -1)")->a == 0.0f);
  CHECK(parseColor("rgba(0, 0, 0, 250%)")->a == 1.0f);
  CHECK(parsed8("rgb(1e9999 0 0)") == Rgb8{255, 0, 0});  // huge exponent: clamped, not inf/NaN
  CHECK(parsed8("hsl(0 150% 50%)") == Rgb8{255, 0, 0});  // saturation clamps to 100%
  CHECK(parsed8("hsl(0 -10% 50%)") == Rgb8{128, 128, 128});
  CHECK(parsed8("hsl(0 100% 120%)") == Rgb8{255, 255, 255});
}

TEST_CASE("parseColor: hsl() with every hue unit [core][color]") {
  CHECK(parsed8("hsl(0, 100%, 50%)") == Rgb8{255, 0, 0});
  CHECK(parsed8("hsl(120deg 100% 50%)") == Rgb8{0, 255, 0});
  CHECK(parsed8("hsl(0.5turn 100% 50%)") == Rgb8{0, 255, 255});
  CHECK(parsed8("hsl(200grad, 100%, 50%)") == Rgb8{0, 255, 255});
  CHECK(parsed8("hsl(3.14159265rad 100% 50%)") == Rgb8{0, 255, 255});
  CHECK(parsed8("HSL(240DEG 100% 50%)") == Rgb8{0, 0, 255});
  CHECK(parsed8("hsl(-120, 100%, 50%)") == Rgb8{0, 0, 255});  // hue wraps
  CHECK(parsed8("hsl(480 100% 50%)") == Rgb8{0, 255, 0});
  CHECK(parsed8("hsl(30 100% 50%)") == Rgb8{255, 128, 0});
  CHECK(parsed8("hsl(0 0% 50%)") == Rgb8{128, 128, 128});
  CHECK(parsed8("hsl(240 100 50)") == Rgb8{0, 0, 255});  // modern: numbers as percentages
  CHECK(parsed8("hsl(none 100% 50%)") == Rgb8{255, 0, 0});
  const auto a = parseColor("hsla(240, 100%, 50%, 0.5)");
  REQUIRE(a);
  CHECK(near(a->a, 0.5f));
  CHECK(near(parseColor("hsl(240 100% 50% / 25%)")->a, 0.25f));
}

TEST_CASE("parseColor: named colors and transparent, case-insensitive [core][color]") {
  struct Case {
    const char* name;
    std::uint32_t rgb;
  };
  // Spot checks across the CSS Color 4 table, including the names where it
  // differs from X11 (gray, green, maroon, purple) and the last addition.
  const Case cases[] = {
      {"aliceblue", 0xf0f8ff},
      {"black", 0x000000},
      {"white", 0xffffff},
      {"red", 0xff0000},
      {"lime", 0x00ff00},
      {"green", 0x008000},
      {"gray", 0x808080},
      {"grey", 0x808080},
      {"maroon", 0x800000},
      {"purple", 0x800080},
      {"rebeccapurple", 0x663399},
      {"lightgoldenrodyellow", 0xfafad2},
      {"darkslategrey", 0x2f4f4f},
      {"cornflowerblue", 0x6495ed},
      {"crimson", 0xdc143c},
      {"indigo", 0x4b0082},
      {"mediumspringgreen", 0x00fa9a},
      {"papayawhip", 0xffefd5},
      {"yellowgreen", 0x9acd32},
      {"aqua", 0x00ffff},
      {"cyan", 0x00ffff},
      {"fuchsia", 0xff00ff},
      {"teal", 0x008080},
      {"silver", 0xc0c0c0},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const Rgb8 want{static_cast<int>(c.rgb >> 16), static_cast<int>((c.rgb >> 8) & 0xff),
                    static_cast<int>(c.rgb & 0xff)};
    CHECK(parsed8(c.name) == want);
    CHECK(parseColor(c.name)->a == 1.0f);
  }
  CHECK(parsed8("ReBeccaPurple") == Rgb8{0x66, 0x33, 0x99});
  CHECK(parsed8("  NAVY\t") == Rgb8{0, 0, 0x80});
  CHECK(parseColor("transparent") == Color::transparent());
  CHECK(parseColor("TRANSPARENT") == Color::transparent());
}

TEST_CASE("parseColor: garbage is nullopt, never a crash [core][color]") {
  const char* bad[] = {
      "",
      "   ",
      "#",
      "#ff",
      "#fffff",
      "#1234567",
      "#ggg",
      "# fff",
      "red blue",
      "reddish",
      "currentcolor",
      "lightgoldenrodyellowx",
      "inherit",
      "rgb",
      "rgb(",
      "rgb()",
      "rgb(1 2 3",
      "rgb(1 2)",
      "rgb(1 2 3 4)",
      "rgb (1 2 3)",
      "rgb(1 2 3) x",
      "rgb(1px 2 3)",
      "rgb(100%, 0, 0)",
      "rgb(255, 0 0)",
      "rgb(255 0, 0)",
      "rgb(255, 0, 0 / 0.5)",
      "rgb(none, 0, 0)",
      "rgb(0, 0, 0, none)",
      "rgb(1 2 3 / )",
      "rgb(1 2 3 / 1 2)",
      "rgb(1,,2,3)",
      "rgb(1, 2, 3,)",
      "rgb(- 1 2 3)",
      "rgb(1.e2 0 0)",
      "rgb(. 0 0)",
      "rgb(e1 0 0)",
      "hsl(10px, 1%, 1%)",
      "hsl(240, 100, 50)",
      "hsl(0, 100%)",
      "hsl(none, 100%, 50%)",
      "hsl(0 100% 50% 1)",
      "rgb(\0 0 0)",
      "\xff\xfe",
      "nonee",
  };
  for (const char* text : bad) {
    INFO(text);
    CHECK_FALSE(parseColor(text).has_value());
  }
  CHECK_FALSE(parseColor(std::string_view("red\0", 4)).has_value());
  // Every prefix of valid inputs: parses or rejects, without reading past the end.
  for (std::string_view full : {"rgba(10%, 20%, 30%, 0.5)", "hsl(1.5e2deg 50% 50% / 50%)", "#aabbccdd"}) {
    for (std::size_t n = 0; n <= full.size(); ++n) (void)parseColor(full.substr(0, n));
  }
  const std::string longNumber = "rgb(" + std::string(1000, '9') + " 0 0)";
  CHECK(parsed8(longNumber) == Rgb8{255, 0, 0});
  const std::string longFraction = "rgb(0." + std::string(1000, '0') + "1 0 0)";
  CHECK(parsed8(longFraction) == Rgb8{0, 0, 0});
}

TEST_CASE("toCss(Color): rgb() when opaque, rgba() otherwise [core][color]") {
  CHECK(toCss(Color{1.0f, 0.0f, 0.0f, 1.0f}) == "rgb(255, 0, 0)");
  CHECK(toCss(Color{1.0f, 0.0f, 0.0f, 0.5f}) == "rgba(255, 0, 0, 0.5)");
  CHECK(toCss(Color::transparent()) == "rgba(0, 0, 0, 0)");
  CHECK(toCss(Color{0.0f, 0.0f, 0.0f, 0.2f}) == "rgba(0, 0, 0, 0.2)");
  CHECK(toCss(Color{0.0f, 0.0f, 0.0f, 128.0f / 255.0f}) == "rgba(0, 0, 0, 0.5)");  // 0.5 * 255 rounds to 128
  CHECK(toCss(Color{0.0f, 0.0f, 0.0f, 129.0f / 255.0f}) == "rgba(0, 0, 0, 0.506)");  // no 2-decimal spelling
  CHECK(toCss(Color{0.0f, 0.0f, 0.0f, 0.999f}) == "rgb(0, 0, 0)");  // rounds to the opaque byte
  CHECK(toCss(*parseColor("rgb(127.5, 0.4, 254.6)")) == "rgb(128, 0, 255)");
  CHECK(toCss(Color{1.5f, -0.25f, 0.5f, 1.0f}) == "rgb(255, 0, 128)");  // clamped, halves up
}

TEST_CASE("toCss(Color): every 8-bit alpha prints the shortest spelling that maps back [core][color]") {
  for (int a8 = 0; a8 < 255; ++a8) {
    const std::string s = toCss(Color{0.0f, 0.0f, 0.0f, static_cast<float>(a8) / 255.0f});
    INFO(s);
    REQUIRE(s.rfind("rgba(0, 0, 0, ", 0) == 0);
    const std::string alpha = s.substr(14, s.size() - 15);
    const std::size_t dot = alpha.find('.');
    const std::size_t decimals = dot == std::string::npos ? 0 : alpha.size() - dot - 1;
    CHECK(decimals <= 3);
    const auto back = parseColor(s);
    REQUIRE(back);
    // The byte it maps back to, rounding halves up as CSSOM does (0.7 -> 178.5 -> 179).
    CHECK(static_cast<int>(std::floor((static_cast<double>(back->a) + 1e-7) * 255.0 + 0.5)) == a8);
    CHECK(toCss(*back) == s);
    // Two decimals whenever some two-decimal number maps to this byte.
    bool twoExists = false;
    for (int k = 0; k <= 100; ++k) twoExists |= static_cast<int>(k * 2.55 + 0.5 + 1e-9) == a8;
    if (twoExists) CHECK(decimals <= 2);
  }
}

TEST_CASE("toCss(Color) round-trips through parseColor [core][color]") {
  for (const char* text : {"rgb(12, 34, 56)", "rgba(255, 255, 255, 0.75)", "rgba(0, 128, 255, 0.333)"}) {
    const auto c = parseColor(text);
    REQUIRE(c);
    CHECK(toCss(*c) == text);
  }
}
