// The steady lane (AnimationPlayer::armSteady / tickSteady): frames where a
// node's running CSS animations only move in time take one pass instead of
// tickCss + composeOverlay. These tests drive two players with the same
// animations, one through the lane whenever it accepts the frame and one
// always through the full path, and require the same overlay bits and the
// same events on every frame; then that the lane declines, touching nothing,
// on every frame it cannot take.
#include "layout/anim_scene.hpp"

#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/core/Easing.hpp>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
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

// Every field the three sheets animate, compared bit for bit.
bool sameOverlay(const AnimationPlayer& a, const AnimationPlayer& b) {
  const ComputedStyle& x = a.overlay;
  const ComputedStyle& y = b.overlay;
  return a.overlaySet.bits == b.overlaySet.bits && sameBits(x.opacity, y.opacity) &&
         sameBits(x.translateX.px, y.translateX.px) && sameBits(x.translateY.px, y.translateY.px) &&
         sameBits(x.rotate, y.rotate) && sameBits(x.scaleX, y.scaleX) && sameBits(x.scaleY, y.scaleY) &&
         x.backgroundColor == y.backgroundColor && x.width == y.width &&
         sameBits(x.borderWidth, y.borderWidth);
}

bool sameEvents(const std::vector<AnimationEvent>& a, const std::vector<AnimationEvent>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].type != b[i].type || a[i].name != b[i].name || a[i].elapsedTime != b[i].elapsedTime)
      return false;
  return true;
}

// One frame the way Layout::updateImpl takes it: the lane when it accepts,
// else the full path, after which the lane is armed again.
bool laneFrame(AnimationPlayer& p, const ComputedStyle& base, double dt) {
  if (p.tickSteady(dt)) return true;
  p.tickCss(dt);
  p.composeOverlay(base);
  p.armSteady();
  return false;
}

void fullFrame(AnimationPlayer& p, const ComputedStyle& base, double dt) {
  p.tickCss(dt);
  p.composeOverlay(base);
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
  Run run;
  for (int i = 0; i < frames; ++i) {
    if (laneFrame(lane, base, dt))
      ++run.steadyFrames;
    else
      ++run.fullFrames;
    fullFrame(full, base, dt);
    INFO("frame " << i);
    REQUIRE(sameOverlay(lane, full));
    REQUIRE(sameEvents(lane.events, full.events));
    REQUIRE(lane.css.size() == full.css.size());
    for (std::size_t k = 0; k < lane.css.size(); ++k) {
      REQUIRE(lane.css[k].elapsed == full.css[k].elapsed);
      REQUIRE(lane.css[k].finished == full.css[k].finished);
    }
    REQUIRE(lane.hasActiveLocal() == full.hasActiveLocal());
  }
  run.events = lane.events.size();
  return run;
}

}  // namespace

