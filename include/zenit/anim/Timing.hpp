// Web Animations 1 timing model as pure functions: one function per step of
// https://www.w3.org/TR/web-animations-1/#timing-model, composed by
// calculateTiming into one const pipeline
//   phase -> active time -> overall progress -> simple iteration progress
//         -> current iteration -> directed progress -> transformed progress.
// "Unresolved" is std::nullopt at every stage. Time is double seconds.
//
// [SECTION] Tolerances
// [SECTION] Enums: Phase, AnimationDirection, CurrentDirection, TimingStatus
// [SECTION] Timing (input), NormalizedTiming (resolved), ComputedTiming (output)
// [SECTION] Validation and normalization
// [SECTION] Playback rate: timeline time -> local time
// [SECTION] The pipeline, one function per spec step
// [SECTION] Iteration windows: the pipeline for time that only moves on
// [SECTION] calculateTiming: the whole pipeline
//
// Where the playback rate applies. Web Animations puts the playback rate on
// the animation, not on the effect: the animation's current time is
// (timeline time - start time) x rate, and that current time *is* the
// effect's local time. Timing::playbackRate is carried here so that one
// struct describes a playing effect, and it is used in exactly two places:
//   1. localTimeFromElapsed maps elapsed timeline time to local time (a
//      negative rate plays backwards from the end time);
//   2. the pipeline derives the animation direction from its sign, which
//      decides the phase exactly at a boundary (and isCurrent).
// Durations and delays are never scaled by it.
//
// Deviations from the spec, all about floating point and none visible:
//  - Phase boundaries compare within kTimeEpsilon, so time built from summed
//    frame deltas that lands an ulp short of a boundary is at the boundary.
//  - In the active phase the active time is clamped to [0, active duration]
//    (it is there exactly; the clamp only removes rounding and the epsilon).
//  - Simple iteration progress step 3 compares within kProgressEpsilon and
//    kTimeEpsilon, as Blink does, and current iteration step 3 floors within
//    kProgressEpsilon to match (an interval ending at 2.9999999999999996
//    iterations ends iteration 2 at progress 1, as one ending at 3 does).
//  - An infinite iteration duration gives overall progress = iteration
//    start for every active time (finite / infinity is 0; this also avoids
//    infinity / infinity).
//  - A NaN local time is unresolved.
#pragma once

#include <zenit/core/Easing.hpp>
#include <zenit/core/Lerp.hpp>
#include <zenit/core/Types.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace zenit::timing {

// ---------------------------------------------------------------------------
// [SECTION] Tolerances
// ---------------------------------------------------------------------------

// Two times closer than this are equal at phase boundaries and at the end of
// the active interval. Frame deltas such as 1/60 or 0.1 s are not exact in
// binary, so their sums miss a boundary by an ulp (ten 0.1 s steps give
// 0.9999999999999999); without the tolerance an animation would finish one
// frame late. 1 ns is far below any frame and far above the ulp of any time
// under ~100 days.
inline constexpr double kTimeEpsilon = 1e-9;

// Progress values (iterations) closer than this to a whole number count as
// on it when deciding whether the active interval ended on an iteration
// boundary (simple iteration progress step 3).
inline constexpr double kProgressEpsilon = 1e-9;

// a == b within kTimeEpsilon; infinities equal only themselves.
inline bool timesEqual(double a, double b) { return a == b || std::abs(a - b) <= kTimeEpsilon; }

// ---------------------------------------------------------------------------
// [SECTION] Enums
// ---------------------------------------------------------------------------

// https://www.w3.org/TR/web-animations-1/#animation-effect-phases-and-states
enum class Phase : std::uint8_t {
  Before,  // local time before the active interval (start delay)
  Active,  // inside the active interval
  After,   // past the active interval (end delay, or finished)
  Idle,    // local time unresolved: in no phase
};

// https://www.w3.org/TR/web-animations-1/#animation-direction
// Backwards when the animation's playback rate is negative.
enum class AnimationDirection : std::uint8_t { Forwards, Backwards };

// The "current direction" of directed progress: which way this iteration runs.
// https://www.w3.org/TR/web-animations-1/#calculating-the-directed-progress
enum class CurrentDirection : std::uint8_t { Forwards, Reverse };

