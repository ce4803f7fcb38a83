// runFrameLoop (FrameLoop.hpp): frames while something moves, waits otherwise.
#include <zenit/layout/FrameLoop.hpp>

#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>

#include <algorithm>

namespace zenit {

FrameLoopStats runFrameLoop(Layout& root, FrameHost& host, const FrameLoopOptions& o) {
  UIContext& ctx = UIContext::get();
  FrameLoopStats stats;
  const double start = host.now();
  const auto stopped = [&] { return host.quitRequested() || (o.stop != nullptr && *o.stop); };
  DrawList list;
  double last = start;
  bool quit = false;
  while (!quit && !stopped()) {
    for (const InputEvent& e : host.pollEvents()) {
      if (o.onEvent && o.onEvent(e)) continue;
      if (e.type == InputEventType::Quit) {
        quit = true;
        continue;
      }
      ctx.dispatch(root, e);
    }
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
