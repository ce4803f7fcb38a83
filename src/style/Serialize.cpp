// Computed styles as getComputedStyle prints them (Chromium's spelling).
//
// [SECTION] Pieces: four-side shorthands, shadows, identifiers
// [SECTION] animation / transition lists
// [SECTION] serializeProp: one row, driven by its type
// [SECTION] transform, translate, rotate, scale
// [SECTION] serializeCssProperty: any CSS name
//
// Nothing here runs per frame: strings are built freely.
#include "ParserInternal.hpp"
#include "SerializeInternal.hpp"
#include "core/Ascii.hpp"

#include <zenit/core/Format.hpp>
#include <zenit/style/Style.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace zenit {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Pieces
// ---------------------------------------------------------------------------

constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool isZero(const Value& v) { return !v.isLength() || (v.px == 0.0f && v.pct == 0.0f && v.em == 0.0f); }

void appendPx(std::string& out, double v) {
  appendCssNumber(out, v);
  out += "px";
}

// Four values in CSS box order (top right bottom left, or the corners from
// top-left clockwise), shortened as CSSOM shortens margin / border-radius:
// drop the 4th if it equals the 2nd, then the 3rd if it equals the 1st,
// then the 2nd if it equals the 1st.
std::string fourValues(const Value& v1, const Value& v2, const Value& v3, const Value& v4) {
  const std::string s1 = toCss(v1), s2 = toCss(v2), s3 = toCss(v3), s4 = toCss(v4);
  int n = 4;
  if (s4 == s2) {
    n = 3;
    if (s3 == s1) {
      n = 2;
      if (s2 == s1) n = 1;
    }
  }
  std::string out = s1;
  if (n >= 2) out.append(" ").append(s2);
  if (n >= 3) out.append(" ").append(s3);
  if (n >= 4) out.append(" ").append(s4);
  return out;
}

using detail::appendHexEscape;
using detail::isControl;

using detail::appendCssString;
using detail::appendIdent;

using detail::equalsLower;

bool transitionsAll(const TransitionRef& t) { return t.all || (!t.known && t.property.empty()); }

// A transition-property name that the shorthand's easing would read first:
// an identifier parseEasing takes (CSS's keywords and the named families).
bool readsAsEasing(std::string_view name) {
  const bool ident = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return isLetter(c) || isDigit(c) || c == '-';
  });
  return ident && parseEasing(name).has_value();
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Gradients
// ---------------------------------------------------------------------------

