// The <easing-function> grammar's rules (CSS Easing 2), written once: the
// keywords, cubic-bezier()'s x range, steps()' count and <step-position>,
// and GSAP 3's family names and modes. parseEasing (core/Easing.cpp) reads
// a text with them and words its
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

#include <cstddef>
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

// GSAP 3's ease families (gsap.parseEase's names): the name, lowercase, and
// the EaseKind of its `.in` (`.out` and `.inOut` follow it, as in
// EaseKind); power0 is the identity in every mode. Aliases share a kind:
// power1 = quad, power2 = cubic, power3 = quart, power4 = quint = strong.
struct GsapFamily {
  std::string_view name;
  EaseKind in;
};
inline constexpr GsapFamily kGsapFamilies[] = {
    {"power0", EaseKind::Linear},         {"power1", EaseKind::EaseInQuad},
    {"power2", EaseKind::EaseInCubic},    {"power3", EaseKind::EaseInQuart},
    {"power4", EaseKind::EaseInQuint},    {"quad", EaseKind::EaseInQuad},
    {"cubic", EaseKind::EaseInCubic},     {"quart", EaseKind::EaseInQuart},
    {"quint", EaseKind::EaseInQuint},     {"strong", EaseKind::EaseInQuint},
    {"sine", EaseKind::EaseInSine},       {"expo", EaseKind::EaseInExpo},
    {"circ", EaseKind::EaseInCirc},       {"back", EaseKind::EaseInBack},
    {"elastic", EaseKind::EaseInElastic}, {"bounce", EaseKind::EaseInBounce}};

// The row of kGsapFamilies named `lower` (compile time only).
consteval std::size_t gsapRow(std::string_view lower) {
  std::size_t i = 0;
  while (kGsapFamilies[i].name != lower) ++i;  // (past the end: not a constant, so no build)
  return i;
}

// The GSAP family `name` names, or nullptr. By length first, as
// cssEasingKeyword: each name is compared only with those of its length.
template <class Eq>
ZENIT_ALWAYS_INLINE const GsapFamily* gsapFamilyNamed(std::string_view name, Eq&& eq) {
  const GsapFamily* const f = kGsapFamilies;
  switch (name.size()) {
    case 4:
      if (eq(name, "sine")) return &f[gsapRow("sine")];
      if (eq(name, "quad")) return &f[gsapRow("quad")];
      if (eq(name, "expo")) return &f[gsapRow("expo")];
      if (eq(name, "circ")) return &f[gsapRow("circ")];
      return eq(name, "back") ? &f[gsapRow("back")] : nullptr;
    case 5:
      if (eq(name, "cubic")) return &f[gsapRow("cubic")];
      if (eq(name, "quart")) return &f[gsapRow("quart")];
      return eq(name, "quint") ? &f[gsapRow("quint")] : nullptr;
    case 6:
      if (eq(name, "power0")) return &f[gsapRow("power0")];
      if (eq(name, "power1")) return &f[gsapRow("power1")];
      if (eq(name, "power2")) return &f[gsapRow("power2")];
      if (eq(name, "power3")) return &f[gsapRow("power3")];
      if (eq(name, "power4")) return &f[gsapRow("power4")];
      if (eq(name, "strong")) return &f[gsapRow("strong")];
      return eq(name, "bounce") ? &f[gsapRow("bounce")] : nullptr;
    case 7: return eq(name, "elastic") ? &f[gsapRow("elastic")] : nullptr;
    default: return nullptr;
  }
}

// The mode after the family's `.`: in, out, inOut (ASCII case-insensitive).
template <class Eq>
ZENIT_ALWAYS_INLINE std::optional<EaseMode> gsapModeNamed(std::string_view word, Eq&& eq) {
  if (eq(word, "in")) return EaseMode::In;
  if (eq(word, "out")) return EaseMode::Out;
  if (eq(word, "inout")) return EaseMode::InOut;
  return std::nullopt;
}

// The kind of a GSAP family's mode.
constexpr EaseKind gsapKind(const GsapFamily& f, EaseMode m) {
  if (f.in == EaseKind::Linear) return EaseKind::Linear;
  return static_cast<EaseKind>(static_cast<int>(f.in) + static_cast<int>(m));
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