// Why a Timing is invalid: the TypeErrors of
// https://www.w3.org/TR/web-animations-1/#update-the-timing-properties-of-an-animation-effect
// plus WebIDL's rejection of non-finite `double` members (delays, rate).
// A zero playback rate is valid (the animation holds still).
enum class TimingStatus : std::uint8_t {
  Ok,
  InvalidStartDelay,         // NaN or infinite
  InvalidEndDelay,           // NaN or infinite
  InvalidIterationStart,     // NaN, negative or infinite
  InvalidIterationCount,     // NaN or negative (+infinity is valid)
  InvalidIterationDuration,  // NaN or negative (+infinity is valid)
  InvalidPlaybackRate,       // NaN or infinite
};

// One-line English reason for a status ("iteration count must be >= 0 and not NaN").
std::string_view describe(TimingStatus status);

// ---------------------------------------------------------------------------
// [SECTION] Timing, NormalizedTiming, ComputedTiming
// ---------------------------------------------------------------------------

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Input timing of one animation effect, as an author specifies it.
struct Timing {
  double startDelay{0.0};                                  // s; negative starts part-way in
  double endDelay{0.0};                                    // s; may be negative
  double iterationStart{0.0};                              // iterations, >= 0
  double iterationCount{1.0};                              // >= 0; kInfinity = infinite
  std::optional<double> iterationDuration{};               // s, >= 0 (may be infinite); nullopt = auto = 0
  double playbackRate{1.0};                                // the animation's rate (see header note)
  PlaybackDirection direction{PlaybackDirection::Normal};  // normal | reverse | alternate | alternate-reverse
  FillMode fill{FillMode::None};                           // none | forwards | backwards | both
  TransitionFunction easing{};                             // effect easing; default-constructed is linear
};

// A validated Timing with every derived number resolved once.
struct NormalizedTiming {
  double startDelay{0.0};         // s
  double endDelay{0.0};           // s
  double iterationStart{0.0};     // iterations
  double iterationCount{1.0};     // may be kInfinity
  double iterationDuration{0.0};  // s, auto resolved to 0
  double activeDuration{0.0};     // s, iterationDuration x iterationCount (0 if either is 0)
  double endTime{0.0};            // s, max(startDelay + activeDuration + endDelay, 0)
  double playbackRate{1.0};       // finite
  PlaybackDirection direction{PlaybackDirection::Normal};
  FillMode fill{FillMode::None};
  TransitionFunction easing{};
};

// Everything the timing model says about an effect at one local time.
struct ComputedTiming {
  Phase phase{Phase::Idle};
  std::optional<double> localTime;                // s
  std::optional<double> activeTime;               // s, nullopt when not in effect
  std::optional<double> overallProgress;          // iterations (incl. iteration start)
  std::optional<double> simpleIterationProgress;  // [0, 1] within the current iteration
  std::optional<double> currentIteration;         // 0-based; may be infinity
  std::optional<double> directedProgress;         // simple progress with the direction applied
  std::optional<double> transformedProgress;      // directed progress through the effect easing
  bool beforeFlag{false};                         // passed to the easing (step easings)
  bool isInPlay{false};                           // https://www.w3.org/TR/web-animations-1/#in-play
  bool isCurrent{false};                          // https://www.w3.org/TR/web-animations-1/#current
  bool isInEffect{false};                         // https://www.w3.org/TR/web-animations-1/#in-effect
};

// ---------------------------------------------------------------------------
// [SECTION] Validation and normalization
// ---------------------------------------------------------------------------

// Ok, or the first invalid member in declaration order. Never crashes.
TimingStatus validateTiming(const Timing& timing);

// Resolved timing, or nullopt (with the reason in *why) for an invalid Timing.
std::optional<NormalizedTiming> normalizeTiming(const Timing& timing, TimingStatus* why = nullptr);

// https://www.w3.org/TR/web-animations-1/#calculating-the-active-duration
double calculateActiveDuration(double iterationDuration, double iterationCount);

// https://www.w3.org/TR/web-animations-1/#end-time
double calculateEndTime(double startDelay, double activeDuration, double endDelay);

// ---------------------------------------------------------------------------
// [SECTION] Playback rate: timeline time -> local time
// ---------------------------------------------------------------------------

