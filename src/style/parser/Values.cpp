// Value parsers: one per BUBBLE_STYLE_PROPS value type, plus the CSS
// shorthands mapped onto rows (transform, translate, scale, transform-origin,
// gap, inset, border, flex, background, one-side padding/margin/radius).
//
// Every parser reads a TokenRange without whitespace, writes its result only
// when the whole value is valid, and otherwise explains what it expected.
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - lengths: px, the absolute units (cm mm q in pt pc), %, em; rem and
//    viewport units are rejected. calc() takes + - * / over those.
//  - transform: translate/scale/rotate functions only; the list is folded
//    into the translate, rotate and scale rows, which compose as CSS's
//    individual transform properties do (translate, rotate, scale).
//  - border-radius `/` (elliptical corners), 3D transforms, several
//    box-shadows (the first is used), background images: not supported.
//  - border-style is accepted and has no effect (a note says so).
#include "../ParserInternal.hpp"
#include "../TokenizerInternal.hpp"

#include <zenit/core/Color.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Format.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <string>

namespace zenit::detail {

// ---------------------------------------------------------------------------
// TokenRange helpers
// ---------------------------------------------------------------------------

const Token* TokenRange::componentEnd(const Token* t) const {
  auto closer = [](TokenType ty) {
    switch (ty) {
      case TokenType::Function:
      case TokenType::LeftParen: return TokenType::RightParen;
      case TokenType::LeftBracket: return TokenType::RightBracket;
      case TokenType::LeftBrace: return TokenType::RightBrace;
      default: return TokenType::Eof;
    }
  };
  if (t >= e || closer(t->type) == TokenType::Eof) return t + 1;
  // Declarations deeper than ParseOptions::maxNesting never get here, so a
  // fixed stack suffices; past it, any closer pops (still terminates).
  // Not value-initialised: only entries below `depth` are read, and
  // zeroing 260 bytes was most of the cost of a call.
  std::array<TokenType, 260> stack;  // NOLINT(cppcoreguidelines-pro-type-member-init)
  std::size_t depth = 0;
  for (const Token* p = t; p < e; ++p) {
    const TokenType c = closer(p->type);
    if (c != TokenType::Eof) {
      if (depth < stack.size()) stack[depth] = c;
      ++depth;
    } else if (p->type == TokenType::RightParen || p->type == TokenType::RightBracket ||
               p->type == TokenType::RightBrace) {
      if (depth > stack.size() || stack[depth - 1] == p->type) {
        if (--depth == 0) return p + 1;
      }
    }
  }
  return e;  // unclosed: CSS closes it at the end of the declaration
}

RangeList TokenRange::splitCommas() const {
  RangeList out;
  splitCommas(out);
  return out;
}

void TokenRange::splitCommas(RangeList& out) const {
  const Token* start = b;
  for (const Token* p = b; p < e;) {
    if (p->type == TokenType::Comma) {
      out.push_back(TokenRange{start, p, src});
      start = ++p;
      continue;
    }
    // Most components are one token: skip the call for anything but a bracket.
    const TokenType ty = p->type;
    const bool opens = ty == TokenType::Function || ty == TokenType::LeftParen ||
                       ty == TokenType::LeftBracket || ty == TokenType::LeftBrace;
    p = opens ? componentEnd(p) : p + 1;
  }
  out.push_back(TokenRange{start, e, src});
}

std::string quoteText(std::string_view text) {
  constexpr std::size_t kMax = 40;
  std::string s = "`";
  std::size_t n = text.size();
  if (n > kMax) {
    n = kMax;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0u) == 0x80u)
      --n;  // not inside a UTF-8 sequence
  }
  // A diagnostic is one line: control characters (newlines from the text or
  // from escapes such as `\a`) print as spaces.
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    s += c < 0x20u || c == 0x7Fu ? ' ' : text[i];
  }
  if (n < text.size()) s += "…";
  s += '`';
  return s;
}

std::string quote(const TokenRange& r, const Token* t) {
  if (t >= r.e) return "the end of the value";
  return quoteText(r.text(t, r.componentEnd(t)));
}

namespace {

// The "expected X, found Y" message every parser ends with.
std::string expected(const TokenRange& r, const Token* at, std::string_view what) {
  return std::string("expected ") + std::string(what) + ", found " + quote(r, at);
}

bool unitIs(const Token& t, std::string_view lower) { return t.textIs(lower); }

// ---------------------------------------------------------------------------
// calc(): typed arithmetic over numbers, lengths (px + % + em), times, angles
// ---------------------------------------------------------------------------

enum class Kind : std::uint8_t { Number, Percent, Length, Time, Angle };

struct Calc {
  Kind kind{Kind::Number};
  double num{0};  // Number, Time (s), Angle (deg)
  double px{0}, pct{0}, em{0};
  std::uint8_t units{0};  // Value::kPx | kPct | kEm seen
};

// Length unit -> px factor; 0 for em (handled apart); -1 unknown.
double lengthFactor(const Token& t, bool& isEm, std::string& unsupported) {
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
    if (unitIs(t, u)) unsupported = std::string(u);
  return -1.0;
}

bool angleFactor(const Token& t, double& f) {
  if (unitIs(t, "deg"))
    f = 1.0;
  else if (unitIs(t, "rad"))
    f = 180.0 / std::numbers::pi;
  else if (unitIs(t, "grad"))
    f = 0.9;
  else if (unitIs(t, "turn"))
    f = 360.0;
  else
    return false;
  return true;
}

bool timeFactor(const Token& t, double& f) {
  if (unitIs(t, "s"))
    f = kSecondsPerS;
  else if (unitIs(t, "ms"))
    f = kSecondsPerMs;
  else
    return false;
  return true;
}

bool calcSum(const TokenRange& r, const Token*& p, const Token* end, Calc& out, std::string& why, int depth);

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
      out.kind = Kind::Number;
      out.num = t.number;
      ++p;
      return true;
    case TokenType::Percentage:
      out.kind = Kind::Percent;
      out.pct = t.number;
      out.units = Value::kPct;
      ++p;
      return true;
    case TokenType::Dimension: {
      bool isEm = false;
      std::string unsupported;
      double f = 0;
      if (const double lf = lengthFactor(t, isEm, unsupported); lf > 0 || isEm) {
        out.kind = Kind::Length;
        if (isEm) {
          out.em = t.number;
          out.units = Value::kEm;
        } else {
          out.px = t.number * lf;
          out.units = Value::kPx;
        }
      } else if (timeFactor(t, f)) {
        out.kind = Kind::Time;
        out.num = t.number * f;
      } else if (angleFactor(t, f)) {
        out.kind = Kind::Angle;
        out.num = t.number * f;
      } else {
        why = unsupported.empty() ? "unknown unit " + quoteText(t.text)
                                  : "unit `" + unsupported + "` is not supported";
        return false;
      }
      ++p;
      return true;
    }
    case TokenType::LeftParen:
    case TokenType::Function: {
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

bool addable(Kind a, Kind b) {
  auto lp = [](Kind k) { return k == Kind::Length || k == Kind::Percent; };
  return a == b || (lp(a) && lp(b));
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
      if (rhs.kind != Kind::Number) {
        why = "calc() can only divide by a number";
        return false;
      }
      if (rhs.num == 0.0) {
        why = "division by zero in calc()";
        return false;
      }
      rhs.num = 1.0 / rhs.num;
    } else if (out.kind == Kind::Number && rhs.kind != Kind::Number) {
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
    if (out.kind != rhs.kind) out.kind = Kind::Length;  // length + percentage
    out.num += sign * rhs.num;
    out.px += sign * rhs.px;
    out.pct += sign * rhs.pct;
    out.em += sign * rhs.em;
    out.units = static_cast<std::uint8_t>(out.units | rhs.units);
  }
  return true;
}

// Evaluates a calc() function token at p.
bool calcAt(const TokenRange& r, const Token*& p, Calc& out, std::string& why) {
  return calcValue(r, p, r.e, out, why, 0);
}

bool isCalc(const Token& t) { return t.type == TokenType::Function && t.textIs("calc"); }

// ---------------------------------------------------------------------------
// Primitive components
// ---------------------------------------------------------------------------

struct LengthOpts {
  bool percent{true};
  bool em{true};
  bool nonNegative{false};
};

bool lengthAt(const TokenRange& r, const Token*& p, Value& out, const LengthOpts& o, std::string& why,
              std::string_view what) {
  if (p >= r.e) {
    why = expected(r, p, what);
    return false;
  }
  const Token& t = *p;
  // `<n>px` as written, nearly every length: the checks below, minus the
  // unit search and the message plumbing.
  if (t.type == TokenType::Dimension && t.text.size() == 2 && t.text[0] == 'p' && t.text[1] == 'x' &&
      finiteFloat(t.number) && !(o.nonNegative && t.number < 0)) {
    out = Px(static_cast<float>(t.number));
    ++p;
    return true;
  }
  Value v;
  double check = 0;
  // Range is checked before any double -> float conversion (out of range is UB).
  auto outOfRange = [&](double x) {
    if (finiteFloat(x)) return false;
    why = "number out of range: " + quote(r, p);
    return true;
  };
  if (t.type == TokenType::Dimension) {
    bool isEm = false;
    std::string unsupported;
    const double f = lengthFactor(t, isEm, unsupported);
    if (isEm) {
      if (!o.em) {
        why = "em is not supported here; use px";
        return false;
      }
      if (outOfRange(t.number)) return false;
      v = Em(static_cast<float>(t.number));
    } else if (f > 0) {
      if (outOfRange(t.number * f)) return false;
      v = Px(static_cast<float>(t.number * f));
    } else if (!unsupported.empty()) {
      why = "unit `" + unsupported + "` is not supported (use px, %, em or an absolute unit)";
      return false;
    } else {
      why = expected(r, p, what);
      return false;
    }
    check = isEm ? t.number : t.number * f;
    ++p;
  } else if (t.type == TokenType::Percentage) {
    if (!o.percent) {
      why = expected(r, p, what);
      return false;
    }
    if (outOfRange(t.number)) return false;
    v = Pct(static_cast<float>(t.number));
    check = t.number;
    ++p;
  } else if (t.type == TokenType::Number) {
    if (t.number != 0.0) {
      why = "a length needs a unit (e.g. " + formatCssNumber(t.number) + "px), found " + quote(r, p);
      return false;
    }
    v = Px(0.0f);
    ++p;
  } else if (isCalc(t)) {
    Calc c;
    const Token* q = p;
    if (!calcAt(r, q, c, why)) return false;
    if (c.kind == Kind::Number && c.num == 0.0) c.kind = Kind::Length;
    if (c.kind != Kind::Length && !(c.kind == Kind::Percent && o.percent)) {
      why = "calc() does not give a length here";
      return false;
    }
    if ((c.units & Value::kEm) && !o.em) {
      why = "em is not supported here; use px";
      return false;
    }
    if (!finiteFloat(c.px) || !finiteFloat(c.pct) || !finiteFloat(c.em)) {
      why = "number out of range";
      return false;
    }
    v = Value{static_cast<float>(c.px), static_cast<float>(c.pct), static_cast<float>(c.em),
              ValueKind::Length, c.units ? c.units : static_cast<std::uint8_t>(Value::kPx)};
    // CSS clamps a calc() result to the property's range instead of rejecting it.
    if (o.nonNegative && v.px + v.pct + v.em < 0 && !(v.units & (v.units - 1))) v = Px(0.0f);
    p = q;
    out = v;
    return true;
  } else {
    why = expected(r, p, what);
    return false;
  }
  if (!finiteFloat(check)) {
    why = "number out of range: " + quote(r, p - 1);
    return false;
  }
  if (o.nonNegative && check < 0) {
    why = "negative values are not allowed, found " + quote(r, p - 1);
    return false;
  }
  out = v;
  return true;
}

bool numberAt(const TokenRange& r, const Token*& p, double& out, std::string& why, bool percentToo = false) {
  if (p >= r.e) {
    why = expected(r, p, "a number");
    return false;
  }
  const Token& t = *p;
  if (t.type == TokenType::Number || (percentToo && t.type == TokenType::Percentage)) {
    out = t.type == TokenType::Percentage ? t.number / 100.0 : t.number;
    ++p;
  } else if (isCalc(t)) {
    Calc c;
    const Token* q = p;
    if (!calcAt(r, q, c, why)) return false;
    if (c.kind == Kind::Number)
      out = c.num;
    else if (percentToo && c.kind == Kind::Percent)
      out = c.pct / 100.0;
    else {
      why = "calc() does not give a number here";
      return false;
    }
    p = q;
  } else {
    why = expected(r, p, percentToo ? "a number or a percentage" : "a number");
    return false;
  }
  if (!finiteFloat(out)) {
    why = "number out of range";
    return false;
  }
  return true;
}

bool angleAt(const TokenRange& r, const Token*& p, double& deg, bool unitlessZero, std::string& why) {
  if (p >= r.e) {
    why = expected(r, p, "an angle (e.g. 45deg)");
    return false;
  }
  const Token& t = *p;
  double f = 0;
  if (t.type == TokenType::Dimension && angleFactor(t, f)) {
    deg = t.number * f;
    ++p;
  } else if (unitlessZero && t.type == TokenType::Number && t.number == 0.0) {
    deg = 0.0;
    ++p;
  } else if (isCalc(t)) {
    Calc c;
    const Token* q = p;
    if (!calcAt(r, q, c, why)) return false;
    if (c.kind != Kind::Angle) {
      why = "calc() does not give an angle here";
      return false;
    }
    deg = c.num;
    p = q;
  } else {
    why = expected(r, p, "an angle (e.g. 45deg)");
    return false;
  }
  if (!finiteFloat(deg)) {
    why = "number out of range";
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// rgb() / rgba() on tokens
// ---------------------------------------------------------------------------
//
// parseColor lexes the function's text again with its own scanner. Here the
// tokens are already at hand, so the common spellings (numbers, percentages,
// `none`, `,` and `/`, only whitespace between them) are read from them. The
// result must be exactly parseColor's: numbers are converted with the
// scanner's formula, and anything this path does not know (a comment inside,
// a unit, a nested function, an invalid value, an unclosed function) returns
// nullopt and the caller asks parseColor, which also words the rejection.

}  // namespace

double colorNumber(std::string_view s) {
  // The common shape first: a sign, at most 15 digits and a fraction, and
  // nothing else. scanCssNumber then builds the digits' integer exactly
  // (every step is an integer below 2^53) and multiplies it by
  // std::pow(10, -fraction digits): the same product, with the powers
  // taken from std::pow once.
  static const std::array<double, 16> kNegPow10 = [] {
    std::array<double, 16> t{};
    for (std::size_t k = 0; k < t.size(); ++k) t[k] = std::pow(10.0, -static_cast<double>(k));
    return t;
  }();
  std::size_t i = 0;
  double sign = 1.0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    if (s[i] == '-') sign = -1.0;
    ++i;
  }
  std::uint64_t m = 0;
  std::size_t digits = 0, frac = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits)
    m = m * 10 + static_cast<std::uint64_t>(s[i] - '0');
  if (i + 1 < s.size() && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits, ++frac)
      m = m * 10 + static_cast<std::uint64_t>(s[i] - '0');
  }
  if (i == s.size() && digits > 0 && digits <= 15) {
    if (m == 0) return 0.0;
    const double mantissa = static_cast<double>(m);
    return frac == 0 ? sign * mantissa : sign * mantissa * kNegPow10[frac];
  }
  std::size_t pos = 0;
  double v = 0.0;
  return detail::scanCssNumber(s, pos, v) ? v : 0.0;
}

