// <color>'s parts that need no cursor (Colors.hpp): hex colours, the rgb()
// items' colour and the colour scanner's numbers.
#include "Colors.hpp"

#include <array>
#include <cmath>
#include <cstdint>

namespace zenit::detail {

double colorNumber(std::string_view s) {
  // The common shape first: a sign, at most 15 digits and a fraction, and
  // nothing else. scanCssNumber then builds the digits' integer exactly
  // (every step is an integer below 2^53) and multiplies it by
  // std::pow(10, -fraction digits): the same product, with the powers
  // taken from std::pow once.
  static const std::array<double, 16> kNegPow10 = [] {
    std::array<double, 16> t{};
    for (std::size_t k = 0; k < t.size(); ++k) t[k] = std::pow(10.0, -static_cast<double>(k));
    return t;
  }();
  std::size_t i = 0;
  double sign = 1.0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    if (s[i] == '-') sign = -1.0;
    ++i;
  }
  std::uint64_t m = 0;
  std::size_t digits = 0, frac = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits)
    m = m * 10 + static_cast<std::uint64_t>(s[i] - '0');
  if (i + 1 < s.size() && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits, ++frac)
      m = m * 10 + static_cast<std::uint64_t>(s[i] - '0');
  }
  if (i == s.size() && digits > 0 && digits <= 15) {
    if (m == 0) return 0.0;
    const double mantissa = static_cast<double>(m);
    return frac == 0 ? sign * mantissa : sign * mantissa * kNegPow10[frac];
  }
  std::size_t pos = 0;
  double v = 0.0;
  return detail::scanCssNumber(s, pos, v) ? v : 0.0;
}

namespace {

// A channel or alpha as parseColor clamps it: NaN reads as 0.
double clampUnit(double v) { return std::isnan(v) ? 0.0 : (v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v)); }

}  // namespace

std::optional<Color> rgbFromItems(const RgbItem* items, std::size_t n) {
  // CSS Color 4 §5.1: legacy `r, g, b[, a]` (all numbers or all
  // percentages, no none) or modern `r g b [/ a]` (any mix, none allowed).
  auto isArg = [&](std::size_t i) { return i < n && items[i].sep == 0; };
  auto isSep = [&](std::size_t i, char c) { return i < n && items[i].sep == c; };
  auto channel = [](const RgbArg& a) {
    return clampUnit(a.kind == RgbArg::Number ? a.value / 255.0
                                              : (a.kind == RgbArg::Percent ? a.value / 100.0 : 0.0));
  };
  auto alphaOf = [](const RgbArg& a) {
    return clampUnit(a.kind == RgbArg::Number ? a.value
                                              : (a.kind == RgbArg::Percent ? a.value / 100.0 : 0.0));
  };
  double alpha = 1.0;
  if (isSep(1, ',')) {
    if (!(isArg(0) && isArg(2) && isSep(3, ',') && isArg(4))) return std::nullopt;
    const RgbArg::Kind k = items[0].arg.kind;
    if (k == RgbArg::None || items[2].arg.kind != k || items[4].arg.kind != k) return std::nullopt;
    if (n == 7) {
      if (!isSep(5, ',') || !isArg(6) || items[6].arg.kind == RgbArg::None) return std::nullopt;
      alpha = alphaOf(items[6].arg);
    } else if (n != 5) {
      return std::nullopt;
    }
    return Color{static_cast<float>(channel(items[0].arg)), static_cast<float>(channel(items[2].arg)),
                 static_cast<float>(channel(items[4].arg)), static_cast<float>(alpha)};
  }
  if (!(isArg(0) && isArg(1) && isArg(2))) return std::nullopt;
  if (n == 5) {
    if (!isSep(3, '/') || !isArg(4)) return std::nullopt;
    alpha = alphaOf(items[4].arg);
  } else if (n != 3) {
    return std::nullopt;
  }
  return Color{static_cast<float>(channel(items[0].arg)), static_cast<float>(channel(items[1].arg)),
               static_cast<float>(channel(items[2].arg)), static_cast<float>(alpha)};
}

namespace {

// Hex digits and channels come from tables (byte / 255.0f computed once,
// the same float Color::rgba8 divides out).
constexpr std::array<std::uint8_t, 256> makeHexDigits() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (c >= '0' && c <= '9')
      t[i] = static_cast<std::uint8_t>(c - '0');
    else if (c >= 'a' && c <= 'f')
      t[i] = static_cast<std::uint8_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      t[i] = static_cast<std::uint8_t>(c - 'A' + 10);
    else
      t[i] = 16;  // not a digit: the one value with bit 4 set
  }
  return t;
}
constexpr std::array<std::uint8_t, 256> kHexDigit = makeHexDigits();
constexpr std::array<float, 256> makeUnitBytes() {
  std::array<float, 256> t{};
  for (int b = 0; b < 256; ++b) t[static_cast<std::size_t>(b)] = static_cast<float>(b) / 255.0f;
  return t;
}
constexpr std::array<float, 256> kUnitByte = makeUnitBytes();

}  // namespace

// A short form repeats each digit; alpha is the last byte / 255. nullopt
// for anything else (parseColor then rejects it with the message).
std::optional<Color> hexColor(std::string_view h) {
  const std::size_t n = h.size();
  if (n != 3 && n != 4 && n != 6 && n != 8) return std::nullopt;
  unsigned v[8];
  unsigned bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    v[i] = kHexDigit[static_cast<unsigned char>(h[i])];
    bad |= v[i];
  }
  if (bad & 16u) return std::nullopt;
  auto byte = [&](std::size_t i) {
    return static_cast<std::size_t>(n <= 4 ? v[i] * 17 : v[2 * i] * 16 + v[2 * i + 1]);
  };
  const bool alpha = n == 4 || n == 8;
  return Color{kUnitByte[byte(0)], kUnitByte[byte(1)], kUnitByte[byte(2)], alpha ? kUnitByte[byte(3)] : 1.0f};
}

}  // namespace zenit::detail