// Local time of an effect whose animation started `elapsedTimelineTime`
// seconds ago and plays at `playbackRate` without seeking. rate >= 0:
// elapsed x rate, held at the end time once there. rate < 0: play() rewinds
// to the end time first, so end time + elapsed x rate, held at 0 once there;
// with an infinite end time (where play() throws InvalidStateError) the
// effect is held at 0, i.e. already finished backwards. A NaN elapsed counts
// as 0, a non-finite rate as 1. Never returns NaN.
// https://www.w3.org/TR/web-animations-1/#the-current-time-of-an-animation
// https://www.w3.org/TR/web-animations-1/#playing-an-animation-section
double localTimeFromElapsed(double elapsedTimelineTime, double playbackRate, const NormalizedTiming& timing);
// Same, at the timing's own playback rate.
inline double localTimeFromElapsed(double elapsedTimelineTime, const NormalizedTiming& timing) {
  return localTimeFromElapsed(elapsedTimelineTime, timing.playbackRate, timing);
}

// ---------------------------------------------------------------------------
// [SECTION] The pipeline, one function per spec step
// ---------------------------------------------------------------------------

// https://www.w3.org/TR/web-animations-1/#animation-direction
AnimationDirection animationDirectionOf(double playbackRate);

// max(min(start delay, end time), 0)
// https://www.w3.org/TR/web-animations-1/#before-active-boundary-time
double beforeActiveBoundaryTime(double startDelay, double endTime);

// max(min(start delay + active duration, end time), 0)
// https://www.w3.org/TR/web-animations-1/#active-after-boundary-time
double activeAfterBoundaryTime(double startDelay, double activeDuration, double endTime);

// Which phase `localTime` is in; at a boundary the animation direction decides.
// https://www.w3.org/TR/web-animations-1/#animation-effect-phases-and-states
Phase calculatePhase(std::optional<double> localTime, double startDelay, double activeDuration,
                     double endTime, AnimationDirection animationDirection);

// Time since the active interval began, or nullopt where the fill mode leaves no effect.
// https://www.w3.org/TR/web-animations-1/#calculating-the-active-time
std::optional<double> calculateActiveTime(Phase phase, std::optional<double> localTime, double startDelay,
                                          double activeDuration, FillMode fill);

// Iterations completed (plus iteration start), fractional.
// https://www.w3.org/TR/web-animations-1/#calculating-the-overall-progress
std::optional<double> calculateOverallProgress(Phase phase, std::optional<double> activeTime,
                                               double iterationDuration, double iterationCount,
                                               double iterationStart);

// Progress within the current iteration; 1 (not 0) when the interval ends on an iteration end.
// https://www.w3.org/TR/web-animations-1/#calculating-the-simple-iteration-progress
std::optional<double> calculateSimpleIterationProgress(Phase phase, std::optional<double> overallProgress,
                                                       double iterationStart,
                                                       std::optional<double> activeTime,
                                                       double activeDuration, double iterationCount);

// 0-based index of the current iteration (infinity after an infinite interval).
// https://www.w3.org/TR/web-animations-1/#calculating-the-current-iteration
std::optional<double> calculateCurrentIteration(Phase phase, std::optional<double> activeTime,
                                                double iterationCount, std::optional<double> overallProgress,
                                                std::optional<double> simpleIterationProgress);

// Step 2 of directed progress: does iteration `currentIteration` run forwards or in reverse?
// https://www.w3.org/TR/web-animations-1/#calculating-the-directed-progress
// The one parity rule: every caller (the pipeline, the steady windows
// below, imperative animations) asks this.
inline bool iterationRunsForwards(PlaybackDirection direction, double currentIteration) {
  switch (direction) {
    //  - playback direction is normal: forwards.
    case PlaybackDirection::Normal: return true;
    //  - playback direction is reverse: reverse.
    case PlaybackDirection::Reverse: return false;
    //  - otherwise:
    case PlaybackDirection::Alternate:
    case PlaybackDirection::AlternateReverse: break;
  }
  //    1. Let d be the current iteration.
  double d = currentIteration;
  //    2. If the playback direction is alternate-reverse increment d by 1.
  if (direction == PlaybackDirection::AlternateReverse) d += 1.0;
  //    3. If d is infinity, the current direction is forwards.
  if (std::isinf(d)) return true;
  //       Otherwise forwards if d % 2 == 0: halving is exact, so d is even
  //       exactly when its half is integral (fmod without the library call;
  //       NaN and fractions are odd, as with fmod).
  const double half = d * 0.5;
  return floorExact(half) == half;
}
inline CurrentDirection calculateCurrentDirection(PlaybackDirection direction, double currentIteration) {
  return iterationRunsForwards(direction, currentIteration) ? CurrentDirection::Forwards
                                                            : CurrentDirection::Reverse;
}

