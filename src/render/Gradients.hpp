// A gradient background resolved against its box, and its colour at a
// point: the math both pixel backends shade gradients with (CSS Images 3
// and 4), so the two agree on every pixel.
//
// The box is the background positioning area (the padding box, CSS's
// background-origin); points are in its coordinates. Painting tiles it
// over the border box (background-repeat: repeat): wrap() folds a point
// of the border box into the tile.
//
// Colours interpolate premultiplied, in sRGB, as browsers do for legacy
// colours; a colour hint bends the interpolation by CSS Images 4's power.
#pragma once

#include <zenit/core/Types.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace zenit::gradients {

struct Premul {  // premultiplied RGBA in [0, 1]
  float r, g, b, a;
};

inline Premul premultiplied(const Color& c) {
  const float a = std::clamp(c.a, 0.0f, 1.0f);
  return Premul{std::clamp(c.r, 0.0f, 1.0f) * a, std::clamp(c.g, 0.0f, 1.0f) * a,
                std::clamp(c.b, 0.0f, 1.0f) * a, a};
}

// A gradient against one box: where each point falls on the gradient line
// (a fraction t: 0 at the start, 1 at the end; a turn for a conic one),
// and the colour stops as fractions of it.
struct Resolved {
  GradientKind kind{GradientKind::None};
  bool repeating{false};
  float w{0}, h{0};                 // the tile (positioning area)
  float x0{0}, y0{0};               // linear: the start point; radial / conic: the centre
  float dx{0}, dy{0};               // linear: the direction divided by the line's length
  float irx{0}, iry{0};             // radial: 1 / radii
  float fromTurns{0};               // conic: the `from` angle in turns
  std::size_t n{0};                 // colour stops
  float pos[kMaxGradientStops]{};   // their positions (t)
  float hint[kMaxGradientStops]{};  // the hint between stop i and i + 1 as a fraction of that segment, or -1
  Premul color[kMaxGradientStops]{};
  Premul flat{};  // a gradient that has no extent: one colour (CSS's degenerate cases)
  bool degenerate{false};
};

// CSS Images 3 §3.1.1: the angle of `to <corner>` in a w x h box.
inline float cornerAngle(std::uint8_t sides, float w, float h) {
  const float a = std::atan2(h, w) * 57.2957795f;  // the angle of `to top right`
  const bool top = sides & GradientImage::kTop, right = sides & GradientImage::kRight;
  if (top) return right ? a : 360.0f - a;
  return right ? 180.0f - a : 180.0f + a;
}

// CSS Images 3 §3.5.3, color stop fixup: the first and last stops default
// to 0% and 100%; a position below an earlier one is raised to it;
// unpositioned stops share the room between their neighbours evenly.
// `len` is the gradient line's length in the stops' px (deg for conic).
inline void resolveStops(const GradientImage& g, float len, Resolved& r) {
  float at[kMaxGradientStops];
  bool has[kMaxGradientStops];
  const std::size_t n = g.count;
  std::size_t firstStop = n, lastStop = n;
  for (std::size_t i = 0; i < n; ++i) {
    has[i] = g.isPositioned(i);
    at[i] = 0.0f;
    if (has[i]) at[i] = len > 0.0f ? (g.stops[i].at.px + g.stops[i].at.pct * 0.01f * len) / len : 0.0f;
    if (!g.isHint(i)) {
      if (firstStop == n) firstStop = i;
      lastStop = i;
    }
  }
  if (g.kind == GradientKind::Conic)  // px holds degrees: turns
    for (std::size_t i = 0; i < n; ++i)
      if (has[i]) at[i] = g.stops[i].at.px / 360.0f + g.stops[i].at.pct * 0.01f;
  if (firstStop < n && !has[firstStop]) at[firstStop] = 0.0f, has[firstStop] = true;
  if (lastStop < n && !has[lastStop]) at[lastStop] = 1.0f, has[lastStop] = true;
  float highest = -1e30f;
  for (std::size_t i = 0; i < n; ++i) {
    if (!has[i]) continue;
    at[i] = std::max(at[i], highest);
    highest = at[i];
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (has[i]) continue;
    std::size_t j = i;
    while (j < n && !has[j]) ++j;  // (the last stop has a position)
    const float a = at[i - 1], b = at[j];
    for (std::size_t k = i; k < j; ++k)
      at[k] = a + (b - a) * static_cast<float>(k - i + 1) / static_cast<float>(j - i + 1);
    i = j;
  }
  r.n = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (g.isHint(i)) {
      if (r.n > 0) r.hint[r.n - 1] = at[i];  // made a fraction below
      continue;
    }
    r.pos[r.n] = at[i];
    r.hint[r.n] = -1.0f;
    r.color[r.n] = premultiplied(g.stops[i].color);
    ++r.n;
  }
  for (std::size_t i = 0; i + 1 < r.n; ++i) {
    if (r.hint[i] < 0.0f) continue;
    const float span = r.pos[i + 1] - r.pos[i];
    r.hint[i] = span > 0.0f ? std::clamp((r.hint[i] - r.pos[i]) / span, 0.0f, 1.0f) : 0.5f;
  }
}

