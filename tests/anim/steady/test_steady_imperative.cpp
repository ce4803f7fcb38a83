// The steady step of imperative animations (anim/steady: the OneImperative
// and Player kinds): a frame that only moves the playing animations inside
// their active intervals is stepped from a record instead of
// tickImperative + composeOverlay. Two players share each UIAnimation: one
// is stepped from its record whenever the record takes the frame
// (steady_driver.hpp), the other always takes the full path; every frame
// they must hold the same overlay bits, the same timing state and the same
// onFinished calls. Edits made to the shared animations between frames (the
// fields are public) reach both.
#include "anim/steady/steady_driver.hpp"
#include "layout/anim_scene.hpp"

#include <zenit/anim/AnimationPlayer.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using namespace zenit;

bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
bool sameBits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

using zenit::test::SteadyDriver;

bool sameOverlay(const AnimationPlayer& a, const AnimationPlayer& b) {
  ComputedStyle x, y;
  a.overlayOnto(x);
  b.overlayOnto(y);
  return a.overlaid().bits == b.overlaid().bits && a.holdsIdentityLinear() == b.holdsIdentityLinear() &&
         sameBits(x.opacity, y.opacity) && sameBits(x.translateX.px, y.translateX.px) &&
         sameBits(x.rotate, y.rotate) && sameBits(x.scaleX, y.scaleX) &&
         x.backgroundColor == y.backgroundColor;
}

// Two players driven side by side; `finished` counts each one's onFinished calls.
struct Pair {
  AnimationPlayer lane, full;
  SteadyDriver driver{lane};
  ComputedStyle base;
  std::vector<std::string> names;
  std::vector<std::function<void()>> laneCalls, fullCalls;
  int steadyFrames{0};
  int fullFrames{0};

  // A call of the animation API: as a node does (Layout::player), the
  // record's state goes back into the player first.
  template <class F>
  void call(F&& f) {
    driver.release();
    f(lane);
    f(full);
  }
  void add(const std::string& name, const std::shared_ptr<UIAnimation>& a) {
    call([&](AnimationPlayer& p) { p.add(name, a); });
    names.push_back(name);
  }
  void play(const std::string& name, bool reverse = false) {
    call([&](AnimationPlayer& p) { REQUIRE(p.play(name, reverse)); });
  }
  void remove(const std::string& name) {
    call([&](AnimationPlayer& p) { REQUIRE(p.remove(name)); });
    names.erase(std::find(names.begin(), names.end(), name));
  }
  // One frame as a parent steps a parked node (its record, else the full
  // path and a record armed again), against the full path alone.
  void frame(double dt) {
    if (driver.frame(base, dt, laneCalls)) {
      REQUIRE(lane.hasActiveLocal());  // no record takes a frame of a player with nothing playing
      ++steadyFrames;
    } else {
      ++fullFrames;
    }
    SteadyDriver::fullFrame(full, base, dt, fullCalls);
    for (auto& c : laneCalls) c();
    for (auto& c : fullCalls) c();
    REQUIRE(laneCalls.size() == fullCalls.size());
    laneCalls.clear();
    fullCalls.clear();
    REQUIRE(sameOverlay(lane, full));
    REQUIRE(lane.imperativeCount() == full.imperativeCount());
    for (const std::string& name : names) {
      const std::optional<AnimState> x = lane.imperativeState(name);
      const std::optional<AnimState> y = full.imperativeState(name);
      REQUIRE(x.has_value());
      REQUIRE(y.has_value());
      REQUIRE(sameBits(x->elapsed, y->elapsed));
      REQUIRE(sameBits(x->lastT, y->lastT));
      REQUIRE(x->playing == y->playing);
      REQUIRE(x->applied == y->applied);
    }
    REQUIRE(lane.hasActiveLocal() == full.hasActiveLocal());
  }
  void frames(int n, double dt) {
    for (int i = 0; i < n; ++i) {
      INFO("frame " << i);
      frame(dt);
    }
  }
  bool copied() const { return driver.kind() == steady::Kind::OneImperative; }
};

