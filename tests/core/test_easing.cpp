// Easing evaluation: CSS Easing 2 functions, the named families and spring()
// (include/zenit/core/Easing.hpp). Parsing and serialisation are in
// test_easing_parse.cpp, the Chromium-recorded table in test_easing_conformance.cpp.
//
// [SECTION] Seed compatibility
// [SECTION] linear and cubic-bezier
// [SECTION] steps
// [SECTION] linear()
// [SECTION] Named families
// [SECTION] spring()
// [SECTION] Every kind: NaN input, presets as values, easeFnOf
// [SECTION] sharedEasing
#include <zenit/core/Easing.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numbers>
#include <vector>

#include "core/EaseEval.hpp"
#include "support/zenit_test.hpp"

using namespace zenit;
// zenit::test::Approx names Catch::Approx, which Catch2 v2 only has as
// Catch::Detail::Approx (its Catch::Approx is the vector matcher).
#if ZENIT_CATCH_MAJOR >= 3
using Catch::Approx;
#else
using Catch::Detail::Approx;
#endif

namespace {

// The cubic-bezier solve must land within this of the exact curve (the
// accuracy docs/easing.md promises).
constexpr double kExactCurveTolerance = 1e-7;

// Exact reference for a CSS cubic-bezier: bisection in long double on the
// Bernstein form, independent of the library's power form and Newton solve.
// Where the curve is vertical (dx/ds = 0) even long double cannot pin the
// parameter down, so the reference is the output range over inputs within
// the evaluation error of t; elsewhere that range is a single value.
struct OutputRange {
  double lo, hi;
};
OutputRange referenceBezier(double x1, double y1, double x2, double y2, double t) {
  const auto bern = [](long double p1, long double p2, long double s) {
    const long double u = 1.0L - s;
    return 3.0L * u * u * s * p1 + 3.0L * u * s * s * p2 + s * s * s;
  };
  using LD = long double;
  const LD lx1 = static_cast<LD>(x1), ly1 = static_cast<LD>(y1), lx2 = static_cast<LD>(x2),
           ly2 = static_cast<LD>(y2);
  const auto yAt = [&](long double target) {
    long double lo = 0.0L, hi = 1.0L;
    for (int i = 0; i < 72; ++i) {  // 2^-72 is below long double's resolution on [0, 1]
      const long double mid = (lo + hi) / 2.0L;
      (bern(lx1, lx2, mid) < target ? lo : hi) = mid;
    }
    return static_cast<double>(bern(ly1, ly2, (lo + hi) / 2.0L));
  };
  const long double evalError = 8.0L * std::numeric_limits<long double>::epsilon();
  const double a = yAt(static_cast<long double>(t) - evalError);
  const double b = yAt(static_cast<long double>(t) + evalError);
  return {std::min(a, b), std::max(a, b)};
}

TransitionFunction bezier(double x1, double y1, double x2, double y2) {
  const auto f = TransitionFunction::cubicBezier(x1, y1, x2, y2);
  REQUIRE(f.has_value());
  return *f;
}

TransitionFunction steps(int n, StepPosition pos) {
  const auto f = TransitionFunction::stepsOf(n, pos);
  REQUIRE(f.has_value());
  return *f;
}

TransitionFunction linearStops(std::vector<LinearStop> stops) {
  const auto f = TransitionFunction::linearOf(std::move(stops));
  REQUIRE(f.has_value());
  return *f;
}

std::vector<TransitionFunction> allFamilies() {
  return {
#define ZENIT_TEST_FAMILY(F) \
  TransitionFunction::EaseIn##F, TransitionFunction::EaseOut##F, TransitionFunction::EaseInOut##F,
      ZENIT_EASE_FAMILIES(ZENIT_TEST_FAMILY)
#undef ZENIT_TEST_FAMILY
  };
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Seed compatibility
// ---------------------------------------------------------------------------

TEST_CASE("Seed spelling compiles: Linear preset and float getRatio (seed §1.1)", "[core][easing]") {
  TransitionFunction ease = TransitionFunction::Linear;
  const float raw_t = 0.375f;
  float r = getRatio(raw_t, ease);
  CHECK(r == 0.375f);
  ease = TransitionFunction::EaseInOutSine;  // the seed's §9.1 example
  r = getRatio(0.25f, ease);
  CHECK(r == Approx(-(std::cos(std::numbers::pi * 0.25) - 1.0) / 2.0));
}

// ---------------------------------------------------------------------------
// [SECTION] linear and cubic-bezier
// ---------------------------------------------------------------------------

TEST_CASE("linear keyword is the identity, also outside [0, 1]", "[core][easing]") {
  for (double t : {-2.0, -0.1, 0.0, 0.3, 1.0, 1.7}) CHECK(getRatio(t, TransitionFunction::Linear) == t);
}

TEST_CASE("Keyword presets evaluate as their cubic-bezier() definitions (CSS Easing 2)", "[core][easing]") {
  struct Row {
    const TransitionFunction* preset;
    double x1, y1, x2, y2;
  };
  const Row rows[] = {{&TransitionFunction::Ease, 0.25, 0.1, 0.25, 1.0},
                      {&TransitionFunction::EaseIn, 0.42, 0.0, 1.0, 1.0},
                      {&TransitionFunction::EaseOut, 0.0, 0.0, 0.58, 1.0},
                      {&TransitionFunction::EaseInOut, 0.42, 0.0, 0.58, 1.0}};
  for (const Row& r : rows) {
    const TransitionFunction custom = bezier(r.x1, r.y1, r.x2, r.y2);
    for (double t = -0.5; t <= 1.5; t += 0.0625) CHECK(getRatio(t, *r.preset) == getRatio(t, custom));
    CHECK_FALSE(*r.preset == custom);  // same curve, different CSS value ("ease" vs cubic-bezier(…))
  }
}

TEST_CASE("cubic-bezier output is within 1e-7 of the exact curve", "[core][easing][bezier]") {
  const double curves[][4] = {
      {0.25, 0.1, 0.25, 1.0},
      {0.42, 0.0, 0.58, 1.0},
      {0.5, -2.0, 0.5, 3.0},
      {0.0, 1.0, 1.0, 0.0},
      {1.0, 0.0, 0.0, 1.0},
      {1.0, 1.0, 1.0, 1.0},
      {0.0, 0.0, 0.0, 0.0},
      {1.0, 0.0, 1.0, 0.0},
      {0.0, 0.0, 1.0, 1.0},
      {0.1, 5.0, 0.9, -4.0},
      {0.68, -0.6, 0.32, 1.6},
      {0.99, 0.01, 0.01, 0.99},
      // ease-in and ease-out: with ease and ease-in-out above, every curve whose Newton start comes
      // from a precomputed inverse table (Easing.cpp, tableStart).
      {0.42, 0.0, 1.0, 1.0},
      {0.0, 0.0, 0.58, 1.0},
  };
  std::vector<double> ts;
  for (int i = 1; i < 1000; ++i) ts.push_back(i / 1000.0);
  for (double t : {1e-12, 1e-9, 1e-6, 1e-4, 1.0 - 1e-4, 1.0 - 1e-6, 1.0 - 1e-9, 1.0 - 1e-12}) ts.push_back(t);
  for (const auto& c : curves) {
    const TransitionFunction f = bezier(c[0], c[1], c[2], c[3]);
    double worst = 0.0;
    for (double t : ts) {
      const OutputRange ref = referenceBezier(c[0], c[1], c[2], c[3], t);
      const double v = getRatio(t, f);
      worst = std::max(worst, v < ref.lo ? ref.lo - v : (v > ref.hi ? v - ref.hi : 0.0));
    }
    INFO("cubic-bezier(" << c[0] << ", " << c[1] << ", " << c[2] << ", " << c[3] << ")");
    CHECK(worst <= kExactCurveTolerance);
  }
}

// `ease` and `ease-in-out` are cubic fits of y(x) between 513 samples,
// promised within 1e-10 of the exact curve (docs/easing.md). `ease-in` and
// `ease-out` start Newton from a table: their parameter must still be the
// root to 1e-14, so the output is within |dy/ds| * 1e-14 of the exact curve
// (|dy/ds| <= 3 for these) plus the rounding of y's sum.
TEST_CASE("keyword curves: ease and ease-in-out within 1e-10, ease-in and ease-out solved to 1e-14",
          "[core][easing][bezier]") {
  const struct {
    const TransitionFunction* f;
    double tolerance;
  } presets[] = {{&TransitionFunction::Ease, 1e-10},
                 {&TransitionFunction::EaseIn, 3e-14 + 4e-16},
                 {&TransitionFunction::EaseOut, 3e-14 + 4e-16},
                 {&TransitionFunction::EaseInOut, 1e-10}};
  for (const auto& [f, tolerance] : presets) {
    double worst = 0.0;
    for (int i = 1; i < 20000; ++i) {
      const double t = i / 20000.0 + 1.3e-6;  // off the tables' sample points
      if (t >= 1.0) break;
      const OutputRange ref = referenceBezier(f->p[0], f->p[1], f->p[2], f->p[3], t);
      const double v = getRatio(t, *f);
      worst = std::max(worst, v < ref.lo ? ref.lo - v : (v > ref.hi ? v - ref.hi : 0.0));
    }
    INFO("cubic-bezier(" << f->p[0] << ", " << f->p[1] << ", " << f->p[2] << ", " << f->p[3] << ")");
    CHECK(worst <= tolerance);
  }
}

// The fit belongs to the curve, not to the evaluator resolved for it: the
// same curve spelt out gives the same bits, and a curve that only shares
// `ease`'s x1 and x2 (or an easing replaced after its evaluator was
// resolved) is solved, not read from the fit.
TEST_CASE("keyword curves: the fit is the curve's, whatever evaluator or spelling reaches it",
          "[core][easing][bezier]") {
  const TransitionFunction spelt = *TransitionFunction::cubicBezier(0.25, 0.1, 0.25, 1.0);
  const TransitionFunction sharesX = *TransitionFunction::cubicBezier(0.25, 0.5, 0.25, 0.9);
  const EaseFn easeFn = easeFnOf(TransitionFunction::Ease);
  REQUIRE(easeFnOf(spelt) == easeFn);
  REQUIRE(easeFnOf(sharesX) == easeFn);  // chosen by x1 and x2
  for (int i = 1; i < 1000; ++i) {
    const double t = i / 1000.0;
    INFO("t " << t);
    CHECK(std::bit_cast<std::uint64_t>(getRatio(t, spelt)) ==
          std::bit_cast<std::uint64_t>(getRatio(t, TransitionFunction::Ease)));
    CHECK(std::bit_cast<std::uint64_t>(easeFn(t, spelt, false)) ==
          std::bit_cast<std::uint64_t>(getRatio(t, TransitionFunction::Ease)));
    // The other curve, through the same evaluator: its own values, as getRatio solves them.
    const double other = easeFn(t, sharesX, false);
    CHECK(std::bit_cast<std::uint64_t>(other) == std::bit_cast<std::uint64_t>(getRatio(t, sharesX)));
    const OutputRange ref = referenceBezier(0.25, 0.5, 0.25, 0.9, t);
    CHECK(other >= ref.lo - 3e-14);
    CHECK(other <= ref.hi + 3e-14);
  }
}

TEST_CASE("cubic-bezier hits its end points exactly and is monotonic when y stays in [0, 1]",
          "[core][easing][bezier]") {
  const double curves[][4] = {
      {0.25, 0.1, 0.25, 1.0}, {0.0, 1.0, 1.0, 0.0}, {1.0, 0.0, 0.0, 1.0}, {0.3, 0.0, 0.7, 1.0}};
  for (const auto& c : curves) {
    const TransitionFunction f = bezier(c[0], c[1], c[2], c[3]);
    CHECK(getRatio(0.0, f) == 0.0);
    CHECK(getRatio(1.0, f) == 1.0);
    double prev = 0.0;
    for (int i = 1; i <= 4000; ++i) {
      const double v = getRatio(i / 4000.0, f);
      CHECK(v >= prev);
      prev = v;
    }
  }
}

TEST_CASE("cubic-bezier extrapolates along the end tangents (CSS Easing 2 cubic-bezier-algo)",
          "[core][easing][bezier]") {
  // t < 0: the P0-P1 line when x1 > 0, else P0-P2 when x2 > 0, else flat 0.
  CHECK(getRatio(-0.5, bezier(0.5, -2.0, 0.5, 3.0)) == Approx(-2.0 / 0.5 * -0.5));
  CHECK(getRatio(-0.5, bezier(0.0, 0.7, 0.4, 0.8)) == Approx(0.8 / 0.4 * -0.5));
  CHECK(getRatio(-0.5, bezier(0.0, 0.7, 0.0, 0.8)) == 0.0);
  // t > 1: the P2-P3 line when x2 < 1, else P1-P3 when x1 < 1, else flat 1.
  CHECK(getRatio(1.5, bezier(0.5, -2.0, 0.5, 3.0)) == Approx(1.0 + (3.0 - 1.0) / (0.5 - 1.0) * 0.5));
  CHECK(getRatio(1.5, bezier(0.6, 0.2, 1.0, 0.3)) == Approx(1.0 + (0.2 - 1.0) / (0.6 - 1.0) * 0.5));
  CHECK(getRatio(1.5, bezier(1.0, 0.2, 1.0, 0.3)) == 1.0);
  // ease-out starts with a vertical-free tangent: slope y1/x1 is 0/0, so x2 decides.
  CHECK(getRatio(-1.0, TransitionFunction::EaseOut) == Approx(-1.0 / 0.58));
}

TEST_CASE("cubicBezier factory rejects x outside [0, 1] and non-finite numbers, y is free",
          "[core][easing][bezier]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(TransitionFunction::cubicBezier(-0.01, 0, 1, 1));
  CHECK_FALSE(TransitionFunction::cubicBezier(0, 0, 1.01, 1));
  CHECK_FALSE(TransitionFunction::cubicBezier(nan, 0, 1, 1));
  CHECK_FALSE(TransitionFunction::cubicBezier(0, inf, 1, 1));
  CHECK_FALSE(TransitionFunction::cubicBezier(0, 0, 1, -inf));
  CHECK(TransitionFunction::cubicBezier(0, -100, 1, 100));
  CHECK(TransitionFunction::cubicBezier(1, 0, 0, 1));
}

// ---------------------------------------------------------------------------
// [SECTION] steps
// ---------------------------------------------------------------------------

TEST_CASE("steps() outputs for each step position (CSS Easing 2 step-easing-algo)", "[core][easing][steps]") {
  struct Row {
    int n;
    StepPosition pos;
    std::vector<double> atMidpoints;  // output in the middle of each of the n intervals
  };
  const Row rows[] = {
      {4, StepPosition::JumpEnd, {0.0, 0.25, 0.5, 0.75}},
      {4, StepPosition::JumpStart, {0.25, 0.5, 0.75, 1.0}},
      {5, StepPosition::JumpNone, {0.0, 0.25, 0.5, 0.75, 1.0}},
      {3, StepPosition::JumpBoth, {0.25, 0.5, 0.75}},
  };
  for (const Row& r : rows) {
    const TransitionFunction f = steps(r.n, r.pos);
    for (int i = 0; i < r.n; ++i)
      CHECK(getRatio((i + 0.5) / r.n, f) == Approx(r.atMidpoints[static_cast<std::size_t>(i)]));
    CHECK(getRatio(1.0, f) == 1.0);
  }
  // The jump lands exactly on the step boundary.
  const TransitionFunction f = steps(4, StepPosition::JumpEnd);
  CHECK(getRatio(0.2499999, f) == 0.0);
  CHECK(getRatio(0.25, f) == 0.25);
  CHECK(getRatio(0.0, steps(3, StepPosition::JumpBoth)) == Approx(0.25));
  CHECK(getRatio(0.0, steps(3, StepPosition::JumpStart)) == Approx(1.0 / 3.0));
}

TEST_CASE("steps() before flag takes the lower value on a boundary (Web Animations before flag)",
          "[core][easing][steps]") {
  // step-start / jump-start: 1 at t = 0 in the active phase, 0 in the before phase.
  CHECK(getRatio(0.0, TransitionFunction::StepStart) == 1.0);
  CHECK(getRatio(0.0, TransitionFunction::StepStart, true) == 0.0);
  CHECK(getRatio(0.0, steps(1, StepPosition::JumpBoth)) == 0.5);
  CHECK(getRatio(0.0, steps(1, StepPosition::JumpBoth), true) == 0.0);
  CHECK(getRatio(0.0, steps(4, StepPosition::JumpEnd), true) == 0.0);
  // Off a boundary the flag changes nothing; on an inner boundary it drops one step.
  CHECK(getRatio(0.3, steps(2, StepPosition::JumpStart), true) == 0.5);
  CHECK(getRatio(0.5, steps(2, StepPosition::JumpStart), false) == 1.0);
  CHECK(getRatio(0.5, steps(2, StepPosition::JumpStart), true) == 0.5);
  // The float overload forwards the flag.
  CHECK(getRatio(0.0f, TransitionFunction::StepStart, true) == 0.0f);
}

TEST_CASE("steps() takes a step whose input lands an ulp short of the boundary (kStepBoundaryEpsilon)",
          "[core][easing][steps]") {
  // 250 ms into a 1 s interval that started at 0.325 s: the quotient of the
  // two double instants is one ulp short of 0.25.
  const double quarter = (0.575 - 0.325) / 1.0;
  REQUIRE(quarter < 0.25);
  CHECK(getRatio(quarter, steps(4, StepPosition::JumpStart)) == 0.5);
  CHECK(getRatio(quarter, steps(4, StepPosition::JumpEnd)) == 0.25);
  const double threeQuarters = 1.001 - 0.251;  // 0.7499999999999999
  REQUIRE(threeQuarters < 0.75);
  CHECK(getRatio(threeQuarters, steps(4, StepPosition::JumpEnd)) == 0.75);
  // The before flag sees the snapped boundary too.
  CHECK(getRatio(quarter, steps(4, StepPosition::JumpStart), true) == 0.25);
  // A real distance before a boundary is not snapped: 1e-7 of a step.
  CHECK(getRatio(0.25 - 1e-7 / 4.0, steps(4, StepPosition::JumpEnd)) == 0.0);
  // Just past a boundary stays past it.
  CHECK(getRatio(0.25 + 1e-16, steps(4, StepPosition::JumpEnd)) == 0.25);
}

TEST_CASE("steps() outside [0, 1] follows the spec, without clamping", "[core][easing][steps]") {
  const TransitionFunction f = steps(4, StepPosition::JumpEnd);
  CHECK(getRatio(-0.5, f) == -0.5);  // floor(-2) / 4; step 4 only clamps t >= 0
  CHECK(getRatio(1.5, f) == 1.5);    // step 6 only clamps t <= 1
  CHECK(getRatio(-0.25, steps(4, StepPosition::JumpStart), true) == -0.25);
}

TEST_CASE("stepsOf rejects fewer than one step, and one step with jump-none", "[core][easing][steps]") {
  CHECK_FALSE(TransitionFunction::stepsOf(0));
  CHECK_FALSE(TransitionFunction::stepsOf(-3, StepPosition::JumpStart));
  CHECK_FALSE(TransitionFunction::stepsOf(1, StepPosition::JumpNone));
  CHECK(TransitionFunction::stepsOf(2, StepPosition::JumpNone));
  CHECK(TransitionFunction::StepEnd == steps(1, StepPosition::JumpEnd));
}

// ---------------------------------------------------------------------------
// [SECTION] linear()
// ---------------------------------------------------------------------------

TEST_CASE("linear() interpolates between stops and extrapolates from the outer segments",
          "[core][easing][linear]") {
  const TransitionFunction f = linearStops({{0.0, 0.0}, {1.2, 0.4}, {0.9, 0.7}, {1.0, 1.0}});
  CHECK(getRatio(0.2, f) == Approx(0.6));
  CHECK(getRatio(0.4, f) == Approx(1.2));
  CHECK(getRatio(0.55, f) == Approx(1.05));
  CHECK(getRatio(0.85, f) == Approx(0.95));
  CHECK(getRatio(-0.1, f) == Approx(-0.3));  // first segment's slope 3
  CHECK(getRatio(1.3, f) == Approx(1.1));    // last segment's slope 1/3
  const TransitionFunction two = linearStops({{0.0, -0.2}, {1.0, 1.2}});
  CHECK(getRatio(0.0, two) == Approx(0.2 / 1.4));
  CHECK(getRatio(2.6, two) == Approx(2.0));
}

TEST_CASE("linear() vertical segments give their upper stop (CSS Easing 2 linear output step 6)",
          "[core][easing][linear]") {
  const TransitionFunction jump = linearStops({{0.0, 0.0}, {0.0, 0.5}, {1.0, 0.5}, {1.0, 1.0}});
  CHECK(getRatio(0.49, jump) == 0.0);
  CHECK(getRatio(0.5, jump) == 1.0);
  // Every stop at one input: the pair is vertical whatever t is.
  const TransitionFunction flat = linearStops({{0.0, 0.5}, {1.0, 0.5}});
  CHECK(getRatio(0.2, flat) == 1.0);
  CHECK(getRatio(0.8, flat) == 1.0);
}

TEST_CASE("linear() with many stops finds the segment by search", "[core][easing][linear]") {
  std::vector<LinearStop> stops;
  for (int i = 0; i <= 200; ++i) stops.push_back({std::sin(i * 0.1), i / 200.0});
  const TransitionFunction f = linearStops(stops);
  for (int i = 0; i < 200; ++i) {
    const double t = (i + 0.25) / 200.0;
    const double expected =
        stops[static_cast<std::size_t>(i)].output +
        0.25 * (stops[static_cast<std::size_t>(i) + 1].output - stops[static_cast<std::size_t>(i)].output);
    CHECK(getRatio(t, f) == Approx(expected).margin(1e-12));
  }
}

TEST_CASE("linearOf keeps two stops inline and rejects short, decreasing or non-finite lists",
          "[core][easing][linear]") {
  const TransitionFunction two = linearStops({{0.0, 0.0}, {1.0, 1.0}});
  CHECK(two.points == nullptr);
  CHECK(two.stopCount() == 2);
  CHECK(two.stop(1) == LinearStop{1.0, 1.0});
  const TransitionFunction three = linearStops({{0.0, 0.0}, {0.5, 0.5}, {1.0, 1.0}});
  CHECK(three.points != nullptr);
  CHECK(three.stopCount() == 3);
  CHECK_FALSE(TransitionFunction::linearOf({{0.5, 0.0}}));
  CHECK_FALSE(TransitionFunction::linearOf({{0.0, 0.6}, {1.0, 0.5}}));
  CHECK_FALSE(TransitionFunction::linearOf({{0.0, 0.0}, {std::numeric_limits<double>::infinity(), 1.0}}));
  CHECK_FALSE(TransitionFunction::linearOf({{0.0, std::numeric_limits<double>::quiet_NaN()}, {1.0, 1.0}}));
  // Equality looks at the stops, not where they are stored.
  CHECK(three == linearStops({{0.0, 0.0}, {0.5, 0.5}, {1.0, 1.0}}));
  CHECK_FALSE(three == linearStops({{0.0, 0.0}, {0.5, 0.4}, {1.0, 1.0}}));
}

// ---------------------------------------------------------------------------
// [SECTION] Named families
// ---------------------------------------------------------------------------

TEST_CASE("Named families start at exactly 0, end at exactly 1 and hold their ends outside [0, 1]",
          "[core][easing][family]") {
  for (const TransitionFunction& f : allFamilies()) {
    INFO(static_cast<int>(f.kind));
    CHECK(getRatio(0.0, f) == 0.0);
    CHECK(getRatio(1.0, f) == 1.0);
    CHECK(getRatio(-0.5, f) == 0.0);
    CHECK(getRatio(1.5, f) == 1.0);
  }
}

TEST_CASE("Named families: ease-out mirrors ease-in and ease-in-out is point-symmetric",
          "[core][easing][family]") {
  const auto fams = allFamilies();
  for (std::size_t i = 0; i < fams.size(); i += 3) {
    const TransitionFunction &in = fams[i], &out = fams[i + 1], &inOut = fams[i + 2];
    INFO(static_cast<int>(in.kind));
    CHECK(getRatio(0.5, inOut) == Approx(0.5));
    for (double t = 0.03; t < 1.0; t += 0.0625) {
      CHECK(getRatio(t, out) == Approx(1.0 - getRatio(1.0 - t, in)).margin(1e-12));
      CHECK(getRatio(t, inOut) + getRatio(1.0 - t, inOut) == Approx(1.0).margin(1e-12));
    }
  }
}

TEST_CASE("Named families match their textbook formulas", "[core][easing][family]") {
  // Closed forms written out per mode, independently of the library's
  // reflection of one ease-in curve.
  const double pi = std::numbers::pi;
  const double c1 = 1.70158, c2 = c1 * 1.525, c3 = c1 + 1.0, c4 = 2.0 * pi / 3.0, c5 = 2.0 * pi / 4.5;
  const auto outBounce = [](double x) {
    const double n1 = 7.5625, d1 = 2.75;
    if (x < 1.0 / d1) return n1 * x * x;
    if (x < 2.0 / d1) return n1 * (x - 1.5 / d1) * (x - 1.5 / d1) + 0.75;
    if (x < 2.5 / d1) return n1 * (x - 2.25 / d1) * (x - 2.25 / d1) + 0.9375;
    return n1 * (x - 2.625 / d1) * (x - 2.625 / d1) + 0.984375;
  };
  for (double x = 0.01; x < 1.0; x += 0.0137) {
    INFO("t = " << x);
    CHECK(getRatio(x, TransitionFunction::EaseInSine) == Approx(1.0 - std::cos(x * pi / 2.0)));
    CHECK(getRatio(x, TransitionFunction::EaseOutSine) == Approx(std::sin(x * pi / 2.0)));
    CHECK(getRatio(x, TransitionFunction::EaseInOutSine) == Approx(-(std::cos(pi * x) - 1.0) / 2.0));
    CHECK(getRatio(x, TransitionFunction::EaseInQuad) == Approx(x * x));
    CHECK(getRatio(x, TransitionFunction::EaseOutCubic) == Approx(1.0 - std::pow(1.0 - x, 3.0)));
    CHECK(getRatio(x, TransitionFunction::EaseInOutQuart) ==
          Approx(x < 0.5 ? 8.0 * std::pow(x, 4.0) : 1.0 - std::pow(-2.0 * x + 2.0, 4.0) / 2.0));
    CHECK(getRatio(x, TransitionFunction::EaseInQuint) == Approx(std::pow(x, 5.0)));
    CHECK(getRatio(x, TransitionFunction::EaseOutExpo) == Approx(1.0 - std::pow(2.0, -10.0 * x)));
    CHECK(getRatio(x, TransitionFunction::EaseInOutExpo) ==
          Approx(x < 0.5 ? std::pow(2.0, 20.0 * x - 10.0) / 2.0
                         : (2.0 - std::pow(2.0, -20.0 * x + 10.0)) / 2.0));
    CHECK(getRatio(x, TransitionFunction::EaseOutCirc) == Approx(std::sqrt(1.0 - std::pow(x - 1.0, 2.0))));
    CHECK(getRatio(x, TransitionFunction::EaseInBack) == Approx(c3 * x * x * x - c1 * x * x).margin(1e-12));
    CHECK(getRatio(x, TransitionFunction::EaseInOutBack) ==
          Approx(x < 0.5 ? (std::pow(2.0 * x, 2.0) * ((c2 + 1.0) * 2.0 * x - c2)) / 2.0
                         : (std::pow(2.0 * x - 2.0, 2.0) * ((c2 + 1.0) * (x * 2.0 - 2.0) + c2) + 2.0) / 2.0)
              .margin(1e-12));
    CHECK(getRatio(x, TransitionFunction::EaseOutElastic) ==
          Approx(std::pow(2.0, -10.0 * x) * std::sin((x * 10.0 - 0.75) * c4) + 1.0));
    CHECK(getRatio(x, TransitionFunction::EaseInOutElastic) ==
          Approx(x < 0.5 ? -(std::pow(2.0, 20.0 * x - 10.0) * std::sin((20.0 * x - 11.125) * c5)) / 2.0
                         : (std::pow(2.0, -20.0 * x + 10.0) * std::sin((20.0 * x - 11.125) * c5)) / 2.0 + 1.0)
              .margin(1e-12));
    CHECK(getRatio(x, TransitionFunction::EaseOutBounce) == Approx(outBounce(x)));
    CHECK(getRatio(x, TransitionFunction::EaseInOutBounce) ==
          Approx(x < 0.5 ? (1.0 - outBounce(1.0 - 2.0 * x)) / 2.0 : (1.0 + outBounce(2.0 * x - 1.0)) / 2.0));
  }
}

TEST_CASE("ease-out-back overshoots 1 and ease-in-back dips below 0 (seed §2.5)", "[core][easing][family]") {
  // ease-in-back's minimum is at t = 2c / (3(c + 1)), c = 1.70158: about -0.1.
  const double c = 1.70158, tMin = 2.0 * c / (3.0 * (c + 1.0));
  CHECK(getRatio(tMin, TransitionFunction::EaseInBack) == Approx(tMin * tMin * ((c + 1.0) * tMin - c)));
  CHECK(getRatio(tMin, TransitionFunction::EaseInBack) < -0.09);
  CHECK(getRatio(1.0 - tMin, TransitionFunction::EaseOutBack) > 1.09);
}

TEST_CASE("Smooth named families are monotonic; back, elastic and bounce are not", "[core][easing][family]") {
  const TransitionFunction monotone[] = {
      TransitionFunction::EaseInSine,  TransitionFunction::EaseOutQuad,   TransitionFunction::EaseInOutCubic,
      TransitionFunction::EaseInQuart, TransitionFunction::EaseOutQuint,  TransitionFunction::EaseInOutExpo,
      TransitionFunction::EaseInCirc,  TransitionFunction::EaseInOutCirc, TransitionFunction::EaseOutExpo};
  for (const TransitionFunction& f : monotone) {
    double prev = 0.0;
    for (int i = 1; i <= 1000; ++i) {
      const double v = getRatio(i / 1000.0, f);
      CHECK(v >= prev);
      prev = v;
    }
  }
  const auto hasDecrease = [](const TransitionFunction& f) {
    for (int i = 1; i <= 1000; ++i)
      if (getRatio(i / 1000.0, f) < getRatio((i - 1) / 1000.0, f)) return true;
    return false;
  };
  CHECK(hasDecrease(TransitionFunction::EaseOutBack));
  CHECK(hasDecrease(TransitionFunction::EaseInElastic));
  CHECK(hasDecrease(TransitionFunction::EaseOutBounce));
}

// ---------------------------------------------------------------------------
// [SECTION] spring()
// ---------------------------------------------------------------------------

namespace {

// Displacement from the target, y = x - 1, of m y'' + c y' + k y = 0 with
// y(0) = -1, y'(0) = v0, integrated with RK4 in physical time: an
// independent check of the closed forms.
std::vector<double> integrateSpring(double m, double k, double c, double v0, double T, int n) {
  std::vector<double> ys{-1.0};
  // n steps keep RK4 stable and accurate only if h * (fastest rate) stays
  // small; callers pass n >= stepsFor(...).
  double y = -1.0, v = v0;
  const double h = T / n;
  const auto acc = [&](double yy, double vv) { return (-k * yy - c * vv) / m; };
  for (int i = 0; i < n; ++i) {
    const double k1y = v, k1v = acc(y, v);
    const double k2y = v + h / 2 * k1v, k2v = acc(y + h / 2 * k1y, v + h / 2 * k1v);
    const double k3y = v + h / 2 * k2v, k3v = acc(y + h / 2 * k2y, v + h / 2 * k2v);
    const double k4y = v + h * k3v, k4v = acc(y + h * k3y, v + h * k3v);
    y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y);
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    ys.push_back(y);
  }
  return ys;
}

// RK4 steps for span T: at least `base`, and h <= 0.1 / fastest rate
// (the fast rate is below c/m + sqrt(k/m)).
int stepsFor(double m, double k, double c, double T, int base) {
  const double fast = c / m + std::sqrt(k / m);
  return std::max(base, static_cast<int>(std::ceil(T * fast / 0.1)));
}

struct SpringCase {
  double m, k, c, v0;
  const char* regime;
};
const SpringCase kSprings[] = {
    {1.0, 100.0, 10.0, 0.0, "under-damped"},
    {1.0, 100.0, 2.0, 0.0, "lightly damped"},
    {1.0, 100.0, 10.0, -40.0, "under, pulled back"},
    {1.0, 100.0, 20.0, 0.0, "critical"},
    {2.0, 50.0, 20.0, 15.0, "critical, pushed"},
    {1.0, 100.0, 20.0000001, 0.0, "just over critical"},
    {1.0, 100.0, 19.9999999, 0.0, "just under critical"},
    {1.0, 100.0, 60.0, 0.0, "over-damped"},
    {1.0, 10.0, 100.0, 0.0, "heavily over-damped"},
    {1.0, 100.0, 60.0, 30.0, "over, pushed"},
};

}  // namespace

TEST_CASE("spring() follows the damped oscillator in every regime", "[core][easing][spring]") {
  for (const SpringCase& s : kSprings) {
    INFO(s.regime);
    const auto f = TransitionFunction::spring(s.m, s.k, s.c, s.v0);
    REQUIRE(f.has_value());
    const double T = f->springSettleTime();
    REQUIRE(T > 0.0);
    const int n = stepsFor(s.m, s.k, s.c, T, 20000);
    const auto ys = integrateSpring(s.m, s.k, s.c, s.v0, T, n);
    const double residual = ys.back();
    CHECK(std::fabs(residual) <= kSpringSettleThreshold);
    // t maps to physical time t * T; the residual at T is ramped out linearly.
    for (int i = 1; i < n; i += n / 200 + 1) {
      const double t = static_cast<double>(i) / n;
      CHECK(getRatio(t, *f) == Approx(1.0 + ys[static_cast<std::size_t>(i)] - t * residual).margin(1e-7));
    }
  }
}

TEST_CASE("spring() t = 1 is when it settles within the threshold, and not much later",
          "[core][easing][spring]") {
  for (const SpringCase& s : kSprings) {
    INFO(s.regime);
    const auto f = TransitionFunction::spring(s.m, s.k, s.c, s.v0);
    REQUIRE(f.has_value());
    const double T = f->springSettleTime();
    const int n = stepsFor(s.m, s.k, s.c, 4.0 * T, 40000);
    const auto ys = integrateSpring(s.m, s.k, s.c, s.v0, 4.0 * T, n);  // to 4 T
    double lastOutside = 0.0;
    for (int i = 0; i <= n; ++i)
      if (std::fabs(ys[static_cast<std::size_t>(i)]) > kSpringSettleThreshold) lastOutside = 4.0 * T * i / n;
    CHECK(lastOutside <= T);        // never leaves the band after T
    CHECK(lastOutside >= 0.5 * T);  // the bound is not wildly late
  }
}

TEST_CASE("spring() ends exactly at 0 and 1, is continuous at 1 and at rest outside [0, 1]",
          "[core][easing][spring]") {
  for (const SpringCase& s : kSprings) {
    const auto f = TransitionFunction::spring(s.m, s.k, s.c, s.v0);
    REQUIRE(f.has_value());
    CHECK(getRatio(0.0, *f) == 0.0);
    CHECK(getRatio(1.0, *f) == 1.0);
    CHECK(getRatio(1.0 - 1e-9, *f) == Approx(1.0).margin(1e-6));
    CHECK(getRatio(1e-9, *f) == Approx(0.0).margin(1e-6));
    CHECK(getRatio(-1.0, *f) == 0.0);
    CHECK(getRatio(2.0, *f) == 1.0);
  }
}

TEST_CASE("spring() overshoots when under-damped and creeps when over-damped", "[core][easing][spring]") {
  const auto under = TransitionFunction::spring(1.0, 100.0, 5.0);
  const auto over = TransitionFunction::spring(1.0, 100.0, 60.0);
  REQUIRE(under);
  REQUIRE(over);
  double peak = 0.0, prev = 0.0;
  bool monotone = true;
  for (int i = 0; i <= 2000; ++i) {
    peak = std::max(peak, getRatio(i / 2000.0, *under));
    const double v = getRatio(i / 2000.0, *over);
    monotone = monotone && v >= prev;
    prev = v;
  }
  // zeta = 0.25: the first overshoot is exp(-pi zeta / sqrt(1 - zeta^2)) above 1.
  CHECK(peak == Approx(1.0 + std::exp(-std::numbers::pi * 0.25 / std::sqrt(1.0 - 0.0625))).margin(1e-3));
  CHECK(monotone);
}

TEST_CASE("spring factory rejects non-positive mass, stiffness, damping and non-finite numbers",
          "[core][easing][spring]") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_FALSE(TransitionFunction::spring(0.0, 100.0, 10.0));
  CHECK_FALSE(TransitionFunction::spring(1.0, -1.0, 10.0));
  CHECK_FALSE(TransitionFunction::spring(1.0, 100.0, 0.0));  // undamped: never settles
  CHECK_FALSE(TransitionFunction::spring(1.0, 100.0, 10.0, inf));
  CHECK_FALSE(TransitionFunction::spring(std::numeric_limits<double>::quiet_NaN(), 100.0, 10.0));
  CHECK_FALSE(TransitionFunction::spring(1e-300, 1e300, 1.0));  // rates leave double range
  CHECK(TransitionFunction::spring(1.0, 100.0, 10.0, -1000.0));
  CHECK(TransitionFunction::spring(1.0, 100.0, 10.0).value().springSettleTime() > 0.0);
  CHECK(TransitionFunction::Linear.springSettleTime() == 0.0);
}