namespace {

// One rgb() argument: a number, a percentage or `none`, with the parseColor
// kinds; nullopt for anything else (the slow path decides).
double clampUnit(double v) { return std::isnan(v) ? 0.0 : (v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v)); }

}  // namespace

// `fn` is an rgb( / rgba( function token; `end` is set one past its `)`.
// nullopt: not handled here.
std::optional<Color> rgbFromTokens(const TokenRange& r, const Token* fn, const Token*& end) {
  // Collect the arguments and separators up to the first `)`, checking that
  // only whitespace separates the tokens (a comment inside makes parseColor
  // fail; let it).
  std::array<RgbItem, kRgbItems>
      items;  // NOLINT(cppcoreguidelines-pro-type-member-init): items[0, n) are written
  std::size_t n = 0;
  const Token* prev = fn;
  for (const Token* t = fn + 1;; ++t) {
    if (t >= r.e) return std::nullopt;  // unclosed
    for (std::uint32_t k = prev->end; k < t->begin; ++k) {
      const char c = r.src[k];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f') return std::nullopt;
    }
    prev = t;
    if (t->type == TokenType::RightParen) {
      end = t + 1;  // fn's own `)`: nothing in between opens a block
      break;
    }
    if (n == items.size()) return std::nullopt;
    RgbItem& it = items[n++];
    it.sep = 0;
    switch (t->type) {
      case TokenType::Number:
        // An integer of at most 15 digits is exact both ways: the token's
        // value is the scanner's, but for -0, which the scanner makes 0.
        if (t->isInteger() && t->end - t->begin <= 15 && t->number != 0.0)
          it.arg = {RgbArg::Number, t->number};
        else
          it.arg = {RgbArg::Number, colorNumber(r.src.substr(t->begin, t->end - t->begin))};
        break;
      case TokenType::Percentage:
        it.arg = {RgbArg::Percent, colorNumber(r.src.substr(t->begin, t->end - t->begin - 1))};
        break;
      case TokenType::Ident:
        if ((t->flags & Token::kEscaped) || !t->textIs("none")) return std::nullopt;
        it.arg = {RgbArg::None, 0.0};
        break;
      case TokenType::Comma: it.sep = ','; break;
      case TokenType::Delim:
        if (!t->isDelim('/')) return std::nullopt;
        it.sep = '/';
        break;
      default: return std::nullopt;
    }
  }
  return rgbFromItems(items.data(), n);
}

std::optional<Color> rgbFromItems(const RgbItem* items, std::size_t n) {
  // CSS Color 4 §5.1: legacy `r, g, b[, a]` (all numbers or all
  // percentages, no none) or modern `r g b [/ a]` (any mix, none allowed).
  auto isArg = [&](std::size_t i) { return i < n && items[i].sep == 0; };
  auto isSep = [&](std::size_t i, char c) { return i < n && items[i].sep == c; };
  auto channel = [](const RgbArg& a) {
    return clampUnit(a.kind == RgbArg::Number ? a.value / 255.0
                                              : (a.kind == RgbArg::Percent ? a.value / 100.0 : 0.0));
  };
  auto alphaOf = [](const RgbArg& a) {
    return clampUnit(a.kind == RgbArg::Number ? a.value
                                              : (a.kind == RgbArg::Percent ? a.value / 100.0 : 0.0));
  };
  double alpha = 1.0;
  if (isSep(1, ',')) {
    if (!(isArg(0) && isArg(2) && isSep(3, ',') && isArg(4))) return std::nullopt;
    const RgbArg::Kind k = items[0].arg.kind;
    if (k == RgbArg::None || items[2].arg.kind != k || items[4].arg.kind != k) return std::nullopt;
    if (n == 7) {
      if (!isSep(5, ',') || !isArg(6) || items[6].arg.kind == RgbArg::None) return std::nullopt;
      alpha = alphaOf(items[6].arg);
    } else if (n != 5) {
      return std::nullopt;
    }
    return Color{static_cast<float>(channel(items[0].arg)), static_cast<float>(channel(items[2].arg)),
                 static_cast<float>(channel(items[4].arg)), static_cast<float>(alpha)};
  }
  if (!(isArg(0) && isArg(1) && isArg(2))) return std::nullopt;
  if (n == 5) {
    if (!isSep(3, '/') || !isArg(4)) return std::nullopt;
    alpha = alphaOf(items[4].arg);
  } else if (n != 3) {
    return std::nullopt;
  }
  return Color{static_cast<float>(channel(items[0].arg)), static_cast<float>(channel(items[1].arg)),
               static_cast<float>(channel(items[2].arg)), static_cast<float>(alpha)};
}

