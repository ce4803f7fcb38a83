// ProgressBar: a filled fraction of a bar (selector type `ProgressBar`).
//
// The node's own box (background, border, radius) is the bar; the fill is
// a part (seed §5):
//   ::fill  the content box from its start to value × its width:
//           background-color (default #3b82f6), border-*, border-radius
//           (default: a pill), box-shadow, opacity, transforms.
// Drive it from C++ or from an imperative animation's setter track:
//   anim->addTrack<float>(0.0f, 1.0f, [](Layout* l, float v) {
//     if (auto* bar = dynamic_cast<ProgressBar*>(l)) bar->setValue(v);
//   });
#pragma once

#include <zenit/layout/Layout.hpp>

namespace zenit {

class ProgressBar : public Layout {
 public:
  explicit ProgressBar(float value = 0.0f);

  void setValue(float v);  // clamps to [0, 1]; NaN is ignored
  float value() const { return value_; }

  bool hasContent() const override { return true; }
  Size measureContent(float width, MeasureMode widthMode, float height, MeasureMode heightMode) override;

 protected:
  void renderContent(DrawList& list, const RenderContext& ctx) const override;

 private:
  PartId fillPart_;
  float value_{0.0f};
};

}  // namespace zenit
