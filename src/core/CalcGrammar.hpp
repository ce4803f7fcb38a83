// calc() and its comparison functions min(), max() and clamp() (CSS Values
// 4 §10), the one grammar: typed arithmetic over numbers, percentages,
// lengths (px + % + one relative unit: em, rem, vw, vh, vmin or vmax),
// times and angles, with the constants e, pi,
// infinity, -infinity and NaN. It reads through a cursor, so the stylesheet
// parser (from tokens, style/parser/values/Numbers.cpp) and colours (from
// the bytes of a colour function, core/Color.cpp) read the same grammar.
//
// A cursor C provides:
//   Item peek();                  the next item (whitespace skipped), unmoved
//   void take();                  moves past it (past the `(` of a function)
//   bool sumOperator(double& s);  at a sum's `+` (s = 1) or `-` (s = -1): past it
//   bool productOperator(bool& divide);  at `*` or `/`: past it
//   bool close();                 at the `)` that ends a function: past it
//   bool comma();                 at `,`: past it
//   std::string quote();          the next item as a message names it
// and the caller a keyword function, bool(std::string_view, Value&), for
// identifiers of its own (a relative colour's channels).
//
// Division by zero gives an infinity or NaN, as CSS says; the readers of
// the result reject what is not finite where they must. A sum of two
// different relative units (`1em + 1rem`, `10vw + 5vh`) is an error: a
// zenit::Value has one slot for the relative amount.
#pragma once

#include "core/Ascii.hpp"
#include "core/CssUnits.hpp"

#include <zenit/core/Value.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <string>
#include <string_view>
#include <utility>

