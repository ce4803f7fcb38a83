// transform's folds (Transforms.hpp): each function multiplies the matrix
// the three rows stand for, M = M · f, as CSS Transforms 1 §9 composes a list.
#include "Transforms.hpp"

#include <cmath>
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

}  // namespace

// M = M · translate(v): the translation moves through the rotation and scale before it.
const char* foldTranslate(TransformState& s, const Value& vx, const Value& vy) {
  const Value x = scaled(vx, static_cast<float>(s.sx));
  const Value y = scaled(vy, static_cast<float>(s.sy));
  constexpr const char* kMixed =
      "translations in different relative units (em, rem, vw …) cannot be combined; use one unit";
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

// The factors multiply: out of range when a product leaves the float range.
const char* foldScale(TransformState& s, double x, double y) {
  s.sx *= x;
  s.sy *= y;
  return finiteFloat(s.sx) && finiteFloat(s.sy) ? nullptr : "number out of range";
}

const char* foldRotate(TransformState& s, double deg) {
  if (s.sx != s.sy && !multipleOf(deg, 360.0))
    return "rotate() after a non-uniform scale() cannot be represented; put rotate() before scale()";
  s.angle += deg;
  return nullptr;
}

bool writeTransform(const TransformState& s, Style& out) {
  if (!finiteFloat(s.sx) || !finiteFloat(s.sy) || !finiteFloat(s.angle)) return false;
  Value tx = s.tx, ty = s.ty;
  if (tx.units == 0) tx.units = Value::kPx;
  if (ty.units == 0) ty.units = Value::kPx;
  out.translateX = tx;
  out.translateY = ty;
  out.rotate = static_cast<float>(s.angle);
  out.scaleX = static_cast<float>(s.sx);
  out.scaleY = static_cast<float>(s.sy);
  return true;
}

}  // namespace zenit::detail