// ---------------------------------------------------------------------------
// [SECTION] Every kind
// ---------------------------------------------------------------------------

TEST_CASE("an easing's output stays within kEasingValueLimit for every finite progress (fuzz reproducer)",
          "[core][easing]") {
  // fuzz/corpus/easing/crash-11ad…: accepted, then a finite progress gave
  // infinity. Numbers beyond the limit are refused now, with a reason.
  std::string why;
  CHECK_FALSE(parseEasing("linear(0,5E306)", &why));
  CHECK(why == "linear() output 5e+306 is too large: an easing's values lie within \u00b11000000");
  CHECK_FALSE(parseEasing("linear(0, 1 1e9%)", &why));
  CHECK(why == "linear() position 1e+09% is too large: an easing's values lie within \u00b1100000000%");
  CHECK_FALSE(parseEasing("cubic-bezier(0.5, -2e6, 0.5, 1)", &why));
  CHECK(why == "cubic-bezier() y1 -2e+06 is too large: an easing's values lie within \u00b11000000");
  CHECK_FALSE(TransitionFunction::cubicBezier(0.2, 0.0, 0.8, 1e300));
  CHECK_FALSE(TransitionFunction::linearOf({{0.0, 0.0}, {5e306, 1.0}}));
  CHECK(TransitionFunction::linearOf({{0.0, 0.0}, {kEasingValueLimit, 1.0}}));

  // At the limit, extrapolation stops there; between the ends nothing changes.
  const TransitionFunction steep = *parseEasing("linear(0, 1000000)");
  CHECK(getRatio(0.5, steep) == 500000.0);
  CHECK(getRatio(2.0, steep) == kEasingValueLimit);
  CHECK(getRatio(1e300, steep) == kEasingValueLimit);
  CHECK(getRatio(-1e300, steep) == -kEasingValueLimit);
  const TransitionFunction bezier = *TransitionFunction::cubicBezier(1e-300, 1e6, 0.5, 1.0);
  CHECK(getRatio(-1.0, bezier) == -kEasingValueLimit);  // slope 1e306, clamped
  CHECK(getRatio(2.0, bezier) == 1.0);                  // flat after the end

  // A spring whose overshoot would pass the limit is clamped too.
  const TransitionFunction kick = *TransitionFunction::spring(1.0, 1.0, 1.0, 1e12);
  double peak = 0.0;
  for (int i = 0; i <= 1000; ++i) peak = std::max(peak, std::fabs(getRatio(i / 1000.0, kick)));
  CHECK(peak == kEasingValueLimit);

  for (const char* text : {"linear(0, 1000000)", "linear(-1000000 0%, 1000000 0.0001%, 0 100%)",
                           "cubic-bezier(0, 1000000, 1, -1000000)", "cubic-bezier(1, 1000000, 0, -1000000)",
                           "spring(1, 1, 1, 1000000)"}) {
    CAPTURE(text);
    const TransitionFunction fn = *parseEasing(text);
    for (double t : {-1e308, -1e6, -1.0, 0.0, 0.3, 1.0, 1.5, 1e6, 1e308}) {
      const double r = getRatio(t, fn);
      CHECK(std::isfinite(r));
      CHECK(std::fabs(r) <= kEasingValueLimit);
    }
  }
}

