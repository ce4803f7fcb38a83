// Button: a clickable label.
#include <zenit/widgets/Button.hpp>

#include <functional>

namespace zenit {

Button::Button(std::string_view text) : Label("Button", text) {}

void Button::click() {
  if (isDisabled() || inputBlocked() || !onClick) return;
  // A copy: the callback may replace onClick or remove this button.
  std::function<void(Layout&)> cb = onClick;
  cb(*this);
}

bool Button::onKey(const InputEvent& e) {
  if (isDisabled() || e.type != InputEventType::KeyDown || e.repeat) return false;
  if (e.key != Key::Enter && e.key != Key::Space) return false;
  click();
  return true;
}

}  // namespace zenit
