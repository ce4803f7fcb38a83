// Seed §2.4 sampleActive and the full sample, through the Web Animations
// pipeline of anim/Timing.hpp. Clamps for bad numbers: AnimPrimitives.hpp.
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
  t.direction = a.direction;
  t.fill = a.fill;
  // Effect easing stays linear: CSS eases per keyframe segment.
  return t;
}

AnimSample sample(const ActiveCssAnimation& a) {
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

float sampleActive(const ActiveCssAnimation& a, bool& finished) {
  const AnimSample s = sample(a);
  finished = s.finished;
  return s.progress;
}

}  // namespace zenit::Anim
