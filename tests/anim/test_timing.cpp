// Web Animations 1 timing model (anim/Timing.hpp): one table per pipeline
// step, then worked examples through calculateTiming.
//
// [SECTION] Validation and normalization
// [SECTION] Phase
// [SECTION] Active time
// [SECTION] Overall progress
// [SECTION] Simple iteration progress
// [SECTION] Current iteration
// [SECTION] Directed progress, before flag, transformed progress
// [SECTION] Playback rate
// [SECTION] calculateTiming: worked examples through the whole pipeline
#include <zenit/anim/Timing.hpp>

#include <cmath>
#include <limits>
#include <optional>

#include "support/zenit_test.hpp"

using namespace zenit;
using namespace zenit::timing;
// zenit::test::Approx names Catch2 v2's vector matcher (Catch::Approx there
// comes from `using namespace Matchers`), so pick the scalar Approx here.
#if ZENIT_CATCH_MAJOR >= 3
using Catch::Approx;
#else
using Catch::Detail::Approx;
#endif

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::optional<double> kUnresolved = std::nullopt;
constexpr AnimationDirection kFwd = AnimationDirection::Forwards;
constexpr AnimationDirection kBwd = AnimationDirection::Backwards;

// Unresolved must match unresolved; numbers match to 1e-12 (infinity exactly).
void checkSame(std::optional<double> got, std::optional<double> want) {
  REQUIRE(got.has_value() == want.has_value());
  if (!want) return;
  if (std::isinf(*want))
    CHECK(*got == *want);
  else
    CHECK(*got == Approx(*want).epsilon(1e-12).margin(1e-12));
}