// CSS Color 4 §5.2 hex colours, as parseColor reads them: 3, 4, 6 or 8 hex
// digits; a short form repeats each digit; alpha is the last byte / 255.
// nullopt for anything else (parseColor then rejects it with the message).
// Digits and channels come from tables (byte / 255.0f computed once, the
// same float Color::rgba8 divides out).
constexpr std::array<std::uint8_t, 256> makeHexDigits() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (c >= '0' && c <= '9')
      t[i] = static_cast<std::uint8_t>(c - '0');
    else if (c >= 'a' && c <= 'f')
      t[i] = static_cast<std::uint8_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      t[i] = static_cast<std::uint8_t>(c - 'A' + 10);
    else
      t[i] = 16;  // not a digit: the one value with bit 4 set
  }
  return t;
}
constexpr std::array<std::uint8_t, 256> kHexDigit = makeHexDigits();
constexpr std::array<float, 256> makeUnitBytes() {
  std::array<float, 256> t{};
  for (int b = 0; b < 256; ++b) t[static_cast<std::size_t>(b)] = static_cast<float>(b) / 255.0f;
  return t;
}
constexpr std::array<float, 256> kUnitByte = makeUnitBytes();

std::optional<Color> hexColor(std::string_view h) {
  const std::size_t n = h.size();
  if (n != 3 && n != 4 && n != 6 && n != 8) return std::nullopt;
  unsigned v[8];
  unsigned bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    v[i] = kHexDigit[static_cast<unsigned char>(h[i])];
    bad |= v[i];
  }
  if (bad & 16u) return std::nullopt;
  auto byte = [&](std::size_t i) {
    return static_cast<std::size_t>(n <= 4 ? v[i] * 17 : v[2 * i] * 16 + v[2 * i + 1]);
  };
  const bool alpha = n == 4 || n == 8;
  return Color{kUnitByte[byte(0)], kUnitByte[byte(1)], kUnitByte[byte(2)], alpha ? kUnitByte[byte(3)] : 1.0f};
}

