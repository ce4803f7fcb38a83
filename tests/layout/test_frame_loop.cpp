// runFrameLoop and UIContext::needsFrame: a loop draws while something moves
// and waits for input otherwise. A virtual host keeps the time: waiting
// jumps the clock to the next scripted event (or the end), so 10 s of an
// idle window run in microseconds and every frame drawn is counted.
#include "layout/anim_scene.hpp"

#include <zenit/anim/Clip.hpp>
#include <zenit/layout/FrameLoop.hpp>

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::Scene;

constexpr std::string_view kSheet = R"(
@keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }
.box { width: 40px; height: 40px; background-color: #f00; opacity: 0.5; transition: opacity 0.5s linear; }
.box.on { opacity: 1; }
.box:hover { background-color: #00f; transition: opacity 0.5s linear, background-color 0.25s linear; }
.spin { animation: spin 1s linear infinite; }
.held { animation: spin 1s linear infinite paused; }
.once { animation: spin 0.5s linear forwards; }
)";

// A platform whose clock moves only when the loop waits: it ends (asks to
// quit) at `end` seconds.
struct VirtualHost : FrameHost {
  double clock{0.0};
  double end{10.0};
  std::vector<std::pair<double, InputEvent>> script;  // events and when they arrive, in time order
  std::size_t next{0};
  std::vector<InputEvent> ready;
  std::vector<double> presented;  // the time of each frame shown
  int waits{0};

  std::span<const InputEvent> pollEvents() override {
    ready.clear();
    while (next < script.size() && script[next].first <= clock) ready.push_back(script[next++].second);
    return ready;
  }
  void waitEvents(double timeout) override {
    ++waits;
    double t = next < script.size() ? script[next].first : end;
    if (timeout >= 0.0) t = std::min(t, clock + timeout);
    clock = std::max(clock, t);
  }
  double now() override { return clock; }
  void present(const DrawList&) override { presented.push_back(clock); }
  void waitUntil(double until) override { clock = std::max(clock, until); }
  bool quitRequested() const override { return clock >= end; }

  int framesIn(double from, double to) const {
    return static_cast<int>(
        std::count_if(presented.begin(), presented.end(), [&](double t) { return t >= from && t < to; }));
  }
};

InputEvent pointerMove(float x, float y) {
  InputEvent e;
  e.type = InputEventType::PointerMove;
  e.x = x;
  e.y = y;
  return e;
}

}  // namespace

TEST_CASE("frame loop: an idle tree draws its first frame, then none for 10 s", "[layout][frameloop]") {
  Scene s(kSheet);
  for (int i = 0; i < 5; ++i) s.add({"box"});
  VirtualHost host;
  const FrameLoopStats st = runFrameLoop(s.root, host);
  // The first frame starts the boxes' styles; the transitions they declare
  // have nothing to run, and the tree settles in a frame or two.
  CHECK(st.frames <= 3);
  CHECK(st.idleWaits >= 1);
  CHECK(host.framesIn(0.1, 10.0) == 0);
  CHECK(st.seconds == 10.0);
  CHECK_FALSE(UIContext::get().needsFrame(s.root));
}

TEST_CASE("frame loop: frames while an animation or a transition runs, then none", "[layout][frameloop]") {
  SECTION("an endless animation: every period for 10 s") {
    Scene s(kSheet);
    s.add({"box", "spin"});
    VirtualHost host;
    const FrameLoopStats st = runFrameLoop(s.root, host);
    CHECK(st.frames >= 599);
    CHECK(st.frames <= 601);
    CHECK(st.idleWaits == 0);
  }
  SECTION("a 0.5 s transition started by a class, then idle") {
    Scene s(kSheet);
    Layout& box = s.add({"box"});
    s.frames(2, 1.0 / 60.0);
    REQUIRE_FALSE(UIContext::get().needsFrame(s.root));
    box.addClass("on");
    CHECK(UIContext::get().needsFrame(s.root));
    VirtualHost host;
    const FrameLoopStats st = runFrameLoop(s.root, host);
    CHECK(st.frames >= 30);
    CHECK(st.frames <= 34);
    CHECK(host.framesIn(1.0, 10.0) == 0);
    CHECK(st.idleWaits >= 1);
  }
  SECTION("a finite animation that holds its last value (forwards), then idle") {
    Scene s(kSheet);
    s.add({"box", "once"});
    VirtualHost host;
    const FrameLoopStats st = runFrameLoop(s.root, host);
    CHECK(st.frames >= 30);
    CHECK(st.frames <= 34);
    CHECK(host.framesIn(1.0, 10.0) == 0);
  }
}