TEST_CASE("getRatio returns NaN for NaN input and never NaN for infinite input", "[core][easing]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<TransitionFunction> all = allFamilies();
  all.push_back(TransitionFunction::Linear);
  all.push_back(TransitionFunction::Ease);
  all.push_back(bezier(0.5, -2.0, 0.5, 3.0));
  all.push_back(steps(3, StepPosition::JumpBoth));
  all.push_back(linearStops({{0.0, 0.0}, {0.3, 0.5}, {1.0, 1.0}}));
  all.push_back(TransitionFunction::spring(1.0, 100.0, 10.0).value());
  for (const TransitionFunction& f : all) {
    CHECK(std::isnan(getRatio(nan, f)));
    CHECK_FALSE(std::isnan(getRatio(inf, f, true)));
    CHECK_FALSE(std::isnan(getRatio(-inf, f)));
  }
}

TEST_CASE("Presets are plain values: copies compare equal, kinds differ", "[core][easing]") {
  const TransitionFunction copy = TransitionFunction::EaseOutBack;
  CHECK(copy == TransitionFunction::EaseOutBack);
  CHECK_FALSE(copy == TransitionFunction::EaseInBack);
  CHECK_FALSE(TransitionFunction::Linear == linearStops({{0.0, 0.0}, {1.0, 1.0}}));
  CHECK_FALSE(TransitionFunction::StepStart == steps(1, StepPosition::JumpStart));  // "start" vs "jump-start"
  CHECK(TransitionFunction::spring(1, 100, 10).value() == TransitionFunction::spring(1, 100, 10, 0).value());
  CHECK_FALSE(TransitionFunction::spring(1, 100, 10).value() ==
              TransitionFunction::spring(2, 200, 20).value());
}

