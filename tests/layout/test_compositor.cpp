// Compositor: what it draws from the last commit equals, bit for bit, what
// the UI thread draws at the same time; it commits only when the frame
// changed; its thread keeps drawing while the UI thread is blocked, and
// stops when nothing moves.
#include "layout/anim_scene.hpp"
#include "support/heap.hpp"

#include <zenit/detail/LayoutProbe.hpp>
#include <zenit/layout/Compositor.hpp>
#include <zenit/layout/FrameLoop.hpp>
#include <zenit/render/SoftwareRenderer.hpp>
#include <zenit/widgets/Label.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Scene;

constexpr double kDt = 1.0 / 60.0;

constexpr std::string_view kSheet = R"(
@keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }
@keyframes pulse { 0%, 100% { opacity: 1; } 50% { opacity: 0.2; } }
@keyframes slide { from { translate: 0px 0px; } to { translate: 120px 10px; } }
@keyframes tint { from { background-color: #c03030; border-radius: 2px; } to { background-color: #3050e0; border-radius: 14px; } }
@keyframes grow { from { width: 20px; } to { width: 80px; } }
@keyframes glow { from { box-shadow: 0 0 0 #0000; } to { box-shadow: 4px 6px 8px #000a; } }
Root { flex-direction: row; flex-wrap: wrap; gap: 6px; padding: 8px; }
.box { width: 60px; height: 40px; background-color: #506070; }
.spin { animation: spin 1.5s linear infinite; }
.pulse { animation: pulse 0.8s ease-in-out infinite; padding: 4px; }
.slide { animation: slide 1.2s ease-in-out infinite alternate; }
.tint { animation: tint 0.9s linear infinite alternate; border-width: 2px; border-color: #000; }
.glow { animation: glow 1s linear infinite alternate; }
.fade { opacity: 1; transition: opacity 0.7s ease-out, background-color 0.5s linear; }
.fade.on { opacity: 0.3; background-color: #e0a000; }
.grow { animation: grow 1s linear infinite; }
.dot { width: 8px; height: 8px; background-color: #fff; }
)";

CompositorOptions presenting(std::function<void(const DrawList&, const CompositorFrame&)> present,
                             double frameSeconds = 1.0 / 60.0) {
  CompositorOptions o;
  o.present = std::move(present);
  o.frameSeconds = frameSeconds;
  return o;
}

// Two lists hold the same frame: the same commands (as bytes), the same
// states (bit for bit) and the same text.
void requireSameList(const DrawList& a, const DrawList& b) {
  REQUIRE(a.size() == b.size());
  REQUIRE(a.states().size() == b.states().size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const DrawCmd& x = a.commands()[i];
    const DrawCmd& y = b.commands()[i];
    INFO("command " << i << " op " << static_cast<int>(x.op));
    if (x.op == DrawOp::Text) {
      REQUIRE(y.op == DrawOp::Text);
      REQUIRE(a.textOf(x.text) == b.textOf(y.text));
      DrawCmd xs = x, ys = y;
      xs.text.offset = ys.text.offset = 0;
      REQUIRE(std::memcmp(&xs, &ys, sizeof(DrawCmd)) == 0);
    } else {
      REQUIRE(std::memcmp(&x, &y, sizeof(DrawCmd)) == 0);
    }
  }
  for (std::size_t i = 0; i < a.states().size(); ++i)
    REQUIRE(std::memcmp(&a.states()[i], &b.states()[i], sizeof(DrawState)) == 0);
}

// A tree with every kind of thing the compositor steps, static nodes
// around them, a widget with content and a node inside a moving one.
struct World : Scene {
  Layout* fade{nullptr};
  Layout* turn{nullptr};
  explicit World(std::string_view sheet = kSheet) : Scene(sheet) {
    add({"box"});
    add({"box", "spin"});
    Layout& pulse = add({"box", "pulse"});
    add({"dot"}, &pulse);
    add<Label>({"dot"}, &pulse, "in a pulse");
    Layout& slide = add({"box", "slide"});
    add({"dot"}, &slide);
    add<Label>({}, &slide, "moves");
    add({"box", "tint"});
    add({"box", "glow"});
    fade = &add({"box", "fade"});
    add<Label>({"spin"}, nullptr, "a label that turns");
    turn = &add({"box"});
    auto a = std::make_shared<UIAnimation>(0.9f);
    a->iterations = 3.0;
    a->blocksInput = false;
    a->unchangedWhilePlaying = true;
    REQUIRE(a->addTrack(Prop::rotate, 0.0f, 90.0f, TransitionFunction::EaseInOut));
    turn->addAnimation("turn", a);
    add({"box"});
  }
};

}  // namespace

TEST_CASE("The compositor draws what the UI thread draws, bit for bit, without new commits", "[compositor]") {
  World w;
  w.frames(3, kDt);
  w.fade->addClass("on");  // a transition starts
  REQUIRE(w.turn->playAnimation("turn"));
  w.frame(kDt);
  Compositor comp;
  REQUIRE(comp.commit(w.root));
  CHECK_FALSE(comp.uiDriven());
  DrawList drawn;
  CompositorFrame info;
  // Right after the commit, with no time gone: the UI thread's last frame.
  REQUIRE(comp.drawFrame(0.0, drawn, &info));
  CHECK(info.afterCommit);
  CHECK(info.animated == 8);
  requireSameList(w.list, drawn);
  // Three seconds on: the UI thread runs its own frames, and has nothing to commit.
  for (int f = 0; f < 180; ++f) {
    w.frame(kDt);
    CHECK_FALSE(comp.commit(w.root));
    REQUIRE(comp.drawFrame(kDt, drawn, &info));
    INFO("frame " << f);
    requireSameList(w.list, drawn);
  }
  CHECK(comp.commits() == 1);
  CHECK(info.time == UIContext::get().time);
  // And the pixels (which the commands decide).
  SoftwareRenderer a(400, 300), b(400, 300);
  a.render(w.list);
  b.render(drawn);
  int differ = 0;
  for (int y = 0; y < 300; ++y)
    for (int x = 0; x < 400; ++x) differ += a.pixel(x, y) == b.pixel(x, y) ? 0 : 1;
  CHECK(differ == 0);
}

TEST_CASE(
    "The compositor steps its copies as the UI thread's steady frames, drawn from leaf runs, bit for bit",
    "[compositor][steady]") {
  // Rows of sibling leaves of every kind the steady step parks: one CSS
  // animation (OneCss; some end, some roll over iterations), two (Player),
  // an imperative overlay animation (OneImperative) and a transition
  // (Transitions). The first row holds copies alone (drawn from its leaf
  // run); the second a static box too (drawn piece by piece).
  Scene s(std::string(kSheet) + R"(
.row { flex-direction: row; flex-wrap: wrap; width: 720px; gap: 2px; }
.leaf { width: 30px; height: 20px; background-color: #406080; }
.once { animation: slide 0.7s ease-in-out 2 alternate; }
.beat { animation: pulse 0.4s linear infinite; }
.duo { animation: pulse 0.8s ease-in-out infinite, slide 1.1s linear infinite; }
.fade { opacity: 1; transition: opacity 0.9s ease-out; }
.fade.on { opacity: 0.25; }
)");
  std::vector<Layout*> fades, turns;
  for (int row = 0; row < 2; ++row) {
    Layout& r = s.add({"row"});
    if (row == 1) s.add({"leaf"}, &r);
    for (int i = 0; i < 3; ++i) {
      s.add({"leaf", "once"}, &r);
      s.add({"leaf", "beat"}, &r);
      s.add({"leaf", "duo"}, &r);
      fades.push_back(&s.add({"leaf", "fade"}, &r));
      Layout& t = s.add({"leaf"}, &r);
      auto a = test::opacityOverlay(0.45f, 1.0f, 0.1f);
      a->iterations = 3.0;
      a->blocksInput = false;
      a->unchangedWhilePlaying = true;
      t.addAnimation("dim", a);
      turns.push_back(&t);
    }
  }
  s.frames(3, kDt);
  for (Layout* f : fades) f->addClass("on");
  for (Layout* t : turns) REQUIRE(t->playAnimation("dim"));
  s.frame(kDt);
  Compositor comp;
  REQUIRE(comp.commit(s.root));
  CHECK_FALSE(comp.uiDriven());
  DrawList drawn;
  REQUIRE(comp.drawFrame(0.0, drawn));
  requireSameList(s.list, drawn);
  // Frames drawn from the copies' leaf runs build none again.
  const std::uint64_t built = detail::LayoutProbe::leafRunsBuilt();
  REQUIRE(comp.drawFrame(kDt, drawn));
  s.frame(kDt);
  requireSameList(s.list, drawn);
  for (int f = 0; f < 150; ++f) {
    const std::uint64_t before = detail::LayoutProbe::leafRunsBuilt();
    REQUIRE(comp.drawFrame(kDt, drawn));
    const std::uint64_t compositorBuilt = detail::LayoutProbe::leafRunsBuilt() - before;
    s.frame(kDt);
    CHECK_FALSE(comp.commit(s.root));
    INFO("frame " << f);
    requireSameList(s.list, drawn);
    // Steady stretches (no animation starts or ends): the runs stand.
    if (f > 5 && f < 20) CHECK(compositorBuilt == 0);
  }
  CHECK(detail::LayoutProbe::leafRunsBuilt() > built);
  // Everything finite has ended; the infinite ones still move.
  CHECK(comp.needsFrame());
}

TEST_CASE("The compositor commits when the frame changed, and each commit draws as the UI thread",
          "[compositor]") {
  World w;
  w.frames(2, kDt);
  Compositor comp;
  REQUIRE(comp.commit(w.root));
  w.frame(kDt);
  CHECK_FALSE(comp.commit(w.root));  // only what the compositor steps moved
  w.fade->addClass("on");
  w.frame(kDt);
  REQUIRE(comp.commit(w.root));  // a class change
  DrawList drawn;
  REQUIRE(comp.drawFrame(0.0, drawn));
  requireSameList(w.list, drawn);
  for (int f = 0; f < 30; ++f) {
    w.frame(kDt);
    REQUIRE(comp.drawFrame(kDt, drawn));
    requireSameList(w.list, drawn);
  }
  w.fade->removeFromParent();  // the tree changed
  w.frame(kDt);
  REQUIRE(comp.commit(w.root));
  REQUIRE(comp.drawFrame(0.0, drawn));
  requireSameList(w.list, drawn);
  w.turn->pauseAnimation("turn");  // playback control reaches it on the next commit
  w.frame(kDt);
  REQUIRE(comp.commit(w.root));
  for (int f = 0; f < 10; ++f) {
    w.frame(kDt);
    comp.commit(w.root);
    REQUIRE(comp.drawFrame(kDt, drawn));
    requireSameList(w.list, drawn);
  }
  CHECK(comp.commit(w.root, true));  // forced
}

TEST_CASE("Compositor: playback control reaches it on the next commit", "[compositor]") {
  World w;
  // A second animation: the node is stepped as a Player record, which a
  // rate change leaves in its list.
  auto fade = std::make_shared<UIAnimation>(2.0f);
  fade->blocksInput = false;
  fade->unchangedWhilePlaying = true;
  REQUIRE(fade->addTrack(Prop::opacity, 1.0f, 0.3f));
  w.turn->addAnimation("fade", fade);
  REQUIRE(w.turn->playAnimation("fade"));
  REQUIRE(w.turn->playAnimation("turn"));
  w.frames(2, kDt);
  Compositor comp;
  REQUIRE(comp.commit(w.root));
  DrawList drawn;
  Layout& spin = w.root.child(1);  // .spin
  // Each control, then frames the compositor draws from the commit it made.
  const std::vector<std::pair<const char*, std::function<void()>>> controls{
      {"seek", [&] { REQUIRE(w.turn->seekAnimation("turn", 0.6)); }},
      {"rate", [&] { REQUIRE(w.turn->setAnimationRate("turn", -2.0)); }},
      {"pause", [&] { REQUIRE(w.turn->pauseAnimation("turn")); }},
      {"resume", [&] { REQUIRE(w.turn->playAnimation("turn")); }},
      {"cancel", [&] { REQUIRE(w.turn->cancelAnimation("turn")); }},
      {"play-state", [&] { spin.applyStyleAttr("animation-play-state: paused"); }},
      {"play-state running", [&] { spin.applyStyleAttr("animation-play-state: running"); }},
  };
  for (const auto& [what, control] : controls) {
    INFO(what);
    control();
    w.frame(kDt);
    REQUIRE(comp.commit(w.root));
    REQUIRE(comp.drawFrame(0.0, drawn));
    requireSameList(w.list, drawn);
    for (int f = 0; f < 12; ++f) {
      w.frame(kDt);
      CHECK_FALSE(comp.commit(w.root));
      REQUIRE(comp.drawFrame(kDt, drawn));
      requireSameList(w.list, drawn);
    }
  }
}

TEST_CASE("Compositor: what only the UI thread steps is committed every frame", "[compositor]") {
  World w;
  Layout& grow = w.add({"box", "grow"});  // a layout property
  (void)grow;
  w.frames(2, kDt);
  Compositor comp;
  REQUIRE(comp.commit(w.root));
  CHECK(comp.uiDriven());
  DrawList drawn;
  for (int f = 0; f < 20; ++f) {
    w.frame(kDt);
    REQUIRE(comp.commit(w.root));
    REQUIRE(comp.drawFrame(0.0, drawn));  // the frame just committed
    requireSameList(w.list, drawn);
  }
  grow.removeFromParent();
  w.frame(kDt);
  REQUIRE(comp.commit(w.root));
  CHECK_FALSE(comp.uiDriven());
}

TEST_CASE("Compositor: an imperative animation without the promise, or with a setter, is the UI thread's",
          "[compositor]") {
  Scene s(kSheet);
  Layout& n = s.add({"box"});
  auto a = std::make_shared<UIAnimation>(1.0f);
  a->blocksInput = false;
  REQUIRE(a->addTrack(Prop::opacity, 1.0f, 0.0f));
  n.addAnimation("fade", a);
  REQUIRE(n.playAnimation("fade"));
  s.frame(kDt);
  Compositor comp;
  REQUIRE(comp.commit(s.root));
  CHECK(comp.uiDriven());
  a->unchangedWhilePlaying = true;
  n.playAnimation("fade");  // a call of the node's animation functions: a change
  s.frame(kDt);
  REQUIRE(comp.commit(s.root));
  CHECK_FALSE(comp.uiDriven());
  n.addAnimation("set", test::opacitySetter(1.0f));
  REQUIRE(n.playAnimation("set"));
  s.frame(kDt);
  REQUIRE(comp.commit(s.root));
  CHECK(comp.uiDriven());
}

TEST_CASE("Compositor misuse is refused with a message", "[compositor]") {
  Scene s(kSheet);
  test::LogCapture log;
  Compositor comp;
  DrawList drawn;
  CHECK_FALSE(comp.drawFrame(kDt, drawn));  // nothing committed yet
  CHECK_FALSE(comp.start(CompositorOptions{}));
  CHECK(log.has(Severity::Error, {"present"}));
  // From a callback inside the frame: refused.
  Layout& n = s.add({"box", "spin"});
  bool called = false;
  n.onAnimationEvent = [&](const AnimationEvent&) {
    called = true;
    CHECK_FALSE(comp.commit(s.root));
  };
  s.frame(kDt);
  CHECK(called);
  CHECK(log.has(Severity::Error, {"Compositor::commit"}));
  REQUIRE(comp.commit(s.root));
  REQUIRE(comp.start(presenting([](const DrawList&, const CompositorFrame&) {})));
  CHECK_FALSE(comp.start(presenting([](const DrawList&, const CompositorFrame&) {})));
  CHECK_FALSE(comp.drawFrame(kDt, drawn));
  CHECK(log.has(Severity::Error, {"thread"}));
  comp.stop();
  comp.stop();
  CHECK(comp.drawFrame(kDt, drawn));
}

namespace {
// The turning box's place in a frame: its transform's sine term (the
// list's first pushed transform), 0 when there is none.
float turnOf(const DrawList& list) {
  for (const DrawCmd& c : list.commands())
    if (c.op == DrawOp::PushTransform) return c.transform.local.b;
  return 0.0f;
}

// What the thread presented: each frame's time and the state of the first
// transformed command (the turning box).
struct Presented {
  std::mutex m;
  std::vector<double> times;
  std::vector<float> angles;
  void operator()(const DrawList& list, const CompositorFrame& f) {
    const float a = turnOf(list);
    const std::lock_guard<std::mutex> lock(m);
    times.push_back(f.time);
    angles.push_back(a);
  }
};
}  // namespace

TEST_CASE("The compositor's thread keeps drawing while the UI thread is blocked", "[compositor][thread]") {
  Scene s(kSheet);
  s.add({"box", "spin"});
  s.frame(kDt);
  Compositor comp;
  Presented seen;
  REQUIRE(comp.start(presenting([&](const DrawList& l, const CompositorFrame& f) { seen(l, f); })));
  REQUIRE(comp.commit(s.root));
  // The UI thread does nothing now (a slow handler): the frames come anyway.
  const std::uint64_t n = comp.waitFrames(12, 10.0);
  REQUIRE(n >= 12);
  comp.stop();
  const std::lock_guard<std::mutex> lock(seen.m);
  REQUIRE(seen.times.size() >= 12);
  for (std::size_t i = 1; i < seen.times.size(); ++i) {
    CHECK(seen.times[i] > seen.times[i - 1]);     // time moves on
    CHECK(seen.angles[i] != seen.angles[i - 1]);  // and so does the box
  }
}

TEST_CASE("The compositor's thread draws nothing while nothing moves", "[compositor][thread]") {
  Scene s(kSheet);
  s.add({"box"});
  s.frame(kDt);
  Compositor comp;
  std::atomic<int> presented{0};
  REQUIRE(comp.start(presenting([&](const DrawList&, const CompositorFrame&) { ++presented; })));
  REQUIRE(comp.commit(s.root));
  // Waits up to 0.3 s for a second frame, which never comes.
  CHECK(comp.waitFrames(2, 0.3) == 1);
  // A commit wakes it: one frame more.
  s.root.child(0).addClass("spin");
  s.frame(kDt);
  REQUIRE(comp.commit(s.root));
  CHECK(comp.waitFrames(4, 10.0) >= 4);
  s.root.child(0).removeClass("spin");
  s.frame(kDt);
  REQUIRE(comp.commit(s.root));
  comp.stop();
  CHECK(presented.load() >= 4);
}

TEST_CASE("Compositor: commits while the thread draws, and a tree destroyed under it, are safe",
          "[compositor][thread]") {
  Compositor comp;
  std::atomic<int> presented{0};
  {
    World w;
    // Leaves the compositor parks and draws from a leaf run of its own,
    // built on its thread while the UI thread builds its runs.
    Layout& beats = w.add({});
    for (int i = 0; i < 12; ++i) w.add({"dot", "pulse"}, &beats);
    w.frames(2, kDt);
    REQUIRE(
        comp.start(presenting([&](const DrawList&, const CompositorFrame&) { ++presented; }, 1.0 / 240.0)));
    for (int f = 0; f < 60; ++f) {
      w.frame(kDt);
      if (f % 3 == 0) w.fade->toggleClass("on");
      comp.commit(w.root, f % 7 == 0);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    // The world (its tree, its theme's keyframes) goes away while the thread draws.
  }
  zenit::test::freshWorld("");
  const std::uint64_t before = comp.framesDrawn();
  CHECK(comp.waitFrames(before + 5, 10.0) >= before + 5);
  comp.stop();  // with animations running
  CHECK(presented.load() > 0);
}

// Soak: compositor frames with a commit every 7th frame; memory stays flat.
// Fast by default (20,000 frames); ZENIT_SOAK=long runs 1,000,000
// (docs/reliability.md), ZENIT_SOAK_COMPOSITOR_FRAMES any number.
TEST_CASE("Compositor soak: frames with a commit every 7th, flat memory", "[compositor][soak]") {
  const char* mode = std::getenv("ZENIT_SOAK");
  const char* count = std::getenv("ZENIT_SOAK_COMPOSITOR_FRAMES");
  std::uint64_t frames = mode != nullptr && std::string_view(mode) == "long" ? 1'000'000 : 20'000;
  if (count != nullptr && *count != 0) frames = std::strtoull(count, nullptr, 10);
  World w;
  REQUIRE(w.turn->playAnimation("turn"));
  w.frames(2, kDt);
  Compositor comp;
  DrawList drawn;
  const std::uint64_t warmup = std::min<std::uint64_t>(2'000, frames / 2);
  std::size_t baseline = 0, peak = 0;
  for (std::uint64_t f = 0; f < frames; ++f) {
    if (f % 7 == 0) {
      if (f % 70 == 0) w.fade->toggleClass("on");
      UIContext::get().frame(w.root, kDt);  // the UI thread's update, no draw of its own
      REQUIRE(comp.commit(w.root, true));
      REQUIRE(comp.drawFrame(0.0, drawn));
    } else {
      UIContext::get().frame(w.root, kDt);
      REQUIRE(comp.drawFrame(kDt, drawn));
    }
    if (f == warmup) baseline = peak = test::heapInUse();
    if (f > warmup && f % 997 == 0) peak = std::max(peak, test::heapInUse());
  }
  std::printf("soak: compositor %llu frames, %llu commits, heap %zu -> peak %zu bytes\n",
              static_cast<unsigned long long>(frames), static_cast<unsigned long long>(comp.commits()),
              baseline, peak);
  CHECK(comp.commits() == (frames + 6) / 7);
  CHECK(peak <= baseline + 64 * 1024);
  CHECK(drawn.size() > 10);
}

namespace {
// A platform on real time for runFrameLoop with a compositor: events come
// at scripted times, wake() ends a wait, and what is presented is kept
// with its time and the turning box's transform.
struct ThreadHost : FrameHost {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start{Clock::now()};
  double end{1.0};
  std::vector<std::pair<double, InputEvent>> script;
  std::size_t next{0};
  std::vector<InputEvent> ready;
  std::mutex m;
  std::condition_variable cv;
  bool woken{false};
  std::vector<double> presented;
  std::vector<float> angles;
  std::vector<bool> blocked;  // whether the UI thread was in its slow handler then
  std::atomic<bool>* inHandler{nullptr};
  int waits{0};

  std::span<const InputEvent> pollEvents() override {
    ready.clear();
    while (next < script.size() && script[next].first <= now()) ready.push_back(script[next++].second);
    return ready;
  }
  void waitEvents(double timeout) override {
    ++waits;
    double until = next < script.size() ? script[next].first : end;
    if (timeout >= 0.0) until = std::min(until, now() + timeout);
    std::unique_lock<std::mutex> lock(m);
    cv.wait_until(lock,
                  start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(until)),
                  [&] { return woken; });
    woken = false;
  }
  double now() override { return std::chrono::duration<double>(Clock::now() - start).count(); }
  void present(const DrawList& list) override {
    presented.push_back(now());
    angles.push_back(turnOf(list));
    blocked.push_back(inHandler != nullptr && inHandler->load());
  }
  void waitUntil(double until) override {
    std::this_thread::sleep_until(
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(until)));
  }
  bool quitRequested() const override {
    return std::chrono::duration<double>(Clock::now() - start).count() >= end;
  }
  void wake() override {
    {
      const std::lock_guard<std::mutex> lock(m);
      woken = true;
    }
    cv.notify_all();
  }
};
}  // namespace

TEST_CASE("A frame loop with a compositor presents through a blocked handler", "[compositor][thread]") {
  Scene s(kSheet);
  s.add({"box", "spin"});
  Layout& busy = s.add({"box"});
  bool handled = false;
  std::atomic<bool> inHandler{false};
  busy.onClick = [&](Layout&) {
    handled = true;
    inHandler = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // a slow handler
    inHandler = false;
  };
  UIContext::get().frame(s.root, kDt);  // laid out, so the click finds the box
  const float x = busy.box.viewRect.x + 5.0f, y = busy.box.viewRect.y + 5.0f;
  ThreadHost host;
  host.end = 1.0;
  host.inHandler = &inHandler;
  InputEvent down;
  down.type = InputEventType::PointerDown;
  down.button = PointerButton::Left;
  down.x = x;
  down.y = y;
  InputEvent up = down;
  up.type = InputEventType::PointerUp;
  host.script = {{0.2, down}, {0.2, up}};
  FrameLoopOptions o;
  o.compositor = true;
  const FrameLoopStats stats = runFrameLoop(s.root, host, o);
  CHECK(handled);
  REQUIRE(stats.frames == static_cast<int>(host.presented.size()));
  // While the handler held the UI thread, the frames kept coming, and moving.
  int during = 0;
  for (std::size_t i = 1; i < host.presented.size(); ++i) {
    if (!host.blocked[i] || !host.blocked[i - 1]) continue;
    ++during;
    CHECK(host.angles[i] != host.angles[i - 1]);
  }
  CHECK(during >= 3);
}

TEST_CASE("A frame loop with a compositor presents nothing while nothing moves", "[compositor][thread]") {
  Scene s(kSheet);
  s.add({"box"});
  ThreadHost host;
  host.end = 0.4;
  FrameLoopOptions o;
  o.compositor = true;
  const FrameLoopStats stats = runFrameLoop(s.root, host, o);
  CHECK(stats.frames == 1);
  CHECK(stats.idleWaits >= 1);
}
