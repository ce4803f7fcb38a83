// Seed §2.4 sampleActive and the full sample, through the Web Animations
// pipeline of anim/Timing.hpp. Clamps for bad numbers: AnimPrimitives.hpp.
#include "anim/steady/Plan.hpp"

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/core/Config.hpp>

#include <algorithm>
#include <cmath>

namespace zenit::Anim {

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

// The Web Animations pipeline below, specialised to the frame-after-frame
// case: rate 1, no iteration start, a finite positive duration, and a local
// time clear of every phase boundary (more than kTimeEpsilon inside the
// active interval). There each step has one outcome: active phase, active
// time = elapsed - delay, no end-of-interval rounding, before flag false, in
// effect. The arithmetic is the pipeline's own, in the same order, so the
// result is bit-identical (debug builds check it against the full path).
bool sampleSteady(const ActiveCssAnimation& a, AnimSample& out) {
  steady::CssPlan st;
  float progress = 0.0f;
  if (!steady::planCss(a, st, progress)) return false;
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
