// Playback control of imperative animations beyond the seed, with Web
// Animations currentTime semantics (scumble's table): pause freezes, seek
// applies at once and revives a finished play, cancel returns to the base,
// rates scale and reverse time. Also overlay property tracks and the order
// in which every channel combines.
#include "layout/anim_scene.hpp"

#include <cmath>
#include <limits>
#include <memory>

namespace {

using namespace zenit;
using zenit::test::Approx;
using zenit::test::LogCapture;
using zenit::test::opacityOverlay;
using zenit::test::renderedOpacity;
using zenit::test::Scene;

constexpr std::string_view kBoxes = ".box { width: 100px; height: 100px; background-color: #808080; }";

AnimState stateOf(const Layout& n, std::string_view name) {
  REQUIRE(n.animationPlayer() != nullptr);
  const std::optional<AnimState> s = n.animationPlayer()->imperativeState(name);
  REQUIRE(s.has_value());
  return *s;
}

// ---------------------------------------------------------------------------
// pause / play
// ---------------------------------------------------------------------------

TEST_CASE("pauseAnimation: the overlay freezes (it is not cleared) and playAnimation resumes",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int finished = 0;
  auto a = opacityOverlay(1.0f);
  a->onFinished = [&] { ++finished; };
  box.addAnimation("fade", a);
  box.playAnimation("fade");
  s.frame(0.25);
  REQUIRE(box.pauseAnimation("fade"));
  s.frames(4, 0.25);
  CHECK(renderedOpacity(box) == Approx(0.25f));
  // Paused counts as not playing: the node and the app loop may go idle.
  CHECK_FALSE(box.hasActiveAnimations());
  CHECK_FALSE(s.root.needsUpdate());
  REQUIRE(box.playAnimation("fade"));
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.5f));
  s.frames(2, 0.25);
  CHECK(finished == 1);
}

TEST_CASE("pauseAnimation during the delay keeps the rest of the delay", "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = opacityOverlay(1.0f);
  a->delay = 0.5f;
  box.addAnimation("fade", a);
  box.playAnimation("fade");
  s.frame(0.25);
  box.pauseAnimation("fade");
  s.frames(4, 0.25);
  box.playAnimation("fade");
  s.frame(0.25);  // the last 0.25 s of delay
  CHECK(renderedOpacity(box) == Approx(0.0f));
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.25f));
}

TEST_CASE("playAnimation after a pause at the end rewinds, as Web Animations' play() does",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int finished = 0;
  auto a = opacityOverlay(0.5f);
  a->onFinished = [&] { ++finished; };
  box.addAnimation("fade", a);
  box.playAnimation("fade");
  s.frames(2, 0.25);
  REQUIRE(finished == 1);
  box.pauseAnimation("fade");  // held at the end
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(1.0f));
  box.playAnimation("fade");
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.5f));  // restarted, not finished again at once
  CHECK(finished == 1);
}

TEST_CASE("pauseAnimation on an idle animation holds it at its start — play then runs its delay",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = opacityOverlay(1.0f);
  a->delay = 0.25f;
  box.addAnimation("fade", a);
  REQUIRE(box.pauseAnimation("fade"));
  s.frame(0.25);
  CHECK(renderedOpacity(box) == 1.0f);  // nothing applied yet
  box.playAnimation("fade");
  s.frame(0.25);  // the delay
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.25f));
}

// ---------------------------------------------------------------------------
// seek
// ---------------------------------------------------------------------------

TEST_CASE("seekAnimation: applies at once, without waiting for a frame", "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", opacityOverlay(1.0f));
  s.frame(0.0);
  REQUIRE(box.seekAnimation("fade", 0.75));
  CHECK(renderedOpacity(box) == Approx(0.75f));
  CHECK(box.getStyle().opacity == 1.0f);
  // Seeking an animation that was not playing leaves it where it was put.
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.75f));
  CHECK_FALSE(box.hasActiveAnimations());
}

