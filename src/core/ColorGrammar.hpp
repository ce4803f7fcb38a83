// The <color> grammar's rules that both colour readers share (CSS Color 4):
// hex colours (§5.2) and the arguments of rgb() / rgba() (§5.1). parseColor
// (core/Color.cpp) reads a text with them; the stylesheet's colour reader
// (style/parser/values/Colors.hpp) reads plain components with them and
// leaves everything else to parseColor.
#pragma once

#include <zenit/core/Color.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace zenit::detail {

// `h` as 3, 4, 6 or 8 hex digits (without the `#`): a short form repeats
// each digit; alpha is the last byte / 255. nullopt for anything else.
std::optional<Color> hexColor(std::string_view h);

// One argument or separator of rgb() / rgba(): a number (0 to 255), a
// percentage (the number before `%`) or `none`; or a separator `,` or `/`.
struct RgbArg {
  enum Kind : std::uint8_t { Number, Percent, None } kind;
  double value;
};
struct RgbItem {
  char sep;  // ',' '/' or 0 for an argument
  RgbArg arg;
};
inline constexpr std::size_t kRgbItems = 8;  // more is never a colour

// The colour of the n items between rgb( and `)`: legacy `r, g, b[, a]`
// (all numbers or all percentages, no none) or modern `r g b [/ a]` (any
// mix, none allowed); channels and alpha clamped to [0, 1], NaN read as 0.
// nullopt for any other list.
std::optional<Color> rgbFromItems(const RgbItem* items, std::size_t n);

}  // namespace zenit::detail
