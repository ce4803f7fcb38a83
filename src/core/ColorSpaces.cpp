// Colour space conversions (CSS Color 4 §9, §10, §17 and its sample code's
// constants), colour interpolation in any space (§12), and the Oklab
// interpolation of lerpProp for colours that are not legacy.
#include "core/ColorSpaces.hpp"

#include "core/Ascii.hpp"

#include <zenit/core/Lerp.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace zenit::detail {

namespace {

using M3 = std::array<std::array<double, 3>, 3>;

constexpr M3 inverse(const M3& m) {
  const double a = m[0][0], b = m[0][1], c = m[0][2];
  const double d = m[1][0], e = m[1][1], f = m[1][2];
  const double g = m[2][0], h = m[2][1], i = m[2][2];
  const double A = e * i - f * h, B = f * g - d * i, C = d * h - e * g;
  const double det = a * A + b * B + c * C;
  return M3{{{A / det, (c * h - b * i) / det, (b * f - c * e) / det},
             {B / det, (a * i - c * g) / det, (c * d - a * f) / det},
             {C / det, (b * g - a * h) / det, (a * e - b * d) / det}}};
}

constexpr std::array<double, 3> apply(const M3& m, const std::array<double, 3>& v) {
  return {m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2], m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
          m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]};
}

// Linear sRGB and linear Display P3 to CIE XYZ (D65), CSS Color 4 §17.
constexpr M3 kSrgbToXyz{{{506752.0 / 1228815.0, 87881.0 / 245763.0, 12673.0 / 70218.0},
                         {87098.0 / 409605.0, 175762.0 / 245763.0, 12673.0 / 175545.0},
                         {7918.0 / 409605.0, 87881.0 / 737289.0, 1001167.0 / 1053270.0}}};
constexpr M3 kXyzToSrgb = inverse(kSrgbToXyz);
constexpr M3 kP3ToXyz{{{608311.0 / 1250200.0, 189793.0 / 714400.0, 198249.0 / 1000160.0},
                       {35783.0 / 156275.0, 247089.0 / 357200.0, 198249.0 / 2500400.0},
                       {0.0, 32229.0 / 714400.0, 5220557.0 / 5000800.0}}};
constexpr M3 kXyzToP3 = inverse(kP3ToXyz);
// Bradford chromatic adaptation, D65 to D50.
constexpr M3 kD65ToD50{{{1.0479297925449969, 0.022946870601609652, -0.05019226628920524},
                        {0.02962780877005599, 0.9904344267538799, -0.017073799063418826},
                        {-0.009243040646204504, 0.015055191490298152, 0.7518742814281371}}};
constexpr M3 kD50ToD65 = inverse(kD65ToD50);
// Oklab: linear sRGB to cone responses, and their cube roots to L, a, b.
constexpr M3 kSrgbToLms{{{0.4122214708, 0.5363325363, 0.0514459929},
                         {0.2119034982, 0.6806995451, 0.1073969566},
                         {0.0883024619, 0.2817188376, 0.6299787005}}};
constexpr M3 kLmsToSrgb = inverse(kSrgbToLms);
constexpr M3 kLmsToOklab{{{0.2104542553, 0.7936177850, -0.0040720468},
                          {1.9779984951, -2.4285922050, 0.4505937099},
                          {0.0259040371, 0.7827717662, -0.8086757660}}};
constexpr M3 kOklabToLms = inverse(kLmsToOklab);
// The D50 white point (CIE Lab's reference) and Lab's constants.
constexpr std::array<double, 3> kD50{0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585};
constexpr double kLabKappa = 24389.0 / 27.0;
constexpr double kLabEpsilon = 216.0 / 24389.0;
constexpr double kPi = 3.14159265358979323846;

// The sRGB transfer function and its inverse, extended to negative values
// by symmetry (CSS Color 4 §10.2); Display P3 uses the same.
double toLinear(double v) {
  const double a = std::fabs(v);
  return a <= 0.04045 ? v / 12.92 : std::copysign(std::pow((a + 0.055) / 1.055, 2.4), v);
}
double toGamma(double v) {
  const double a = std::fabs(v);
  return a > 0.0031308 ? std::copysign(1.055 * std::pow(a, 1.0 / 2.4) - 0.055, v) : 12.92 * v;
}

