// Paint helpers shared by the widgets: text lines and part boxes.
#include <zenit/widgets/Paint.hpp>

#include "layout/PaintTaps.hpp"
#include "render/Pack.hpp"

#include <zenit/core/Transform.hpp>

#include <algorithm>
#include <cmath>

namespace zenit {

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

TextSize measureLine(std::string_view text, float sizePx) {
  return Font::defaultFont().measureText(text, sizePx);
}

void drawLine(DrawList& list, const RectF& area, std::string_view text, const ComputedStyle& style) {
  if (text.empty()) return;
  const float size = fontSizePx(style);
  const float lineH = Font::defaultFont().lineHeight(size);
  const float y = area.y + 0.5f * (area.h - lineH);
  list.text(area.x, y, text,
            TextStyle{.sizePx = size, .color = style.color, .align = style.textAlign, .width = area.w});
}

// ---------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------

void PartLayer::open(const Style& part, const RectF& rect, float fontSize) {
  const float opacity = part.opacity.valueOr(1.0f);
  if (part.visibility.valueOr(Visibility::Visible) != Visibility::Visible || !(opacity > 0.0f)) {
    visible_ = false;
    return;
  }
  // Only declared (or animated) transform properties cost a push.
  if (part.translateX.is_set || part.translateY.is_set || part.scaleX.is_set || part.scaleY.is_set ||
      part.rotate.is_set || part.skewX.is_set || part.skewY.is_set) {
    const Vec2 t{partLength(part.translateX, rect.w, fontSize, 0.0f),
                 partLength(part.translateY, rect.h, fontSize, 0.0f)};
    const Vec2 s{part.scaleX.valueOr(1.0f), part.scaleY.valueOr(1.0f)};
    const float rot = part.rotate.valueOr(0.0f);
    const Vec2 k{part.skewX.valueOr(0.0f), part.skewY.valueOr(0.0f)};
    if (t.x != 0.0f || t.y != 0.0f || s.x != 1.0f || s.y != 1.0f || rot != 0.0f || k.x != 0.0f ||
        k.y != 0.0f) {
      const Vec2 origin{partLength(part.transformOriginX, rect.w, fontSize, 0.5f * rect.w),
                        partLength(part.transformOriginY, rect.h, fontSize, 0.5f * rect.h)};
      // The widget draws in its own coordinates: move the part's box to the
      // origin, transform it there, and move it back.
      const Mat3 m = translation(Vec2{rect.x, rect.y}) * composeTransform(t, rot, k, s, origin) *
                     translation(Vec2{-rect.x, -rect.y});
      list_.pushTransform(Affine2D::fromMat3(m));
      transform_ = true;
    }
  }
  if (opacity < 1.0f) {
    list_.pushOpacity(opacity);
    opacity_ = true;
  }
}

void PartLayer::close() {
  if (opacity_) list_.popOpacity();
  if (transform_) list_.popTransform();
}

namespace {
// A part box's paint: its fill, border width and border colour, each the
// part's declared (or animated) value over the widget's default.
struct PartFill {
  Color background;
  float borderWidth;
  Color border;
};
using detail::PartTap;

PartFill partFill(const Style& part, const Color& background, const Color& border, float borderWidth,
                  bool fillFromColor) {
  const Color& under = fillFromColor ? part.color.valueOr(background) : background;
  return PartFill{part.backgroundColor.valueOr(under), part.borderWidth.valueOr(borderWidth),
                  part.borderColor.valueOr(border)};
}

// What the box records: a rounded or bordered rectangle when it shows, else
// a square fill when that shows, else nothing.
PartTap::Form formOf(const PartFill& f, bool rounded) {
  const bool bordered = f.borderWidth > 0.0f && f.border.a > 0.0f;
  if (bordered || rounded)
    return f.background.a > 0.0f || bordered ? PartTap::Form::Styled : PartTap::Form::None;
  return f.background.a > 0.0f ? PartTap::Form::Square : PartTap::Form::None;
}

// PartTap::Replay of a box paintPartFill recorded.
bool replayPartFill(const PartTap& tap, DrawCmd* cmd) {
  const PartFill f = partFill(*tap.part, tap.background, tap.border, tap.borderWidth, tap.fillFromColor);
  if (formOf(f, tap.rounded) != tap.form) return false;
  if (tap.insetShadowBorder >= 0.0f && std::max(f.borderWidth, 0.0f) != tap.insetShadowBorder) return false;
  switch (tap.form) {
    case PartTap::Form::Square: cmd->rect.fill = Rgba8::from(f.background); break;
    case PartTap::Form::Styled: pack::paintRect(cmd->rect, f.background, f.border, f.borderWidth); break;
    case PartTap::Form::None: break;
  }
  return true;
}
}  // namespace

void detail::paintPartFill(DrawList& list, const RectF& rect, const Style& part, const PartDefaults& defaults,
                           const Radii& radii, const ShadowList* shadows) {
  const PartFill f =
      partFill(part, defaults.background, defaults.border, defaults.borderWidth, defaults.fillFromColor);
  const bool rounded = !radii.isZero();
  const PartTap::Form form = formOf(f, rounded);
  if (form == PartTap::Form::Styled) list.rect(rect, f.background, RectStyle{radii, f.borderWidth, f.border});
  if (form == PartTap::Form::Square) list.rect(rect, f.background);
  if (shadows != nullptr) list.insetShadows(rect, radii, f.borderWidth, *shadows);
  TapRecorder* const recorder = tapRecorder();
  if (recorder == nullptr || recorder->list != &list) [[likely]]
    return;
  PartTap tap;
  tap.part = &part;
  tap.replay = &replayPartFill;
  tap.reads = PropSet{PropSet::bit(Prop::backgroundColor) | PropSet::bit(Prop::borderWidth) |
                      PropSet::bit(Prop::borderColor)};
  if (defaults.fillFromColor) tap.reads.set(Prop::color);
  tap.form = form;
  if (form != PartTap::Form::None) tap.cmd = static_cast<std::uint32_t>(list.size() - 1 - recorder->first);
  tap.fillFromColor = defaults.fillFromColor;
  tap.rounded = rounded;
  tap.background = defaults.background;
  tap.border = defaults.border;
  tap.borderWidth = defaults.borderWidth;
  if (shadows != nullptr) tap.insetShadowBorder = std::max(f.borderWidth, 0.0f);
  recorder->taps->push_back(tap);
}

void detail::paintRoundedPartBox(DrawList& list, const RectF& rect, const Style& part,
                                 const PartDefaults& defaults, float fontSize) {
  const float shorter = std::min(rect.w, rect.h);
  Radii radii;
  if (part.borderRadius.is_set) {
    const Corners& c = part.borderRadius.value;
    radii = Radii{c.topLeft.resolve(shorter, fontSize), c.topRight.resolve(shorter, fontSize),
                  c.bottomRight.resolve(shorter, fontSize), c.bottomLeft.resolve(shorter, fontSize)};
  } else {
    radii = Radii::all(std::clamp(defaults.radius, 0.0f, 0.5f * shorter));
  }
  // CSS: outer shadows beneath the background, inset ones above it.
  const ShadowList* shadows = part.boxShadow.is_set ? &part.boxShadow.value : nullptr;
  if (shadows) list.outerShadows(rect, radii, *shadows);
  paintPartFill(list, rect, part, defaults, radii, shadows);
}

}  // namespace zenit
