// Seed §2.4 sampleActive, §2.4b sampleActiveCached and Anim::sample: the
// seed's edge cases by name, then what Web Animations adds (fill, reverse,
// fractional iterations), bad-number clamps, the cache and phase drift.
#include <zenit/anim/AnimPrimitives.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

#include "support/zenit_test.hpp"

using namespace zenit;
// zenit::test::Approx names Catch2 v2's vector matcher (Catch::Approx there
// comes from `using namespace Matchers`), so pick the scalar Approx here.
#if ZENIT_CATCH_MAJOR >= 3
using Catch::Approx;
#else
using Catch::Detail::Approx;
#endif
using timing::Phase;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Anim1 {
  double duration{1.0};
  double delay{0.0};
  double iterations{1.0};
  PlaybackDirection direction{PlaybackDirection::Normal};
  FillMode fill{FillMode::None};
};

ActiveCssAnimation make(const Anim1& o, double elapsed) {
  ActiveCssAnimation a;
  a.name = "pulse";
  a.duration = o.duration;
  a.delay = o.delay;
  a.iterations = o.iterations;
  a.setDirection(o.direction);
  a.setFill(o.fill);
  a.elapsed = elapsed;
  return a;
}

struct Sampled {
  float progress;
  bool finished;
};

Sampled run(const Anim1& o, double elapsed) {
  bool finished = true;  // sampleActive must overwrite it
  const float p = Anim::sampleActive(make(o, elapsed), finished);
  return {p, finished};
}

}  // namespace

// ---------------------------------------------------------------------------
// Seed §2.4 edge cases
// ---------------------------------------------------------------------------

TEST_CASE("sampleActive: during the delay progress is 0 and not finished (seed §2.4)", "[anim][sample]") {
  const Sampled s = run({.duration = 1.0, .delay = 0.5}, /*elapsed=*/0.25);
  CHECK(s.progress == 0.0f);
  CHECK_FALSE(s.finished);
  CHECK(run({.duration = 1.0, .delay = 0.5}, /*elapsed=*/1.0).progress == Approx(0.5));
}

TEST_CASE("sampleActive: zero duration finishes at 1 (seed §2.4)", "[anim][sample]") {
  const Sampled s = run({.duration = 0.0}, /*elapsed=*/0.0);
  CHECK(s.progress == 1.0f);
  CHECK(s.finished);
  // The delay still comes first.
  const Sampled waiting = run({.duration = 0.0, .delay = 0.5}, /*elapsed=*/0.25);
  CHECK(waiting.progress == 0.0f);
  CHECK_FALSE(waiting.finished);
  // Seed order: the zero-duration check precedes the infinite-iteration one.
  const Sampled forever = run({.duration = 0.0, .iterations = -1.0}, /*elapsed=*/0.0);
  CHECK(forever.progress == 1.0f);
  CHECK(forever.finished);
}

TEST_CASE("sampleActive: infinite iterations never finish (seed §2.4)", "[anim][sample]") {
  for (const double iterations : {-1.0, -7.0, kInf}) {
    CAPTURE(iterations);
    const Sampled s = run({.duration = 2.0, .iterations = iterations}, /*elapsed=*/1e6 + 0.5);
    CHECK_FALSE(s.finished);
    CHECK(s.progress == Approx(0.25));
  }
}

TEST_CASE("sampleActive: alternate reverses odd iterations (seed §2.4)", "[anim][sample]") {
  const Anim1 alt{.duration = 1.0, .iterations = 3.0, .direction = PlaybackDirection::Alternate};
  CHECK(run(alt, /*elapsed=*/0.25).progress == Approx(0.25));
  CHECK(run(alt, /*elapsed=*/1.25).progress == Approx(0.75));
  CHECK(run(alt, /*elapsed=*/2.25).progress == Approx(0.25));
  CHECK(make(alt, 0.0).alternate);
}

TEST_CASE("sampleActive: overrun clamps to the last iteration's end (seed §2.4)", "[anim][sample]") {
  const Sampled normal = run({.duration = 1.0, .iterations = 2.0}, /*elapsed=*/5.0);
  CHECK(normal.progress == 1.0f);
  CHECK(normal.finished);
  // Alternate: the last iteration's end is 0 after an even count, 1 after an odd one.
  CHECK(run({.iterations = 2.0, .direction = PlaybackDirection::Alternate}, /*elapsed=*/5.0).progress ==
        0.0f);
  CHECK(run({.iterations = 3.0, .direction = PlaybackDirection::Alternate}, /*elapsed=*/5.0).progress ==
        1.0f);
}