namespace {

bool colorAt(const TokenRange& r, const Token*& p, Color& out, std::string& why) {
  if (p >= r.e ||
      !(p->type == TokenType::Ident || p->type == TokenType::Hash || p->type == TokenType::Function)) {
    why = expected(r, p, "a colour");
    return false;
  }
  // #rgb, #rgba, #rrggbb, #rrggbbaa: parseColor's hex rule on the token's text.
  if (p->type == TokenType::Hash && !(p->flags & Token::kEscaped)) {
    if (const auto c = hexColor(p->text)) {
      out = *c;
      ++p;
      return true;
    }
  }
  if (p->type == TokenType::Function && !(p->flags & Token::kEscaped) &&
      (p->textIs("rgb") || p->textIs("rgba"))) {
    const Token* end = nullptr;
    if (const auto c = rgbFromTokens(r, p, end)) {
      out = *c;
      p = end;
      return true;
    }
  }
  const Token* end = r.componentEnd(p);
  const auto c = parseColor(r.text(p, end));
  if (!c) {
    why = expected(r, p, "a colour");
    return false;
  }
  out = *c;
  p = end;
  return true;
}

bool atEnd(const TokenRange& r, const Token* p, std::string& why) {
  if (p == r.e) return true;
  why = "unexpected " + quote(r, p) + " after the value";
  return false;
}

Value addValues(const Value& a, const Value& b) {
  return Value{a.px + b.px, a.pct + b.pct, a.em + b.em, ValueKind::Length,
               static_cast<std::uint8_t>(a.units | b.units)};
}

Value scaleValue(const Value& a, float k) {
  return Value{a.px * k, a.pct * k, a.em * k, ValueKind::Length, a.units};
}

// ---------------------------------------------------------------------------
// Row parsers, by value type
// ---------------------------------------------------------------------------

bool borderWidthAt(const TokenRange& r, const Token*& p, float& out, std::string& why) {
  if (p < r.e && p->type == TokenType::Ident) {
    if (p->textIs("thin"))
      out = 1.0f;
    else if (p->textIs("medium"))
      out = 3.0f;
    else if (p->textIs("thick"))
      out = 5.0f;
    else {
      why = expected(r, p, "a length or thin, medium, thick");
      return false;
    }
    ++p;
    return true;
  }
  Value v;
  if (!lengthAt(r, p, v, LengthOpts{false, false, true}, why, "a length or thin, medium, thick"))
    return false;
  out = v.px;
  return true;
}

// rotate: none | <angle> | z <angle> | <angle> z
bool rotateValue(const TokenRange& r, float& out, std::string& why) {
  const Token* p = r.b;
  if (p < r.e && p->isIdent("none")) {
    ++p;
    if (!atEnd(r, p, why)) return false;
    out = 0.0f;
    return true;
  }
  bool axis = false;
  if (p < r.e && p->type == TokenType::Ident) {
    if (!p->textIs("z")) {
      why = p->textIs("x") || p->textIs("y") ? "3D rotation is not supported; use z or no axis"
                                             : expected(r, p, "an angle (e.g. 45deg)");
      return false;
    }
    axis = true;
    ++p;
  }
  if (r.size() >= 4 && p->type == TokenType::Number) {
    why = "3D rotation axes are not supported; write rotate: <angle>";
    return false;
  }
  double deg = 0;
  if (!angleAt(r, p, deg, false, why)) return false;
  if (!axis && p < r.e && p->isIdent("z")) ++p;
  if (!atEnd(r, p, why)) return false;
  out = static_cast<float>(deg);
  return true;
}

bool floatRow(Prop prop, const TokenRange& r, float& out, std::string& why) {
  const auto flags = propInfo(prop).flags;
  const Token* p = r.b;
  double v = 0;
  if (flags & PF_ANGLE) return rotateValue(r, out, why);
  if (prop == Prop::borderWidth) {
    float w = 0;
    if (!borderWidthAt(r, p, w, why)) return false;
    // CSS border-width takes one to four sides; ZenitUI has one width.
    while (p < r.e) {
      float more = 0;
      if (!borderWidthAt(r, p, more, why)) return false;
      if (more != w) {
        why = "per-side border widths are not supported; give one width";
        return false;
      }
    }
    out = w;
    return true;
  }
  const bool pct = (flags & PF_UNIT) || prop == Prop::scaleX || prop == Prop::scaleY;
  if (!numberAt(r, p, v, why, pct)) return false;
  if (!atEnd(r, p, why)) return false;
  if ((flags & PF_NONNEG) && v < 0) {
    why = "negative values are not allowed, found " + quote(r, r.b);
    return false;
  }
  if (flags & PF_UNIT) v = v < 0 ? 0 : (v > 1 ? 1 : v);  // CSS clamps opacity, it does not reject it
  out = static_cast<float>(v);
  return true;
}

Value originKeyword(const Token& t, bool horizontal, bool& ok) {
  ok = true;
  if (t.textIs("center")) return Pct(50.0f);
  if (horizontal && t.textIs("left")) return Pct(0.0f);
  if (horizontal && t.textIs("right")) return Pct(100.0f);
  if (!horizontal && t.textIs("top")) return Pct(0.0f);
  if (!horizontal && t.textIs("bottom")) return Pct(100.0f);
  ok = false;
  return {};
}

bool valueRow(Prop prop, const TokenRange& r, Value& out, std::string& why, const Value& def) {
  const auto flags = propInfo(prop).flags;
  const Token* p = r.b;
  // A view, not a std::string: the longer messages would allocate per declaration.
  std::string_view what = "a length or a percentage";
  if (p < r.e && p->type == TokenType::Ident) {
    Value v;
    bool ok = false;
    if (def.isAuto() && p->textIs("auto")) {
      v = Value::makeAuto();
      ok = true;
    } else if (def.isNone() && p->textIs("none")) {
      v = Value::makeNone();
      ok = true;
    } else if ((prop == Prop::rowGap || prop == Prop::columnGap) && p->textIs("normal")) {
      v = Px(0.0f);
      ok = true;
    } else if (prop == Prop::transformOriginX || prop == Prop::transformOriginY) {
      v = originKeyword(*p, prop == Prop::transformOriginX, ok);
    }
    if (ok) {
      ++p;
      if (!atEnd(r, p, why)) return false;
      out = v;
      return true;
    }
  }
  if (def.isAuto()) what = "a length, a percentage or auto";
  if (def.isNone()) what = "a length, a percentage or none";
  Value v;
  if (!lengthAt(r, p, v, LengthOpts{true, true, (flags & PF_NONNEG) != 0}, why, what)) return false;
  if (!atEnd(r, p, why)) return false;
  out = v;
  return true;
}

bool sideAt(const TokenRange& r, const Token*& p, Value& v, bool autoOk, bool nonNeg, std::string& why) {
  if (autoOk && p < r.e && p->isIdent("auto")) {
    v = Value::makeAuto();
    ++p;
    return true;
  }
  return lengthAt(r, p, v, LengthOpts{true, true, nonNeg}, why,
                  autoOk ? "a length, a percentage or auto" : "a length or a percentage");
}

// 1–4 values in CSS's top, right, bottom, left expansion.
bool fourSides(const TokenRange& r, std::array<Value, 4>& out, bool autoOk, bool nonNeg, std::string& why,
               bool slashIsElliptical = false) {
  std::array<Value, 4> v{};
  int n = 0;
  const Token* p = r.b;
  while (p < r.e) {
    if (slashIsElliptical && p->isDelim('/')) {
      why = "elliptical corners (`/`) are not supported; give one radius per corner";
      return false;
    }
    if (n == 4) {
      why = "too many values (at most 4), found " + quote(r, p);
      return false;
    }
    if (!sideAt(r, p, v[static_cast<std::size_t>(n)], autoOk, nonNeg, why)) return false;
    ++n;
  }
  if (n == 0) {
    why = expected(r, p, "a value");
    return false;
  }
  if (n == 1) v[1] = v[0];
  if (n <= 2) v[2] = v[0];
  if (n <= 3) v[3] = v[1];
  out = v;
  return true;
}

bool shadowRow(const TokenRange& r, Shadow& out, std::string& why, std::string& warning) {
  auto items = r.splitCommas();
  const TokenRange& first = items[0];
  for (const TokenRange& it : items)
    if (it.empty()) {
      why = "empty item in the shadow list";
      return false;
    }
  if (first.size() == 1 && first.b->isIdent("none")) {
    if (items.size() > 1) {
      why = "`none` cannot be part of a shadow list";
      return false;
    }
    out = Shadow{};
    return true;
  }
  Shadow s;
  s.none = false;
  s.color = Color::black();  // CSS's currentcolor, which ZenitUI does not track
  bool haveColor = false, haveInset = false;
  int lengths = 0;
  float len[4] = {0, 0, 0, 0};
  const Token* p = first.b;
  bool lengthsDone = false;
  while (p < first.e) {
    if (p->isIdent("inset")) {
      if (haveInset) {
        why = "`inset` given twice";
        return false;
      }
      haveInset = true;
      ++p;
      if (lengths > 0) lengthsDone = true;
      continue;
    }
    const bool lengthLike = p->type == TokenType::Dimension || p->type == TokenType::Number || isCalc(*p);
    if (lengthLike) {
      if (lengthsDone || lengths == 4) {
        why = "unexpected " + quote(first, p) + " in box-shadow (offsets, blur and spread come together)";
        return false;
      }
      Value v;
      if (!lengthAt(first, p, v, LengthOpts{false, false, lengths == 2}, why, "a length")) return false;
      len[lengths++] = v.px;
      continue;
    }
    if (lengths > 0) lengthsDone = true;
    if (haveColor) {
      why = "unexpected " + quote(first, p) + " in box-shadow";
      return false;
    }
    if (!colorAt(first, p, s.color, why)) return false;
    haveColor = true;
  }
  if (lengths < 2) {
    why = "box-shadow needs at least two lengths (x and y offsets)";
    return false;
  }
  s.offsetX = len[0];
  s.offsetY = len[1];
  s.blur = len[2];
  s.spread = len[3];
  s.inset = haveInset;
  if (items.size() > 1)
    warning = "only one box-shadow is supported; the " + std::to_string(items.size() - 1) +
              " after the first are ignored";
  out = s;
  return true;
}

bool zIndexRow(const TokenRange& r, ZIndex& out, std::string& why) {
  const Token* p = r.b;
  if (p < r.e && p->isIdent("auto")) {
    ++p;
    if (!atEnd(r, p, why)) return false;
    out = ZIndex::makeAuto();
    return true;
  }
  if (p >= r.e || p->type != TokenType::Number || !p->isInteger()) {
    why = expected(r, p, "an integer or auto");
    return false;
  }
  if (std::fabs(p->number) > 2147483647.0) {
    why = "z-index out of range";
    return false;
  }
  const int v = static_cast<int>(p->number);
  ++p;
  if (!atEnd(r, p, why)) return false;
  out = ZIndex::of(v);
  return true;
}

template <class E>
bool keywordRow(const TokenRange& r, E& out, std::string& why) {
  const Token* p = r.b;
  if (p < r.e && p->type == TokenType::Ident) {
    if (auto k = parseKeyword<E>(p->text)) {
      ++p;
      if (!atEnd(r, p, why)) return false;
      out = *k;
      return true;
    }
  }
  std::string list;
  for (std::size_t i = 0; i < EnumTraits<E>::count; ++i) {
    if (i) list += i + 1 == EnumTraits<E>::count ? " or " : ", ";
    list += EnumTraits<E>::keywords[i];
  }
  why = expected(r, p, list);
  return false;
}

// Parses a row's value; on success assigns `out`. `warning` is set for a
// valid value with a caveat (several shadows).
template <class T>
bool parseRow(Prop prop, const TokenRange& r, Opt<T>& out, const T& def, std::string& why,
              std::string& warning, const ValueContext& ctx) {
  T v{};
  bool ok = false;
  if constexpr (std::is_same_v<T, float>) {
    ok = floatRow(prop, r, v, why);
  } else if constexpr (std::is_same_v<T, Color>) {
    const Token* p = r.b;
    ok = colorAt(r, p, v, why) && atEnd(r, p, why);
    if (!ok && r.size() > 1 && p != r.e && prop == Prop::borderColor)
      why = "per-side border colours are not supported; give one colour";
  } else if constexpr (std::is_same_v<T, Value>) {
    ok = valueRow(prop, r, v, why, def);
  } else if constexpr (std::is_same_v<T, Spacing>) {
    std::array<Value, 4> s;
    ok = fourSides(r, s, prop == Prop::margin, prop == Prop::padding, why);
    if (ok) v = Spacing{s[0], s[1], s[2], s[3]};
  } else if constexpr (std::is_same_v<T, Corners>) {
    std::array<Value, 4> s;
    ok = fourSides(r, s, false, true, why, true);
    if (ok) v = Corners{s[0], s[1], s[2], s[3]};
  } else if constexpr (std::is_same_v<T, Shadow>) {
    ok = shadowRow(r, v, why, warning);
  } else if constexpr (std::is_same_v<T, ZIndex>) {
    ok = zIndexRow(r, v, why);
  } else if constexpr (std::is_same_v<T, AnimationList>) {
    (void)why;
    ok = parseAnimationShorthand(r, v, ctx);
    if (!ok) why.clear();  // reported already
  } else if constexpr (std::is_same_v<T, TransitionList>) {
    ok = parseTransitionShorthand(r, v, ctx);
    if (!ok) why.clear();
  } else {
    ok = keywordRow<T>(r, v, why);
  }
  if (ok) {
    out.value = std::move(v);  // lists: move, not copy
    out.is_set = true;
  }
  return ok;
}

// ---------------------------------------------------------------------------
// Shorthands and aliases mapped onto rows
// ---------------------------------------------------------------------------

// The folded list into the five rows (its numbers checked finite).
void writeTransform(TransformState& s, Style& out) {
  if (s.tx.units == 0) s.tx.units = Value::kPx;
  if (s.ty.units == 0) s.ty.units = Value::kPx;
  out.translateX = s.tx;
  out.translateY = s.ty;
  out.rotate = static_cast<float>(s.angle);
  out.scaleX = static_cast<float>(s.sx);
  out.scaleY = static_cast<float>(s.sy);
}

bool multipleOf(double deg, double step) {
  if (deg == 0.0) return true;  // what the division and rounding give for ±0, without them
  const double q = deg / step;
  return std::fabs(q - std::round(q)) < 1e-9;
}

// M = M · translate(v): the translation moves through the rotation and scale before it.
bool foldTranslate(TransformState& s, const Value& vx, const Value& vy, std::string& why) {
  const Value x = scaleValue(vx, static_cast<float>(s.sx));
  const Value y = scaleValue(vy, static_cast<float>(s.sy));
  if (multipleOf(s.angle, 360.0)) {
    s.tx = addValues(s.tx, x);
    s.ty = addValues(s.ty, y);
    return true;
  }
  if ((x.units | y.units) & Value::kPct) {
    why = "a percentage translate after rotate() cannot be represented; put translate() first";
    return false;
  }
  const double rad = s.angle * std::numbers::pi / 180.0;
  const auto c = static_cast<float>(std::cos(rad)), sn = static_cast<float>(std::sin(rad));
  s.tx = addValues(s.tx, addValues(scaleValue(x, c), scaleValue(y, -sn)));
  s.ty = addValues(s.ty, addValues(scaleValue(x, sn), scaleValue(y, c)));
  return true;
}

// scale(a, b), scaleX(a) or scaleY(b) (`fn`, the function token): the
// factors multiply; false when a product leaves the float range.
bool foldScaleXY(TransformState& s, double a, double b) {
  s.sx *= a;
  s.sy *= b;
  return finiteFloat(s.sx) && finiteFloat(s.sy);
}

bool foldScale(TransformState& s, const Token& fn, double a, double b) {
  if (fn.textIs("scaley")) std::swap(a, b), a = 1;
  if (fn.textIs("scalex")) b = 1;
  return foldScaleXY(s, a, b);
}

bool foldRotate(TransformState& s, double deg, std::string& why) {
  if (s.sx != s.sy && !multipleOf(deg, 360.0)) {
    why = "rotate() after a non-uniform scale() cannot be represented; put rotate() before scale()";
    return false;
  }
  s.angle += deg;
  return true;
}

// Arguments of a function token at p: comma-separated, each one component.
RangeList functionArgs(const TokenRange& r, const Token* fn) {
  const Token* close = r.componentEnd(fn);
  const Token* innerEnd = (close > fn + 1 && (close - 1)->type == TokenType::RightParen) ? close - 1 : close;
  TokenRange inner{fn + 1, innerEnd, r.src};
  if (inner.empty()) return {};
  return inner.splitCommas();
}

bool transformValue(const TokenRange& r, Style& out, std::string& why) {
  TransformState s;
  const Token* p = r.b;
  if (r.size() == 1 && p->isIdent("none")) {
    // identity
  } else {
    for (; p < r.e; p = r.componentEnd(p)) {
      if (p->type != TokenType::Function) {
        why = expected(r, p, "a transform function or none");
        return false;
      }
      const Token& fn = *p;
      auto args = functionArgs(r, p);
      auto one = [&](std::size_t maxArgs) {
        if (args.empty() || args.size() > maxArgs) {
          why = std::string(fn.text) + "() takes " +
                (maxArgs == 1 ? "one argument" : "one or two arguments (with a comma)");
          return false;
        }
        for (const auto& a : args)
          if (a.empty()) {
            why = "empty argument in " + std::string(fn.text) + "()";
            return false;
          }
        return true;
      };
      auto len = [&](const TokenRange& a, Value& v) {
        const Token* q = a.b;
        return lengthAt(a, q, v, LengthOpts{}, why, "a length or a percentage") && atEnd(a, q, why);
      };
      auto num = [&](const TokenRange& a, double& v) {
        const Token* q = a.b;
        return numberAt(a, q, v, why, true) && atEnd(a, q, why);
      };
      if (fn.textIs("translate") || fn.textIs("translatex") || fn.textIs("translatey")) {
        const bool both = fn.textIs("translate");
        if (!one(both ? 2 : 1)) return false;
        Value a = Px(0.0f), b = Px(0.0f);
        if (!len(args[0], a)) return false;
        if (args.size() == 2 && !len(args[1], b)) return false;
        if (fn.textIs("translatey")) std::swap(a, b);
        if (!foldTranslate(s, a, b, why)) return false;
      } else if (fn.textIs("scale") || fn.textIs("scalex") || fn.textIs("scaley")) {
        const bool both = fn.textIs("scale");
        if (!one(both ? 2 : 1)) return false;
        double a = 1, b = 1;
        if (!num(args[0], a)) return false;
        if (both) b = a;
        if (args.size() == 2 && !num(args[1], b)) return false;
        if (!foldScale(s, fn, a, b)) {
          why = "number out of range";
          return false;
        }
      } else if (fn.textIs("rotate") || fn.textIs("rotatez")) {
        if (!one(1)) return false;
        double deg = 0;
        const Token* q = args[0].b;
        if (!angleAt(args[0], q, deg, true, why) || !atEnd(args[0], q, why)) return false;
        if (!foldRotate(s, deg, why)) return false;
      } else {
        why =
            "transform function " + quoteText(std::string(fn.text) + "()") +
            " is not supported (supported: translate, translateX, translateY, scale, scaleX, scaleY, rotate)";
        return false;
      }
    }
  }
  if (!finiteFloat(s.sx) || !finiteFloat(s.sy) || !finiteFloat(s.angle)) {
    why = "number out of range";
    return false;
  }
  writeTransform(s, out);
  return true;
}

bool translateValue(const TokenRange& r, Style& out, std::string& why) {
  const Token* p = r.b;
  Value x = Px(0.0f), y = Px(0.0f);
  if (r.size() == 1 && p->isIdent("none")) {
    out.translateX = x;
    out.translateY = y;
    return true;
  }
  if (!lengthAt(r, p, x, LengthOpts{}, why, "a length, a percentage or none")) return false;
  if (p < r.e && !lengthAt(r, p, y, LengthOpts{}, why, "a length or a percentage")) return false;
  if (p < r.e) {
    Value z;
    const Token* zt = p;
    if (!lengthAt(r, p, z, LengthOpts{false, true, false}, why, "a length")) return false;
    if (z.px != 0.0f || z.em != 0.0f) {
      p = zt;
      why = "3D translation is not supported; the z offset must be 0";
      return false;
    }
  }
  if (!atEnd(r, p, why)) return false;
  out.translateX = x;
  out.translateY = y;
  return true;
}

bool scaleValueDecl(const TokenRange& r, Style& out, std::string& why) {
  const Token* p = r.b;
  if (r.size() == 1 && p->isIdent("none")) {
    out.scaleX = 1.0f;
    out.scaleY = 1.0f;
    return true;
  }
  double x = 1, y = 1, z = 1;
  if (!numberAt(r, p, x, why, true)) return false;
  y = x;
  if (p < r.e && !numberAt(r, p, y, why, true)) return false;
  if (p < r.e) {
    if (!numberAt(r, p, z, why, true)) return false;
    if (z != 1.0) {
      why = "3D scale is not supported; the z factor must be 1";
      return false;
    }
  }
  if (!atEnd(r, p, why)) return false;
  out.scaleX = static_cast<float>(x);
  out.scaleY = static_cast<float>(y);
  return true;
}

bool transformOriginValue(const TokenRange& r, Style& out, std::string& why) {
  struct Comp {
    bool keyword{false};
    const Token* tok{nullptr};
    Value v;
  };
  std::array<Comp, 3> c;
  int n = 0;
  const Token* p = r.b;
  while (p < r.e) {
    if (n == 3) {
      why = "too many values (at most 3), found " + quote(r, p);
      return false;
    }
    Comp& k = c[static_cast<std::size_t>(n)];
    k.tok = p;
    if (p->type == TokenType::Ident) {
      if (!(p->textIs("left") || p->textIs("right") || p->textIs("center") || p->textIs("top") ||
            p->textIs("bottom"))) {
        why = expected(r, p, "left, center, right, top, bottom or a length");
        return false;
      }
      k.keyword = true;
      ++p;
    } else if (!lengthAt(r, p, k.v, LengthOpts{}, why, "left, center, right, top, bottom or a length")) {
      return false;
    }
    ++n;
  }
  if (n == 0) {
    why = expected(r, p, "a position");
    return false;
  }
  auto isX = [](const Comp& k) { return k.keyword && (k.tok->textIs("left") || k.tok->textIs("right")); };
  auto isY = [](const Comp& k) { return k.keyword && (k.tok->textIs("top") || k.tok->textIs("bottom")); };
  Value x = Pct(50.0f), y = Pct(50.0f);
  bool ok = true;
  if (n == 1) {
    if (isY(c[0]))
      y = originKeyword(*c[0].tok, false, ok);
    else if (c[0].keyword)
      x = originKeyword(*c[0].tok, true, ok);
    else
      x = c[0].v;
  } else {
    Comp a = c[0], b = c[1];
    if (a.keyword && b.keyword && (isY(a) || isX(b))) std::swap(a, b);  // `top left` = `left top`
    if (a.keyword) {
      x = originKeyword(*a.tok, true, ok);
    } else {
      x = a.v;
    }
    if (ok) {
      if (b.keyword)
        y = originKeyword(*b.tok, false, ok);
      else
        y = b.v;
    }
    if (!ok) {
      why = "invalid position " + quoteText(r.text(c[0].tok, c[1].tok + 1));
      return false;
    }
    if (n == 3) {
      if (c[2].keyword || (c[2].v.units & Value::kPct)) {
        why = expected(r, c[2].tok, "a z offset length");
        return false;
      }
      if (c[2].v.px != 0.0f || c[2].v.em != 0.0f) {
        why = "a z offset is not supported; it must be 0";
        return false;
      }
    }
  }
  if (!ok) {
    why = "invalid position " + quote(r, r.b);
    return false;
  }
  out.transformOriginX = x;
  out.transformOriginY = y;
  return true;
}

bool gapValue(const TokenRange& r, Style& out, std::string& why) {
  std::array<Value, 2> v{};
  int n = 0;
  const Token* p = r.b;
  while (p < r.e) {
    if (n == 2) {
      why = "too many values (at most 2), found " + quote(r, p);
      return false;
    }
    auto& slot = v[static_cast<std::size_t>(n)];
    if (p->isIdent("normal")) {
      slot = Px(0.0f);
      ++p;
    } else if (!lengthAt(r, p, slot, LengthOpts{true, true, true}, why, "a length, a percentage or normal")) {
      return false;
    }
    ++n;
  }
  out.rowGap = v[0];
  out.columnGap = n == 2 ? v[1] : v[0];
  return true;
}

bool insetValue(const TokenRange& r, Style& out, std::string& why) {
  std::array<Value, 4> v;
  if (!fourSides(r, v, true, false, why)) return false;
  out.top = v[0];
  out.right = v[1];
  out.bottom = v[2];
  out.left = v[3];
  return true;
}

bool isLineStyle(const Token& t) { return t.type == TokenType::Ident && isLineStyleName(t.text); }

bool borderValue(const TokenRange& r, Style& out, std::string& why) {
  bool haveWidth = false, haveStyle = false, haveColor = false, styleNone = false;
  float width = 3.0f;  // medium
  Color color;
  const Token* p = r.b;
  while (p < r.e) {
    const Token* at = p;
    if (isLineStyle(*p)) {
      if (haveStyle) {
        why = "border style given twice, found " + quote(r, p);
        return false;
      }
      haveStyle = true;
      styleNone = p->textIs("none") || p->textIs("hidden");
      ++p;
    } else if (p->type == TokenType::Dimension || p->type == TokenType::Number || isCalc(*p) ||
               p->isIdent("thin") || p->isIdent("medium") || p->isIdent("thick")) {
      if (haveWidth) {
        why = "border width given twice, found " + quote(r, p);
        return false;
      }
      if (!borderWidthAt(r, p, width, why)) return false;
      haveWidth = true;
    } else {
      if (haveColor) {
        why = "unexpected " + quote(r, p) + " in border";
        return false;
      }
      if (!colorAt(r, p, color, why)) {
        why = expected(r, at, "a border width, style or colour");
        return false;
      }
      haveColor = true;
    }
  }
  out.borderWidth = styleNone ? 0.0f : width;
  if (haveColor) out.borderColor = color;
  return true;
}

bool flexValue(const TokenRange& r, Style& out, std::string& why) {
  const Token* p = r.b;
  if (r.size() == 1 && p->type == TokenType::Ident) {
    if (p->textIs("none")) {
      out.flexGrow = 0.0f;
      out.flexShrink = 0.0f;
      out.flexBasis = Value::makeAuto();
      return true;
    }
    if (p->textIs("auto")) {
      out.flexGrow = 1.0f;
      out.flexShrink = 1.0f;
      out.flexBasis = Value::makeAuto();
      return true;
    }
  }
  double factors[2] = {1, 1};
  int nf = 0;
  bool haveBasis = false;
  Value basis = Pct(0.0f);  // `flex: 1` means a 0% basis (CSS Flexbox §7.1)
  while (p < r.e) {
    // A unitless zero is a flex factor unless two factors came already.
    const bool factor =
        (p->type == TokenType::Number && (p->number != 0.0 || nf < 2)) || (isCalc(*p) && nf < 2 && [&] {
          double d;
          const Token* q = p;
          std::string w;
          return numberAt(r, q, d, w);
        }());
    if (factor) {
      if (nf == 2 || (nf == 1 && haveBasis)) {
        why = "unexpected " + quote(r, p) + " in flex";
        return false;
      }
      double d = 0;
      if (!numberAt(r, p, d, why)) return false;
      if (d < 0) {
        why = "negative flex factors are not allowed";
        return false;
      }
      factors[nf++] = d;
      continue;
    }
    if (haveBasis) {
      why = "unexpected " + quote(r, p) + " in flex";
      return false;
    }
    if (p->isIdent("auto") || p->isIdent("content")) {
      basis = Value::makeAuto();
      ++p;
    } else if (!lengthAt(r, p, basis, LengthOpts{true, true, true}, why, "a flex factor or a flex-basis")) {
      return false;
    }
    haveBasis = true;
    if (nf == 1) nf = 2;  // `flex: 1 10px 2` is invalid: the shrink factor must follow grow directly
  }
  if (nf == 0 && !haveBasis) {
    why = expected(r, r.b, "a flex value");
    return false;
  }
  out.flexGrow = static_cast<float>(nf >= 1 ? factors[0] : 1.0);
  out.flexShrink = static_cast<float>(nf >= 2 && factors[1] >= 0 ? factors[1] : 1.0);
  out.flexBasis = basis;
  return true;
}

bool backgroundValue(const TokenRange& r, Style& out, std::string& why) {
  const Token* p = r.b;
  if (r.size() == 1 && p->isIdent("none")) {
    out.backgroundColor = Color::transparent();
    return true;
  }
  Color c;
  if (!colorAt(r, p, c, why) || !atEnd(r, p, why)) {
    why = "only a colour is supported in background (no images, gradients or positions), found " +
          quote(r, r.b);
    return false;
  }
  out.backgroundColor = c;
  return true;
}

template <class T>
void setSide(Opt<T>& field, std::uint8_t& holes, int side, const Value& v) {
  if (!field.is_set) {
    field = T{};
    holes = 0x0F;
  }
  detail::side(field.value, side) = v;
  holes = static_cast<std::uint8_t>(holes & ~(1u << side));
}

// A whole four-sided row was written: none of its sides is a hole any more.
void clearHoles(Style& out, Prop row) {
  if (row == Prop::padding) out.holes.padding = 0;
  if (row == Prop::margin) out.holes.margin = 0;
  if (row == Prop::borderRadius) out.holes.borderRadius = 0;
}

}  // namespace

