#include <zenit/render/Renderer.hpp>

namespace zenit {

Renderer::~Renderer() = default;

void NullRenderer::render(const DrawList& list) {
  perOp_.fill(0);
  for (const DrawCmd& c : list.commands()) ++perOp_[static_cast<std::size_t>(c.op)];
  last_ = list.size();
  total_ += last_;
  ++frames_;
}

void RecordingRenderer::render(const DrawList& list) {
  list_ = list;  // vector copy-assignment reuses capacity once grown
  rects_.resize(0);
  texts_.resize(0);
  shadows_.resize(0);
  const auto cmds = list_.commands();
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    const DrawCmd& c = cmds[i];
    const DrawState& s = list_.stateOf(c);
    switch (c.op) {
      case DrawOp::Rect:
        rects_.push_back(RecordedRect{i, c.rect.rect, c.rect.radii, c.rect.fill.toColor(),
                                      c.rect.border.toColor(), c.rect.borderWidth, s.transform, s.opacity});
        break;
      case DrawOp::Text:
        texts_.push_back(RecordedText{i, list_.textOf(c.text), c.text.x, c.text.y, c.text.width,
                                      c.text.sizePx, c.text.color.toColor(), c.text.align, s.transform,
                                      s.opacity});
        break;
      case DrawOp::Shadow:
        shadows_.push_back(RecordedShadow{
            i, c.shadow.rect, c.shadow.radii, c.shadow.offsetX, c.shadow.offsetY, c.shadow.blur,
            c.shadow.spread, c.shadow.color.toColor(), c.shadow.inset != 0, s.transform, s.opacity});
        break;
      default: break;
    }
  }
  ++frames_;
}

const Affine2D& RecordingRenderer::transformOf(std::size_t command) const {
  return list_.stateOf(list_.commands()[command]).transform;
}

float RecordingRenderer::opacityOf(std::size_t command) const {
  return list_.stateOf(list_.commands()[command]).opacity;
}

std::size_t RecordingRenderer::count(DrawOp op) const {
  std::size_t n = 0;
  for (const DrawCmd& c : list_.commands()) n += (c.op == op) ? 1 : 0;
  return n;
}

}  // namespace zenit
