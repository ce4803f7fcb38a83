// ZenitUI benchmarks (docs/performance.md): every hot path against the
// field's best and this machine's floor.
//
// Cases are named workload/N. Each frame case builds its world, runs 60
// warm-up frames, then times 600 frames of update (UIContext::frame) + draw
// (DrawList reset, Layout::draw, NullRenderer). Counters:
//   ns_per_node_frame  wall time of update + draw per node per frame
//   ns_update, ns_draw the same split in two
//   allocs_per_frame   global operator new calls per timed frame
//   bytes_per_node     heap the tree took (mallinfo2 delta over building it
//                      and its first frame), per node
//
// software-full/N and software-damage/N (docs/rendering.md, "Damage") time
// SoftwareRenderer::render alone on the spinner scene (damage_scene.hpp):
//   ns_per_frame       wall time of render() per frame (the case's manual time)
//   damage_px          pixels redrawn per frame
//   allocs_per_frame   global operator new calls per timed frame
#include "alloc_count.hpp"
#include "damage_scene.hpp"
#include "workloads.hpp"

#include <zenit/layout/UIContext.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/Theme.hpp>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace {

using namespace zenit;
using namespace zenit::bench;
using Clock = std::chrono::steady_clock;

double nsSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

enum class Part { Both, UpdateOnly, DrawOnly };

void runFrames(benchmark::State& state, Workload w, Part part) {
  const int n = static_cast<int>(state.range(0));
  std::size_t treeBytes = 0;
  auto world = buildWorld(w, n, &treeBytes);
  for (int f = 1; f < kWarmupFrames; ++f) world->frame();  // buildWorld ran the first

  double updateNs = 0.0, drawNs = 0.0;
  int frames = 0;
  const std::size_t allocsBefore = allocationCount();
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    if (part != Part::DrawOnly) world->update();
    const Clock::time_point t1 = Clock::now();
    if (part != Part::UpdateOnly) world->draw();
    drawNs += nsSince(t1);
    updateNs += std::chrono::duration<double, std::nano>(t1 - t0).count();
    ++frames;
  }
  const std::size_t allocs = allocationCount() - allocsBefore;
  benchmark::DoNotOptimize(world->renderer.totalCommands());

  const double perNodeFrame = 1.0 / (static_cast<double>(n) * frames);
  state.counters["ns_per_node_frame"] = (updateNs + drawNs) * perNodeFrame;
  state.counters["ns_update"] = updateNs * perNodeFrame;
  state.counters["ns_draw"] = drawNs * perNodeFrame;
  state.counters["allocs_per_frame"] = static_cast<double>(allocs) / frames;
  state.counters["bytes_per_node"] = static_cast<double>(treeBytes) / n;
  state.counters["commands"] = static_cast<double>(world->renderer.lastCommandCount());
}

void floorFrames(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  Floor floor(n);
  for (int f = 0; f < kWarmupFrames; ++f) floor.frame(kFrameDt);
  double ns = 0.0;
  int frames = 0;
  const std::size_t allocsBefore = allocationCount();
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    floor.frame(kFrameDt);
    benchmark::ClobberMemory();
    ns += nsSince(t0);
    ++frames;
  }
  // Counted before the counters are set: inserting one allocates.
  const std::size_t allocs = allocationCount() - allocsBefore;
  benchmark::DoNotOptimize(floor.checksum());
  state.counters["ns_per_node_frame"] = ns / (static_cast<double>(n) * frames);
  state.counters["allocs_per_frame"] = static_cast<double>(allocs) / frames;
  state.counters["bytes_per_node"] = static_cast<double>(sizeof(double) + 2 * sizeof(float));
}

// parse: parseStyleSheet alone; apply: Theme::loadString (parse + rule index + keyframes).
void parseSheet(benchmark::State& state, bool apply) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  std::size_t rules = 0, keyframes = 0;
  const std::string text = generateSheet(bytes, &rules, &keyframes);
  {
    const StyleSheet check = parseStyleSheet(text);
    for (const Diagnostic& d : check.diagnostics)
      if (d.severity == Severity::Error) {
        state.SkipWithError(("generated sheet: " + d.format()).c_str());
        return;
      }
  }
  Theme theme;
  double ns = 0.0;
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    if (apply) {
      theme.clear();
      benchmark::DoNotOptimize(theme.loadString(text, "generated.zstyle"));
    } else {
      StyleSheet sheet = parseStyleSheet(text);
      benchmark::DoNotOptimize(sheet);
    }
    ns += nsSince(t0);
  }
  const double mb = static_cast<double>(text.size()) / 1e6;
  state.counters["MB_per_s"] = mb * static_cast<double>(state.iterations()) / (ns * 1e-9);
  state.counters["bytes"] = static_cast<double>(text.size());
  state.counters["rules"] = static_cast<double>(rules);
  state.counters["keyframes"] = static_cast<double>(keyframes);
}

