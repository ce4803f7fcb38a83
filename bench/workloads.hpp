// The benchmark workloads (docs/performance.md defines each one), shared by
// the Google Benchmark cases (bench_main.cpp) and the callgrind driver
// (frame_driver.cpp), so both measure exactly the same frames.
//
// [SECTION] Workload: names and trees
// [SECTION] World: one tree, its draw list and a null renderer
// [SECTION] Floor: the same per-node math as pulse in a flat loop
// [SECTION] Stylesheet generator for the parse workload
#pragma once

#include <zenit/anim/ClipPlayer.hpp>
#include <zenit/layout/Layout.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/Renderer.hpp>
#include <zenit/style/Atom.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zenit::bench {

// ---------------------------------------------------------------------------
// [SECTION] Workload
// ---------------------------------------------------------------------------

enum class Workload {
  Pulse,              // CSS @keyframes: opacity + translateX, ease-out-cubic, infinite
  Opacity,            // the same with opacity only
  Transition,         // opacity transition 0.3 s, a class toggled on every node every 30 frames
  ImperativeSetter,   // C++ UIAnimation, setter track writing getInlineBase().opacity
  ImperativeOverlay,  // C++ UIAnimation, overlay track addTrack(Prop::opacity, …)
  ImperativeFixed,    // the same, with UIAnimation::unchangedWhilePlaying
  Parts,              // Slider widgets, all hovered, knobGlow on ::knob (seed §5.4)
  Static,             // no animation
  Keyframes2,         // pulse with 2 keyframes (0%, 100%)
  Keyframes64,        // pulse with 64 keyframes
  NthList,            // :nth-child() rules over a list; one item inserted in its middle every frame
  NthTypeList,        // the same with :nth-of-type() and :nth-last-of-type()
  Clip,               // one clip: per node a fade and a slide track, staggered 2 ms apart, endless, alternate
};

std::string_view nameOf(Workload w);  // "pulse", "imperative-overlay" …
std::optional<Workload> workloadFromName(std::string_view name);
std::string sheetFor(Workload w);  // the .zstyle text the workload loads

inline constexpr int kWarmupFrames = 60;
inline constexpr int kTimedFrames = 600;
inline constexpr double kFrameDt = 1.0 / 60.0;

// ---------------------------------------------------------------------------
// [SECTION] World
// ---------------------------------------------------------------------------

// One workload's tree of N nodes under a wrapping root, with a reused draw
// list and a NullRenderer. Building it clears Theme::get(), loads the
// workload's sheet and resets the clock.
struct World {
  Workload workload{Workload::Static};
  int n{0};
  Layout root{"Root"};
  std::vector<Layout*> nodes;
  DrawList list;
  NullRenderer renderer;
  int frameIndex{0};
  // The transition's class, interned once as an application that changes a
  // class every few frames would (Layout::toggleClass(Atom)).
  Atom on{intern("on")};
  std::shared_ptr<ClipPlayer> clip;  // Workload::Clip: the player bound to every node

  void update();  // the frame's app work (transition: the toggles) + UIContext::frame(root, 1/60)
  void draw();    // list.reset(), root.draw(list), renderer.render(list)
  void frame() {
    update();
    draw();
  }
};

// Builds the world (theme, tree, draw list grown to a frame's size) without
// running any frame. `treeBytes`, when given, receives the heap the tree and
// its per-node state took after one update (players, transitions).
std::unique_ptr<World> buildWorld(Workload w, int n, std::size_t* treeBytes = nullptr);

// ---------------------------------------------------------------------------
// [SECTION] Floor
// ---------------------------------------------------------------------------

// pulse's per-node math written by hand over flat arrays: elapsed += dt,
// iteration progress, keyframe segment, ease-out-cubic, two interpolations,
// two float stores. What this machine needs at least; measured in the same run.
struct Floor {
  std::vector<double> elapsed;
  std::vector<float> opacity;
  std::vector<float> translateX;

  explicit Floor(int n);
  void frame(double dt);
  float checksum() const;
};

// ---------------------------------------------------------------------------
// [SECTION] Stylesheet generator
// ---------------------------------------------------------------------------

// A stylesheet of about `bytes` bytes: rules and @keyframes in the ratio
// 2,000 : 200 (0.5 MB holds 2,000 rules and 200 @keyframes blocks of three
// offsets with opacity and a transform). Deterministic.
std::string generateSheet(std::size_t bytes, std::size_t* rules = nullptr, std::size_t* keyframes = nullptr);

}  // namespace zenit::bench
