// The steady step of CSS animations (anim/steady: the OneCss and Player
// kinds): frames where a node's running CSS animations only move in time
// are stepped from a record instead of tickCss + composeOverlay. These
// tests drive two players with the same animations, one stepped from its
// record whenever the record takes the frame (steady_driver.hpp) and one
// always through the full path, and require the same overlay bits and the
// same events on every frame; then that a step declines, touching nothing,
// on every frame it cannot take.
#include "anim/steady/steady_driver.hpp"
#include "layout/anim_scene.hpp"

#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/core/Easing.hpp>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace {

using namespace zenit;

constexpr std::string_view kSheet = R"(
@keyframes pulse {
  0%   { opacity: 0.2; transform: translateX(0px); }
  50%  { opacity: 1;   transform: translateX(30px); }
  100% { opacity: 0.2; transform: translateX(0px); }
}
@keyframes tint { from { background-color: #f00; } to { background-color: #00f; } }
@keyframes half { 50% { opacity: 0.5; } }
@keyframes grow { from { width: 10px; border-width: 0px; } to { width: 50%; border-width: 2px; } }
)";

AnimationRef refOf(std::string name, double duration, double iterations) {
  AnimationRef r;
  r.name = std::move(name);
  r.duration = duration;
  r.iterations = iterations;
  r.ease = *parseEasing("ease-out-cubic");
  return r;
}

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every field the three sheets animate, compared bit for bit, each as the
// player reads it now (from its record while it has one).
bool sameOverlay(const AnimationPlayer& a, const AnimationPlayer& b) {
  ComputedStyle x, y;
  a.overlayOnto(x);
  b.overlayOnto(y);
  return a.overlaid().bits == b.overlaid().bits && sameBits(x.opacity, y.opacity) &&
         sameBits(x.translateX.px, y.translateX.px) && sameBits(x.translateY.px, y.translateY.px) &&
         sameBits(x.rotate, y.rotate) && sameBits(x.scaleX, y.scaleX) && sameBits(x.scaleY, y.scaleY) &&
         x.backgroundColor == y.backgroundColor && x.width == y.width &&
         sameBits(x.borderWidth, y.borderWidth);
}

bool sameEvents(std::span<const AnimationEvent> a, std::span<const AnimationEvent> b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].type != b[i].type || a[i].name != b[i].name || a[i].elapsedTime != b[i].elapsedTime)
      return false;
  return true;
}

using zenit::test::SteadyDriver;

void fullFrame(AnimationPlayer& p, const ComputedStyle& base, double dt) {
  SteadyDriver::fullFrame(p, base, dt);
}

struct Run {
  int steadyFrames{0};
  int fullFrames{0};
  std::size_t events{0};
};

// Drives both players `frames` frames of `dt`, checking them equal after each.
Run compare(const AnimationList& refs, int frames, double dt) {
  const ComputedStyle base;
  AnimationPlayer lane, full;
  lane.syncCss(refs, 0.0);
  full.syncCss(refs, 0.0);
  SteadyDriver driver(lane);
  Run run;
  for (int i = 0; i < frames; ++i) {
    if (driver.frame(base, dt))
      ++run.steadyFrames;
    else
      ++run.fullFrames;
    fullFrame(full, base, dt);
    INFO("frame " << i);
    REQUIRE(sameOverlay(lane, full));
    REQUIRE(sameEvents(lane.pendingEvents(), full.pendingEvents()));
    REQUIRE(lane.cssCount() == full.cssCount());
    for (std::size_t k = 0; k < lane.cssCount(); ++k) {
      REQUIRE(lane.cssAnimation(k).elapsed == full.cssAnimation(k).elapsed);
      REQUIRE(lane.cssAnimation(k).finished == full.cssAnimation(k).finished);
    }
    REQUIRE(lane.hasActiveLocal() == full.hasActiveLocal());
  }
  run.events = lane.pendingEvents().size();
  return run;
}

}  // namespace