TEST_CASE("seekAnimation: a finished animation revives when the target is inside its interval",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int finished = 0;
  auto a = opacityOverlay(1.0f);
  a->onFinished = [&] { ++finished; };
  box.addAnimation("fade", a);
  box.playAnimation("fade");
  s.frame(2.0);
  REQUIRE(finished == 1);
  REQUIRE_FALSE(stateOf(box, "fade").playing);

  box.seekAnimation("fade", 0.5);
  CHECK(renderedOpacity(box) == Approx(0.5f));
  CHECK(stateOf(box, "fade").playing);
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.75f));
  s.frame(0.25);
  CHECK(finished == 2);

  // 0 is inside a forward play's interval too.
  box.seekAnimation("fade", 0.0);
  CHECK(stateOf(box, "fade").playing);
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.25f));
}

TEST_CASE("seekAnimation: targets clamp to the interval — past the end stays finished — NaN is rejected",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  LogCapture log;
  box.addAnimation("fade", opacityOverlay(1.0f));
  box.playAnimation("fade");
  s.frame(2.0);
  CHECK(box.seekAnimation("fade", 5.0));
  CHECK(renderedOpacity(box) == Approx(1.0f));
  CHECK_FALSE(stateOf(box, "fade").playing);
  CHECK(box.seekAnimation("fade", -3.0));
  CHECK(renderedOpacity(box) == Approx(0.0f));
  CHECK_FALSE(box.seekAnimation("fade", std::numeric_limits<double>::quiet_NaN()));
  CHECK(renderedOpacity(box) == Approx(0.0f));
  CHECK(log.has(Severity::Error, {"seekAnimation", "NaN"}));
  CHECK_FALSE(box.seekAnimation("nope", 0.5));
}

// ---------------------------------------------------------------------------
// cancel / stop
// ---------------------------------------------------------------------------

TEST_CASE("cancelAnimation: overlay values return to the base at once — play starts over",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  int finished = 0;
  auto a = opacityOverlay(1.0f, 0.2f, 0.6f);
  a->onFinished = [&] { ++finished; };
  box.addAnimation("fade", a);
  box.playAnimation("fade");
  s.frame(0.5);
  REQUIRE(renderedOpacity(box) == Approx(0.4f));
  REQUIRE(box.cancelAnimation("fade"));
  CHECK(renderedOpacity(box) == 1.0f);
  s.frames(4, 0.25);
  CHECK(renderedOpacity(box) == 1.0f);
  CHECK(finished == 0);  // cancel never fires onFinished
  CHECK_FALSE(box.hasActiveAnimations());
  box.playAnimation("fade");
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.3f));
}

TEST_CASE("cancelAnimation: setter tracks are put back to their start value", "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", zenit::test::opacitySetter(1.0f, 0.2f, 0.6f));
  box.playAnimation("fade");
  s.frame(0.5);
  REQUIRE(box.getStyle().opacity == Approx(0.4f));
  box.cancelAnimation("fade");
  s.frame(0.0);
  CHECK(box.getStyle().opacity == Approx(0.2f));
}

TEST_CASE("stopAnimation: halts where it is — the next play starts over", "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", opacityOverlay(1.0f));
  box.playAnimation("fade");
  s.frame(0.5);
  REQUIRE(box.stopAnimation("fade"));
  s.frames(2, 0.25);
  CHECK(renderedOpacity(box) == Approx(0.5f));
  CHECK_FALSE(box.hasActiveAnimations());
  box.playAnimation("fade");
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.25f));
}

// ---------------------------------------------------------------------------
// rate
// ---------------------------------------------------------------------------