namespace detail {

namespace {

// A position or radius slot of `g` as getComputedStyle writes it: its
// written parts, "calc(% + px)" with both; `deg` in place of px for angles.
void appendPxPct(std::string& out, const GradientImage& g, std::size_t slot, const PxPct& v, bool degrees) {
  bool pct = ((g.pctUnits >> slot) & 1u) != 0 || v.pct != 0.0f;
  bool px = ((g.pxUnits >> slot) & 1u) != 0 || v.px != 0.0f;
  if (!pct && !px) px = true;
  const char* unit = degrees ? "deg" : "px";
  if (pct && px) {
    out += "calc(";
    appendCssNumber(out, static_cast<double>(v.pct));
    out += v.px < 0.0f ? "% - " : "% + ";
    appendCssNumber(out, std::fabs(static_cast<double>(v.px)));
    out += unit;
    out += ')';
    return;
  }
  appendCssNumber(out, static_cast<double>(pct ? v.pct : v.px));
  out += pct ? "%" : unit;
}

bool isCenter(const GradientImage& g) {
  return g.centerX == PxPct{0.0f, 50.0f} && g.centerY == PxPct{0.0f, 50.0f} &&
         ((g.pxUnits >> GradientImage::kCenterX) & 1u) == 0 &&
         ((g.pxUnits >> GradientImage::kCenterY) & 1u) == 0;
}

void appendAt(std::string& out, const GradientImage& g) {
  out += "at ";
  appendPxPct(out, g, GradientImage::kCenterX, g.centerX, false);
  out += ' ';
  appendPxPct(out, g, GradientImage::kCenterY, g.centerY, false);
}

constexpr std::string_view kExtentNames[] = {"farthest-corner", "closest-side", "closest-corner",
                                             "farthest-side", ""};

}  // namespace

// Chromium's computed form: the function, then the parts that differ from
// their defaults (180deg or `to bottom`; ellipse farthest-corner at 50%
// 50%; from 0deg at 50% 50%), then each stop's colour and its position
// as written (keywords of `at` as percentages).
void appendGradient(std::string& out, const GradientImage& g) {
  if (g.isNone()) {
    out += "none";
    return;
  }
  if (g.repeating) out += "repeating-";
  switch (g.kind) {
    case GradientKind::Linear:
      out += "linear-gradient(";
      if (g.toSides != 0 && g.toSides != GradientImage::kBottom) {
        out += "to";
        if (g.toSides & GradientImage::kLeft) out += " left";
        if (g.toSides & GradientImage::kRight) out += " right";
        if (g.toSides & GradientImage::kTop) out += " top";
        if (g.toSides & GradientImage::kBottom) out += " bottom";
      } else if (g.toSides == 0 && g.angle != 180.0f) {
        appendCssNumber(out, static_cast<double>(g.angle));
        out += "deg";
      }
      break;
    case GradientKind::Radial:
      out += "radial-gradient(";
      if (g.extent == RadialExtent::Explicit) {
        appendPxPct(out, g, GradientImage::kSizeX, g.sizeX, false);
        if (!g.circle) {
          out += ' ';
          appendPxPct(out, g, GradientImage::kSizeY, g.sizeY, false);
        }
      } else {
        if (g.circle) out += "circle";
        if (g.extent != RadialExtent::FarthestCorner) {
          if (g.circle) out += ' ';
          out += kExtentNames[static_cast<std::size_t>(g.extent)];
        }
      }
      if (!isCenter(g)) {
        if (out.back() != '(') out += ' ';
        appendAt(out, g);
      }
      break;
    case GradientKind::Conic:
      out += "conic-gradient(";
      if (g.angle != 0.0f) {
        out += "from ";
        appendCssNumber(out, static_cast<double>(g.angle));
        out += "deg";
      }
      if (!isCenter(g)) {
        if (out.back() != '(') out += ' ';
        appendAt(out, g);
      }
      break;
    case GradientKind::None: break;
  }
  bool first = out.back() == '(';
  for (std::size_t i = 0; i < g.count; ++i) {
    if (!first) out += ", ";
    first = false;
    const GradientStop& s = g.stops[i];
    if (g.isHint(i)) {
      appendPxPct(out, g, i, s.at, g.kind == GradientKind::Conic);
      continue;
    }
    out += toCss(s.color);
    if (g.isPositioned(i)) {
      out += ' ';
      appendPxPct(out, g, i, s.at, g.kind == GradientKind::Conic);
    }
  }
  out += ')';
}

}  // namespace detail

// ---------------------------------------------------------------------------
// [SECTION] animation / transition lists
// ---------------------------------------------------------------------------

namespace detail {

// CSSOM "serialize an identifier": `my anim` prints as my\ anim.
void appendIdent(std::string& out, std::string_view id) {
  if (id == "-") {
    out += "\\-";
    return;
  }
  for (std::size_t i = 0; i < id.size(); ++i) {
    const char ch = id[i];
    const auto c = static_cast<unsigned char>(ch);
    if (c == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD
    } else if (isControl(c) || (isDigit(ch) && (i == 0 || (i == 1 && id[0] == '-')))) {
      appendHexEscape(out, c);  // controls, and a digit where an identifier cannot start
    } else if (c >= 0x80 || ch == '-' || ch == '_' || isDigit(ch) || isLetter(ch)) {
      out += ch;
    } else {
      out += '\\';
      out += ch;
    }
  }
}

// CSSOM "serialize a string": "none" in quotes.
void appendCssString(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == 0)
      out += "\xEF\xBF\xBD";
    else if (isControl(c))
      appendHexEscape(out, c);
    else {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
  }
  out += '"';
}

void appendSeconds(std::string& out, double seconds) {
  appendCssNumber(out, seconds);
  out += 's';
}

void appendIterations(std::string& out, double n) {
  if (std::isinf(n) && n > 0.0)
    out += "infinite";
  else
    appendCssNumber(out, n);
}

void appendAnimationName(std::string& out, std::string_view name) {
  if (name.empty()) {
    out += "none";
    return;
  }
  for (const std::string_view kw :
       {"none", "initial", "inherit", "unset", "default", "revert", "revert-layer"}) {
    if (equalsLower(name, kw)) {
      appendCssString(out, name);
      return;
    }
  }
  appendIdent(out, name);
}

