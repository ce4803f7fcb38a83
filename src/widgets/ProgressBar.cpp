// ProgressBar: the fraction done, as a ::fill part.
#include <zenit/widgets/ProgressBar.hpp>

#include "layout/LayoutAccess.hpp"

#include <zenit/widgets/Paint.hpp>

#include <algorithm>
#include <cmath>

namespace zenit {

namespace {
constexpr float kWidthEm = 10.0f;  // measured size of an unstyled bar: 160 x 8 px at 16px
constexpr float kHeightEm = 0.5f;
const Color kAccent = Color::rgba8(0x3b, 0x82, 0xf6);
}  // namespace

ProgressBar::ProgressBar(float value) : Layout("ProgressBar"), fillPart_(declarePart("fill")) {
  setValue(value);
  // renderContent reads its box, its part and the value (setValue redraws):
  // the draw may replay it while only the part animates.
  detail::LayoutAccess::retainPaint(*this);
}

void ProgressBar::setValue(float v) {
  if (std::isnan(v)) return;
  v = std::clamp(v, 0.0f, 1.0f);
  if (v == value_) return;
  value_ = v;
  markNeedsRedraw();
}

Size ProgressBar::measureContent(float width, MeasureMode widthMode, float /*height*/,
                                 MeasureMode /*heightMode*/) {
  const float fs = fontSizePx(flexStyle());
  Size s{kWidthEm * fs, kHeightEm * fs};
  if (widthMode == MeasureMode::Exactly) s.width = width;
  return s;
}

void ProgressBar::renderContent(DrawList& list, const RenderContext& ctx) const {
  const RectF& c = ctx.content;
  const float fs = fontSizePx(*ctx.style);
  // Only read: the update resolves the part and ticks its animations,
  // drawn or not, so a part animation keyed to the state stays in step.
  const Style& fill = partStyle(fillPart_);
  paintPart(list, RectF{c.x, c.y, value_ * c.w, c.h}, fill, {.background = kAccent, .radius = 0.5f * c.h},
            fs);
}

}  // namespace zenit
