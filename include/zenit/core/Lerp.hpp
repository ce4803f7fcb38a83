// lerpProp: the interpolation of every property value type (seed §9.3).
//
// Overloads, exactly the seed's list plus the compound types of the style:
// float, Color (premultiplied, as CSS), Value (calc()-style per component),
// Spacing, Corners, Shadow, ShadowList, GradientImage, any keyword enum (discrete), ZIndex, std::string.
//
// Deviations from the seed, where CSS wins (docs/values.md):
//  - Discrete values (enums, auto <-> length, strings) flip at t = 0.5, as
//    CSS's discrete animation type does, not at t > 0.
//  - visibility: `visible` wins over the whole (0, 1) interval (CSS
//    Transitions 1 §visibility).
//  - ZIndex: two integers interpolate and round, halves up (CSS <integer>);
//    auto against an integer is discrete.
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Types.hpp>
#include <zenit/core/Value.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

namespace zenit {

// std::floor bit for bit, without the library call it makes on x86-64
// without SSE4.1: a double of magnitude 2^52 or more (or an infinity, or
// NaN) is its own floor; below that, truncation through an integer and one
// step down for a negative fraction are exact, and the result takes the
// argument's sign (floor(-0.0) is -0.0, floor(-0.5) is -1).
inline double floorExact(double x) {
  if (!(std::fabs(x) < 4503599627370496.0)) return x;
  const double t = static_cast<double>(static_cast<long long>(x));
  return std::copysign(t > x ? t - 1.0 : t, x);
}

inline float lerpProp(float a, float b, float t) { return a + (b - a) * t; }

// Premultiplied (CSS Color 4 §12.3): a fade from transparent keeps the
// other colour's hue instead of passing through black. Two legacy colours
// interpolate in sRGB, with alpha and channels clamped afterwards, so
// overshooting easings stay in gamut; when either is not legacy, in Oklab
// (§12.1), alpha clamped and the result not legacy.
inline Color lerpProp(const Color& a, const Color& b, float t) {
  if (!(a.legacy && b.legacy)) [[unlikely]]
    return detail::lerpColorOklab(a, b, t);
  const float alpha = a.a + (b.a - a.a) * t;
  if (!(alpha > 0.0f)) return Color::transparent();  // also NaN
  const auto channel = [&](float ca, float cb) {
    const float pa = ca * a.a;
    const float v = (pa + (cb * b.a - pa) * t) / alpha;
    return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
  };
  return Color{channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b), alpha > 1.0f ? 1.0f : alpha};
}

// Lengths interpolate per component, like calc(a * (1 - t) + b * t); the
// result remembers every unit either end was written in (for printing).
// Both must be lengths.
inline Value lerpLength(const Value& a, const Value& b, float t) {
  return Value{lerpProp(a.px, b.px, t), lerpProp(a.pct, b.pct, t), lerpProp(a.em, b.em, t), ValueKind::Length,
               static_cast<std::uint8_t>(a.units | b.units)};
}
// auto / none against anything else is discrete.
inline Value lerpProp(const Value& a, const Value& b, float t) {
  if (a.kind != ValueKind::Length || b.kind != ValueKind::Length) return t < 0.5f ? a : b;
  return lerpLength(a, b, t);
}

inline Spacing lerpProp(const Spacing& a, const Spacing& b, float t) {
  return Spacing{lerpProp(a.top, b.top, t), lerpProp(a.right, b.right, t), lerpProp(a.bottom, b.bottom, t),
                 lerpProp(a.left, b.left, t)};
}

inline Corners lerpProp(const Corners& a, const Corners& b, float t) {
  return Corners{lerpProp(a.topLeft, b.topLeft, t), lerpProp(a.topRight, b.topRight, t),
                 lerpProp(a.bottomRight, b.bottomRight, t), lerpProp(a.bottomLeft, b.bottomLeft, t)};
}

// One shadow against another of the same inset-ness (CSS Backgrounds 3
// §shadow interpolation): every length and the colour interpolate; blur
// never goes below 0.
inline Shadow lerpProp(const Shadow& a, const Shadow& b, float t) {
  const float blur = lerpProp(a.blur, b.blur, t);
  return Shadow{lerpProp(a.offsetX, b.offsetX, t), lerpProp(a.offsetY, b.offsetY, t),
                blur < 0.0f ? 0.0f : blur,         lerpProp(a.spread, b.spread, t),
                lerpProp(a.color, b.color, t),     a.inset};
}

