// The UI clock's one rule for adding a step (UIContext::advance), shared
// with the compositor, which moves its copy of the clock the same way.
#pragma once

namespace zenit::detail {

// time += dt with Kahan summation, `compensation` carrying what the last
// sums lost: days of 1/60 s steps stay exact to the ns. dt is a step as
// UIContext::clampStep gives it.
inline void advanceClock(double& time, double& compensation, double dt) {
  if (dt == 0.0) return;
  const double y = dt - compensation;
  const double t = time + y;
  compensation = (t - time) - y;
  time = t;
}

}  // namespace zenit::detail
