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
#include "Values.hpp"
#include "values/Box.hpp"
#include "values/Shadows.hpp"
#include "values/Transforms.hpp"

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

// The readers not yet written over a cursor take their components through
// these: the cursor's readers on a token range, the position moved past the
// component (and `why` set) as before.
template <class Read>
bool onTokens(const TokenRange& r, const Token*& p, std::string& why, Read&& read) {
  Failure f;
  TokenCursor<true> c(r, &f);
  c.reset(p);
  if (!read(c)) {
    why = std::move(f.why);
    return false;
  }
  p = c.mark();
  return true;
}

bool numberAt(const TokenRange& r, const Token*& p, double& out, std::string& why, bool percentToo = false) {
  return onTokens(r, p, why, [&](auto& c) { return numberAt(c, out, percentToo); });
}

// ---------------------------------------------------------------------------
// Row parsers, by value type
// ---------------------------------------------------------------------------

// The lists' row, read over the token range; on success assigns `out`.
template <class T>
bool parseRow(Prop prop, const TokenRange& r, Opt<T>& out, const T& def, std::string& why,
              std::string& warning, const ValueContext& ctx) {
  T v{};
  bool ok = false;
  (void)def;
  (void)prop;
  (void)warning;
  if constexpr (std::is_same_v<T, AnimationList>) {
    (void)why;
    ok = parseAnimationShorthand(r, v, ctx);
    if (!ok) why.clear();  // reported already
  } else if constexpr (std::is_same_v<T, TransitionList>) {
    ok = parseTransitionShorthand(r, v, ctx);
    if (!ok) why.clear();
  }
  if (ok) {
    out.value = std::move(v);  // lists: move, not copy
    out.is_set = true;
  }
  return ok;
}

// The rows read by the readers over a cursor (values/): every type but the
// lists, for now.
template <class T>
constexpr bool kCursorRow = !(std::is_same_v<T, AnimationList> || std::is_same_v<T, TransitionList>);

// A row's value read by its type's reader, then the row written and its holes cleared.
template <Prop P, class Cur>
ZENIT_ALWAYS_INLINE bool readRow(Cur& c, Style& out) {
  using T = PropType<P>;
  T v{};
  bool ok = false;
  if constexpr (std::is_same_v<T, float>) {
    ok = floatRow<P>(c, v);
  } else if constexpr (std::is_same_v<T, Value>) {
    ok = valueRow<P>(c, v);
  } else if constexpr (std::is_same_v<T, Spacing> || std::is_same_v<T, Corners>) {
    std::array<Value, 4> s;
    ok = fourSidesRow<P>(c, s);
    if (ok) v = T{s[0], s[1], s[2], s[3]};
  } else if constexpr (std::is_same_v<T, ZIndex>) {
    ok = zIndexRow(c, v);
  } else if constexpr (std::is_same_v<T, Color>) {
    ok = colorAt(c, v) && atEnd(c);
    // (Any failure of a value of several tokens: the reader restores the
    // cursor, so it is never at the value's end then.)
    if constexpr (P == Prop::borderColor && Cur::kTokens)
      if (!ok && c.whole().size() > 1)
        return c.fail(
            [] { return std::string("per-side border colours are not supported; give one colour"); });
  } else if constexpr (std::is_same_v<T, Shadow>) {
    ok = shadowRow(c, v);
  } else {
    ok = keywordRow<T>(c, v);
  }
  if (!ok) return false;
  Opt<T>& field = PropTraits<P>::get(out);
  field.value = std::move(v);
  field.is_set = true;
  clearHoles(out, P);
  return true;
}

// applyDeclaration's row: read over the tokens.
template <Prop P>
bool rowOnTokens(const TokenRange& value, Style& out, std::string& why, std::string& warning,
                 const ValueContext& ctx) {
  using T = PropType<P>;
  if constexpr (kCursorRow<T>) {
    (void)warning;
    (void)ctx;
    Failure f;
    TokenCursor<true> c(value, &f, ctx.names);
    if (readRow<P>(c, out)) {
      warning = std::move(f.warning);
      return true;
    }
    why = std::move(f.why);
    return false;
  } else {
    static const ComputedStyle defaults;
    if (!parseRow<T>(P, value, PropTraits<P>::get(out), PropTraits<P>::get(defaults), why, warning, ctx))
      return false;
    clearHoles(out, P);
    return true;
  }
}

// ---------------------------------------------------------------------------
// Shorthands and aliases mapped onto rows
// ---------------------------------------------------------------------------

}  // namespace

// ---------------------------------------------------------------------------
// applyDeclaration
// ---------------------------------------------------------------------------