std::shared_ptr<UIAnimation> fade(double iterations, PlaybackDirection direction) {
  auto a = std::make_shared<UIAnimation>(1.0f);
  REQUIRE(a->addTrack(Prop::opacity, 0.2f, 1.0f));
  a->iterations = iterations;
  a->direction = direction;
  a->blocksInput = false;
  return a;
}

constexpr double kDt = 1.0 / 60.0;
const double kForever = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("steady step of imperative animations: the full path's overlay and timing on every frame",
          "[anim][steady]") {
  zenit::test::freshWorld("");

  SECTION("alternate, forever: every frame after the first is stepped from the record") {
    Pair p;
    p.add("fade", fade(kForever, PlaybackDirection::Alternate));
    p.play("fade");
    p.frames(600, kDt);
    CHECK(p.fullFrames == 1);
    CHECK(p.steadyFrames == 599);
  }
  SECTION("each direction, a translation in an easing, uneven and zero steps") {
    for (const PlaybackDirection d : {PlaybackDirection::Normal, PlaybackDirection::Reverse,
                                      PlaybackDirection::Alternate, PlaybackDirection::AlternateReverse}) {
      Pair p;
      auto a = fade(kForever, d);
      a->duration = 0.7f;
      REQUIRE(a->addTrack(Prop::translateX, Px(0.0f), Px(30.0f), TransitionFunction::EaseInOut));
      p.add("a", a);
      p.play("a");
      for (int i = 0; i < 400; ++i) {
        INFO("frame " << i);
        p.frame((i % 7 == 0) ? 0.0 : 0.003 * (1 + i % 11));
      }
      CHECK(p.steadyFrames > 390);
    }
  }
  SECTION("a finite count ends on the full path, with onFinished called once by each") {
    Pair p;
    int finished = 0;
    auto a = fade(2.5, PlaybackDirection::Alternate);
    a->onFinished = [&] { ++finished; };
    p.add("a", a);
    p.play("a");
    p.frames(200, kDt);
    CHECK(finished == 2);  // one call from each player, on the same frame (checked in frame())
    CHECK_FALSE(p.lane.hasActiveLocal());
    CHECK(p.steadyFrames > 140);
  }
  SECTION("played backwards, at other rates, and at rate 0") {
    Pair p;
    auto a = fade(3.0, PlaybackDirection::Normal);
    p.add("a", a);
    p.play("a", true);
    p.frames(40, kDt);
    p.call([](AnimationPlayer& x) { REQUIRE(x.setRate("a", 2.5)); });
    p.frames(40, kDt);
    p.call([](AnimationPlayer& x) { REQUIRE(x.setRate("a", -0.5)); });
    p.frames(40, kDt);
    p.call([](AnimationPlayer& x) { REQUIRE(x.setRate("a", 0.0)); });
    p.frames(20, kDt);
    p.call([](AnimationPlayer& x) { REQUIRE(x.setRate("a", 3.0)); });
    p.frames(60, kDt);  // back at 0: finished on the full path
    CHECK_FALSE(p.lane.hasActiveLocal());
    CHECK(p.steadyFrames > 150);
  }
  SECTION("a delay is waited out on the full path") {
    Pair p;
    auto a = fade(kForever, PlaybackDirection::Normal);
    a->delay = 0.25f;
    p.add("a", a);
    p.play("a");
    p.frames(120, kDt);
    CHECK(p.fullFrames >= 15);
    CHECK(p.steadyFrames > 90);
    // Played again after a stop: the delay again, over the value it holds.
    p.call([](AnimationPlayer& x) { REQUIRE(x.stop("a")); });
    p.play("a");
    const int full = p.fullFrames;
    p.frames(60, kDt);
    CHECK(p.fullFrames >= full + 15);
  }
  SECTION("a finished and a paused animation over a playing one, on the same property") {
    Pair p;
    auto once = fade(1.0, PlaybackDirection::Normal);
    once->duration = 0.1f;
    auto held = fade(kForever, PlaybackDirection::Normal);
    REQUIRE(held->addTrack(Prop::scaleX, 1.0f, 2.0f));
    auto loop = fade(kForever, PlaybackDirection::Alternate);
    loop->duration = 0.4f;
    // Registration order is the order of the overlay: `once`, the last,
    // holds its end over the opacity `loop` writes, `held` its scale.
    p.add("loop", loop);
    p.add("held", held);
    p.add("once", once);
    p.play("once");
    p.play("held");
    p.frames(20, kDt);  // `once` has finished and holds its end
    p.call([](AnimationPlayer& x) { REQUIRE(x.pause("held")); });
    p.frames(5, kDt);
    p.play("loop");
    p.frames(100, kDt);
    CHECK(p.steadyFrames > 90);
    CHECK(p.lane.overlayValue<Prop::opacity>() == 1.0f);
  }
  SECTION("a colour track") {
    Pair p;
    auto a = std::make_shared<UIAnimation>(0.5f);
    REQUIRE(a->addTrack(Prop::backgroundColor, Color{1.0f, 0.0f, 0.0f, 1.0f}, Color{0.0f, 0.0f, 1.0f, 0.5f}));
    a->iterations = kForever;
    a->blocksInput = false;
    p.add("tint", a);
    p.play("tint");
    p.frames(100, kDt);
    CHECK(p.steadyFrames == 99);
  }
}

