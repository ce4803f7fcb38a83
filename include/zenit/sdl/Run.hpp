// zenit::sdl::run: an app's main loop in an SdlWindow (target zenit::sdl).
//
// It is runFrameLoop (zenit/layout/FrameLoop.hpp) with the window as its
// host: it draws while something moves and otherwise sleeps in
// SDL_WaitEvent, so an idle window takes no CPU and draws no frames. The
// context's viewport follows the window's size, and a window the system
// exposed is drawn again.
//
//   auto window = zenit::SdlWindow::open({.title = "App"});
//   if (!window) return 1;
//   zenit::sdl::run(root, *window);
#pragma once

#include <zenit/layout/FrameLoop.hpp>
#include <zenit/render/SdlRenderer.hpp>

namespace zenit::sdl {

FrameLoopStats run(Layout& root, SdlWindow& window, const FrameLoopOptions& options = {});

}  // namespace zenit::sdl