bool parseTime(const TokenRange& r, const Token*& p, double& seconds, std::string& why) {
  return onTokens(r, p, why, [&](auto& c) { return timeAt(c, seconds); });
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

// The shorthands and side longhands read over a cursor (values/Box.hpp),
// written into `out` once the whole value is read.
template <class Cur>
ZENIT_ALWAYS_INLINE bool readShorthand(const PropertyEntry& entry, Cur& c, Style& out) {
  const auto side = [&]<Handler H>() {
    Value v;
    if (!sideValue<H>(c, v)) return false;
    writeSide<H>(out, entry.side, v);
    return true;
  };
  switch (entry.handler) {
    case Handler::Transform: return transformValue(c, out);
    case Handler::Translate: return translateValue(c, out);
    case Handler::Scale: return scaleValue(c, out);
    case Handler::TransformOrigin: return transformOriginValue(c, out);
    case Handler::Gap: return gapValue(c, out);
    case Handler::Inset: return insetValue(c, out);
    case Handler::Border: return borderValue(c, out);
    case Handler::Flex: return flexValue(c, out);
    case Handler::Background: return backgroundValue(c, out);
    case Handler::RadiusCorner: return side.template operator()<Handler::RadiusCorner>();
    case Handler::PaddingSide: return side.template operator()<Handler::PaddingSide>();
    case Handler::MarginSide: return side.template operator()<Handler::MarginSide>();
    default: return false;
  }
}

bool applyDeclaration(const PropertyEntry& entry, const TokenRange& value, Style& out,
                      const ValueContext& ctx) {
  std::string why, warning;
  bool ok = false;
  const Token* first = value.b;
  // Each reader writes its rows (entry.sets) only once the whole value is
  // read, so a value it refuses changes nothing.
  switch (entry.handler) {
    case Handler::Row:
      switch (entry.row) {
#define ZENIT_DETAIL_PARSE_ROW(T, name, def, css, flags) \
  case Prop::name: ok = rowOnTokens<Prop::name>(value, out, why, warning, ctx); break;
        BUBBLE_STYLE_PROPS(ZENIT_DETAIL_PARSE_ROW)
#undef ZENIT_DETAIL_PARSE_ROW
        case Prop::Count: break;
      }
      break;
    case Handler::Transform:
    case Handler::Translate:
    case Handler::Scale:
    case Handler::TransformOrigin:
    case Handler::Gap:
    case Handler::Inset:
    case Handler::Border:
    case Handler::Flex:
    case Handler::Background:
    case Handler::RadiusCorner:
    case Handler::PaddingSide:
    case Handler::MarginSide: {
      Failure f;
      TokenCursor<true> c(value, &f, ctx.names);
      ok = readShorthand(entry, c, out);
      if (!ok) why = std::move(f.why);
      break;
    }
    case Handler::BorderStyle: {
      Failure f;
      TokenCursor<true> c(value, &f, ctx.names);
      ok = borderStyleValue(c);
      if (!ok) {
        why = std::move(f.why);
        break;
      }
      if (ctx.rep && ctx.nameTok)
        ctx.rep->report(Severity::Note, ctx.nameTok->line, ctx.nameTok->col,
                        "border-style has no effect: a border is drawn whenever border-width > 0");
      return true;
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

// The writer of one row: its reader on the one token, which writes the row
// and its holes.
template <Prop P>
bool loneRowWriter(const Token& t, std::string_view src, Style& out) {
  TokenCursor<false, false> c(TokenRange{&t, &t + 1, src});
  return readRow<P>(c, out);
}

// The writer of one side or corner.
template <Handler H, int Side>
bool loneSideWriter(const Token& t, std::string_view src, Style& out) {
  TokenCursor<false, false> c(TokenRange{&t, &t + 1, src});
  Value v;
  if (!sideValue<H>(c, v)) return false;
  writeSide<H>(out, Side, v);
  return true;
}

bool loneInsetWriter(const Token& t, std::string_view src, Style& out) {
  TokenCursor<false, false> c(TokenRange{&t, &t + 1, src});
  return insetValue(c, out);
}

bool loneBackgroundWriter(const Token& t, std::string_view src, Style& out) {
  TokenCursor<false, false> c(TokenRange{&t, &t + 1, src});
  return backgroundValue(c, out);
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
      return &loneRowWriter<Prop::name>;
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

// ---------------------------------------------------------------------------
// Values read from the bytes
// ---------------------------------------------------------------------------

// One property's value read from the bytes (PropertyEntry::fromBytes): a
// function of its own for each, so that its cursor stays in registers.
template <Prop P>
std::size_t rowFromBytes(const ByteValue& v, Style& out) {
  ByteCursor c(v);
  return readRow<P>(c, out) ? c.stop() : 0;
}
template <Handler H>
std::size_t shorthandFromBytes(const ByteValue& v, Style& out) {
  ByteCursor c(v);
  bool ok = false;
  if constexpr (H == Handler::Transform)
    ok = transformValue(c, out);
  else if constexpr (H == Handler::Translate)
    ok = translateValue(c, out);
  else if constexpr (H == Handler::TransformOrigin)
    ok = transformOriginValue(c, out);
  else if constexpr (H == Handler::Background)
    ok = backgroundValue(c, out);
  else if constexpr (H == Handler::Border)
    ok = borderValue(c, out);
  else if constexpr (H == Handler::Flex)
    ok = flexValue(c, out);
  return ok ? c.stop() : 0;
}

ByteReader byteReaderOf(Handler h, Prop row) {
  switch (h) {
    case Handler::Row:
      switch (row) {
        case Prop::padding: return &rowFromBytes<Prop::padding>;
        case Prop::margin: return &rowFromBytes<Prop::margin>;
        case Prop::borderRadius: return &rowFromBytes<Prop::borderRadius>;
        case Prop::color: return &rowFromBytes<Prop::color>;
        case Prop::backgroundColor: return &rowFromBytes<Prop::backgroundColor>;
        case Prop::borderColor: return &rowFromBytes<Prop::borderColor>;
        case Prop::boxShadow: return &rowFromBytes<Prop::boxShadow>;
        default: return nullptr;
      }
    case Handler::Background: return &shorthandFromBytes<Handler::Background>;
    case Handler::Border: return &shorthandFromBytes<Handler::Border>;
    case Handler::Flex: return &shorthandFromBytes<Handler::Flex>;
    case Handler::Transform: return &shorthandFromBytes<Handler::Transform>;
    case Handler::Translate: return &shorthandFromBytes<Handler::Translate>;
    case Handler::TransformOrigin: return &shorthandFromBytes<Handler::TransformOrigin>;
    default: return nullptr;
  }
}

}  // namespace zenit::detail