// The benchmark workloads: sheets, trees, one frame, the floor kernel and
// the stylesheet generator (workloads.hpp).
#include "workloads.hpp"

#include "SheetGen.hpp"
#include "alloc_count.hpp"

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/anim/Clip.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Stagger.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/style/Theme.hpp>
#include <zenit/widgets/Slider.hpp>

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace zenit::bench {

namespace {

constexpr std::array<std::pair<Workload, std::string_view>, 13> kNames{{
    {Workload::Pulse, "pulse"},
    {Workload::Opacity, "opacity"},
    {Workload::Transition, "transition"},
    {Workload::ImperativeSetter, "imperative-setter"},
    {Workload::ImperativeOverlay, "imperative-overlay"},
    {Workload::ImperativeFixed, "imperative-fixed"},
    {Workload::Parts, "parts"},
    {Workload::Static, "static"},
    {Workload::Keyframes2, "keyframes2"},
    {Workload::Keyframes64, "keyframes64"},
    {Workload::NthList, "nth-list"},
    {Workload::NthTypeList, "nth-type-list"},
    {Workload::Clip, "clip"},
}};

// Zebra rows and every third row wider: an insertion moves every later
// item to a new place, so each of them restyles.
constexpr std::string_view kNthList = R"(
.box:nth-child(odd) { background-color: #00f; }
.box:nth-child(3n+1) { width: 12px; }
)";

// The same rows counted by type, from the first and from the last.
constexpr std::string_view kNthTypeList = R"(
.box:nth-of-type(odd) { background-color: #00f; }
.box:nth-last-of-type(3n+1) { width: 12px; }
)";

// Every workload: N boxes of 10 x 10 px in a wrapping row.
constexpr std::string_view kBase = R"(
Root { flex-wrap: wrap; align-content: flex-start; }
.box { width: 10px; height: 10px; background-color: #f00; }
)";

constexpr std::string_view kPulse = R"(
@keyframes pulse {
  0%   { opacity: 0.2; transform: translateX(0px); }
  50%  { opacity: 1;   transform: translateX(30px); }
  100% { opacity: 0.2; transform: translateX(0px); }
}
.box { animation: pulse 1s ease-out-cubic infinite; }
)";

constexpr std::string_view kOpacity = R"(
@keyframes pulse {
  0%   { opacity: 0.2; }
  50%  { opacity: 1; }
  100% { opacity: 0.2; }
}
.box { animation: pulse 1s ease-out-cubic infinite; }
)";

constexpr std::string_view kTransition = R"(
.box { opacity: 0.2; transition: opacity 0.3s; }
.on { opacity: 1; }
)";

