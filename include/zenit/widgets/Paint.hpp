// Paint helpers every widget draws with: part geometry and paint from a
// part's declared Style (seed §5: partStyle returns declared values only),
// built-in fallbacks for what a sheet leaves undeclared, and one line of text.
//
// [SECTION] Text: fontSizePx, measureLine, drawLine
// [SECTION] Parts: PartDefaults, partLength, PartLayer, paintPartBox, paintPart
//
// A part style is a `Style` (Opt<T> fields): a property counts only when a
// rule (or a running part animation) declares it, so every widget reads
// `part.prop.valueOr(builtIn)`. Lengths may still hold em; they resolve
// against the node's font size. Nothing here allocates.
#pragma once

#include <zenit/core/Config.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/Font.hpp>
#include <zenit/style/Style.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Text
// ---------------------------------------------------------------------------

inline constexpr float kDefaultFontPx = 16.0f;  // font-size when the style holds none usable

// The computed font size in px (a computed style holds px; anything else gives 16).
inline float fontSizePx(const ComputedStyle& style) {
  const float px = style.fontSize.resolve(0.0f, kDefaultFontPx, kDefaultFontPx);
  return px > 0.0f && px < std::numeric_limits<float>::infinity() ? px : kDefaultFontPx;
}

// Width and line height of one line of `text` at `sizePx`, with the default font.
TextSize measureLine(std::string_view text, float sizePx);

// Draws one line of `text` in `area`: vertically centred, aligned by the
// style's text-align, in its color and font-size. Empty text draws nothing.
void drawLine(DrawList& list, const RectF& area, std::string_view text, const ComputedStyle& style);

// ---------------------------------------------------------------------------
// [SECTION] Parts
// ---------------------------------------------------------------------------

// What a part looks like where its style declares nothing (the C++ fallback
// that keeps an unstyled widget visible).
struct PartDefaults {
  Color background{Color::transparent()};  // background-color
  Color border{Color::transparent()};      // border-color
  float borderWidth{0.0f};                 // border-width, px
  // border-radius, px, all corners (clamped to half the shorter side: kPill rounds the ends)
  float radius{0.0f};
  // The part's `color` paints its box where no background-color is
  // declared, `background` where neither is (seed §5.4: a knob glows
  // through its color).
  bool fillFromColor{false};
};
inline constexpr float kPill = std::numeric_limits<float>::infinity();  // PartDefaults::radius of a pill

// A declared length in px (px + % of `percentBasis` + em of `fontSize`), or
// `fallback` when undeclared, auto/none, or not finite.
inline float partLength(const Opt<Value>& v, float percentBasis, float fontSize, float fallback) {
  if (!v.is_set || !v.value.isLength()) return fallback;
  const float px = v.value.resolve(percentBasis, fontSize, fallback);
  return std::isfinite(px) ? px : fallback;
}

// Opens a part's own opacity group and transform (opacity, translate-x/y,
// scale-x/y, rotate, transform-origin declared on the part or animated by a
// part animation), about `rect`, for the lifetime of the object. Draw the
// part at its untransformed coordinates in between. When visible() is false
// (opacity 0 or visibility: hidden) draw nothing; nothing was pushed.
class PartLayer {
 public:
  PartLayer(DrawList& list, const Style& part, const RectF& rect, float fontSize) : list_(list) {
    if (opens(part)) open(part, rect, fontSize);
  }
  // Whether the part declares (or animates) anything a layer opens for.
  // Most parts declare none of these: one test, no branch per property.
  static bool opens(const Style& part) {
    return part.opacity.is_set | part.visibility.is_set | part.translateX.is_set | part.translateY.is_set |
           part.scaleX.is_set | part.scaleY.is_set | part.rotate.is_set | part.skewX.is_set |
           part.skewY.is_set;
  }
  ~PartLayer() {
    if (opacity_ | transform_) close();
  }
  PartLayer(const PartLayer&) = delete;
  PartLayer& operator=(const PartLayer&) = delete;

  bool visible() const { return visible_; }  // false: skip the part

 private:
  void open(const Style& part, const RectF& rect, float fontSize);
  void close();

  DrawList& list_;
  bool visible_{true};
  bool opacity_{false};
  bool transform_{false};
};

namespace detail {
// What paintPartBox ends with: background-color (or color, fillFromColor),
// border-width and border-color over `defaults`, with `radii`; then the
// inset shadows of `shadows` (null: none), inside the border.
void paintPartFill(DrawList& list, const RectF& rect, const Style& part, const PartDefaults& defaults,
                   const Radii& radii, const ShadowList* shadows = nullptr);
// paintPartBox for a part that declares a border-radius or a box-shadow.
void paintRoundedPartBox(DrawList& list, const RectF& rect, const Style& part, const PartDefaults& defaults,
                         float fontSize);
}  // namespace detail

// Draws a part's box over `rect`: box-shadow, then background-color with
// border-width / border-color and border-radius, declared values over `defaults`.
ZENIT_ALWAYS_INLINE void paintPartBox(DrawList& list, const RectF& rect, const Style& part,
                                      const PartDefaults& defaults, float fontSize) {
  if (!(rect.w > 0.0f) || !(rect.h > 0.0f)) return;
  if (part.borderRadius.is_set | part.boxShadow.is_set) {
    detail::paintRoundedPartBox(list, rect, part, defaults, fontSize);
    return;
  }
  // The defaults' radius on every corner, at most half the shorter side.
  detail::paintPartFill(list, rect, part, defaults,
                        Radii::all(std::clamp(defaults.radius, 0.0f, 0.5f * std::min(rect.w, rect.h))));
}

// A part that is a box: its layer (PartLayer) around paintPartBox, the
// layer opened only when the part declares one.
ZENIT_ALWAYS_INLINE void paintPart(DrawList& list, const RectF& rect, const Style& part,
                                   const PartDefaults& defaults, float fontSize) {
  if (!PartLayer::opens(part)) {
    paintPartBox(list, rect, part, defaults, fontSize);
    return;
  }
  PartLayer layer(list, part, rect, fontSize);
  if (layer.visible()) paintPartBox(list, rect, part, defaults, fontSize);
}

}  // namespace zenit
