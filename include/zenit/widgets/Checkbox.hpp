// Checkbox: a box with a check mark and an optional label (selector type
// `Checkbox`).
//
// Parts (seed §5), styled with `Checkbox::box` / `Checkbox:checked::mark` …:
//   ::box   the square, at the start of the content box, vertically centred;
//           width/height (default 1.125em), margin-right = the gap to the
//           label (default 0.5em), background-color, border-*, border-radius,
//           box-shadow, and transforms/opacity.
//   ::mark  drawn inside the box only while checked: a check glyph in its
//           `color` (default white) over its own box paint (background,
//           border, radius, shadow; default none). width/height (default:
//           the box less its border and 15 % per side), opacity and
//           transforms make it animatable, e.g.
//             @keyframes markIn { from { opacity: 0; scale: 0.4; } }
//             Checkbox:checked::mark { animation: markIn 0.18s ease-out; }
// The label is drawn after the box like a Label (color, font-size).
// States: :checked, :hover, :active, :focus, :disabled.
//
// Input: a primary press and release on the checkbox, or Space while it is
// focused, toggles it and calls onChange. Disabled: ignores input, no focus.
#pragma once

#include <zenit/widgets/Label.hpp>

#include <functional>

namespace zenit {

class Checkbox : public Label {
 public:
  explicit Checkbox(std::string_view text = {}, bool checked = false);

  void setChecked(bool on);  // sets :checked; no onChange (a programmatic change, as the DOM's `checked`)
  bool isChecked() const { return Layout::isChecked(); }
  void toggle();  // flips the state and calls onChange (what a click does)

  std::function<void(bool checked)> onChange;  // after a toggle from input or toggle()

  bool focusable() const override { return !isDisabled(); }
  Size measureContent(float width, MeasureMode widthMode, float height, MeasureMode heightMode) override;

 protected:
  void renderContent(DrawList& list, const RenderContext& ctx) const override;
  bool onPointer(const PointerEvent& e) override;
  bool onKey(const InputEvent& e) override;

 private:
  struct BoxMetrics {
    float w, h;  // the box's size, px
    float gap;   // between the box and the label, px
  };
  BoxMetrics boxMetrics(const Style& boxStyle, float fontSize) const;

  PartId boxPart_;
  PartId markPart_;
  bool armed_{false};  // pressed here with the primary button; a release here toggles
};

}  // namespace zenit
