// Web Animations 1 timing model: one function per spec step. The numbered
// comments inside each function are the spec's steps; deviations (all about
// floating point) are listed at the top of Timing.hpp.
#include <zenit/anim/Timing.hpp>

#include <algorithm>
#include <cmath>

namespace zenit::timing {

std::string_view describe(TimingStatus status) {
  switch (status) {
    case TimingStatus::Ok: return "ok";
    case TimingStatus::InvalidStartDelay: return "start delay must be a finite number";
    case TimingStatus::InvalidEndDelay: return "end delay must be a finite number";
    case TimingStatus::InvalidIterationStart: return "iteration start must be a finite number >= 0";
    case TimingStatus::InvalidIterationCount: return "iteration count must be >= 0 and not NaN";
    case TimingStatus::InvalidIterationDuration: return "iteration duration must be >= 0 and not NaN";
    case TimingStatus::InvalidPlaybackRate: return "playback rate must be a finite number";
  }
  return "unknown timing status";
}

// ---------------------------------------------------------------------------
// Validation and normalization
// ---------------------------------------------------------------------------

// https://www.w3.org/TR/web-animations-1/#update-the-timing-properties-of-an-animation-effect
// (delay, endDelay and Animation.playbackRate are WebIDL `double`: finite.)
TimingStatus validateTiming(const Timing& timing) {
  if (!std::isfinite(timing.startDelay)) return TimingStatus::InvalidStartDelay;
  if (!std::isfinite(timing.endDelay)) return TimingStatus::InvalidEndDelay;
  // 1. If iterationStart is less than zero, throw a TypeError.
  if (!std::isfinite(timing.iterationStart) || timing.iterationStart < 0.0)
    return TimingStatus::InvalidIterationStart;
  // 2. If iterations is less than zero or NaN, throw a TypeError.
  if (std::isnan(timing.iterationCount) || timing.iterationCount < 0.0)
    return TimingStatus::InvalidIterationCount;
  // 3. If duration is less than zero or NaN, throw a TypeError.
  if (timing.iterationDuration && (std::isnan(*timing.iterationDuration) || *timing.iterationDuration < 0.0))
    return TimingStatus::InvalidIterationDuration;
  if (!std::isfinite(timing.playbackRate)) return TimingStatus::InvalidPlaybackRate;
  return TimingStatus::Ok;
}

std::optional<NormalizedTiming> normalizeTiming(const Timing& timing, TimingStatus* why) {
  const TimingStatus status = validateTiming(timing);
  if (why) *why = status;
  if (status != TimingStatus::Ok) return std::nullopt;

  NormalizedTiming n;
  n.startDelay = timing.startDelay;
  n.endDelay = timing.endDelay;
  n.iterationStart = timing.iterationStart;
  n.iterationCount = timing.iterationCount;
  // https://www.w3.org/TR/web-animations-1/#iteration-duration: auto is 0 for
  // a keyframe effect.
  n.iterationDuration = timing.iterationDuration.value_or(0.0);
  n.activeDuration = calculateActiveDuration(n.iterationDuration, n.iterationCount);
  n.endTime = calculateEndTime(n.startDelay, n.activeDuration, n.endDelay);
  n.playbackRate = timing.playbackRate;
  n.direction = timing.direction;
  n.fill = timing.fill;
  n.easing = timing.easing;
  return n;
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-active-duration
double calculateActiveDuration(double iterationDuration, double iterationCount) {
  // active duration = iteration duration x iteration count
  // If either the iteration duration or iteration count are zero, the active
  // duration is zero (this clarification avoids 0 x infinity = NaN).
  if (iterationDuration == 0.0 || iterationCount == 0.0) return 0.0;
  return iterationDuration * iterationCount;
}

// https://www.w3.org/TR/web-animations-1/#end-time
double calculateEndTime(double startDelay, double activeDuration, double endDelay) {
  // The end time is max(start delay + active duration + end delay, 0).
  return std::max(startDelay + activeDuration + endDelay, 0.0);
}

// ---------------------------------------------------------------------------
// Playback rate
// ---------------------------------------------------------------------------

// https://www.w3.org/TR/web-animations-1/#the-current-time-of-an-animation
// https://www.w3.org/TR/web-animations-1/#playing-an-animation-section
double localTimeFromElapsed(double elapsedTimelineTime, double playbackRate, const NormalizedTiming& timing) {
  const double elapsed = std::isnan(elapsedTimelineTime) ? 0.0 : elapsedTimelineTime;
  const double rate = std::isfinite(playbackRate) ? playbackRate : 1.0;
  // current time = (timeline time - start time) x playback rate, measured from
  // where play() seeked: 0 for a rate >= 0 ...
  if (rate == 0.0) return 0.0;  // also keeps infinity x 0 out
  // Once finished, "update the finished state" sets the hold time to the
  // associated effect end (0 going backwards): time stops there, it does
  // not run on past it (visible with a negative end delay).
  if (rate > 0.0) return std::min(elapsed * rate, timing.endTime);
  // ... and the associated effect end for a negative rate (auto-rewind).
  // play() throws for an infinite end; hold at 0 (finished backwards).
  if (!std::isfinite(timing.endTime)) return 0.0;
  const double local = timing.endTime + elapsed * rate;
  return std::isnan(local) ? 0.0 : std::max(local, 0.0);
}

// ---------------------------------------------------------------------------
// The pipeline
// ---------------------------------------------------------------------------

// https://www.w3.org/TR/web-animations-1/#animation-direction
AnimationDirection animationDirectionOf(double playbackRate) {
  // "backwards" if the animation's playback rate is less than zero,
  // "forwards" otherwise.
  return playbackRate < 0.0 ? AnimationDirection::Backwards : AnimationDirection::Forwards;
}

// https://www.w3.org/TR/web-animations-1/#before-active-boundary-time
double beforeActiveBoundaryTime(double startDelay, double endTime) {
  return std::max(std::min(startDelay, endTime), 0.0);
}

// https://www.w3.org/TR/web-animations-1/#active-after-boundary-time
double activeAfterBoundaryTime(double startDelay, double activeDuration, double endTime) {
  return std::max(std::min(startDelay + activeDuration, endTime), 0.0);
}

// https://www.w3.org/TR/web-animations-1/#animation-effect-phases-and-states
Phase calculatePhase(std::optional<double> localTime, double startDelay, double activeDuration,
                     double endTime, AnimationDirection animationDirection) {
  // An effect whose local time is unresolved is in no phase (idle).
  if (!localTime || std::isnan(*localTime)) return Phase::Idle;
  const double t = *localTime;
  const double beforeActive = beforeActiveBoundaryTime(startDelay, endTime);
  const double activeAfter = activeAfterBoundaryTime(startDelay, activeDuration, endTime);
  // "At" a boundary is within kTimeEpsilon of it (see Timing.hpp).
  const bool atBeforeActive = timesEqual(t, beforeActive);
  const bool atActiveAfter = timesEqual(t, activeAfter);

  // 1. Before phase if either:
  //    - the local time is less than the before-active boundary time, or
  //    - the animation direction is "backwards" and the local time is equal
  //      to the before-active boundary time.
  if ((t < beforeActive && !atBeforeActive) ||
      (animationDirection == AnimationDirection::Backwards && atBeforeActive))
    return Phase::Before;
  // 2. After phase if either:
  //    - the local time is greater than the active-after boundary time, or
  //    - the animation direction is "forwards" and the local time is equal
  //      to the active-after boundary time.
  if ((t > activeAfter && !atActiveAfter) ||
      (animationDirection == AnimationDirection::Forwards && atActiveAfter))
    return Phase::After;
  // 3. Otherwise (local time resolved) the active phase.
  return Phase::Active;
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-active-time
std::optional<double> calculateActiveTime(Phase phase, std::optional<double> localTime, double startDelay,
                                          double activeDuration, FillMode fill) {
  if (!localTime) return std::nullopt;
  const double t = *localTime;
  const bool fillsBackwards = fill == FillMode::Backwards || fill == FillMode::Both;
  const bool fillsForwards = fill == FillMode::Forwards || fill == FillMode::Both;
  switch (phase) {
    // 1. Before phase: if the fill mode is backwards or both, return
    //    max(local time - start delay, 0); otherwise unresolved.
    case Phase::Before:
      if (fillsBackwards) return std::max(t - startDelay, 0.0);
      return std::nullopt;
    // 2. Active phase: return local time - start delay. (Clamped: it lies in
    //    [0, active duration] exactly; only rounding could push it out.)
    case Phase::Active: return std::clamp(t - startDelay, 0.0, activeDuration);
    // 3. After phase: if the fill mode is forwards or both, return
    //    max(min(local time - start delay, active duration), 0); otherwise
    //    unresolved.
    case Phase::After:
      if (fillsForwards) return std::max(std::min(t - startDelay, activeDuration), 0.0);
      return std::nullopt;
    // 4. Otherwise (the local time is unresolved) return unresolved.
    case Phase::Idle: break;
  }
  return std::nullopt;
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-overall-progress
std::optional<double> calculateOverallProgress(Phase phase, std::optional<double> activeTime,
                                               double iterationDuration, double iterationCount,
                                               double iterationStart) {
  // 1. If the active time is unresolved, return unresolved.
  if (!activeTime) return std::nullopt;
  // 2. Calculate an initial value for overall progress:
  double overallProgress = 0.0;
  if (iterationDuration == 0.0) {
    //    - If the iteration duration is zero: zero in the before phase,
    //      otherwise the iteration count.
    overallProgress = (phase == Phase::Before) ? 0.0 : iterationCount;
  } else if (std::isinf(iterationDuration)) {
    //    (An infinite iteration never completes: active time / infinity is 0,
    //    and 0 here also keeps infinity / infinity out.)
    overallProgress = 0.0;
  } else {
    //    - Otherwise: active time / iteration duration.
    overallProgress = *activeTime / iterationDuration;
  }
  // 3. Return overall progress + iteration start.
  return overallProgress + iterationStart;
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-simple-iteration-progress
std::optional<double> calculateSimpleIterationProgress(Phase phase, std::optional<double> overallProgress,
                                                       double iterationStart,
                                                       std::optional<double> activeTime,
                                                       double activeDuration, double iterationCount) {
  // 1. If the overall progress is unresolved, return unresolved.
  if (!overallProgress || !activeTime) return std::nullopt;
  // 2. If overall progress is infinity, the simple iteration progress is
  //    iteration start % 1.0, otherwise overall progress % 1.0.
  double simpleIterationProgress =
      std::isinf(*overallProgress) ? std::fmod(iterationStart, 1.0) : std::fmod(*overallProgress, 1.0);
  // 3. If all of the following are true:
  //    - the simple iteration progress calculated above is zero, and
  //    - the effect is in the active phase or the after phase, and
  //    - the active time is equal to the active duration, and
  //    - the iteration count is not equal to zero,
  //    let the simple iteration progress be 1.0. (An interval that ends on
  //    an iteration boundary holds that iteration's end, not the next start.)
  //    ("Zero" within kProgressEpsilon: the overall progress may sit an ulp
  //    either side of the whole number, and fmod then gives ~0 or ~1.)
  bool progressIsZero = simpleIterationProgress == 0.0;
  if (!std::isinf(*overallProgress)) {
    const double nearestWhole = std::round(*overallProgress);
    progressIsZero = nearestWhole >= 1.0 && std::abs(*overallProgress - nearestWhole) <= kProgressEpsilon;
  }
  if (progressIsZero && (phase == Phase::Active || phase == Phase::After) &&
      timesEqual(*activeTime, activeDuration) && iterationCount != 0.0)
    simpleIterationProgress = 1.0;
  // 4. Return simple iteration progress.
  return simpleIterationProgress;
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-current-iteration
std::optional<double> calculateCurrentIteration(Phase phase, std::optional<double> activeTime,
                                                double iterationCount, std::optional<double> overallProgress,
                                                std::optional<double> simpleIterationProgress) {
  // 1. If the active time is unresolved, return unresolved.
  if (!activeTime || !overallProgress || !simpleIterationProgress) return std::nullopt;
  // 2. If the effect is in the after phase and the iteration count is
  //    infinity, return infinity.
  if (phase == Phase::After && std::isinf(iterationCount)) return kInfinity;
  // 3. If the simple iteration progress is 1.0, return floor(overall progress) - 1.
  //    (floor within kProgressEpsilon, matching step 3 of simple iteration
  //    progress: 2.9999999999999996 ends iteration 2, as 3 does.)
  if (*simpleIterationProgress == 1.0) return std::floor(*overallProgress + kProgressEpsilon) - 1.0;
  // 4. Otherwise, return floor(overall progress).
  return std::floor(*overallProgress);
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-directed-progress
std::optional<double> calculateDirectedProgress(std::optional<double> simpleIterationProgress,
                                                std::optional<double> currentIteration,
                                                PlaybackDirection direction) {
  // 1. If the simple iteration progress is unresolved, return unresolved.
  if (!simpleIterationProgress || !currentIteration) return std::nullopt;
  // 2. Calculate the current direction (calculateCurrentDirection).
  const CurrentDirection current = calculateCurrentDirection(direction, *currentIteration);
  // 3. If the current direction is forwards return the simple iteration
  //    progress, otherwise 1.0 - simple iteration progress.
  if (current == CurrentDirection::Forwards) return *simpleIterationProgress;
  return 1.0 - *simpleIterationProgress;
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-transformed-progress (step 2)
bool calculateBeforeFlag(Phase phase, std::optional<double> currentIteration, PlaybackDirection direction) {
  if (!currentIteration) return false;
  // 1. Determine the current direction (as for directed progress).
  // 2. Going forwards is true if the current direction is forwards.
  const bool goingForwards =
      calculateCurrentDirection(direction, *currentIteration) == CurrentDirection::Forwards;
  // 3. The before flag is set if the effect is in the before phase and going
  //    forwards is true, or in the after phase and going forwards is false.
  return (phase == Phase::Before && goingForwards) || (phase == Phase::After && !goingForwards);
}

// https://www.w3.org/TR/web-animations-1/#calculating-the-transformed-progress
std::optional<double> calculateTransformedProgress(std::optional<double> directedProgress, bool beforeFlag,
                                                   const TransitionFunction& easing) {
  // 1. If the directed progress is unresolved, return unresolved.
  if (!directedProgress) return std::nullopt;
  // 2. The before flag (calculateBeforeFlag) is passed in.
  // 3. Return the effect's timing function evaluated at the directed progress
  //    with the before flag.
  return getRatio(*directedProgress, easing, beforeFlag);
}

// https://www.w3.org/TR/web-animations-1/#in-play
bool isInPlay(Phase phase) {
  // In the active phase and the animation is not finished. In this model an
  // effect in the active phase never belongs to a finished animation: a
  // finished animation's current time sits at or beyond a boundary, which
  // calculatePhase puts in the before or after phase.
  return phase == Phase::Active;
}

// https://www.w3.org/TR/web-animations-1/#current
bool isCurrent(Phase phase, double playbackRate) {
  // Current if any of: in play; playback rate > 0 and in the before phase;
  // playback rate < 0 and in the after phase.
  return isInPlay(phase) || (playbackRate > 0.0 && phase == Phase::Before) ||
         (playbackRate < 0.0 && phase == Phase::After);
}

// ---------------------------------------------------------------------------
// calculateTiming
// ---------------------------------------------------------------------------

// https://www.w3.org/TR/web-animations-1/#core-animation-effect-calculations
ComputedTiming calculateTiming(const NormalizedTiming& timing, std::optional<double> localTime) {
  const std::optional<double> local =
      (localTime && !std::isnan(*localTime)) ? localTime : std::optional<double>{};
  const Phase phase = calculatePhase(local, timing.startDelay, timing.activeDuration, timing.endTime,
                                     animationDirectionOf(timing.playbackRate));
  const std::optional<double> activeTime =
      calculateActiveTime(phase, local, timing.startDelay, timing.activeDuration, timing.fill);
  const std::optional<double> overallProgress = calculateOverallProgress(
      phase, activeTime, timing.iterationDuration, timing.iterationCount, timing.iterationStart);
  const std::optional<double> simpleIterationProgress =
      calculateSimpleIterationProgress(phase, overallProgress, timing.iterationStart, activeTime,
                                       timing.activeDuration, timing.iterationCount);
  const std::optional<double> currentIteration = calculateCurrentIteration(
      phase, activeTime, timing.iterationCount, overallProgress, simpleIterationProgress);
  const std::optional<double> directedProgress =
      calculateDirectedProgress(simpleIterationProgress, currentIteration, timing.direction);
  const bool beforeFlag = calculateBeforeFlag(phase, currentIteration, timing.direction);
  const std::optional<double> transformedProgress =
      calculateTransformedProgress(directedProgress, beforeFlag, timing.easing);

  ComputedTiming out;
  out.phase = phase;
  out.localTime = local;
  out.activeTime = activeTime;
  out.overallProgress = overallProgress;
  out.simpleIterationProgress = simpleIterationProgress;
  out.currentIteration = currentIteration;
  out.directedProgress = directedProgress;
  out.transformedProgress = transformedProgress;
  out.beforeFlag = beforeFlag;
  out.isInPlay = isInPlay(phase);
  out.isCurrent = isCurrent(phase, timing.playbackRate);
  out.isInEffect = isInEffect(activeTime);
  return out;
}

}  // namespace zenit::timing