TEST_CASE("steady lane: the same overlay and events as the full path on every frame", "[anim][css][steady]") {
  zenit::test::freshWorld(kSheet);
  const double dt = 1.0 / 60.0;

  SECTION("pulse, infinite: the lane takes every frame but the wraps") {
    const Run r = compare({refOf("pulse", 1.0, AnimationRef::kInfinite)}, 590, dt);
    // 9.83 seconds: one start, nine iteration events; the frames around each
    // of them (and the first ones) go the full way, the rest the lane's.
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
  SECTION("two animations of different properties share the lane") {
    const Run r = compare(
        {refOf("pulse", 1.0, AnimationRef::kInfinite), refOf("grow", 0.4, AnimationRef::kInfinite)}, 300, dt);
    CHECK(r.steadyFrames > 200);
  }
  SECTION("a colour track has no value lane: every frame goes the full way") {
    const Run r = compare(
        {refOf("pulse", 1.0, AnimationRef::kInfinite), refOf("tint", 0.4, AnimationRef::kInfinite)}, 100, dt);
    CHECK(r.steadyFrames == 0);
  }
  SECTION("frames of uneven length and of zero length") {
    const ComputedStyle base;
    AnimationPlayer lane, full;
    const AnimationList refs{refOf("pulse", 1.0, AnimationRef::kInfinite)};
    lane.syncCss(refs, 0.0);
    full.syncCss(refs, 0.0);
    int steady = 0;
    for (int i = 0; i < 500; ++i) {
      const double step = (i % 7 == 0) ? 0.0 : 0.003 * (1 + i % 11);
      if (laneFrame(lane, base, step)) ++steady;
      fullFrame(full, base, step);
      INFO("frame " << i);
      REQUIRE(sameOverlay(lane, full));
      REQUIRE(lane.css[0].elapsed == full.css[0].elapsed);
    }
    CHECK(steady > 400);
  }
}

TEST_CASE("steady lane: not taken where the overlay needs more than the animation's own tracks",
          "[anim][css][steady]") {
  zenit::test::freshWorld(kSheet);
  const ComputedStyle base;
  const double dt = 1.0 / 60.0;

  SECTION("an implicit keyframe end reads the underlying value") {
    AnimationPlayer p;
    p.syncCss({refOf("half", 1.0, AnimationRef::kInfinite)}, 0.0);
    for (int i = 0; i < 20; ++i) CHECK_FALSE(laneFrame(p, base, dt));
  }
  SECTION("two animations of the same property") {
    AnimationPlayer p;
    p.syncCss({refOf("pulse", 1.0, AnimationRef::kInfinite), refOf("pulse", 0.5, AnimationRef::kInfinite)},
              0.0);
    for (int i = 0; i < 20; ++i) CHECK_FALSE(laneFrame(p, base, dt));
  }
  SECTION("a paused animation") {
    AnimationRef a = refOf("pulse", 1.0, AnimationRef::kInfinite);
    a.playState = PlayState::Paused;
    AnimationPlayer p;
    p.syncCss({a}, 0.0);
    for (int i = 0; i < 20; ++i) CHECK_FALSE(laneFrame(p, base, dt));
  }
}

TEST_CASE("steady lane: declines and changes nothing on a frame it cannot take", "[anim][css][steady]") {
  zenit::test::freshWorld(kSheet);
  const ComputedStyle base;
  const double dt = 1.0 / 60.0;
  AnimationPlayer p;
  p.syncCss({refOf("pulse", 1.0, AnimationRef::kInfinite)}, 0.0);
  for (int i = 0; i < 10; ++i) laneFrame(p, base, dt);
  REQUIRE(p.steadyArmed());
  REQUIRE(p.tickSteady(dt));  // armed and steady: taken
  const double before = p.css[0].elapsed;
  const float opacity = p.overlay.opacity;

  SECTION("dt not a finite step >= 0") {
    CHECK_FALSE(p.tickSteady(std::numeric_limits<double>::quiet_NaN()));
    CHECK_FALSE(p.tickSteady(-dt));
    CHECK_FALSE(p.tickSteady(std::numeric_limits<double>::infinity()));
  }
  SECTION("a step past the iteration's end") { CHECK_FALSE(p.tickSteady(1.0)); }
  SECTION("the theme was reloaded") {
    const zenit::test::LogCapture quiet;  // the same @keyframes again: "replaces" warnings
    REQUIRE(Theme::get().loadString(kSheet, "again.zstyle").ok());
    CHECK_FALSE(p.tickSteady(dt));
  }
  SECTION("an imperative animation was added") {
    p.add("fade", std::make_shared<UIAnimation>(1.0f));
    CHECK_FALSE(p.tickSteady(dt));
  }
  SECTION("syncCss and composeOverlay disarm it") {
    p.syncCss({refOf("pulse", 1.0, AnimationRef::kInfinite)}, 0.0);
    CHECK_FALSE(p.steadyArmed());
    CHECK_FALSE(p.tickSteady(dt));
    p.armSteady();  // the constants are no longer known to be in place
    CHECK_FALSE(p.steadyArmed());
    fullFrame(p, base, 0.0);
    p.armSteady();
    REQUIRE(p.steadyArmed());
    p.composeOverlay(base);
    CHECK_FALSE(p.steadyArmed());
  }
  CHECK(p.css[0].elapsed == before);
  CHECK(p.overlay.opacity == opacity);
}

TEST_CASE("steady lane: a Layout node's events and drawn values over many iterations",
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

TEST_CASE("compileKeyframes: value lanes for float and length tracks", "[style][keyframes][steady]") {
  zenit::test::freshWorld(std::string(kSheet) + R"(
@keyframes mixed {
  0%   { width: 10px; border-width: 1px; padding-left: 2px; margin: 1px; }
  50%  { width: auto; border-width: 4px; padding-left: 5px; margin: 3px; }
  100% { width: 30px; border-width: 2px; padding-left: 1px; margin: 2px; }
}
@keyframes apart { 0% { opacity: 0; width: 0px; } 50% { opacity: 1; } 100% { opacity: 0; width: 10px; } }
)");
  const KeyframeAnimation* pulse = Theme::get().findKeyframes("pulse");
  REQUIRE(pulse != nullptr);
  const KeyframeTrack* opacity = pulse->track(Prop::opacity);
  const KeyframeTrack* tx = pulse->track(Prop::translateX);
  REQUIRE(opacity != nullptr);
  REQUIRE(tx != nullptr);
  CHECK(opacity->lane == static_cast<std::uint8_t>(TrackLane::FloatUnit));
  CHECK(pulse->laneFloats[opacity->laneFirst + 1] == 1.0f);
  CHECK(tx->lane == static_cast<std::uint8_t>(TrackLane::Length));
  CHECK(pulse->laneLengths[tx->laneFirst + 1].px == 30.0f);
  CHECK(pulse->track(Prop::translateY)->lane == 0);  // constant: written once, no lane
  // One key set: the lane program writes both tracks after one interval.
  REQUIRE(pulse->laneOps.size() == 2);
  CHECK(pulse->laneOps[0].prop == Prop::opacity);
  CHECK(pulse->laneOps[0].lane == TrackLane::FloatUnit);
  CHECK(pulse->laneOps[0].first == opacity->laneFirst);
  CHECK(pulse->laneOps[1].prop == Prop::translateX);
  CHECK(pulse->laneOps[1].lane == TrackLane::Length);
  const KeyframeAnimation* apart = Theme::get().findKeyframes("apart");
  REQUIRE(apart != nullptr);
  CHECK(apart->allLanes);
  CHECK(apart->laneOps.empty());  // opacity has a 50% key, width does not: two intervals

  const KeyframeAnimation* mixed = Theme::get().findKeyframes("mixed");
  REQUIRE(mixed != nullptr);
  CHECK(mixed->laneOps.empty());                // not every varying track has a lane
  CHECK(mixed->track(Prop::width)->lane == 0);  // `auto` steps at the midpoint: the writer's job
  CHECK(mixed->track(Prop::borderWidth)->lane == static_cast<std::uint8_t>(TrackLane::FloatNonNeg));
  CHECK(mixed->track(Prop::padding)->lane == 0);  // one side of a four-sided row
  CHECK(mixed->track(Prop::margin)->lane == 0);

  const KeyframeAnimation* half = Theme::get().findKeyframes("half");
  REQUIRE(half != nullptr);
  CHECK(half->track(Prop::opacity)->lane == 0);  // implicit ends read the underlying value
}

TEST_CASE("evaluateInto and the lane program: value lanes give what the seed's evaluator gives",
          "[anim][keyframes][steady]") {
  zenit::test::freshWorld(std::string(kSheet) + R"(
@keyframes over {
  0%   { opacity: 0; border-width: 0px; transform: translateX(-10px); }
  40%  { opacity: 1; border-width: 3px; transform: translateX(calc(50% + 4px)); }
  100% { opacity: 0.5; border-width: 1px; transform: translateX(2em); }
}
)");
  const KeyframeAnimation* over = Theme::get().findKeyframes("over");
  REQUIRE(over != nullptr);
  REQUIRE(over->track(Prop::borderWidth)->lane != 0);
  // An overshooting easing drives the lanes' clamps: opacity to [0, 1],
  // border-width to >= 0.
  const TransitionFunction ease = *parseEasing("cubic-bezier(0.5, -0.8, 0.5, 1.8)");
  REQUIRE(over->laneOps.size() == 3);
  Anim::KeyframeCursor cursor;
  Anim::KeyframeCursor laneCursor;
  laneCursor.generation = over->generation;
  ComputedStyle out;
  ComputedStyle lanes;
  for (int i = 0; i <= 400; ++i) {
    const float p = static_cast<float>(i) / 400.0f;
    Anim::evaluateInto(*over, static_cast<double>(p), ease, false, out, out, &cursor);
    Anim::evaluateLanes(*over, static_cast<double>(p), ease, lanes, laneCursor);  // the lane program
    CHECK(lanes.opacity == out.opacity);
    CHECK(lanes.borderWidth == out.borderWidth);
    CHECK(lanes.translateX == out.translateX);
    const Style seed = Anim::evaluateKeyframes(*over, p, ease);
    INFO("progress " << p);
    REQUIRE(seed.opacity.is_set);
    CHECK(out.opacity == seed.opacity.value);
    CHECK(out.opacity >= 0.0f);
    CHECK(out.opacity <= 1.0f);
    CHECK(out.borderWidth == seed.borderWidth.value);
    CHECK(out.borderWidth >= 0.0f);
    CHECK(out.translateX == seed.translateX.value);
  }
}

TEST_CASE("the lane program's key times: every segment found as locate finds it, in any order of progress",
          "[anim][keyframes][steady]") {
  // 64 keyframes: forward frames cross into the next segment often, and
  // jumps (backwards, far ahead, to 1) leave the times for locate's search.
  std::string sheet(kSheet);
  sheet += "@keyframes many {\n";
  for (int i = 0; i < 64; ++i) {
    const int pct = i * 100 / 63;
    sheet += "  " + std::to_string(pct) + "% { opacity: " + std::to_string((i % 7) / 6.0) +
             "; transform: translateX(" + std::to_string((i * 37) % 50) + "px); }\n";
  }
  sheet +=
      "}\n@keyframes eased {\n  0% { opacity: 0; animation-timing-function: ease-in; }\n"
      "  30% { opacity: 1; }\n  100% { opacity: 0.25; }\n}\n";
  zenit::test::freshWorld(sheet);
  const KeyframeAnimation* many = Theme::get().findKeyframes("many");
  const KeyframeAnimation* eased = Theme::get().findKeyframes("eased");
  REQUIRE(many != nullptr);
  REQUIRE(eased != nullptr);
  REQUIRE(many->laneOps.size() == 2);
  REQUIRE(many->laneTimes.size() == 64);
  CHECK(many->laneTimes.front() == 0.0);
  CHECK(many->laneTimes.back() == 1.0);
  CHECK(many->laneTimes[1] == static_cast<double>(many->keys[many->tracks[many->varying[0]].first + 1].t));
  REQUIRE(eased->laneOps.size() == 1);
  CHECK(eased->keyEasings);
  CHECK(eased->laneTimes.empty());  // a keyframe's own easing: every frame takes locateAndEase

  const TransitionFunction ease = *parseEasing("cubic-bezier(0.3, -0.4, 0.6, 1.4)");
  std::vector<double> progress;
  for (int i = 0; i <= 2000; ++i) progress.push_back(i / 2000.0);                  // forward, small steps
  for (int i = 0; i < 64; ++i) progress.push_back(i / 63.0);                       // on the keys themselves
  for (int i = 500; i >= 0; --i) progress.push_back(i / 500.0);                    // backwards
  for (int i = 0; i < 300; ++i) progress.push_back(((i * 7919) % 1000) / 1000.0);  // jumps
  progress.push_back(1.0);
  progress.push_back(0.0);
  for (const KeyframeAnimation* anim : {many, eased}) {
    Anim::KeyframeCursor cursor;
    Anim::KeyframeCursor laneCursor;
    laneCursor.generation = anim->generation;
    ComputedStyle out;
    ComputedStyle lanes;
    const std::uint16_t lead = anim->varying[0];
    for (const double p : progress) {
      INFO(anim->name << " at progress " << p);
      Anim::evaluateInto(*anim, p, ease, false, out, out, &cursor);
      Anim::evaluateLanes(*anim, p, ease, lanes, laneCursor);
      CHECK(std::bit_cast<std::uint32_t>(lanes.opacity) == std::bit_cast<std::uint32_t>(out.opacity));
      CHECK(lanes.translateX == out.translateX);
      CHECK(laneCursor.segment[lead] == cursor.segment[lead]);  // the same hint for the next frame
    }
  }
}