TEST_CASE("easeFnOf: the specialised evaluator equals getRatio bit for bit for every kind",
          "[core][easing][fast]") {
  std::vector<TransitionFunction> fns = {
      TransitionFunction::Linear,        TransitionFunction::Ease,          TransitionFunction::EaseIn,
      TransitionFunction::EaseOut,       TransitionFunction::EaseInOut,     TransitionFunction::EaseOutCubic,
      TransitionFunction::EaseInOutBack, TransitionFunction::EaseOutBounce, TransitionFunction::EaseInElastic,
      TransitionFunction::StepStart,     TransitionFunction::StepEnd};
  fns.push_back(*TransitionFunction::cubicBezier(0.1, -0.6, 0.2, 1.8));
  // A keyword curve's x1 and x2 under other y: its table's evaluator.
  fns.push_back(*TransitionFunction::cubicBezier(0.42, -0.3, 0.58, 1.4));
  fns.push_back(*TransitionFunction::stepsOf(3, StepPosition::JumpBoth));
  fns.push_back(*TransitionFunction::spring(1.0, 100.0, 10.0, 0.0));
  fns.push_back(*TransitionFunction::linearOf({{0.0, 0.0}, {0.7, 0.3}, {1.0, 1.0}}));
  const double ts[] = {-0.5, 0.0, 1e-9, 0.1, 0.25, 0.5, 0.75, 0.999, 1.0, 1.5};
  for (const TransitionFunction& fn : fns) {
    const EaseFn f = easeFnOf(fn);
    for (double t : ts)
      for (bool before : {false, true}) {
        const double expected = getRatio(t, fn, before);
        const double got = f(t, fn, before);
        CHECK(std::memcmp(&expected, &got, sizeof(double)) == 0);
      }
    CHECK(std::isnan(f(std::numeric_limits<double>::quiet_NaN(), fn, false)));
  }
}

