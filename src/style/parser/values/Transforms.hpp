// transform: a list of translate(), scale() and rotate() functions (and
// their X, Y and Z forms), folded into the translate, rotate and scale rows,
// which compose as CSS's individual transform properties do (translate,
// rotate, scale). Read from either cursor (Cursor.hpp).
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - transform: translate/scale/rotate functions only; 3D transforms,
//    skew() and matrix() are not supported.
//  - A list that the three rows cannot represent (a percentage translate
//    after a rotation, a rotation after a non-uniform scale) is rejected.
#pragma once

#include "Numbers.hpp"

#include <string>
#include <string_view>

namespace zenit::detail {

// The five transform rows, as a `transform` list folds into them.
struct TransformState {
  // No unit written yet: the first translate decides how the value prints.
  Value tx{0.0f, 0.0f, 0.0f, ValueKind::Length, 0}, ty{0.0f, 0.0f, 0.0f, ValueKind::Length, 0};
  double angle{0}, sx{1}, sy{1};
};

// The folds, one function at a time (CSS Transforms 1 §9: M = M · f). Each
// returns nullptr, or why the rows cannot hold the list.
const char* foldTranslate(TransformState& s, const Value& x, const Value& y);
const char* foldScale(TransformState& s, double x, double y);  // nullptr, or a product out of range
const char* foldRotate(TransformState& s, double deg);
// The folded list into the five rows; false when a number is out of range.
bool writeTransform(const TransformState& s, Style& out);

enum class TransformFn : std::uint8_t {
  None,
  Translate,
  TranslateX,
  TranslateY,
  Scale,
  ScaleX,
  ScaleY,
  Rotate
};
// The function a name (a Function token's text, any case) names; None for
// any other. Compared once with the names of its length.
ZENIT_ALWAYS_INLINE TransformFn transformFunction(std::string_view name) {
  switch (name.size()) {
    case 5: return wordIs(name, "scale") ? TransformFn::Scale : TransformFn::None;
    case 6:
      if (wordIs(name, "scalex")) return TransformFn::ScaleX;
      if (wordIs(name, "scaley")) return TransformFn::ScaleY;
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
  const bool two = fn == TransformFn::Translate || fn == TransformFn::Scale;
  const ArgsInfo args = c.args(two ? 2 : 1);
  if (fn == TransformFn::None)
    return c.fail([&] {
      return "transform function " + quoteText(std::string(name) + "()") +
             " is not supported (supported: translate, translateX, translateY, scale, scaleX, scaleY, "
             "rotate)";
    });
  if (!args.countOk)
    return c.fail([&] {
      return std::string(name) + "() takes " + (two ? "one or two arguments (with a comma)" : "one argument");
    });
  if (args.anyEmpty) return c.fail([&] { return "empty argument in " + std::string(name) + "()"; });
  // The arguments: lengths (translate), numbers or percentages (scale), an
  // angle (rotate), at most `two` of them.
  Value length[2] = {Px(0.0f), Px(0.0f)};
  double number[2] = {1, 1};
  double deg = 0;
  std::size_t n = 0;
  c.enterArgs();
  for (;;) {
    if (n == (two ? 2u : 1u) || !c.enterArg()) return false;  // (counted above, where the cursor can)
    bool ok = false;
    if (fn == TransformFn::Scale || fn == TransformFn::ScaleX || fn == TransformFn::ScaleY)
      ok = numberAt(c, number[n], true);
    else if (fn == TransformFn::Rotate)
      ok = angleAt(c, deg, true);
    else
      ok = lengthAt(c, length[n], LengthOpts{}, "a length or a percentage");
    if (!ok || !atEnd(c)) return false;
    ++n;
    if (!c.leaveArg()) break;
  }
  c.leaveArgs();
  const char* why = nullptr;
  switch (fn) {
    case TransformFn::Translate:
    case TransformFn::TranslateX: why = foldTranslate(s, length[0], length[1]); break;
    case TransformFn::TranslateY: why = foldTranslate(s, length[1], length[0]); break;
    case TransformFn::Scale: why = foldScale(s, number[0], n == 2 ? number[1] : number[0]); break;
    case TransformFn::ScaleX: why = foldScale(s, number[0], 1); break;
    case TransformFn::ScaleY: why = foldScale(s, 1, number[0]); break;
    default: why = foldRotate(s, deg); break;
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
  if (!writeTransform(s, out)) return c.fail([] { return std::string("number out of range"); });
  return true;
}

}  // namespace zenit::detail