TEST_CASE("steady step of imperative animations: declines the frames it cannot take, changing nothing",
          "[anim][steady]") {
  zenit::test::freshWorld("");

  SECTION("a setter track, or an animation that blocks input: never taken") {
    Pair p;
    float written = 0.0f;
    auto a = fade(kForever, PlaybackDirection::Alternate);
    a->addTrack<float>(0.0f, 1.0f, [&](Layout*, float v) { written = v; });
    p.add("a", a);
    p.play("a");
    p.frames(30, kDt);
    CHECK(p.steadyFrames == 0);
    CHECK(written > 0.0f);

    Pair q;
    auto b = fade(kForever, PlaybackDirection::Alternate);
    b->blocksInput = true;
    q.add("b", b);
    q.play("b");
    q.frames(30, kDt);
    CHECK(q.steadyFrames == 0);
  }
  SECTION("with a CSS animation too: the full path") {
    zenit::test::freshWorld("@keyframes spin { from { rotate: 0deg; } to { rotate: 90deg; } }");
    Pair p;
    AnimationRef r;
    r.name = "spin";
    r.duration = 1.0;
    r.iterations = AnimationRef::kInfinite;
    p.call([&](AnimationPlayer& x) { x.syncCss({r}, 0.0); });
    p.add("a", fade(kForever, PlaybackDirection::Alternate));
    p.play("a");
    p.frames(30, kDt);
    CHECK(p.steadyFrames == 0);
  }
  SECTION("edits to the animation between frames") {
    Pair p;
    auto a = fade(kForever, PlaybackDirection::Normal);
    p.add("a", a);
    p.play("a");
    p.frames(10, kDt);
    REQUIRE(p.copied());  // one float track: stepped from a checked copy
    int before = p.fullFrames;
    a->duration = 0.3f;  // the copy no longer matches: one full frame, then a new copy
    a->direction = PlaybackDirection::Alternate;
    p.frames(10, kDt);
    CHECK(p.fullFrames == before + 1);
    before = p.fullFrames;
    static_cast<UIAnimation::PropTrack<float>&>(*a->propTracks[0]).to = 0.6f;  // values read every frame
    p.frames(3, kDt);
    CHECK(p.fullFrames == before);
    before = p.fullFrames;
    REQUIRE(a->addTrack(Prop::rotate, 0.0f, 45.0f));  // a property the overlay did not hold
    p.frame(kDt);
    CHECK(p.fullFrames == before + 1);
    CHECK(p.lane.overlaid().test(Prop::rotate));
    CHECK_FALSE(p.lane.holdsIdentityLinear());
    p.frames(10, kDt);
    a->propTracks.pop_back();  // and one it no longer writes
    p.frame(kDt);
    CHECK(p.fullFrames == before + 2);
    CHECK_FALSE(p.lane.overlaid().test(Prop::rotate));
    p.frames(10, kDt);
    a->blocksInput = true;
    p.frame(kDt);
    CHECK(p.fullFrames == before + 3);
    a->blocksInput = false;
    p.frames(10, kDt);
    CHECK(p.fullFrames == before + 4);  // armed again by that full frame's successor
  }
  SECTION("a declined step changes nothing") {
    AnimationPlayer player;
    auto a = fade(1.0, PlaybackDirection::Normal);
    player.add("a", a);
    REQUIRE(player.play("a", false));
    const ComputedStyle base;
    SteadyDriver::fullFrame(player, base, kDt);
    SteadyDriver driver(player);
    REQUIRE(driver.arm());
    const AnimState before = *player.imperativeState("a");
    const float opacity = player.overlayValue<Prop::opacity>();
    CHECK_FALSE(driver.step(2.0));  // would finish it
    CHECK_FALSE(driver.step(std::numeric_limits<double>::quiet_NaN()));
    const AnimState after = *player.imperativeState("a");
    CHECK(sameBits(after.elapsed, before.elapsed));
    CHECK(sameBits(after.lastT, before.lastT));
    CHECK(after.playing);
    CHECK(sameBits(player.overlayValue<Prop::opacity>(), opacity));
    CHECK(driver.step(kDt));
    CHECK(player.imperativeState("a")->elapsed > before.elapsed);
  }
}

