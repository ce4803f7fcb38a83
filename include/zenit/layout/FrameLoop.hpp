// FrameLoop: an app's main loop that draws only while something moves.
//
// runFrameLoop delivers input, updates, lays out, draws and presents a tree
// frame after frame while anything plays, transitions or changes, and when
// nothing does (UIContext::needsFrame is false) it waits for input instead:
// no frames and no CPU until an event, or the wake-up timeout, comes. Input
// that changes nothing draws nothing. Paused animations and finished ones
// that hold their last value count as still.
//
// A FrameHost is the platform: where events come from, how to wait, the
// clock and the screen. With FrameLoopOptions::compositor the tree runs on
// a UI thread of its own and the calling thread presents a Compositor's
// frames, so animations go on while a handler blocks. zenit::sdl::run (zenit/sdl/Run.hpp, target
// zenit::sdl) runs the loop in an SdlWindow; tests drive it with a virtual
// clock.
//
//   zenit::FrameLoopOptions o;
//   o.afterFrame = [&] { fps.tick(); };
//   zenit::sdl::run(root, *window, o);
#pragma once

#include <zenit/render/DrawList.hpp>
#include <zenit/render/InputEvent.hpp>

#include <functional>
#include <optional>
#include <span>

namespace zenit {

class Layout;

class FrameHost {
 public:
  virtual ~FrameHost() = default;
  // The events that arrived since the last call, without waiting. The
  // span stays valid until the next call.
  virtual std::span<const InputEvent> pollEvents() = 0;
  // Blocks until an event is ready or `timeoutSeconds` passed (negative:
  // no timeout), leaving the event for pollEvents.
  virtual void waitEvents(double timeoutSeconds) = 0;
  virtual double now() = 0;  // seconds, monotonic
  // Shows the frame. A host that waits for the display here (vsync) paces
  // the loop itself.
  virtual void present(const DrawList& list) = 0;
  // Returns no earlier than `until` (now() seconds) unless present already
  // paced the frame; called between frames while something plays.
  virtual void waitUntil(double until) = 0;
  virtual bool quitRequested() const = 0;  // the platform asked to close
  // Whether the platform lost what was shown (a window exposed) since the
  // last call: the loop then draws a frame though nothing moves.
  virtual bool takeLost() { return false; }
  // Makes a waitEvents in progress (or the next one) return; called from
  // another thread (the UI thread of a loop with a compositor, after a
  // commit). Hosts that run no such loop may leave it as it is.
  virtual void wake() {}
};

struct FrameLoopOptions {
  double frameSeconds{1.0 / 60.0};  // the period of frames while something plays
  double maxStepSeconds{0.1};       // the longest dt one frame takes (after a stall)
  // While idle, wake up after this many seconds even without input, to run
  // beforeFrame (a hot reload that checks files, say). Negative: never.
  double idleWakeSeconds{-1.0};
  std::optional<int> maxFrames;  // stop once this many frames were drawn
  // Each event before the tree sees it; return true to keep it from the
  // tree. An InputEventType::Quit event ends the loop after this call.
  std::function<bool(const InputEvent&)> onEvent;
  // Before each frame, and on each idle wake-up: may change the tree or the
  // theme (whatever it changes is drawn, since the loop asks needsFrame next).
  std::function<void()> beforeFrame;
  std::function<void()> afterFrame;  // after the update and layout of each frame, before its draw
  // Set from a callback to end the loop after the current step.
  bool* stop{nullptr};
  // Runs the tree on a UI thread of its own and draws and presents on the
  // calling thread from a Compositor (zenit/layout/Compositor.hpp): what
  // the compositor steps keeps moving while a handler blocks the UI thread.
  // onEvent, beforeFrame and afterFrame then run on the UI thread, which
  // steps a stall's whole time (maxStepSeconds does not apply: the
  // compositor showed that time pass); the host is used from the calling
  // thread alone, but for wake(). Frames are counted where they are
  // presented.
  bool compositor{false};
};

struct FrameLoopStats {
  int frames{0};        // frames drawn and presented
  int idleWaits{0};     // times the loop waited for input with nothing to draw
  double seconds{0.0};  // host time from start to end
};

// Runs until the host requests quit, a Quit event arrives, maxFrames frames
// were drawn or *options.stop is set. The first frame is always drawn.
FrameLoopStats runFrameLoop(Layout& root, FrameHost& host, const FrameLoopOptions& options = {});

}  // namespace zenit
