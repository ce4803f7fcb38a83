// zenit-demo: the manual-QA surface. Every widget and every animation
// channel on one screen, in an SDL2 window when there is a display, or
// headless, writing PNG frames (docs/demo.md). Run with --help.
#include "DemoScreen.hpp"

#include <zenit/core/Diagnostic.hpp>
#include <zenit/layout/Compositor.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
#include <zenit/style/Theme.hpp>
#ifdef ZENIT_DEMO_HAS_SDL
#include <zenit/render/SdlRenderer.hpp>
#include <zenit/sdl/Run.hpp>
#endif

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#ifndef ZENIT_DEMO_SOURCE_DIR
#define ZENIT_DEMO_SOURCE_DIR ""
#endif

namespace fs = std::filesystem;
using namespace zenit;

namespace {

constexpr double kFrameDt = 1.0 / 60.0;
const Color kClear = Color::rgba8(0x16, 0x1a, 0x22);

struct Options {
  bool help{false};
  bool headless{false};
  std::optional<int> frames;  // headless default 120; windowed default: until closed
  std::string out{"build/demo-frames"};
  int every{10};      // write every Nth frame (and the last)
  std::string style;  // demo sheet; default examples/demo/demo.zstyle
  std::string theme;  // base theme; default themes/default.zstyle
  bool noTheme{false};
  bool reducedMotion{false};  // UIContext::prefersReducedMotion
  bool dark{false};           // UIContext::colorScheme
  int width{800}, height{600};
  std::string screenshot;    // windowed: PNG of the last frame
  std::string page{"main"};  // main | compositor
  // --block-ui FRAME:MS: at headless frame FRAME the UI thread blocks for MS ms.
  std::optional<int> blockFrame;
  int blockMs{0};
  bool noCompositor{false};
  std::string renderer{"auto"};  // windowed backend: auto | gpu | software
};

void printHelp() {
  std::puts(
      "zenit-demo: every ZenitUI widget and animation channel on one screen.\n"
      "\n"
      "usage: zenit-demo [options]\n"
      "\n"
      "  --headless         render without a window even when a display is available\n"
      "  --frames N         run N frames, then exit (headless default: 120;\n"
      "                     windowed default: until the window is closed)\n"
      "  --out DIR          headless: directory for the PNG frames (default build/demo-frames)\n"
      "  --every N          headless: write every Nth frame, plus the last (default 10)\n"
      "  --style FILE       the demo stylesheet (default examples/demo/demo.zstyle);\n"
      "                     windowed runs reload it when the file changes\n"
      "  --theme FILE       the base theme loaded first (default themes/default.zstyle)\n"
      "  --no-theme         load no base theme (widgets fall back to built-in looks)\n"
      "  --reduced-motion   the user prefers reduced motion (@media prefers-reduced-motion)\n"
      "  --dark             the user prefers a dark scheme (@media prefers-color-scheme)\n"
      "  --size WxH         viewport size in px (default 800x600)\n"
      "  --screenshot FILE  windowed: write the last frame's pixels to FILE (PNG)\n"
      "  --page NAME        the screen to show: main (default) or compositor\n"
      "  --block-ui F:MS    headless: frames paced at 60 Hz of wall time, drawn by the\n"
      "                     compositor's thread; at frame F the UI thread blocks for MS\n"
      "                     milliseconds, as a slow handler would\n"
      "  --no-compositor    the UI thread draws every frame itself (in a window, and\n"
      "                     with --block-ui), so a blocked handler stops the animations\n"
      "  --renderer NAME    windowed: auto (default: gpu when SDL's renderer is\n"
      "                     accelerated, else software), gpu (triangles through\n"
      "                     SDL_RenderGeometry) or software (the software\n"
      "                     rasteriser's pixels, uploaded each frame)\n"
      "  --help             this text\n"
      "\n"
      "Without a display (no DISPLAY / WAYLAND_DISPLAY, or no SDL2 in the build) the\n"
      "demo runs headless and plays scripted input, so the frames show hover, press,\n"
      "drag and checked states. Esc or closing the window quits a windowed run.");
}

bool parseInt(std::string_view s, int& out, int lo, int hi) {
  int v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

// Returns an error message, or "" when the arguments are fine.
std::string parseArgs(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string_view& v) {
      if (i + 1 >= argc) return false;
      v = argv[++i];
      return true;
    };
    std::string_view v;
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--headless") {
      o.headless = true;
    } else if (a == "--no-theme") {
      o.noTheme = true;
    } else if (a == "--reduced-motion") {
      o.reducedMotion = true;
    } else if (a == "--dark") {
      o.dark = true;
    } else if (a == "--frames") {
      int n = 0;
      if (!value(v) || !parseInt(v, n, 1, 10'000'000)) return "--frames needs a whole number of frames >= 1";
      o.frames = n;
    } else if (a == "--every") {
      if (!value(v) || !parseInt(v, o.every, 1, 10'000'000)) return "--every needs a whole number >= 1";
    } else if (a == "--out") {
      if (!value(v) || v.empty()) return "--out needs a directory";
      o.out = v;
    } else if (a == "--style") {
      if (!value(v) || v.empty()) return "--style needs a file";
      o.style = v;
    } else if (a == "--theme") {
      if (!value(v) || v.empty()) return "--theme needs a file";
      o.theme = v;
    } else if (a == "--screenshot") {
      if (!value(v) || v.empty()) return "--screenshot needs a file";
      o.screenshot = v;
    } else if (a == "--page") {
      if (!value(v) || (v != "main" && v != "compositor")) return "--page needs main or compositor";
      o.page = v;
    } else if (a == "--block-ui") {
      const std::size_t colon = value(v) ? v.find(':') : std::string_view::npos;
      int frame = 0;
      if (colon == std::string_view::npos || !parseInt(v.substr(0, colon), frame, 0, 10'000'000) ||
          !parseInt(v.substr(colon + 1), o.blockMs, 1, 60'000))
        return "--block-ui needs FRAME:MS (a frame >= 0, 1 to 60000 ms; e.g. 30:500)";
      o.blockFrame = frame;
    } else if (a == "--no-compositor") {
      o.noCompositor = true;
    } else if (a == "--renderer") {
      if (!value(v) || (v != "auto" && v != "gpu" && v != "software"))
        return "--renderer needs auto, gpu or software";
      o.renderer = v;
    } else if (a == "--size") {
      const std::size_t x = value(v) ? v.find('x') : std::string_view::npos;
      if (x == std::string_view::npos || !parseInt(v.substr(0, x), o.width, 64, 8192) ||
          !parseInt(v.substr(x + 1), o.height, 64, 8192))
        return "--size needs WxH, each between 64 and 8192 (e.g. 800x600)";
    } else {
      return "unknown option '" + std::string(a) + "' (see --help)";
    }
  }
  return {};
}

// The first file that exists: the source tree first (so edits there hot
// reload), then next to the executable (CMake copies the sheets there).
std::string findResource(const std::vector<fs::path>& candidates) {
  for (const fs::path& p : candidates) {
    std::error_code ec;
    if (!p.empty() && fs::is_regular_file(p, ec)) return p.string();
  }
  return {};
}

fs::path executableDir(const char* argv0) {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) exe = fs::absolute(argv0, ec);
  return exe.parent_path();
}

