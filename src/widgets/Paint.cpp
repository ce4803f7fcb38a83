// Paint helpers shared by the widgets: text lines and part boxes.
#include <zenit/widgets/Paint.hpp>

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
      part.rotate.is_set) {
    const Vec2 t{partLength(part.translateX, rect.w, fontSize, 0.0f),
                 partLength(part.translateY, rect.h, fontSize, 0.0f)};
    const Vec2 s{part.scaleX.valueOr(1.0f), part.scaleY.valueOr(1.0f)};
    const float rot = part.rotate.valueOr(0.0f);
    if (t.x != 0.0f || t.y != 0.0f || s.x != 1.0f || s.y != 1.0f || rot != 0.0f) {
      const Vec2 origin{partLength(part.transformOriginX, rect.w, fontSize, 0.5f * rect.w),
                        partLength(part.transformOriginY, rect.h, fontSize, 0.5f * rect.h)};
      // The widget draws in its own coordinates: move the part's box to the
      // origin, transform it there, and move it back.
      const Mat3 m = translation(Vec2{rect.x, rect.y}) * composeTransform(t, rot, s, origin) *
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
  if (part.boxShadow.is_set) {
    const Shadow& s = part.boxShadow.value;
    if (!s.none && s.color.a > 0.0f)
      list.shadow(rect, radii, ShadowStyle{s.offsetX, s.offsetY, s.blur, s.spread, s.color, s.inset});
  }
  paintPartFill(list, rect, part, defaults, radii);
}

}  // namespace zenit
