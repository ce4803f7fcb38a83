// Label: one line of text.
#include <zenit/widgets/Label.hpp>

#include <zenit/widgets/Paint.hpp>

namespace zenit {

Label::Label(std::string_view text) : Layout("Label"), text_(text) {}

Label::Label(std::string_view typeName, std::string_view text) : Layout(typeName), text_(text) {}

void Label::setText(std::string_view text) {
  if (text == text_) return;
  text_.assign(text.data(), text.size());
  markContentChanged();
}

Size Label::textSize() const {
  const TextSize t = measureLine(text_, fontSizePx(flexStyle()));
  return Size{t.width, t.height};
}

Size Label::measureContent(float width, MeasureMode widthMode, float /*height*/, MeasureMode /*heightMode*/) {
  // One unbreakable line: min-content = max-content = the text's width, so
  // only an exact width changes the answer.
  Size s = textSize();
  if (widthMode == MeasureMode::Exactly) s.width = width;
  return s;
}

void Label::renderContent(DrawList& list, const RenderContext& ctx) const {
  drawLine(list, ctx.content, text_, *ctx.style);
}

}  // namespace zenit