void appendAnimation(std::string& out, const AnimationRef& a) {
  appendSeconds(out, a.duration);
  out += ' ';
  out += Debug::toString(a.ease);
  out += ' ';
  appendSeconds(out, a.delay);
  out += ' ';
  appendIterations(out, a.iterations);
  out += ' ';
  out += keyword(a.direction);
  out += ' ';
  out += keyword(a.fill);
  out += ' ';
  out += keyword(a.playState);
  out += ' ';
  appendAnimationName(out, a.name);
}

void appendTransitionPropertyName(std::string& out, std::string_view name) { appendIdent(out, name); }

void appendTransition(std::string& out, const TransitionRef& t) {
  const bool named = !transitionsAll(t);
  const std::string_view name = t.property.empty() && named ? cssName(t.prop) : std::string_view(t.property);
  const std::string ease = Debug::toString(t.ease);
  const bool easeWritten = !(t.ease == TransitionFunction::Ease);
  // Chromium writes the name first. A name that another part reads first,
  // an easing keyword or `normal` / `allow-discrete`, then means that part,
  // unless the part follows spelled the same ("linear 1s linear"). Such a
  // name goes last, after that part written out ("1s ease ease").
  const bool asEasing = named && readsAsEasing(name);
  const bool asBehaviour = named && (equalsLower(name, "normal") || equalsLower(name, "allow-discrete"));
  const bool last = (asEasing && !(easeWritten && ease == name)) ||
                    (asBehaviour && !(t.allowDiscrete && name == "allow-discrete"));
  const std::size_t start = out.size();
  const auto part = [&] {
    if (out.size() != start) out += ' ';
  };
  if (named && !last) appendIdent(out, name);
  // The shortest form leaves initial parts out; the duration stays when a
  // delay follows it, and an entry with nothing left is "all".
  if (t.duration != 0.0 || t.delay != 0.0) {
    part();
    appendSeconds(out, t.duration);
  }
  if (easeWritten || (last && asEasing)) {
    part();
    out += ease;
  }
  if (t.delay != 0.0) {
    part();
    appendSeconds(out, t.delay);
  }
  if (t.allowDiscrete || (last && asBehaviour)) {
    part();
    out += t.allowDiscrete ? "allow-discrete" : "normal";
  }
  if (last) {
    part();
    appendIdent(out, name);
  }
  if (out.size() == start) out += "all";
}

}  // namespace detail

namespace {

using detail::appendAnimation;
using detail::appendAnimationName;
using detail::appendTransition;

// transition-property as written (`transform`, `padding-top`, `none`, an
// unknown name); a row built in C++ without a name prints the row's name.
void appendTransitionProperty(std::string& out, const TransitionRef& t) {
  if (transitionsAll(t))
    out += "all";
  else if (!t.property.empty())
    appendIdent(out, t.property);
  else
    out += cssName(t.prop);
}

// How many entries of the used list, from i, stand for one written entry:
// resolveTransitions expands a name that sets several rows (`transform` →
// translate-x … rotate) into that many neighbours with the written name.
std::size_t writtenSpan(const TransitionList& list, std::size_t i) {
  const TransitionRef& r = list[i];
  if (!r.known || r.all || r.property.empty() || r.property == cssName(r.prop)) return 1;
  const detail::PropertyEntry* e = detail::findProperty(r.property);
  if (e == nullptr) return 1;
  const auto rows = static_cast<std::size_t>(e->sets.count());
  std::size_t j = i + 1;
  while (j < list.size() && j - i < rows && list[j].property == r.property) ++j;
  return j - i;
}

// A comma-separated list; `empty` when the list is.
template <class List, class F>
std::string joinList(const List& list, std::string_view empty, F&& each) {
  if (list.empty()) return std::string(empty);
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i != 0) out += ", ";
    each(out, list[i]);
  }
  return out;
}

// The transition list as written: each written entry once, however many
// rows it expanded to (CSS's computed lists hold the written names).
template <class F>
std::string joinTransitions(const TransitionList& list, std::string_view empty, F&& each) {
  if (list.empty()) return std::string(empty);
  std::string out;
  for (std::size_t i = 0; i < list.size(); i += writtenSpan(list, i)) {
    if (i != 0) out += ", ";
    each(out, list[i]);
  }
  return out;
}

// ---------------------------------------------------------------------------
// [SECTION] serializeProp
// ---------------------------------------------------------------------------