// ---------------------------------------------------------------------------
// applyDeclaration
// ---------------------------------------------------------------------------

bool parseTime(const TokenRange& r, const Token*& p, double& seconds, std::string& why) {
  if (p >= r.e) {
    why = expected(r, p, "a time");
    return false;
  }
  double f = 0;
  if (p->type == TokenType::Dimension && timeFactor(*p, f)) {
    seconds = p->number * f;
    ++p;
  } else if (p->type == TokenType::Number) {
    why = p->number == 0.0 ? "a time needs a unit: write 0s"
                           : "a time needs a unit (s or ms), found " + quote(r, p);
    return false;
  } else if (isCalc(*p)) {
    Calc c;
    const Token* q = p;
    if (!calcAt(r, q, c, why)) return false;
    if (c.kind != Kind::Time) {
      why = "calc() does not give a time here";
      return false;
    }
    seconds = c.num;
    p = q;
  } else {
    why = expected(r, p, "a time (e.g. 1s or 200ms)");
    return false;
  }
  if (!std::isfinite(seconds)) {
    why = "time out of range";
    return false;
  }
  return true;
}

bool parseNumber(const TokenRange& r, const Token*& p, double& value, std::string& why) {
  return numberAt(r, p, value, why, false);
}

namespace {

// cubic-bezier() and steps() on tokens, for the plain spellings: numbers,
// commas and a step position, nothing else inside. parseEasing's lexer
// skips whitespace and comments as the tokenizer does and reads numbers to
// the same correctly rounded doubles, so on these inputs it would give the
// same function; anything else, including every invalid value (whose
// message parseEasing words), returns nullopt for the text path.
std::optional<TransitionFunction> easingFromTokens(const TokenRange& r, const Token* fn, const Token*& end) {
  std::array<const Token*, 4> args{};
  std::size_t n = 0;
  const Token* t = fn + 1;
  // Arguments, one token each, separated by commas, up to `)`.
  for (;; ++t) {
    if (t >= r.e || n == args.size()) return std::nullopt;
    if (t->type != TokenType::Number && t->type != TokenType::Ident) return std::nullopt;
    args[n++] = t;
    ++t;
    if (t >= r.e) return std::nullopt;
    if (t->type == TokenType::RightParen) break;
    if (t->type != TokenType::Comma) return std::nullopt;
  }
  end = t + 1;
  if (fn->textIs("cubic-bezier")) {
    if (n != 4) return std::nullopt;
    double v[4];
    for (std::size_t i = 0; i < 4; ++i) {
      if (args[i]->type != TokenType::Number || !std::isfinite(args[i]->number)) return std::nullopt;
      v[i] = args[i]->number;
    }
    if (v[0] < 0.0 || v[0] > 1.0 || v[2] < 0.0 || v[2] > 1.0) return std::nullopt;
    return TransitionFunction::cubicBezier(v[0], v[1], v[2], v[3]);
  }
  if (fn->textIs("steps")) {
    const Token& count = *args[0];
    if (n > 2 || count.type != TokenType::Number || !count.isInteger() || !(count.number >= 1.0) ||
        count.number > static_cast<double>(std::numeric_limits<int>::max()))
      return std::nullopt;
    StepPosition pos = StepPosition::JumpEnd;
    bool legacyStart = false;
    if (n == 2) {
      const Token& k = *args[1];
      if (k.type != TokenType::Ident || (k.flags & Token::kEscaped)) return std::nullopt;
      if (k.textIs("jump-start")) {
        pos = StepPosition::JumpStart;
      } else if (k.textIs("start")) {
        pos = StepPosition::JumpStart;
        legacyStart = true;
      } else if (k.textIs("jump-end") || k.textIs("end")) {
        pos = StepPosition::JumpEnd;
      } else if (k.textIs("jump-none")) {
        pos = StepPosition::JumpNone;
      } else if (k.textIs("jump-both")) {
        pos = StepPosition::JumpBoth;
      } else {
        return std::nullopt;
      }
    }
    const int steps = static_cast<int>(count.number);
    if (pos == StepPosition::JumpNone && steps < 2) return std::nullopt;
    auto f = TransitionFunction::stepsOf(steps, pos);
    if (f) f->preset = legacyStart ? 1 : 0;
    return f;
  }
  return std::nullopt;
}

}  // namespace

