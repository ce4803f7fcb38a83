// zenit-compositor: the smallest use of a Compositor (docs/compositor.md).
// A box turns; the UI thread runs its frames at 60 Hz, then sleeps 300 ms
// as a slow click handler would. The compositor's thread keeps drawing
// the box turning meanwhile, and writes a PNG every 6th frame to DIR
// (default build/compositor-frames).
//
//   zenit-compositor [DIR]
#include <zenit/zenit.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

using namespace zenit;

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "build/compositor-frames";
  std::filesystem::create_directories(dir);
  Theme::get().loadString(R"(
    @keyframes spin { to { rotate: 360deg; } }
    Root { padding: 40px; background-color: #161a22; }
    .box { width: 60px; height: 60px; background-color: #3b82f6; border-radius: 10px;
           animation: spin 1s linear infinite; }
  )");
  Layout root("Root");
  root.add<Layout>().addClass("box");
  UIContext& ctx = UIContext::get();
  ctx.viewport = Size{200.0f, 160.0f};

  // The compositor's thread: it draws every 1/60 s from the last commit.
  SoftwareRenderer renderer(200, 160);
  Compositor compositor;
  CompositorOptions options;
  options.maxFrames = 60;
  options.present = [&](const DrawList& list, const CompositorFrame& frame) {
    if (frame.index % 6 != 0) return;
    renderer.render(list);
    const std::string path = dir + "/frame_" + std::to_string(frame.index) + ".png";
    renderer.writePng(path);
    std::printf("frame %2llu at %.3f s, from commit %llu: %s\n", static_cast<unsigned long long>(frame.index),
                frame.time, static_cast<unsigned long long>(frame.commit), path.c_str());
  };

  // The UI thread: update, lay out, commit (only when the frame changed:
  // here once, since only the compositor's animation moves).
  ctx.frame(root, 1.0 / 60.0);
  compositor.commit(root);
  compositor.start(options);
  for (int f = 0; f < 20; ++f) {
    std::this_thread::sleep_for(std::chrono::milliseconds(16));
    ctx.frame(root, 1.0 / 60.0);
    compositor.commit(root);
  }
  std::printf("the UI thread sleeps 300 ms\n");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const std::uint64_t drawn = compositor.waitFrames(60, 10.0);
  compositor.stop();
  std::printf("%llu frames drawn, %llu commit%s\n", static_cast<unsigned long long>(drawn),
              static_cast<unsigned long long>(compositor.commits()), compositor.commits() == 1 ? "" : "s");
  return drawn == 60 ? 0 : 1;
}
