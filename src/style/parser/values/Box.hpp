// The box's values: the rows of one number, length or keyword (opacity,
// width, z-index, display …), the four-sided ones (padding, margin,
// border-radius) and their one-side longhands, and the shorthands mapped
// onto rows: translate, scale, transform-origin, gap, inset, border,
// outline, flex.
// Read from either cursor (Cursor.hpp); each writes only once its whole
// value is read.
//
// Deviations from CSS made here (docs/stylesheets.md lists them all):
//  - border-radius `/` (elliptical corners) is not supported.
//  - border-width takes one width (no per-side widths); border-style and
//    outline-style are accepted and have no effect (a note says so).
//  - translate, scale and transform-origin are 2D: a z component must be 0 (or 1).
//
// Sections, in order:
//   Row defaults and sides   RowDefault, clearHoles, setSide
//   Rows of one component    line widths, rotate, float and length rows, z-index
//   Four sides               padding, margin, border-radius and their sides
//   Shorthands onto rows     translate, scale, transform-origin, gap, inset,
//                            the border and outline lines, flex
#pragma once

#include "Colors.hpp"

#include <array>
#include <string>

namespace zenit::detail {

// The row default of a property (its ComputedStyle value), where a reader
// decides by it (auto and none lengths).
template <Prop P>
struct RowDefault;
#define ZENIT_DETAIL_ROW_DEFAULT(T, name, def, css, flags) \
  template <>                                              \
  struct RowDefault<Prop::name> {                          \
    static T value() { return T(def); }                    \
  };
BUBBLE_STYLE_PROPS(ZENIT_DETAIL_ROW_DEFAULT)
#undef ZENIT_DETAIL_ROW_DEFAULT

// A whole four-sided row was written: none of its sides is a hole any more.
inline void clearHoles(Style& out, Prop row) {
  if (row == Prop::padding) out.holes.padding = 0;
  if (row == Prop::margin) out.holes.margin = 0;
  if (row == Prop::borderRadius) out.holes.borderRadius = 0;
}

// One side (or corner) of a four-sided row: the row made, with every other
// side a hole, if it was not set.
template <class T>
void setSide(Opt<T>& field, std::uint8_t& holes, int side, const Value& v) {
  if (!field.is_set) {
    field = T{};
    holes = 0x0F;
  }
  detail::side(field.value, side) = v;
  holes = static_cast<std::uint8_t>(holes & ~(1u << side));
}

// ---------------------------------------------------------------------------
// Rows of one component
// ---------------------------------------------------------------------------

// border-width's <line-width>: a length in px (not negative) or thin, medium, thick.
template <class Cur>
ZENIT_ALWAYS_INLINE bool borderWidthAt(Cur& c, float& out) {
  if (!c.end() && c.tok().type == TokenType::Ident) {
    const Token& t = c.tok();
    if (wordIs(t.text, "thin"))
      out = 1.0f;
    else if (wordIs(t.text, "medium"))
      out = 3.0f;
    else if (wordIs(t.text, "thick"))
      out = 5.0f;
    else
      return c.fail([&] { return expected(c, "a length or thin, medium, thick"); });
    c.next();
    return true;
  }
  Value v;
  if (!lengthAt(c, v, LengthOpts{false, false, true}, "a length or thin, medium, thick")) return false;
  out = v.px;
  return true;
}

// rotate: none | <angle> | z <angle> | <angle> z
template <class Cur>
ZENIT_ALWAYS_INLINE bool rotateValue(Cur& c, float& out) {
  if (!c.end() && isWord(c.tok(), "none")) {
    c.next();
    if (!atEnd(c)) return false;
    out = 0.0f;
    return true;
  }
  bool axis = false;
  if (!c.end() && c.tok().type == TokenType::Ident) {
    if (!wordIs(c.tok().text, "z"))
      return c.fail([&] {
        return wordIs(c.tok().text, "x") || wordIs(c.tok().text, "y")
                   ? std::string("3D rotation is not supported; use z or no axis")
                   : expected(c, "an angle (e.g. 45deg)");
      });
    axis = true;
    c.next();
  }
  // (A ByteCursor cannot count the tokens; a number there is no angle, and refused.)
  if constexpr (Cur::kTokens)
    if (c.whole().size() >= 4 && c.tok().type == TokenType::Number)
      return c.fail([] { return std::string("3D rotation axes are not supported; write rotate: <angle>"); });
  double deg = 0;
  if (!angleAt(c, deg, false)) return false;
  if (!axis && !c.end() && isWord(c.tok(), "z")) c.next();
  if (!atEnd(c)) return false;
  out = static_cast<float>(deg);
  return true;
}

// A row of one number (opacity, flex-grow, scale-x …), angle (rotate) or
// border width.
template <Prop P, class Cur>
ZENIT_ALWAYS_INLINE bool floatRow(Cur& c, float& out) {
  constexpr auto flags = propInfo(P).flags;
  if constexpr ((flags & PF_ANGLE) != 0) {
    return rotateValue(c, out);
  } else if constexpr (P == Prop::borderWidth) {
    float w = 0;
    if (!borderWidthAt(c, w)) return false;
    // CSS border-width takes one to four sides; ZenitUI has one width.
    while (!c.end()) {
      float more = 0;
      if (!borderWidthAt(c, more)) return false;
      if (more != w)
        return c.fail([] { return std::string("per-side border widths are not supported; give one width"); });
    }
    out = w;
    return true;
  } else if constexpr (P == Prop::outlineWidth) {
    return borderWidthAt(c, out) && atEnd(c);
  } else if constexpr (P == Prop::outlineOffset) {
    Value v;
    if (!lengthAt(c, v, LengthOpts{false, false, false}, "a length") || !atEnd(c)) return false;
    out = v.px;
    return true;
  } else {
    const auto first = c.place();
    constexpr bool pct = (flags & PF_UNIT) || P == Prop::scaleX || P == Prop::scaleY;
    double v = 0;
    if (!numberAt(c, v, pct) || !atEnd(c)) return false;
    if ((flags & PF_NONNEG) && v < 0)
      return c.fail([&] { return "negative values are not allowed, found " + c.quote(first); });
    if (flags & PF_UNIT) v = v < 0 ? 0 : (v > 1 ? 1 : v);  // CSS clamps opacity, it does not reject it
    out = static_cast<float>(v);
    return true;
  }
}

// transform-origin's position keywords.
enum class Position : std::uint8_t { None, Left, Right, Center, Top, Bottom };
ZENIT_ALWAYS_INLINE Position positionKeyword(const Token& t) {
  if (t.type != TokenType::Ident) return Position::None;
  if (wordIs(t.text, "left")) return Position::Left;
  if (wordIs(t.text, "right")) return Position::Right;
  if (wordIs(t.text, "center")) return Position::Center;
  if (wordIs(t.text, "top")) return Position::Top;
  if (wordIs(t.text, "bottom")) return Position::Bottom;
  return Position::None;
}
// The offset a keyword names on its axis; false for a keyword of the other axis.
inline bool positionOffset(Position k, bool horizontal, Value& out) {
  if (k == Position::Center) {
    out = Pct(50.0f);
    return true;
  }
  if (horizontal ? k == Position::Left : k == Position::Top) {
    out = Pct(0.0f);
    return true;
  }
  if (horizontal ? k == Position::Right : k == Position::Bottom) {
    out = Pct(100.0f);
    return true;
  }
  return false;
}

// A row of one length-percentage, or the keywords its default allows
// (auto, none), gaps' normal and transform-origin-x/y's positions.
template <Prop P, class Cur>
ZENIT_ALWAYS_INLINE bool valueRow(Cur& c, Value& out) {
  constexpr auto flags = propInfo(P).flags;
  if (!c.end() && c.tok().type == TokenType::Ident) {
    const Value def = RowDefault<P>::value();
    const Token& t = c.tok();
    Value v;
    bool ok = false;
    if (def.isAuto() && wordIs(t.text, "auto")) {
      v = Value::makeAuto();
      ok = true;
    } else if (def.isNone() && wordIs(t.text, "none")) {
      v = Value::makeNone();
      ok = true;
    } else if ((P == Prop::rowGap || P == Prop::columnGap) && wordIs(t.text, "normal")) {
      v = Px(0.0f);
      ok = true;
    } else if (P == Prop::transformOriginX || P == Prop::transformOriginY) {
      ok = positionOffset(positionKeyword(t), P == Prop::transformOriginX, v);
    }
    if (ok) {
      c.next();
      if (!atEnd(c)) return false;
      out = v;
      return true;
    }
  }
  // A view, not a std::string: the longer messages would allocate per declaration.
  const Value def = RowDefault<P>::value();
  const std::string_view what = def.isAuto()   ? "a length, a percentage or auto"
                                : def.isNone() ? "a length, a percentage or none"
                                               : "a length or a percentage";
  Value v;
  if (!lengthAt(c, v, LengthOpts{true, true, (flags & PF_NONNEG) != 0}, what) || !atEnd(c)) return false;
  out = v;
  return true;
}

template <class Cur>
ZENIT_ALWAYS_INLINE bool zIndexRow(Cur& c, ZIndex& out) {
  if (!c.end() && isWord(c.tok(), "auto")) {
    c.next();
    if (!atEnd(c)) return false;
    out = ZIndex::makeAuto();
    return true;
  }
  if (c.end() || c.tok().type != TokenType::Number || !(c.tok().flags & Token::kInteger))
    return c.fail([&] { return expected(c, "an integer or auto"); });
  if (std::fabs(c.tok().number) > 2147483647.0)
    return c.fail([] { return std::string("z-index out of range"); });
  const int v = static_cast<int>(c.tok().number);
  c.next();
  if (!atEnd(c)) return false;
  out = ZIndex::of(v);
  return true;
}

template <class E, class Cur>
ZENIT_ALWAYS_INLINE bool keywordRow(Cur& c, E& out) {
  if (!c.end() && c.tok().type == TokenType::Ident) {
    if (const auto k = parseKeyword<E>(c.tok().text)) {
      c.next();
      if (!atEnd(c)) return false;
      out = *k;
      return true;
    }
  }
  return c.fail([&] {
    std::string list;
    for (std::size_t i = 0; i < EnumTraits<E>::count; ++i) {
      if (i) list += i + 1 == EnumTraits<E>::count ? " or " : ", ";
      list += EnumTraits<E>::keywords[i];
    }
    return expected(c, list);
  });
}

// ---------------------------------------------------------------------------
// Four sides
// ---------------------------------------------------------------------------

// One side: a length-percentage, or auto where the row allows it.
template <class Cur>
ZENIT_ALWAYS_INLINE bool sideAt(Cur& c, Value& v, bool autoOk, bool nonNeg) {
  const LengthOpts o{true, true, nonNeg};
  if (!c.end()) {
    const Token& t = c.tok();
    bool ok = false;
    if (t.type == TokenType::Ident) {
      ok = autoOk && wordIs(t.text, "auto");
      if (ok) v = Value::makeAuto();
    } else {
      ok = commonLength(t, o, v);
    }
    if (ok) {
      c.next();
      return true;
    }
  }
  if constexpr (Cur::kRare)
    return lengthRest(c, v, o, autoOk ? "a length, a percentage or auto" : "a length or a percentage");
  else
    return false;
}

// 1–4 values in CSS's top, right, bottom, left expansion.
template <class Cur>
ZENIT_ALWAYS_INLINE bool fourSides(Cur& c, std::array<Value, 4>& out, bool autoOk, bool nonNeg,
                                   bool slashIsElliptical = false) {
  std::array<Value, 4> v{};
  std::size_t n = 0;
  while (!c.end()) {
    if (slashIsElliptical && isDelimiter(c.tok(), '/'))
      return c.fail([] {
        return std::string("elliptical corners (`/`) are not supported; give one radius per corner");
      });
    if (n == 4) return c.fail([&] { return "too many values (at most 4), found " + c.quote(); });
    if (!sideAt(c, v[n], autoOk, nonNeg)) return false;
    ++n;
  }
  if (n == 0) return c.fail([&] { return expected(c, "a value"); });
  if (n == 1) v[1] = v[0];
  if (n <= 2) v[2] = v[0];
  if (n <= 3) v[3] = v[1];
  out = v;
  return true;
}

// padding, margin, border-radius.
template <Prop P, class Cur>
ZENIT_ALWAYS_INLINE bool fourSidesRow(Cur& c, std::array<Value, 4>& out) {
  return fourSides(c, out, P == Prop::margin, P != Prop::margin, P == Prop::borderRadius);
}

// padding-top, margin-left, border-top-left-radius …: one side of its row.
template <Handler H, class Cur>
ZENIT_ALWAYS_INLINE bool sideValue(Cur& c, Value& v) {
  constexpr bool margin = H == Handler::MarginSide;
  if (!sideAt(c, v, margin, !margin)) return false;
  if (H == Handler::RadiusCorner && !c.end())
    return c.fail(
        [] { return std::string("elliptical corners (two radii) are not supported; give one radius"); });
  return atEnd(c);
}

template <Handler H>
void writeSide(Style& out, int side, const Value& v) {
  if constexpr (H == Handler::RadiusCorner)
    setSide(out.borderRadius, out.holes.borderRadius, side, v);
  else if constexpr (H == Handler::MarginSide)
    setSide(out.margin, out.holes.margin, side, v);
  else
    setSide(out.padding, out.holes.padding, side, v);
}

// ---------------------------------------------------------------------------
// Shorthands onto rows
// ---------------------------------------------------------------------------

// translate: none | <length-percentage> [<length-percentage> 0?]?
template <class Cur>
ZENIT_ALWAYS_INLINE bool translateValue(Cur& c, Style& out) {
  Value x = Px(0.0f), y = Px(0.0f);
  if (noneAlone(c)) {
    out.translateX = x;
    out.translateY = y;
    return true;
  }
  if (!lengthAt(c, x, LengthOpts{}, "a length, a percentage or none")) return false;
  if (!c.end() && !lengthAt(c, y, LengthOpts{}, "a length or a percentage")) return false;
  if (!c.end()) {
    Value z;
    const auto zAt = c.mark();
    if (!lengthAt(c, z, LengthOpts{false, true, false}, "a length")) return false;
    if (z.px != 0.0f || z.em != 0.0f) {
      c.reset(zAt);
      return c.fail([] { return std::string("3D translation is not supported; the z offset must be 0"); });
    }
  }
  if (!atEnd(c)) return false;
  out.translateX = x;
  out.translateY = y;
  return true;
}

// scale: none | [<number> | <percentage>]{1,2} 1?
template <class Cur>
ZENIT_ALWAYS_INLINE bool scaleValue(Cur& c, Style& out) {
  if (noneAlone(c)) {
    out.scaleX = 1.0f;
    out.scaleY = 1.0f;
    return true;
  }
  double x = 1, y = 1, z = 1;
  if (!numberAt(c, x, true)) return false;
  y = x;
  if (!c.end() && !numberAt(c, y, true)) return false;
  if (!c.end()) {
    if (!numberAt(c, z, true)) return false;
    if (z != 1.0)
      return c.fail([] { return std::string("3D scale is not supported; the z factor must be 1"); });
  }
  if (!atEnd(c)) return false;
  out.scaleX = static_cast<float>(x);
  out.scaleY = static_cast<float>(y);
  return true;
}

// transform-origin: one or two positions (keywords or lengths; `top left`
// is `left top`) and a z offset that must be 0.
template <class Cur>
ZENIT_ALWAYS_INLINE bool transformOriginValue(Cur& c, Style& out) {
  struct Comp {
    Position keyword{Position::None};
    typename Cur::Place at{};
    Value v;
  };
  std::array<Comp, 3> k;
  std::size_t n = 0;
  const auto first = c.place();
  while (!c.end()) {
    if (n == 3) return c.fail([&] { return "too many values (at most 3), found " + c.quote(); });
    Comp& p = k[n];
    p.at = c.place();
    if (c.tok().type == TokenType::Ident) {
      p.keyword = positionKeyword(c.tok());
      if (p.keyword == Position::None)
        return c.fail([&] { return expected(c, "left, center, right, top, bottom or a length"); });
      c.next();
    } else if (!lengthAt(c, p.v, LengthOpts{}, "left, center, right, top, bottom or a length")) {
      return false;
    }
    ++n;
  }
  if (n == 0) return c.fail([&] { return expected(c, "a position"); });
  const auto isX = [](const Comp& p) { return p.keyword == Position::Left || p.keyword == Position::Right; };
  const auto isY = [](const Comp& p) { return p.keyword == Position::Top || p.keyword == Position::Bottom; };
  Value x = Pct(50.0f), y = Pct(50.0f);
  if (n == 1) {
    bool ok = true;
    if (isY(k[0]))
      ok = positionOffset(k[0].keyword, false, y);
    else if (k[0].keyword != Position::None)
      ok = positionOffset(k[0].keyword, true, x);
    else
      x = k[0].v;
    if (!ok) return c.fail([&] { return "invalid position " + c.quote(first); });
  } else {
    Comp a = k[0], b = k[1];
    if (a.keyword != Position::None && b.keyword != Position::None && (isY(a) || isX(b)))
      std::swap(a, b);  // `top left` = `left top`
    bool ok = true;
    if (a.keyword != Position::None)
      ok = positionOffset(a.keyword, true, x);
    else
      x = a.v;
    if (ok && b.keyword != Position::None)
      ok = positionOffset(b.keyword, false, y);
    else if (ok)
      y = b.v;
    if (!ok) return c.fail([&] { return "invalid position " + quoteText(c.text(k[0].at, k[1].at)); });
    if (n == 3) {
      if (k[2].keyword != Position::None || (k[2].v.units & Value::kPct))
        return c.fail([&] { return "expected a z offset length, found " + c.quote(k[2].at); });
      if (k[2].v.px != 0.0f || k[2].v.em != 0.0f)
        return c.fail([] { return std::string("a z offset is not supported; it must be 0"); });
    }
  }
  out.transformOriginX = x;
  out.transformOriginY = y;
  return true;
}

// gap: <row-gap> <column-gap>?
template <class Cur>
ZENIT_ALWAYS_INLINE bool gapValue(Cur& c, Style& out) {
  std::array<Value, 2> v{};
  std::size_t n = 0;
  while (!c.end()) {
    if (n == 2) return c.fail([&] { return "too many values (at most 2), found " + c.quote(); });
    if (isWord(c.tok(), "normal")) {
      v[n] = Px(0.0f);
      c.next();
    } else if (!lengthAt(c, v[n], LengthOpts{true, true, true}, "a length, a percentage or normal")) {
      return false;
    }
    ++n;
  }
  out.rowGap = v[0];
  out.columnGap = n == 2 ? v[1] : v[0];
  return true;
}

// inset: [<length-percentage> | auto]{1,4} onto top, right, bottom, left.
template <class Cur>
ZENIT_ALWAYS_INLINE bool insetValue(Cur& c, Style& out) {
  std::array<Value, 4> v;
  if (!fourSides(c, v, true, false)) return false;
  out.top = v[0];
  out.right = v[1];
  out.bottom = v[2];
  out.left = v[3];
  return true;
}

// A border line style keyword (none, hidden, solid…), in any ASCII case.
bool isLineStyleName(std::string_view text);

// The two lines drawn around a box: the border and the outline. Their
// shorthands and style properties share one grammar; the outline's style
// also takes `auto` (drawn solid) and not `hidden` (CSS Basic UI 4 §5.3).
enum class Line : std::uint8_t { Border, Outline };

inline constexpr const char* lineName(Line l) { return l == Line::Border ? "border" : "outline"; }

inline bool isStyleOf(Line l, std::string_view word) {
  if (l == Line::Outline) return wordIs(word, "auto") || (isLineStyleName(word) && !wordIs(word, "hidden"));
  return isLineStyleName(word);
}

// border-style: one to four line styles; outline-style: one (read, and
// without effect).
template <Line L, class Cur>
ZENIT_ALWAYS_INLINE bool lineStyleValue(Cur& c) {
  constexpr int kMost = L == Line::Border ? 4 : 1;
  int n = 0;
  while (!c.end() && n < kMost && c.tok().type == TokenType::Ident && isStyleOf(L, c.tok().text)) {
    c.next();
    ++n;
  }
  if (n == 0)
    return c.fail([&] { return expected(c, L == Line::Border ? "a border style" : "an outline style"); });
  return atEnd(c);
}

// border, outline: a line width, a line style and a colour, each at most
// once, in any order; a style of none (or hidden) makes the width 0.
template <Line L, class Cur>
ZENIT_ALWAYS_INLINE bool lineValue(Cur& c, Style& out) {
  constexpr const char* kName = lineName(L);
  bool haveWidth = false, haveStyle = false, haveColor = false, styleNone = false;
  float width = 3.0f;  // medium
  Color color;
  while (!c.end()) {
    const Token& t = c.tok();
    if (t.type == TokenType::Ident && isStyleOf(L, t.text)) {
      if (haveStyle)
        return c.fail([&] { return std::string(kName) + " style given twice, found " + c.quote(); });
      haveStyle = true;
      styleNone = wordIs(t.text, "none") || wordIs(t.text, "hidden");
      c.next();
    } else if (t.type == TokenType::Dimension || t.type == TokenType::Number || isCalc(t) ||
               isWord(t, "thin") || isWord(t, "medium") || isWord(t, "thick")) {
      if (haveWidth)
        return c.fail([&] { return std::string(kName) + " width given twice, found " + c.quote(); });
      if (!borderWidthAt(c, width)) return false;
      haveWidth = true;
    } else {
      if (haveColor) return c.fail([&] { return "unexpected " + c.quote() + " in " + kName; });
      // (colorAt leaves the cursor where it was when it fails.)
      if (!colorAt(c, color))
        return c.fail([&] {
          return expected(
              c, L == Line::Border ? "a border width, style or colour" : "an outline width, style or colour");
        });
      haveColor = true;
    }
  }
  if constexpr (L == Line::Border) {
    out.borderWidth = styleNone ? 0.0f : width;
    if (haveColor) out.borderColor = color;
  } else {
    out.outlineWidth = styleNone ? 0.0f : width;
    if (haveColor) out.outlineColor = color;
  }
  return true;
}

// flex: none | auto | <flex-grow> <flex-shrink>? || <flex-basis>, with
// CSS Flexbox §7.1's reading of a unitless zero (a factor, unless two came
// already) and of `flex: 1` (a 0% basis).
template <class Cur>
ZENIT_ALWAYS_INLINE bool flexValue(Cur& c, Style& out) {
  const auto first = c.place();
  if (!c.end() && c.tok().type == TokenType::Ident) {
    const bool none = wordIs(c.tok().text, "none");
    if (none || wordIs(c.tok().text, "auto")) {
      const auto at = c.mark();
      c.next();
      if (c.end()) {
        out.flexGrow = none ? 0.0f : 1.0f;
        out.flexShrink = none ? 0.0f : 1.0f;
        out.flexBasis = Value::makeAuto();
        return true;
      }
      c.reset(at);
    }
  }
  double factors[2] = {1, 1};
  int nf = 0;
  bool haveBasis = false;
  Value basis = Pct(0.0f);  // `flex: 1` means a 0% basis (CSS Flexbox §7.1)
  while (!c.end()) {
    const Token& t = c.tok();
    // A unitless zero is a flex factor unless two factors came already.
    bool factor = t.type == TokenType::Number && (t.number != 0.0 || nf < 2);
    if constexpr (Cur::kRare) {
      if (!factor && isCalc(t) && nf < 2) {
        auto q = c.quiet();
        double d = 0;
        factor = numberAt(q, d);
      }
    }
    if (factor) {
      if (nf == 2 || (nf == 1 && haveBasis))
        return c.fail([&] { return "unexpected " + c.quote() + " in flex"; });
      double d = 0;
      if (!numberAt(c, d)) return false;
      if (d < 0) return c.fail([] { return std::string("negative flex factors are not allowed"); });
      factors[nf++] = d;
      continue;
    }
    if (haveBasis) return c.fail([&] { return "unexpected " + c.quote() + " in flex"; });
    if (isWord(t, "auto") || isWord(t, "content")) {
      basis = Value::makeAuto();
      c.next();
    } else if (!lengthAt(c, basis, LengthOpts{true, true, true}, "a flex factor or a flex-basis")) {
      return false;
    }
    haveBasis = true;
    if (nf == 1) nf = 2;  // `flex: 1 10px 2` is invalid: the shrink factor must follow grow directly
  }
  if (nf == 0 && !haveBasis) return c.fail([&] { return "expected a flex value, found " + c.quote(first); });
  out.flexGrow = static_cast<float>(nf >= 1 ? factors[0] : 1.0);
  out.flexShrink = static_cast<float>(nf >= 2 && factors[1] >= 0 ? factors[1] : 1.0);
  out.flexBasis = basis;
  return true;
}

}  // namespace zenit::detail