const TransitionFunction* easingKeyword(const Token& t) {
  // By length first: each keyword is compared only with the names of its length.
  switch (t.text.size()) {
    case 4: return t.textIs("ease") ? &TransitionFunction::Ease : nullptr;
    case 6: return t.textIs("linear") ? &TransitionFunction::Linear : nullptr;
    case 7: return t.textIs("ease-in") ? &TransitionFunction::EaseIn : nullptr;
    case 8:
      if (t.textIs("ease-out")) return &TransitionFunction::EaseOut;
      return t.textIs("step-end") ? &TransitionFunction::StepEnd : nullptr;
    case 10: return t.textIs("step-start") ? &TransitionFunction::StepStart : nullptr;
    case 11: return t.textIs("ease-in-out") ? &TransitionFunction::EaseInOut : nullptr;
    default: return nullptr;
  }
}

bool parseEasingAt(const TokenRange& r, const Token*& p, TransitionFunction& out, std::string& why) {
  if (p >= r.e || (p->type != TokenType::Ident && p->type != TokenType::Function)) {
    why = expected(r, p, "an easing function");
    return false;
  }
  // The CSS keywords as plain idents (most easings written): the same values
  // parseEasing's keyword table gives, without lexing the text again.
  if (p->type == TokenType::Ident && !(p->flags & Token::kEscaped)) {
    if (const TransitionFunction* kw = easingKeyword(*p)) {
      out = *kw;
      ++p;
      return true;
    }
  }
  if (p->type == TokenType::Function && !(p->flags & Token::kEscaped)) {
    const Token* end = nullptr;
    if (const auto f = easingFromTokens(r, p, end)) {
      out = *f;
      p = end;
      return true;
    }
  }
  const Token* end = r.componentEnd(p);
  std::string err;
  auto f = parseEasing(r.text(p, end), &err);
  if (!f) {
    why = err.empty() ? expected(r, p, "an easing function") : err;
    return false;
  }
  out = *f;
  p = end;
  return true;
}

namespace {

// AnimationLonghands::merge and TransitionLonghands::merge (every list the
// patch declares replaces ours), moving the patch's lists instead of copying.
template <class T>
void takeList(std::optional<T>& dst, std::optional<T>& src) {
  if (src) dst = std::move(src);
}

// A list added to the longhands needs its line below (and in merge).
static_assert(sizeof(AnimationLonghands) == 8 * sizeof(std::optional<std::vector<double>>));
static_assert(sizeof(TransitionLonghands) ==
              4 * sizeof(std::optional<std::vector<double>>) + sizeof(std::optional<std::vector<bool>>));

void takeLonghands(AnimationLonghands& out, AnimationLonghands& patch) {
  takeList(out.names, patch.names);
  takeList(out.durations, patch.durations);
  takeList(out.timingFunctions, patch.timingFunctions);
  takeList(out.delays, patch.delays);
  takeList(out.iterationCounts, patch.iterationCounts);
  takeList(out.directions, patch.directions);
  takeList(out.fillModes, patch.fillModes);
  takeList(out.playStates, patch.playStates);
}

void takeLonghands(TransitionLonghands& out, TransitionLonghands& patch) {
  takeList(out.properties, patch.properties);
  takeList(out.durations, patch.durations);
  takeList(out.timingFunctions, patch.timingFunctions);
  takeList(out.delays, patch.delays);
  takeList(out.allowDiscrete, patch.allowDiscrete);
}

}  // namespace