TEST_CASE("frame loop: a paused animation counts as still", "[layout][frameloop]") {
  Scene s(kSheet);
  s.add({"box", "held"});
  VirtualHost host;
  const FrameLoopStats st = runFrameLoop(s.root, host);
  CHECK(st.frames <= 3);
  CHECK(host.framesIn(0.1, 10.0) == 0);
}

TEST_CASE("frame loop: input wakes it, and it idles again once the hover's transition ends",
          "[layout][frameloop]") {
  Scene s(kSheet);
  s.add({"box"});
  VirtualHost host;
  host.script.push_back({5.0, pointerMove(10.0f, 10.0f)});    // onto the box: a 0.25 s colour transition
  host.script.push_back({7.0, pointerMove(500.0f, 500.0f)});  // off it: the colour snaps back (CSS takes
                                                              // the transition of the style it goes to)
  host.script.push_back({8.0, pointerMove(600.0f, 500.0f)});  // over nothing still: nothing changes
  const FrameLoopStats st = runFrameLoop(s.root, host);
  CHECK(host.framesIn(0.1, 5.0) == 0);
  CHECK(host.framesIn(5.0, 5.5) >= 14);
  CHECK(host.framesIn(5.5, 7.0) == 0);
  CHECK(host.framesIn(7.0, 7.5) >= 1);
  CHECK(host.framesIn(7.0, 7.5) <= 3);
  CHECK(host.framesIn(7.5, 10.0) == 0);
  CHECK(st.idleWaits >= 4);
}

TEST_CASE("frame loop: a clip plays its frames; paused or finished, it is still",
          "[layout][frameloop][clip]") {
  Scene s(kSheet);
  Layout& box = s.add({"box"});
  auto clip = std::make_shared<Clip>();
  ClipTrack fade;
  fade.slot = 0;
  fade.timing.iterationDuration = 1.0;
  fade.keyframes = {ClipKeyframe{0.0, {0.0f}, {}}, ClipKeyframe{1.0, {1.0f}, {}}};
  REQUIRE(clip->addTrack(fade));
  REQUIRE(clip->seal());
  const ClipBinding binding{0, &box, Prop::opacity};
  const std::shared_ptr<ClipPlayer> p = UIContext::get().playClip(clip, std::span(&binding, 1));
  REQUIRE(p);
  SECTION("played to its end") {
    VirtualHost host;
    const FrameLoopStats st = runFrameLoop(s.root, host);
    CHECK(st.frames >= 59);
    CHECK(st.frames <= 63);
    CHECK(host.framesIn(1.2, 10.0) == 0);
  }
  SECTION("paused") {
    s.frame(1.0 / 60.0);
    p->pause();
    s.frame(1.0 / 60.0);
    VirtualHost host;
    const FrameLoopStats st = runFrameLoop(s.root, host);
    CHECK(st.frames <= 2);
  }
  p->cancel();
  s.frame(1.0 / 60.0);
}

TEST_CASE("frame loop: options stop it, wake it and see every event", "[layout][frameloop]") {
  Scene s(kSheet);
  s.add({"box", "spin"});
  SECTION("maxFrames") {
    VirtualHost host;
    FrameLoopOptions o;
    o.maxFrames = 10;
    CHECK(runFrameLoop(s.root, host, o).frames == 10);
  }
  SECTION("a Quit event, after onEvent saw it") {
    VirtualHost host;
    InputEvent quit;
    quit.type = InputEventType::Quit;
    host.script.push_back({2.0, quit});
    int seen = 0;
    FrameLoopOptions o;
    o.onEvent = [&](const InputEvent&) {
      ++seen;
      return false;  // the loop sees it too, and ends
    };
    const FrameLoopStats st = runFrameLoop(s.root, host, o);
    CHECK(seen == 1);
    CHECK(st.seconds == Approx(2.0).margin(0.02));
  }
  SECTION("the stop flag, set from afterFrame") {
    VirtualHost host;
    bool stop = false;
    int n = 0;
    FrameLoopOptions o;
    o.stop = &stop;
    o.afterFrame = [&] { stop = ++n == 5; };
    CHECK(runFrameLoop(s.root, host, o).frames == 5);
  }
}

TEST_CASE("frame loop: idle wake-ups run beforeFrame and draw nothing", "[layout][frameloop]") {
  Scene s(kSheet);
  s.add({"box"});
  VirtualHost host;
  int calls = 0;
  FrameLoopOptions o;
  o.idleWakeSeconds = 0.5;
  o.beforeFrame = [&] { ++calls; };
  const FrameLoopStats st = runFrameLoop(s.root, host, o);
  CHECK(st.frames <= 3);
  CHECK(calls >= 19);
  CHECK(st.idleWaits >= 18);
}
