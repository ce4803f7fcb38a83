// Seed §2.4 sampleActive and the full sample, through the Web Animations
// pipeline of anim/Timing.hpp. Clamps for bad numbers: AnimPrimitives.hpp.
#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/core/Config.hpp>

#include <algorithm>
#include <cmath>

namespace zenit::Anim {

namespace {
// How far inside the active interval a steady frame stays: its phase tests
// (within kTimeEpsilon) cannot go another way there.
constexpr double kSteadyMargin = 4.0 * timing::kTimeEpsilon;
}  // namespace

timing::Timing timingOf(const ActiveCssAnimation& a) {
  timing::Timing t;
  // duration: NaN or negative -> 0 (+infinity is valid Web Animations timing).
  t.iterationDuration = (std::isnan(a.duration) || a.duration < 0.0) ? 0.0 : a.duration;
  // delay: NaN or infinite -> 0.
  t.startDelay = std::isfinite(a.delay) ? a.delay : 0.0;
  // iterations: NaN -> 1 (CSS initial value); negative (the seed's -1) -> infinite.
  if (std::isnan(a.iterations))
    t.iterationCount = 1.0;
  else if (a.iterations < 0.0)
    t.iterationCount = timing::kInfinity;
  else
    t.iterationCount = a.iterations;
  t.direction = a.direction();
  t.fill = a.fill();
  // Effect easing stays linear: CSS eases per keyframe segment.
  return t;
}

namespace {
// steadyTimingAt's body, inline in both entry points (steadyTiming runs on
// every sample of the full path).
ZENIT_ALWAYS_INLINE bool planAt(double delay, double d, double activeEnd, PlaybackDirection direction,
                                double elapsed, SteadyTiming& st, float& progress) {
  const double activeTime = elapsed - delay;
  if (!(elapsed >= 0.0) || !(elapsed - std::max(delay, 0.0) > kSteadyMargin) || !(activeTime < activeEnd) ||
      !std::isfinite(elapsed))
    return false;
  if (!std::isfinite(activeTime / d)) return false;  // a huge elapsed over a short duration overflows
  st.window = timing::windowAt(activeTime, d, activeEnd, direction);
  // steadyAdvance takes the fraction at this very elapsed.
  const bool inside = steadyAdvance(delay, d, st, elapsed, progress);
  ZENIT_ASSERT(inside, "steadyTiming: the elapsed it planned for must be inside its own plan");
  return inside;
}
}  // namespace

bool steadyTiming(const ActiveCssAnimation& a, SteadyTiming& st, float& progress) {
  const double d = a.duration;
  if (!(d > 0.0) || !std::isfinite(d) || !std::isfinite(a.delay)) return false;
  const double count = a.iterations < 0.0 ? timing::kInfinity : a.iterations;
  if (!(count > 0.0)) return false;  // NaN (CSS 1) and 0 take the full path
  const double active = d * count;   // +inf for infinite iterations
  return planAt(a.delay, d, active - kSteadyMargin, a.direction(), a.elapsed, st, progress);
}

bool steadyTimingAt(double delay, double d, double activeEnd, PlaybackDirection direction, double elapsed,
                    SteadyTiming& st, float& progress) {
  return planAt(delay, d, activeEnd, direction, elapsed, st, progress);
}

namespace {

// The Web Animations pipeline below, specialised to the frame-after-frame
// case: rate 1, no iteration start, a finite positive duration, and a local
// time clear of every phase boundary (more than kTimeEpsilon inside the
// active interval). There each step has one outcome: active phase, active
// time = elapsed - delay, no end-of-interval rounding, before flag false, in
// effect. The arithmetic is the pipeline's own, in the same order, so the
// result is bit-identical (debug builds check it against the full path).
bool sampleSteady(const ActiveCssAnimation& a, AnimSample& out) {
  SteadyTiming st;
  float progress = 0.0f;
  if (!steadyTiming(a, st, progress)) return false;
  out.phase = timing::Phase::Active;
  out.inEffect = true;
  out.finished = false;
  out.beforeFlag = false;
  out.progress = progress;
  out.currentIteration = st.window.iteration;
  return true;
}

AnimSample sampleFull(const ActiveCssAnimation& a);

}  // namespace

AnimSample sample(const ActiveCssAnimation& a) {
  AnimSample fast;
  if (sampleSteady(a, fast)) {
#ifndef NDEBUG
    const AnimSample full = sampleFull(a);
    ZENIT_ASSERT(full.phase == fast.phase && full.inEffect == fast.inEffect &&
                     full.finished == fast.finished && full.beforeFlag == fast.beforeFlag &&
                     full.progress == fast.progress && full.currentIteration == fast.currentIteration,
                 "sampleSteady must agree with the Web Animations pipeline");
#endif
    return fast;
  }
  return sampleFull(a);
}

namespace {
AnimSample sampleFull(const ActiveCssAnimation& a) {
  timing::Timing t = timingOf(a);
  const FillMode fill = t.fill;
  // Progress is sampled as if filling both ways: it is the value the effect
  // shows whenever it applies; the real fill only decides inEffect.
  t.fill = FillMode::Both;
  const std::optional<timing::NormalizedTiming> n = timing::normalizeTiming(t);
  ZENIT_ASSERT(n.has_value(), "timingOf must always produce valid timing");
  if (!n) return AnimSample{};

  const double localTime = timing::localTimeFromElapsed(std::isnan(a.elapsed) ? 0.0 : a.elapsed, *n);
  const timing::ComputedTiming c = timing::calculateTiming(*n, localTime);

  AnimSample s;
  s.phase = c.phase;
  s.inEffect =
      timing::calculateActiveTime(c.phase, localTime, n->startDelay, n->activeDuration, fill).has_value();
  s.finished = c.phase == timing::Phase::After;
  s.beforeFlag = c.beforeFlag;
  s.progress = static_cast<float>(std::clamp(c.directedProgress.value_or(0.0), 0.0, 1.0));
  s.currentIteration = c.currentIteration.value_or(0.0);
  return s;
}
}  // namespace

float sampleActive(const ActiveCssAnimation& a, bool& finished) {
  const AnimSample s = sample(a);
  finished = s.finished;
  return s.progress;
}

}  // namespace zenit::Anim
