// Easing functions: CSS Easing 2 (linear, cubic-bezier, steps, linear()),
// the named Penner families (sine … bounce, in/out/in-out) and spring().
//
// [SECTION] TransitionFunction: a small value type, no heap allocation except
//           for linear() lists longer than two stops
// [SECTION] getRatio: evaluate an easing at input progress t
// [SECTION] parseEasing / Debug::toString: CSS syntax in and out
//
// The seed's spelling compiles unchanged:
//   TransitionFunction ease = TransitionFunction::Linear;
//   float ratio = getRatio(raw_t, ease);
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] TransitionFunction
// ---------------------------------------------------------------------------

// Every easing this library evaluates. The Penner families use the classic
// formulas (easings.net); `Back` overshoots by 1.70158, `Elastic` has period
// 0.3 (in/out) and 0.45 (in-out).
#define ZENIT_EASE_FAMILIES(X) X(Sine) X(Quad) X(Cubic) X(Quart) X(Quint) X(Expo) X(Circ) X(Back) X(Elastic) X(Bounce)

enum class EaseKind : std::uint8_t {
  Linear,       // identity
  CubicBezier,  // p = x1, y1, x2, y2 (ease, ease-in, ease-out, ease-in-out are presets of this)
  Steps,        // steps(n, position)
  LinearPoints, // CSS linear(): piecewise-linear through stops
  Spring,       // p = mass, stiffness, damping, initial velocity
#define ZENIT_DETAIL_EASE_KIND(F) EaseIn##F, EaseOut##F, EaseInOut##F,
  ZENIT_EASE_FAMILIES(ZENIT_DETAIL_EASE_KIND)
#undef ZENIT_DETAIL_EASE_KIND
};

enum class StepPosition : std::uint8_t { JumpStart, JumpEnd, JumpNone, JumpBoth };

// One stop of CSS linear(): output value at input progress (both resolved,
// so inputs never decrease).
struct LinearStop {
  double output{0.0};
  double input{0.0};
  bool operator==(const LinearStop&) const = default;
};

struct TransitionFunction {
  EaseKind kind{EaseKind::Linear};
  StepPosition stepPosition{StepPosition::JumpEnd};  // Steps only
  std::uint16_t steps{1};                            // Steps only, >= 1 (>= 2 for jump-none)
  std::uint8_t preset{0};  // which named keyword made it (serialisation: "ease" vs cubic-bezier(…))
  float p[4]{};            // CubicBezier: x1 y1 x2 y2; Spring: mass stiffness damping velocity;
                           // LinearPoints with <= 2 stops: output0 input0 output1 input1
  std::uint16_t inlineStops{0};                          // LinearPoints: stops kept in p (0 = use `points`)
  std::shared_ptr<const std::vector<LinearStop>> points;  // LinearPoints with > 2 stops

  // Keyword presets (CSS Easing 2 §2–3) and the named families.
  static const TransitionFunction Linear, Ease, EaseIn, EaseOut, EaseInOut, StepStart, StepEnd;
#define ZENIT_DETAIL_EASE_PRESET(F) static const TransitionFunction EaseIn##F, EaseOut##F, EaseInOut##F;
  ZENIT_EASE_FAMILIES(ZENIT_DETAIL_EASE_PRESET)
#undef ZENIT_DETAIL_EASE_PRESET

  // Factories; each returns nullopt for arguments CSS rejects (x1/x2 outside
  // [0, 1] or not finite, steps < 1, jump-none with < 2 steps, spring with
  // mass/stiffness <= 0, damping < 0, or any non-finite number).
  static std::optional<TransitionFunction> cubicBezier(double x1, double y1, double x2, double y2);
  static std::optional<TransitionFunction> stepsOf(int n, StepPosition pos = StepPosition::JumpEnd);
  static std::optional<TransitionFunction> linearOf(std::vector<LinearStop> stops);  // stops already resolved
  static std::optional<TransitionFunction> spring(double mass, double stiffness, double damping,
                                                  double initialVelocity = 0.0);

  bool operator==(const TransitionFunction& o) const;
};

// ---------------------------------------------------------------------------
// [SECTION] getRatio
// ---------------------------------------------------------------------------

// Output progress of `fn` at input progress t. t is normally in [0, 1] but may
// lie outside (linear() and cubic-bezier extrapolate as CSS Easing 2 says).
// `before` is Web Animations' before flag: true in the before phase, where
// steps(…, jump-start|jump-both) give their lower value.
double getRatio(double t, const TransitionFunction& fn, bool before = false);
inline float getRatio(float t, const TransitionFunction& fn, bool before = false) {
  return static_cast<float>(getRatio(static_cast<double>(t), fn, before));
}

// ---------------------------------------------------------------------------
// [SECTION] parseEasing / Debug::toString
// ---------------------------------------------------------------------------

// Parses a CSS <easing-function> ("ease-in", "cubic-bezier(0.1, 0.7, 1, 0.1)",
// "steps(4, jump-end)", "linear(0, 0.25 75%, 1)", "step-start") or one of the
// library's names: "ease-out-back", "ease-in-out-sine" … (also accepted
// without dashes: "easeinoutsine"), "spring(1, 100, 10, 0)". Keywords are
// ASCII case-insensitive. On failure returns nullopt and, if `error` is
// given, writes why ("cubic-bezier x1 must be in [0, 1]").
std::optional<TransitionFunction> parseEasing(std::string_view text, std::string* error = nullptr);

namespace Debug {
// CSS serialisation as Chromium's getComputedStyle gives it: "ease",
// "cubic-bezier(0.5, -2, 0.5, 3)", "steps(4)", "steps(4, jump-start)",
// "linear(0 0%, 1 100%)"; library names as "ease-out-back", "spring(1, 100, 10, 0)".
std::string toString(const TransitionFunction& fn);
}  // namespace Debug

}  // namespace zenit