TEST_CASE("sampleActive: elapsed exactly at total stays at 1 (seed §2.4)", "[anim][sample]") {
  const Sampled s = run({.duration = 1.0, .iterations = 3.0}, /*elapsed=*/3.0);
  CHECK(s.progress == 1.0f);  // not the (non-existent) fourth iteration's 0
  CHECK(s.finished);
  CHECK(Anim::sample(make({.duration = 1.0, .iterations = 3.0}, 3.0)).currentIteration == 2.0);
  // Regression: 3 x 0.3 is 0.8999999999999999, so elapsed 0.9 overshoots and
  // the progress lands an ulp off a whole iteration.
  const Sampled ulp = run({.duration = 0.3, .iterations = 3.0}, /*elapsed=*/0.9);
  CHECK(ulp.progress == 1.0f);
  CHECK(ulp.finished);
}

TEST_CASE("sampleActive: mid-iteration progress is elapsed / duration (seed §2.4)", "[anim][sample]") {
  const Anim1 o{.duration = 2.0, .iterations = 3.0};
  CHECK(run(o, /*elapsed=*/0.5).progress == Approx(0.25));
  CHECK(run(o, /*elapsed=*/3.0).progress == Approx(0.5));
  CHECK_FALSE(run(o, /*elapsed=*/5.9).finished);
  CHECK(run(o, /*elapsed=*/6.0).finished);
}

TEST_CASE("sampleActive: zero iterations finish at once at 0", "[anim][sample]") {
  const Sampled s = run({.duration = 1.0, .iterations = 0.0}, /*elapsed=*/0.0);
  CHECK(s.progress == 0.0f);
  CHECK(s.finished);
}

// ---------------------------------------------------------------------------
// Beyond the seed: Web Animations timing
// ---------------------------------------------------------------------------

TEST_CASE("sampleActive: 2.5 iterations end at 0.5", "[anim][sample]") {
  const Sampled s = run({.duration = 1.0, .iterations = 2.5}, /*elapsed=*/10.0);
  CHECK(s.progress == 0.5f);
  CHECK(s.finished);
  CHECK(run({.iterations = 2.5, .direction = PlaybackDirection::Alternate}, /*elapsed=*/10.0).progress ==
        0.5f);
  CHECK(run({.iterations = 1.5, .direction = PlaybackDirection::Alternate}, /*elapsed=*/10.0).progress ==
        0.5f);
  CHECK(run({.iterations = 1.25, .direction = PlaybackDirection::Alternate}, /*elapsed=*/10.0).progress ==
        0.75f);
}

TEST_CASE("sampleActive: reverse and alternate-reverse as Web Animations", "[anim][sample]") {
  const Anim1 rev{.duration = 1.0, .delay = 1.0, .direction = PlaybackDirection::Reverse};
  CHECK(run(rev, /*elapsed=*/0.5).progress == 1.0f);  // delay: the backwards-fill value is the reverse start
  CHECK(run(rev, /*elapsed=*/1.25).progress == Approx(0.75));
  const Sampled end = run(rev, /*elapsed=*/2.0);
  CHECK(end.progress == 0.0f);
  CHECK(end.finished);

  const Anim1 altRev{.duration = 1.0, .iterations = 2.0, .direction = PlaybackDirection::AlternateReverse};
  CHECK(run(altRev, /*elapsed=*/0.25).progress == Approx(0.75));
  CHECK(run(altRev, /*elapsed=*/1.25).progress == Approx(0.25));
  CHECK(run(altRev, /*elapsed=*/2.0).progress == 1.0f);
  CHECK(make(altRev, 0.0).alternate);
}

TEST_CASE("sampleActive: a negative delay starts part-way in", "[anim][sample]") {
  CHECK(run({.duration = 1.0, .delay = -0.25}, /*elapsed=*/0.0).progress == Approx(0.25));
  CHECK(run({.duration = 1.0, .delay = -2.0}, /*elapsed=*/0.0).finished);
}

