// The plan of a steady CSS animation (steady/Plan.hpp).
#include "anim/steady/Plan.hpp"

#include <zenit/core/Config.hpp>

#include <algorithm>
#include <cmath>

namespace zenit::steady {

namespace {
// How far inside the active interval a steady frame stays: its phase tests
// (within kTimeEpsilon) cannot go another way there.
constexpr double kMargin = 4.0 * timing::kTimeEpsilon;

// planCssAt's body, inline in both entry points (planCss runs on every
// sample of the full path).
ZENIT_ALWAYS_INLINE bool planAt(double delay, double d, double end, PlaybackDirection direction,
                                double elapsed, CssPlan& plan, float& progress) {
  const double activeTime = elapsed - delay;
  if (!(elapsed >= 0.0) || !(elapsed - std::max(delay, 0.0) > kMargin) || !(activeTime < end) ||
      !std::isfinite(elapsed))
    return false;
  if (!std::isfinite(activeTime / d)) return false;  // a huge elapsed over a short duration overflows
  plan.window = timing::windowAt(activeTime, d, end, direction);
  // The fraction at this very elapsed, as a step takes it.
  const bool inside = advanceCss(delay, d, plan, elapsed, progress) == timing::WindowStep::Inside;
  ZENIT_ASSERT(inside, "planCss: the elapsed it planned for must be inside its own window");
  return inside;
}
}  // namespace

bool planCss(const ActiveCssAnimation& a, CssPlan& plan, float& progress) {
  const double d = a.duration;
  if (!(d > 0.0) || !std::isfinite(d) || !std::isfinite(a.delay)) return false;
  const double count = a.iterations < 0.0 ? timing::kInfinity : a.iterations;
  if (!(count > 0.0)) return false;  // NaN (CSS 1) and 0 take the full path
  const double active = d * count;   // +inf for infinite iterations
  return planAt(a.delay, d, active - kMargin, a.direction(), a.elapsed, plan, progress);
}

bool planCssAt(double delay, double d, double end, PlaybackDirection direction, double elapsed, CssPlan& plan,
               float& progress) {
  return planAt(delay, d, end, direction, elapsed, plan, progress);
}

}  // namespace zenit::steady