NormalizedTiming normalized(const Timing& t) {
  const std::optional<NormalizedTiming> n = normalizeTiming(t);
  REQUIRE(n.has_value());
  return *n;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Validation and normalization
// ---------------------------------------------------------------------------

TEST_CASE("validateTiming: the spec's TypeErrors and non-finite doubles", "[anim][timing]") {
  struct Case {
    const char* name;
    Timing timing;
    TimingStatus expected;
  };
  auto with = [](auto edit) {
    Timing t;
    t.iterationDuration = 1.0;
    edit(t);
    return t;
  };
  const Case cases[] = {
      {"defaults are valid", with([](Timing&) {}), TimingStatus::Ok},
      {"auto duration is valid", with([](Timing& t) { t.iterationDuration = std::nullopt; }),
       TimingStatus::Ok},
      {"negative start delay is valid", with([](Timing& t) { t.startDelay = -2.0; }), TimingStatus::Ok},
      {"NaN start delay", with([](Timing& t) { t.startDelay = kNaN; }), TimingStatus::InvalidStartDelay},
      {"infinite start delay", with([](Timing& t) { t.startDelay = kInf; }), TimingStatus::InvalidStartDelay},
      {"negative end delay is valid", with([](Timing& t) { t.endDelay = -2.0; }), TimingStatus::Ok},
      {"-infinite end delay", with([](Timing& t) { t.endDelay = -kInf; }), TimingStatus::InvalidEndDelay},
      {"negative iteration start", with([](Timing& t) { t.iterationStart = -0.5; }),
       TimingStatus::InvalidIterationStart},
      {"NaN iteration start", with([](Timing& t) { t.iterationStart = kNaN; }),
       TimingStatus::InvalidIterationStart},
      {"infinite iteration start", with([](Timing& t) { t.iterationStart = kInf; }),
       TimingStatus::InvalidIterationStart},
      {"negative iteration count", with([](Timing& t) { t.iterationCount = -1.0; }),
       TimingStatus::InvalidIterationCount},
      {"NaN iteration count", with([](Timing& t) { t.iterationCount = kNaN; }),
       TimingStatus::InvalidIterationCount},
      {"infinite iteration count is valid", with([](Timing& t) { t.iterationCount = kInf; }),
       TimingStatus::Ok},
      {"zero iteration count is valid", with([](Timing& t) { t.iterationCount = 0.0; }), TimingStatus::Ok},
      {"negative duration", with([](Timing& t) { t.iterationDuration = -1.0; }),
       TimingStatus::InvalidIterationDuration},
      {"NaN duration", with([](Timing& t) { t.iterationDuration = kNaN; }),
       TimingStatus::InvalidIterationDuration},
      {"infinite duration is valid", with([](Timing& t) { t.iterationDuration = kInf; }), TimingStatus::Ok},
      {"zero playback rate is valid", with([](Timing& t) { t.playbackRate = 0.0; }), TimingStatus::Ok},
      {"negative playback rate is valid", with([](Timing& t) { t.playbackRate = -2.0; }), TimingStatus::Ok},
      {"NaN playback rate", with([](Timing& t) { t.playbackRate = kNaN; }),
       TimingStatus::InvalidPlaybackRate},
      {"infinite playback rate", with([](Timing& t) { t.playbackRate = kInf; }),
       TimingStatus::InvalidPlaybackRate},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(validateTiming(c.timing) == c.expected);
    TimingStatus why = TimingStatus::Ok;
    const std::optional<NormalizedTiming> n = normalizeTiming(c.timing, &why);
    CHECK(why == c.expected);
    CHECK(n.has_value() == (c.expected == TimingStatus::Ok));
    CHECK_FALSE(describe(c.expected).empty());
  }
}

TEST_CASE("normalizeTiming resolves auto duration, active duration and end time", "[anim][timing]") {
  Timing t;
  t.startDelay = 1.0;
  t.endDelay = 0.5;
  t.iterationCount = 2.5;
  t.iterationDuration = 2.0;
  const NormalizedTiming n = normalized(t);
  CHECK(n.iterationDuration == 2.0);
  CHECK(n.activeDuration == 5.0);
  CHECK(n.endTime == 6.5);

  t.iterationDuration = std::nullopt;  // auto
  const NormalizedTiming a = normalized(t);
  CHECK(a.iterationDuration == 0.0);
  CHECK(a.activeDuration == 0.0);
  CHECK(a.endTime == 1.5);
}

TEST_CASE("calculateActiveDuration: duration x count, zero if either is zero", "[anim][timing]") {
  struct Case {
    double iterationDuration, iterationCount, expected;
  };
  const Case cases[] = {
      {/*iterationDuration=*/1.0, /*iterationCount=*/1.0, /*expected=*/1.0},
      {/*iterationDuration=*/2.0, /*iterationCount=*/2.5, /*expected=*/5.0},
      {/*iterationDuration=*/0.0, /*iterationCount=*/kInf, /*expected=*/0.0},  // not 0 x inf = NaN
      {/*iterationDuration=*/kInf, /*iterationCount=*/0.0, /*expected=*/0.0},
      {/*iterationDuration=*/1.0, /*iterationCount=*/kInf, /*expected=*/kInf},
      {/*iterationDuration=*/kInf, /*iterationCount=*/kInf, /*expected=*/kInf},
  };
  for (const Case& c : cases) {
    CAPTURE(c.iterationDuration, c.iterationCount);
    CHECK(calculateActiveDuration(c.iterationDuration, c.iterationCount) == c.expected);
  }
}

TEST_CASE("calculateEndTime and the phase boundary times", "[anim][timing]") {
  CHECK(calculateEndTime(/*startDelay=*/1.0, /*activeDuration=*/2.0, /*endDelay=*/3.0) == 6.0);
  CHECK(calculateEndTime(/*startDelay=*/0.0, /*activeDuration=*/2.0, /*endDelay=*/-1.0) == 1.0);
  CHECK(calculateEndTime(/*startDelay=*/-5.0, /*activeDuration=*/1.0, /*endDelay=*/0.0) == 0.0);  // clamped
  CHECK(calculateEndTime(/*startDelay=*/1.0, /*activeDuration=*/kInf, /*endDelay=*/-3.0) == kInf);

  CHECK(beforeActiveBoundaryTime(/*startDelay=*/1.0, /*endTime=*/3.0) == 1.0);
  CHECK(beforeActiveBoundaryTime(/*startDelay=*/5.0, /*endTime=*/3.0) == 3.0);   // end delay cuts in
  CHECK(beforeActiveBoundaryTime(/*startDelay=*/-1.0, /*endTime=*/3.0) == 0.0);  // negative delay
  CHECK(activeAfterBoundaryTime(/*startDelay=*/1.0, /*activeDuration=*/2.0, /*endTime=*/3.0) == 3.0);
  CHECK(activeAfterBoundaryTime(/*startDelay=*/1.0, /*activeDuration=*/2.0, /*endTime=*/2.5) == 2.5);
  CHECK(activeAfterBoundaryTime(/*startDelay=*/-3.0, /*activeDuration=*/1.0, /*endTime=*/0.0) == 0.0);
}

TEST_CASE("animationDirectionOf: backwards only for a negative rate", "[anim][timing]") {
  CHECK(animationDirectionOf(1.0) == kFwd);
  CHECK(animationDirectionOf(0.0) == kFwd);
  CHECK(animationDirectionOf(-0.5) == kBwd);
}

// ---------------------------------------------------------------------------
// [SECTION] Phase
// ---------------------------------------------------------------------------

TEST_CASE("calculatePhase: boundaries and animation direction (Web Animations 4.5)", "[anim][timing]") {
  struct Case {
    const char* name;
    std::optional<double> localTime;
    double startDelay, activeDuration, endTime;
    AnimationDirection direction;
    Phase expected;
  };
  const Case cases[] = {
      {"unresolved local time is idle", /*localTime=*/kUnresolved, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       /*endTime=*/2.0, kFwd, Phase::Idle},
      {"NaN local time is idle", /*localTime=*/kNaN, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       /*endTime=*/2.0, kFwd, Phase::Idle},
      {"during the delay", /*localTime=*/0.5, /*startDelay=*/1.0, /*activeDuration=*/1.0, /*endTime=*/2.0,
       kFwd, Phase::Before},
      {"at the start, playing forwards", /*localTime=*/1.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       /*endTime=*/2.0, kFwd, Phase::Active},
      {"at the start, playing backwards", /*localTime=*/1.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       /*endTime=*/2.0, kBwd, Phase::Before},
      {"inside", /*localTime=*/1.5, /*startDelay=*/1.0, /*activeDuration=*/1.0, /*endTime=*/2.0, kFwd,
       Phase::Active},
      {"at the end, playing forwards", /*localTime=*/2.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       /*endTime=*/2.0, kFwd, Phase::After},
      {"at the end, playing backwards", /*localTime=*/2.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       /*endTime=*/2.0, kBwd, Phase::Active},
      {"past the end", /*localTime=*/2.5, /*startDelay=*/1.0, /*activeDuration=*/1.0, /*endTime=*/2.0, kBwd,
       Phase::After},
      {"zero duration at its instant, forwards", /*localTime=*/0.0, /*startDelay=*/0.0,
       /*activeDuration=*/0.0,
       /*endTime=*/0.0, kFwd, Phase::After},
      {"zero duration at its instant, backwards", /*localTime=*/0.0, /*startDelay=*/0.0,
       /*activeDuration=*/0.0,
       /*endTime=*/0.0, kBwd, Phase::Before},
      {"negative end delay cuts the interval", /*localTime=*/2.0, /*startDelay=*/1.0, /*activeDuration=*/2.0,
       /*endTime=*/2.0, kFwd, Phase::After},
      {"end before the delay: never active (forwards)", /*localTime=*/0.5, /*startDelay=*/1.0,
       /*activeDuration=*/1.0, /*endTime=*/0.5, kFwd, Phase::After},
      {"end before the delay: never active (backwards)", /*localTime=*/0.5, /*startDelay=*/1.0,
       /*activeDuration=*/1.0, /*endTime=*/0.5, kBwd, Phase::Before},
      {"negative delay: active from 0", /*localTime=*/0.0, /*startDelay=*/-1.0, /*activeDuration=*/2.0,
       /*endTime=*/1.0, kFwd, Phase::Active},
      {"negative delay: before at 0 when backwards", /*localTime=*/0.0, /*startDelay=*/-1.0,
       /*activeDuration=*/2.0, /*endTime=*/1.0, kBwd, Phase::Before},
      {"negative local time", /*localTime=*/-3.0, /*startDelay=*/0.0, /*activeDuration=*/1.0, /*endTime=*/1.0,
       kFwd, Phase::Before},
      {"infinite active duration stays active", /*localTime=*/1e9, /*startDelay=*/0.0,
       /*activeDuration=*/kInf,
       /*endTime=*/kInf, kFwd, Phase::Active},
      // Regression: ten 0.1 s frames sum to 0.9999999999999999, an ulp short of the end.
      {"an ulp short of the end is at the end", /*localTime=*/0.9999999999999999, /*startDelay=*/0.0,
       /*activeDuration=*/1.0, /*endTime=*/1.0, kFwd, Phase::After},
      {"a visible time short of the end is active", /*localTime=*/0.999999, /*startDelay=*/0.0,
       /*activeDuration=*/1.0, /*endTime=*/1.0, kFwd, Phase::Active},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(calculatePhase(c.localTime, c.startDelay, c.activeDuration, c.endTime, c.direction) == c.expected);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Active time
// ---------------------------------------------------------------------------

TEST_CASE("calculateActiveTime: fill modes per phase (Web Animations 4.8.3.1)", "[anim][timing]") {
  struct Case {
    const char* name;
    Phase phase;
    std::optional<double> localTime;
    double startDelay, activeDuration;
    FillMode fill;
    std::optional<double> expected;
  };
  const Case cases[] = {
      // WPT active-time.html: delay 1, before phase.
      {"before, fill none", Phase::Before, /*localTime=*/0.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::None, /*expected=*/kUnresolved},
      {"before, fill backwards", Phase::Before, /*localTime=*/0.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::Backwards, /*expected=*/0.0},
      {"before, fill forwards", Phase::Before, /*localTime=*/0.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::Forwards, /*expected=*/kUnresolved},
      {"before, fill both", Phase::Before, /*localTime=*/0.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::Both, /*expected=*/0.0},
      {"before with a negative delay fills part-way", Phase::Before, /*localTime=*/-0.2, /*startDelay=*/-0.5,
       /*activeDuration=*/1.0, FillMode::Backwards, /*expected=*/0.3},
      {"active ignores fill", Phase::Active, /*localTime=*/1.5, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::None, /*expected=*/0.5},
      {"active, rounding below 0 clamps to 0", Phase::Active, /*localTime=*/1.0 - 1e-12, /*startDelay=*/1.0,
       /*activeDuration=*/1.0, FillMode::None, /*expected=*/0.0},
      {"after, fill none", Phase::After, /*localTime=*/3.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::None, /*expected=*/kUnresolved},
      {"after, fill forwards", Phase::After, /*localTime=*/3.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::Forwards, /*expected=*/1.0},
      {"after, fill backwards", Phase::After, /*localTime=*/3.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::Backwards, /*expected=*/kUnresolved},
      {"after, fill both", Phase::After, /*localTime=*/3.0, /*startDelay=*/1.0, /*activeDuration=*/1.0,
       FillMode::Both, /*expected=*/1.0},
      {"after a negative end delay holds where it was cut", Phase::After, /*localTime=*/1.5,
       /*startDelay=*/1.0,
       /*activeDuration=*/2.0, FillMode::Forwards, /*expected=*/0.5},
      {"after, end before the delay holds 0", Phase::After, /*localTime=*/0.5, /*startDelay=*/1.0,
       /*activeDuration=*/1.0, FillMode::Both, /*expected=*/0.0},
      {"idle is unresolved", Phase::Idle, /*localTime=*/kUnresolved, /*startDelay=*/0.0,
       /*activeDuration=*/1.0, FillMode::Both, /*expected=*/kUnresolved},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    checkSame(calculateActiveTime(c.phase, c.localTime, c.startDelay, c.activeDuration, c.fill), c.expected);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Overall progress
// ---------------------------------------------------------------------------

TEST_CASE("calculateOverallProgress: active time / duration + iteration start (4.8.3.2)", "[anim][timing]") {
  struct Case {
    const char* name;
    Phase phase;
    std::optional<double> activeTime;
    double iterationDuration, iterationCount, iterationStart;
    std::optional<double> expected;
  };
  const Case cases[] = {
      {"unresolved active time", Phase::Before, /*activeTime=*/kUnresolved, /*iterationDuration=*/1.0,
       /*iterationCount=*/1.0, /*iterationStart=*/0.0, /*expected=*/kUnresolved},
      {"one and a half iterations", Phase::Active, /*activeTime=*/3.0, /*iterationDuration=*/2.0,
       /*iterationCount=*/3.0, /*iterationStart=*/0.0, /*expected=*/1.5},
      {"iteration start is added", Phase::Active, /*activeTime=*/3.0, /*iterationDuration=*/2.0,
       /*iterationCount=*/3.0, /*iterationStart=*/0.5, /*expected=*/2.0},
      {"zero duration, before phase", Phase::Before, /*activeTime=*/0.0, /*iterationDuration=*/0.0,
       /*iterationCount=*/3.0, /*iterationStart=*/0.25, /*expected=*/0.25},
      {"zero duration, after phase", Phase::After, /*activeTime=*/0.0, /*iterationDuration=*/0.0,
       /*iterationCount=*/3.0, /*iterationStart=*/0.25, /*expected=*/3.25},
      {"zero duration, infinite count", Phase::After, /*activeTime=*/0.0, /*iterationDuration=*/0.0,
       /*iterationCount=*/kInf, /*iterationStart=*/0.0, /*expected=*/kInf},
      {"infinite duration never leaves the first iteration", Phase::Active, /*activeTime=*/1e6,
       /*iterationDuration=*/kInf, /*iterationCount=*/1.0, /*iterationStart=*/0.25, /*expected=*/0.25},
      {"infinite duration at infinite time is not NaN", Phase::Active, /*activeTime=*/kInf,
       /*iterationDuration=*/kInf, /*iterationCount=*/kInf, /*iterationStart=*/0.0, /*expected=*/0.0},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    checkSame(calculateOverallProgress(c.phase, c.activeTime, c.iterationDuration, c.iterationCount,
                                       c.iterationStart),
              c.expected);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Simple iteration progress
// ---------------------------------------------------------------------------

TEST_CASE("calculateSimpleIterationProgress: fraction, and 1 at an iteration-aligned end (4.8.3.3)",
          "[anim][timing]") {
  struct Case {
    const char* name;
    Phase phase;
    std::optional<double> overallProgress;
    double iterationStart;
    std::optional<double> activeTime;
    double activeDuration, iterationCount;
    std::optional<double> expected;
  };
  const Case cases[] = {
      {"unresolved overall progress", Phase::Before, /*overallProgress=*/kUnresolved, /*iterationStart=*/0.0,
       /*activeTime=*/kUnresolved, /*activeDuration=*/1.0, /*iterationCount=*/1.0, /*expected=*/kUnresolved},
      {"fraction of the iteration", Phase::Active, /*overallProgress=*/1.5, /*iterationStart=*/0.0,
       /*activeTime=*/1.5, /*activeDuration=*/3.0, /*iterationCount=*/3.0, /*expected=*/0.5},
      {"mid-run iteration boundary starts the next iteration", Phase::Active, /*overallProgress=*/2.0,
       /*iterationStart=*/0.0, /*activeTime=*/2.0, /*activeDuration=*/3.0, /*iterationCount=*/3.0,
       /*expected=*/0.0},
      {"interval ends on an iteration end: 1, not 0", Phase::After, /*overallProgress=*/3.0,
       /*iterationStart=*/0.0, /*activeTime=*/3.0, /*activeDuration=*/3.0, /*iterationCount=*/3.0,
       /*expected=*/1.0},
      {"same at the end in the active phase (playing backwards)", Phase::Active, /*overallProgress=*/3.0,
       /*iterationStart=*/0.0, /*activeTime=*/3.0, /*activeDuration=*/3.0, /*iterationCount=*/3.0,
       /*expected=*/1.0},
      {"zero iterations never played stay at 0", Phase::After, /*overallProgress=*/0.0,
       /*iterationStart=*/0.0,
       /*activeTime=*/0.0, /*activeDuration=*/0.0, /*iterationCount=*/0.0, /*expected=*/0.0},
      {"before phase keeps 0", Phase::Before, /*overallProgress=*/0.0, /*iterationStart=*/0.0,
       /*activeTime=*/0.0, /*activeDuration=*/0.0, /*iterationCount=*/1.0, /*expected=*/0.0},
      {"infinite overall progress uses iteration start", Phase::Active, /*overallProgress=*/kInf,
       /*iterationStart=*/2.25, /*activeTime=*/kInf, /*activeDuration=*/kInf, /*iterationCount=*/kInf,
       /*expected=*/0.25},
      {"zero-duration infinite run ends at 1", Phase::After, /*overallProgress=*/kInf, /*iterationStart=*/0.0,
       /*activeTime=*/0.0, /*activeDuration=*/0.0, /*iterationCount=*/kInf, /*expected=*/1.0},
      {"fractional end keeps its fraction", Phase::After, /*overallProgress=*/2.5, /*iterationStart=*/0.5,
       /*activeTime=*/2.0, /*activeDuration=*/2.0, /*iterationCount=*/2.0, /*expected=*/0.5},
      // Regressions: 3 x 0.3 s is 0.8999999999999999 s; overall progress lands an ulp off 3.
      {"end an ulp under a whole iteration is 1", Phase::After, /*overallProgress=*/2.9999999999999996,
       /*iterationStart=*/0.0, /*activeTime=*/0.8999999999999999, /*activeDuration=*/0.8999999999999999,
       /*iterationCount=*/3.0, /*expected=*/1.0},
      {"end an ulp over a whole iteration is 1", Phase::After, /*overallProgress=*/3.0000000000000004,
       /*iterationStart=*/0.0, /*activeTime=*/0.30000000000000004, /*activeDuration=*/0.30000000000000004,
       /*iterationCount=*/3.0, /*expected=*/1.0},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    checkSame(calculateSimpleIterationProgress(c.phase, c.overallProgress, c.iterationStart, c.activeTime,
                                               c.activeDuration, c.iterationCount),
              c.expected);
  }
  // The aligned-end rule gives exactly 1.0, not "about 1".
  const std::optional<double> end = calculateSimpleIterationProgress(
      Phase::After, /*overallProgress=*/2.9999999999999996, /*iterationStart=*/0.0,
      /*activeTime=*/0.8999999999999999, /*activeDuration=*/0.8999999999999999, /*iterationCount=*/3.0);
  REQUIRE(end.has_value());
  CHECK(*end == 1.0);
}

// ---------------------------------------------------------------------------
// [SECTION] Current iteration
// ---------------------------------------------------------------------------

TEST_CASE("calculateCurrentIteration: floor, minus one at an aligned end (4.8.4)", "[anim][timing]") {
  struct Case {
    const char* name;
    Phase phase;
    std::optional<double> activeTime;
    double iterationCount;
    std::optional<double> overallProgress, simpleIterationProgress, expected;
  };
  const Case cases[] = {
      {"unresolved active time", Phase::Before, /*activeTime=*/kUnresolved, /*iterationCount=*/1.0,
       /*overallProgress=*/kUnresolved, /*simpleIterationProgress=*/kUnresolved, /*expected=*/kUnresolved},
      {"after an infinite run", Phase::After, /*activeTime=*/0.0, /*iterationCount=*/kInf,
       /*overallProgress=*/kInf, /*simpleIterationProgress=*/1.0, /*expected=*/kInf},
      {"aligned end stays in the last iteration", Phase::After, /*activeTime=*/3.0, /*iterationCount=*/3.0,
       /*overallProgress=*/3.0, /*simpleIterationProgress=*/1.0, /*expected=*/2.0},
      {"aligned end an ulp under", Phase::After, /*activeTime=*/0.8999999999999999, /*iterationCount=*/3.0,
       /*overallProgress=*/2.9999999999999996, /*simpleIterationProgress=*/1.0, /*expected=*/2.0},
      {"fractional end", Phase::After, /*activeTime=*/2.5, /*iterationCount=*/2.5, /*overallProgress=*/2.5,
       /*simpleIterationProgress=*/0.5, /*expected=*/2.0},
      {"start of an iteration", Phase::Active, /*activeTime=*/2.0, /*iterationCount=*/3.0,
       /*overallProgress=*/2.0, /*simpleIterationProgress=*/0.0, /*expected=*/2.0},
      {"deep into an infinite run", Phase::Active, /*activeTime=*/1e7 + 0.5, /*iterationCount=*/kInf,
       /*overallProgress=*/1e7 + 0.5, /*simpleIterationProgress=*/0.5, /*expected=*/1e7},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    checkSame(calculateCurrentIteration(c.phase, c.activeTime, c.iterationCount, c.overallProgress,
                                        c.simpleIterationProgress),
              c.expected);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Directed progress, before flag, transformed progress
// ---------------------------------------------------------------------------

TEST_CASE("calculateCurrentDirection: playback direction and iteration parity (4.9.1)", "[anim][timing]") {
  struct Case {
    PlaybackDirection direction;
    double currentIteration;
    CurrentDirection expected;
  };
  constexpr auto F = CurrentDirection::Forwards;
  constexpr auto R = CurrentDirection::Reverse;
  const Case cases[] = {
      {PlaybackDirection::Normal, /*currentIteration=*/1.0, F},
      {PlaybackDirection::Reverse, /*currentIteration=*/0.0, R},
      {PlaybackDirection::Reverse, /*currentIteration=*/1.0, R},
      {PlaybackDirection::Alternate, /*currentIteration=*/0.0, F},
      {PlaybackDirection::Alternate, /*currentIteration=*/1.0, R},
      {PlaybackDirection::Alternate, /*currentIteration=*/2.0, F},
      {PlaybackDirection::AlternateReverse, /*currentIteration=*/0.0, R},
      {PlaybackDirection::AlternateReverse, /*currentIteration=*/1.0, F},
      {PlaybackDirection::Alternate, /*currentIteration=*/kInf, F},
      {PlaybackDirection::AlternateReverse, /*currentIteration=*/kInf, F},
  };
  for (const Case& c : cases) {
    CAPTURE(keyword(c.direction), c.currentIteration);
    CHECK(calculateCurrentDirection(c.direction, c.currentIteration) == c.expected);
  }
}

TEST_CASE("calculateDirectedProgress: reverse iterations run 1 - progress (4.9.1)", "[anim][timing]") {
  struct Case {
    std::optional<double> simpleIterationProgress, currentIteration;
    PlaybackDirection direction;
    std::optional<double> expected;
  };
  const Case cases[] = {
      {/*simpleIterationProgress=*/kUnresolved, /*currentIteration=*/kUnresolved, PlaybackDirection::Reverse,
       /*expected=*/kUnresolved},
      {/*simpleIterationProgress=*/0.25, /*currentIteration=*/0.0, PlaybackDirection::Normal,
       /*expected=*/0.25},
      {/*simpleIterationProgress=*/0.25, /*currentIteration=*/0.0, PlaybackDirection::Reverse,
       /*expected=*/0.75},
      {/*simpleIterationProgress=*/0.25, /*currentIteration=*/1.0, PlaybackDirection::Alternate,
       /*expected=*/0.75},
      {/*simpleIterationProgress=*/0.25, /*currentIteration=*/2.0, PlaybackDirection::Alternate,
       /*expected=*/0.25},
      {/*simpleIterationProgress=*/0.25, /*currentIteration=*/0.0, PlaybackDirection::AlternateReverse,
       /*expected=*/0.75},
      {/*simpleIterationProgress=*/1.0, /*currentIteration=*/0.0, PlaybackDirection::Reverse,
       /*expected=*/0.0},
  };
  for (const Case& c : cases) {
    CAPTURE(keyword(c.direction));
    checkSame(calculateDirectedProgress(c.simpleIterationProgress, c.currentIteration, c.direction),
              c.expected);
  }
}

TEST_CASE("calculateBeforeFlag: before phase going forwards, after phase going in reverse (4.10.1)",
          "[anim][timing]") {
  struct Case {
    const char* name;
    Phase phase;
    std::optional<double> currentIteration;
    PlaybackDirection direction;
    bool expected;
  };
  const Case cases[] = {
      {"before, normal", Phase::Before, /*currentIteration=*/0.0, PlaybackDirection::Normal, true},
      {"before, reverse", Phase::Before, /*currentIteration=*/0.0, PlaybackDirection::Reverse, false},
      {"after, normal", Phase::After, /*currentIteration=*/0.0, PlaybackDirection::Normal, false},
      {"after, reverse", Phase::After, /*currentIteration=*/0.0, PlaybackDirection::Reverse, true},
      {"after, alternate ending on an odd iteration", Phase::After, /*currentIteration=*/1.0,
       PlaybackDirection::Alternate, true},
      {"active is never before", Phase::Active, /*currentIteration=*/0.0, PlaybackDirection::Normal, false},
      {"unresolved iteration", Phase::Before, /*currentIteration=*/kUnresolved, PlaybackDirection::Normal,
       false},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(calculateBeforeFlag(c.phase, c.currentIteration, c.direction) == c.expected);
  }
}

TEST_CASE("calculateTransformedProgress: the effect easing at the directed progress (4.10.1)",
          "[anim][timing]") {
  checkSame(calculateTransformedProgress(kUnresolved, /*beforeFlag=*/false, TransitionFunction::Linear),
            kUnresolved);
  checkSame(calculateTransformedProgress(0.3, /*beforeFlag=*/false, TransitionFunction::Linear), 0.3);
  checkSame(calculateTransformedProgress(1.0, /*beforeFlag=*/true, TransitionFunction::Linear), 1.0);
}

TEST_CASE("isInPlay, isCurrent: active, or about to play in the rate's direction", "[anim][timing]") {
  CHECK(isInPlay(Phase::Active));
  CHECK_FALSE(isInPlay(Phase::Before));
  CHECK_FALSE(isInPlay(Phase::After));
  CHECK(isCurrent(Phase::Active, /*playbackRate=*/0.0));
  CHECK(isCurrent(Phase::Before, /*playbackRate=*/1.0));
  CHECK_FALSE(isCurrent(Phase::Before, /*playbackRate=*/-1.0));
  CHECK_FALSE(isCurrent(Phase::Before, /*playbackRate=*/0.0));
  CHECK(isCurrent(Phase::After, /*playbackRate=*/-1.0));
  CHECK_FALSE(isCurrent(Phase::After, /*playbackRate=*/1.0));
  CHECK_FALSE(isCurrent(Phase::Idle, /*playbackRate=*/1.0));
}

// ---------------------------------------------------------------------------
// [SECTION] Playback rate
// ---------------------------------------------------------------------------

TEST_CASE("localTimeFromElapsed: the rate scales time, negative plays back from the end", "[anim][timing]") {
  Timing t;
  t.iterationDuration = 1.0;
  t.iterationCount = 2.0;
  t.startDelay = 1.0;  // end time 3
  const NormalizedTiming n = normalized(t);
  Timing inf = t;
  inf.iterationCount = kInf;
  const NormalizedTiming ni = normalized(inf);

  struct Case {
    const char* name;
    double elapsed, playbackRate;
    const NormalizedTiming* timing;
    double expected;
  };
  const Case cases[] = {
      {"rate 1", /*elapsed=*/2.0, /*playbackRate=*/1.0, &n, /*expected=*/2.0},
      {"rate 2 runs twice as fast", /*elapsed=*/0.75, /*playbackRate=*/2.0, &n, /*expected=*/1.5},
      {"rate 0 holds at 0", /*elapsed=*/5.0, /*playbackRate=*/0.0, &n, /*expected=*/0.0},
      {"rate 0 with infinite elapsed is not NaN", /*elapsed=*/kInf, /*playbackRate=*/0.0, &n,
       /*expected=*/0.0},
      {"rate -1 starts at the end time", /*elapsed=*/0.0, /*playbackRate=*/-1.0, &n, /*expected=*/3.0},
      {"rate -1 runs back from the end", /*elapsed=*/1.0, /*playbackRate=*/-1.0, &n, /*expected=*/2.0},
      {"rate -0.5", /*elapsed=*/1.0, /*playbackRate=*/-0.5, &n, /*expected=*/2.5},
      {"a finished animation holds at the end time", /*elapsed=*/5.0, /*playbackRate=*/1.0, &n,
       /*expected=*/3.0},
      {"played back past the start holds at 0", /*elapsed=*/5.0, /*playbackRate=*/-1.0, &n, /*expected=*/0.0},
      {"before the start time is negative", /*elapsed=*/-1.0, /*playbackRate=*/1.0, &n, /*expected=*/-1.0},
      {"no end time: no hold", /*elapsed=*/1e6, /*playbackRate=*/1.0, &ni, /*expected=*/1e6},
      {"negative rate with no end holds at 0", /*elapsed=*/1.0, /*playbackRate=*/-1.0, &ni, /*expected=*/0.0},
      {"NaN elapsed counts as 0", /*elapsed=*/kNaN, /*playbackRate=*/1.0, &n, /*expected=*/0.0},
      {"NaN elapsed backwards is at the end", /*elapsed=*/kNaN, /*playbackRate=*/-1.0, &n, /*expected=*/3.0},
      {"NaN rate counts as 1", /*elapsed=*/2.0, /*playbackRate=*/kNaN, &n, /*expected=*/2.0},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(localTimeFromElapsed(c.elapsed, c.playbackRate, *c.timing) == c.expected);
  }
  Timing fast = t;
  fast.playbackRate = 2.0;
  CHECK(localTimeFromElapsed(/*elapsedTimelineTime=*/0.75, normalized(fast)) == 1.5);
}

// ---------------------------------------------------------------------------
// [SECTION] calculateTiming: worked examples through the whole pipeline
// ---------------------------------------------------------------------------

namespace {

Timing oneSecond() {
  Timing t;
  t.iterationDuration = 1.0;
  return t;
}

}  // namespace

TEST_CASE("calculateTiming: a delay shows nothing without backwards fill (WPT active-time)",
          "[anim][timing]") {
  Timing t = oneSecond();
  t.startDelay = 1.0;
  const FillMode fills[] = {FillMode::None, FillMode::Forwards, FillMode::Backwards, FillMode::Both};
  const std::optional<double> progress[] = {kUnresolved, kUnresolved, 0.0, 0.0};
  for (int i = 0; i < 4; ++i) {
    t.fill = fills[i];
    CAPTURE(keyword(t.fill));
    const ComputedTiming c = calculateTiming(normalized(t), /*localTime=*/0.0);
    CHECK(c.phase == Phase::Before);
    checkSame(c.transformedProgress, progress[i]);
    CHECK(c.isInEffect == progress[i].has_value());
    CHECK(c.isCurrent);
    CHECK_FALSE(c.isInPlay);
  }
}

TEST_CASE("calculateTiming: active phase is local time minus the delay", "[anim][timing]") {
  Timing t = oneSecond();
  t.startDelay = 0.5;
  const ComputedTiming c = calculateTiming(normalized(t), /*localTime=*/1.0);
  CHECK(c.phase == Phase::Active);
  checkSame(c.localTime, 1.0);
  checkSame(c.activeTime, 0.5);
  checkSame(c.transformedProgress, 0.5);
  checkSame(c.currentIteration, 0.0);
  CHECK(c.isInPlay);
  CHECK(c.isCurrent);
  CHECK(c.isInEffect);
  CHECK_FALSE(c.beforeFlag);
}

TEST_CASE("calculateTiming: fill forwards holds the end, fill none has no effect after", "[anim][timing]") {
  Timing t = oneSecond();
  t.iterationCount = 2.0;
  const ComputedTiming none = calculateTiming(normalized(t), /*localTime=*/5.0);
  CHECK(none.phase == Phase::After);
  CHECK_FALSE(none.isInEffect);
  checkSame(none.directedProgress, kUnresolved);
  checkSame(none.currentIteration, kUnresolved);

  t.fill = FillMode::Forwards;
  const ComputedTiming fwd = calculateTiming(normalized(t), /*localTime=*/5.0);
  checkSame(fwd.activeTime, 2.0);
  checkSame(fwd.directedProgress, 1.0);  // end of the last iteration ...
  checkSame(fwd.currentIteration, 1.0);  // ... which is iteration 1, not 2
  CHECK_FALSE(fwd.isCurrent);
}

TEST_CASE("calculateTiming: iteration start 0.5 with 2 iterations ends half-way through the third",
          "[anim][timing]") {
  Timing t = oneSecond();
  t.iterationCount = 2.0;
  t.iterationStart = 0.5;
  t.fill = FillMode::Both;
  const NormalizedTiming n = normalized(t);
  const ComputedTiming start = calculateTiming(n, /*localTime=*/0.0);
  checkSame(start.directedProgress, 0.5);
  checkSame(start.currentIteration, 0.0);
  const ComputedTiming mid = calculateTiming(n, /*localTime=*/0.5);
  checkSame(mid.directedProgress, 0.0);
  checkSame(mid.currentIteration, 1.0);
  const ComputedTiming end = calculateTiming(n, /*localTime=*/9.0);
  checkSame(end.overallProgress, 2.5);
  checkSame(end.directedProgress, 0.5);
  checkSame(end.currentIteration, 2.0);
}

TEST_CASE("calculateTiming: 2.5 alternate iterations end at 0.5 going forwards", "[anim][timing]") {
  Timing t = oneSecond();
  t.iterationCount = 2.5;
  t.direction = PlaybackDirection::Alternate;
  t.fill = FillMode::Forwards;
  const NormalizedTiming n = normalized(t);
  checkSame(calculateTiming(n, /*localTime=*/1.25).directedProgress, 0.75);
  const ComputedTiming end = calculateTiming(n, /*localTime=*/2.5);
  CHECK(end.phase == Phase::After);
  checkSame(end.directedProgress, 0.5);
  checkSame(end.currentIteration, 2.0);
}

TEST_CASE("calculateTiming: infinite iterations never reach the after phase", "[anim][timing]") {
  Timing t = oneSecond();
  t.iterationCount = kInf;
  const NormalizedTiming n = normalized(t);
  CHECK(n.activeDuration == kInf);
  CHECK(n.endTime == kInf);
  const ComputedTiming c = calculateTiming(n, /*localTime=*/1000.25);
  CHECK(c.phase == Phase::Active);
  checkSame(c.directedProgress, 0.25);
  checkSame(c.currentIteration, 1000.0);
}

TEST_CASE("calculateTiming: reverse and alternate-reverse", "[anim][timing]") {
  Timing t = oneSecond();
  t.direction = PlaybackDirection::Reverse;
  t.fill = FillMode::Both;
  const NormalizedTiming r = normalized(t);
  checkSame(calculateTiming(r, /*localTime=*/0.25).directedProgress, 0.75);
  checkSame(calculateTiming(r, /*localTime=*/-1.0).directedProgress, 1.0);  // backwards fill: reverse start
  const ComputedTiming rEnd = calculateTiming(r, /*localTime=*/1.0);
  checkSame(rEnd.directedProgress, 0.0);
  CHECK(rEnd.beforeFlag);  // after phase going in reverse

  t.direction = PlaybackDirection::AlternateReverse;
  t.iterationCount = 2.0;
  const NormalizedTiming ar = normalized(t);
  checkSame(calculateTiming(ar, /*localTime=*/0.25).directedProgress, 0.75);
  checkSame(calculateTiming(ar, /*localTime=*/1.25).directedProgress, 0.25);
  const ComputedTiming arEnd = calculateTiming(ar, /*localTime=*/2.0);
  checkSame(arEnd.directedProgress, 1.0);
  CHECK_FALSE(arEnd.beforeFlag);
}

TEST_CASE("calculateTiming: negative delay starts part-way in", "[anim][timing]") {
  Timing t = oneSecond();
  t.startDelay = -0.5;
  const NormalizedTiming n = normalized(t);
  CHECK(n.endTime == 0.5);
  const ComputedTiming c = calculateTiming(n, /*localTime=*/0.0);
  CHECK(c.phase == Phase::Active);
  checkSame(c.directedProgress, 0.5);
  CHECK(calculateTiming(n, /*localTime=*/0.5).phase == Phase::After);
}

TEST_CASE("calculateTiming: end delay extends the after phase, a negative one cuts it short",
          "[anim][timing]") {
  Timing t = oneSecond();
  t.endDelay = 1.0;
  const NormalizedTiming n = normalized(t);
  CHECK(n.endTime == 2.0);
  const ComputedTiming c = calculateTiming(n, /*localTime=*/1.5);
  CHECK(c.phase == Phase::After);
  CHECK_FALSE(c.isInEffect);

  t.endDelay = -0.5;
  t.fill = FillMode::Forwards;
  const NormalizedTiming cut = normalized(t);
  CHECK(cut.endTime == 0.5);
  // A playing animation's time stops at the end time, so the fill holds
  // the value where the end delay cut the interval.
  const ComputedTiming h = calculateTiming(cut, localTimeFromElapsed(/*elapsedTimelineTime=*/0.75, cut));
  CHECK(h.phase == Phase::After);
  checkSame(h.activeTime, 0.5);
  checkSame(h.directedProgress, 0.5);
  // Seeked past the end instead, the after-phase active time follows the
  // local time (Web Animations: max(min(local time - start delay, active duration), 0)).
  checkSame(calculateTiming(cut, /*localTime=*/0.75).activeTime, 0.75);
}

TEST_CASE("calculateTiming: zero duration jumps from the start to the end", "[anim][timing]") {
  Timing t;
  t.iterationDuration = 0.0;
  t.startDelay = 1.0;
  t.fill = FillMode::Both;
  const NormalizedTiming n = normalized(t);
  const ComputedTiming before = calculateTiming(n, /*localTime=*/0.5);
  CHECK(before.phase == Phase::Before);
  checkSame(before.directedProgress, 0.0);
  const ComputedTiming after = calculateTiming(n, /*localTime=*/1.0);
  CHECK(after.phase == Phase::After);
  checkSame(after.directedProgress, 1.0);
  checkSame(after.currentIteration, 0.0);

  t.iterationCount = 0.0;
  checkSame(calculateTiming(normalized(t), /*localTime=*/1.0).directedProgress, 0.0);
  t.iterationStart = 0.5;
  checkSame(calculateTiming(normalized(t), /*localTime=*/1.0).directedProgress, 0.5);

  t.iterationStart = 0.0;
  t.iterationCount = kInf;
  const ComputedTiming forever = calculateTiming(normalized(t), /*localTime=*/1.0);
  CHECK(forever.phase == Phase::After);
  checkSame(forever.directedProgress, 1.0);
  checkSame(forever.currentIteration, kInf);
}

TEST_CASE("calculateTiming: a negative playback rate plays from the end back to the start",
          "[anim][timing]") {
  Timing t = oneSecond();
  t.playbackRate = -1.0;
  const NormalizedTiming n = normalized(t);
  const ComputedTiming first = calculateTiming(n, localTimeFromElapsed(/*elapsedTimelineTime=*/0.0, n));
  CHECK(first.phase == Phase::Active);  // at the end boundary, but playing backwards
  checkSame(first.directedProgress, 1.0);
  checkSame(calculateTiming(n, localTimeFromElapsed(/*elapsedTimelineTime=*/0.25, n)).directedProgress, 0.75);
  const ComputedTiming done = calculateTiming(n, localTimeFromElapsed(/*elapsedTimelineTime=*/1.0, n));
  CHECK(done.phase == Phase::Before);  // at the start boundary going backwards: finished
  CHECK_FALSE(done.isInEffect);
  CHECK_FALSE(done.isCurrent);

  t.playbackRate = 2.0;
  const NormalizedTiming fast = normalized(t);
  checkSame(calculateTiming(fast, localTimeFromElapsed(/*elapsedTimelineTime=*/0.25, fast)).directedProgress,
            0.5);
  CHECK(calculateTiming(fast, localTimeFromElapsed(/*elapsedTimelineTime=*/0.5, fast)).phase == Phase::After);
}

TEST_CASE("calculateTiming: unresolved or NaN local time is idle with nothing resolved", "[anim][timing]") {
  Timing t = oneSecond();
  t.fill = FillMode::Both;
  const NormalizedTiming n = normalized(t);
  for (const std::optional<double> local : {kUnresolved, std::optional<double>(kNaN)}) {
    const ComputedTiming c = calculateTiming(n, local);
    CHECK(c.phase == Phase::Idle);
    CHECK_FALSE(c.localTime.has_value());
    CHECK_FALSE(c.activeTime.has_value());
    CHECK_FALSE(c.transformedProgress.has_value());
    CHECK_FALSE(c.isInEffect);
    CHECK_FALSE(c.isCurrent);
  }
}

TEST_CASE("calculateTiming: transformed progress is directed progress through linear easing",
          "[anim][timing]") {
  Timing t = oneSecond();
  t.direction = PlaybackDirection::Alternate;
  t.iterationCount = 3.0;
  const NormalizedTiming n = normalized(t);
  for (const double local : {0.1, 0.9, 1.3, 2.6}) {
    const ComputedTiming c = calculateTiming(n, local);
    CAPTURE(local);
    checkSame(c.transformedProgress, c.directedProgress);
  }
}

TEST_CASE("calculateTiming: ten 0.1 s frames end a 1 s effect on the tenth frame (kTimeEpsilon)",
          "[anim][timing]") {
  Timing t = oneSecond();
  t.fill = FillMode::Forwards;
  const NormalizedTiming n = normalized(t);
  double elapsed = 0.0;
  for (int frame = 1; frame <= 10; ++frame) {
    elapsed += 0.1;
    CAPTURE(frame, elapsed);
    const ComputedTiming c = calculateTiming(n, elapsed);
    CHECK((c.phase == Phase::After) == (frame == 10));
  }
  CHECK(elapsed < 1.0);  // the sum really is short of 1
  const ComputedTiming end = calculateTiming(n, elapsed);
  REQUIRE(end.directedProgress.has_value());
  CHECK(*end.directedProgress == 1.0);  // exactly the end, not 0.9999999999999999
  checkSame(end.currentIteration, 0.0);
}
