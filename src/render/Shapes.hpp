// The shapes both pixel backends draw from, in one place: corner radii as
// CSS scales them, a rounded box's signed distance and its anti-aliased
// coverage, and an invertible transform with what the rasterisers need of
// it. SoftwareRenderer shades pixels with them; SdlGeometryRenderer places
// its vertices and their alphas with the same functions, so the two agree
// on every edge (tests/render/test_geometry_renderer.cpp).
#pragma once

#include <zenit/core/Transform.hpp>
#include <zenit/render/DrawList.hpp>

#include <algorithm>
#include <cmath>

namespace zenit::shapes {

inline float clamp01(float v) { return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; }

// CSS Backgrounds 3 §5.5: scale all radii down together when adjacent ones
// overlap; then clamp each to half the shorter side, which the per-quadrant
// distance function below needs (a deviation only for lopsided radii).
inline Radii normalizedRadii(const Radii& r, float w, float h) {
  float f = 1.0f;
  const auto limit = [&f](float side, float sum) {
    if (sum > side && sum > 0.0f) f = std::min(f, side / sum);
  };
  limit(w, r.topLeft + r.topRight);
  limit(w, r.bottomLeft + r.bottomRight);
  limit(h, r.topLeft + r.bottomLeft);
  limit(h, r.topRight + r.bottomRight);
  const float cap = 0.5f * std::min(w, h);
  const auto fix = [&](float v) { return std::clamp(v * f, 0.0f, std::max(cap, 0.0f)); };
  return Radii{fix(r.topLeft), fix(r.topRight), fix(r.bottomRight), fix(r.bottomLeft)};
}

inline float largest(const Radii& r) {
  return std::max(std::max(r.topLeft, r.topRight), std::max(r.bottomRight, r.bottomLeft));
}

// A rectangle with per-corner radii, ready for distance queries.
struct RoundBox {
  float cx{0}, cy{0}, hx{0}, hy{0};  // centre and half size
  Radii r{};
  bool valid{false};  // positive size
};
inline RoundBox makeRoundBox(float x, float y, float w, float h, const Radii& radii) {
  if (!(w > 0.0f) || !(h > 0.0f)) return RoundBox{};
  return RoundBox{x + 0.5f * w, y + 0.5f * h, 0.5f * w, 0.5f * h, normalizedRadii(radii, w, h), true};
}
// Signed distance from p to the box's edge, negative inside (local units).
inline float sdf(const RoundBox& b, Vec2 p) {
  const float px = p.x - b.cx, py = p.y - b.cy;
  const float rad =
      px < 0.0f ? (py < 0.0f ? b.r.topLeft : b.r.bottomLeft) : (py < 0.0f ? b.r.topRight : b.r.bottomRight);
  const float qx = std::fabs(px) - b.hx + rad, qy = std::fabs(py) - b.hy + rad;
  const float ox = std::max(qx, 0.0f), oy = std::max(qy, 0.0f);
  return std::sqrt(ox * ox + oy * oy) + std::min(std::max(qx, qy), 0.0f) - rad;
}
// Anti-aliased coverage of a pixel whose centre is `sd` local units from the edge.
inline float sdfCoverage(float sd, float pxPerUnit) { return clamp01(0.5f - sd * pxPerUnit); }
// Whether p is at least `margin` inside the box's straight-edged core (the
// box minus its largest radius): such points need no distance query.
inline bool deepInside(const RoundBox& b, Vec2 p, float margin) {
  const float rmax = largest(b.r);
  return std::fabs(p.x - b.cx) <= b.hx - rmax - margin && std::fabs(p.y - b.cy) <= b.hy - rmax - margin;
}

// An invertible transform with what the rasterisers need from it.
struct Xform {
  Affine2D m;
  Affine2D inv;
  float pxPerUnit;   // device px per local unit (sqrt |det|): turns local distances into AA widths
  bool rectilinear;  // maps axis-aligned rects to axis-aligned rects (no rotation other than k * 90°)
};
// False for a transform that is not finite or not invertible (nothing of
// what it draws shows).
inline bool makeXform(const Affine2D& m, Xform& out) {
  const float det = m.a * m.d - m.b * m.c;
  if (!std::isfinite(det) || std::fabs(det) < 1e-12f || !std::isfinite(m.e) || !std::isfinite(m.f))
    return false;
  const float id = 1.0f / det;
  out.m = m;
  out.inv = Affine2D{
      m.d * id, -m.b * id, -m.c * id, m.a * id, (m.c * m.f - m.d * m.e) * id, (m.b * m.e - m.a * m.f) * id};
  out.pxPerUnit = std::sqrt(std::fabs(det));
  // Up to float noise: rotation(90) leaves cos(90°) ~ 4e-8 on the diagonal.
  const float tol = 1e-6f * (std::fabs(m.a) + std::fabs(m.b) + std::fabs(m.c) + std::fabs(m.d));
  out.rectilinear =
      (std::fabs(m.b) <= tol && std::fabs(m.c) <= tol) || (std::fabs(m.a) <= tol && std::fabs(m.d) <= tol);
  return true;
}

// How a command changes the nesting of pushes and pops: +1 for a push, -1
// for a pop, 0 for a drawing command. A backend skipping an opacity-0 group
// counts with it to find the group's pop.
constexpr int nesting(DrawOp op) {
  switch (op) {
    case DrawOp::PushClip:
    case DrawOp::PushOpacity:
    case DrawOp::PushTransform: return 1;
    case DrawOp::PopClip:
    case DrawOp::PopOpacity:
    case DrawOp::PopTransform: return -1;
    default: return 0;
  }
}

}  // namespace zenit::shapes