// ---------------------------------------------------------------------------
// Animations unchanged while they play (UIAnimation::unchangedWhilePlaying):
// the record steps copies taken when it was armed and reads nothing of the
// animation. The same Pair: the full path reads every field each frame, the
// record only its copies; the bits must agree on every frame while the
// animation is not edited.
// ---------------------------------------------------------------------------

namespace {

std::shared_ptr<UIAnimation> fixedFade(double iterations, PlaybackDirection direction) {
  auto a = fade(iterations, direction);
  a->unchangedWhilePlaying = true;
  return a;
}

// Runs `n` frames of `p`, counting those stepped from the copies.
int fixedFrames(Pair& p, int n, const std::function<double(int)>& dt) {
  int fixed = 0;
  for (int i = 0; i < n; ++i) {
    INFO("frame " << i);
    const bool copy = p.copied();
    const int steady = p.steadyFrames;
    p.frame(dt(i));
    if (copy && p.steadyFrames == steady + 1) ++fixed;
  }
  return fixed;
}

const std::function<double(int)> kEven = [](int) { return kDt; };

}  // namespace

TEST_CASE("unchanged while playing: the full path's overlay and timing on every frame",
          "[anim][steady][fixed]") {
  zenit::test::freshWorld("");

  SECTION("alternate, forever: every frame but the first of each iteration steps the copy") {
    Pair p;
    p.add("fade", fixedFade(kForever, PlaybackDirection::Alternate));
    p.play("fade");
    const int fixed = fixedFrames(p, 600, kEven);
    // 600 frames of 1/60 s cross 9 iteration ends: the copy plans each next
    // iteration itself (the animation unchanged), no full frame.
    CHECK(fixed == 599);
    CHECK(p.fullFrames == 1);
  }
  SECTION("each direction, each float property, easings, uneven and zero steps") {
    struct Case {
      Prop prop;
      float from, to;
      TransitionFunction ease;
    };
    const Case cases[] = {
        {Prop::opacity, 0.2f, 1.0f, TransitionFunction::EaseInOut},
        {Prop::rotate, -30.0f, 45.0f, *TransitionFunction::cubicBezier(0.3, -0.4, 0.6, 1.5)},
        {Prop::scaleX, 1.0f, 2.5f, *TransitionFunction::stepsOf(4, StepPosition::JumpBoth)},
        {Prop::opacity, 0.0f, 1.0f, TransitionFunction::EaseOutCubic},
    };
    for (const Case& c : cases) {
      for (const PlaybackDirection d : {PlaybackDirection::Normal, PlaybackDirection::Reverse,
                                        PlaybackDirection::Alternate, PlaybackDirection::AlternateReverse}) {
        INFO("property " << cssName(c.prop) << ", direction " << static_cast<int>(d));
        Pair p;
        auto a = std::make_shared<UIAnimation>(0.7f);
        REQUIRE(a->addTrack(c.prop, c.from, c.to, c.ease));
        a->iterations = kForever;
        a->direction = d;
        a->blocksInput = false;
        a->unchangedWhilePlaying = true;
        p.add("a", a);
        p.play("a");
        const int fixed =
            fixedFrames(p, 400, [](int i) { return (i % 7 == 0) ? 0.0 : 0.003 * (1 + i % 11); });
        CHECK(fixed > 380);
      }
    }
  }
  SECTION("played backwards, at other rates (a full frame arms the new rate), and at rate 0") {
    Pair p;
    p.add("a", fixedFade(3.0, PlaybackDirection::Normal));
    p.play("a", true);
    int fixed = fixedFrames(p, 40, kEven);
    for (const double rate : {2.5, -0.5, 0.0, 3.0}) {
      p.call([rate](AnimationPlayer& x) { REQUIRE(x.setRate("a", rate)); });
      CHECK_FALSE(p.copied());  // the call takes the state back; the next frame arms the new rate
      fixed += fixedFrames(p, 40, kEven);
    }
    CHECK_FALSE(p.lane.hasActiveLocal());  // back at 0 at rate 3: finished on the full path
    CHECK(fixed > 150);
  }
  SECTION("a finite count ends on the full path, with onFinished called once by each") {
    Pair p;
    int finished = 0;
    auto a = fixedFade(2.5, PlaybackDirection::Alternate);
    a->onFinished = [&] { ++finished; };
    p.add("a", a);
    p.play("a");
    CHECK(fixedFrames(p, 200, kEven) > 140);
    CHECK(finished == 2);
    CHECK_FALSE(p.lane.hasActiveLocal());
    CHECK_FALSE(p.copied());
  }
  SECTION("a delay is waited out on the full path, then the copy is stepped") {
    Pair p;
    auto a = fixedFade(kForever, PlaybackDirection::Normal);
    a->delay = 0.25f;
    p.add("a", a);
    p.play("a");
    CHECK(fixedFrames(p, 120, kEven) > 90);
    CHECK(p.fullFrames >= 15);
  }
}

