// The software renderer's damage workload (docs/rendering.md, "Damage"),
// shared by the Google Benchmark cases (bench_main.cpp) and the callgrind
// driver (frame_driver.cpp), so both measure the same frames: a 1920x1080
// window of N static cards (a rounded, bordered rectangle and a label
// each) and one 48 px spinner, a rounded rectangle under a transform that
// turns 7 degrees a frame.
#pragma once

#include <zenit/render/DrawList.hpp>
#include <zenit/render/SoftwareRenderer.hpp>

#include <string>
#include <vector>

namespace zenit::bench {

class SpinnerScene {
 public:
  static constexpr int kWidth = 1920;
  static constexpr int kHeight = 1080;

  explicit SpinnerScene(int cards);            // cards in a grid of 96 x 72 px cells, 20 to a row
  void record(DrawList& dl, int frame) const;  // resets dl, then records frame `frame`
  // Draws the first frames unmeasured (they bake the glyph atlas and grow
  // the draw list's records); returns the number of the next frame.
  int warmUp(DrawList& dl, SoftwareRenderer& sw) const;

 private:
  int cards_;
  std::vector<std::string> labels_;  // made once: recording a frame formats nothing
};

}  // namespace zenit::bench
