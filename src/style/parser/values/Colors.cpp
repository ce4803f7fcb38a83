// <color>'s part that needs no cursor (Colors.hpp): the colour scanner's
// numbers. Hex colours and rgb()'s arguments are core/ColorGrammar.hpp's.
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

}  // namespace zenit::detail