TEST_CASE("the OneImperative record: one animation with one float overlay track", "[anim][steady][fixed]") {
  zenit::test::freshWorld("");
  const auto armed = [](Pair& p) {
    p.frames(3, kDt);
    return p.copied();
  };
  SECTION("the same animation, not declared unchanged: a checked copy") {
    Pair p;
    p.add("a", fade(kForever, PlaybackDirection::Alternate));
    p.play("a");
    CHECK(armed(p));
    CHECK(p.steadyFrames == 2);
  }
  SECTION("declared unchanged, but a track of another type, two tracks, or two animations") {
    Pair p;
    auto a = std::make_shared<UIAnimation>(1.0f);
    REQUIRE(a->addTrack(Prop::translateX, Px(0.0f), Px(30.0f)));
    a->iterations = kForever;
    a->blocksInput = false;
    a->unchangedWhilePlaying = true;
    p.add("slide", a);
    p.play("slide");
    CHECK_FALSE(armed(p));

    Pair q;
    auto b = fixedFade(kForever, PlaybackDirection::Normal);
    REQUIRE(b->addTrack(Prop::rotate, 0.0f, 90.0f));
    q.add("b", b);
    q.play("b");
    CHECK_FALSE(armed(q));

    Pair r;
    r.add("c", fixedFade(kForever, PlaybackDirection::Normal));
    r.play("c");
    CHECK(armed(r));
    r.add("d", fixedFade(kForever, PlaybackDirection::Normal));
    CHECK_FALSE(r.copied());
    const int steady = r.steadyFrames;
    CHECK_FALSE(armed(r));
    CHECK(r.steadyFrames == steady + 2);  // a Player record: the player steps itself
    CHECK(r.driver.kind() == steady::Kind::Player);
    r.remove("d");
    CHECK_FALSE(r.copied());
    CHECK(armed(r));  // one animation again: a full frame, then the copy
  }
  SECTION("playing: armed; paused, stopped or cancelled: not") {
    Pair p;
    p.add("a", fixedFade(kForever, PlaybackDirection::Alternate));
    p.play("a");
    REQUIRE(armed(p));
    p.call([](AnimationPlayer& x) { REQUIRE(x.pause("a")); });
    CHECK_FALSE(p.copied());  // the call takes the state back at once
    CHECK_FALSE(armed(p));
    p.play("a");
    CHECK(armed(p));
    p.call([](AnimationPlayer& x) { REQUIRE(x.seek("a", 0.5, nullptr)); });
    CHECK_FALSE(p.copied());
    CHECK(armed(p));
    p.call([](AnimationPlayer& x) { REQUIRE(x.stop("a")); });
    CHECK_FALSE(armed(p));
    p.play("a");
    CHECK(armed(p));
    p.call([](AnimationPlayer& x) { REQUIRE(x.cancel("a", nullptr)); });
    CHECK_FALSE(armed(p));
  }
}

