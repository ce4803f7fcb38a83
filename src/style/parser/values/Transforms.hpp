// transform: a list of translate(), scale(), rotate(), skew() and matrix()
// functions (and their X, Y and Z forms), folded into the translate,
// rotate, skew and scale rows, which compose as CSS's individual transform
// properties do (translate, rotate, skew, scale). Read from either cursor
// (Cursor.hpp).
//
// A list in that order folds into the rows exactly, function by function,
// so each row interpolates as its function does. Any other list (a
// rotation after a skew or a non-uniform scale, a skew after a scale, a
// matrix()) is multiplied out and decomposed into rotate · skewX · scale,
// as CSS decomposes matrices to interpolate them.
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - 3D transforms are not supported.
//  - A percentage translate after a rotation, a skew or a matrix() is
//    rejected (its value depends on the box's other side).
#pragma once

#include "Numbers.hpp"

#include <string>
#include <string_view>

namespace zenit::detail {

// The seven transform rows, as a `transform` list folds into them, and
// the product so far once the rows cannot follow the list (`general`).
struct TransformState {
  // No unit written yet: the first translate decides how the value prints.
  Value tx{0.0f, 0.0f, 0.0f, ValueKind::Length, 0}, ty{0.0f, 0.0f, 0.0f, ValueKind::Length, 0};
  double angle{0}, kx{0}, ky{0}, sx{1}, sy{1};
  bool general{false};
  double m[4]{1, 0, 0, 1};  // while general: the linear part, columns (m[0], m[1]) and (m[2], m[3])
};

// The folds, one function at a time (CSS Transforms 1 §9: M = M · f). Each
// returns nullptr, or why the rows cannot hold the list.
const char* foldTranslate(TransformState& s, const Value& x, const Value& y);
const char* foldScale(TransformState& s, double x, double y);  // nullptr, or a product out of range
const char* foldRotate(TransformState& s, double deg);
const char* foldSkew(TransformState& s, double xDeg, double yDeg);
// matrix(a, b, c, d, e, f): the translation (e, f) in px, then the linear part.
const char* foldMatrix(TransformState& s, const double (&abcdef)[6]);
// The folded list into the seven rows; nullptr, or why it cannot be (a
// number out of range, a singular matrix).
const char* writeTransform(TransformState& s, Style& out);

enum class TransformFn : std::uint8_t {
  None,
  Translate,
  TranslateX,
  TranslateY,
  Scale,
  ScaleX,
  ScaleY,
  Rotate,
  Skew,
  SkewX,
  SkewY,
  Matrix
};
// The function a name (a Function token's text, any case) names; None for
// any other. Compared once with the names of its length.
ZENIT_ALWAYS_INLINE TransformFn transformFunction(std::string_view name) {
  switch (name.size()) {
    case 4: return wordIs(name, "skew") ? TransformFn::Skew : TransformFn::None;
    case 5:
      if (wordIs(name, "skewx")) return TransformFn::SkewX;
      if (wordIs(name, "skewy")) return TransformFn::SkewY;
      return wordIs(name, "scale") ? TransformFn::Scale : TransformFn::None;
    case 6:
      if (wordIs(name, "scalex")) return TransformFn::ScaleX;
      if (wordIs(name, "scaley")) return TransformFn::ScaleY;
      if (wordIs(name, "matrix")) return TransformFn::Matrix;
      return wordIs(name, "rotate") ? TransformFn::Rotate : TransformFn::None;
    case 7: return wordIs(name, "rotatez") ? TransformFn::Rotate : TransformFn::None;
    case 9: return wordIs(name, "translate") ? TransformFn::Translate : TransformFn::None;
    case 10:
      if (wordIs(name, "translatex")) return TransformFn::TranslateX;
      return wordIs(name, "translatey") ? TransformFn::TranslateY : TransformFn::None;
    default: return TransformFn::None;
  }
}

// One function of the list at the cursor (its token), folded into `s`.
template <class Cur>
ZENIT_ALWAYS_INLINE bool transformFunctionAt(Cur& c, TransformState& s) {
  const std::string_view name = c.tok().text;
  const TransformFn fn = transformFunction(name);
  const bool matrix = fn == TransformFn::Matrix;
  const bool two = fn == TransformFn::Translate || fn == TransformFn::Scale || fn == TransformFn::Skew;
  const std::size_t most = matrix ? 6u : (two ? 2u : 1u);
  const ArgsInfo args = c.args(most);
  if (fn == TransformFn::None)
    return c.fail([&] {
      return "transform function " + quoteText(std::string(name) + "()") +
             " is not supported (supported: translate, translateX, translateY, scale, scaleX, scaleY, "
             "rotate, skew, skewX, skewY, matrix)";
    });
  if (!args.countOk)
    return c.fail([&] {
      return std::string(name) + "() takes " +
             (matrix ? "six numbers (with commas)"
              : two  ? "one or two arguments (with a comma)"
                     : "one argument");
    });
  if (args.anyEmpty) return c.fail([&] { return "empty argument in " + std::string(name) + "()"; });
  // The arguments: lengths (translate), numbers or percentages (scale),
  // angles (rotate, skew), numbers (matrix), at most `most` of them.
  Value length[2] = {Px(0.0f), Px(0.0f)};
  double number[6] = {1, 1, 0, 0, 0, 0};
  double deg[2] = {0, 0};
  std::size_t n = 0;
  c.enterArgs();
  for (;;) {
    if (n == most || !c.enterArg()) return false;  // (counted above, where the cursor can)
    bool ok = false;
    if (fn == TransformFn::Scale || fn == TransformFn::ScaleX || fn == TransformFn::ScaleY)
      ok = numberAt(c, number[n], true);
    else if (matrix)
      ok = numberAt(c, number[n], false);
    else if (fn == TransformFn::Rotate || fn == TransformFn::Skew || fn == TransformFn::SkewX ||
             fn == TransformFn::SkewY)
      ok = angleAt(c, deg[n], true);
    else
      ok = lengthAt(c, length[n], LengthOpts{}, "a length or a percentage");
    if (!ok || !atEnd(c)) return false;
    ++n;
    if (!c.leaveArg()) break;
  }
  c.leaveArgs();
  if (matrix && n != 6) return c.fail([] { return std::string("matrix() takes six numbers (with commas)"); });
  const char* why = nullptr;
  switch (fn) {
    case TransformFn::Translate:
    case TransformFn::TranslateX: why = foldTranslate(s, length[0], length[1]); break;
    case TransformFn::TranslateY: why = foldTranslate(s, length[1], length[0]); break;
    case TransformFn::Scale: why = foldScale(s, number[0], n == 2 ? number[1] : number[0]); break;
    case TransformFn::ScaleX: why = foldScale(s, number[0], 1); break;
    case TransformFn::ScaleY: why = foldScale(s, 1, number[0]); break;
    case TransformFn::Skew: why = foldSkew(s, deg[0], deg[1]); break;
    case TransformFn::SkewX: why = foldSkew(s, deg[0], 0); break;
    case TransformFn::SkewY: why = foldSkew(s, 0, deg[0]); break;
    case TransformFn::Matrix: why = foldMatrix(s, number); break;
    default: why = foldRotate(s, deg[0]); break;
  }
  if (why) return c.fail([&] { return std::string(why); });
  return true;
}

// transform: none | <transform-function>+
template <class Cur>
ZENIT_ALWAYS_INLINE bool transformValue(Cur& c, Style& out) {
  TransformState s;
  if (!noneAlone(c)) {  // none: the identity
    while (!c.end()) {
      if (c.tok().type != TokenType::Function)
        return c.fail([&] { return expected(c, "a transform function or none"); });
      if (!transformFunctionAt(c, s)) return false;
    }
  }
  if (const char* why = writeTransform(s, out)) return c.fail([&] { return std::string(why); });
  return true;
}

}  // namespace zenit::detail
