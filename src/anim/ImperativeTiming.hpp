// The timing of an imperative animation (seed §3.2), shared by the player's
// full tick (AnimationPlayer.cpp) and the steady step's copies (steady/):
// its span, the way elapsed moves and its progress at an elapsed time.
#pragma once

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/anim/Timing.hpp>
#include <zenit/core/Lerp.hpp>

#include <cmath>

namespace zenit::imperative {

// An imperative animation's iteration length and active duration, as read
// (duration and iterations it cannot use count as 0 and 1).
struct Span {
  double duration;
  double active;
};
inline Span spanOf(const UIAnimation& a) {
  const double d = std::isfinite(a.duration) && a.duration > 0.0f ? static_cast<double>(a.duration) : 0.0;
  const double n = std::isnan(a.iterations) || a.iterations < 0.0 ? 1.0 : a.iterations;
  return Span{d, (d == 0.0 || n == 0.0) ? 0.0 : d * n};
}

// The rate at which elapsed moves: tickImperative's step 4.
inline double velocityOf(const AnimState& s) { return (s.reverse ? -1.0 : 1.0) * s.rate; }

// Directed progress at `elapsed` into the active interval, given its span.
inline float progressIn(const UIAnimation& a, Span span, double elapsed) {
  const double d = span.duration;
  const double active = span.active;
  if (d == 0.0) return elapsed > 0.0 || active == 0.0 ? 1.0f : 0.0f;  // seed: zero duration gives t = 1
  const double pos = elapsed / d;
  double iteration = floorExact(pos);
  double local = pos - iteration;
  // An interval that ends on an iteration end shows that iteration's end, not the next one's start.
  if (local == 0.0 && iteration > 0.0 && elapsed >= active) {
    iteration -= 1.0;
    local = 1.0;
  }
  return static_cast<float>(timing::iterationRunsForwards(a.direction, iteration) ? local : 1.0 - local);
}

}  // namespace zenit::imperative