// A stylesheet loaded into Theme::get(), watched for hot reload.
struct Sheet {
  std::string path;
  SheetId id{SheetId::None};
  fs::file_time_type stamp{};
};

std::optional<Sheet> loadSheet(const std::string& path, const char* what) {
  Sheet s;
  s.path = path;
  // Diagnostics go to the log sink (stderr) as the theme finds them; a sheet
  // with errors still loads its good rules.
  const Theme::LoadResult r = Theme::get().loadFile(path);
  if (r.id == SheetId::None) {
    std::fprintf(stderr, "zenit-demo: error: cannot load the %s '%s'\n", what, path.c_str());
    return std::nullopt;
  }
  s.id = r.id;
  std::error_code ec;
  s.stamp = fs::last_write_time(path, ec);
  std::printf("loaded %s %s%s\n", what, path.c_str(), r.ok() ? "" : " (with errors, see above)");
  return s;
}

// Forces every node to re-resolve its style (after a theme reload).
void restyleTree(Layout& root) { root.setId(root.id()); }

// The headless runs' PNG directory, created if missing; false (said) when it cannot be.
bool makeOutputDir(const std::string& out) {
  std::error_code ec;
  fs::create_directories(out, ec);
  if (!ec) return true;
  std::fprintf(stderr, "zenit-demo: error: cannot create the output directory '%s': %s\n", out.c_str(),
               ec.message().c_str());
  return false;
}

