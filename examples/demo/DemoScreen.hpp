// The demo screen: one widget tree that shows every animation channel, the
// app logic that keeps its labels current, and the scripted input the
// headless run plays so its PNG frames show hover, press and checked states
// and a @timeline replayed.
#pragma once

#include <zenit/layout/Layout.hpp>
#include <zenit/widgets/Widgets.hpp>

#include <memory>

namespace demo {

struct DemoScreen {
  std::unique_ptr<zenit::Layout> root;

  // Buttons (transitions on :hover / :active / :focus)
  zenit::Button* primary{nullptr};
  zenit::Button* secondary{nullptr};
  zenit::Button* disabled{nullptr};
  // Checkboxes (the ::mark part animates in)
  zenit::Checkbox* sound{nullptr};
  zenit::Checkbox* notifications{nullptr};
  zenit::Checkbox* locked{nullptr};
  // Sliders (seed §5.4 knobGlow on :hover)
  zenit::Slider* volume{nullptr};
  zenit::Slider* steps{nullptr};
  zenit::Label* volumeLabel{nullptr};
  zenit::Label* stepsLabel{nullptr};
  // ProgressBar driven by an imperative UIAnimation (setter track)
  zenit::ProgressBar* progress{nullptr};
  zenit::Label* progressLabel{nullptr};
  // @keyframes row, paused by a class toggle (animation-play-state)
  zenit::Layout* pulses{nullptr};
  zenit::Button* pauseButton{nullptr};
  // Imperative overlay tracks started by playAnimation
  zenit::Layout* card{nullptr};
  zenit::Button* playButton{nullptr};
  // A stylesheet @timeline (demo.zstyle's `cells-in`) played on a grid of
  // cells by playTimeline: they pop in from the center, staggered.
  zenit::Layout* cells{nullptr};
  zenit::Button* replayButton{nullptr};
  std::shared_ptr<std::shared_ptr<zenit::ClipPlayer>> cellsIn;  // the running player (the button replaces it)
  void replayCells() { replayButton->onClick(*replayButton); }  // what a click on Replay does

  static DemoScreen build();  // the tree, its callbacks and animations
  // The `compositor` page: spinners the compositor keeps turning, and a
  // button whose handler blocks the UI thread for 500 ms.
  static DemoScreen buildCompositorPage();
  zenit::Button* busyButton{nullptr};

  // App logic after each frame: labels that follow animated values (the main page).
  void afterFrame();

  // Scripted input for headless runs: what happens before frame `frame`.
  // Returns a short description when something happened (for the log), else nullptr.
  const char* scriptedInput(int frame);

 private:
  int lastPercent_{-1};
  float pressX_{0.0f}, pressY_{0.0f};
};

}  // namespace demo