TEST_CASE("setAnimationRate: scales time — negative plays backwards — NaN and infinity are rejected",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  LogCapture log;
  int finished = 0;
  auto a = opacityOverlay(1.0f);
  a->onFinished = [&] { ++finished; };
  box.addAnimation("fade", a);
  box.playAnimation("fade");
  REQUIRE(box.setAnimationRate("fade", 2.0));
  s.frame(0.125);
  CHECK(renderedOpacity(box) == Approx(0.25f));
  REQUIRE(box.setAnimationRate("fade", -1.0));
  s.frame(0.125);
  CHECK(renderedOpacity(box) == Approx(0.125f));
  CHECK_FALSE(box.setAnimationRate("fade", std::numeric_limits<double>::quiet_NaN()));
  CHECK_FALSE(box.setAnimationRate("fade", std::numeric_limits<double>::infinity()));
  CHECK(log.has(Severity::Error, {"setAnimationRate"}));
  CHECK(stateOf(box, "fade").rate == -1.0);
  s.frame(0.25);  // runs into 0 backwards: stops there
  CHECK(renderedOpacity(box) == Approx(0.0f));
  CHECK_FALSE(stateOf(box, "fade").playing);
  CHECK(finished == 0);
}

TEST_CASE("setAnimationRate: with a negative rate, play() from the start jumps to the end and runs backwards",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  box.addAnimation("fade", opacityOverlay(1.0f));
  box.setAnimationRate("fade", -1.0);
  box.playAnimation("fade");
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.75f));
}

// ---------------------------------------------------------------------------
// iterations and direction
// ---------------------------------------------------------------------------

TEST_CASE(
    "imperative iterations and direction: alternate folds, fractional counts end mid-way, infinite never "
    "ends",
    "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  LogCapture log;
  int finished = 0;
  auto a = opacityOverlay(1.0f);
  a->iterations = 2.5;
  a->direction = PlaybackDirection::Alternate;
  a->onFinished = [&] { ++finished; };
  box.addAnimation("a", a);
  box.playAnimation("a");
  s.frame(1.25);
  CHECK(renderedOpacity(box) == Approx(0.75f));  // second iteration runs backwards
  s.frame(1.0);
  CHECK(renderedOpacity(box) == Approx(0.25f));  // third iteration, forwards
  s.frame(1.0);
  CHECK(finished == 1);
  CHECK(renderedOpacity(box) == Approx(0.5f));  // 2.5 iterations end half-way

  auto loop = opacityOverlay(1.0f);
  loop->iterations = std::numeric_limits<double>::infinity();
  box.addAnimation("loop", loop);
  box.playAnimation("loop");
  s.frames(40, 0.25);
  CHECK(box.hasActiveAnimations());
  CHECK_FALSE(box.playAnimation("loop", true));  // no end to start a reverse play from
  CHECK(log.has(Severity::Error, {"playAnimation", "loop"}));
}

TEST_CASE("imperative direction: the iteration's parity holds far out, for alternate and alternate-reverse",
          "[anim][playback]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  for (const PlaybackDirection dir : {PlaybackDirection::Alternate, PlaybackDirection::AlternateReverse}) {
    auto a = opacityOverlay(1.0f);  // opacity 0 -> 1 over each iteration
    a->iterations = std::numeric_limits<double>::infinity();
    a->direction = dir;
    box.addAnimation("far", a);
    box.playAnimation("far");
    const bool rev = dir == PlaybackDirection::AlternateReverse;
    // Iterations 0, 1, a million and a million and one, and one past 2^40.
    const std::pair<double, bool> cases[] = {
        {0.25, false}, {1.25, true}, {1e6 + 0.25, false}, {1e6 + 1.25, true}, {1099511627777.25, true}};
    for (const auto& [t, odd] : cases) {
      INFO("t = " << t << (rev ? " alternate-reverse" : " alternate"));
      REQUIRE(box.seekAnimation("far", t));
      const double local = t - std::floor(t);
      const bool backwards = odd != rev;
      CHECK(renderedOpacity(box) == Approx(backwards ? 1.0 - local : local).margin(1e-4));
    }
    REQUIRE(box.removeAnimation("far"));
  }
}

// ---------------------------------------------------------------------------
// overlay property tracks
// ---------------------------------------------------------------------------