TEST_CASE("steady step: the same overlay and events as the full path on every frame", "[anim][css][steady]") {
  zenit::test::freshWorld(kSheet);
  const double dt = 1.0 / 60.0;

  SECTION("pulse, infinite: the record takes every frame but the wraps") {
    const Run r = compare({refOf("pulse", 1.0, AnimationRef::kInfinite)}, 590, dt);
    // 9.83 seconds: one start, nine iteration events; the frames around each
    // of them (and the first ones) go the full way, the rest the record's.
    CHECK(r.events == 10);
    CHECK(r.steadyFrames > 530);
    CHECK(r.fullFrames >= 10);
  }
  SECTION("alternate and reverse directions") {
    AnimationRef a = refOf("pulse", 0.7, AnimationRef::kInfinite);
    a.direction = PlaybackDirection::Alternate;
    CHECK(compare({a}, 400, dt).steadyFrames > 300);
    a.direction = PlaybackDirection::AlternateReverse;
    CHECK(compare({a}, 400, dt).steadyFrames > 300);
    a.direction = PlaybackDirection::Reverse;
    CHECK(compare({a}, 400, dt).steadyFrames > 300);
  }
  SECTION("a delay, a finite count and a forwards fill: the end goes the full way") {
    AnimationRef a = refOf("pulse", 0.5, 2.5);
    a.delay = 0.3;
    a.fill = FillMode::Forwards;
    const Run r = compare({a}, 200, dt);
    CHECK(r.steadyFrames > 60);
    CHECK(r.events == 4);  // start, two iterations, end
  }
  SECTION("two animations of different properties share a record (Player)") {
    const Run r = compare(
        {refOf("pulse", 1.0, AnimationRef::kInfinite), refOf("grow", 0.4, AnimationRef::kInfinite)}, 300, dt);
    CHECK(r.steadyFrames > 200);
  }
  SECTION("a colour track has a value lane: the steady step blends it as the full path does") {
    const Run r = compare(
        {refOf("pulse", 1.0, AnimationRef::kInfinite), refOf("tint", 0.4, AnimationRef::kInfinite)}, 100, dt);
    CHECK(r.steadyFrames > 70);
  }
  SECTION("frames of uneven length and of zero length") {
    const ComputedStyle base;
    AnimationPlayer lane, full;
    const AnimationList refs{refOf("pulse", 1.0, AnimationRef::kInfinite)};
    lane.syncCss(refs, 0.0);
    full.syncCss(refs, 0.0);
    SteadyDriver driver(lane);
    int steady = 0;
    for (int i = 0; i < 500; ++i) {
      const double step = (i % 7 == 0) ? 0.0 : 0.003 * (1 + i % 11);
      if (driver.frame(base, step)) ++steady;
      fullFrame(full, base, step);
      INFO("frame " << i);
      REQUIRE(sameOverlay(lane, full));
      REQUIRE(lane.cssAnimation(0).elapsed == full.cssAnimation(0).elapsed);
    }
    CHECK(steady > 400);
  }
}

TEST_CASE("steady step: no record where the overlay needs more than the animation's own tracks",
          "[anim][css][steady]") {
  zenit::test::freshWorld(kSheet);
  const ComputedStyle base;
  const double dt = 1.0 / 60.0;

  SECTION("an implicit keyframe end reads the underlying value") {
    AnimationPlayer p;
    p.syncCss({refOf("half", 1.0, AnimationRef::kInfinite)}, 0.0);
    SteadyDriver driver(p);
    for (int i = 0; i < 20; ++i) CHECK_FALSE(driver.frame(base, dt));
  }
  SECTION("two animations of the same property") {
    AnimationPlayer p;
    p.syncCss({refOf("pulse", 1.0, AnimationRef::kInfinite), refOf("pulse", 0.5, AnimationRef::kInfinite)},
              0.0);
    SteadyDriver driver(p);
    for (int i = 0; i < 20; ++i) CHECK_FALSE(driver.frame(base, dt));
  }
  SECTION("a paused animation") {
    AnimationRef a = refOf("pulse", 1.0, AnimationRef::kInfinite);
    a.playState = PlayState::Paused;
    AnimationPlayer p;
    p.syncCss({a}, 0.0);
    SteadyDriver driver(p);
    for (int i = 0; i < 20; ++i) CHECK_FALSE(driver.frame(base, dt));
  }
}

