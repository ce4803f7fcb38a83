// Color: straight (non-premultiplied) RGBA in [0, 1] floats.
//
// Parsing covers CSS Color 4's legacy and modern rgb()/hsl() syntax, hex
// (#rgb, #rgba, #rrggbb, #rrggbbaa), the 148 named colors and `transparent`.
// Interpolation (lerpProp in core/Lerp.hpp) is premultiplied, as CSS does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zenit {

struct Color {
  float r{0.0f}, g{0.0f}, b{0.0f}, a{1.0f};  // channels in [0, 1], not premultiplied

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

// Serialises as getComputedStyle does: "rgb(255, 0, 0)" when opaque,
// "rgba(255, 0, 0, 0.5)" otherwise (channels rounded to 0..255).
std::string toCss(const Color& c);

namespace detail {
// The CSS <number> at s[pos] as parseColor reads it ([+-]? digits [. digits]?
// ([eE] [+-]? digits)?; digits past the 17th significant one only move the
// exponent, so any length of literal is safe). True and pos past it, or false
// (no digit) with pos unchanged. The .zstyle parser's rgb() fast path reads
// its tokens with it, so both give the same bits.
bool scanCssNumber(std::string_view s, std::size_t& pos, double& out);
}  // namespace detail

}  // namespace zenit