TEST_CASE("unchanged while playing: an edit made anyway shows when the iteration ends or at the next call",
          "[anim][steady][fixed]") {
  zenit::test::freshWorld("");
  // `edited` is fixed and is edited while it plays; `before` and `after`
  // are the same animation unedited and edited, on the full path.
  auto edited = fixedFade(kForever, PlaybackDirection::Normal);
  auto before = fade(kForever, PlaybackDirection::Normal);
  auto after = fade(kForever, PlaybackDirection::Normal);
  auto& track = static_cast<UIAnimation::PropTrack<float>&>(*edited->propTracks[0]);
  auto& afterTrack = static_cast<UIAnimation::PropTrack<float>&>(*after->propTracks[0]);
  AnimationPlayer lane, old, fresh;
  lane.add("a", edited);
  old.add("a", before);
  fresh.add("a", after);
  const ComputedStyle base;
  SteadyDriver driver(lane);
  const auto frame = [&](double dt) {
    driver.frame(base, dt);
    for (AnimationPlayer* p : {&old, &fresh}) SteadyDriver::fullFrame(*p, base, dt);
  };
  const auto opacity = [](const AnimationPlayer& p) { return p.overlayValue<Prop::opacity>(); };
  for (AnimationPlayer* p : {&lane, &old, &fresh}) REQUIRE(p->play("a", false));
  for (int i = 0; i < 10; ++i) frame(kDt);
  REQUIRE(driver.kind() == steady::Kind::OneImperative);
  track.to = 0.5f;  // against the promise
  afterTrack.to = 0.5f;
  // The copy goes on until the iteration ends (1 s): the old values.
  for (int i = 10; i < 59; ++i) {
    INFO("frame " << i);
    frame(kDt);
    REQUIRE(sameBits(opacity(lane), opacity(old)));
    REQUIRE_FALSE(sameBits(opacity(lane), opacity(fresh)));
  }
  // The iteration's end is a full frame, which reads the edit.
  for (int i = 59; i < 90; ++i) {
    INFO("frame " << i);
    frame(kDt);
    if (i >= 61) REQUIRE(sameBits(opacity(lane), opacity(fresh)));
  }
  REQUIRE(driver.kind() == steady::Kind::OneImperative);
  // A call of the animation API reads it the next frame.
  track.to = 0.9f;
  afterTrack.to = 0.9f;
  driver.release();  // as a node's call does
  for (AnimationPlayer* p : {&lane, &fresh}) REQUIRE(p->play("a", false));
  for (int i = 0; i < 5; ++i) {
    frame(kDt);
    REQUIRE(sameBits(opacity(lane), opacity(fresh)));
  }
}

TEST_CASE("a checked OneImperative record compares the first 56 bytes of a UIAnimation", "[anim][steady]") {
  // A checked step reads these fields every frame; UIAnimation's member order
  // keeps them in one 56-byte run, one or two cache lines of the animation.
  const UIAnimation a(1.0f);
  const auto* base = reinterpret_cast<const unsigned char*>(&a);
  const auto endOf = [base](const auto& field) {
    return static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(&field) + sizeof(field) - base);
  };
  CHECK(endOf(a.duration) <= 56);
  CHECK(endOf(a.blocksInput) <= 56);
  CHECK(endOf(a.direction) <= 56);
  CHECK(endOf(a.iterations) <= 56);
  // The vectors' begin and end pointers (their first 16 bytes).
  CHECK(endOf(a.tracks) - sizeof(a.tracks) + 16 <= 56);
  CHECK(endOf(a.propTracks) - sizeof(a.propTracks) + 16 <= 56);
}
