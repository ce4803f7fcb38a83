// A small driver for instruction counts under callgrind (bench/run.py):
//
//   zenit_frame_driver <workload> <N> <frames>   build, 60 warm-up frames, then <frames> frames
//   zenit_frame_driver parse <bytes> <reps>      generate a sheet, parseStyleSheet it <reps> times
//                                                (the sheets are freed after the measured part)
//   zenit_frame_driver parse-free <bytes> <reps>  the same, each sheet freed inside it
//   zenit_frame_driver parse-apply <bytes> <reps> the same through Theme::loadString
//   zenit_frame_driver floor <N> <frames>        the floor kernel
//   zenit_frame_driver sizes 1 1                 sizeof the per-node and per-animation structures
//   zenit_frame_driver software-full <N> <frames>   the spinner scene of N cards (damage_scene.hpp)
//   zenit_frame_driver software-damage <N> <frames> through SoftwareRenderer: 3 warm-up frames,
//                                                then <frames> frames redrawn whole (invalidate()
//                                                before each) or only where they changed; the
//                                                total divided by <frames> is the cost of a frame
//   zenit_frame_driver composite <N> <frames>    pulse's world committed to a Compositor, then
//                                                <frames> of its frames drawn from that commit
//                                                (drawFrame: its animations stepped, the list drawn)
//   zenit_frame_driver commit <N> <reps>         pulse's world committed <reps> times (forced):
//                                                the commit's cost for N changed nodes
//   zenit_frame_driver cycle <N> <cycles> [workload [period]]
//                                                wall ns per node of each frame of a workload's cycle
//                                                (default: transition's 30 frames: toggle, transition
//                                                frames, end, idle; pulse's is 60: one iteration);
//                                                ZENIT_CYCLE_TRACE=1 prints every frame as well
//
// Only the steady part is measured: run it as
//   valgrind --tool=callgrind --collect-atstart=no zenit_frame_driver pulse 1000 100
// and callgrind counts nothing until the CALLGRIND_TOGGLE_COLLECT client
// request placed before the timed frames (or parses), and stops at the one
// after them. Setup, sheet generation and warm-up are excluded; the total
// divided by N * frames (or bytes * reps) is the steady cost. Outside
// valgrind the requests are a few no-op instructions.
#include "alloc_count.hpp"
#include "damage_scene.hpp"
#include "workloads.hpp"

#include <zenit/layout/Compositor.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/Theme.hpp>

