// The plan of a steady CSS animation: the window of the iteration it runs
// in (anim/Timing's rule), taken where the Web Animations pipeline would
// give the same answer frame after frame. Anim::sample takes its fast path
// through it too.
#pragma once

#include "core/EaseEval.hpp"

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/anim/Timing.hpp>
#include <zenit/core/Easing.hpp>

namespace zenit::steady {

struct CssPlan {
  timing::IterationWindow window;  // its end stays clear of the active interval's end
  EaseFn ease{nullptr};            // easeFnOf(the animation's timing function), set when armed
};

// The steady case of Anim::sample (rate 1, a finite positive duration, no
// iteration start, the local time clear of every phase boundary, in effect,
// not finished): fills `plan.window` for a.elapsed and returns true, with
// `progress` equal to sample(a).progress; false anywhere else (plan untouched).
bool planCss(const ActiveCssAnimation& a, CssPlan& plan, float& progress);
// The same from copies of the animation's timing at `elapsed`, for an
// animation whose window end (`end`) an earlier planCss gave: the same tests
// and arithmetic, so the same window and progress (a record's next iteration).
bool planCssAt(double delay, double duration, double end, PlaybackDirection direction, double elapsed,
               CssPlan& plan, float& progress);

// sample(a).progress at `elapsed` while it stays in the plan's window:
// Timing's advanceWithin on the active time.
inline timing::WindowStep advanceCss(double delay, double duration, const CssPlan& plan, double elapsed,
                                     float& progress) {
  return timing::advanceWithin(plan.window, elapsed - delay, duration, progress);
}

}  // namespace zenit::steady