int runHeadless(const Options& o, demo::DemoScreen& screen) {
  const int frames = o.frames.value_or(120);
  if (!makeOutputDir(o.out)) return 1;
  UIContext& ctx = UIContext::get();
  SoftwareRenderer sw(o.width, o.height, {.clearColor = kClear});
  DrawList list;
  int written = 0;
  std::printf("headless: %d frames at 1/60 s, %dx%d, PNGs to %s\n", frames, o.width, o.height, o.out.c_str());
  for (int f = 0; f < frames; ++f) {
    if (const char* what = screen.scriptedInput(f)) std::printf("  frame %3d  input: %s\n", f, what);
    ctx.frame(*screen.root, kFrameDt);
    screen.afterFrame();
    ctx.layoutIfNeeded(*screen.root);
    list.reset();
    screen.root->draw(list);
    if (f % o.every != 0 && f != frames - 1) continue;
    sw.render(list);
    char name[32];
    std::snprintf(name, sizeof name, "frame_%04d.png", f);
    const fs::path path = fs::path(o.out) / name;
    if (!sw.writePng(path.string())) {
      std::fprintf(stderr, "zenit-demo: error: cannot write '%s'\n", path.string().c_str());
      return 1;
    }
    ++written;
    std::printf("  frame %3d  wrote %s (%zu draw commands)\n", f, path.string().c_str(), list.size());
  }
  std::printf("done: %d PNG frame%s in %s\n", written, written == 1 ? "" : "s", o.out.c_str());
  return 0;
}

