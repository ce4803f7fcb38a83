#include <zenit/core/Format.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace zenit {

void appendCssNumber(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += std::isnan(v) ? "NaN" : (v > 0 ? "infinity" : "-infinity");
    return;
  }
  // Fixed notation of the largest double takes 309 digits and a sign.
  char buf[400];
  // %.6g gives 6 significant digits; values below 1e-6 in magnitude print
  // as 0 in Chromium's serialisation, so round them away first.
  if (std::fabs(v) < 5e-7) v = 0.0;
  int n = std::snprintf(buf, sizeof buf, "%.6g", v);
  if (n <= 0) return;
  // %g switches to exponent form for large numbers; Chromium prints those
  // in full, so fall back to fixed notation rounded to 6 significant digits.
  if (std::strchr(buf, 'e') != nullptr) {
    const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(v))));
    const int decimals = exponent >= 5 ? 0 : 5 - exponent;
    const double scale = std::pow(10.0, exponent - 5);
    const double rounded = exponent >= 5 ? std::round(v / scale) * scale : v;
    n = std::snprintf(buf, sizeof buf, "%.*f", decimals, rounded);
    if (n <= 0) return;
    if (decimals > 0) {
      while (n > 0 && buf[n - 1] == '0') buf[--n] = '\0';
      if (n > 0 && buf[n - 1] == '.') buf[--n] = '\0';
    }
  }
  if (std::strcmp(buf, "-0") == 0) {
    out += '0';
    return;
  }
  out.append(buf, std::min(static_cast<std::size_t>(n), std::strlen(buf)));
}

std::string formatCssNumber(double v) {
  std::string s;
  appendCssNumber(s, v);
  return s;
}

}  // namespace zenit
