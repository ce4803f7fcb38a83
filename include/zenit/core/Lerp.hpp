// lerpProp: the interpolation of every property value type (seed §9.3).
//
// Overloads, exactly the seed's list plus the compound types of the style:
// float, Color (premultiplied, as CSS), Value (calc()-style per component),
// Spacing, Corners, Shadow, any keyword enum (discrete), ZIndex, std::string.
//
// Deviations from the seed, where CSS wins (docs/animation.md):
//  - Discrete values (enums, auto <-> length, strings) flip at t = 0.5, as
//    CSS's discrete animation type does, not at t > 0.
//  - visibility: `visible` wins over the whole (0, 1) interval (CSS
//    Transitions 1 §visibility).
//  - ZIndex: two integers interpolate and round (CSS <integer>); auto snaps.
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Types.hpp>
#include <zenit/core/Value.hpp>

#include <cmath>
#include <string>
#include <type_traits>

namespace zenit {

inline float lerpProp(float a, float b, float t) { return a + (b - a) * t; }

inline Color lerpProp(const Color& a, const Color& b, float t) {
  const float alpha = a.a + (b.a - a.a) * t;
  if (alpha <= 0.0f) return Color::transparent();
  const float ia = 1.0f / alpha;
  const float clampedAlpha = alpha > 1.0f ? 1.0f : alpha;
  return Color{(a.r * a.a + (b.r * b.a - a.r * a.a) * t) * ia,
               (a.g * a.a + (b.g * b.a - a.g * a.a) * t) * ia,
               (a.b * a.a + (b.b * b.a - a.b * a.a) * t) * ia, clampedAlpha};
}

inline Value lerpProp(const Value& a, const Value& b, float t) {
  if (a.kind != ValueKind::Length || b.kind != ValueKind::Length) return t < 0.5f ? a : b;
  return Value{a.px + (b.px - a.px) * t, a.pct + (b.pct - a.pct) * t, a.em + (b.em - a.em) * t,
               ValueKind::Length, static_cast<std::uint8_t>(a.units | b.units)};
}

inline Spacing lerpProp(const Spacing& a, const Spacing& b, float t) {
  return Spacing{lerpProp(a.top, b.top, t), lerpProp(a.right, b.right, t),
                 lerpProp(a.bottom, b.bottom, t), lerpProp(a.left, b.left, t)};
}

inline Corners lerpProp(const Corners& a, const Corners& b, float t) {
  return Corners{lerpProp(a.topLeft, b.topLeft, t), lerpProp(a.topRight, b.topRight, t),
                 lerpProp(a.bottomRight, b.bottomRight, t), lerpProp(a.bottomLeft, b.bottomLeft, t)};
}

// `none` interpolates as a transparent shadow with zero offsets (CSS), and
// inset vs outset is discrete.
inline Shadow lerpProp(const Shadow& a, const Shadow& b, float t) {
  if (a.none && b.none) return a;
  if (!a.none && !b.none && a.inset != b.inset) return t < 0.5f ? a : b;
  const Shadow na = a.none ? Shadow{0, 0, 0, 0, Color::transparent(), b.inset, false} : a;
  const Shadow nb = b.none ? Shadow{0, 0, 0, 0, Color::transparent(), a.inset, false} : b;
  return Shadow{lerpProp(na.offsetX, nb.offsetX, t), lerpProp(na.offsetY, nb.offsetY, t),
                lerpProp(na.blur, nb.blur, t) < 0.0f ? 0.0f : lerpProp(na.blur, nb.blur, t),
                lerpProp(na.spread, nb.spread, t), lerpProp(na.color, nb.color, t), na.inset, false};
}

inline ZIndex lerpProp(const ZIndex& a, const ZIndex& b, float t) {
  if (a.isAuto || b.isAuto) return t < 0.5f ? a : b;
  const float v = static_cast<float>(a.value) + static_cast<float>(b.value - a.value) * t;
  return ZIndex::of(static_cast<int>(std::lround(v)));
}

inline Visibility lerpProp(Visibility a, Visibility b, float t) {
  if (a == b) return a;
  if (t <= 0.0f) return a;
  if (t >= 1.0f) return b;
  return Visibility::Visible;
}

template <class E>
  requires std::is_enum_v<E>
inline E lerpProp(E a, E b, float t) {
  return t < 0.5f ? a : b;
}

inline std::string lerpProp(const std::string& a, const std::string& b, float t) { return t < 0.5f ? a : b; }

}  // namespace zenit
