// 2D transforms on glm: translate, scale, rotate about an origin, and the
// CSS composition order of the individual transform properties.
#pragma once

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

#include <cmath>
#include <numbers>

namespace zenit {

using Mat3 = glm::mat3;  // column-major 3x3 affine (last row 0 0 1)
using Vec2 = glm::vec2;

inline Mat3 translation(Vec2 t) {
  Mat3 m(1.0f);
  m[2][0] = t.x;
  m[2][1] = t.y;
  return m;
}

inline Mat3 scaling(Vec2 s) {
  Mat3 m(1.0f);
  m[0][0] = s.x;
  m[1][1] = s.y;
  return m;
}

// Clockwise in screen space (y down) for positive degrees, as CSS rotate().
// Worked in double and reduced mod 360, so quarter turns come out as 0 and
// ±1 to float precision and large angles keep theirs.
inline Mat3 rotation(float degrees) {
  const double r = std::fmod(static_cast<double>(degrees), 360.0) * std::numbers::pi / 180.0;
  const float c = static_cast<float>(std::cos(r)), s = static_cast<float>(std::sin(r));
  Mat3 m(1.0f);
  m[0][0] = c;
  m[0][1] = s;
  m[1][0] = -s;
  m[1][1] = c;
  return m;
}

// CSS skew(ax, ay): x' = x + tan(ax)·y, y' = tan(ay)·x + y. The tangent is
// worked in double, as rotation's sine and cosine are.
inline Mat3 skewing(float xDegrees, float yDegrees) {
  constexpr double kRad = std::numbers::pi / 180.0;
  Mat3 m(1.0f);
  m[1][0] = static_cast<float>(std::tan(static_cast<double>(xDegrees) * kRad));
  m[0][1] = static_cast<float>(std::tan(static_cast<double>(yDegrees) * kRad));
  return m;
}

// m applied about `origin`: translate(origin) * m * translate(-origin).
inline Mat3 aboutOrigin(const Mat3& m, Vec2 origin) { return translation(origin) * m * translation(-origin); }

inline Vec2 apply(const Mat3& m, Vec2 p) {
  return Vec2{m[0][0] * p.x + m[1][0] * p.y + m[2][0], m[0][1] * p.x + m[1][1] * p.y + m[2][1]};
}

// CSS Transforms 2 order for the individual properties: translate, then
// rotate, then scale, all about the transform origin (px, box-relative).
// A skew (degrees, x and y; `transform: skew()` and the decomposed
// `matrix()`) sits between the rotation and the scale.
inline Mat3 composeTransform(Vec2 translate, float rotateDeg, Vec2 skewDeg, Vec2 scale, Vec2 origin) {
  Mat3 linear = rotation(rotateDeg);
  if (skewDeg.x != 0.0f || skewDeg.y != 0.0f) linear = linear * skewing(skewDeg.x, skewDeg.y);
  return aboutOrigin(translation(translate) * linear * scaling(scale), origin);
}

// The six numbers of CSS matrix(a, b, c, d, e, f).
struct Affine2D {
  float a{1.0f}, b{0.0f}, c{0.0f}, d{1.0f}, e{0.0f}, f{0.0f};

  static Affine2D fromMat3(const Mat3& m) {
    return Affine2D{m[0][0], m[0][1], m[1][0], m[1][1], m[2][0], m[2][1]};
  }
  Mat3 toMat3() const {
    Mat3 m(1.0f);
    m[0][0] = a;
    m[0][1] = b;
    m[1][0] = c;
    m[1][1] = d;
    m[2][0] = e;
    m[2][1] = f;
    return m;
  }
  Vec2 apply(Vec2 p) const { return Vec2{a * p.x + c * p.y + e, b * p.x + d * p.y + f}; }
  Affine2D operator*(const Affine2D& o) const {  // this ∘ o (o applied first)
    return Affine2D{a * o.a + c * o.b, b * o.a + d * o.b,     a * o.c + c * o.d,
                    b * o.c + d * o.d, a * o.e + c * o.f + e, b * o.e + d * o.f + f};
  }
  bool isIdentity() const {
    return a == 1.0f && b == 0.0f && c == 0.0f && d == 1.0f && e == 0.0f && f == 0.0f;
  }
  bool operator==(const Affine2D&) const = default;
};

}  // namespace zenit