void appendField(std::string& out, Prop p, float v) {
  appendCssNumber(out, static_cast<double>(v));
  if (hasFlag(p, PF_ANGLE))
    out += "deg";
  else if (detail::isPxNumber(p))
    out += "px";
}
void appendField(std::string& out, Prop, const Color& c) { out += toCss(c); }
void appendField(std::string& out, Prop, const Value& v) { out += toCss(v); }
void appendField(std::string& out, Prop, const Spacing& s) {
  out += fourValues(s.top, s.right, s.bottom, s.left);
}
void appendField(std::string& out, Prop, const Corners& c) {
  out += fourValues(c.topLeft, c.topRight, c.bottomRight, c.bottomLeft);
}

void appendField(std::string& out, Prop, const GradientImage& g) { detail::appendGradient(out, g); }

// Chromium's order: color first, inset last ("rgb(0, 0, 0) 1px 2px 3px 0px
// inset"); a list's shadows in order, separated by ", ".
void appendField(std::string& out, Prop, const ShadowList& list) {
  if (list.empty()) {
    out += "none";
    return;
  }
  for (const Shadow& s : list) {
    if (&s != list.begin()) out += ", ";
    out += toCss(s.color);
    for (const float v : {s.offsetX, s.offsetY, s.blur, s.spread}) {
      out += ' ';
      appendPx(out, static_cast<double>(v));
    }
    if (s.inset) out += " inset";
  }
}

void appendField(std::string& out, Prop, const ZIndex& z) {
  if (z.isAuto)
    out += "auto";
  else
    out += std::to_string(z.value);
}

template <KeywordEnum E>
void appendField(std::string& out, Prop, E e) {
  out += keyword(e);
}

// No animation prints "none", as getComputedStyle's shorthand does.
void appendField(std::string& out, Prop, const AnimationList& list) {
  out += joinList(list, "none", appendAnimation);
}

// No transition prints "all": the initial entry, all 0s ease 0s, shortened.
void appendField(std::string& out, Prop, const TransitionList& list) {
  out += joinTransitions(list, "all", appendTransition);
}

// ---------------------------------------------------------------------------
// [SECTION] transform, translate, rotate, scale
// ---------------------------------------------------------------------------

bool isIdentityTransform(const ComputedStyle& s) {
  return isZero(s.translateX) && isZero(s.translateY) && s.rotate == 0.0f && s.scaleX == 1.0f &&
         s.scaleY == 1.0f && s.skewX == 0.0f && s.skewY == 0.0f;
}

}  // namespace

std::string serializeProp(Prop p, const ComputedStyle& s) {
  std::string out;
  visitProp(p, s, [&](const auto& field) { appendField(out, p, field); });
  return out;
}

std::string serializeTransform(const ComputedStyle& s, float boxWidth, float boxHeight) {
  if (isIdentityTransform(s)) return "none";
  const float font = s.fontSize.resolve(16.0f, 16.0f, 16.0f);
  // translate · rotate · skew · scale, in double as the browser composes it.
  const double tx = static_cast<double>(s.translateX.resolve(boxWidth, font));
  const double ty = static_cast<double>(s.translateY.resolve(boxHeight, font));
  constexpr double kRad = std::numbers::pi / 180.0;
  const double rad = std::fmod(static_cast<double>(s.rotate), 360.0) * kRad;
  const double cs = std::cos(rad), sn = std::sin(rad);
  const double kx = std::tan(static_cast<double>(s.skewX) * kRad),
               ky = std::tan(static_cast<double>(s.skewY) * kRad);
  const double sx = static_cast<double>(s.scaleX), sy = static_cast<double>(s.scaleY);
  // R · K: the columns (cs, sn) + ky (-sn, cs) and kx (cs, sn) + (-sn, cs).
  const double a = cs - sn * ky, b = sn + cs * ky, c = cs * kx - sn, d = sn * kx + cs;
  const double m[6] = {a * sx, b * sx, c * sy, d * sy, tx, ty};
  std::string out = "matrix(";
  for (int i = 0; i < 6; ++i) {
    if (i != 0) out += ", ";
    appendCssNumber(out, m[i]);
  }
  out += ')';
  return out;
}

std::string serializeTranslate(const ComputedStyle& s) {
  if (isZero(s.translateX) && isZero(s.translateY)) return "none";
  std::string out = toCss(s.translateX);
  if (!isZero(s.translateY)) out.append(" ").append(toCss(s.translateY));
  return out;
}

