// Which reader reads which property, over which cursor: a value read from
// its tokens (applyDeclaration), from one token (the lone writers, through
// PropertyEntry::lone) and from the bytes (PropertyEntry::fromBytes). The
// grammars themselves are in values/, written once over a cursor
// (Cursor.hpp); this file instantiates them.
//
// [SECTION] Readers by property
// [SECTION] applyDeclaration
// [SECTION] One-token values
// [SECTION] Values read from the bytes
#include "Values.hpp"

#include "values/Box.hpp"
#include "values/Gradients.hpp"
#include "values/Lists.hpp"
#include "values/Shadows.hpp"
#include "values/Transforms.hpp"

#include <array>
#include <string>
#include <type_traits>
#include <utility>

namespace zenit::detail {

// ---------------------------------------------------------------------------
// [SECTION] Readers by property
// ---------------------------------------------------------------------------

namespace {

// A row's value read by its type's reader, then the row written and its
// holes cleared.
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
  } else if constexpr (std::is_same_v<T, ShadowList>) {
    ok = shadowRow(c, v);
  } else if constexpr (std::is_same_v<T, GradientImage>) {
    ok = backgroundImageRow(c, v);
  } else if constexpr (std::is_same_v<T, AnimationList>) {
    ok = animationList(c, v);
  } else if constexpr (std::is_same_v<T, TransitionList>) {
    ok = transitionList(c, v);
  } else {
    ok = keywordRow<T>(c, v);
  }
  if (!ok) return false;
  Opt<T>& field = PropTraits<P>::get(out);
  field.value = std::move(v);  // lists: move, not copy
  field.is_set = true;
  clearHoles(out, P);
  return true;
}

// The shorthands and side longhands (values/Box.hpp, Colors.hpp,
// Transforms.hpp), written into `out` once the whole value is read.
template <class Cur>
ZENIT_ALWAYS_INLINE bool readShorthand(const PropertyEntry& entry, Cur& c, Style& out) {
  Value v;
  switch (entry.handler) {
    case Handler::Transform: return transformValue(c, out);
    case Handler::Translate: return translateValue(c, out);
    case Handler::Scale: return scaleValue(c, out);
    case Handler::TransformOrigin: return transformOriginValue(c, out);
    case Handler::Gap: return gapValue(c, out);
    case Handler::Inset: return insetValue(c, out);
    case Handler::Border: return lineValue<Line::Border>(c, out);
    case Handler::Outline: return lineValue<Line::Outline>(c, out);
    case Handler::Flex: return flexValue(c, out);
    case Handler::Background: return backgroundValue(c, out);
    case Handler::RadiusCorner:
      if (!sideValue<Handler::RadiusCorner>(c, v)) return false;
      writeSide<Handler::RadiusCorner>(out, entry.side, v);
      return true;
    case Handler::PaddingSide:
      if (!sideValue<Handler::PaddingSide>(c, v)) return false;
      writeSide<Handler::PaddingSide>(out, entry.side, v);
      return true;
    case Handler::MarginSide:
      if (!sideValue<Handler::MarginSide>(c, v)) return false;
      writeSide<Handler::MarginSide>(out, entry.side, v);
      return true;
    default: return false;
  }
}

// AnimationLonghands::merge and TransitionLonghands::merge (every list the
// patch declares replaces ours), moving the patch's lists instead of
// copying: the lists named by `lists`.
template <class Longhands, class... List>
void takeLists(Longhands& out, Longhands& patch, List Longhands::*... lists) {
  const auto take = [](auto& dst, auto& src) {
    if (src) dst = std::move(src);
  };
  (take(out.*lists, patch.*lists), ...);
}

// A list added to the longhands needs its name below (and in merge).
static_assert(sizeof(AnimationLonghands) == 8 * sizeof(std::optional<std::vector<double>>));
static_assert(sizeof(TransitionLonghands) ==
              4 * sizeof(std::optional<std::vector<double>>) + sizeof(std::optional<std::vector<bool>>));