TEST_CASE("sample: inEffect follows the fill mode in each phase", "[anim][sample]") {
  struct Case {
    double elapsed;
    FillMode fill;
    Phase phase;
    bool inEffect;
  };
  const Case cases[] = {
      {/*elapsed=*/0.5, FillMode::None, Phase::Before, false},
      {/*elapsed=*/0.5, FillMode::Forwards, Phase::Before, false},
      {/*elapsed=*/0.5, FillMode::Backwards, Phase::Before, true},
      {/*elapsed=*/0.5, FillMode::Both, Phase::Before, true},
      {/*elapsed=*/1.5, FillMode::None, Phase::Active, true},
      {/*elapsed=*/1.5, FillMode::Backwards, Phase::Active, true},
      {/*elapsed=*/3.0, FillMode::None, Phase::After, false},
      {/*elapsed=*/3.0, FillMode::Forwards, Phase::After, true},
      {/*elapsed=*/3.0, FillMode::Backwards, Phase::After, false},
      {/*elapsed=*/3.0, FillMode::Both, Phase::After, true},
  };
  for (const Case& c : cases) {
    CAPTURE(c.elapsed, keyword(c.fill));
    const ActiveCssAnimation a = make({.duration = 1.0, .delay = 1.0, .fill = c.fill}, c.elapsed);
    const Anim::AnimSample s = Anim::sample(a);
    CHECK(s.phase == c.phase);
    CHECK(s.inEffect == c.inEffect);
    CHECK(s.finished == (c.phase == Phase::After));
    bool finished = false;
    CHECK(s.progress == Anim::sampleActive(a, finished));  // progress does not depend on fill
    CHECK(finished == s.finished);
    CHECK(a.fillForwards == (c.fill == FillMode::Forwards || c.fill == FillMode::Both));
  }
}

TEST_CASE("sample: fadein 1s, fadeout 1s 5s: the delayed fadeout has no effect during its delay",
          "[anim][sample]") {
  // Seed: the later fadeout overlaid its 0% keyframe during its whole delay,
  // hiding fadein. Web Animations: fill none means no effect until it starts.
  const Anim1 fadein{.duration = 1.0};
  const Anim1 fadeout{.duration = 1.0, .delay = 5.0};
  const Anim::AnimSample in = Anim::sample(make(fadein, 0.5));
  CHECK(in.inEffect);
  CHECK(in.progress == Approx(0.5));
  CHECK_FALSE(Anim::sample(make(fadeout, 0.5)).inEffect);
  CHECK_FALSE(Anim::sample(make(fadein, 3.0)).inEffect);
  CHECK_FALSE(Anim::sample(make(fadeout, 3.0)).inEffect);
  const Anim::AnimSample out = Anim::sample(make(fadeout, 5.5));
  CHECK(out.inEffect);
  CHECK(out.progress == Approx(0.5));
  // The seed's look, asked for explicitly: backwards fill shows fadeout's 0% during its delay.
  const Anim::AnimSample back =
      Anim::sample(make({.duration = 1.0, .delay = 5.0, .fill = FillMode::Backwards}, 3.0));
  CHECK(back.inEffect);
  CHECK(back.progress == 0.0f);
}

TEST_CASE("sample: current iteration and before flag", "[anim][sample]") {
  const Anim1 o{.duration = 1.0, .delay = 1.0, .iterations = 3.0};
  const Anim::AnimSample before = Anim::sample(make(o, 0.5));
  CHECK(before.phase == Phase::Before);
  CHECK(before.beforeFlag);
  CHECK(before.currentIteration == 0.0);
  const Anim::AnimSample mid = Anim::sample(make(o, 2.5));
  CHECK(mid.phase == Phase::Active);
  CHECK_FALSE(mid.beforeFlag);
  CHECK(mid.currentIteration == 1.0);
  const Anim::AnimSample after =
      Anim::sample(make({.iterations = 1.0, .direction = PlaybackDirection::Reverse}, 9.0));
  CHECK(after.beforeFlag);  // after phase, going in reverse
}

