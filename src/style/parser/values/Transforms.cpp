// transform's folds (Transforms.hpp): each function multiplies the matrix
// the three rows stand for, M = M · f, as CSS Transforms 1 §9 composes a list.
#include "Transforms.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numbers>
#include <utility>

namespace zenit::detail {

namespace {

Value addValues(const Value& a, const Value& b) {
  return Value{a.px + b.px, a.pct + b.pct, a.em + b.em, ValueKind::Length,
               static_cast<std::uint8_t>(a.units | b.units)};
}

Value scaled(const Value& a, float k) {
  return Value{a.px * k, a.pct * k, a.em * k, ValueKind::Length, a.units};
}

// Whether a sum of lengths with these `units` (or-ed) would hold two
// relative units (`1em` and `1rem`, `1vw` and `1vh`): a Value has one slot for them.
bool mixesRelative(unsigned units) {
  const unsigned rel = units & Value::kRelative;
  return (rel & (rel - 1)) != 0;
}

bool multipleOf(double deg, double step) {
  if (deg == 0.0) return true;  // what the division and rounding give for ±0, without them
  const double q = deg / step;
  return std::fabs(q - std::round(q)) < 1e-9;
}

// The linear part the rows stand for, R(angle) · K(kx, ky) · S(sx, sy),
// columns (m[0], m[1]) and (m[2], m[3]).
void linearOf(const TransformState& s, double (&m)[4]) {
  constexpr double kRad = std::numbers::pi / 180.0;
  const double rad = std::fmod(s.angle, 360.0) * kRad;
  const double cs = std::cos(rad), sn = std::sin(rad);
  const double tx = std::tan(s.kx * kRad), ty = std::tan(s.ky * kRad);
  m[0] = (cs - sn * ty) * s.sx;
  m[1] = (sn + cs * ty) * s.sx;
  m[2] = (cs * tx - sn) * s.sy;
  m[3] = (sn * tx + cs) * s.sy;
}

// The rows cannot follow the list from here: the product so far, in `m`.
void becomeGeneral(TransformState& s) {
  if (s.general) return;
  linearOf(s, s.m);
  s.general = true;
}

// m = m · f, f a linear part given as columns (f0, f1), (f2, f3).
void multiply(TransformState& s, double f0, double f1, double f2, double f3) {
  const double a = s.m[0], b = s.m[1], c = s.m[2], d = s.m[3];
  s.m[0] = a * f0 + c * f1;
  s.m[1] = b * f0 + d * f1;
  s.m[2] = a * f2 + c * f3;
  s.m[3] = b * f2 + d * f3;
}

}  // namespace

// M = M · translate(v): the translation moves through the linear part before it.
const char* foldTranslate(TransformState& s, const Value& vx, const Value& vy) {
  constexpr const char* kMixed =
      "translations in different relative units (em, rem, vw …) cannot be combined; use one unit";
  if (!s.general && s.kx == 0.0 && s.ky == 0.0) {
    const Value x = scaled(vx, static_cast<float>(s.sx));
    const Value y = scaled(vy, static_cast<float>(s.sy));
    if (multipleOf(s.angle, 360.0)) {
      if (mixesRelative(s.tx.units | x.units) || mixesRelative(s.ty.units | y.units)) return kMixed;
      s.tx = addValues(s.tx, x);
      s.ty = addValues(s.ty, y);
      return nullptr;
    }
    if ((x.units | y.units) & Value::kPct)
      return "a percentage translate after rotate() cannot be represented; put translate() first";
    if (mixesRelative(s.tx.units | x.units | y.units) || mixesRelative(s.ty.units | x.units | y.units))
      return kMixed;
    const double rad = s.angle * std::numbers::pi / 180.0;
    const auto c = static_cast<float>(std::cos(rad)), sn = static_cast<float>(std::sin(rad));
    s.tx = addValues(s.tx, addValues(scaled(x, c), scaled(y, -sn)));
    s.ty = addValues(s.ty, addValues(scaled(x, sn), scaled(y, c)));
    return nullptr;
  }
  double m[4];
  if (s.general)
    std::copy(std::begin(s.m), std::end(s.m), m);
  else
    linearOf(s, m);
  if (((vx.units | vy.units) & Value::kPct) && (m[1] != 0.0 || m[2] != 0.0))
    return "a percentage translate after skew() or matrix() cannot be represented; put translate() first";
  if (mixesRelative(s.tx.units | vx.units | vy.units) || mixesRelative(s.ty.units | vx.units | vy.units))
    return kMixed;
  s.tx =
      addValues(s.tx, addValues(scaled(vx, static_cast<float>(m[0])), scaled(vy, static_cast<float>(m[2]))));
  s.ty =
      addValues(s.ty, addValues(scaled(vx, static_cast<float>(m[1])), scaled(vy, static_cast<float>(m[3]))));
  return nullptr;
}

// The factors multiply: out of range when a product leaves the float range.
const char* foldScale(TransformState& s, double x, double y) {
  if (s.general) {
    multiply(s, x, 0, 0, y);
  } else {
    s.sx *= x;
    s.sy *= y;
  }
  return finiteFloat(s.sx) && finiteFloat(s.sy) ? nullptr : "number out of range";
}

// A rotation folds into the row while nothing non-uniform comes before it.
const char* foldRotate(TransformState& s, double deg) {
  if (multipleOf(deg, 360.0) && !s.general) {
    s.angle += deg;
    return nullptr;
  }
  if (!s.general && s.kx == 0.0 && s.ky == 0.0 && s.sx == s.sy) {
    s.angle += deg;
    return nullptr;
  }
  becomeGeneral(s);
  const double rad = std::fmod(deg, 360.0) * std::numbers::pi / 180.0;
  const double cs = std::cos(rad), sn = std::sin(rad);
  multiply(s, cs, sn, -sn, cs);
  return nullptr;
}

// A skew folds into the rows when it is the first one and no non-uniform
// scale comes before it (a uniform scale commutes with it).
const char* foldSkew(TransformState& s, double xDeg, double yDeg) {
  if (multipleOf(xDeg - 90.0, 180.0) || multipleOf(yDeg - 90.0, 180.0))
    return "a skew of 90 degrees (or an odd multiple) has no finite matrix";
  if (!s.general && s.kx == 0.0 && s.ky == 0.0 && s.sx == s.sy) {
    s.kx = xDeg;
    s.ky = yDeg;
    return nullptr;
  }
  becomeGeneral(s);
  constexpr double kRad = std::numbers::pi / 180.0;
  multiply(s, 1, std::tan(yDeg * kRad), std::tan(xDeg * kRad), 1);
  return nullptr;
}

const char* foldMatrix(TransformState& s, const double (&v)[6]) {
  if (const char* why = foldTranslate(s, Px(static_cast<float>(v[4])), Px(static_cast<float>(v[5]))))
    return why;
  if (v[0] == 1 && v[1] == 0 && v[2] == 0 && v[3] == 1) return nullptr;  // a translation alone
  becomeGeneral(s);
  multiply(s, v[0], v[1], v[2], v[3]);
  return nullptr;
}

// A general product as the rows: R(θ) · skewX(k) · S(sx, sy), the first
// column giving θ and sx, the second the skew and sy (docs/stylesheets.md).
const char* writeTransform(TransformState& s, Style& out) {
  if (s.general) {
    const double a = s.m[0], b = s.m[1], c = s.m[2], d = s.m[3];
    const double sx = std::hypot(a, b), det = a * d - b * c;
    if (sx == 0.0 || det == 0.0) {
      if (c != 0.0 || d != 0.0 || (sx != 0.0 && det == 0.0))
        return "this transform flattens the box onto a line, which the transform rows cannot hold";
      s.angle = 0;  // all four zero: scale(0)
      s.kx = s.ky = s.sx = s.sy = 0;
    } else {
      s.angle = std::atan2(b, a) * 180.0 / std::numbers::pi;
      s.sx = sx;
      s.sy = det / sx;
      s.kx = std::atan((a * c + b * d) / det) * 180.0 / std::numbers::pi;
      s.ky = 0;
    }
  }
  if (!finiteFloat(s.sx) || !finiteFloat(s.sy) || !finiteFloat(s.angle)) return "number out of range";
  Value tx = s.tx, ty = s.ty;
  if (tx.units == 0) tx.units = Value::kPx;
  if (ty.units == 0) ty.units = Value::kPx;
  out.translateX = tx;
  out.translateY = ty;
  out.rotate = static_cast<float>(s.angle);
  out.skewX = static_cast<float>(s.kx);
  out.skewY = static_cast<float>(s.ky);
  out.scaleX = static_cast<float>(s.sx);
  out.scaleY = static_cast<float>(s.sy);
  return nullptr;
}

}  // namespace zenit::detail
