// The animation data model (seed §1) and the shared sampling primitives
// (seed §2.4, §2.4b).
//
// [SECTION] Imperative: UIAnimation, AnimState                (seed §1.1; not here yet)
// [SECTION] Keyframe definition: Keyframe, KeyframeAnimation  (seed §1.2; not here yet)
// [SECTION] Active instance: ActiveCssAnimation               (seed §1.3)
// [SECTION] Sampling: Anim::timingOf, sample, sampleActive, sampleActiveCached (seed §2.4, §2.4b)
// [SECTION] Anim:: primitives: syncRefs, tickIncremental, tickAbsolute,
//           evaluateKeyframes, overlayCssStyle, overlayCssComputed (seed §2.1–§2.6; not here yet)
//
// Sampling follows Web Animations 1 (anim/Timing.hpp) and differs from the
// seed only where the seed had no answer:
//  - iterations are fractional (2.5 iterations end at progress 0.5);
//  - reverse and alternate-reverse run as Web Animations says;
//  - `fill` decides whether the effect applies before and after the active
//    interval (AnimSample::inEffect). The seed had only fillForwards, so a
//    delayed animation never showed its first frame during the delay.
//
// CSS's animation-timing-function (ActiveCssAnimation::ease) applies per
// keyframe segment (CSS Animations 1), so the sampler returns *un-eased*
// progress and evaluateKeyframes applies `ease` inside each segment.
//
// Bad numbers are clamped, never crash, never yield NaN:
//   duration   NaN or < 0  -> 0  (+infinity kept: the first iteration never ends)
//   delay      NaN or +-inf -> 0
//   iterations NaN          -> 1 (the CSS initial value)
//              < 0 (seed: -1) or +inf -> infinite
//   elapsed    NaN          -> 0
//              +inf         -> past every end; even an infinite animation
//                              reports its after phase (Web Animations puts
//                              local time +inf at the +inf boundary, forwards)
// animation-play-state does not enter sampling: a paused animation's elapsed
// simply does not advance.
#pragma once

#include <zenit/anim/Timing.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Types.hpp>

#include <limits>
#include <string>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Imperative: UIAnimation, AnimState (seed §1.1)
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// [SECTION] Keyframe definition: Keyframe, KeyframeAnimation (seed §1.2)
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// [SECTION] Active instance: ActiveCssAnimation (seed §1.3)
// ---------------------------------------------------------------------------

// The running instance of one `animation:` entry: its timing and elapsed time.
struct ActiveCssAnimation {
  std::string name;        // @keyframes name
  double elapsed{0.0};     // s since start (double: exact after days of frames)
  double startTime{0.0};   // UIContext time at creation (absolute ticking, seed §2.3)
  double duration{1.0};    // s per iteration
  double delay{0.0};       // s; negative starts part-way in
  double iterations{1.0};  // fractional; +inf or any negative = infinite
  PlaybackDirection direction{PlaybackDirection::Normal};  // animation-direction
  FillMode fill{FillMode::None};                           // animation-fill-mode
  PlayState playState{PlayState::Running};                 // animation-play-state
  bool finished{false};                                    // set by ticking once the active phase is over
  TransitionFunction ease{TransitionFunction::Linear};     // animation-timing-function, per keyframe segment

  // sampleActiveCached's cache (seed §2.4b): keyed on elapsed, cleared by invalidateSample().
  mutable double cachedSampleElapsed{std::numeric_limits<double>::quiet_NaN()};
  mutable float cachedLocalT{0.0f};
  mutable bool cachedFinished{false};

  // Seed spelling: odd iterations run backwards (alternate, alternate-reverse).
  bool alternate() const {
    return direction == PlaybackDirection::Alternate || direction == PlaybackDirection::AlternateReverse;
  }
  // Seed spelling: the end value stays after the active phase (forwards, both).
  bool fillForwards() const { return fill == FillMode::Forwards || fill == FillMode::Both; }
  // Forget the cached sample; call after changing any timing field (syncRefs live edits).
  void invalidateSample() const { cachedSampleElapsed = std::numeric_limits<double>::quiet_NaN(); }
};

// ---------------------------------------------------------------------------
// [SECTION] Sampling (seed §2.4, §2.4b)
// ---------------------------------------------------------------------------

namespace Anim {

// Everything the overlay needs to know about an animation at its elapsed time.
struct AnimSample {
  timing::Phase phase{timing::Phase::Before};  // Before (delay), Active, After (done)
  bool inEffect{false};                        // the fill mode lets the effect apply now (else skip it)
  bool finished{false};                        // the active phase is over (never, for infinite iterations)
  bool beforeFlag{false};                      // Web Animations before flag, for step easings at the ends
  float progress{0.0f};                        // directed, un-eased progress in [0, 1] (== sampleActive)
  double currentIteration{0};                  // 0-based; +infinity after a zero-length infinite run
};

// Web Animations timing of `a` with the clamps in the header comment applied;
// always valid. Effect easing is linear (CSS eases per keyframe segment).
timing::Timing timingOf(const ActiveCssAnimation& a);

// Phase, fill, directed progress and iteration of `a` at a.elapsed.
// `progress` is the value the effect shows *if* it applies (as with fill:
// both); `inEffect` says whether the real fill mode lets it apply.
AnimSample sample(const ActiveCssAnimation& a);

// Seed §2.4: directed (un-eased) progress in [0, 1] at a.elapsed; `finished`
// is set once the active phase is over. During the delay: the backwards-fill
// value (0, or 1 for reverse / alternate-reverse); zero duration: finished
// at 1; infinite iterations: never finished; an interval ending on an
// iteration end gives that iteration's end (1), not the next one's 0.
float sampleActive(const ActiveCssAnimation& a, bool& finished);

// Seed §2.4b: sampleActive cached on `elapsed`. Repeated calls at the same
// elapsed (tick, then overlay; or frames with dt == 0) are free; a new
// elapsed recomputes. Timing edits need a.invalidateSample().
inline float sampleActiveCached(const ActiveCssAnimation& a, bool& finished) {
  if (a.cachedSampleElapsed == a.elapsed) {
    finished = a.cachedFinished;
    return a.cachedLocalT;
  }
  a.cachedLocalT = sampleActive(a, finished);
  a.cachedFinished = finished;
  a.cachedSampleElapsed = a.elapsed;
  return a.cachedLocalT;
}

}  // namespace Anim

// ---------------------------------------------------------------------------
// [SECTION] Anim:: primitives (seed §2.1–§2.6)
// ---------------------------------------------------------------------------

}  // namespace zenit
