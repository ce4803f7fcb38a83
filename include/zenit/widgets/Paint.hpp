// Paint helpers every widget draws with: part geometry and paint from a
// part's declared Style (seed §5: partStyle returns declared values only),
// built-in fallbacks for what a sheet leaves undeclared, and one line of text.
//
// [SECTION] Text: fontSizePx, measureLine, drawLine
// [SECTION] Parts: PartDefaults, partLength, PartLayer, paintPartBox
//
// A part style is a `Style` (Opt<T> fields): a property counts only when a
// rule (or a running part animation) declares it, so every widget reads
// `part.prop.valueOr(builtIn)`. Lengths may still hold em; they resolve
// against the node's font size. Nothing here allocates.
#pragma once

#include <zenit/render/DrawList.hpp>
#include <zenit/render/Font.hpp>
#include <zenit/style/Style.hpp>

#include <string_view>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Text
// ---------------------------------------------------------------------------

inline constexpr float kDefaultFontPx = 16.0f;  // font-size when the style holds none usable

// The computed font size in px (a computed style holds px; anything else gives 16).
float fontSizePx(const ComputedStyle& style);

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
  float radius{0.0f};  // border-radius, px, all corners (clamped to half the shorter side)
};

// A declared length in px (px + % of `percentBasis` + em of `fontSize`), or
// `fallback` when undeclared, auto/none, or not finite.
float partLength(const Opt<Value>& v, float percentBasis, float fontSize, float fallback);

// Opens a part's own opacity group and transform (opacity, translate-x/y,
// scale-x/y, rotate, transform-origin declared on the part or animated by a
// part animation), about `rect`, for the lifetime of the object. Draw the
// part at its untransformed coordinates in between. When visible() is false
// (opacity 0 or visibility: hidden) draw nothing; nothing was pushed.
class PartLayer {
 public:
  PartLayer(DrawList& list, const Style& part, const RectF& rect, float fontSize);
  ~PartLayer();
  PartLayer(const PartLayer&) = delete;
  PartLayer& operator=(const PartLayer&) = delete;

  bool visible() const { return visible_; }  // false: skip the part

 private:
  DrawList& list_;
  bool visible_{true};
  bool opacity_{false};
  bool transform_{false};
};

// Draws a part's box over `rect`: box-shadow, then background-color with
// border-width / border-color and border-radius, declared values over `defaults`.
void paintPartBox(DrawList& list, const RectF& rect, const Style& part, const PartDefaults& defaults,
                  float fontSize);

}  // namespace zenit
