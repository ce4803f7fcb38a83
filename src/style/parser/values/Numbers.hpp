// Numbers, lengths, angles and times: the components most values are made
// of, read from either cursor (Cursor.hpp). calc() is read from tokens only
// (Numbers.cpp): a ByteCursor leaves a value with calc() to the token path.
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - lengths: px, the absolute units (cm mm q in pt pc), %, em; rem and
//    viewport units are rejected. calc() takes + - * / over those;
//    min(), max() and clamp() compare lengths in one unit only.
#pragma once

#include "../Cursor.hpp"
#include "core/CalcGrammar.hpp"

#include <zenit/core/Format.hpp>

#include <cmath>
#include <string>
#include <string_view>

namespace zenit::detail {

// What calc() gives (core/CalcGrammar.hpp, the one calc() grammar).
using CalcKind = calc::Kind;
using Calc = calc::Value;
// Evaluates the calc() function (or parenthesised sum) at p, moving p past it.
bool calcAt(const TokenRange& r, const Token*& p, Calc& out, std::string& why);

// calc() and the comparison functions min(), max() and clamp(), which
// calc() reads too.
ZENIT_ALWAYS_INLINE bool isCalc(const Token& t) {
  return t.type == TokenType::Function && (wordIs(t.text, "calc") || wordIs(t.text, "min") ||
                                           wordIs(t.text, "max") || wordIs(t.text, "clamp"));
}

// "expected X, found Y", the message most readers end with.
template <class Cur>
std::string expected(const Cur& c, std::string_view what) {
  return std::string("expected ") + std::string(what) + ", found " + c.quote();
}

// "unexpected X after the value" unless the scope is over.
template <class Cur>
ZENIT_ALWAYS_INLINE bool atEnd(Cur& c) {
  return c.end() || c.fail([&] { return "unexpected " + c.quote() + " after the value"; });
}

// `none` as the whole value: past it when so, untouched otherwise.
template <class Cur>
ZENIT_ALWAYS_INLINE bool noneAlone(Cur& c) {
  if (c.end() || !isWord(c.tok(), "none")) return false;
  const auto at = c.mark();
  c.next();
  if (c.end()) return true;
  c.reset(at);
  return false;
}

struct LengthOpts {
  bool percent{true};
  bool em{true};
  bool nonNegative{false};
};

// What lengthOf makes of a token that is not calc(): a length, or why not.
enum class LengthVerdict : std::uint8_t {
  Ok,
  Expected,     // not a length at all: "expected <what>"
  EmNotHere,    // em, rem, vw … where only px is allowed (`unsupported` names it)
  OutOfRange,   // beyond the float range
  Unsupported,  // a CSS unit ZenitUI refuses (ch, ex, dvh …)
  NeedsUnit,    // a number other than 0
  Negative,     // below 0 where the property forbids it
};
// lengthAt's reading of one token past its common forms (other units, and
// every refusal). Of the token's fields, not the token: no reader's state
// escapes to it.
LengthVerdict lengthOf(TokenType type, std::string_view unit, double number, const LengthOpts& o, Value& out,
                       std::string_view& unsupported);

// The calc() at `at` read from tokens as a length, number, angle or time:
// one past it, or nullptr with `why` said. Of the range, not a cursor:
// no reader's state escapes to them.
const Token* lengthCalc(const TokenRange& r, const Token* at, const LengthOpts& o, Value& out,
                        std::string& why);
const Token* numberCalc(const TokenRange& r, const Token* at, bool percentToo, double& out, std::string& why);
const Token* angleCalc(const TokenRange& r, const Token* at, double& out, std::string& why);
const Token* timeCalc(const TokenRange& r, const Token* at, double& out, std::string& why);

// A calc() read by one of those at the cursor: past it when it gives a
// value. A ByteCursor refuses it (the token path reads it).
template <class Cur, class Read>
ZENIT_ALWAYS_INLINE bool calcWith(Cur& c, Read&& read) {
  if constexpr (Cur::kTokens && Cur::kRare) {
    std::string why;
    if (const Token* e = read(c.range(), c.mark(), why)) {
      c.reset(e);
      return true;
    }
    return c.fail([&] { return why; });
  } else {
    (void)c;
    (void)read;
    return false;
  }
}

// lengthAt past its common forms: the other units, calc(), and every
// refusal with its reason.
template <class Cur>
[[gnu::noinline]] bool lengthRest(Cur& c, Value& out, const LengthOpts& o, std::string_view what) {
  if (c.end()) return c.fail([&] { return expected(c, what); });
  const Token& t = c.tok();
  if (isCalc(t)) {
    return calcWith(c, [&](const TokenRange& r, const Token* at, std::string& why) {
      return lengthCalc(r, at, o, out, why);
    });
  }
  Value v;
  std::string_view unsupported;
  const LengthVerdict verdict = lengthOf(t.type, t.text, t.number, o, v, unsupported);
  if (verdict == LengthVerdict::Ok) {
    c.next();
    out = v;
    return true;
  }
  return c.fail([&] {
    switch (verdict) {
      case LengthVerdict::EmNotHere: return std::string(unsupported) + " is not supported here; use px";
      case LengthVerdict::OutOfRange: return "number out of range: " + c.quote();
      case LengthVerdict::Unsupported:
        return "unit `" + std::string(unsupported) +
               "` is not supported (use px, %, em, rem, vw, vh, vmin, vmax or an absolute unit)";
      case LengthVerdict::NeedsUnit:
        return "a length needs a unit (e.g. " + formatCssNumber(c.tok().number) + "px), found " + c.quote();
      case LengthVerdict::Negative: return "negative values are not allowed, found " + c.quote();
      default: return expected(c, what);
    }
  });
}

// The common forms of a <length>, read from one token: `<n>px` and
// `<n>em` as written, a percentage, a bare 0. lengthOf's checks and
// conversions for them, without the unit search; false for anything else
// (which lengthRest reads, or refuses). Builds the Value in place: in the
// large functions the byte readers make, GCC declines to inline Px().
ZENIT_ALWAYS_INLINE bool commonLength(const Token& t, const LengthOpts& o, Value& out) {
  const double n = t.number;
  std::uint8_t unit = 0;
  if (t.type == TokenType::Dimension) {
    if (t.text.size() == 2 && t.text[0] == 'p' && t.text[1] == 'x')
      unit = Value::kPx;
    else if (o.em && t.text.size() == 2 && t.text[0] == 'e' && t.text[1] == 'm')
      unit = Value::kEm;
  } else if (t.type == TokenType::Percentage) {
    if (o.percent) unit = Value::kPct;
  } else if (t.type == TokenType::Number && n == 0.0) {
    out = Value{0.0f, 0.0f, 0.0f, ValueKind::Length, Value::kPx};  // a bare 0 (-0 too) is 0px
    return true;
  }
  if (unit == 0 || !finiteFloat(n) || (o.nonNegative && n < 0)) return false;
  const auto f = static_cast<float>(n);
  out = Value{unit == Value::kPx ? f : 0.0f, unit == Value::kPct ? f : 0.0f, unit == Value::kEm ? f : 0.0f,
              ValueKind::Length, unit};
  return true;
}

// A <length> (or <length-percentage>): a dimension in px, an absolute unit
// or a relative one (em, rem, vw, vh, vmin, vmax: the cascade resolves them),
// a percentage, a bare 0, or calc(); `what` names it in messages.
// The common forms inline (commonLength), the rest lengthRest's.
template <class Cur>
ZENIT_ALWAYS_INLINE bool lengthAt(Cur& c, Value& out, const LengthOpts& o, std::string_view what) {
  if (!c.end() && commonLength(c.tok(), o, out)) {
    c.next();
    return true;
  }
  if constexpr (Cur::kRare)
    return lengthRest(c, out, o, what);
  else
    return false;
}

// A <number> (with `percentToo`, a percentage too, as a fraction), or calc().
template <class Cur>
ZENIT_ALWAYS_INLINE bool numberAt(Cur& c, double& out, bool percentToo = false) {
  if (c.end()) return c.fail([&] { return expected(c, "a number"); });
  const Token& t = c.tok();
  if (t.type == TokenType::Number || (percentToo && t.type == TokenType::Percentage)) {
    const double v = t.type == TokenType::Percentage ? t.number / 100.0 : t.number;
    if (!finiteFloat(v)) return c.fail([] { return std::string("number out of range"); });
    c.next();
    out = v;
    return true;
  }
  if (!isCalc(t))
    return c.fail([&] { return expected(c, percentToo ? "a number or a percentage" : "a number"); });
  return calcWith(c, [&](const TokenRange& r, const Token* at, std::string& why) {
    return numberCalc(r, at, percentToo, out, why);
  });
}

// An <angle> in degrees (with `unitlessZero`, a bare 0 too), or calc().
template <class Cur>
ZENIT_ALWAYS_INLINE bool angleAt(Cur& c, double& deg, bool unitlessZero) {
  if (c.end()) return c.fail([&] { return expected(c, "an angle (e.g. 45deg)"); });
  const Token& t = c.tok();
  double f = 0, v = 0;
  if (t.type == TokenType::Dimension && angleUnit(t.text, f)) {
    v = t.number * f;
  } else if (unitlessZero && t.type == TokenType::Number && t.number == 0.0) {
  } else if (isCalc(t)) {
    return calcWith(c, [&](const TokenRange& r, const Token* at, std::string& why) {
      return angleCalc(r, at, deg, why);
    });
  } else {
    return c.fail([&] { return expected(c, "an angle (e.g. 45deg)"); });
  }
  if (!finiteFloat(v)) return c.fail([] { return std::string("number out of range"); });
  c.next();
  deg = v;
  return true;
}

// A <time> in seconds (s or ms), or calc().
template <class Cur>
ZENIT_ALWAYS_INLINE bool timeAt(Cur& c, double& seconds) {
  if (c.end()) return c.fail([&] { return expected(c, "a time"); });
  const Token& t = c.tok();
  double f = 0;
  if (t.type == TokenType::Dimension && timeUnit(t.text, f)) {
    const double v = t.number * f;
    if (!std::isfinite(v)) return c.fail([] { return std::string("time out of range"); });
    c.next();
    seconds = v;
    return true;
  }
  if (t.type == TokenType::Number)
    return c.fail([&] {
      return t.number == 0.0 ? std::string("a time needs a unit: write 0s")
                             : "a time needs a unit (s or ms), found " + c.quote();
    });
  if (!isCalc(t)) return c.fail([&] { return expected(c, "a time (e.g. 1s or 200ms)"); });
  return calcWith(c, [&](const TokenRange& r, const Token* at, std::string& why) {
    return timeCalc(r, at, seconds, why);
  });
}

}  // namespace zenit::detail