// The spinner scene of N cards through the software renderer: every frame
// redrawn whole (invalidate() before each) or only where it changed.
void softwareFrames(benchmark::State& state, bool full) {
  const int cards = static_cast<int>(state.range(0));
  const SpinnerScene scene(cards);
  SoftwareRenderer sw(SpinnerScene::kWidth, SpinnerScene::kHeight, {.clearColor = Color::white()});
  DrawList dl;
  int frame = scene.warmUp(dl, sw);
  double ns = 0.0, pixels = 0.0;
  const std::size_t allocsBefore = allocationCount();
  for (auto _ : state) {
    scene.record(dl, frame++);
    if (full) sw.invalidate();
    const Clock::time_point t0 = Clock::now();
    sw.render(dl);
    const double t = nsSince(t0);
    state.SetIterationTime(t * 1e-9);
    ns += t;
    const PixelRect d = sw.lastDamage();
    pixels += static_cast<double>(d.w) * d.h;
  }
  const std::size_t allocs = allocationCount() - allocsBefore;
  benchmark::DoNotOptimize(sw.pixel(0, 0));
  const auto frames = static_cast<double>(state.iterations());
  state.counters["ns_per_frame"] = ns / frames;
  state.counters["damage_px"] = pixels / frames;
  state.counters["allocs_per_frame"] = static_cast<double>(allocs) / frames;
  state.counters["commands"] = static_cast<double>(dl.size());
}

void registerAll() {
  const int sizes[] = {1000, 10000, 50000};
  const Workload frameWorkloads[] = {Workload::Pulse,
                                     Workload::Opacity,
                                     Workload::Transition,
                                     Workload::ImperativeSetter,
                                     Workload::ImperativeOverlay,
                                     Workload::ImperativeFixed,
                                     Workload::Parts};
  for (Workload w : frameWorkloads)
    for (int n : sizes)
      benchmark::RegisterBenchmark(std::string(nameOf(w)).c_str(),
                                   [w](benchmark::State& s) { runFrames(s, w, Part::Both); })
          ->Arg(n)
          ->Iterations(kTimedFrames)
          ->Unit(benchmark::kMillisecond);
  for (int n : sizes) {
    benchmark::RegisterBenchmark("static",
                                 [](benchmark::State& s) { runFrames(s, Workload::Static, Part::Both); })
        ->Arg(n)
        ->Iterations(kTimedFrames)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(
        "static-update", [](benchmark::State& s) { runFrames(s, Workload::Static, Part::UpdateOnly); })
        ->Arg(n)
        ->Iterations(kTimedFrames)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("static-draw",
                                 [](benchmark::State& s) { runFrames(s, Workload::Static, Part::DrawOnly); })
        ->Arg(n)
        ->Iterations(kTimedFrames)
        ->Unit(benchmark::kMillisecond);
  }
  // A growing list (one item a frame): 120 timed frames, not 600.
  benchmark::RegisterBenchmark("nth-list",
                               [](benchmark::State& s) { runFrames(s, Workload::NthList, Part::Both); })
      ->Arg(10000)
      ->Iterations(120)
      ->Unit(benchmark::kMillisecond);
  for (Workload w : {Workload::Keyframes2, Workload::Keyframes64})
    benchmark::RegisterBenchmark(std::string(nameOf(w)).c_str(),
                                 [w](benchmark::State& s) { runFrames(s, w, Part::Both); })
        ->Arg(10000)
        ->Iterations(kTimedFrames)
        ->Unit(benchmark::kMillisecond);
  for (int n : sizes)
    benchmark::RegisterBenchmark("floor", floorFrames)
        ->Arg(n)
        ->Iterations(kTimedFrames)
        ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("software-full", [](benchmark::State& s) { softwareFrames(s, true); })
      ->Arg(300)
      ->Iterations(60)
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("software-damage", [](benchmark::State& s) { softwareFrames(s, false); })
      ->Arg(300)
      ->Iterations(kTimedFrames)
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond);
  for (long bytes : {130000L, 500000L, 1000000L, 2000000L}) {
    benchmark::RegisterBenchmark("parse", [](benchmark::State& s) { parseSheet(s, false); })
        ->Arg(bytes)
        ->MinTime(0.5)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("parse-apply", [](benchmark::State& s) { parseSheet(s, true); })
        ->Arg(bytes)
        ->MinTime(0.5)
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
