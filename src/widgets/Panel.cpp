// Panel: a container whose first child is its title.
#include <zenit/widgets/Panel.hpp>

namespace zenit {

// A Label (selector type `Label`) that records the panel that made it. An
// address kept by the panel would not do: once the title is removed, a new
// node may be allocated at the same address and become the first child.
class Panel::Title : public Label {
 public:
  Title(std::string_view text, const Panel& owner) : Label(text), owner_(&owner) {}
  const Panel* owner() const { return owner_; }

 private:
  const Panel* owner_;
};

Panel::Panel(std::string_view title) : Layout("Panel") {
  Label& label = add<Title>(title, *this);
  label.addClass("title");
  if (title.empty()) label.getInlineBase().display = Display::None;
}

Label* Panel::titleLabel() const {
  // The label is ours only while it is still the first child.
  if (childCount() == 0) return nullptr;
  auto* title = dynamic_cast<Title*>(&child(0));
  return title != nullptr && title->owner() == this ? title : nullptr;
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
