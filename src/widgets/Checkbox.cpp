// Checkbox: a box, a check mark while checked, and a label.
#include <zenit/widgets/Checkbox.hpp>

#include <zenit/core/Transform.hpp>
#include <zenit/widgets/Paint.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace zenit {

namespace {
// Built-in look of an unstyled checkbox.
constexpr float kBoxEm = 1.125f;     // 18px at 16px
constexpr float kGapEm = 0.5f;       // 8px at 16px
constexpr float kMarkInset = 0.15f;  // of the box's inner size, per side
const PartDefaults kBoxDefaults{.background = Color::white(),
                                .border = Color::rgba8(0x8a, 0x93, 0xa6),
                                .borderWidth = 1.5f,
                                .radius = 3.0f};
constexpr float kBoxBorderDefault = 1.5f;

// One round-capped stroke from a to b, as a rotated rounded rect.
void stroke(DrawList& list, Vec2 a, Vec2 b, float thickness, const Color& c) {
  const Vec2 d = b - a;
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  if (!(len > 0.0f)) return;
  const auto deg = static_cast<float>(std::atan2(static_cast<double>(d.y), static_cast<double>(d.x)) * 180.0 /
                                      std::numbers::pi);
  list.pushTransform(Affine2D::fromMat3(translation(a) * rotation(deg)));
  const float r = 0.5f * thickness;
  list.rect(RectF{-r, -r, len + thickness, thickness}, c, RectStyle{.radii = Radii::all(r)});
  list.popTransform();
}

// The check glyph: a short and a long stroke meeting near the bottom.
void drawCheckGlyph(DrawList& list, const RectF& r, const Color& c) {
  const float t = std::max(1.5f, 0.16f * std::min(r.w, r.h));
  const Vec2 p0{r.x + 0.14f * r.w, r.y + 0.52f * r.h};
  const Vec2 p1{r.x + 0.40f * r.w, r.y + 0.78f * r.h};
  const Vec2 p2{r.x + 0.88f * r.w, r.y + 0.24f * r.h};
  stroke(list, p0, p1, t, c);
  stroke(list, p1, p2, t, c);
}
}  // namespace

Checkbox::Checkbox(std::string_view text, bool checked)
    : Label("Checkbox", text), boxPart_(declarePart("box")), markPart_(declarePart("mark")) {
  Layout::setChecked(checked);
}

void Checkbox::setChecked(bool on) { Layout::setChecked(on); }

void Checkbox::toggle() {
  Layout::setChecked(!isChecked());
  if (onChange) {
    std::function<void(bool)> cb = onChange;  // the callback may replace onChange
    cb(isChecked());
  }
}

Checkbox::BoxMetrics Checkbox::boxMetrics(const Style& boxStyle, float fontSize) const {
  const float w = std::max(0.0f, partLength(boxStyle.width, 0.0f, fontSize, kBoxEm * fontSize));
  const float h = std::max(0.0f, partLength(boxStyle.height, 0.0f, fontSize, w));
  float gap = kGapEm * fontSize;
  if (boxStyle.margin.is_set && boxStyle.margin.value.right.isLength())
    gap = boxStyle.margin.value.right.resolve(0.0f, fontSize, gap);
  return BoxMetrics{w, h, std::isfinite(gap) ? gap : 0.0f};
}

Size Checkbox::measureContent(float width, MeasureMode widthMode, float /*height*/,
                              MeasureMode /*heightMode*/) {
  const BoxMetrics m = boxMetrics(partStyle(boxPart_), fontSizePx(flexStyle()));
  Size s{m.w, m.h};
  if (!text().empty()) {
    const Size t = textSize();
    s.width += m.gap + t.width;
    s.height = std::max(s.height, t.height);
  }
  if (widthMode == MeasureMode::Exactly) s.width = width;
  return s;
}

void Checkbox::renderContent(DrawList& list, const RenderContext& ctx) const {
  const RectF& c = ctx.content;
  const float fs = fontSizePx(*ctx.style);
  // partStyle only reads what the update resolved: the box's and the mark's
  // Style references stay valid until the next update.
  const Style& boxStyle = partStyle(boxPart_);
  const BoxMetrics m = boxMetrics(boxStyle, fs);
  const RectF boxRect{c.x, c.y + 0.5f * (c.h - m.h), m.w, m.h};
  const float border = boxStyle.borderWidth.valueOr(kBoxBorderDefault);
  {
    PartLayer boxLayer(list, boxStyle, boxRect, fs);
    if (boxLayer.visible()) paintPartBox(list, boxRect, boxStyle, kBoxDefaults, fs);
    // The update resolves every declared part, drawn or not: while
    // unchecked a `:checked::mark` animation stops matching and is dropped,
    // so the next check starts it afresh (seed §5.3 would otherwise resume it).
    const Style& mark = partStyle(markPart_);
    if (boxLayer.visible() && isChecked()) {
      const float innerW = std::max(0.0f, m.w - 2.0f * border);
      const float innerH = std::max(0.0f, m.h - 2.0f * border);
      const float mw = std::max(0.0f, partLength(mark.width, m.w, fs, innerW * (1.0f - 2.0f * kMarkInset)));
      const float mh = std::max(0.0f, partLength(mark.height, m.h, fs, innerH * (1.0f - 2.0f * kMarkInset)));
      const RectF markRect{boxRect.x + 0.5f * (m.w - mw), boxRect.y + 0.5f * (m.h - mh), mw, mh};
      PartLayer markLayer(list, mark, markRect, fs);
      if (markLayer.visible()) {
        paintPartBox(list, markRect, mark, PartDefaults{}, fs);
        const Color glyph = mark.color.valueOr(Color::white());
        if (glyph.a > 0.0f) drawCheckGlyph(list, markRect, glyph);
      }
    }
  }
  if (!text().empty()) {
    const float x = boxRect.x + m.w + m.gap;
    drawLine(list, RectF{x, c.y, std::max(0.0f, c.x + c.w - x), c.h}, text(), *ctx.style);
  }
}

bool Checkbox::onPointer(const PointerEvent& e) {
  if (isDisabled()) {
    armed_ = false;
    return false;
  }
  switch (e.kind) {
    case PointerEvent::Kind::Down:
      if (e.button != 1) return false;
      armed_ = true;
      return true;
    case PointerEvent::Kind::Up: {
      if (e.button != 1) return false;
      const bool toggles = armed_ && box.viewRect.contains(e.x, e.y);
      armed_ = false;
      if (toggles) toggle();
      return true;
    }
    default: return false;
  }
}

bool Checkbox::onKey(const InputEvent& e) {
  if (isDisabled() || e.type != InputEventType::KeyDown || e.repeat || e.key != Key::Space) return false;
  toggle();
  return true;
}

}  // namespace zenit