std::array<double, 3> linearSrgb(const Color& c) {
  return {toLinear(static_cast<double>(c.r)), toLinear(static_cast<double>(c.g)), toLinear(static_cast<double>(c.b))};
}

std::array<double, 3> xyzD50ToLab(const std::array<double, 3>& xyz) {
  double f[3];
  for (std::size_t k = 0; k < 3; ++k) {
    const double v = xyz[k] / kD50[k];
    f[k] = v > kLabEpsilon ? std::cbrt(v) : (kLabKappa * v + 16.0) / 116.0;
  }
  return {116.0 * f[1] - 16.0, 500.0 * (f[0] - f[1]), 200.0 * (f[1] - f[2])};
}

std::array<double, 3> labToXyzD50(const std::array<double, 3>& lab) {
  const double f1 = (lab[0] + 16.0) / 116.0;
  const double f0 = lab[1] / 500.0 + f1;
  const double f2 = f1 - lab[2] / 200.0;
  const double x = f0 * f0 * f0 > kLabEpsilon ? f0 * f0 * f0 : (116.0 * f0 - 16.0) / kLabKappa;
  const double y = lab[0] > kLabKappa * kLabEpsilon ? f1 * f1 * f1 : lab[0] / kLabKappa;
  const double z = f2 * f2 * f2 > kLabEpsilon ? f2 * f2 * f2 : (116.0 * f2 - 16.0) / kLabKappa;
  return {x * kD50[0], y * kD50[1], z * kD50[2]};
}

std::array<double, 3> linearToOklab(const std::array<double, 3>& lin) {
  const std::array<double, 3> lms = apply(kSrgbToLms, lin);
  return apply(kLmsToOklab, {std::cbrt(lms[0]), std::cbrt(lms[1]), std::cbrt(lms[2])});
}

std::array<double, 3> oklabToLinear(const std::array<double, 3>& lab) {
  const std::array<double, 3> l = apply(kOklabToLms, lab);
  return apply(kLmsToSrgb, {l[0] * l[0] * l[0], l[1] * l[1] * l[1], l[2] * l[2] * l[2]});
}

// Lab to LCH and back (hue in degrees, [0, 360)).
std::array<double, 3> toPolar(const std::array<double, 3>& lab) {
  double h = std::atan2(lab[2], lab[1]) * 180.0 / kPi;
  if (h < 0.0) h += 360.0;
  return {lab[0], std::hypot(lab[1], lab[2]), h};
}
std::array<double, 3> fromPolar(const std::array<double, 3>& lch) {
  const double h = lch[2] * kPi / 180.0;
  return {lch[0], lch[1] * std::cos(h), lch[1] * std::sin(h)};
}

// CSS Color 4 §7.1 and §8.1, hue in degrees, the rest in 0..1.
double hslChannel(double n, double hue, double s, double l) {
  double k = std::fmod(n + hue / 30.0, 12.0);
  if (k < 0.0) k += 12.0;
  const double a = s * std::min(l, 1.0 - l);
  return l - a * std::max(-1.0, std::min({k - 3.0, 9.0 - k, 1.0}));
}

// sRGB to hue, saturation and lightness (0..1), for negative saturations
// of extended colours turned round as CSS Color 4's sample code does.
std::array<double, 3> srgbToHsl(double r, double g, double b) {
  const double hi = std::max({r, g, b}), lo = std::min({r, g, b});
  const double d = hi - lo;
  const double l = (hi + lo) / 2.0;
  double h = 0.0, s = 0.0;
  if (d != 0.0) {
    s = (l == 0.0 || l == 1.0) ? 0.0 : (hi - l) / std::min(l, 1.0 - l);
    if (hi == r)
      h = (g - b) / d + (g < b ? 6.0 : 0.0);
    else if (hi == g)
      h = (b - r) / d + 2.0;
    else
      h = (r - g) / d + 4.0;
    h *= 60.0;
  }
  if (s < 0.0) {
    h += 180.0;
    s = -s;
  }
  h = std::fmod(h, 360.0);
  if (h < 0.0) h += 360.0;
  return {h, s, l};
}

}  // namespace

