// Easing functions: CSS Easing 2 (linear, cubic-bezier, steps, linear()),
// the named Penner families (sine … bounce, in/out/in-out), GSAP 3's ease
// names (power2.out, back.out(3), elastic.inOut(1, 0.45) …) and spring().
// docs/easing.md describes every function, its syntax and its accuracy.
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

#include <cstddef>
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

// The named families, each defined by its ease-in curve on [0, 1]; ease-out
// is its point reflection out(t) = 1 - in(1 - t) and ease-in-out joins the
// two halves. `Back` overshoots by 1.70158 (in-out: 1.70158 * 1.525),
// `Elastic` has period 0.3 (in/out) and 0.45 (in-out). GSAP's names map
// onto these kinds (power2.out is EaseOutCubic; docs/easing.md "GSAP
// eases"); GSAP's back and elastic of their parameters and GSAP's expo are
// the same kinds with `preset` 1 (TransitionFunction::back, ::elastic,
// ::expo). Adding a row here adds the kinds, presets, parse names and
// serialisation; the compiler then asks for its formula (docs/easing.md,
// "Adding an easing").
#define ZENIT_EASE_FAMILIES(X) \
  X(Sine) X(Quad) X(Cubic) X(Quart) X(Quint) X(Expo) X(Circ) X(Back) X(Elastic) X(Bounce)

enum class EaseKind : std::uint8_t {
  Linear,        // identity
  CubicBezier,   // p = x1, y1, x2, y2 (ease, ease-in, ease-out, ease-in-out are presets of this)
  Steps,         // steps(n, position)
  LinearPoints,  // CSS linear(): piecewise-linear through stops
  Spring,        // p = mass, stiffness, damping, initial velocity
#define ZENIT_DETAIL_EASE_KIND(F) EaseIn##F, EaseOut##F, EaseInOut##F,
  ZENIT_EASE_FAMILIES(ZENIT_DETAIL_EASE_KIND)
#undef ZENIT_DETAIL_EASE_KIND
};

enum class StepPosition : std::uint8_t { JumpStart, JumpEnd, JumpNone, JumpBoth };

// A named family's three curves, in EaseKind's order (EaseIn<F> + mode).
enum class EaseMode : std::uint8_t { In, Out, InOut };

// GSAP's defaults for back and elastic (the Penner constants): the
// overshoot of back.in, back.out and back.inOut, and elastic's amplitude
// and period (in-out: kElasticPeriodInOut).
inline constexpr double kBackOvershoot = 1.70158;
inline constexpr double kElasticAmplitude = 1.0;
inline constexpr double kElasticPeriod = 0.3;
inline constexpr double kElasticPeriodInOut = 0.45;

// One stop of CSS linear(): output value at input progress (both resolved,
// so inputs never decrease; input 0.4 is CSS's 40%).
struct LinearStop {
  double output{0.0};
  double input{0.0};
  bool operator==(const LinearStop&) const = default;
};

// An easing function as a value: 88 bytes, copyable, no heap allocation
// except linear() with more than two stops (shared, immutable). Build one
// with a preset, a factory or parseEasing, not by writing fields: the
// factories validate and fill `k` together with `p`, so getRatio does no
// setup work (a hand-built bezier or spring without `k` evaluates wrongly).
struct TransitionFunction {
  EaseKind kind{EaseKind::Linear};                   // which function
  StepPosition stepPosition{StepPosition::JumpEnd};  // Steps only
  std::uint8_t preset{0};  // spelling: CubicBezier 1-4 = ease, ease-in, ease-out, ease-in-out (0 =
                           // cubic-bezier()); Steps 1 = legacy "start" keyword; Spring: damping regime (set
                           // by the factory); Back, Elastic, Expo: 1 = GSAP 3's curve (back and elastic of
                           // the parameters in p), 0 = Penner's
  std::uint8_t inlineStops{0};  // LinearPoints: stops kept in p (2), or 0 = stops in `points`
  std::uint32_t steps{1};       // Steps only: >= 1 (>= 2 for jump-none)
  double p[4]{};                // parameters as written. CubicBezier: x1 y1 x2 y2; Spring: mass stiffness
                                // damping velocity; LinearPoints with 2 stops: output0 input0 output1 input1;
                                // Back (preset 1): overshoot; Elastic (preset 1): amplitude period
  double k[4]{};                // derived by the factory. CubicBezier: polynomial coefficients ax bx ay by;
                                // Spring: decay rate, frequency, phase coefficient, settle time;
                                // Elastic (preset 1): GSAP's p1 (scale), 2π/p2 (angular rate), p3 (phase)
  std::shared_ptr<const std::vector<LinearStop>> points;  // LinearPoints with > 2 stops

  // Keyword presets (CSS Easing 2 §2–3) and the named families.
  static const TransitionFunction Linear, Ease, EaseIn, EaseOut, EaseInOut, StepStart, StepEnd;
#define ZENIT_DETAIL_EASE_PRESET(F) static const TransitionFunction EaseIn##F, EaseOut##F, EaseInOut##F;
  ZENIT_EASE_FAMILIES(ZENIT_DETAIL_EASE_PRESET)
#undef ZENIT_DETAIL_EASE_PRESET

