// Anim::syncRefs (seed §2.1, §2.2) with `none` entries in the computed
// animation list (CSS keeps them in place: `animation: none, kf 1s`
// computes animation-name `none, kf`) and with names no @keyframes
// defines: neither ever starts an instance.
#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/style/Theme.hpp>

#include "support/zenit_test.hpp"

#include <vector>

using namespace zenit;

namespace {

AnimationRef named(std::string name, double duration) {
  AnimationRef r;
  r.name = std::move(name);
  r.duration = duration;
  return r;
}

// Theme::get() with @keyframes kf and other, as long as it lives.
struct Sheet {
  explicit Sheet(std::string_view text =
                     "@keyframes kf { to { opacity: 0; } } @keyframes other { to { opacity: 1; } }") {
    Theme::get().clear();
    REQUIRE(Theme::get().loadString(text, "test.zstyle").ok());
  }
  ~Sheet() { Theme::get().clear(); }
  Sheet(const Sheet&) = delete;
  Sheet& operator=(const Sheet&) = delete;
};

}  // namespace

TEST_CASE("syncRefs: none entries keep their place in the list and never make an instance (seed §2.1)",
          "[anim][css]") {
  const Sheet sheet;
  const AnimationRef none;  // name "": `none`
  std::vector<ActiveCssAnimation> anims;
  Anim::syncRefs(anims, {none, named("kf", 1.0), none}, 0.0);
  REQUIRE(anims.size() == 1u);
  CHECK(anims[0].name == "kf");

  // The same names with a none moved: the running instance is kept (live
  // edit: elapsed stays, the timing follows the ref).
  anims[0].elapsed = 0.5;
  Anim::syncRefs(anims, {named("kf", 2.0), none}, 1.0);
  REQUIRE(anims.size() == 1u);
  CHECK(anims[0].elapsed == 0.5);
  CHECK(anims[0].duration == 2.0);

  // A second name after the none starts a second instance, in list order.
  Anim::syncRefs(anims, {none, named("kf", 2.0), named("other", 1.0)}, 1.0);
  REQUIRE(anims.size() == 2u);
  CHECK(anims[0].name == "kf");
  CHECK(anims[0].elapsed == 0.5);
  CHECK(anims[1].name == "other");

  // Only none: every instance goes.
  Anim::syncRefs(anims, {none}, 2.0);
  CHECK(anims.empty());
  Anim::syncRefs(anims, {none, none}, 2.0);
  CHECK(anims.empty());
}

TEST_CASE(
    "syncRefs: a name no @keyframes defines makes no instance; defined later, it starts fresh (seed §2.2)",
    "[anim][css]") {
  Theme::get().clear();
  std::vector<ActiveCssAnimation> anims;
  std::vector<AnimationEvent> events;
  // Seed §2.2: an animation whose keyframes are not found is dropped; CSS
  // creates no animation for such a name (no events either).
  Anim::syncRefs(anims, {named("later", 1.0), named("kf", 1.0)}, 0.0, &events);
  CHECK(anims.empty());
  CHECK(events.empty());

  // A sheet that defines one of them: the next sync starts it then, at 0.
  {
    const Sheet sheet("@keyframes later { to { opacity: 0; } }");
    Anim::syncRefs(anims, {named("later", 1.0), named("kf", 1.0)}, 3.0, &events);
    REQUIRE(anims.size() == 1u);
    CHECK(anims[0].name == "later");
    CHECK(anims[0].startTime == 3.0);
    CHECK(anims[0].elapsed == 0.0);
    CHECK(anims[0].keyframes != nullptr);
    anims[0].elapsed = 0.4;
    anims[0].started = true;
  }
  // The sheet is gone (Sheet's destructor clears the theme): the instance
  // goes with its @keyframes, without an event (nothing to animate any more).
  Anim::syncRefs(anims, {named("later", 1.0), named("kf", 1.0)}, 4.0, &events);
  CHECK(anims.empty());
  CHECK(events.empty());
}

TEST_CASE("ActiveCssAnimation: the seed's fields, written as the seed writes them (seed §1.3)",
          "[anim][css]") {
  // Seed §1.3 and §2.1's code, verbatim in spirit: writable alternate and
  // fillForwards, an int iteration count with -1 for infinite.
  ActiveCssAnimation a;
  a.name = "kf";
  a.elapsed = 0.0f;
  a.startTime = 2.0;
  a.duration = 1.0f;
  a.delay = 0.0f;
  a.iterations = -1;
  a.alternate = true;
  a.fillForwards = true;
  a.finished = false;
  a.ease = TransitionFunction::Linear;
  CHECK(a.direction() == PlaybackDirection::Alternate);
  CHECK(a.fill() == FillMode::Forwards);

  // Odd iterations run backwards: 1.25 s into an alternate animation is 0.75.
  a.elapsed = 1.25;
  bool finished = true;
  CHECK(Anim::sampleActive(a, finished) == 0.75f);
  CHECK_FALSE(finished);  // -1: infinite

  // The four directions and fills, each in one place.
  a.reversed = true;
  CHECK(a.direction() == PlaybackDirection::AlternateReverse);
  a.alternate = false;
  CHECK(a.direction() == PlaybackDirection::Reverse);
  a.setDirection(PlaybackDirection::Normal);
  CHECK_FALSE(a.alternate);
  CHECK_FALSE(a.reversed);
  a.fillBackwards = true;
  CHECK(a.fill() == FillMode::Both);
  a.setFill(FillMode::Backwards);
  CHECK_FALSE(a.fillForwards);
  CHECK(a.fillBackwards);

  // A 2-iteration animation with fillForwards holds its last frame (seed §4.4).
  ActiveCssAnimation b;
  b.duration = 1.0f;
  b.iterations = 2;
  b.fillForwards = true;
  b.elapsed = 5.0;
  CHECK(Anim::sampleActive(b, finished) == 1.0f);
  CHECK(finished);
  CHECK(Anim::sample(b).inEffect);
  b.fillForwards = false;
  b.invalidateSample();
  CHECK_FALSE(Anim::sample(b).inEffect);
}