// Shadow lists (CSS Backgrounds 3 §shadow interpolation): the shorter list
// is padded at its end with transparent 0 0 0 0 shadows whose inset matches
// the other list's shadow at that place (so `none` fades the shadows in),
// then the pairs interpolate one by one; if any pair differs in inset, the
// whole list is discrete.
inline bool shadowListsInterpolate(const ShadowList& a, const ShadowList& b) {
  const std::size_t n = a.size() < b.size() ? a.size() : b.size();
  for (std::size_t i = 0; i < n; ++i)
    if (a[i].inset != b[i].inset) return false;
  return true;
}
inline ShadowList lerpProp(const ShadowList& a, const ShadowList& b, float t) {
  if (!shadowListsInterpolate(a, b)) return t < 0.5f ? a : b;
  const std::size_t n = a.size() > b.size() ? a.size() : b.size();
  ShadowList out;
  for (std::size_t i = 0; i < n; ++i) {
    const Shadow& other = i < a.size() ? a[i] : b[i];
    const Shadow pad{0.0f, 0.0f, 0.0f, 0.0f, Color::transparent(), other.inset};
    out.push_back(lerpProp(i < a.size() ? a[i] : pad, i < b.size() ? b[i] : pad, t));
  }
  return out;
}

// Gradients (CSS Images 4 §gradient interpolation): two gradients of the
// same function (kind and repeating), the same shape (a linear one's
// angle or the same `to` sides; a radial one's shape and size keyword)
// and the same stops (count, which are positioned, which are hints)
// interpolate stop by stop: colours as colours, positions, centres, radii
// and angles as numbers. Any other pair, `none` included, is discrete.
// (Chromium is discrete for every pair: docs/stylesheets.md.)
inline bool gradientsInterpolate(const GradientImage& a, const GradientImage& b) {
  if (a.kind == GradientKind::None || a.kind != b.kind || a.repeating != b.repeating || a.count != b.count ||
      a.positioned != b.positioned || a.hints != b.hints)
    return false;
  if (a.kind == GradientKind::Linear) return a.toSides == b.toSides;
  if (a.kind == GradientKind::Radial) return a.circle == b.circle && a.extent == b.extent;
  return true;
}
inline PxPct lerpProp(const PxPct& a, const PxPct& b, float t) {
  return PxPct{lerpProp(a.px, b.px, t), lerpProp(a.pct, b.pct, t)};
}
inline GradientImage lerpProp(const GradientImage& a, const GradientImage& b, float t) {
  if (!gradientsInterpolate(a, b)) return t < 0.5f ? a : b;
  GradientImage out = a;
  for (std::size_t i = 0; i < a.count; ++i) {
    if (!a.isHint(i)) out.stops[i].color = lerpProp(a.stops[i].color, b.stops[i].color, t);
    out.stops[i].at = lerpProp(a.stops[i].at, b.stops[i].at, t);
  }
  out.centerX = lerpProp(a.centerX, b.centerX, t);
  out.centerY = lerpProp(a.centerY, b.centerY, t);
  out.sizeX = lerpProp(a.sizeX, b.sizeX, t);
  out.sizeY = lerpProp(a.sizeY, b.sizeY, t);
  out.angle = lerpProp(a.angle, b.angle, t);
  out.pxUnits = static_cast<std::uint16_t>(a.pxUnits | b.pxUnits);
  out.pctUnits = static_cast<std::uint16_t>(a.pctUnits | b.pctUnits);
  return out;
}

// CSS <integer> interpolation: as a real number, then rounded to the
// nearest integer, halves towards +infinity (so -2.5 gives -2). Computed in
// double so extreme z-indices neither overflow nor lose precision.
inline ZIndex lerpProp(const ZIndex& a, const ZIndex& b, float t) {
  if (a.isAuto || b.isAuto) return t < 0.5f ? a : b;
  const double av = static_cast<double>(a.value);
  double v = std::floor(av + (static_cast<double>(b.value) - av) * static_cast<double>(t) + 0.5);
  constexpr double kMin = static_cast<double>(std::numeric_limits<int>::min());
  constexpr double kMax = static_cast<double>(std::numeric_limits<int>::max());
  if (!(v >= kMin)) v = kMin;  // also NaN
  if (v > kMax) v = kMax;
  return ZIndex::of(static_cast<int>(v));
}

// CSS Transitions 1 (visibility): with `visible` at either end, every t
// strictly between 0 and 1 is visible; outside [0, 1], the closer end.
inline Visibility lerpProp(Visibility a, Visibility b, float t) {
  if (a == b) return a;
  if (t <= 0.0f) return a;
  if (t >= 1.0f) return b;
  return Visibility::Visible;
}

// Keyword enums: CSS discrete animation, the start value below t = 0.5.
template <class E>
requires std::is_enum_v<E>
inline E lerpProp(E a, E b, float t) { return t < 0.5f ? a : b; }

// Strings (names, URLs): discrete, like enums.
inline std::string lerpProp(const std::string& a, const std::string& b, float t) { return t < 0.5f ? a : b; }

}  // namespace zenit