// Seed §5.4, verbatim, on sliders the size of the other workloads' boxes.
constexpr std::string_view kParts = R"(
@keyframes knobGlow {
  0%   { color: #d6ff32; }
  50%  { color: #ffffff; }
  100% { color: #d6ff32; }
}
Slider:hover::knob { animation: knobGlow 0.6s ease-in-out infinite; }
)";

// pulse with `keys` keyframes spread evenly over [0, 1].
std::string keyframesSheet(int keys) {
  std::string s = "@keyframes pulse {\n";
  for (int i = 0; i < keys; ++i) {
    const double t = 100.0 * i / (keys - 1);
    const bool odd = (i % 2) == 1;
    s += fmt::format("  {:.4f}% {{ opacity: {}; transform: translateX({}px); }}\n", t, odd ? 1.0 : 0.2,
                     odd ? 30 : 0);
  }
  s += "}\n.box { animation: pulse 1s ease-out-cubic infinite; }\n";
  return s;
}

void fail(const std::string& what) {
  std::fprintf(stderr, "bench: %s\n", what.c_str());
  std::exit(2);
}

void loadSheet(std::string_view sheet) {
  Theme::get().clear();
  const Theme::LoadResult r = Theme::get().loadString(sheet, "bench.zstyle");
  if (!r.ok()) {
    for (const Diagnostic& d : r.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
    fail("the workload's stylesheet did not load cleanly");
  }
}

std::shared_ptr<UIAnimation> fadeAnimation(Workload w) {
  const bool setter = w == Workload::ImperativeSetter;
  auto a = std::make_shared<UIAnimation>(1.0f);
  if (setter)
    a->addTrack<float>(0.2f, 1.0f, [](Layout* l, float v) { l->getInlineBase().opacity = v; });
  else
    a->addTrack(Prop::opacity, 0.2f, 1.0f);
  a->iterations = std::numeric_limits<double>::infinity();
  a->direction = PlaybackDirection::Alternate;
  a->blocksInput = false;
  a->unchangedWhilePlaying = w == Workload::ImperativeFixed;
  return a;
}

// The clip workload's clip: for node i a fade (slot 2i: opacity 0.2 -> 1)
// and a slide (slot 2i + 1: 0 -> 30 px), each 1 s, ease-out-cubic, endless
// and alternate, the node's pair starting at its stagger offset (2 ms
// apart from the first).
std::shared_ptr<const Clip> staggeredClip(int n) {
  std::vector<double> offsets(static_cast<std::size_t>(n));
  Stagger stagger;
  stagger.spacing = 0.002;
  if (!computeStagger(stagger, offsets)) fail("the clip's stagger was refused");
  auto clip = std::make_shared<Clip>();
  const TransitionFunction ease = TransitionFunction::EaseOutCubic;
  for (int i = 0; i < n; ++i) {
    ClipTrack fade;
    fade.slot = 2 * static_cast<std::uint32_t>(i);
    fade.position = ClipPosition::at(offsets[static_cast<std::size_t>(i)]);
    fade.timing.iterationDuration = 1.0;
    fade.timing.iterationCount = std::numeric_limits<double>::infinity();
    fade.timing.direction = PlaybackDirection::Alternate;
    fade.timing.fill = FillMode::Both;
    fade.keyframes = {ClipKeyframe{0.0, {0.2f}, ease}, ClipKeyframe{1.0, {1.0f}, {}}};
    ClipTrack slide = fade;
    slide.slot = fade.slot + 1;
    slide.position = ClipPosition::withPrevious();
    slide.keyframes = {ClipKeyframe{0.0, {0.0f}, ease}, ClipKeyframe{1.0, {30.0f}, {}}};
    if (!clip->addTrack(fade) || !clip->addTrack(slide)) fail("the clip refused a track");
  }
  if (!clip->seal()) fail("the clip did not seal");
  return clip;
}

}  // namespace

std::string_view nameOf(Workload w) {
  for (const auto& [k, name] : kNames)
    if (k == w) return name;
  return "?";
}

std::optional<Workload> workloadFromName(std::string_view name) {
  for (const auto& [k, n] : kNames)
    if (n == name) return k;
  return std::nullopt;
}

std::string sheetFor(Workload w) {
  std::string s(kBase);
  switch (w) {
    case Workload::Pulse: s += kPulse; break;
    case Workload::Opacity: s += kOpacity; break;
    case Workload::Transition: s += kTransition; break;
    case Workload::Parts: s += kParts; break;
    case Workload::Keyframes2: s += keyframesSheet(2); break;
    case Workload::Keyframes64: s += keyframesSheet(64); break;
    case Workload::NthList: s += kNthList; break;
    case Workload::NthTypeList: s += kNthTypeList; break;
    case Workload::ImperativeSetter:
    case Workload::ImperativeOverlay:
    case Workload::ImperativeFixed:
    case Workload::Clip:
    case Workload::Static: break;
  }
  return s;
}

std::unique_ptr<World> buildWorld(Workload w, int n, std::size_t* treeBytes) {
  loadSheet(sheetFor(w));
  UIContext& ctx = UIContext::get();
  ctx.resetClock();
  // 100 boxes a row; rows of 10 px: every node is laid out inside the viewport.
  ctx.viewport = Size{1000.0f, 10.0f * static_cast<float>((n + 99) / 100) + 10.0f};
  ctx.requestLayout();

  auto world = std::make_unique<World>();
  world->workload = w;
  world->n = n;
  world->nodes.reserve(static_cast<std::size_t>(n));
  // Grow the draw list to more than a frame needs first, so that the heap
  // measured below is the tree's alone and steady frames never grow it.
  world->list.reserve(static_cast<std::size_t>(n) * 16, 0);
  for (int i = 0; i < 2 * n + 8; ++i) world->list.pushTransform(Affine2D{});
  for (int i = 0; i < 2 * n + 8; ++i) world->list.popTransform();
  world->list.reset();

  const std::size_t before = heapInUse();
  for (int i = 0; i < n; ++i) {
    Layout* node = nullptr;
    if (w == Workload::Parts) {
      Slider& s = world->root.add<Slider>();
      s.setHovered(true);
      node = &s;
    } else {
      node = &world->root.add<Layout>("Box");
    }
    node->addClass("box");
    if (w == Workload::ImperativeSetter || w == Workload::ImperativeOverlay ||
        w == Workload::ImperativeFixed) {
      node->addAnimation("fade", fadeAnimation(w));
      node->playAnimation("fade");
    }
    world->nodes.push_back(node);
  }
  if (w == Workload::Clip) {
    std::vector<ClipBinding> bindings;
    for (std::size_t i = 0; i < world->nodes.size(); ++i) {
      const auto slot = static_cast<std::uint32_t>(2 * i);
      bindings.push_back(ClipBinding{slot, world->nodes[i], Prop::opacity});
      bindings.push_back(ClipBinding{slot + 1, world->nodes[i], Prop::translateX});
    }
    world->clip = ctx.playClip(staggeredClip(n), bindings);
    if (!world->clip) fail("playClip refused the workload's bindings");
  }
  if (treeBytes) {
    // One update creates what lives per node (players, style caches, running
    // transitions, part animations), and one draw what the draw keeps (the
    // parents' leaf runs).
    world->update();
    world->draw();
    *treeBytes = heapInUse() - before;
  }
  return world;
}

void World::update() {
  if (workload == Workload::Transition && frameIndex % 30 == 0)
    for (Layout* node : nodes) node->toggleClass(on);
  if (workload == Workload::NthList || workload == Workload::NthTypeList) {
    auto item = std::make_unique<Layout>("Box");
    item->addClass("box");
    root.insertChild(root.childCount() / 2, std::move(item));
  }
  ++frameIndex;
  UIContext::get().frame(root, kFrameDt);
}

void World::draw() {
  list.reset();
  root.draw(list);
  renderer.render(list);
}

// ---------------------------------------------------------------------------
// Floor
// ---------------------------------------------------------------------------

Floor::Floor(int n)
    : elapsed(static_cast<std::size_t>(n)),
      opacity(static_cast<std::size_t>(n)),
      translateX(static_cast<std::size_t>(n)) {
  // Staggered starts, so no two nodes are in lock step (nothing to hoist).
  for (std::size_t i = 0; i < elapsed.size(); ++i) elapsed[i] = static_cast<double>(i % 97) * 0.001;
}

void Floor::frame(double dt) {
  // The keyframes of pulse: 0% {0.2, 0px} 50% {1, 30px} 100% {0.2, 0px}.
  constexpr float kOpacityKeys[3] = {0.2f, 1.0f, 0.2f};
  constexpr float kTranslateKeys[3] = {0.0f, 30.0f, 0.0f};
  constexpr double kDuration = 1.0;
  const std::size_t n = elapsed.size();
  for (std::size_t i = 0; i < n; ++i) {
    const double e = elapsed[i] + dt;  // timing: elapsed, iteration progress
    elapsed[i] = e;
    const double pos = e / kDuration;
    const double p = pos - std::floor(pos);
    const int seg = p < 0.5 ? 0 : 1;  // keyframe segment and its local progress
    const double u = (p - 0.5 * seg) * 2.0;
    const double v = 1.0 - u;  // ease-out-cubic
    const auto eased = static_cast<float>(1.0 - v * v * v);
    opacity[i] = kOpacityKeys[seg] + (kOpacityKeys[seg + 1] - kOpacityKeys[seg]) * eased;
    translateX[i] = kTranslateKeys[seg] + (kTranslateKeys[seg + 1] - kTranslateKeys[seg]) * eased;
  }
}

float Floor::checksum() const {
  float s = 0.0f;
  for (std::size_t i = 0; i < opacity.size(); i += 101) s += opacity[i] + translateX[i];
  return s;
}

// ---------------------------------------------------------------------------
// Stylesheet generator (the same sheet zenit-parse-bench parses)
// ---------------------------------------------------------------------------

std::string generateSheet(std::size_t bytes, std::size_t* rulesOut, std::size_t* keyframesOut) {
  SheetShape shape;
  std::string text = generateSheet(bytes, &shape);  // tools/parse-bench: the one parse workload
  if (rulesOut) *rulesOut = shape.rules;
  if (keyframesOut) *keyframesOut = shape.keyframes;
  return text;
}

}  // namespace zenit::bench
