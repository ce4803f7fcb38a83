// Slider: a value in [min, max] picked along a horizontal track (selector
// type `Slider`).
//
// Parts (seed §5), e.g. `Slider::track`, `Slider:hover::knob`:
//   ::track  the full-width bar, vertically centred in the content box:
//            height (default 0.25em), background-color (default #c8ccd4),
//            border-*, border-radius (default: a pill), box-shadow.
//   ::fill   the track from its start to the knob: height (default: the
//            track's), background-color (default #3b82f6), radius, shadow.
//   ::knob   a box centred on the value: width/height (default 1.125em),
//            background-color — or, when none is declared, its `color`
//            (default white), so the seed §5.4 knobGlow, which animates
//            `color`, shows — border (default 2px #3b82f6), radius (default
//            a circle), box-shadow, opacity, transforms.
// The track spans the content box and the knob's centre travels along it
// (the knob overhangs the ends by half its width: give the node padding).
// States: :hover, :active (dragging), :focus, :disabled.
//
// Input: press and drag with the primary button (the press captures the
// pointer, so the drag continues outside the node); Left/Down and
// Right/Up step, PageDown/PageUp step ten times, Home/End jump to the ends,
// while focused. Every change that moves the value calls onChange.
// Disabled: ignores input, no focus.
#pragma once

#include <zenit/layout/Layout.hpp>

#include <functional>

namespace zenit {

class Slider : public Layout {
 public:
  explicit Slider(float min = 0.0f, float max = 1.0f, float value = 0.0f, float step = 0.0f);

  // Sets the range and step (0 = continuous). Rejected (false, logged, the
  // slider unchanged) when a bound is not finite, max < min, or the step is
  // negative or not finite. The value is clamped and snapped into the new range.
  bool setRange(float min, float max, float step = 0.0f);
  // Clamps to [min, max] and snaps to min + k·step; NaN is ignored. No onChange
  // (a programmatic change). Returns whether the value changed.
  bool setValue(float v);
  float value() const { return value_; }
  float min() const { return min_; }
  float max() const { return max_; }
  float step() const { return step_; }
  float fraction() const;  // (value - min) / (max - min), 0 for an empty range

  std::function<void(float value)> onChange;  // the user moved the value (pointer or keys)

  bool focusable() const override { return !isDisabled(); }
  bool hasContent() const override { return true; }
  Size measureContent(float width, MeasureMode widthMode, float height, MeasureMode heightMode) override;

 protected:
  void renderContent(DrawList& list, const RenderContext& ctx) const override;
  bool onPointer(const PointerEvent& e) override;
  bool onKey(const InputEvent& e) override;

 private:
  float snap(float v) const;
  void userSet(float v);             // setValue + onChange when it moved
  void setFromPointer(float viewX);  // maps a viewport x to a value
  float keyStep() const;             // step, or 1 % of the range when continuous

  PartId trackPart_;
  PartId fillPart_;
  PartId knobPart_;
  float min_{0.0f}, max_{1.0f}, step_{0.0f}, value_{0.0f};
  bool dragging_{false};
};

}  // namespace zenit
