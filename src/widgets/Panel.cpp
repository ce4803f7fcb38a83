// Panel: a container whose first child is its title.
#include <zenit/widgets/Panel.hpp>

namespace zenit {

Panel::Panel(std::string_view title) : Layout("Panel") {
  title_ = &add<Label>(title);
  title_->addClass("title");
  if (title.empty()) title_->getInlineBase().display = Display::None;
}

Label* Panel::titleLabel() const {
  // The label is ours only while it is still the first child; compare
  // addresses instead of dereferencing a label someone may have removed.
  return childCount() > 0 && static_cast<const Layout*>(title_) == &child(0) ? title_ : nullptr;
}

bool Panel::setTitle(std::string_view title) {
  Label* label = titleLabel();
  if (!label) return false;
  const bool wasEmpty = label->text().empty();
  label->setText(title);
  if (wasEmpty != title.empty()) {
    Style& inlineBase = label->getInlineBase();
    if (title.empty())
      inlineBase.display = Display::None;
    else
      inlineBase.display.reset();
  }
  return true;
}

std::string_view Panel::title() const {
  const Label* label = titleLabel();
  return label ? std::string_view(label->text()) : std::string_view{};
}

}  // namespace zenit