// ---------------------------------------------------------------------------
// [SECTION] sharedEasing
// ---------------------------------------------------------------------------

namespace {
bool sameBits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}
}  // namespace

TEST_CASE("sharedEasing: a preset that evaluates as the function does, bit for bit, or none",
          "[core][easing][fast]") {
  const std::vector<TransitionFunction> shared = {TransitionFunction::Linear,
                                                  TransitionFunction::Ease,
                                                  TransitionFunction::EaseIn,
                                                  TransitionFunction::EaseOut,
                                                  TransitionFunction::EaseInOut,
                                                  TransitionFunction::StepStart,
                                                  TransitionFunction::StepEnd,
                                                  TransitionFunction::EaseInSine,
                                                  TransitionFunction::EaseOutBack,
                                                  TransitionFunction::EaseInOutBounce,
                                                  *TransitionFunction::cubicBezier(0.25, 0.1, 0.25, 1.0),
                                                  *TransitionFunction::cubicBezier(0.0, 0.0, 0.58, 1.0),
                                                  *TransitionFunction::stepsOf(1, StepPosition::JumpEnd)};
  for (const TransitionFunction& fn : shared) {
    const TransitionFunction* preset = sharedEasing(fn);
    REQUIRE(preset != nullptr);
    CHECK(easeFnOf(*preset) == easeFnOf(fn));
    for (int i = -10; i <= 110; ++i) {
      const double t = i / 100.0;
      for (const bool before : {false, true})
        CHECK(sameBits(getRatio(t, *preset, before), getRatio(t, fn, before)));
    }
  }
  CHECK(sharedEasing(*TransitionFunction::cubicBezier(0.25, 0.1, 0.25, 1.0)) == &TransitionFunction::Ease);
  CHECK(sharedEasing(TransitionFunction::EaseOutBack) == &TransitionFunction::EaseOutBack);
  // Curves, steps and stops of their own, and a keyword curve changed by hand, have none.
  TransitionFunction handBuilt = TransitionFunction::Ease;
  handBuilt.k[0] = 1.6;
  for (const TransitionFunction& fn :
       {*TransitionFunction::cubicBezier(0.1, -0.6, 0.2, 1.8), *TransitionFunction::stepsOf(3),
        *TransitionFunction::stepsOf(1, StepPosition::JumpBoth),
        *TransitionFunction::spring(1.0, 100.0, 10.0),
        *TransitionFunction::linearOf({{0.0, 0.0}, {0.7, 0.3}, {1.0, 1.0}}), handBuilt})
    CHECK(sharedEasing(fn) == nullptr);
}