void takeLonghands(AnimationLonghands& out, AnimationLonghands& patch) {
  using L = AnimationLonghands;
  takeLists(out, patch, &L::names, &L::durations, &L::timingFunctions, &L::delays, &L::iterationCounts,
            &L::directions, &L::fillModes, &L::playStates);
}

void takeLonghands(TransitionLonghands& out, TransitionLonghands& patch) {
  using L = TransitionLonghands;
  takeLists(out, patch, &L::properties, &L::durations, &L::timingFunctions, &L::delays, &L::allowDiscrete);
}

// An animation-* or transition-* longhand into its patch, then into the
// Style's longhands.
template <class Cur>
ZENIT_ALWAYS_INLINE bool readLonghand(Handler h, Cur& c, Style& out) {
  AnimationLonghands a;
  TransitionLonghands t;
  if (!longhandValue(h, c, a, t)) return false;
  if (isAnimationLonghand(h))
    takeLonghands(out.animationLonghands, a);
  else
    takeLonghands(out.transitionLonghands, t);
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] applyDeclaration
// ---------------------------------------------------------------------------

bool applyDeclaration(const PropertyEntry& entry, const TokenRange& value, Style& out,
                      const ValueContext& ctx) {
  Failure f;
  TokenCursor<true> c(value, &f, ctx.names);
  bool ok = false;
  switch (entry.handler) {
    case Handler::Row:
      switch (entry.row) {
#define ZENIT_DETAIL_READ_ROW(T, name, def, css, flags) \
  case Prop::name: ok = readRow<Prop::name>(c, out); break;
        BUBBLE_STYLE_PROPS(ZENIT_DETAIL_READ_ROW)
#undef ZENIT_DETAIL_READ_ROW
        case Prop::Count: break;
      }
      break;
    case Handler::BorderStyle:
      ok = lineStyleValue<Line::Border>(c);
      if (ok && ctx.rep && ctx.nameTok)
        ctx.rep->report(Severity::Note, ctx.nameTok->line, ctx.nameTok->col,
                        "border-style has no effect: a border is drawn whenever border-width > 0");
      break;
    case Handler::OutlineStyle:
      ok = lineStyleValue<Line::Outline>(c);
      if (ok && ctx.rep && ctx.nameTok)
        ctx.rep->report(Severity::Note, ctx.nameTok->line, ctx.nameTok->col,
                        "outline-style has no effect: an outline is drawn whenever outline-width > 0");
      break;
    default:
      ok = isAnimationLonghand(entry.handler) || isTransitionLonghand(entry.handler)
               ? readLonghand(entry.handler, c, out)
               : readShorthand(entry, c, out);
      break;
  }
  const Token& first = *value.b;
  if (!ok) {
    // At the token the reader names, else at the value.
    const Token& at = f.at ? *f.at : first;
    if (!f.why.empty() && ctx.rep)
      ctx.rep->report(Severity::Error, at.line, at.col,
                      "invalid value for " + std::string(entry.name) + ": " + f.why);
    return false;
  }
  if (!f.warning.empty() && ctx.rep) ctx.rep->report(Severity::Warning, first.line, first.col, f.warning);
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] One-token values
// ---------------------------------------------------------------------------
//
// Most declarations are one token (`10px`, `50%`, `0`, `1.5em`, `#f00`,
// `red`, `left`, `0.5`): a property's lone writer is its reader on a
// cursor over that token, without the rare forms (Cursor.hpp), so that it
// calls nothing. It writes what applyDeclaration writes, or refuses with
// `out` untouched and nothing said.