std::optional<ColorSpace> colorSpaceNamed(std::string_view name, bool mixing) {
  struct Named {
    std::string_view name;
    ColorSpace space;
    bool mixingOnly;
  };
  static constexpr Named kNames[] = {
      {"srgb", ColorSpace::Srgb, false},       {"srgb-linear", ColorSpace::SrgbLinear, false},
      {"display-p3", ColorSpace::DisplayP3, false}, {"xyz", ColorSpace::XyzD65, false},
      {"xyz-d65", ColorSpace::XyzD65, false},  {"xyz-d50", ColorSpace::XyzD50, false},
      {"lab", ColorSpace::Lab, true},          {"lch", ColorSpace::Lch, true},
      {"oklab", ColorSpace::Oklab, true},      {"oklch", ColorSpace::Oklch, true},
      {"hsl", ColorSpace::Hsl, true},          {"hwb", ColorSpace::Hwb, true},
  };
  for (const Named& n : kNames)
    if (equalsLower(name, n.name) && (mixing || !n.mixingOnly)) return n.space;
  return std::nullopt;
}

int hueIndex(ColorSpace space) {
  switch (space) {
    case ColorSpace::Hsl:
    case ColorSpace::Hwb: return 0;
    case ColorSpace::Lch:
    case ColorSpace::Oklch: return 2;
    default: return -1;
  }
}

Coords fromSrgb(ColorSpace space, const Color& c) {
  std::array<double, 3> v{};
  switch (space) {
    case ColorSpace::Srgb: v = {static_cast<double>(c.r), static_cast<double>(c.g), static_cast<double>(c.b)}; break;
    case ColorSpace::SrgbLinear: v = linearSrgb(c); break;
    case ColorSpace::DisplayP3: {
      const std::array<double, 3> p3 = apply(kXyzToP3, apply(kSrgbToXyz, linearSrgb(c)));
      v = {toGamma(p3[0]), toGamma(p3[1]), toGamma(p3[2])};
      break;
    }
    case ColorSpace::XyzD65: v = apply(kSrgbToXyz, linearSrgb(c)); break;
    case ColorSpace::XyzD50: v = apply(kD65ToD50, apply(kSrgbToXyz, linearSrgb(c))); break;
    case ColorSpace::Lab: v = xyzD50ToLab(apply(kD65ToD50, apply(kSrgbToXyz, linearSrgb(c)))); break;
    case ColorSpace::Lch: v = toPolar(xyzD50ToLab(apply(kD65ToD50, apply(kSrgbToXyz, linearSrgb(c))))); break;
    case ColorSpace::Oklab: v = linearToOklab(linearSrgb(c)); break;
    case ColorSpace::Oklch: v = toPolar(linearToOklab(linearSrgb(c))); break;
    case ColorSpace::Hsl: {
      const std::array<double, 3> hsl =
          srgbToHsl(static_cast<double>(c.r), static_cast<double>(c.g), static_cast<double>(c.b));
      v = {hsl[0], hsl[1] * 100.0, hsl[2] * 100.0};
      break;
    }
    case ColorSpace::Hwb: {
      const double r = c.r, g = c.g, b = c.b;
      v = {srgbToHsl(r, g, b)[0], std::min({r, g, b}) * 100.0, (1.0 - std::max({r, g, b})) * 100.0};
      break;
    }
  }
  return Coords{{v[0], v[1], v[2]}};
}

void toSrgb(ColorSpace space, const Coords& x, double& r, double& g, double& b) {
  std::array<double, 3> lin{};
  const std::array<double, 3> v{x.c[0], x.c[1], x.c[2]};
  switch (space) {
    case ColorSpace::Srgb:
      r = v[0], g = v[1], b = v[2];
      return;
    case ColorSpace::Hsl: {
      const double s = v[1] / 100.0, l = v[2] / 100.0;
      r = hslChannel(0.0, v[0], s, l), g = hslChannel(8.0, v[0], s, l), b = hslChannel(4.0, v[0], s, l);
      return;
    }
    case ColorSpace::Hwb: {
      const double w = v[1] / 100.0, k = v[2] / 100.0;
      if (w + k >= 1.0) {
        r = g = b = w / (w + k);
        return;
      }
      const auto channel = [&](double n) { return hslChannel(n, v[0], 1.0, 0.5) * (1.0 - w - k) + w; };
      r = channel(0.0), g = channel(8.0), b = channel(4.0);
      return;
    }
    case ColorSpace::SrgbLinear: lin = v; break;
    case ColorSpace::DisplayP3:
      lin = apply(kXyzToSrgb, apply(kP3ToXyz, {toLinear(v[0]), toLinear(v[1]), toLinear(v[2])}));
      break;
    case ColorSpace::XyzD65: lin = apply(kXyzToSrgb, v); break;
    case ColorSpace::XyzD50: lin = apply(kXyzToSrgb, apply(kD50ToD65, v)); break;
    case ColorSpace::Lab: lin = apply(kXyzToSrgb, apply(kD50ToD65, labToXyzD50(v))); break;
    case ColorSpace::Lch: lin = apply(kXyzToSrgb, apply(kD50ToD65, labToXyzD50(fromPolar(v)))); break;
    case ColorSpace::Oklab: lin = oklabToLinear(v); break;
    case ColorSpace::Oklch: lin = oklabToLinear(fromPolar(v)); break;
  }
  r = toGamma(lin[0]), g = toGamma(lin[1]), b = toGamma(lin[2]);
}

