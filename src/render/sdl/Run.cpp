// zenit::sdl::run (zenit/sdl/Run.hpp): the frame loop's host in an SdlWindow.
#include <zenit/sdl/Run.hpp>

#include <zenit/layout/UIContext.hpp>

#include <SDL.h>

#include <cmath>

namespace zenit::sdl {

namespace {

class WindowHost final : public FrameHost {
 public:
  // With a compositor the tree runs on another thread: the size reaches it
  // as the Resize events the window reports, not from here.
  WindowHost(SdlWindow& window, bool composited) : window_(window), composited_(composited) { followSize(); }

  std::span<const InputEvent> pollEvents() override {
    const std::span<const InputEvent> events = window_.pollEvents();
    if (!composited_) followSize();
    return events;
  }
  void wake() override {
    SDL_Event e{};
    e.type = SDL_USEREVENT;  // ends SDL_WaitEvent; pollEvents skips it
    SDL_PushEvent(&e);
  }
  void waitEvents(double timeoutSeconds) override {
    if (timeoutSeconds < 0.0)
      SDL_WaitEvent(nullptr);  // leaves the event in the queue for pollEvents
    else
      SDL_WaitEventTimeout(nullptr, static_cast<int>(std::ceil(timeoutSeconds * 1000.0)));
  }
  double now() override {
    return static_cast<double>(SDL_GetPerformanceCounter()) /
           static_cast<double>(SDL_GetPerformanceFrequency());
  }
  void present(const DrawList& list) override { window_.present(list); }
  void waitUntil(double until) override {
    const double rest = until - now();
    if (rest > 0.0) SDL_Delay(static_cast<Uint32>(rest * 1000.0));
  }
  bool quitRequested() const override { return window_.quitRequested(); }
  bool takeLost() override { return window_.takeExposed(); }

 private:
  // The root's containing block is the window's drawable area.
  void followSize() {
    UIContext& ctx = UIContext::get();
    const Size size{static_cast<float>(window_.width()), static_cast<float>(window_.height())};
    if (size.width == ctx.viewport.width && size.height == ctx.viewport.height) return;
    ctx.viewport = size;
    ctx.requestLayout();
  }

  SdlWindow& window_;
  bool composited_{false};
};

}  // namespace

FrameLoopStats run(Layout& root, SdlWindow& window, const FrameLoopOptions& options) {
  WindowHost host(window, options.compositor);
  return runFrameLoop(root, host, options);
}

}  // namespace zenit::sdl