TEST_CASE("overlay tracks: change renderedStyle without any style re-resolve", "[anim][overlay]") {
  Scene s(kBoxes);
  Layout& box = s.add({"box"});
  auto a = std::make_shared<UIAnimation>(1.0f);
  REQUIRE(a->addTrack(Prop::opacity, 0.0f, 1.0f, TransitionFunction::EaseIn));
  REQUIRE(a->addTrack(Prop::translateX, Px(0.0f), Px(80.0f)));
  REQUIRE(a->addTrack(Prop::backgroundColor, Color{1, 0, 0, 1}, Color{0, 0, 1, 1}));
  box.addAnimation("slide", a);
  s.frame(0.0);
  box.playAnimation("slide");
  s.frame(0.25);
  const std::uint64_t before = s.resolves();
  for (int i = 2; i <= 4; ++i) {
    s.frame(0.25);
    const float t = 0.25f * static_cast<float>(i);
    const ComputedStyle r = box.renderedStyle();
    CHECK(r.opacity == Approx(getRatio(t, TransitionFunction::EaseIn)));
    CHECK(r.translateX.px == Approx(80.0f * t));
    CHECK(r.backgroundColor == lerpProp(Color{1, 0, 0, 1}, Color{0, 0, 1, 1}, t));
  }
  CHECK(s.resolves() == before);
  CHECK(box.getStyle().translateX.px == 0.0f);  // base untouched
  CHECK(box.getStyle().opacity == 1.0f);
}

TEST_CASE("overlay tracks: a value of the wrong type or a property that cannot animate is refused and logged",
          "[anim][overlay]") {
  LogCapture log;
  UIAnimation a(1.0f);
  CHECK_FALSE(a.addTrack(Prop::opacity, Px(1.0f), Px(2.0f)));
  CHECK_FALSE(a.addTrack(Prop::display, Display::Flex, Display::None));
  CHECK_FALSE(a.addTrack(static_cast<Prop>(200), 0.0f, 1.0f));
  CHECK(a.propTracks.empty());
  CHECK(log.has(Severity::Error, {"addTrack", "opacity"}));
  CHECK(log.has(Severity::Error, {"addTrack", "display", "not animatable"}));
}

// ---------------------------------------------------------------------------
// the combination order
// ---------------------------------------------------------------------------

TEST_CASE("combination order: base < transitions < CSS animations < imperative overlay tracks",
          "[anim][overlay][order]") {
  Scene s(R"(
    @keyframes third { from { opacity: 0.3; } to { opacity: 0.3; } }
    .box { width: 100px; height: 100px; opacity: 1; transition: opacity 1s linear; }
    .box.dim { opacity: 0.2; }
    .box.anim { animation: third 10s linear infinite; }
  )");
  Layout& box = s.add({"box"});
  auto top = std::make_shared<UIAnimation>(1.0f);
  REQUIRE(top->addTrack(Prop::opacity, 0.9f, 0.9f));
  top->iterations = std::numeric_limits<double>::infinity();
  box.addAnimation("top", top);
  s.frame(0.0);
  CHECK(renderedOpacity(box) == 1.0f);  // base

  box.addClass("dim");
  s.frame(0.25);
  s.frame(0.25);  // transition at 0.25 of 1 -> 0.2
  CHECK(box.getStyle().opacity == Approx(0.8f));
  CHECK(renderedOpacity(box) == Approx(0.8f));  // transitions over the base

  box.addClass("anim");
  s.frame(0.25);
  CHECK(box.getStyle().opacity == Approx(0.6f));
  CHECK(renderedOpacity(box) == Approx(0.3f));  // CSS animation over the transition

  box.playAnimation("top");
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(0.9f));  // imperative overlay over everything

  box.cancelAnimation("top");
  CHECK(renderedOpacity(box) == Approx(0.3f));
  box.removeClass("anim");
  s.frame(0.25);
  CHECK(renderedOpacity(box) == Approx(box.getStyle().opacity));
  CHECK(box.inTransition() == false);
  CHECK(renderedOpacity(box) == Approx(0.2f));
}

}  // namespace
