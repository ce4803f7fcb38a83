// Slider: a value along a track, dragged or stepped with keys.
#include <zenit/widgets/Slider.hpp>

#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Format.hpp>
#include <zenit/widgets/Paint.hpp>

#include "layout/LayoutAccess.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace zenit {

namespace {
// Built-in look of an unstyled slider.
constexpr float kTrackEm = 0.25f;  // 4px at 16px
constexpr float kKnobEm = 1.125f;  // 18px at 16px
constexpr float kWidthEm = 10.0f;  // measured width: 160px at 16px
constexpr Color kTrackColor = Color::rgba8(0xc8, 0xcc, 0xd4);
constexpr Color kAccent = Color::rgba8(0x3b, 0x82, 0xf6);
constexpr PartDefaults kTrackDefaults{.background = kTrackColor, .radius = kPill};
constexpr PartDefaults kFillDefaults{.background = kAccent, .radius = kPill};
constexpr PartDefaults kKnobDefaults{.background = Color::white(),
                                     .border = kAccent,
                                     .borderWidth = 2.0f,
                                     .radius = kPill,
                                     .fillFromColor = true};
constexpr int kPageSteps = 10;
constexpr float kContinuousKeyStep = 0.01f;  // of the range, when step is 0
}  // namespace

Slider::Slider(float min, float max, float value, float step)
    : Layout("Slider"),
      trackPart_(declarePart("track")),
      fillPart_(declarePart("fill")),
      knobPart_(declarePart("knob")) {
  setRange(min, max, step);  // a bad range is logged and [0, 1] kept
  setValue(value);
  // renderContent reads its box, its parts and the value (setValue and
  // setRange redraw): the draw may replay it while only parts animate.
  detail::LayoutAccess::retainPaint(*this);
}

bool Slider::setRange(float min, float max, float step) {
  if (!std::isfinite(min) || !std::isfinite(max) || !(max >= min) || !std::isfinite(step) || step < 0.0f) {
    logApi(Severity::Error, "Slider::setRange",
           "invalid range [" + formatCssNumber(static_cast<double>(min)) + ", " +
               formatCssNumber(static_cast<double>(max)) + "] with step " +
               formatCssNumber(static_cast<double>(step)) + "; unchanged");
    return false;
  }
  min_ = min;
  max_ = max;
  step_ = step;
  value_ = snap(value_);
  markNeedsRedraw();
  return true;
}

float Slider::snap(float v) const {
  v = std::clamp(v, min_, max_);
  if (step_ > 0.0f) {
    const float k = std::round((v - min_) / step_);
    v = std::clamp(min_ + k * step_, min_, max_);
  }
  return v;
}

bool Slider::setValue(float v) {
  if (std::isnan(v)) return false;
  const float next = snap(v);
  if (next == value_) return false;
  value_ = next;
  markNeedsRedraw();
  return true;
}

float Slider::fraction() const { return max_ > min_ ? (value_ - min_) / (max_ - min_) : 0.0f; }

void Slider::userSet(float v) {
  if (!setValue(v) || !onChange) return;
  std::function<void(float)> cb = onChange;  // the callback may replace onChange
  cb(value_);
}

float Slider::keyStep() const { return step_ > 0.0f ? step_ : (max_ - min_) * kContinuousKeyStep; }

Size Slider::measureContent(float width, MeasureMode widthMode, float /*height*/,
                            MeasureMode /*heightMode*/) {
  const float fs = fontSizePx(flexStyle());
  const Style& knob = partStyle(knobPart_);
  const float knobH = partLength(knob.height, 0.0f, fs, partLength(knob.width, 0.0f, fs, kKnobEm * fs));
  Size s{kWidthEm * fs, std::max(0.0f, knobH)};
  if (widthMode == MeasureMode::Exactly) s.width = width;
  return s;
}

void Slider::renderContent(DrawList& list, const RenderContext& ctx) const {
  const RectF& c = ctx.content;
  const float fs = fontSizePx(*ctx.style);
  const float cy = c.y + 0.5f * c.h;
  const float knobX = c.x + fraction() * c.w;

  // partStyle only reads what the update resolved: each part's Style
  // reference stays valid until the next update.
  const Style& track = partStyle(trackPart_);
  const float trackH = std::max(0.0f, partLength(track.height, c.h, fs, kTrackEm * fs));
  paintPart(list, RectF{c.x, cy - 0.5f * trackH, c.w, trackH}, track, kTrackDefaults, fs);
  if (knobX > c.x) {  // an empty fill draws nothing
    const Style& fill = partStyle(fillPart_);
    const float h = std::max(0.0f, partLength(fill.height, c.h, fs, trackH));
    paintPart(list, RectF{c.x, cy - 0.5f * h, knobX - c.x, h}, fill, kFillDefaults, fs);
  }
  const Style& knob = partStyle(knobPart_);
  const float w = std::max(0.0f, partLength(knob.width, c.w, fs, kKnobEm * fs));
  const float h = std::max(0.0f, partLength(knob.height, c.h, fs, w));
  // Seed §5.4 animates the knob's `color`: it is the knob's paint unless a
  // background-color is declared.
  paintPart(list, RectF{knobX - 0.5f * w, cy - 0.5f * h, w, h}, knob, kKnobDefaults, fs);
}

void Slider::setFromPointer(float viewX) {
  const Rect content = box.contentRect();
  if (!(content.width > 0.0f)) return;
  const float t = (viewX - (box.viewRect.x + content.x)) / content.width;
  userSet(min_ + std::clamp(t, 0.0f, 1.0f) * (max_ - min_));
}

bool Slider::onPointer(const PointerEvent& e) {
  if (isDisabled()) {
    dragging_ = false;
    return false;
  }
  switch (e.kind) {
    case PointerEvent::Kind::Down:
      if (e.button != 1) return false;
      dragging_ = true;
      setFromPointer(e.x);
      return true;
    case PointerEvent::Kind::Move:
      // UIContext routes moves to the pressed node; the flag check also
      // covers a release this node never saw (it was input-blocked then).
      if (!dragging_ || !isPressed()) {
        dragging_ = false;
        return false;
      }
      setFromPointer(e.x);
      return true;
    case PointerEvent::Kind::Up:
      if (e.button != 1 || !dragging_) return false;
      dragging_ = false;
      setFromPointer(e.x);
      return true;
    default: return false;
  }
}

bool Slider::onKey(const InputEvent& e) {
  if (isDisabled() || e.type != InputEventType::KeyDown) return false;
  const float s = keyStep();
  switch (e.key) {
    case Key::Left:
    case Key::Down: userSet(value_ - s); return true;
    case Key::Right:
    case Key::Up: userSet(value_ + s); return true;
    case Key::PageDown: userSet(value_ - static_cast<float>(kPageSteps) * s); return true;
    case Key::PageUp: userSet(value_ + static_cast<float>(kPageSteps) * s); return true;
    case Key::Home: userSet(min_); return true;
    case Key::End: userSet(max_); return true;
    default: return false;
  }
}

}  // namespace zenit
