// Panel: a container with an optional title (selector type `Panel`).
//
// The node's box (background, border, radius, shadow, padding) is the
// panel; its children are laid out by its flex style (the default theme
// makes it a column). The title is the panel's first child, a Label with
// class `title` (style it as `Panel > .title`), hidden while the title is
// empty. Children added later come after it.
#pragma once

#include <zenit/layout/Layout.hpp>
#include <zenit/widgets/Label.hpp>

#include <string_view>

namespace zenit {

class Panel : public Layout {
 public:
  explicit Panel(std::string_view title = {});

  // Sets the title; "" hides it. False when the title label is no longer
  // the panel's first child (it was removed, e.g. by clearChildren()).
  bool setTitle(std::string_view title);
  std::string_view title() const;
  Label* titleLabel() const;  // the title node, or nullptr once removed

 private:
  class Title;  // the title's Label, which knows its panel
};

}  // namespace zenit
