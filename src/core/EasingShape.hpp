// What an easing's curve does over [0, 1], for the checks that need more
// than its values: whether it may shape a timeline's time. Read by the
// stylesheet's @timeline reader (style/parser/Timelines.cpp), which reports
// a timeline easing a clip would refuse where it is written, and by clips.
//
// anim's clip rules (src/anim/clip/ClipRules.hpp) refuse the same easings
// for clips built in code with this function.
#pragma once

#include <zenit/core/Easing.hpp>

#include <cstddef>

namespace zenit::detail {

// Whether an easing's output never decreases as its input grows: a
// timeline's easing shapes its children's time, which may not run back.
// Back, elastic, bounce and spring() overshoot and come back; the rest
// rise (cubic-bezier() with y1 and y2 in [0, 1], linear() with outputs
// that never fall).
inline bool easingNeverDecreases(const TransitionFunction& fn) {
  switch (fn.kind) {
    case EaseKind::Linear:
    case EaseKind::Steps: return true;
    // y1 and y2 in [0, 1] keep the curve between its ends and rising.
    case EaseKind::CubicBezier: return fn.p[1] >= 0.0 && fn.p[1] <= 1.0 && fn.p[3] >= 0.0 && fn.p[3] <= 1.0;
    case EaseKind::LinearPoints:
      for (std::size_t i = 1; i < fn.stopCount(); ++i)
        if (fn.stop(i).output < fn.stop(i - 1).output) return false;
      return true;
    case EaseKind::Spring:
    case EaseKind::EaseInBack:
    case EaseKind::EaseOutBack:
    case EaseKind::EaseInOutBack:
    case EaseKind::EaseInElastic:
    case EaseKind::EaseOutElastic:
    case EaseKind::EaseInOutElastic:
    case EaseKind::EaseInBounce:
    case EaseKind::EaseOutBounce:
    case EaseKind::EaseInOutBounce: return false;
    default: return true;  // sine, quad … quint, expo, circ
  }
}

}  // namespace zenit::detail
