// The <easing-function> grammar's rules (CSS Easing 2), written once: the
// keywords, cubic-bezier()'s x range, steps()' count and <step-position>.
// parseEasing (core/Easing.cpp) reads a text with them and words its
// errors; the stylesheet's reader (style/parser/values/Easings.hpp) reads
// plain components with them and leaves everything else to parseEasing.
//
// Each rule that compares words takes the comparison: `eq(text, "lower")`,
// true when `text` is the lowercase literal in ASCII case-insensitive
// comparison. Each caller passes its own (the stylesheet's compares a word
// at a time), so the rule stays the same while the reading differs.
#pragma once

#include "core/Ascii.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/core/Easing.hpp>

#include <limits>
#include <optional>
#include <string_view>

namespace zenit::detail {

// The easing a CSS keyword names (linear, ease, ease-in, ease-out,
// ease-in-out, step-start, step-end), or nullptr. By length first: each
// keyword is compared only with the names of its length.
template <class Eq>
ZENIT_ALWAYS_INLINE const TransitionFunction* cssEasingKeyword(std::string_view name, Eq&& eq) {
  switch (name.size()) {
    case 4: return eq(name, "ease") ? &TransitionFunction::Ease : nullptr;
    case 6: return eq(name, "linear") ? &TransitionFunction::Linear : nullptr;
    case 7: return eq(name, "ease-in") ? &TransitionFunction::EaseIn : nullptr;
    case 8:
      if (eq(name, "ease-out")) return &TransitionFunction::EaseOut;
      return eq(name, "step-end") ? &TransitionFunction::StepEnd : nullptr;
    case 10: return eq(name, "step-start") ? &TransitionFunction::StepStart : nullptr;
    case 11: return eq(name, "ease-in-out") ? &TransitionFunction::EaseInOut : nullptr;
    default: return nullptr;
  }
}

// cubic-bezier(x1, y1, x2, y2): x1 and x2 lie in [0, 1]; every number is finite.
constexpr bool bezierXInRange(double x) { return x >= 0.0 && x <= 1.0; }

// A number that scales the output (cubic-bezier()'s y, linear()'s outputs
// and inputs) lies within ±kEasingValueLimit (false for NaN and infinities).
constexpr bool easingValueInRange(double v) { return v >= -kEasingValueLimit && v <= kEasingValueLimit; }

// A <step-position> keyword: jump-start, jump-end, jump-none, jump-both,
// and the legacy start and end (`start` is kept apart: it serialises as
// written).
struct StepKeyword {
  StepPosition position{StepPosition::JumpEnd};
  bool legacyStart{false};
};
template <class Eq>
ZENIT_ALWAYS_INLINE std::optional<StepKeyword> stepPositionNamed(std::string_view word, Eq&& eq) {
  if (eq(word, "jump-start")) return StepKeyword{StepPosition::JumpStart, false};
  if (eq(word, "start")) return StepKeyword{StepPosition::JumpStart, true};
  if (eq(word, "jump-end") || eq(word, "end")) return StepKeyword{StepPosition::JumpEnd, false};
  if (eq(word, "jump-none")) return StepKeyword{StepPosition::JumpNone, false};
  if (eq(word, "jump-both")) return StepKeyword{StepPosition::JumpBoth, false};
  return std::nullopt;
}

// steps()' count: an integer (the caller checks the token's type) of at
// least 1 that an int holds.
constexpr bool stepCountInRange(double count) {
  return count >= 1.0 && count <= static_cast<double>(std::numeric_limits<int>::max());
}
// steps(n, jump-none) needs n >= 2: with one step there would be no change.
constexpr int minimumSteps(StepPosition p) { return p == StepPosition::JumpNone ? 2 : 1; }

// steps(count, position) once its arguments passed the rules above.
inline std::optional<TransitionFunction> stepsOf(int count, StepKeyword k) {
  std::optional<TransitionFunction> fn = TransitionFunction::stepsOf(count, k.position);
  if (fn) fn->preset = k.legacyStart ? 1 : 0;
  return fn;
}

}  // namespace zenit::detail