TEST_CASE("timingOf: CSS longhands map onto Web Animations timing, effect easing stays linear",
          "[anim][sample]") {
  ActiveCssAnimation a = make({.duration = 2.0,
                               .delay = 0.5,
                               .iterations = 3.0,
                               .direction = PlaybackDirection::Alternate,
                               .fill = FillMode::Both},
                              0.0);
  a.ease = TransitionFunction::EaseIn;  // per keyframe segment, not the effect
  const timing::Timing t = Anim::timingOf(a);
  REQUIRE(t.iterationDuration.has_value());
  CHECK(*t.iterationDuration == 2.0);
  CHECK(t.startDelay == 0.5);
  CHECK(t.endDelay == 0.0);
  CHECK(t.iterationStart == 0.0);
  CHECK(t.iterationCount == 3.0);
  CHECK(t.playbackRate == 1.0);
  CHECK(t.direction == PlaybackDirection::Alternate);
  CHECK(t.fill == FillMode::Both);
  CHECK(t.easing.kind == EaseKind::Linear);
  CHECK(timing::validateTiming(t) == timing::TimingStatus::Ok);
}

// ---------------------------------------------------------------------------
// Bad numbers: clamped as documented in AnimPrimitives.hpp, never NaN
// ---------------------------------------------------------------------------

TEST_CASE("sampleActive: bad numbers are clamped, never NaN", "[anim][sample]") {
  struct Case {
    const char* name;
    Anim1 anim;
    double elapsed;
    float progress;
    bool finished;
  };
  const Case cases[] = {
      {"NaN duration is 0", {.duration = kNaN}, /*elapsed=*/0.5, /*progress=*/1.0f, /*finished=*/true},
      {"negative duration is 0", {.duration = -3.0}, /*elapsed=*/0.5, /*progress=*/1.0f, /*finished=*/true},
      {"infinite duration never leaves the start",
       {.duration = kInf},
       /*elapsed=*/1e9,
       /*progress=*/0.0f,
       /*finished=*/false},
      {"NaN iterations is 1",
       {.duration = 1.0, .iterations = kNaN},
       /*elapsed=*/1.5,
       /*progress=*/1.0f,
       /*finished=*/true},
      {"NaN delay is 0",
       {.duration = 1.0, .delay = kNaN},
       /*elapsed=*/0.5,
       /*progress=*/0.5f,
       /*finished=*/false},
      {"infinite delay is 0",
       {.duration = 1.0, .delay = kInf},
       /*elapsed=*/0.5,
       /*progress=*/0.5f,
       /*finished=*/false},
      {"-infinite delay is 0",
       {.duration = 1.0, .delay = -kInf},
       /*elapsed=*/0.5,
       /*progress=*/0.5f,
       /*finished=*/false},
      {"NaN elapsed is 0",
       {.duration = 1.0, .delay = 0.5},
       /*elapsed=*/kNaN,
       /*progress=*/0.0f,
       /*finished=*/false},
      {"infinite elapsed is the end",
       {.duration = 1.0, .iterations = 2.0},
       /*elapsed=*/kInf,
       /*progress=*/1.0f,
       /*finished=*/true},
      {"infinite elapsed ends even an infinite animation",
       {.duration = 1.0, .iterations = -1.0},
       /*elapsed=*/kInf,
       /*progress=*/1.0f,
       /*finished=*/true},
      {"negative elapsed is before the start",
       {.duration = 1.0},
       /*elapsed=*/-5.0,
       /*progress=*/0.0f,
       /*finished=*/false},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const Sampled s = run(c.anim, c.elapsed);
    CHECK_FALSE(std::isnan(s.progress));
    CHECK(s.progress == c.progress);
    CHECK(s.finished == c.finished);
    CHECK(timing::validateTiming(Anim::timingOf(make(c.anim, c.elapsed))) == timing::TimingStatus::Ok);
  }
}

// ---------------------------------------------------------------------------
// Seed §2.4b: sampleActiveCached
// ---------------------------------------------------------------------------

TEST_CASE("sampleActiveCached: hit on the same elapsed (seed §2.4b)", "[anim][sample]") {
  ActiveCssAnimation a = make({.duration = 1.0}, 0.25);
  bool finished = true;
  CHECK(Anim::sampleActiveCached(a, finished) == Approx(0.25));
  CHECK_FALSE(finished);
  CHECK(a.cachedSampleElapsed == 0.25);
  // Change the timing behind the cache's back: a hit returns the old answer.
  a.duration = 0.125;
  finished = true;
  CHECK(Anim::sampleActiveCached(a, finished) == Approx(0.25));
  CHECK_FALSE(finished);
  // invalidateSample() (what a live timing edit calls) forces a fresh sample.
  a.invalidateSample();
  CHECK(Anim::sampleActiveCached(a, finished) == 1.0f);
  CHECK(finished);
}

