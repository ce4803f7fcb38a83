// Label: one line of text, sized by the default font (selector type `Label`).
//
// Style: `color`, `font-size`, `text-align` (within the content box) from
// the node's own style (inherited, transitioned and animated like any
// other property). The text is vertically centred in the content box and
// does not wrap: its min-content width is its whole width.
#pragma once

#include <zenit/layout/Layout.hpp>

#include <string>
#include <string_view>

namespace zenit {

class Label : public Layout {
 public:
  explicit Label(std::string_view text = {});

  void setText(std::string_view text);  // lays the tree out again when the text changes
  const std::string& text() const { return text_; }

  // FlexNode: the text's width and line height at the node's font size.
  bool hasContent() const override { return true; }
  Size measureContent(float width, MeasureMode widthMode, float height, MeasureMode heightMode) override;

 protected:
  Label(std::string_view typeName,
        std::string_view text);  // for widgets that carry a text (Button, Checkbox)
  void renderContent(DrawList& list, const RenderContext& ctx) const override;
  Size textSize() const;  // the text at the node's (un-animated) font size

 private:
  std::string text_;
};

}  // namespace zenit
