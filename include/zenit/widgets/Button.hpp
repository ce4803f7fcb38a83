// Button: a clickable label (selector type `Button`).
//
// States: :hover, :active (pressed), :focus (after a press or while it has
// keyboard focus), :disabled. The node's own box (background, border,
// radius, shadow) is the button; its text is drawn like a Label's (color,
// font-size, text-align). Style and transition it from the sheet:
//   Button { background-color: #2b3140; transition: background-color 0.15s; }
//   Button:hover { background-color: #3a4256; }
//
// Input: a primary press and release on the button calls onClick (Layout's
// callback, fired by UIContext::dispatch); Enter or Space while focused
// calls it too. A disabled button ignores both and cannot take focus.
#pragma once

#include <zenit/widgets/Label.hpp>

namespace zenit {

class Button : public Label {
 public:
  explicit Button(std::string_view text = {});

  void click();  // calls onClick as a press would (not when disabled)

  bool focusable() const override { return !isDisabled(); }

 protected:
  bool onKey(const InputEvent& e) override;
};

}  // namespace zenit