  // Factories; each returns nullopt for arguments CSS rejects (x1/x2 outside
  // [0, 1], steps < 1, jump-none with < 2 steps, linear() with < 2 stops or
  // decreasing inputs, spring with mass/stiffness/damping <= 0, or any
  // non-finite number) and for a cubic-bezier() y or a linear() output or
  // input beyond ±kEasingValueLimit.
  static std::optional<TransitionFunction> cubicBezier(double x1, double y1, double x2, double y2);
  static std::optional<TransitionFunction> stepsOf(int n, StepPosition pos = StepPosition::JumpEnd);
  static std::optional<TransitionFunction> linearOf(std::vector<LinearStop> stops);  // stops already resolved
  static std::optional<TransitionFunction> spring(double mass, double stiffness, double damping,
                                                  double initialVelocity = 0.0);
  // GSAP 3's back.in/out/inOut(overshoot) and elastic.in/out/inOut(amplitude,
  // period) (period left out: kElasticPeriod, in-out kElasticPeriodInOut).
  // nullopt for an overshoot beyond ±kEasingValueLimit, an amplitude or
  // period <= 0 or beyond it, or any non-finite number. Always GSAP's
  // curve, printed in GSAP's spelling ("back.out(3)"); the presets
  // (EaseOutBack …) are the Penner curves, which GSAP's defaults equal
  // except back.inOut (Penner's in-out overshoot is 1.70158 * 1.525).
  static std::optional<TransitionFunction> back(EaseMode mode, double overshoot = kBackOvershoot);
  static std::optional<TransitionFunction> elastic(EaseMode mode, double amplitude = kElasticAmplitude,
                                                   std::optional<double> period = std::nullopt);
  // GSAP 3's expo.in/out/inOut: in(p) = 2^(10(p - 1)) p + p^6 (1 - p), which
  // meets 0 at 0 (EaseInExpo, Penner's 2^(10(p - 1)), is snapped to 0 there);
  // the two differ by up to 3e-3. Printed "expo.in".
  static TransitionFunction expo(EaseMode mode);

  // Number of linear() stops (LinearPoints only, 0 otherwise).
  std::size_t stopCount() const;
  // The i-th linear() stop, i < stopCount().
  LinearStop stop(std::size_t i) const;
  // Physical seconds of a spring that t = 1 stands for (Spring only, 0 otherwise).
  double springSettleTime() const;

  // Equal when both serialise identically (Debug::toString at full
  // precision): `ease` and cubic-bezier(0.25, 0.1, 0.25, 1) evaluate alike
  // but are different values, as in CSS.
  bool operator==(const TransitionFunction& o) const;
};

// A spring settles once its distance to 1 stays below this fraction of the
// travel; that moment is t = 1 (docs/easing.md, "spring()").
inline constexpr double kSpringSettleThreshold = 1e-3;

// The numbers that scale an easing's output, cubic-bezier()'s y values and
// linear()'s outputs and inputs, lie within ±kEasingValueLimit: the
// factories and parseEasing refuse larger ones. Extrapolation past a curve's
// ends (cubic-bezier(), linear()) and a spring's overshoot stop at the same
// bound, so every finite input progress gives a finite output. (Browsers
// accept any finite number there; a curve a million times its travel has no
// use, and beyond it the arithmetic could overflow.)
inline constexpr double kEasingValueLimit = 1e6;

// steps(): a step index (input progress × steps) within this of a whole
// number counts as that number, so a step is taken at its instant. Progress
// is a quotient of time differences in double seconds, and those miss a
// decimal instant by an ulp: 250 ms into a 1 s transition that started at
// 0.325 s is (0.575 - 0.325) / 1 = 0.24999999999999994, and steps(4) would
// take its second step one frame late. Browsers count whole microseconds and
// never see that. The rounding error of a step index is about 1e-16 × steps;
// 1e-9 of one step is far above it and far below anything a frame can show.
inline constexpr double kStepBoundaryEpsilon = 1e-9;

// ---------------------------------------------------------------------------
// [SECTION] getRatio
// ---------------------------------------------------------------------------

// Output progress of `fn` at input progress t. t is normally in [0, 1] but may
// lie outside (linear() and cubic-bezier extrapolate as CSS Easing 2 says;
// steps follow the spec's algorithm; the named families and spring clamp t to
// [0, 1]). `before` is Web Animations' before flag: true in the before phase,
// where steps(…, jump-start|jump-both) give their lower value. No allocation;
// NaN in gives NaN out.
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
// without dashes: "easeinoutsine"), "spring(1, 100, 10, 0)" (commas or
// spaces; velocity may be left out), and GSAP 3's: "power2.inOut", "sine"
// (the family alone is .out), "back.out(3)", "elastic.in(1, 0.3)" (commas
// or spaces; the period may be left out). Keywords are ASCII case-insensitive;
// whitespace and /* comments */ are skipped as in CSS. On failure returns
// nullopt and, if `error` is given, writes why ("cubic-bezier() x1 must be
// in [0, 1], got 1.5").
std::optional<TransitionFunction> parseEasing(std::string_view text, std::string* error = nullptr);

namespace Debug {
// CSS serialisation as Chromium's getComputedStyle gives it: "ease",
// "cubic-bezier(0.5, -2, 0.5, 3)", "steps(4)", "steps(4, jump-start)",
// "steps(1, start)" (step-start), "linear(0 0%, 1 100%)"; library names as
// "ease-out-back", "spring(1, 100, 10, 0)"; GSAP's names without parameters
// as the family they equal ("power2.out" as "ease-out-cubic", power0 as
// "linear"), and with them in GSAP's spelling: "back.out(3)",
// "elastic.inOut(1, 0.45)", and GSAP's expo as "expo.out". Numbers have 6
// significant digits, but spring()'s and GSAP's parameters print in full,
// so that they parse back.
std::string toString(const TransitionFunction& fn);
}  // namespace Debug

}  // namespace zenit
