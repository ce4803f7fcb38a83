// calc() read from tokens (the grammar is core/CalcGrammar.hpp's) and
// the lengths it gives (Numbers.hpp).
#include "Numbers.hpp"

#include <initializer_list>
#include <numbers>
#include <string>
#include <utility>

namespace zenit::detail {

LengthVerdict lengthOf(TokenType type, std::string_view unit, double number, const LengthOpts& o, Value& out,
                       std::string_view& unsupported) {
  double check = 0;
  if (type == TokenType::Dimension) {
    std::uint8_t relative = 0;
    const double f = lengthUnit(unit, relative, unsupported);
    if (relative) {
      if (!o.em) {
        unsupported = relativeUnitName(relative);
        return LengthVerdict::EmNotHere;
      }
      if (!finiteFloat(number)) return LengthVerdict::OutOfRange;
      out = Value{0.0f, 0.0f, static_cast<float>(number), ValueKind::Length, relative};
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

// The cursor calc() reads tokens through (core/CalcGrammar.hpp); a function
// left open ends with the value, as at the end of a stylesheet.
struct CalcTokens {
  const TokenRange& r;
  const Token* p;

  calc::Item peek() const {
    using calc::Item;
    if (p >= r.e) return Item{Item::Type::End, 0.0, {}};
    const Token& t = *p;
    switch (t.type) {
      case TokenType::Number: return Item{Item::Type::Number, t.number, {}};
      case TokenType::Percentage: return Item{Item::Type::Percent, t.number, {}};
      case TokenType::Dimension: return Item{Item::Type::Dimension, t.number, t.text};
      case TokenType::Ident: return Item{Item::Type::Ident, 0.0, t.text};
      case TokenType::Function: return Item{Item::Type::Function, 0.0, t.text};
      case TokenType::LeftParen: return Item{Item::Type::Paren, 0.0, {}};
      default: return Item{Item::Type::Other, 0.0, {}};
    }
  }
  void take() { ++p; }
  bool sumOperator(double& sign) {
    if (p >= r.e || !(p->isDelim('+') || p->isDelim('-'))) return false;
    sign = p->isDelim('-') ? -1.0 : 1.0;
    ++p;
    return true;
  }
  bool productOperator(bool& divide) {
    if (p >= r.e || !(p->isDelim('*') || p->isDelim('/'))) return false;
    divide = p->isDelim('/');
    ++p;
    return true;
  }
  bool close() {
    if (p >= r.e) return true;
    if (p->type != TokenType::RightParen) return false;
    ++p;
    return true;
  }
  bool comma() {
    if (p >= r.e || p->type != TokenType::Comma) return false;
    ++p;
    return true;
  }
  std::string quote() const { return detail::quote(r, p); }
};

}  // namespace

bool calcAt(const TokenRange& r, const Token*& p, Calc& out, std::string& why) {
  CalcTokens c{r, p};
  if (!calc::read(c, calc::noKeyword, out, why)) return false;
  p = c.p;
  return true;
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
  if ((k.units & Value::kRelative) && !o.em) {
    why = std::string(relativeUnitName(k.units & Value::kRelative)) + " is not supported here; use px";
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
