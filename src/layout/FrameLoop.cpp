// runFrameLoop (FrameLoop.hpp): frames while something moves, waits otherwise;
// with a compositor, the tree on a UI thread and the frames presented here.
#include <zenit/layout/FrameLoop.hpp>

#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>

#include <zenit/layout/Compositor.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace zenit {

namespace {

// Input to the tree: each event through onEvent first; returns whether a
// Quit event came.
bool deliver(Layout& root, std::span<const InputEvent> events, const FrameLoopOptions& o) {
  UIContext& ctx = UIContext::get();
  bool quit = false;
  for (const InputEvent& e : events) {
    if (o.onEvent && o.onEvent(e)) continue;
    if (e.type == InputEventType::Quit) {
      quit = true;
      continue;
    }
    ctx.dispatch(root, e);
  }
  return quit;
}

// What the presenting thread hands the UI thread: the events it polled,
// and the order to end.
struct Mailbox {
  std::mutex mutex;
  std::condition_variable wake;
  std::vector<InputEvent> events;
  bool quit{false};
};

// The UI thread of a loop with a compositor: input, update, layout, commit;
// it waits for input when nothing moves.
void runUiThread(Layout& root, FrameHost& host, const FrameLoopOptions& o, Compositor& compositor,
                 Mailbox& box) {
  using Clock = std::chrono::steady_clock;
  UIContext& ctx = UIContext::get();
  const auto period =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.frameSeconds));
  std::vector<InputEvent> events;
  Clock::time_point last = Clock::now();
  bool first = true;
  for (;;) {
    {
      const std::lock_guard<std::mutex> lock(box.mutex);
      if (box.quit) break;
      events.swap(box.events);
    }
    const bool quit = deliver(root, events, o);
    events.clear();
    if (quit || (o.stop != nullptr && *o.stop)) break;
    if (o.beforeFrame) o.beforeFrame();
    if (!first && !ctx.needsFrame(root)) {
      std::unique_lock<std::mutex> lock(box.mutex);
      const auto ready = [&] { return box.quit || !box.events.empty(); };
      if (o.idleWakeSeconds < 0.0)
        box.wake.wait(lock, ready);
      else
        box.wake.wait_for(lock, std::chrono::duration<double>(o.idleWakeSeconds), ready);
      last = Clock::now() - period;  // the first frame after a wait steps one period
      continue;
    }
    const Clock::time_point t = Clock::now();
    const double dt = first ? o.frameSeconds : std::chrono::duration<double>(t - last).count();
    last = t;
    first = false;
    ctx.frame(root, dt);
    if (o.afterFrame) o.afterFrame();
    ctx.layoutIfNeeded(root);
    if (compositor.commit(root)) host.wake();
    std::unique_lock<std::mutex> lock(box.mutex);
    box.wake.wait_until(lock, t + period, [&] { return box.quit; });
  }
}

FrameLoopStats runComposited(Layout& root, FrameHost& host, const FrameLoopOptions& o) {
  FrameLoopStats stats;
  const double start = host.now();
  Compositor compositor;
  Mailbox box;
  std::atomic<bool> uiEnded{false};
  std::thread ui([&] {
    runUiThread(root, host, o, compositor, box);
    uiEnded = true;
    host.wake();
  });
  DrawList list;
  for (;;) {
    const std::span<const InputEvent> events = host.pollEvents();
    if (!events.empty()) {
      {
        const std::lock_guard<std::mutex> lock(box.mutex);
        box.events.insert(box.events.end(), events.begin(), events.end());
      }
      box.wake.notify_all();
    }
    if (host.quitRequested() || uiEnded) break;
    const bool lost = host.takeLost();
    if (compositor.needsFrame() || (lost && compositor.commits() > 0)) {
      const double t = host.now();
      compositor.drawFrameNow(list);
      host.present(list);
      ++stats.frames;
      if (o.maxFrames && stats.frames >= *o.maxFrames) break;
      host.waitUntil(t + o.frameSeconds);
    } else {
      // Nothing moves on this side: input, or a commit (wake), ends the wait.
      ++stats.idleWaits;
      host.waitEvents(o.idleWakeSeconds);
    }
  }
  {
    const std::lock_guard<std::mutex> lock(box.mutex);
    box.quit = true;
  }
  box.wake.notify_all();
  ui.join();
  stats.seconds = host.now() - start;
  return stats;
}

}  // namespace

FrameLoopStats runFrameLoop(Layout& root, FrameHost& host, const FrameLoopOptions& o) {
  if (o.compositor) return runComposited(root, host, o);
  UIContext& ctx = UIContext::get();
  FrameLoopStats stats;
  const double start = host.now();
  const auto stopped = [&] { return host.quitRequested() || (o.stop != nullptr && *o.stop); };
  DrawList list;
  double last = start;
  bool quit = false;
  while (!quit && !stopped()) {
    quit = deliver(root, host.pollEvents(), o);
    if (quit || stopped()) break;
    if (o.beforeFrame) o.beforeFrame();
    if (stats.frames > 0 && !host.takeLost() && !ctx.needsFrame(root)) {
      // Nothing moves: wait for input (or the wake-up) instead of drawing.
      ++stats.idleWaits;
      host.waitEvents(o.idleWakeSeconds);
      // The first frame after a wait steps one period, not the time slept:
      // what starts then starts from its beginning.
      last = host.now() - o.frameSeconds;
      continue;
    }
    const double t = host.now();
    const double dt = stats.frames == 0 ? o.frameSeconds : std::clamp(t - last, 0.0, o.maxStepSeconds);
    last = t;
    ctx.frame(root, dt);
    if (o.afterFrame) o.afterFrame();
    ctx.layoutIfNeeded(root);
    list.reset();
    root.draw(list);
    host.present(list);
    ++stats.frames;
    if (o.maxFrames && stats.frames >= *o.maxFrames) break;
    host.waitUntil(t + o.frameSeconds);
  }
  stats.seconds = host.now() - start;
  return stats;
}

}  // namespace zenit
