// Compositor: animations that keep moving while the UI thread is busy.
//
// The UI thread commits frames; the compositor draws the last one it got,
// on every vsync, on a thread of its own. A committed frame holds the draw
// of the tree and, sealed as data, every animation and transition in it
// that changes no layout (opacity, transforms, colours, radii, shadows …):
// the compositor steps those and draws, whether or not the UI thread has
// done anything since. What it draws at a time t is, bit for bit, what the
// UI thread would draw at t.
//
//   zenit::Compositor compositor;
//   compositor.start({.present = [&](const zenit::DrawList& list, const zenit::CompositorFrame& f) {
//     renderer.render(list);              // on the compositor's thread
//   }});
//   for (;;) {                            // the UI thread
//     ctx.frame(root, dt);
//     ctx.layoutIfNeeded(root);
//     compositor.commit(root);            // hands the frame over when it changed
//   }
//
// What the UI thread does while the compositor runs:
//  - it keeps updating its tree as before (the tree stays the one truth:
//    getStyle, events and onFinished callbacks all come from its update);
//  - it commits after its update. A commit copies only when the frame
//    changed: a class, state, style, tree or layout change, a theme
//    reload, playback control (pause, seek, cancel, rate, play-state), or
//    an animation that only the UI thread steps. A frame in which only the
//    compositor's animations move commits nothing;
//  - it waits for the compositor only to hand a frame over (a mutex held
//    for a pointer swap).
//
// What the compositor steps (docs/compositor.md): CSS animations, CSS
// transitions and imperative overlay animations that write no layout
// property; of an imperative animation, one that promises
// UIAnimation::unchangedWhilePlaying and has no setter track (it is read on
// the compositor's thread); of a widget, only its transform, opacity and
// visibility (its renderContent is drawn as committed). Anything else that
// runs (part animations, clip bindings, setter tracks, layout properties)
// is the UI thread's: the frame is then committed on every UI frame, and
// while the UI thread is blocked it holds still.
#pragma once

#include <zenit/render/DrawList.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace zenit {

class Layout;

// What the compositor drew.
struct CompositorFrame {
  std::uint64_t index{0};   // frames drawn since the compositor was made, from 0
  double time{0.0};         // the UI clock (UIContext::time) the frame shows
  std::uint64_t commit{0};  // the commit it was drawn from (1 = the first)
  std::size_t animated{0};  // nodes the compositor stepped
  bool afterCommit{false};  // the first frame drawn from that commit
};

struct CompositorOptions {
  // Called on the compositor's thread with each frame it drew. The list
  // and the frame stay valid until the call returns.
  std::function<void(const DrawList&, const CompositorFrame&)> present;
  double frameSeconds{1.0 / 60.0};  // the vsync period
  // Stop once framesDrawn() reaches this (the thread then ends; waitFrames returns).
  std::optional<std::uint64_t> maxFrames;
  // Draw every frame at its due time on the vsync grid even when late
  // (headless runs that write every frame): frame k shows the first
  // commit's time plus k * frameSeconds, and the thread never waits for a
  // commit. False (a window): a late frame shows the time it is drawn at,
  // the frames missed are skipped, and it waits while nothing moves.
  bool everyFrame{false};
};

class Compositor {
 public:
  Compositor();
  ~Compositor();  // stops the thread (stop())
  Compositor(const Compositor&) = delete;
  Compositor& operator=(const Compositor&) = delete;

  // --- The UI thread -------------------------------------------------------
  // After UIContext::frame and layoutIfNeeded: hands the tree's frame over
  // when it changed since the last commit (or `force`). Returns whether it
  // committed. Never called while the tree updates (from a callback): then
  // it does nothing and logs an error.
  bool commit(Layout& root, bool force = false);
  // Whether the last commit holds something only the UI thread steps (its
  // frames are committed every UI frame).
  bool uiDriven() const;
  std::uint64_t commits() const;

  // --- Drawing on the caller's thread (tests, headless tools) --------------
  // Draws the last committed frame `dt` seconds of the UI clock after the
  // last frame drawn, or, for the first frame of a new commit, after the
  // commit. The thread must not be running (false, nothing drawn, logged).
  bool drawFrame(double dt, DrawList& out, CompositorFrame* info = nullptr);
  // The same for the wall time now: the commit's UI time moved on by the
  // wall time (std::chrono::steady_clock) since the commit, as the thread
  // draws in a window. For a loop that presents on its own thread
  // (runFrameLoop with FrameLoopOptions::compositor).
  bool drawFrameNow(DrawList& out, CompositorFrame* info = nullptr);
  // Whether a frame drawn now would differ from the last one drawn: a
  // commit came since, or something the compositor steps runs. On the
  // thread that draws.
  bool needsFrame() const;

  // --- The thread --------------------------------------------------------------
  // Starts the compositor's thread: from the first commit on, it draws a
  // frame every vsync (options.frameSeconds of wall time) and presents it.
  // When nothing it steps runs and no commit came since its last frame, it
  // waits for a commit (no frames, no CPU). False when it runs already or
  // the options have no present (logged).
  bool start(CompositorOptions options);
  void stop();  // ends the thread after the frame it draws; safe to call twice
  bool running() const;
  std::uint64_t framesDrawn() const;
  // Blocks until at least `frames` frames were presented, the thread ended
  // (maxFrames, stop) or `timeoutSeconds` passed; returns framesDrawn().
  std::uint64_t waitFrames(std::uint64_t frames, double timeoutSeconds);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace zenit