bool applyDeclaration(const PropertyEntry& entry, const TokenRange& value, Style& out,
                      const ValueContext& ctx) {
  std::string why, warning;
  bool ok = false;
  const Token* first = value.b;
  // Shorthands write several rows: they fill a scratch Style, whose rows
  // (entry.sets) are copied out only when all parsed, then cleared. A Style
  // is large: one per thread, reused, instead of one built per declaration.
  // These shorthands never write sides (padding/margin/radius) or lists.
  static thread_local Style scratch;
  bool usedScratch = false;
  auto tmp = [&]() -> Style& {
    usedScratch = true;
    return scratch;
  };
  switch (entry.handler) {
    case Handler::Row: {
      static const ComputedStyle defaults;  // the row defaults decide auto / none
      switch (entry.row) {
#define ZENIT_DETAIL_PARSE_ROW(T, name, def, css, flags) \
  case Prop::name: ok = parseRow<T>(Prop::name, value, out.name, defaults.name, why, warning, ctx); break;
        BUBBLE_STYLE_PROPS(ZENIT_DETAIL_PARSE_ROW)
#undef ZENIT_DETAIL_PARSE_ROW
        case Prop::Count: break;
      }
      if (ok) clearHoles(out, entry.row);
      break;
    }
    case Handler::Transform:
      ok = (!ctx.generalOnly && applyPlainTransform(value, tmp())) || transformValue(value, tmp(), why);
      break;
    case Handler::Translate: ok = translateValue(value, tmp(), why); break;
    case Handler::Scale: ok = scaleValueDecl(value, tmp(), why); break;
    case Handler::TransformOrigin: ok = transformOriginValue(value, tmp(), why); break;
    case Handler::Gap: ok = gapValue(value, tmp(), why); break;
    case Handler::Inset: ok = insetValue(value, tmp(), why); break;
    case Handler::Border: ok = borderValue(value, tmp(), why); break;
    case Handler::Flex: ok = flexValue(value, tmp(), why); break;
    case Handler::Background: ok = backgroundValue(value, tmp(), why); break;
    case Handler::BorderStyle: {
      const Token* p = value.b;
      int n = 0;
      while (p < value.e && isLineStyle(*p) && n < 4) ++p, ++n;
      ok = n > 0 && atEnd(value, p, why);
      if (!ok) {
        if (why.empty()) why = expected(value, p, "a border style");
        break;
      }
      if (ctx.rep && ctx.nameTok)
        ctx.rep->report(Severity::Note, ctx.nameTok->line, ctx.nameTok->col,
                        "border-style has no effect: a border is drawn whenever border-width > 0");
      return true;
    }
    case Handler::RadiusCorner:
    case Handler::PaddingSide:
    case Handler::MarginSide: {
      const Token* p = value.b;
      Value v;
      const bool margin = entry.handler == Handler::MarginSide;
      const bool radius = entry.handler == Handler::RadiusCorner;
      ok = sideAt(value, p, v, margin, !margin, why);
      if (ok && radius && p < value.e) {
        ok = false;
        why = "elliptical corners (two radii) are not supported; give one radius";
      }
      ok = ok && atEnd(value, p, why);
      if (ok) {
        if (radius)
          setSide(out.borderRadius, out.holes.borderRadius, entry.side, v);
        else if (margin)
          setSide(out.margin, out.holes.margin, entry.side, v);
        else
          setSide(out.padding, out.holes.padding, entry.side, v);
      }
      break;
    }
    default:
      if (isAnimationLonghand(entry.handler)) {
        AnimationLonghands patch;
        if (!parseAnimationLonghand(entry.handler, value, patch, ctx)) return false;
        takeLonghands(out.animationLonghands, patch);
        return true;
      }
      if (isTransitionLonghand(entry.handler)) {
        TransitionLonghands patch;
        if (!parseTransitionLonghand(entry.handler, value, patch, ctx)) return false;
        takeLonghands(out.transitionLonghands, patch);
        return true;
      }
      break;
  }
  if (usedScratch) {
    entry.sets.forEach([&](Prop prop) {
      visitProp2(prop, out, scratch, [&](auto& dst, auto& src) {
        if (ok && src.is_set) dst = src.value;
        src.reset();
      });
    });
    assert(scratch.empty() && "a shorthand wrote a row outside its PropertyEntry::sets");
  }
  if (!ok) {
    if (!why.empty() && ctx.rep) {
      // Point at the token the parser stopped on when it is in the value; else at the value.
      ctx.rep->report(Severity::Error, first->line, first->col,
                      "invalid value for " + std::string(entry.name) + ": " + why);
    }
    return false;
  }
  if (!warning.empty() && ctx.rep) ctx.rep->report(Severity::Warning, first->line, first->col, warning);
  return true;
}

// ---------------------------------------------------------------------------
// One-token values
// ---------------------------------------------------------------------------
//
// Most declarations are one token (`10px`, `50%`, `0`, `1.5em`, `#f00`,
// `red`, `left`, `0.5`): for those, the row parsers above reduce to a few
// tests. Each case below is the branch the general path takes for that
// token, with its checks, so it writes the same bits; every other token,
// and every value the general path would reject, returns false untouched.

namespace {

// lengthAt's success branches for one token: `<n>px`, `<n>em` (lower case),
// a percentage, a bare 0.
[[gnu::always_inline]] inline bool loneLength(const Token& t, bool percent, bool em, bool nonNeg,
                                              Value& out) {
  const double n = t.number;
  if (!finiteFloat(n) || (nonNeg && n < 0)) return false;
  if (t.type == TokenType::Dimension) {
    if (t.text.size() != 2) return false;
    if (t.text[0] == 'p' && t.text[1] == 'x') {
      out = Px(static_cast<float>(n));
      return true;
    }
    if (em && t.text[0] == 'e' && t.text[1] == 'm') {
      out = Em(static_cast<float>(n));
      return true;
    }
    return false;
  }
  if (t.type == TokenType::Percentage && percent) {
    out = Pct(static_cast<float>(n));
    return true;
  }
  if (t.type == TokenType::Number && n == 0.0) {
    out = Px(0.0f);
    return true;
  }
  return false;
}

// colorAt's success for one hex or named colour token; false for any other.
bool loneColor(const Token& t, Color& v) {
  if (t.flags & Token::kEscaped) return false;
  if (t.type == TokenType::Hash) {
    const auto c = hexColor(t.text);
    if (!c) return false;
    v = *c;
    return true;
  }
  if (t.type != TokenType::Ident) return false;
  // colorAt hands an ident's source text to parseColor; unescaped, that is t.text.
  const auto c = parseColor(t.text);
  if (!c) return false;
  v = *c;
  return true;
}

// parseRow's result for one token; false where it would take another path.
template <class T>
[[gnu::always_inline]] inline bool loneRow(Prop prop, const Token& t, T& v) {
  const auto flags = propInfo(prop).flags;
  if constexpr (std::is_same_v<T, float>) {
    if (flags & PF_ANGLE) return false;  // rotate: rotateValue
    if (prop == Prop::borderWidth) {
      Value w;
      if (t.type == TokenType::Ident || !loneLength(t, false, false, true, w)) return false;
      v = w.px;
      return true;
    }
    const bool pct = (flags & PF_UNIT) || prop == Prop::scaleX || prop == Prop::scaleY;
    double x = 0;
    if (t.type == TokenType::Number)
      x = t.number;
    else if (pct && t.type == TokenType::Percentage)
      x = t.number / 100.0;
    else
      return false;
    if (!finiteFloat(x) || ((flags & PF_NONNEG) && x < 0)) return false;
    if (flags & PF_UNIT) x = x < 0 ? 0 : (x > 1 ? 1 : x);
    v = static_cast<float>(x);
    return true;
  } else if constexpr (std::is_same_v<T, Color>) {
    return loneColor(t, v);
  } else if constexpr (std::is_same_v<T, Value>) {
    // Idents (auto, none, normal, origin keywords) stay with valueRow.
    return loneLength(t, true, true, (flags & PF_NONNEG) != 0, v);
  } else if constexpr (std::is_same_v<T, Spacing>) {
    Value s;
    if (!loneLength(t, true, true, prop == Prop::padding, s)) return false;
    v = Spacing{s, s, s, s};
    return true;
  } else if constexpr (std::is_same_v<T, Corners>) {
    Value s;
    if (!loneLength(t, true, true, true, s)) return false;
    v = Corners{s, s, s, s};
    return true;
  } else if constexpr (std::is_same_v<T, ZIndex>) {
    if (t.type != TokenType::Number || !t.isInteger() || std::fabs(t.number) > 2147483647.0) return false;
    v = ZIndex::of(static_cast<int>(t.number));
    return true;
  } else if constexpr (std::is_same_v<T, Shadow> || std::is_same_v<T, AnimationList> ||
                       std::is_same_v<T, TransitionList>) {
    (void)flags;
    return false;
  } else {
    (void)flags;
    if (t.type != TokenType::Ident) return false;
    const auto k = parseKeyword<T>(t.text);
    if (!k) return false;
    v = *k;
    return true;
  }
}

// The writer of one row: loneRow with the row's flags known, then the row
// and its holes written.
template <Prop P>
bool loneRowWriter(const Token& t, Style& out) {
  using T = PropType<P>;
  T v{};
  if (!loneRow<T>(P, t, v)) return false;
  Opt<T>& field = PropTraits<P>::get(out);
  field.value = v;
  field.is_set = true;
  clearHoles(out, P);
  return true;
}

// The writer of one side or corner: sideAt's lengths (`auto` for margins
// stays with the general path).
template <Handler H, int Side>
bool loneSideWriter(const Token& t, Style& out) {
  constexpr bool margin = H == Handler::MarginSide;
  Value v;
  if (!loneLength(t, true, true, !margin, v)) return false;
  if constexpr (H == Handler::RadiusCorner)
    setSide(out.borderRadius, out.holes.borderRadius, Side, v);
  else if constexpr (margin)
    setSide(out.margin, out.holes.margin, Side, v);
  else
    setSide(out.padding, out.holes.padding, Side, v);
  return true;
}

// insetValue's one length (fourSides: every side the same; `auto` stays
// with the general path).
bool loneInsetWriter(const Token& t, Style& out) {
  Value v;
  if (!loneLength(t, true, true, false, v)) return false;
  out.top = v;
  out.right = v;
  out.bottom = v;
  out.left = v;
  return true;
}

// backgroundValue's one hex or named colour (`none` stays with the general path).
bool loneBackgroundWriter(const Token& t, Style& out) {
  Color c;
  if (!loneColor(t, c)) return false;
  out.backgroundColor = c;
  return true;
}

template <Handler H>
LoneWriter sideWriter(std::uint8_t side) {
  switch (side) {
    case 0: return &loneSideWriter<H, 0>;
    case 1: return &loneSideWriter<H, 1>;
    case 2: return &loneSideWriter<H, 2>;
    default: return &loneSideWriter<H, 3>;
  }
}

}  // namespace

LoneWriter loneWriterOf(Handler h, Prop row, std::uint8_t side) {
  switch (h) {
    case Handler::Row:
      switch (row) {
#define ZENIT_DETAIL_LONE_WRITER(T, name, def, css, flags)                         \
  case Prop::name:                                                                 \
    if constexpr (std::is_same_v<T, Shadow> || std::is_same_v<T, AnimationList> || \
                  std::is_same_v<T, TransitionList>)                               \
      return nullptr;                                                              \
    else                                                                           \
      return hasFlag(Prop::name, PF_ANGLE) ? nullptr : &loneRowWriter<Prop::name>;
        BUBBLE_STYLE_PROPS(ZENIT_DETAIL_LONE_WRITER)
#undef ZENIT_DETAIL_LONE_WRITER
        case Prop::Count: break;
      }
      return nullptr;
    case Handler::RadiusCorner: return sideWriter<Handler::RadiusCorner>(side);
    case Handler::PaddingSide: return sideWriter<Handler::PaddingSide>(side);
    case Handler::MarginSide: return sideWriter<Handler::MarginSide>(side);
    case Handler::Inset: return &loneInsetWriter;
    case Handler::Background: return &loneBackgroundWriter;
    default: return nullptr;
  }
}