namespace zenit::detail::calc {

enum class Kind : std::uint8_t { Number, Percent, Length, Time, Angle };

// What calc() gives: a number, a percentage, a length (px + % + em), a time
// or an angle.
struct Value {
  Kind kind{Kind::Number};
  double num{0};                // Number, Time (s), Angle (deg)
  double px{0}, pct{0}, em{0};  // em: the amount of the relative unit in `units`
  std::uint8_t units{0};        // zenit::Value::kPx | kPct | one of kRelative, seen
};

struct Item {
  enum class Type : std::uint8_t { Number, Percent, Dimension, Ident, Function, Paren, End, Other };
  Type type{Type::Other};
  double number{0.0};
  std::string_view text;  // a dimension's unit, an identifier, a function's name
};

inline constexpr int kMaxDepth = 32;  // nested functions and parentheses: no input exhausts the stack

template <class C, class K>
bool sum(C& c, const K& keyword, Value& out, std::string& why, int depth);

namespace impl {

inline bool addable(Kind a, Kind b) {
  const auto lp = [](Kind k) { return k == Kind::Length || k == Kind::Percent; };
  return a == b || (lp(a) && lp(b));
}

// The one component a value of lengths is made of (px, %, or one relative
// unit), or 0 when it mixes them: min() and max() can compare only such
// values, since 10% against 50px, or 1em against 16px, depends on the
// layout or the font size, which a Value (a sum) cannot hold the choice of.
inline std::uint8_t singleUnit(const Value& k) {
  if (k.kind == Kind::Percent) return zenit::Value::kPct;
  const std::uint8_t u = k.units ? k.units : static_cast<std::uint8_t>(zenit::Value::kPx);
  return (u & (u - 1)) == 0 ? u : 0;
}
inline double& componentOf(Value& k, std::uint8_t unit) {
  if (unit == zenit::Value::kPct) return k.pct;
  if (unit == zenit::Value::kPx) return k.px;
  if (unit != 0 && (unit & zenit::Value::kRelative) == unit)
    return k.em;  // not 0xff: a number, time or angle
  return k.num;
}

// NaN in any argument makes the result NaN, as CSS says.
inline double pick(double x, double y, bool smaller) {
  if (std::isnan(x) || std::isnan(y)) return std::nan("");
  return smaller ? std::min(x, y) : std::max(x, y);
}

// A number, percentage or dimension as a value.
inline bool leaf(const Item& t, Value& out, std::string& why) {
  out = Value{};
  switch (t.type) {
    case Item::Type::Number: out.num = t.number; return true;
    case Item::Type::Percent:
      out.kind = Kind::Percent;
      out.pct = t.number;
      out.units = zenit::Value::kPct;
      return true;
    default: break;
  }
  std::uint8_t relative = 0;
  std::string_view unsupported;
  double f = 0;
  if (const double lf = lengthUnit(t.text, relative, unsupported); lf > 0 || relative) {
    out.kind = Kind::Length;
    if (relative) {
      out.em = t.number;
      out.units = relative;
    } else {
      out.px = t.number * lf;
      out.units = zenit::Value::kPx;
    }
  } else if (timeUnit(t.text, f)) {
    out.kind = Kind::Time;
    out.num = t.number * f;
  } else if (angleUnit(t.text, f)) {
    out.kind = Kind::Angle;
    out.num = t.number * f;
  } else {
    why = unsupported.empty() ? "unknown unit " + quoteText(t.text)
                              : "unit `" + std::string(unsupported) + "` is not supported";
    return false;
  }
  return true;
}

// CSS Values 4 §10.7.1's constants.
inline bool constant(std::string_view id, double& v) {
  if (equalsLower(id, "e"))
    v = std::numbers::e;
  else if (equalsLower(id, "pi"))
    v = std::numbers::pi;
  else if (equalsLower(id, "infinity"))
    v = HUGE_VAL;
  else if (equalsLower(id, "-infinity"))
    v = -HUGE_VAL;
  else if (equalsLower(id, "nan"))
    v = std::nan("");
  else
    return false;
  return true;
}

// min(A, B, …), max(A, B, …) and clamp(MIN, VAL, MAX) (§10.2), their `(`
// taken: evaluated when the arguments compare where the value is read
// (numbers, times and angles, and lengths all in px, all in %, or all in em).
template <class C, class K>
bool comparison(C& c, const K& keyword, std::string_view fn, Value& out, std::string& why, int depth) {
  const bool isMin = equalsLower(fn, "min"), isMax = equalsLower(fn, "max");
  const std::string name = std::string(isMin ? "min" : (isMax ? "max" : "clamp")) + "()";
  Value first;
  double v = 0, clampArgs[3] = {0, 0, 0};
  int n = 0;
  std::uint8_t unit = 0;
  for (;;) {
    Value a;
    if (!sum(c, keyword, a, why, depth)) return false;
    if (n > 0 && !addable(a.kind, first.kind)) {
      why = name + " compares values of different types";
      return false;
    }
    const bool length = a.kind == Kind::Length || a.kind == Kind::Percent;
    const std::uint8_t u = length ? singleUnit(a) : std::uint8_t{0xff};
    if (length && (u == 0 || (n > 0 && u != unit))) {
      why = name + " of lengths in different units (px, %, em) is not supported; write them in one unit";
      return false;
    }
    unit = u;
    const double w = componentOf(a, unit);
    if (n == 0) first = a;
    if (isMin || isMax)
      v = n == 0 ? w : pick(v, w, isMin);
    else if (n < 3)
      clampArgs[n] = w;
    ++n;
    if (c.close()) break;
    if (!c.comma()) {
      why = "unexpected " + c.quote() + " in " + name;
      return false;
    }
  }
  if (!(isMin || isMax)) {
    if (n != 3) {
      why = "clamp() takes three values (minimum, value, maximum)";
      return false;
    }
    // clamp(MIN, VAL, MAX) is max(MIN, min(VAL, MAX)).
    v = pick(clampArgs[0], pick(clampArgs[1], clampArgs[2], true), false);
  }
  // Every argument has the first one's kind and unit: it carries the result.
  out = first;
  componentOf(out, unit) = v;
  return true;
}

template <class C, class K>
bool value(C& c, const K& keyword, Value& out, std::string& why, int depth) {
  const Item t = c.peek();
  switch (t.type) {
    case Item::Type::Number:
    case Item::Type::Percent:
    case Item::Type::Dimension:
      if (!leaf(t, out, why)) return false;
      c.take();
      return true;
    case Item::Type::Ident:
      out = Value{};
      if (!constant(t.text, out.num) && !keyword(t.text, out)) break;
      c.take();
      return true;
    case Item::Type::Function:
    case Item::Type::Paren: {
      const bool fn = t.type == Item::Type::Function;
      const bool compare =
          fn && (equalsLower(t.text, "min") || equalsLower(t.text, "max") || equalsLower(t.text, "clamp"));
      if (fn && !compare && !equalsLower(t.text, "calc")) {
        why = "function " + quoteText(std::string(t.text) + "()") + " is not supported inside calc()";
        return false;
      }
      if (depth >= kMaxDepth) {
        why = "calc() nested too deeply";
        return false;
      }
      c.take();
      if (compare) return comparison(c, keyword, t.text, out, why, depth + 1);
      if (!sum(c, keyword, out, why, depth + 1)) return false;
      if (!c.close()) {
        why = "unexpected " + c.quote() + " in calc()";
        return false;
      }
      return true;
    }
    case Item::Type::End: why = "calc() ends too early"; return false;
    case Item::Type::Other: break;
  }
  why = "unexpected " + c.quote() + " in calc()";
  return false;
}

template <class C, class K>
bool product(C& c, const K& keyword, Value& out, std::string& why, int depth) {
  if (!value(c, keyword, out, why, depth)) return false;
  bool divide = false;
  while (c.productOperator(divide)) {
    Value rhs;
    if (!value(c, keyword, rhs, why, depth)) return false;
    if (divide) {
      if (rhs.kind != Kind::Number) {
        why = "calc() can only divide by a number";
        return false;
      }
      out.num /= rhs.num;
      out.px /= rhs.num;
      out.pct /= rhs.num;
      out.em /= rhs.num;
      continue;
    }
    if (out.kind == Kind::Number && rhs.kind != Kind::Number) {
      std::swap(out, rhs);
    } else if (rhs.kind != Kind::Number) {
      why = "calc() can only multiply by a number";
      return false;
    }
    out.num *= rhs.num;
    out.px *= rhs.num;
    out.pct *= rhs.num;
    out.em *= rhs.num;
  }
  return true;
}

}  // namespace impl

// sum = product ([ + | - ] product)*.
template <class C, class K>
bool sum(C& c, const K& keyword, Value& out, std::string& why, int depth) {
  if (!impl::product(c, keyword, out, why, depth)) return false;
  double sign = 1.0;
  while (c.sumOperator(sign)) {
    Value rhs;
    if (!impl::product(c, keyword, rhs, why, depth)) return false;
    if (!impl::addable(out.kind, rhs.kind)) {
      why = "calc() adds values of different types";
      return false;
    }
    const auto rel = static_cast<std::uint8_t>((out.units | rhs.units) & zenit::Value::kRelative);
    if ((rel & (rel - 1)) != 0) {
      why = "calc() cannot add `" + std::string(relativeUnitName(out.units & zenit::Value::kRelative)) +
            "` and `" + relativeUnitName(rhs.units & zenit::Value::kRelative) +
            "` lengths (a length holds one relative unit)";
      return false;
    }
    if (out.kind != rhs.kind) out.kind = Kind::Length;  // length + percentage
    out.num += sign * rhs.num;
    out.px += sign * rhs.px;
    out.pct += sign * rhs.pct;
    out.em += sign * rhs.em;
    out.units = static_cast<std::uint8_t>(out.units | rhs.units);
  }
  return true;
}

// A calc(), min(), max() or clamp() function, or a parenthesised sum, at
// the cursor: its value, the cursor past it.
template <class C, class K>
bool read(C& c, const K& keyword, Value& out, std::string& why) {
  return impl::value(c, keyword, out, why, 0);
}

// No keywords of the caller's own.
inline bool noKeyword(std::string_view, Value&) { return false; }

}  // namespace zenit::detail::calc