#include <valgrind/callgrind.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
  using namespace zenit;
  using namespace zenit::bench;
  if (argc < 4 || argc > 6 || (argc > 4 && std::string_view(argv[1]) != "cycle")) {
    std::fprintf(
        stderr,
        "usage: %s <workload|parse|parse-free|parse-apply|floor|sizes|cycle|software-full|"
        "software-damage|composite|commit> <N|bytes> <frames|reps|cycles> [cycle: workload [period]]\n",
        argv[0]);
    return 2;
  }
  const std::string_view what = argv[1];
  const long size = std::strtol(argv[2], nullptr, 10);
  const long count = std::strtol(argv[3], nullptr, 10);
  if (size <= 0 || count < 0) {
    std::fprintf(stderr, "bad size or count\n");
    return 2;
  }
  if (what == "parse" || what == "parse-free" || what == "parse-apply") {
    std::size_t ruleCount = 0, keyframeCount = 0;
    const std::string text = generateSheet(static_cast<std::size_t>(size), &ruleCount, &keyframeCount);
    std::size_t rules = 0;
    Theme theme;
    // parse keeps its sheets past the measured part, as scripts/parse-instr.sh
    // does: parsing, not freeing the result, is what it counts (parse-free
    // counts both).
    std::vector<StyleSheet> kept;
    kept.reserve(static_cast<std::size_t>(count));
    CALLGRIND_TOGGLE_COLLECT;
    for (long i = 0; i < count; ++i) {
      if (what == "parse") {
        kept.push_back(parseStyleSheet(text));
        rules += kept.back().rules.size();
      } else if (what == "parse-free") {
        rules += parseStyleSheet(text).rules.size();
      } else {
        theme.clear();
        rules += theme.loadString(text, "generated.zstyle").diagnostics.size();
      }
    }
    CALLGRIND_TOGGLE_COLLECT;
    std::printf("bytes %zu rules %zu keyframes %zu result %zu\n", text.size(), ruleCount, keyframeCount,
                rules);
    return 0;
  }
  if (what == "sizes") {  // the per-node memory figures of docs/performance.md
    std::printf(
        "Layout %zu AnimationPlayer %zu ActiveCssAnimation %zu KeyframeCursor %zu ComputedStyle %zu "
        "TransitionFunction %zu anim_state_per_plain_node %zu\n",
        sizeof(Layout), sizeof(AnimationPlayer), sizeof(ActiveCssAnimation), sizeof(Anim::KeyframeCursor),
        sizeof(ComputedStyle), sizeof(TransitionFunction), sizeof(std::unique_ptr<AnimationPlayer>));
    return 0;
  }
  if (what == "cycle") {  // where a cycle's time goes (docs/performance.md, "How to measure")
    // transition: World::update toggles the class every 30 frames.
    const std::string_view name = argc > 4 ? std::string_view(argv[4]) : std::string_view("transition");
    const auto w = workloadFromName(name);
    const long period = argc > 5 ? std::strtol(argv[5], nullptr, 10) : 30;
    if (!w || period < 1 || period > 10000) {
      std::fprintf(stderr, "cycle: unknown workload '%s' or a period outside [1, 10000]\n", argv[4]);
      return 2;
    }
    const auto kCycle = static_cast<std::size_t>(period);
    auto world = buildWorld(*w, static_cast<int>(size));
    for (long f = 0; f < kWarmupFrames; ++f) world->frame();
    std::vector<double> update(kCycle, 1e300), draw(kCycle, 1e300);
    using Clock = std::chrono::steady_clock;
    const auto ns = [](Clock::duration d) { return std::chrono::duration<double, std::nano>(d).count(); };
    // ZENIT_CYCLE_TRACE=1: every frame's time too (a frame that moves
    // within the cycle, such as an iteration's end, does not show in the least).
    const bool trace = std::getenv("ZENIT_CYCLE_TRACE") != nullptr;
    const double n = static_cast<double>(size);
    for (long f = 0; f < count * period; ++f) {  // the least of `cycles` runs of each frame
      const auto t0 = Clock::now();
      world->update();
      const auto t1 = Clock::now();
      world->draw();
      const auto t2 = Clock::now();
      const auto i = static_cast<std::size_t>(f % period);
      if (trace) std::printf("frame %ld update %.1f draw %.1f\n", f, ns(t1 - t0) / n, ns(t2 - t1) / n);
      update[i] = std::min(update[i], ns(t1 - t0));
      draw[i] = std::min(draw[i], ns(t2 - t1));
    }
    double total = 0.0;
    std::printf("frame  update  draw   (least ns per node over %ld cycles)\n", count);
    for (std::size_t i = 0; i < kCycle; ++i) {
      std::printf("%5zu %7.1f %5.1f\n", i, update[i] / n, draw[i] / n);
      total += update[i] + draw[i];
    }
    std::printf("mean %.1f ns per node and frame\n", total / n / static_cast<double>(kCycle));
    return 0;
  }
  if (what == "floor") {
    Floor floor(static_cast<int>(size));
    for (long f = 0; f < kWarmupFrames; ++f) floor.frame(kFrameDt);
    CALLGRIND_TOGGLE_COLLECT;
    for (long f = 0; f < count; ++f) floor.frame(kFrameDt);
    CALLGRIND_TOGGLE_COLLECT;
    std::printf("checksum %f\n", static_cast<double>(floor.checksum()));
    return 0;
  }
  if (what == "software-full" || what == "software-damage") {
    const bool full = what == "software-full";
    const SpinnerScene scene(static_cast<int>(size));
    SoftwareRenderer sw(SpinnerScene::kWidth, SpinnerScene::kHeight, {.clearColor = Color::white()});
    DrawList dl;
    int frame = scene.warmUp(dl, sw);
    const std::size_t allocs = allocationCount();
    double pixels = 0.0;
    for (long f = 0; f < count; ++f, ++frame) {
      scene.record(dl, frame);  // not counted: only render() is
      if (full) sw.invalidate();
      CALLGRIND_TOGGLE_COLLECT;
      sw.render(dl);
      CALLGRIND_TOGGLE_COLLECT;
      const PixelRect d = sw.lastDamage();
      pixels += static_cast<double>(d.w) * d.h;
    }
    std::printf("commands %zu damage_px %.0f allocations %zu\n", dl.size(),
                count > 0 ? pixels / static_cast<double>(count) : 0.0, allocationCount() - allocs);
    return 0;
  }
  if (what == "composite" || what == "commit") {
    auto world = buildWorld(Workload::Pulse, static_cast<int>(size));
    for (long f = 0; f < kWarmupFrames; ++f) world->frame();
    Compositor compositor;
    compositor.commit(world->root, true);
    DrawList drawn;
    compositor.drawFrame(kFrameDt, drawn);  // the first frame grows the lists
    compositor.commit(world->root, true);
    compositor.drawFrame(kFrameDt, drawn);
    const std::size_t allocs = allocationCount();
    CALLGRIND_TOGGLE_COLLECT;
    for (long f = 0; f < count; ++f) {
      if (what == "commit")
        compositor.commit(world->root, true);
      else
        compositor.drawFrame(kFrameDt, drawn);
    }
    CALLGRIND_TOGGLE_COLLECT;
    std::printf("commands %zu allocations %zu commits %llu\n", drawn.size(), allocationCount() - allocs,
                static_cast<unsigned long long>(compositor.commits()));
    return 0;
  }
  const auto w = workloadFromName(what);
  if (!w) {
    std::fprintf(stderr, "unknown workload '%s'\n", argv[1]);
    return 2;
  }
  auto world = buildWorld(*w, static_cast<int>(size));
  for (long f = 0; f < kWarmupFrames; ++f) world->frame();
  const std::size_t allocs = allocationCount();
  const std::uint64_t resolves = UIContext::get().resolver().stats().resolves;
  CALLGRIND_TOGGLE_COLLECT;
  for (long f = 0; f < count; ++f) world->frame();
  CALLGRIND_TOGGLE_COLLECT;
  std::printf("commands %zu allocations %zu resolves %llu\n", world->renderer.lastCommandCount(),
              allocationCount() - allocs,
              static_cast<unsigned long long>(UIContext::get().resolver().stats().resolves - resolves));
  return 0;
}