bool readsPlainValues(Handler h, Prop row) {
  switch (h) {
    case Handler::Row: return row == Prop::padding || row == Prop::margin || row == Prop::borderRadius;
    case Handler::Translate:
    case Handler::TransformOrigin:
    case Handler::Border:
    case Handler::Flex: return true;
    default: return false;
  }
}

// ---------------------------------------------------------------------------
// Values of several plain tokens
// ---------------------------------------------------------------------------
//
// `padding: 4px 8px`, `border: 1px solid #abc`, `flex: 1 1 58px`,
// `translate: 2px 1px`: each token is one the one-token readers above
// take, and the shorthand's own rules (counts, order, repeats) are those of
// fourSides, borderValue, flexValue and translateValue, so the rows written
// are the same bits. `transform-origin: 50% 5%` goes to transformOriginValue
// itself, without applyDeclaration's scratch Style. Any other token, shape
// or property returns false with `out` untouched and nothing reported: the
// caller then asks applyDeclaration.

bool isLineStyleName(std::string_view text) {
  // A static table: a braced list here was rebuilt (ten strlen) on every call.
  static constexpr std::string_view kStyles[] = {"none",   "hidden", "dotted", "dashed", "solid",
                                                 "double", "groove", "ridge",  "inset",  "outset"};
  for (std::string_view k : kStyles)
    if (asciiIs(text, k)) return true;
  return false;
}

void writeFourSides(Prop row, const Value* given, std::size_t n, Style& out) {
  std::array<Value, 4> v{};
  for (std::size_t i = 0; i < n; ++i) v[i] = given[i];
  if (n == 1) v[1] = v[0];
  if (n <= 2) v[2] = v[0];
  if (n <= 3) v[3] = v[1];
  if (row == Prop::borderRadius) {
    out.borderRadius.value = Corners{v[0], v[1], v[2], v[3]};
    out.borderRadius.is_set = true;
  } else {
    Opt<Spacing>& dst = row == Prop::margin ? out.margin : out.padding;
    dst.value = Spacing{v[0], v[1], v[2], v[3]};
    dst.is_set = true;
  }
  clearHoles(out, row);
}

bool applyPlainValue(const PropertyEntry& entry, const TokenRange& value, Style& out) {
  const Token* const b = value.b;
  const std::size_t n = value.size();
  switch (entry.handler) {
    case Handler::Row: {
      // parseRow's Spacing and Corners: fourSides(autoOk: margin, nonNeg: padding and radius).
      const Prop row = entry.row;
      const bool margin = row == Prop::margin;
      if (!(row == Prop::padding || margin || row == Prop::borderRadius)) return false;
      if (n == 0 || n > 4) return false;
      std::array<Value, 4> v{};
      for (std::size_t i = 0; i < n; ++i) {
        if (margin && b[i].isIdent("auto"))
          v[i] = Value::makeAuto();
        else if (!loneLength(b[i], true, true, !margin, v[i]))
          return false;
      }
      writeFourSides(row, v.data(), n, out);
      return true;
    }
    case Handler::Translate: {
      // translateValue: x and y lengths; a third token (z) stays with it.
      if (n != 2) return false;
      Value x, y;
      if (!loneLength(b[0], true, true, false, x) || !loneLength(b[1], true, true, false, y)) return false;
      out.translateX = x;
      out.translateY = y;
      return true;
    }
    case Handler::Border: {
      // borderValue: a line style, then a width, then a colour, each at most once, in any order.
      bool haveWidth = false, haveStyle = false, haveColor = false, styleNone = false;
      float width = 3.0f;  // medium
      Color color;
      for (const Token* p = b; p < value.e; ++p) {
        const Token& t = *p;
        if (isLineStyle(t)) {
          if (haveStyle) return false;
          haveStyle = true;
          styleNone = t.textIs("none") || t.textIs("hidden");
        } else if (t.type == TokenType::Dimension || t.type == TokenType::Number) {
          // borderWidthAt's lengthAt: px or a bare 0, not negative.
          Value w;
          if (haveWidth || !loneLength(t, false, false, true, w)) return false;
          width = w.px;
          haveWidth = true;
        } else if (t.isIdent("thin") || t.isIdent("medium") || t.isIdent("thick")) {
          return false;  // borderWidthAt's keywords: left to it
        } else {
          if (haveColor || !loneColor(t, color)) return false;
          haveColor = true;
        }
      }
      out.borderWidth = styleNone ? 0.0f : width;
      if (haveColor) out.borderColor = color;
      return true;
    }
    case Handler::TransformOrigin: {
      // transformOriginValue itself: it writes its two rows only once the
      // whole value is read (what it refuses, applyDeclaration reports).
      std::string why;
      return transformOriginValue(value, out, why);
    }
    case Handler::Flex: {
      // flexValue: up to two factors (grow, then shrink right after it) and one basis.
      if (n < 2) return false;  // `none`, `auto` and lone values: flexValue
      double factors[2] = {1, 1};
      int nf = 0;
      bool haveBasis = false;
      Value basis = Pct(0.0f);
      for (const Token* p = b; p < value.e; ++p) {
        const Token& t = *p;
        if (t.type == TokenType::Number && (t.number != 0.0 || nf < 2)) {
          if (nf == 2 || (nf == 1 && haveBasis)) return false;
          if (!finiteFloat(t.number) || t.number < 0) return false;
          factors[nf++] = t.number;
          continue;
        }
        if (haveBasis) return false;
        if (t.isIdent("auto") || t.isIdent("content"))
          basis = Value::makeAuto();
        else if (!loneLength(t, true, true, true, basis))
          return false;
        haveBasis = true;
        if (nf == 1) nf = 2;
      }
      out.flexGrow = static_cast<float>(nf >= 1 ? factors[0] : 1.0);
      out.flexShrink = static_cast<float>(nf >= 2 && factors[1] >= 0 ? factors[1] : 1.0);
      out.flexBasis = basis;
      return true;
    }
    default: return false;
  }
}

// ---------------------------------------------------------------------------
// transform of plain functions
// ---------------------------------------------------------------------------

// transformValue for functions whose arguments are each one plain token
// (`translate(8px, -3px) scale(0.93) rotate(162deg)`): the same folds,
// checks and writes, without the argument lists, component scans and
// message plumbing.
bool PlainTransform::add(const Token& fn, const Token& a0, const Token* a1) {
  std::string why;  // for the folds; a fold that fails sends the value to transformValue
  const auto plainArg = [](const Token& t) {
    return t.type == TokenType::Number || t.type == TokenType::Dimension || t.type == TokenType::Percentage;
  };
  // numberAt with percentages (scale): a number, or a percentage / 100; finite.
  const auto num = [](const Token& t, double& v) {
    if (t.type == TokenType::Number)
      v = t.number;
    else if (t.type == TokenType::Percentage)
      v = t.number / 100.0;
    else
      return false;
    return finiteFloat(v);
  };
  if (fn.type != TokenType::Function || !plainArg(a0) || (a1 && !plainArg(*a1))) return false;
  // The function's name, compared once with the names of its length.
  enum class Fn : std::uint8_t { None, Translate, TranslateX, TranslateY, Scale, ScaleX, ScaleY, Rotate };
  Fn kind = Fn::None;
  switch (fn.text.size()) {
    case 5:
      if (fn.textIs("scale")) kind = Fn::Scale;
      break;
    case 6:
      if (fn.textIs("scalex"))
        kind = Fn::ScaleX;
      else if (fn.textIs("scaley"))
        kind = Fn::ScaleY;
      else if (fn.textIs("rotate"))
        kind = Fn::Rotate;
      break;
    case 7:
      if (fn.textIs("rotatez")) kind = Fn::Rotate;
      break;
    case 9:
      if (fn.textIs("translate")) kind = Fn::Translate;
      break;
    case 10:
      if (fn.textIs("translatex"))
        kind = Fn::TranslateX;
      else if (fn.textIs("translatey"))
        kind = Fn::TranslateY;
      break;
    default: break;
  }
  if (kind == Fn::Translate || kind == Fn::TranslateX || kind == Fn::TranslateY) {
    if (a1 && kind != Fn::Translate) return false;
    Value a = Px(0.0f), b = Px(0.0f);
    if (!loneLength(a0, true, true, false, a)) return false;
    if (a1 && !loneLength(*a1, true, true, false, b)) return false;
    if (kind == Fn::TranslateY) std::swap(a, b);
    return foldTranslate(state_, a, b, why);
  }
  if (kind == Fn::Scale || kind == Fn::ScaleX || kind == Fn::ScaleY) {
    const bool both = kind == Fn::Scale;
    if (a1 && !both) return false;
    double a = 1, b = 1;
    if (!num(a0, a)) return false;
    if (both) b = a;
    if (a1 && !num(*a1, b)) return false;
    // foldScale's axes.
    if (kind == Fn::ScaleY) std::swap(a, b), a = 1;
    if (kind == Fn::ScaleX) b = 1;
    return foldScaleXY(state_, a, b);
  }
  if (kind == Fn::Rotate) {
    if (a1) return false;
    // angleAt: an angle unit, or a unitless 0.
    double deg = 0, f = 0;
    if (a0.type == TokenType::Dimension && angleFactor(a0, f))
      deg = a0.number * f;
    else if (!(a0.type == TokenType::Number && a0.number == 0.0))
      return false;
    return finiteFloat(deg) && foldRotate(state_, deg, why);
  }
  return false;
}

bool PlainTransform::write(Style& out) {
  if (!finiteFloat(state_.sx) || !finiteFloat(state_.sy) || !finiteFloat(state_.angle)) return false;
  writeTransform(state_, out);
  return true;
}

bool applyPlainTransform(const TokenRange& r, Style& out) {
  PlainTransform t;
  const Token* p = r.b;
  if (p == r.e) return false;
  while (p < r.e) {
    // `fn( a )` or `fn( a , b )`, each argument one token.
    const Token& fn = *p;
    const Token* a0 = p + 1;
    if (a0 >= r.e) return false;
    const Token* a1 = nullptr;
    const Token* q = a0 + 1;
    if (q < r.e && q->type == TokenType::Comma) {
      a1 = q + 1;
      if (a1 >= r.e) return false;
      q = a1 + 1;
    }
    if (q >= r.e || q->type != TokenType::RightParen) return false;
    p = q + 1;
    if (!t.add(fn, *a0, a1)) return false;
  }
  return t.write(out);
}

}  // namespace zenit::detail