TEST_CASE("steady step: declines and changes nothing on a frame it cannot take", "[anim][css][steady]") {
  zenit::test::freshWorld(kSheet);
  const ComputedStyle base;
  const double dt = 1.0 / 60.0;
  AnimationPlayer p;
  p.syncCss({refOf("pulse", 1.0, AnimationRef::kInfinite)}, 0.0);
  SteadyDriver driver(p);
  for (int i = 0; i < 10; ++i) driver.frame(base, dt);
  REQUIRE(driver.kind() == steady::Kind::OneCss);
  REQUIRE(driver.step(dt));  // armed and steady: taken
  const double before = p.cssAnimation(0).elapsed;
  const float opacity = p.overlayValue<Prop::opacity>();

  SECTION("a step past the iteration's end") { CHECK_FALSE(driver.step(1.0)); }
  SECTION("a step past the end of a finite animation") {
    // (A record of this infinite one cannot get there: the iteration ends first.)
    CHECK_FALSE(driver.step(std::numeric_limits<double>::infinity()));
    CHECK_FALSE(driver.step(std::numeric_limits<double>::quiet_NaN()));
  }
  CHECK(p.cssAnimation(0).elapsed == before);
  CHECK(p.overlayValue<Prop::opacity>() == opacity);
}

TEST_CASE("steady step: arming takes the player's state at that frame, writing back returns it",
          "[anim][css][steady]") {
  zenit::test::freshWorld(kSheet);
  const ComputedStyle base;
  AnimationPlayer p;
  p.syncCss({refOf("pulse", 1.0, AnimationRef::kInfinite)}, 0.0);
  SteadyDriver::fullFrame(p, base, 0.1);
  SteadyDriver::fullFrame(p, base, 0.1);
  const double elapsed = p.cssAnimation(0).elapsed;
  const float opacity = p.overlayValue<Prop::opacity>();
  SteadyDriver driver(p);
  REQUIRE(driver.arm());
  CHECK(driver.kind() == steady::Kind::OneCss);
  // The record holds the state now; the player reads it through the record.
  CHECK(p.cssAnimation(0).elapsed == elapsed);
  CHECK(p.overlayValue<Prop::opacity>() == opacity);
  REQUIRE(driver.step(0.05));
  CHECK(p.cssAnimation(0).elapsed == elapsed + 0.05);
  const float stepped = p.overlayValue<Prop::opacity>();
  CHECK(stepped != opacity);
  driver.release();  // the player's own state again: what the record left
  CHECK(p.cssAnimation(0).elapsed == elapsed + 0.05);
  CHECK(p.overlayValue<Prop::opacity>() == stepped);
}

TEST_CASE("steady step: a Layout node's events and drawn values over many iterations",
          "[anim][css][steady]") {
  zenit::test::Scene s(std::string(kSheet) +
                       ".box { width: 10px; height: 10px; background-color: #f00;"
                       " animation: pulse 0.5s linear infinite; }");
  Layout& n = s.add({"box"});
  std::vector<double> iterations;
  n.onAnimationEvent = [&](const AnimationEvent& e) {
    if (e.type == AnimationEventType::Iteration) iterations.push_back(e.elapsedTime);
  };
  s.frames(150, 1.0 / 60.0);  // 2.5 s: iterations at 0.5, 1.0, 1.5, 2.0 and 2.5 (the last frame)
  REQUIRE(iterations.size() >= 4);
  for (std::size_t i = 0; i < iterations.size(); ++i)
    CHECK(iterations[i] == zenit::test::Approx(0.5 * static_cast<double>(i + 1)));
  // Linear pulse of 0.5 s at 2.5 s + 1/60 s past its wrap: opacity on the
  // way up from 0.2 toward 1 (a quarter of the way to 50% is 1/60 / 0.25).
  s.frame(1.0 / 60.0);
  const float expected = 0.2f + (1.0f - 0.2f) * static_cast<float>((1.0 / 60.0) / 0.25);
  CHECK(n.renderedStyle().opacity == zenit::test::Approx(expected).epsilon(1e-4));
}