// Simple iteration progress with the playback direction applied.
// https://www.w3.org/TR/web-animations-1/#calculating-the-directed-progress
std::optional<double> calculateDirectedProgress(std::optional<double> simpleIterationProgress,
                                                std::optional<double> currentIteration,
                                                PlaybackDirection direction);

// Step 2 of transformed progress: the before flag handed to the easing.
// https://www.w3.org/TR/web-animations-1/#calculating-the-transformed-progress
bool calculateBeforeFlag(Phase phase, std::optional<double> currentIteration, PlaybackDirection direction);

// Directed progress through the effect easing (getRatio with the before flag).
// https://www.w3.org/TR/web-animations-1/#calculating-the-transformed-progress
std::optional<double> calculateTransformedProgress(std::optional<double> directedProgress, bool beforeFlag,
                                                   const TransitionFunction& easing);

// https://www.w3.org/TR/web-animations-1/#in-play
bool isInPlay(Phase phase);

// https://www.w3.org/TR/web-animations-1/#current
bool isCurrent(Phase phase, double playbackRate);

// https://www.w3.org/TR/web-animations-1/#in-effect
inline bool isInEffect(std::optional<double> activeTime) { return activeTime.has_value(); }

// ---------------------------------------------------------------------------
// [SECTION] Iteration windows: the pipeline for time that only moves on
// ---------------------------------------------------------------------------

// One iteration of an effect in its active phase, and where its active
// interval ends: between two frames that stay inside it, the pipeline's
// phase, current iteration and direction cannot change, so only the
// simple iteration progress is left to compute (advanceWithin). Taken by
// windowAt for an active time the caller has checked is in the active phase.
struct IterationWindow {
  double iteration{0.0};  // the current iteration (integral, >= 0)
  double end{0.0};        // active times at or past this are outside the window (the active interval's end)
  bool forwards{true};    // the iteration's current direction (iterationRunsForwards)
};

// The window of the iteration that `activeTime` (>= 0, finite) falls in,
// for an iteration duration > 0: floor(activeTime / duration), as the
// overall progress step floors it.
inline IterationWindow windowAt(double activeTime, double duration, double end, PlaybackDirection direction) {
  const double iteration = floorExact(activeTime / duration + 0.0);
  return IterationWindow{iteration, end, iterationRunsForwards(direction, iteration)};
}

// Where an active time stands against a window.
enum class WindowStep : std::uint8_t {
  Inside,        // in the window's iteration: `progress` is written
  IterationEnd,  // before `end`, but in another iteration
  ActiveEnd,     // at or past `end` (or NaN)
};

// The rule every steady step follows (CSS animations, imperative ones and
// their copies): advance, then say whether the time is still inside the
// window. Inside, `progress` is the pipeline's directed progress, bit for
// bit: the simple iteration progress is (activeTime / duration) minus the
// iteration, exact where 0 <= it < 1, so no floor or fmod is needed. (The
// pipeline adds +0.0 to turn a -0 into +0; a window's active times are
// never -0, so that instruction is left out.)
inline WindowStep advanceWithin(const IterationWindow& w, double activeTime, double duration,
                                float& progress) {
  if (!(activeTime < w.end)) return WindowStep::ActiveEnd;
  double simple = activeTime / duration - w.iteration;
  if (!(simple >= 0.0 && simple < 1.0)) return WindowStep::IterationEnd;
  if (!w.forwards) simple = 1.0 - simple;
  progress = static_cast<float>(simple);
  return WindowStep::Inside;
}

// ---------------------------------------------------------------------------
// [SECTION] calculateTiming
// ---------------------------------------------------------------------------

// The whole pipeline at one local time (nullopt or NaN: unresolved, Phase::Idle).
// https://www.w3.org/TR/web-animations-1/#core-animation-effect-calculations
ComputedTiming calculateTiming(const NormalizedTiming& timing, std::optional<double> localTime);

}  // namespace zenit::timing