namespace {

template <Prop P>
bool loneRowWriter(const Token& t, std::string_view src, Style& out) {
  TokenCursor<false, false> c(TokenRange{&t, &t + 1, src});
  return readRow<P>(c, out);
}

template <Handler H, int Side>
bool loneSideWriter(const Token& t, std::string_view src, Style& out) {
  TokenCursor<false, false> c(TokenRange{&t, &t + 1, src});
  Value v;
  if (!sideValue<H>(c, v)) return false;
  writeSide<H>(out, Side, v);
  return true;
}

template <Handler H>
bool loneShorthandWriter(const Token& t, std::string_view src, Style& out) {
  TokenCursor<false, false> c(TokenRange{&t, &t + 1, src});
  if constexpr (H == Handler::Inset)
    return insetValue(c, out);
  else
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
        // (Not the lists: their shorthands' bookkeeping is the parser's.)
#define ZENIT_DETAIL_LONE_WRITER(T, name, def, css, flags)                               \
  case Prop::name:                                                                       \
    if constexpr (std::is_same_v<T, ShadowList> || std::is_same_v<T, AnimationList> ||   \
                  std::is_same_v<T, TransitionList> || std::is_same_v<T, GradientImage>) \
      return nullptr;                                                                    \
    else                                                                                 \
      return &loneRowWriter<Prop::name>;
        BUBBLE_STYLE_PROPS(ZENIT_DETAIL_LONE_WRITER)
#undef ZENIT_DETAIL_LONE_WRITER
        case Prop::Count: break;
      }
      return nullptr;
    case Handler::RadiusCorner: return sideWriter<Handler::RadiusCorner>(side);
    case Handler::PaddingSide: return sideWriter<Handler::PaddingSide>(side);
    case Handler::MarginSide: return sideWriter<Handler::MarginSide>(side);
    case Handler::Inset: return &loneShorthandWriter<Handler::Inset>;
    case Handler::Background: return &loneShorthandWriter<Handler::Background>;
    default: return nullptr;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Values read from the bytes
// ---------------------------------------------------------------------------

namespace {

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
    ok = lineValue<Line::Border>(c, out);
  else if constexpr (H == Handler::Flex)
    ok = flexValue(c, out);
  else
    ok = readLonghand(H, c, out);
  return ok ? c.stop() : 0;
}

}  // namespace

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
        case Prop::outlineColor: return &rowFromBytes<Prop::outlineColor>;
        case Prop::boxShadow: return &rowFromBytes<Prop::boxShadow>;
        case Prop::animations: return &rowFromBytes<Prop::animations>;
        case Prop::transitions: return &rowFromBytes<Prop::transitions>;
        default: return nullptr;
      }
    case Handler::Transform: return &shorthandFromBytes<Handler::Transform>;
    case Handler::Translate: return &shorthandFromBytes<Handler::Translate>;
    case Handler::TransformOrigin: return &shorthandFromBytes<Handler::TransformOrigin>;
    case Handler::Background: return &shorthandFromBytes<Handler::Background>;
    case Handler::Border: return &shorthandFromBytes<Handler::Border>;
    case Handler::Flex: return &shorthandFromBytes<Handler::Flex>;
#define ZENIT_DETAIL_LONGHAND_READER(H) \
  case Handler::H: return &shorthandFromBytes<Handler::H>;
      ZENIT_DETAIL_LONGHAND_READER(AnimationName)
      ZENIT_DETAIL_LONGHAND_READER(AnimationDuration)
      ZENIT_DETAIL_LONGHAND_READER(AnimationTimingFunction)
      ZENIT_DETAIL_LONGHAND_READER(AnimationDelay)
      ZENIT_DETAIL_LONGHAND_READER(AnimationIterationCount)
      ZENIT_DETAIL_LONGHAND_READER(AnimationDirection)
      ZENIT_DETAIL_LONGHAND_READER(AnimationFillMode)
      ZENIT_DETAIL_LONGHAND_READER(AnimationPlayState)
      ZENIT_DETAIL_LONGHAND_READER(TransitionProperty)
      ZENIT_DETAIL_LONGHAND_READER(TransitionDuration)
      ZENIT_DETAIL_LONGHAND_READER(TransitionTimingFunction)
      ZENIT_DETAIL_LONGHAND_READER(TransitionDelay)
      ZENIT_DETAIL_LONGHAND_READER(TransitionBehavior)
#undef ZENIT_DETAIL_LONGHAND_READER
    default: return nullptr;
  }
}

}  // namespace zenit::detail