// Headless with --block-ui: frames paced at 60 Hz of wall time, as a window
// shows them, frame f due f/60 s after the start. With the compositor (the
// default) its thread draws and writes every frame from what the UI thread
// committed last; the UI thread updates, commits and, at the block frame,
// sleeps. Without it the UI thread draws each frame itself, and the frames
// that come due while it sleeps show what was on screen: the last frame.
int runPaced(const Options& o, demo::DemoScreen& screen) {
  using Clock = std::chrono::steady_clock;
  const int frames = o.frames.value_or(120);
  if (!makeOutputDir(o.out)) return 1;
  UIContext& ctx = UIContext::get();
  SoftwareRenderer sw(o.width, o.height, {.clearColor = kClear});
  std::atomic<bool> failed{false};
  std::atomic<int> written{0};
  // Writes the renderer's frame as PNG number f (when --every asks for it).
  const auto write = [&](int f, const char* how) {
    if (f % o.every != 0 && f != frames - 1) return;
    char name[32];
    std::snprintf(name, sizeof name, "frame_%04d.png", f);
    const fs::path path = fs::path(o.out) / name;
    if (!sw.writePng(path.string())) {
      std::fprintf(stderr, "zenit-demo: error: cannot write '%s'\n", path.string().c_str());
      failed = true;
      return;
    }
    ++written;
    std::printf("  frame %3d  wrote %s (%s)\n", f, path.string().c_str(), how);
  };
  std::printf(
      "headless: %d frames paced at 60 Hz, %dx%d, PNGs to %s, UI thread blocked %d ms at frame %d%s\n",
      frames, o.width, o.height, o.out.c_str(), o.blockMs, *o.blockFrame,
      o.noCompositor ? ", no compositor" : "");
  const auto period = std::chrono::duration<double>(kFrameDt);
  const Clock::time_point start = Clock::now();
  const auto due = [&](int f) { return start + std::chrono::duration_cast<Clock::duration>(period * f); };
  const auto dueNow = [&] { return static_cast<int>((Clock::now() - start) / period); };
  // One UI frame covering the frames from `last` + 1 to `f`, their scripted input first.
  int last = -1;
  const auto uiFrame = [&](int f) {
    for (int i = last + 1; i <= f; ++i)
      if (const char* what = screen.scriptedInput(i)) std::printf("  frame %3d  input: %s\n", i, what);
    ctx.frame(*screen.root, kFrameDt * (f - last));
    screen.afterFrame();
    ctx.layoutIfNeeded(*screen.root);
    last = f;
  };
  const auto block = [&](int f) {
    std::printf("  frame %3d  the UI thread blocks for %d ms\n", f, o.blockMs);
    std::this_thread::sleep_for(std::chrono::milliseconds(o.blockMs));
  };

  if (o.noCompositor) {
    DrawList list;
    for (int f = 0; f < frames && !failed;) {
      std::this_thread::sleep_until(due(f));
      if (f == *o.blockFrame) block(f);
      // Frames whose time passed while the UI thread was busy: the window
      // kept showing the last one.
      const int now = std::min(std::max(f, dueNow()), frames - 1);
      for (; f < now; ++f) write(f, "late: the last frame again");
      uiFrame(f);
      list.reset();
      screen.root->draw(list);
      sw.render(list);
      write(f, "UI thread");
      ++f;
    }
  } else {
    Compositor compositor;
    CompositorOptions co;
    co.frameSeconds = kFrameDt;
    co.maxFrames = static_cast<std::uint64_t>(frames);
    co.everyFrame = true;
    co.present = [&](const DrawList& list, const CompositorFrame& f) {
      const int i = static_cast<int>(f.index);
      if (i % o.every != 0 && i != frames - 1) return;
      sw.render(list);
      char how[64];
      std::snprintf(how, sizeof how, "compositor, commit %llu%s", static_cast<unsigned long long>(f.commit),
                    f.afterCommit ? "" : ", stepped on its thread");
      write(i, how);
    };
    uiFrame(0);
    compositor.commit(*screen.root);
    compositor.start(co);
    for (int f = 1; compositor.running() && !failed; ++f) {
      std::this_thread::sleep_until(due(f));
      if (f == *o.blockFrame) block(f);
      f = std::max(f, dueNow());
      uiFrame(f);
      compositor.commit(*screen.root);
    }
    compositor.waitFrames(static_cast<std::uint64_t>(frames), 600.0);
    compositor.stop();
  }
  if (failed) return 1;
  std::printf("done: %d PNG frame%s in %s\n", written.load(), written == 1 ? "" : "s", o.out.c_str());
  return 0;
}

#ifdef ZENIT_DEMO_HAS_SDL
// Returns the exit code, or nullopt when no window could be opened.
std::optional<int> runWindowed(const Options& o, demo::DemoScreen& screen, std::vector<Sheet>& sheets) {
  const SdlBackend backend = o.renderer == "gpu"        ? SdlBackend::Geometry
                             : o.renderer == "software" ? SdlBackend::Software
                                                        : SdlBackend::Auto;
  auto win = SdlWindow::open({.title = "ZenitUI demo",
                              .width = o.width,
                              .height = o.height,
                              .clearColor = kClear,
                              .backend = backend});
  if (!win) return std::nullopt;
  win->setCaptureFrames(!o.screenshot.empty());
  std::printf("windowed: %dx%d, %s renderer%s\n", win->width(), win->height(),
              win->backend() == SdlBackend::Geometry ? "gpu" : "software",
              o.frames ? "" : " (Esc or close to quit)");
  // The window draws while something moves and sleeps otherwise; it wakes
  // twice a second to look for edited sheets (hot reload).
  using Clock = std::chrono::steady_clock;
  auto nextCheck = Clock::now();
  FrameLoopOptions loop;
  loop.frameSeconds = kFrameDt;
  loop.idleWakeSeconds = 0.5;
  loop.maxFrames = o.frames;
  bool quit = false;
  loop.stop = &quit;
  loop.onEvent = [&](const InputEvent& e) {
    if (e.type == InputEventType::KeyDown && e.key == Key::Escape) quit = true;
    return false;
  };
  loop.beforeFrame = [&] {
    const auto now = Clock::now();
    if (now < nextCheck) return;
    nextCheck = now + std::chrono::milliseconds(500);
    for (Sheet& s : sheets) {
      std::error_code ec;
      const auto stamp = fs::last_write_time(s.path, ec);
      if (ec || stamp == s.stamp) continue;
      s.stamp = stamp;
      const Theme::LoadResult r = Theme::get().reloadFile(s.id);
      restyleTree(*screen.root);
      std::printf("reloaded %s%s\n", s.path.c_str(), r.ok() ? "" : " (with errors, see above)");
    }
  };
  loop.afterFrame = [&] { screen.afterFrame(); };
  // The tree runs on a UI thread of its own and this thread presents the
  // compositor's frames: the spinners turn through the Busy button's sleep.
  loop.compositor = !o.noCompositor;
  const FrameLoopStats stats = sdl::run(*screen.root, *win, loop);
  const int frame = stats.frames;
  std::printf("ran %d frame%s in %.1f s, idle %d time%s\n", frame, frame == 1 ? "" : "s", stats.seconds,
              stats.idleWaits, stats.idleWaits == 1 ? "" : "s");
  if (!o.screenshot.empty()) {
    if (!win->writePng(o.screenshot)) {
      std::fprintf(stderr, "zenit-demo: error: cannot write '%s'\n", o.screenshot.c_str());
      return 1;
    }
    std::printf("wrote %s\n", o.screenshot.c_str());
  }
  return 0;
}
#endif

