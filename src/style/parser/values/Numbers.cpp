// calc() (typed arithmetic over numbers, lengths of px + % + em, times and
// angles, read from tokens) and the units' factors (Numbers.hpp).
#include "Numbers.hpp"

#include <initializer_list>
#include <numbers>
#include <string>
#include <utility>

namespace zenit::detail {

namespace {

bool unitIs(const Token& t, std::string_view lower) { return t.textIs(lower); }

}  // namespace

double lengthFactor(const Token& t, bool& isEm, std::string_view& unsupported) {
  isEm = false;
  // `px` as written (lower case) is nearly every length: two byte compares.
  if (t.text.size() == 2 && t.text[0] == 'p' && t.text[1] == 'x') return 1.0;
  if (unitIs(t, "px")) return 1.0;
  if (unitIs(t, "em")) {
    isEm = true;
    return 0.0;
  }
  if (unitIs(t, "in")) return 96.0;
  if (unitIs(t, "cm")) return 96.0 / 2.54;
  if (unitIs(t, "mm")) return 96.0 / 25.4;
  if (unitIs(t, "q")) return 96.0 / 101.6;
  if (unitIs(t, "pt")) return 96.0 / 72.0;
  if (unitIs(t, "pc")) return 16.0;
  for (std::string_view u : {"rem", "vw", "vh", "vmin", "vmax", "ch", "ex", "lh", "cap", "ic", "rlh", "svw",
                             "svh", "lvw", "lvh", "dvw", "dvh", "cqw", "cqh"})
    if (unitIs(t, u)) unsupported = u;
  return -1.0;
}

LengthVerdict lengthOf(TokenType type, std::string_view unit, double number, const LengthOpts& o, Value& out,
                       std::string_view& unsupported) {
  double check = 0;
  if (type == TokenType::Dimension) {
    Token t;
    t.text = unit;
    bool isEm = false;
    const double f = lengthFactor(t, isEm, unsupported);
    if (isEm) {
      if (!o.em) return LengthVerdict::EmNotHere;
      if (!finiteFloat(number)) return LengthVerdict::OutOfRange;
      out = Em(static_cast<float>(number));
      check = number;
    } else if (f > 0) {
      // Range is checked before any double -> float conversion (out of range is UB).
      if (!finiteFloat(number * f)) return LengthVerdict::OutOfRange;
      out = Px(static_cast<float>(number * f));
      check = number * f;
    } else {
      return unsupported.empty() ? LengthVerdict::Expected : LengthVerdict::Unsupported;
    }
  } else if (type == TokenType::Percentage) {
    if (!o.percent) return LengthVerdict::Expected;
    if (!finiteFloat(number)) return LengthVerdict::OutOfRange;
    out = Pct(static_cast<float>(number));
    check = number;
  } else if (type == TokenType::Number) {
    if (number != 0.0) return LengthVerdict::NeedsUnit;
    out = Px(0.0f);
  } else {
    return LengthVerdict::Expected;
  }
  if (o.nonNegative && check < 0) return LengthVerdict::Negative;
  return LengthVerdict::Ok;
}

namespace {

bool calcSum(const TokenRange& r, const Token*& p, const Token* end, Calc& out, std::string& why, int depth);

bool addable(CalcKind a, CalcKind b) {
  auto lp = [](CalcKind k) { return k == CalcKind::Length || k == CalcKind::Percent; };
  return a == b || (lp(a) && lp(b));
}

// The one component a calc() value of lengths is made of (px, % or em), or
// 0 when it mixes them: min() and max() can compare only such values,
// since 10% against 50px, or 1em against 16px, depends on the layout or
// the font size, which a Value (a sum) cannot hold the choice of.
std::uint8_t singleUnit(const Calc& k) {
  if (k.kind == CalcKind::Percent) return Value::kPct;
  const std::uint8_t u = k.units ? k.units : static_cast<std::uint8_t>(Value::kPx);
  return (u & (u - 1)) == 0 ? u : 0;
}
double componentOf(const Calc& k, std::uint8_t unit) {
  switch (unit) {
    case Value::kPct: return k.pct;
    case Value::kEm: return k.em;
    case Value::kPx: return k.px;
    default: return k.num;
  }
}

// min(A, B, …), max(A, B, …) and clamp(MIN, VAL, MAX) (CSS Values 4
// §10.2), at p (the function token), evaluated when the arguments can be
// compared where the value is read: numbers, times and angles, and lengths
// all in px, all in %, or all in em.
bool mathFunction(const TokenRange& r, const Token*& p, Calc& out, std::string& why, int depth) {
  const Token& fn = *p;
  const bool isMin = fn.textIs("min"), isMax = fn.textIs("max");
  const std::string name = std::string(isMin ? "min" : (isMax ? "max" : "clamp")) + "()";
  if (depth > 64) {
    why = "calc() nested too deeply";
    return false;
  }
  const Token* close = r.componentEnd(p);
  const Token* innerEnd = (close > p + 1 && (close - 1)->type == TokenType::RightParen) ? close - 1 : close;
  const Token* q = p + 1;
  // NaN in any argument makes the result NaN, as CSS says.
  const auto pick = [](double x, double y, bool smaller) {
    if (std::isnan(x) || std::isnan(y)) return std::nan("");
    return smaller ? std::min(x, y) : std::max(x, y);
  };
  Calc first;
  double v = 0, clampArgs[3] = {0, 0, 0};
  int n = 0;
  std::uint8_t unit = 0;
  for (;;) {
    Calc a;
    if (!calcSum(r, q, innerEnd, a, why, depth + 1)) return false;
    if (n > 0 && !addable(a.kind, first.kind)) {
      why = name + " compares values of different types";
      return false;
    }
    const bool length = a.kind == CalcKind::Length || a.kind == CalcKind::Percent;
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
    if (q == innerEnd) break;
    if (q->type != TokenType::Comma) {
      why = "unexpected " + quote(r, q) + " in " + name;
      return false;
    }
    ++q;
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
  switch (unit) {
    case Value::kPct: out.pct = v; break;
    case Value::kEm: out.em = v; break;
    case Value::kPx: out.px = v; break;
    default: out.num = v; break;
  }
  p = close;
  return true;
}

bool calcValue(const TokenRange& r, const Token*& p, const Token* end, Calc& out, std::string& why,
               int depth) {
  if (p >= end) {
    why = "calc() ends too early";
    return false;
  }
  const Token& t = *p;
  out = Calc{};
  switch (t.type) {
    case TokenType::Number:
      out.kind = CalcKind::Number;
      out.num = t.number;
      ++p;
      return true;
    case TokenType::Percentage:
      out.kind = CalcKind::Percent;
      out.pct = t.number;
      out.units = Value::kPct;
      ++p;
      return true;
    case TokenType::Dimension: {
      bool isEm = false;
      std::string_view unsupported;
      double f = 0;
      if (const double lf = lengthFactor(t, isEm, unsupported); lf > 0 || isEm) {
        out.kind = CalcKind::Length;
        if (isEm) {
          out.em = t.number;
          out.units = Value::kEm;
        } else {
          out.px = t.number * lf;
          out.units = Value::kPx;
        }
      } else if (timeFactor(t, f)) {
        out.kind = CalcKind::Time;
        out.num = t.number * f;
      } else if (angleFactor(t, f)) {
        out.kind = CalcKind::Angle;
        out.num = t.number * f;
      } else {
        why = unsupported.empty() ? "unknown unit " + quoteText(t.text)
                                  : "unit `" + std::string(unsupported) + "` is not supported";
        return false;
      }
      ++p;
      return true;
    }
    case TokenType::LeftParen:
    case TokenType::Function: {
      if (t.type == TokenType::Function && (t.textIs("min") || t.textIs("max") || t.textIs("clamp")))
        return mathFunction(r, p, out, why, depth);
      if (t.type == TokenType::Function && !t.textIs("calc")) {
        why = "function " + quoteText(std::string(t.text) + "()") + " is not supported inside calc()";
        return false;
      }
      if (depth > 64) {
        why = "calc() nested too deeply";
        return false;
      }
      const Token* close = r.componentEnd(p);
      const Token* innerEnd =
          (close > p + 1 && (close - 1)->type == TokenType::RightParen) ? close - 1 : close;
      const Token* q = p + 1;
      if (!calcSum(r, q, innerEnd, out, why, depth + 1)) return false;
      if (q != innerEnd) {
        why = "unexpected " + quote(r, q) + " in calc()";
        return false;
      }
      p = close;
      return true;
    }
    default: why = "unexpected " + quote(r, p) + " in calc()"; return false;
  }
}

bool calcProduct(const TokenRange& r, const Token*& p, const Token* end, Calc& out, std::string& why,
                 int depth) {
  if (!calcValue(r, p, end, out, why, depth)) return false;
  while (p < end && (p->isDelim('*') || p->isDelim('/'))) {
    const bool div = p->isDelim('/');
    ++p;
    Calc rhs;
    if (!calcValue(r, p, end, rhs, why, depth)) return false;
    if (div) {
      if (rhs.kind != CalcKind::Number) {
        why = "calc() can only divide by a number";
        return false;
      }
      if (rhs.num == 0.0) {
        why = "division by zero in calc()";
        return false;
      }
      rhs.num = 1.0 / rhs.num;
    } else if (out.kind == CalcKind::Number && rhs.kind != CalcKind::Number) {
      std::swap(out, rhs);
    } else if (rhs.kind != CalcKind::Number) {
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

bool calcSum(const TokenRange& r, const Token*& p, const Token* end, Calc& out, std::string& why, int depth) {
  if (!calcProduct(r, p, end, out, why, depth)) return false;
  while (p < end && (p->isDelim('+') || p->isDelim('-'))) {
    const double sign = p->isDelim('-') ? -1.0 : 1.0;
    ++p;
    Calc rhs;
    if (!calcProduct(r, p, end, rhs, why, depth)) return false;
    if (!addable(out.kind, rhs.kind)) {
      why = "calc() adds values of different types";
      return false;
    }
    if (out.kind != rhs.kind) out.kind = CalcKind::Length;  // length + percentage
    out.num += sign * rhs.num;
    out.px += sign * rhs.px;
    out.pct += sign * rhs.pct;
    out.em += sign * rhs.em;
    out.units = static_cast<std::uint8_t>(out.units | rhs.units);
  }
  return true;
}

}  // namespace

bool calcAt(const TokenRange& r, const Token*& p, Calc& out, std::string& why) {
  return calcValue(r, p, r.e, out, why, 0);
}

const Token* lengthCalc(const TokenRange& r, const Token* at, const LengthOpts& o, Value& out,
                        std::string& why) {
  Calc k;
  if (!calcAt(r, at, k, why)) return nullptr;
  if (k.kind == CalcKind::Number && k.num == 0.0) k.kind = CalcKind::Length;
  if (k.kind != CalcKind::Length && !(k.kind == CalcKind::Percent && o.percent)) {
    why = "calc() does not give a length here";
    return nullptr;
  }
  if ((k.units & Value::kEm) && !o.em) {
    why = "em is not supported here; use px";
    return nullptr;
  }
  if (!finiteFloat(k.px) || !finiteFloat(k.pct) || !finiteFloat(k.em)) {
    why = "number out of range";
    return nullptr;
  }
  Value v{static_cast<float>(k.px), static_cast<float>(k.pct), static_cast<float>(k.em), ValueKind::Length,
          k.units ? k.units : static_cast<std::uint8_t>(Value::kPx)};
  // CSS clamps a calc() result to the property's range instead of rejecting it.
  if (o.nonNegative && v.px + v.pct + v.em < 0 && !(v.units & (v.units - 1))) v = Px(0.0f);
  out = v;
  return at;
}

const Token* numberCalc(const TokenRange& r, const Token* at, bool percentToo, double& out,
                        std::string& why) {
  Calc k;
  if (!calcAt(r, at, k, why)) return nullptr;
  double v = 0;
  if (k.kind == CalcKind::Number) {
    v = k.num;
  } else if (percentToo && k.kind == CalcKind::Percent) {
    v = k.pct / 100.0;
  } else {
    why = "calc() does not give a number here";
    return nullptr;
  }
  if (!finiteFloat(v)) {
    why = "number out of range";
    return nullptr;
  }
  out = v;
  return at;
}

namespace {

// The calc() at `at` as an angle or a time (`kind`): a float's range for an
// angle, any finite number for a time.
const Token* kindCalc(const TokenRange& r, const Token* at, CalcKind kind, double& out, std::string& why) {
  const bool angle = kind == CalcKind::Angle;
  Calc k;
  if (!calcAt(r, at, k, why)) return nullptr;
  if (k.kind != kind) {
    why = angle ? "calc() does not give an angle here" : "calc() does not give a time here";
    return nullptr;
  }
  if (angle ? !finiteFloat(k.num) : !std::isfinite(k.num)) {
    why = angle ? "number out of range" : "time out of range";
    return nullptr;
  }
  out = k.num;
  return at;
}

}  // namespace

const Token* angleCalc(const TokenRange& r, const Token* at, double& out, std::string& why) {
  return kindCalc(r, at, CalcKind::Angle, out, why);
}

const Token* timeCalc(const TokenRange& r, const Token* at, double& out, std::string& why) {
  return kindCalc(r, at, CalcKind::Time, out, why);
}

}  // namespace zenit::detail
