// Color: straight (non-premultiplied) sRGB and alpha as floats.
//
// Parsing covers CSS Color 4 and 5: hex (#rgb, #rgba, #rrggbb, #rrggbbaa),
// the 148 named colours and `transparent`, rgb() and hsl() in both
// syntaxes, hwb(), lab(), lch(), oklab(), oklch(), color() (srgb,
// srgb-linear, display-p3, xyz, xyz-d50, xyz-d65), color-mix() and
// relative colours (`oklch(from #36c calc(l + 0.1) c h)`).
// Interpolation (lerpProp in core/Lerp.hpp) is premultiplied, as CSS does:
// in sRGB between two legacy colours, in Oklab when either is not one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zenit {

struct Color {
  float r{0.0f}, g{0.0f}, b{0.0f}, a{1.0f};  // sRGB channels and alpha, not premultiplied
  // True for a colour in a legacy syntax (hex, a name, rgb(), hsl(), hwb()):
  // its channels are in [0, 1] and it interpolates in sRGB. False for the
  // others (lab(), oklch(), color(), color-mix(), relative colours, and an
  // interpolation involving one): they interpolate in Oklab, and their
  // channels may lie outside [0, 1], a colour outside sRGB that is drawn
  // clipped.
  bool legacy{true};

  static constexpr Color rgba8(std::uint8_t r8, std::uint8_t g8, std::uint8_t b8, float alpha = 1.0f) {
    return Color{static_cast<float>(r8) / 255.0f, static_cast<float>(g8) / 255.0f,
                 static_cast<float>(b8) / 255.0f, alpha};
  }
  static constexpr Color transparent() { return Color{0.0f, 0.0f, 0.0f, 0.0f}; }
  static constexpr Color black() { return Color{0.0f, 0.0f, 0.0f, 1.0f}; }
  static constexpr Color white() { return Color{1.0f, 1.0f, 1.0f, 1.0f}; }

  bool operator==(const Color&) const = default;
};

// Parses any CSS color this library supports; nullopt when `text` is not one.
// Leading/trailing ASCII whitespace is ignored; keywords are case-insensitive.
std::optional<Color> parseColor(std::string_view text);

// Serialises as getComputedStyle does for sRGB: a legacy colour as
// "rgb(255, 0, 0)" when opaque, "rgba(255, 0, 0, 0.5)" otherwise (channels
// rounded to 0..255); any other as "color(srgb 1 0 0)" or
// "color(srgb 1 0 0 / 0.5)" (six significant digits, outside [0, 1] kept).
std::string toCss(const Color& c);

namespace detail {
// The CSS <number> at s[pos] as parseColor reads it ([+-]? digits [. digits]?
// ([eE] [+-]? digits)?; digits past the 17th significant one only move the
// exponent, so any length of literal is safe). True and pos past it, or false
// (no digit) with pos unchanged. The .zstyle parser's rgb() fast path reads
// its tokens with it, so both give the same bits.
bool scanCssNumber(std::string_view s, std::size_t& pos, double& out);

// lerpProp's interpolation when either colour is not legacy: premultiplied
// Oklab (core/ColorSpaces.cpp).
Color lerpColorOklab(const Color& a, const Color& b, float t);
}  // namespace detail

}  // namespace zenit