bool haveDisplay() {
  const char* x = std::getenv("DISPLAY");
  const char* w = std::getenv("WAYLAND_DISPLAY");
  return (x && *x) || (w && *w);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (const std::string err = parseArgs(argc, argv, o); !err.empty()) {
    std::fprintf(stderr, "zenit-demo: error: %s\n", err.c_str());
    return 2;
  }
  if (o.help) {
    printHelp();
    return 0;
  }

  // --- stylesheets -----------------------------------------------------------
  const fs::path src = ZENIT_DEMO_SOURCE_DIR;
  const fs::path exeDir = executableDir(argv[0]);
  std::vector<Sheet> sheets;
  if (!o.noTheme) {
    const std::string theme = !o.theme.empty()
                                  ? o.theme
                                  : findResource({src.empty() ? fs::path{} : src / "themes/default.zstyle",
                                                  exeDir / "default.zstyle"});
    if (theme.empty()) {
      std::fprintf(
          stderr, "zenit-demo: warning: themes/default.zstyle not found; widgets use their built-in looks\n");
    } else if (auto s = loadSheet(theme, "theme")) {
      sheets.push_back(*s);
    } else if (!o.theme.empty()) {
      return 1;  // a file the user named must load
    }
  }
  const std::string style = !o.style.empty()
                                ? o.style
                                : findResource({src.empty() ? fs::path{} : src / "examples/demo/demo.zstyle",
                                                exeDir / "demo.zstyle"});
  if (style.empty()) {
    std::fprintf(stderr,
                 "zenit-demo: error: demo.zstyle not found next to the executable or in the source tree; "
                 "pass --style FILE\n");
    return 1;
  }
  if (auto s = loadSheet(style, "stylesheet")) {
    sheets.push_back(*s);
  } else {
    return 1;
  }

  // --- the screen ------------------------------------------------------------
  UIContext& ctx = UIContext::get();
  ctx.setTheme(Theme::get());
  ctx.viewport = Size{static_cast<float>(o.width), static_cast<float>(o.height)};
  ctx.prefersReducedMotion = o.reducedMotion;
  ctx.colorScheme = o.dark ? ColorScheme::Dark : ColorScheme::Light;
  demo::DemoScreen screen =
      o.page == "compositor" ? demo::DemoScreen::buildCompositorPage() : demo::DemoScreen::build();

  bool windowed = !o.headless && !o.blockFrame && haveDisplay();
#ifdef ZENIT_DEMO_HAS_SDL
  if (windowed) {
    if (const std::optional<int> rc = runWindowed(o, screen, sheets)) return *rc;
    std::fprintf(stderr, "zenit-demo: cannot open a window; running headless instead\n");
  }
#else
  if (windowed) std::fprintf(stderr, "zenit-demo: built without SDL2; running headless\n");
#endif
  windowed = false;
  if (o.blockFrame) return runPaced(o, screen);
  return runHeadless(o, screen);
}