inline Premul mix(const Premul& a, const Premul& b, float t) {
  return Premul{a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
}

// The average colour of one period: what a repeating gradient whose period
// is zero paints (CSS Images 3 §3.6).
inline Premul average(const Resolved& r) {
  if (r.n == 1) return r.color[0];
  Premul sum{0, 0, 0, 0};
  const float span = r.pos[r.n - 1] - r.pos[0];
  if (!(span > 0.0f)) return r.color[r.n - 1];
  for (std::size_t i = 0; i + 1 < r.n; ++i) {
    const float k = (r.pos[i + 1] - r.pos[i]) / span * 0.5f;
    sum =
        Premul{sum.r + (r.color[i].r + r.color[i + 1].r) * k, sum.g + (r.color[i].g + r.color[i + 1].g) * k,
               sum.b + (r.color[i].b + r.color[i + 1].b) * k, sum.a + (r.color[i].a + r.color[i + 1].a) * k};
  }
  return sum;
}

// `g` against a w x h positioning area.
inline Resolved resolve(const GradientImage& g, float w, float h) {
  Resolved r;
  r.kind = g.kind;
  r.repeating = g.repeating;
  r.w = w;
  r.h = h;
  if (g.kind == GradientKind::None || g.count == 0 || !(w > 0.0f) || !(h > 0.0f)) {
    r.degenerate = true;
    return r;
  }
  float len = 1.0f;
  if (g.kind == GradientKind::Linear) {
    const bool corner = (g.toSides & (GradientImage::kTop | GradientImage::kBottom)) &&
                        (g.toSides & (GradientImage::kLeft | GradientImage::kRight));
    const float deg = corner ? cornerAngle(g.toSides, w, h) : g.angle;
    const float rad = deg * 0.0174532925f;
    const float s = std::sin(rad), c = std::cos(rad);
    len = std::fabs(w * s) + std::fabs(h * c);
    r.x0 = 0.5f * w - s * 0.5f * len;
    r.y0 = 0.5f * h + c * 0.5f * len;
    r.dx = len > 0.0f ? s / len : 0.0f;
    r.dy = len > 0.0f ? -c / len : 0.0f;
  } else {
    r.x0 = g.centerX.resolve(w);
    r.y0 = g.centerY.resolve(h);
    if (g.kind == GradientKind::Radial) {
      const float nx = std::fabs(r.x0), fx = std::fabs(w - r.x0), ny = std::fabs(r.y0),
                  fy = std::fabs(h - r.y0);
      const float minX = std::min(nx, fx), maxX = std::max(nx, fx), minY = std::min(ny, fy),
                  maxY = std::max(ny, fy);
      float rx = 0, ry = 0;
      switch (g.extent) {
        case RadialExtent::ClosestSide:
          rx = g.circle ? std::min(minX, minY) : minX;
          ry = g.circle ? rx : minY;
          break;
        case RadialExtent::FarthestSide:
          rx = g.circle ? std::max(maxX, maxY) : maxX;
          ry = g.circle ? rx : maxY;
          break;
        case RadialExtent::ClosestCorner:
          rx = g.circle ? std::hypot(minX, minY) : minX * 1.41421356f;
          ry = g.circle ? rx : minY * 1.41421356f;
          break;
        case RadialExtent::FarthestCorner:
          rx = g.circle ? std::hypot(maxX, maxY) : maxX * 1.41421356f;
          ry = g.circle ? rx : maxY * 1.41421356f;
          break;
        case RadialExtent::Explicit:
          rx = std::max(0.0f, g.sizeX.resolve(w));
          ry = g.circle ? rx : std::max(0.0f, g.sizeY.resolve(h));
          break;
      }
      len = rx;
      r.irx = rx > 0.0f ? 1.0f / rx : 0.0f;
      r.iry = ry > 0.0f ? 1.0f / ry : 0.0f;
      if (!(rx > 0.0f) || !(ry > 0.0f)) r.degenerate = true;
    } else {
      r.fromTurns = g.angle / 360.0f;
      len = 360.0f;
    }
  }
  resolveStops(g, len, r);
  if (!(len > 0.0f)) r.degenerate = true;
  if (r.degenerate) {
    r.flat = r.n ? r.color[r.n - 1] : Premul{0, 0, 0, 0};
  } else if (r.repeating && !(r.pos[r.n - 1] - r.pos[0] > 1e-6f)) {
    r.degenerate = true;
    r.flat = average(r);
  }
  return r;
}

// Where a point of the positioning area falls on the gradient line.
inline float lineAt(const Resolved& r, float x, float y) {
  switch (r.kind) {
    case GradientKind::Linear: return (x - r.x0) * r.dx + (y - r.y0) * r.dy;
    case GradientKind::Radial: {
      const float u = (x - r.x0) * r.irx, v = (y - r.y0) * r.iry;
      return std::sqrt(u * u + v * v);
    }
    case GradientKind::Conic: {
      // 0 straight up, clockwise (y grows downwards).
      float turns = std::atan2(x - r.x0, r.y0 - y) * 0.159154943f - r.fromTurns;
      turns -= std::floor(turns);
      return turns;
    }
    default: return 0.0f;
  }
}

// The colour at line position t.
inline Premul colorAt(const Resolved& r, float t) {
  if (r.degenerate) return r.flat;
  const std::size_t n = r.n;
  if (r.repeating) {
    const float first = r.pos[0], period = r.pos[n - 1] - first;
    t = first + (t - first) - std::floor((t - first) / period) * period;
  }
  if (!(t > r.pos[0])) return r.color[0];  // (NaN too)
  if (t >= r.pos[n - 1]) return r.color[n - 1];
  std::size_t i = 0;
  while (i + 2 < n && t >= r.pos[i + 1]) ++i;
  const float span = r.pos[i + 1] - r.pos[i];
  float f = span > 0.0f ? (t - r.pos[i]) / span : 1.0f;
  const float h = r.hint[i];
  if (h >= 0.0f && h != 0.5f) {
    // CSS Images 4 §3.5.3: the hint's fraction h is where the colours mix
    // half and half: f^(log 0.5 / log h).
    if (h <= 0.0f)
      f = 1.0f;
    else if (h >= 1.0f)
      f = f >= 1.0f ? 1.0f : 0.0f;
    else
      f = std::pow(f, -0.693147181f / std::log(h));
  }
  return mix(r.color[i], r.color[i + 1], f);
}

// A point of the painting area folded into the tile (background-repeat:
// repeat), with the tile's origin at (ox, oy).
inline void wrap(const Resolved& r, float ox, float oy, float& x, float& y) {
  x -= ox;
  y -= oy;
  x -= std::floor(x / r.w) * r.w;
  y -= std::floor(y / r.h) * r.h;
}

}  // namespace zenit::gradients