namespace {

// A hue is powerless (CSS Color 4 §4.4.1) when the colour is achromatic;
// converted colours get there only approximately, hence the small bounds
// (those of CSS Color 4's sample code for lch and oklch).
bool hueIsPowerless(ColorSpace space, const Coords& x) {
  switch (space) {
    case ColorSpace::Hsl: return x.c[1] <= 1e-5 || x.c[2] <= 1e-5 || x.c[2] >= 100.0 - 1e-5;
    case ColorSpace::Hwb: return x.c[1] + x.c[2] >= 100.0 - 1e-5;
    case ColorSpace::Lch: return x.c[1] <= 0.0015;
    case ColorSpace::Oklch: return x.c[1] <= 0.000004;
    default: return false;
  }
}

}  // namespace

Color interpolateIn(ColorSpace space, HueMethod method, const Color& a, const Color& b, double t) {
  Coords ca = fromSrgb(space, a), cb = fromSrgb(space, b);
  const int hue = hueIndex(space);
  if (hue >= 0) {
    const bool pa = hueIsPowerless(space, ca), pb = hueIsPowerless(space, cb);
    if (pa && !pb) ca.c[hue] = cb.c[hue];
    if (pb && !pa) cb.c[hue] = ca.c[hue];
    if (pa && pb) ca.c[hue] = cb.c[hue] = 0.0;
  }
  const double alphaA = std::isnan(a.a) ? 0.0 : static_cast<double>(a.a);
  const double alphaB = std::isnan(b.a) ? 0.0 : static_cast<double>(b.a);
  const double alpha = alphaA + (alphaB - alphaA) * t;
  Coords out{};
  for (int k = 0; k < 3; ++k) {
    if (k == hue) {
      double ha = ca.c[k], hb = cb.c[k];
      const double d = hb - ha;
      switch (method) {
        case HueMethod::Shorter:
          if (d > 180.0)
            ha += 360.0;
          else if (d < -180.0)
            hb += 360.0;
          break;
        case HueMethod::Longer:
          if (d > 0.0 && d < 180.0)
            ha += 360.0;
          else if (d > -180.0 && d <= 0.0)
            hb += 360.0;
          break;
        case HueMethod::Increasing:
          if (hb < ha) hb += 360.0;
          break;
        case HueMethod::Decreasing:
          if (ha < hb) ha += 360.0;
          break;
      }
      double h = std::fmod(ha + (hb - ha) * t, 360.0);
      if (h < 0.0) h += 360.0;
      out.c[k] = std::isfinite(h) ? h : 0.0;
    } else {
      const double pa = ca.c[k] * alphaA, pb = cb.c[k] * alphaB;
      const double v = pa + (pb - pa) * t;
      out.c[k] = alpha > 0.0 ? v / alpha : 0.0;
    }
  }
  double r = 0.0, g = 0.0, bl = 0.0;
  toSrgb(space, out, r, g, bl);
  const double clampedAlpha = !(alpha > 0.0) ? 0.0 : (alpha > 1.0 ? 1.0 : alpha);
  return Color{static_cast<float>(r), static_cast<float>(g), static_cast<float>(bl),
               static_cast<float>(clampedAlpha), false};
}

Color lerpColorOklab(const Color& a, const Color& b, float t) {
  const float alpha = a.a + (b.a - a.a) * t;
  if (!(alpha > 0.0f)) return Color{0.0f, 0.0f, 0.0f, 0.0f, false};  // also NaN
  return interpolateIn(ColorSpace::Oklab, HueMethod::Shorter, a, b, t);
}

}  // namespace zenit::detail
