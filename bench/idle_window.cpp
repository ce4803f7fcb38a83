// zenit_idle_window: what an idle window costs. A tree of 300 styled boxes
// whose animations are paused runs in zenit::sdl::run for SECONDS (default
// 10) of wall time, once as it is and once with the compositor
// (FrameLoopOptions::compositor); the program prints the frames drawn, the
// times the loop went idle, and the CPU time the process used (getrusage),
// against the same window drawing every frame at 60 Hz.
//
//   build/release/bench/zenit_idle_window [SECONDS]
//
// Without a display it runs on SDL's dummy video driver (SDL_VIDEODRIVER=dummy).
#include <zenit/sdl/Run.hpp>
#include <zenit/zenit.hpp>

#include <SDL.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

using namespace zenit;

namespace {

double cpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Run {
  FrameLoopStats stats;
  double cpu{0.0};
};

// sdl::run for `seconds`: the loop sleeps while nothing moves (both of its
// threads, with the compositor).
Run idleFor(Layout& root, SdlWindow& window, double seconds, bool compositor) {
  FrameLoopOptions o;
  o.compositor = compositor;
  const Uint64 start = SDL_GetPerformanceCounter();
  const double freq = static_cast<double>(SDL_GetPerformanceFrequency());
  bool stop = false;
  o.stop = &stop;
  o.idleWakeSeconds = 0.25;  // to notice the end of the run while idle
  o.beforeFrame = [&] { stop = static_cast<double>(SDL_GetPerformanceCounter() - start) / freq >= seconds; };
  const double cpu0 = cpuSeconds();
  Run r;
  r.stats = sdl::run(root, window, o);
  r.cpu = cpuSeconds() - cpu0;
  return r;
}

// The loop every app wrote before: a frame every 1/60 s, moving or not.
Run everyFrameFor(Layout& root, SdlWindow& window, double seconds) {
  UIContext& ctx = UIContext::get();
  const double freq = static_cast<double>(SDL_GetPerformanceFrequency());
  const auto now = [&] { return static_cast<double>(SDL_GetPerformanceCounter()) / freq; };
  DrawList list;
  const double cpu0 = cpuSeconds();
  const double start = now();
  Run r;
  while (now() - start < seconds) {
    const double t = now();
    for (const InputEvent& e : window.pollEvents()) ctx.dispatch(root, e);
    ctx.frame(root, 1.0 / 60.0);
    list.reset();
    root.draw(list);
    window.present(list);
    ++r.stats.frames;
    const double rest = t + 1.0 / 60.0 - now();
    if (rest > 0.0) SDL_Delay(static_cast<Uint32>(rest * 1000.0));
  }
  r.stats.seconds = now() - start;
  r.cpu = cpuSeconds() - cpu0;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 10.0;
  if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr)
    setenv("SDL_VIDEODRIVER", "dummy", 0);
  Theme::get().loadString(R"(
    @keyframes spin { to { rotate: 360deg; } }
    Root { flex-wrap: wrap; gap: 4px; }
    .box { width: 40px; height: 40px; background-color: #3b82f6; border-radius: 6px;
           animation: spin 1s linear infinite paused; }
  )");
  Layout root;
  for (int i = 0; i < 300; ++i) root.add<Layout>().addClass("box");
  auto window = SdlWindow::open({.title = "idle", .width = 800, .height = 600});
  if (!window) return 2;
  std::printf("video driver: %s\n", SDL_GetCurrentVideoDriver());
  const Run idle = idleFor(root, *window, seconds, false);
  const Run composited = idleFor(root, *window, seconds, true);
  const Run busy = everyFrameFor(root, *window, seconds);
  for (const auto& [name, r] : {std::pair{"idle (sdl::run)", idle},
                                std::pair{"idle (compositor)", composited}, std::pair{"every frame", busy}})
    std::printf("%-17s %5d frames, %5d idle waits, %.3f s CPU in %.1f s (%.2f%%)\n", name, r.stats.frames,
                r.stats.idleWaits, r.cpu, r.stats.seconds, 100.0 * r.cpu / r.stats.seconds);
  return 0;
}