std::string serializeRotate(const ComputedStyle& s) {
  if (s.rotate == 0.0f) return "none";
  std::string out;
  appendCssNumber(out, static_cast<double>(s.rotate));
  out += "deg";
  return out;
}

std::string serializeScale(const ComputedStyle& s) {
  if (s.scaleX == 1.0f && s.scaleY == 1.0f) return "none";
  std::string out;
  appendCssNumber(out, static_cast<double>(s.scaleX));
  if (s.scaleY != s.scaleX) {
    out += ' ';
    appendCssNumber(out, static_cast<double>(s.scaleY));
  }
  return out;
}

// ---------------------------------------------------------------------------
// [SECTION] serializeCssProperty
// ---------------------------------------------------------------------------

namespace {

enum class Css : std::uint8_t {
  Transform,
  Translate,
  Rotate,
  Scale,
  TransformOrigin,
  Gap,
  PaddingTop,
  PaddingRight,
  PaddingBottom,
  PaddingLeft,
  MarginTop,
  MarginRight,
  MarginBottom,
  MarginLeft,
  RadiusTopLeft,
  RadiusTopRight,
  RadiusBottomRight,
  RadiusBottomLeft,
  BorderSideWidth,
  BorderSideColor,
  AnimationName,
  AnimationDuration,
  AnimationTimingFunction,
  AnimationDelay,
  AnimationIterationCount,
  AnimationDirection,
  AnimationFillMode,
  AnimationPlayState,
  TransitionProperty,
  TransitionDuration,
  TransitionTimingFunction,
  TransitionDelay,
  TransitionBehavior,
};

struct CssName {
  std::string_view name;
  Css which;
};

// CSS names that are not one row: checked before the rows, so `rotate`
// answers as CSS's rotate ("none") rather than the row's "0deg".
constexpr CssName kCssNames[] = {
    {"transform", Css::Transform},
    {"translate", Css::Translate},
    {"rotate", Css::Rotate},
    {"scale", Css::Scale},
    {"transform-origin", Css::TransformOrigin},
    {"gap", Css::Gap},
    {"padding-top", Css::PaddingTop},
    {"padding-right", Css::PaddingRight},
    {"padding-bottom", Css::PaddingBottom},
    {"padding-left", Css::PaddingLeft},
    {"margin-top", Css::MarginTop},
    {"margin-right", Css::MarginRight},
    {"margin-bottom", Css::MarginBottom},
    {"margin-left", Css::MarginLeft},
    {"border-top-left-radius", Css::RadiusTopLeft},
    {"border-top-right-radius", Css::RadiusTopRight},
    {"border-bottom-right-radius", Css::RadiusBottomRight},
    {"border-bottom-left-radius", Css::RadiusBottomLeft},
    {"border-top-width", Css::BorderSideWidth},
    {"border-right-width", Css::BorderSideWidth},
    {"border-bottom-width", Css::BorderSideWidth},
    {"border-left-width", Css::BorderSideWidth},
    {"border-top-color", Css::BorderSideColor},
    {"border-right-color", Css::BorderSideColor},
    {"border-bottom-color", Css::BorderSideColor},
    {"border-left-color", Css::BorderSideColor},
    {"animation-name", Css::AnimationName},
    {"animation-duration", Css::AnimationDuration},
    {"animation-timing-function", Css::AnimationTimingFunction},
    {"animation-delay", Css::AnimationDelay},
    {"animation-iteration-count", Css::AnimationIterationCount},
    {"animation-direction", Css::AnimationDirection},
    {"animation-fill-mode", Css::AnimationFillMode},
    {"animation-play-state", Css::AnimationPlayState},
    {"transition-property", Css::TransitionProperty},
    {"transition-duration", Css::TransitionDuration},
    {"transition-timing-function", Css::TransitionTimingFunction},
    {"transition-delay", Css::TransitionDelay},
    {"transition-behavior", Css::TransitionBehavior},
};

// An animation-* longhand: one value per entry, the initial value when none.
template <class F>
std::string animationLonghand(const ComputedStyle& s, std::string_view initial, F&& each) {
  return joinList(s.animations, initial, each);
}

template <class F>
std::string transitionLonghand(const ComputedStyle& s, std::string_view initial, F&& each) {
  return joinTransitions(s.transitions, initial, each);
}

std::string serializeExtra(Css which, const ComputedStyle& s, float boxWidth, float boxHeight) {
  switch (which) {
    case Css::Transform: return serializeTransform(s, boxWidth, boxHeight);
    case Css::Translate: return serializeTranslate(s);
    case Css::Rotate: return serializeRotate(s);
    case Css::Scale: return serializeScale(s);
    case Css::TransformOrigin: {
      // getComputedStyle resolves the origin against the box, in px.
      const float font = s.fontSize.resolve(16.0f, 16.0f, 16.0f);
      std::string out;
      appendPx(out, static_cast<double>(s.transformOriginX.resolve(boxWidth, font)));
      out += ' ';
      appendPx(out, static_cast<double>(s.transformOriginY.resolve(boxHeight, font)));
      return out;
    }
    case Css::Gap: {
      std::string out = toCss(s.rowGap);
      const std::string column = toCss(s.columnGap);
      if (column != out) out.append(" ").append(column);
      return out;
    }
    case Css::PaddingTop: return toCss(s.padding.top);
    case Css::PaddingRight: return toCss(s.padding.right);
    case Css::PaddingBottom: return toCss(s.padding.bottom);
    case Css::PaddingLeft: return toCss(s.padding.left);
    case Css::MarginTop: return toCss(s.margin.top);
    case Css::MarginRight: return toCss(s.margin.right);
    case Css::MarginBottom: return toCss(s.margin.bottom);
    case Css::MarginLeft: return toCss(s.margin.left);
    case Css::RadiusTopLeft: return toCss(s.borderRadius.topLeft);
    case Css::RadiusTopRight: return toCss(s.borderRadius.topRight);
    case Css::RadiusBottomRight: return toCss(s.borderRadius.bottomRight);
    case Css::RadiusBottomLeft: return toCss(s.borderRadius.bottomLeft);
    case Css::BorderSideWidth: return serializeProp(Prop::borderWidth, s);
    case Css::BorderSideColor: return toCss(s.borderColor);
    case Css::AnimationName:
      return animationLonghand(s, "none",
                               [](std::string& o, const AnimationRef& a) { appendAnimationName(o, a.name); });
    case Css::AnimationDuration:
      return animationLonghand(
          s, "0s", [](std::string& o, const AnimationRef& a) { detail::appendSeconds(o, a.duration); });
    case Css::AnimationTimingFunction:
      return animationLonghand(s, "ease",
                               [](std::string& o, const AnimationRef& a) { o += Debug::toString(a.ease); });
    case Css::AnimationDelay:
      return animationLonghand(
          s, "0s", [](std::string& o, const AnimationRef& a) { detail::appendSeconds(o, a.delay); });
    case Css::AnimationIterationCount:
      return animationLonghand(
          s, "1", [](std::string& o, const AnimationRef& a) { detail::appendIterations(o, a.iterations); });
    case Css::AnimationDirection:
      return animationLonghand(s, "normal",
                               [](std::string& o, const AnimationRef& a) { o += keyword(a.direction); });
    case Css::AnimationFillMode:
      return animationLonghand(s, "none",
                               [](std::string& o, const AnimationRef& a) { o += keyword(a.fill); });
    case Css::AnimationPlayState:
      return animationLonghand(s, "running",
                               [](std::string& o, const AnimationRef& a) { o += keyword(a.playState); });
    case Css::TransitionProperty: return transitionLonghand(s, "all", appendTransitionProperty);
    case Css::TransitionDuration:
      return transitionLonghand(
          s, "0s", [](std::string& o, const TransitionRef& t) { detail::appendSeconds(o, t.duration); });
    case Css::TransitionTimingFunction:
      return transitionLonghand(s, "ease",
                                [](std::string& o, const TransitionRef& t) { o += Debug::toString(t.ease); });
    case Css::TransitionDelay:
      return transitionLonghand(
          s, "0s", [](std::string& o, const TransitionRef& t) { detail::appendSeconds(o, t.delay); });
    case Css::TransitionBehavior:
      return transitionLonghand(s, "normal", [](std::string& o, const TransitionRef& t) {
        o += t.allowDiscrete ? "allow-discrete" : "normal";
      });
  }
  return {};
}

}  // namespace

std::optional<std::string> serializeCssProperty(std::string_view cssName, const ComputedStyle& s,
                                                float boxWidth, float boxHeight) {
  for (const CssName& n : kCssNames)
    if (equalsLower(cssName, n.name)) return serializeExtra(n.which, s, boxWidth, boxHeight);
  if (const std::optional<Prop> p = propFromCssName(cssName)) return serializeProp(*p, s);
  return std::nullopt;
}

}  // namespace zenit