TEST_CASE("sampleActiveCached: miss when elapsed changes (seed §2.4b)", "[anim][sample]") {
  ActiveCssAnimation a = make({.duration = 1.0}, 0.25);
  bool finished = false;
  CHECK(Anim::sampleActiveCached(a, finished) == Approx(0.25));
  a.elapsed += 0.5;
  CHECK(Anim::sampleActiveCached(a, finished) == Approx(0.75));
  CHECK(a.cachedSampleElapsed == 0.75);
  a.elapsed += 0.5;
  CHECK(Anim::sampleActiveCached(a, finished) == 1.0f);
  CHECK(finished);
  CHECK(a.cachedSample.finished);
}

TEST_CASE("sampleActiveCached: the cache survives a frame with dt = 0 (seed §2.4b)", "[anim][sample]") {
  ActiveCssAnimation a = make({.duration = 1.0}, 0.5);
  bool finished = false;
  const float first = Anim::sampleActiveCached(a, finished);
  a.duration = 4.0;  // would give 0.125 if recomputed
  a.elapsed += 0.0;  // a paused frame
  CHECK(Anim::sampleActiveCached(a, finished) == first);
}

TEST_CASE("sampleActiveCached: agrees with sampleActive over a run (seed §2.4b)", "[anim][sample]") {
  ActiveCssAnimation a =
      make({.duration = 0.7, .iterations = 2.5, .direction = PlaybackDirection::Alternate}, 0.0);
  for (int frame = 0; frame < 150; ++frame) {
    a.elapsed += 1.0 / 60.0;
    bool f1 = false, f2 = false, f3 = false;
    const float fresh = Anim::sampleActive(a, f1);
    CHECK(Anim::sampleActiveCached(a, f2) == fresh);  // miss
    CHECK(Anim::sampleActiveCached(a, f3) == fresh);  // hit (tick, then overlay)
    CHECK(f1 == f2);
    CHECK(f1 == f3);
  }
}

// ---------------------------------------------------------------------------
// Clock drift
// ---------------------------------------------------------------------------

TEST_CASE(
    "sampleActive: an infinite 1 s animation stays within 1 ms of the clock after 10 million 1/60 s frames",
    "[anim][sample]") {
  ActiveCssAnimation a = make({.duration = 1.0, .iterations = -1.0}, 0.0);
  constexpr std::int64_t kFrames = 10'000'000;
  constexpr std::int64_t kCheckEvery = 999'983;  // prime: lands on varied phases
  for (std::int64_t frame = 1; frame <= kFrames; ++frame) {
    a.elapsed += 1.0 / 60.0;
    if (frame % kCheckEvery != 0 && frame != kFrames) continue;
    // Exact phase of frame/60 s in a 1 s cycle, from integers.
    const double exact = static_cast<double>(frame % 60) / 60.0;
    bool finished = true;
    const double progress = static_cast<double>(Anim::sampleActive(a, finished));
    CAPTURE(frame, a.elapsed, exact, progress);
    CHECK_FALSE(finished);
    // Compare on the circle: 0.9999 and 0.0001 are 0.2 ms apart.
    const double diff = std::abs(progress - exact);
    CHECK(std::min(diff, 1.0 - diff) < 1e-3);
  }
  CHECK(a.elapsed == Approx(static_cast<double>(kFrames) / 60.0).epsilon(1e-9));
}

TEST_CASE("sampleActive: ten 0.1 s ticks finish a 1 s animation on the tenth", "[anim][sample]") {
  ActiveCssAnimation a = make({.duration = 1.0}, 0.0);
  for (int tick = 1; tick <= 10; ++tick) {
    a.elapsed += 0.1;
    bool finished = false;
    const float p = Anim::sampleActiveCached(a, finished);
    CAPTURE(tick, a.elapsed);
    CHECK(finished == (tick == 10));
    if (tick == 10) CHECK(p == 1.0f);
  }
}
