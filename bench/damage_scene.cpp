#include "damage_scene.hpp"

#include <zenit/core/Transform.hpp>

namespace zenit::bench {

namespace {
constexpr float kCellW = 96.0f, kCellH = 72.0f;
constexpr int kColumns = 20;
constexpr float kSpinnerSize = 48.0f;
constexpr float kDegreesPerFrame = 7.0f;  // 360 / 7 is no whole number: angles do not repeat soon
}  // namespace

SpinnerScene::SpinnerScene(int cards) : cards_(cards) {
  labels_.reserve(static_cast<std::size_t>(cards));
  for (int i = 0; i < cards; ++i) labels_.push_back("Item " + std::to_string(i + 1));
}

int SpinnerScene::warmUp(DrawList& dl, SoftwareRenderer& sw) const {
  constexpr int kWarmFrames = 3;
  for (int frame = 0; frame < kWarmFrames; ++frame) {
    record(dl, frame);
    sw.render(dl);
  }
  return kWarmFrames;
}

void SpinnerScene::record(DrawList& dl, int frame) const {
  dl.reset();
  dl.rect(RectF{0, 0, kWidth, kHeight}, Color{0.96f, 0.96f, 0.97f, 1});
  for (int i = 0; i < cards_; ++i) {
    const float x = 8.0f + static_cast<float>(i % kColumns) * kCellW;
    const float y = 80.0f + static_cast<float>(i / kColumns) * kCellH;
    dl.rect(RectF{x, y, kCellW - 12, kCellH - 12}, Color::white(),
            RectStyle{.radii = Radii::all(6), .borderWidth = 1, .border = Color{0.8f, 0.8f, 0.85f, 1}});
    dl.text(x + 8, y + 8, labels_[static_cast<std::size_t>(i)],
            TextStyle{.sizePx = 14, .color = Color{0.1f, 0.1f, 0.15f, 1}});
  }
  // The spinner, in the header strip above the cards.
  const float sx = static_cast<float>(kWidth) - 80.0f, sy = 16.0f;
  const Vec2 centre{sx + 0.5f * kSpinnerSize, sy + 0.5f * kSpinnerSize};
  dl.pushTransform(
      Affine2D::fromMat3(aboutOrigin(rotation(kDegreesPerFrame * static_cast<float>(frame)), centre)));
  dl.rect(RectF{sx, sy, kSpinnerSize, kSpinnerSize}, Color{0.2f, 0.45f, 0.95f, 1},
          RectStyle{.radii = Radii::all(10)});
  dl.popTransform();
}

}  // namespace zenit::bench
