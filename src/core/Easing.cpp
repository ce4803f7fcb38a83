// Easing functions: evaluation, factories, CSS parsing and serialisation.
//
// [SECTION] Tolerances and limits
// [SECTION] cubic-bezier(): coefficients, solve, extrapolation
// [SECTION] steps()
// [SECTION] linear()
// [SECTION] Named families (ease-in-sine … ease-in-out-bounce; GSAP's back, elastic, expo)
// [SECTION] spring(): damped harmonic oscillator, closed form
// [SECTION] Presets
// [SECTION] Factories, accessors, operator==
// [SECTION] getRatio
// (parseEasing and Debug::toString: EasingParse.cpp)
//
// Deviations from CSS (also in docs/easing.md):
//  - math functions (calc() …) inside easing arguments are rejected;
//  - a function left open at the end of the text is rejected (CSS would
//    close it silently), so a forgotten ')' is reported;
//  - CSS escapes in keywords are not decoded.
#include <zenit/core/Easing.hpp>

#include "core/Ascii.hpp"
#include "core/EaseEval.hpp"
#include "core/EasingFamilies.hpp"
#include "core/EasingGrammar.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/core/Format.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <numbers>
#include <utility>

namespace zenit {

static_assert(sizeof(TransitionFunction) <= 96, "TransitionFunction is copied per animation: keep it small");

using namespace easing;  // the families (core/EasingFamilies.hpp)

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Tolerances and limits
// ---------------------------------------------------------------------------

// Newton on the bezier parameter stops when a step moves it less than this.
// The output's error is |dy/ds| times the parameter's, and |dy/ds| <= 3 *
// max(|y1|, |y2 - y1|, |1 - y2|), so 1e-14 keeps outputs far inside 1e-7.
constexpr double kBezierParamEpsilon = 1e-14;
// Safeguarded Newton needs 3-6 iterations on ordinary curves; bisection
// fallbacks halve the bracket, so 64 iterations always reach double precision.
constexpr int kBezierMaxIterations = 64;
// Bisection steps for a spring's settle time (factory only).
constexpr int kSpringSolveIterations = 200;

// Extrapolation and a spring's overshoot stop at ±kEasingValueLimit
// (Easing.hpp): with the factories' bounds on the numbers, every finite
// progress then gives a finite output. NaN stays NaN.
constexpr double clampToEasingLimit(double v) {
  return v < -kEasingValueLimit ? -kEasingValueLimit : (v > kEasingValueLimit ? kEasingValueLimit : v);
}

// ---------------------------------------------------------------------------
// [SECTION] cubic-bezier()
// ---------------------------------------------------------------------------

// One coordinate of the curve with P0 = 0, P3 = 1 in power form:
// B(s) = ((a*s + b)*s + c)*s with c = 3*p1, b = 3*p2 - 6*p1, a = 1 - 3*p2 + 3*p1.
constexpr double bezierA(double p1, double p2) { return 1.0 - 3.0 * p2 + 3.0 * p1; }
constexpr double bezierB(double p1, double p2) { return 3.0 * p2 - 6.0 * p1; }

struct Cubic {
  double a, b, c;
  constexpr double at(double s) const { return ((a * s + b) * s + c) * s; }
  constexpr double slope(double s) const { return (3.0 * a * s + 2.0 * b) * s + c; }
};

// The parameter s with x(s) = t, for t in (0, 1), from the start `s`. x is
// non-decreasing on [0, 1] because x1, x2 lie in [0, 1], so [lo, hi] always
// brackets the root: Newton steps that leave the bracket (or meet a flat
// slope) become bisection. Any start in [0, 1] converges; a closer one in
// fewer steps. It stops when a step is at most kBezierParamEpsilon.
// constexpr: the preset tables below are built with it.
constexpr double solveBezierParameter(const Cubic& x, double t, double s) {
  double lo = 0.0;
  double hi = 1.0;
  for (int i = 0; i < kBezierMaxIterations; ++i) {
    const double err = x.at(s) - t;
    if (err == 0.0) return s;
    if (err < 0.0) {
      lo = s;
    } else {
      hi = s;
    }
    const double d = x.slope(s);
    double next = lo;  // no usable slope: bisect
    if (d > 0.0) {
      const double step = err / d;
      if ((step < 0.0 ? -step : step) <= kBezierParamEpsilon)
        return s - step;  // converged (may sit an ulp off the bracket)
      next = s - step;
    }
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (hi - lo <= kBezierParamEpsilon) return next;
    s = next;
  }
  return s;
}

constexpr double absOf(double v) { return v < 0.0 ? -v : v; }  // std::abs is constexpr from C++23

// The four keyword curves' inverse x^-1 sampled at t = i / kBezierTableSteps,
// solved at compile time. Newton on a curve with a keyword curve's x1 and
// x2 starts from the straight line between samples, within about 1e-2 of
// the root, and takes about 3 steps where s = t takes 5 to 6. Only the
// start comes from the table: the answer is the root of the curve's own
// coefficients to the same 1e-14.
constexpr int kBezierTableSteps = 128;
struct BezierTable {
  double x1, x2;                                // x depends on these alone
  std::array<double, kBezierTableSteps + 1> s;  // x^-1(i / kBezierTableSteps)
};

constexpr double tableStart(const BezierTable& table, double t) {
  const double u = t * kBezierTableSteps;
  const auto i = static_cast<std::size_t>(u);  // 0 <= t < 1: 0 <= i < kBezierTableSteps
  const double f = u - static_cast<double>(i);
  return table.s[i] + f * (table.s[i + 1] - table.s[i]);
}

constexpr BezierTable inverseTable(double x1, double x2) {
  const Cubic x{bezierA(x1, x2), bezierB(x1, x2), 3.0 * x1};
  BezierTable table{x1, x2, {}};
  table.s[kBezierTableSteps] = 1.0;
  for (std::size_t i = 1; i < kBezierTableSteps; ++i) {
    const double t = static_cast<double>(i) / kBezierTableSteps;
    table.s[i] = solveBezierParameter(x, t, t);
  }
  return table;
}

// ease, ease-in, ease-out, ease-in-out.
constexpr std::array<BezierTable, 4> kBezierTables{inverseTable(0.25, 0.25), inverseTable(0.42, 1.0),
                                                   inverseTable(0.0, 0.58), inverseTable(0.42, 0.58)};

// `ease` (every transition's default) and `ease-in-out` are not solved per
// call: their output is a cubic Hermite fit of y(x) between samples at x =
// i / kCurveSteps, with the slope dy/dx at each, all worked out at compile
// time with the solve above. Both have x' > 0 on [0, 1], so y(x) is smooth
// there. The fit is within kCurveTolerance of the exact curve (checked
// below at compile time, between every two samples, and by a test against
// a long-double solve at 20,000 points); Chromium solves x to 1e-7. About
// 25 instructions a call, where Newton from a table start took about 80.
// (ease-in and ease-out have x' = 0 at an end, where y(x) is not smooth:
// they keep the solve.)
constexpr int kCurveSteps = 512;
constexpr double kCurveTolerance = 1e-10;
// The fit on one interval, a cubic in the fraction f of the interval from
// its start: y = ((c3 f + c2) f + c1) f + y0, y0 the sample at its start.
struct CurvePiece {
  double y0, c1, c2, c3;
};
struct KeywordCurve {
  double x1, y1, x2, y2;
  std::array<CurvePiece, kCurveSteps + 1> piece;  // the last holds y(1) alone

  // Whether `fn` is this curve (the test is on the control points, not the
  // spelling: cubic-bezier(0.25, 0.1, 0.25, 1) is `ease`).
  constexpr bool is(const TransitionFunction& fn) const {
    return fn.p[0] == x1 && fn.p[1] == y1 && fn.p[2] == x2 && fn.p[3] == y2;
  }
  // y at x = t in (0, 1). Both curves rise; the fit is held between its
  // interval's samples, so it never leaves [0, 1] and never falls from one
  // interval to the next.
  constexpr double at(double t) const {
    const double u = t * kCurveSteps;
    const int i = static_cast<int>(u);  // 0 < t < 1: 0 <= i < kCurveSteps
    const double f = u - static_cast<double>(i);
    const CurvePiece& p = piece[static_cast<std::size_t>(i)];
    const double v = ((p.c3 * f + p.c2) * f + p.c1) * f + p.y0;
    return std::clamp(v, p.y0, piece[static_cast<std::size_t>(i) + 1].y0);
  }
};

// The samples y and dy/dx at x = i / kCurveSteps, solved here, and the
// cubic Hermite piece between each two.
constexpr KeywordCurve keywordCurve(double x1, double y1, double x2, double y2) {
  const Cubic x{bezierA(x1, x2), bezierB(x1, x2), 3.0 * x1};
  const Cubic y{bezierA(y1, y2), bezierB(y1, y2), 3.0 * y1};
  std::array<double, kCurveSteps + 1> ys{};
  std::array<double, kCurveSteps + 1> ms{};  // dy/dx times the interval 1 / kCurveSteps
  for (int i = 0; i <= kCurveSteps; ++i) {
    const double t = static_cast<double>(i) / kCurveSteps;
    const double s = i == 0 ? 0.0 : (i == kCurveSteps ? 1.0 : solveBezierParameter(x, t, t));
    const auto k = static_cast<std::size_t>(i);
    ys[k] = i == kCurveSteps ? 1.0 : y.at(s);
    ms[k] = y.slope(s) / (x.slope(s) * kCurveSteps);
  }
  KeywordCurve c{x1, y1, x2, y2, {}};
  for (std::size_t k = 0; k < kCurveSteps; ++k) {
    const double d = ys[k + 1] - ys[k];
    c.piece[k] = {ys[k], ms[k], 3.0 * d - 2.0 * ms[k] - ms[k + 1], ms[k] + ms[k + 1] - 2.0 * d};
  }
  c.piece[kCurveSteps] = {1.0, 0.0, 0.0, 0.0};
  return c;
}

// The largest distance of a fit from the curve it fits, at three points
// inside each interval (compile time; the solve starts from `start`'s
// table, which takes it in a few steps).
constexpr double worstFit(const KeywordCurve& c, const BezierTable& start) {
  const Cubic x{bezierA(c.x1, c.x2), bezierB(c.x1, c.x2), 3.0 * c.x1};
  const Cubic y{bezierA(c.y1, c.y2), bezierB(c.y1, c.y2), 3.0 * c.y1};
  double worst = 0.0;
  for (int i = 0; i < kCurveSteps; ++i) {
    for (int k = 1; k < 4; ++k) {
      const double t = (static_cast<double>(i) + k / 4.0) / kCurveSteps;
      worst = std::max(worst, absOf(c.at(t) - y.at(solveBezierParameter(x, t, tableStart(start, t)))));
    }
  }
  return worst;
}

constexpr bool rises(const KeywordCurve& c) {
  for (std::size_t i = 0; i < kCurveSteps; ++i)
    if (!(c.piece[i].y0 <= c.piece[i + 1].y0)) return false;
  return c.piece[0].y0 == 0.0 && c.piece[kCurveSteps].y0 == 1.0;
}

// ease and ease-in-out; kCurveOfTable[i] is the curve of kBezierTables[i] (-1: none).
constexpr std::array<KeywordCurve, 2> kKeywordCurves{keywordCurve(0.25, 0.1, 0.25, 1.0),
                                                     keywordCurve(0.42, 0.0, 0.58, 1.0)};
constexpr std::array<int, 4> kCurveOfTable{0, -1, -1, 1};
static_assert(rises(kKeywordCurves[0]) && rises(kKeywordCurves[1]), "the fit's clamp needs rising samples");
static_assert(worstFit(kKeywordCurves[0], kBezierTables[0]) < kCurveTolerance);
static_assert(worstFit(kKeywordCurves[1], kBezierTables[3]) < kCurveTolerance);

double bezierRatio(double t, const TransitionFunction& fn) {
  const double x1 = fn.p[0], y1 = fn.p[1], x2 = fn.p[2], y2 = fn.p[3];
  // https://drafts.csswg.org/css-easing-2/#cubic-bezier-algo: outside
  // [0, 1] extend along the tangent at the nearest end; the spec names
  // which control point gives that tangent.
  if (t < 0.0) {
    // A flat tangent returns its end exactly (also keeps 0 * -inf from giving NaN).
    double slope = 0.0;
    if (x1 > 0.0) {
      slope = y1 / x1;
    } else if (x2 > 0.0) {
      slope = y2 / x2;
    }
    return slope == 0.0 ? 0.0 : clampToEasingLimit(slope * t);
  }
  if (t > 1.0) {
    double slope = 0.0;
    if (x2 < 1.0) {
      slope = (y2 - 1.0) / (x2 - 1.0);
    } else if (x1 < 1.0) {
      slope = (y1 - 1.0) / (x1 - 1.0);
    }
    return slope == 0.0 ? 1.0 : clampToEasingLimit(1.0 + slope * (t - 1.0));
  }
  if (t == 0.0 || t == 1.0) return t;  // exact ends, whatever the rounding of the coefficients
  const Cubic x{fn.k[0], fn.k[1], 3.0 * x1};
  const Cubic y{fn.k[2], fn.k[3], 3.0 * y1};
  // `ease` and `ease-in-out` are their fits (KeywordCurve). Newton starts
  // from a keyword curve's table, chosen by the curve's x1 and x2, not by
  // its spelling: `ease-in` and cubic-bezier(0.42, 0, 1, 1) start, and so
  // end, at the same bits. Other curves start at s = t (x(s) = s for the
  // linear curve; a close start for most others).
  for (const KeywordCurve& curve : kKeywordCurves)
    if (curve.is(fn)) return curve.at(t);
  for (const BezierTable& table : kBezierTables) {
    if (x1 != table.x1 || x2 != table.x2) continue;
    return y.at(solveBezierParameter(x, t, tableStart(table, t)));
  }
  return y.at(solveBezierParameter(x, t, t));
}

// The keyword curve's table of a cubic-bezier (bezierRatio's choice), or -1.
int bezierTableOf(const TransitionFunction& fn) {
  for (std::size_t i = 0; i < kBezierTables.size(); ++i)
    if (fn.p[0] == kBezierTables[i].x1 && fn.p[2] == kBezierTables[i].x2) return static_cast<int>(i);
  return -1;
}

// bezierRatio for a curve whose table is kBezierTables[I], known when the
// evaluator was resolved (easeFnOf): inside (0, 1) neither the fit nor the
// table need be looked for; elsewhere bezierRatio's own handling. The
// control points are still compared with the fit's: a track's easing can
// be edited in place after its evaluator was resolved.
template <std::size_t I>
double tableBezierRatio(double t, const TransitionFunction& fn, bool /*before*/) {
  if (!(t > 0.0 && t < 1.0)) return std::isnan(t) ? t : bezierRatio(t, fn);
  if constexpr (kCurveOfTable[I] >= 0) {
    constexpr const KeywordCurve& curve = kKeywordCurves[static_cast<std::size_t>(kCurveOfTable[I])];
    if (curve.is(fn)) [[likely]]
      return curve.at(t);
  }
  const Cubic x{fn.k[0], fn.k[1], 3.0 * fn.p[0]};
  const Cubic y{fn.k[2], fn.k[3], 3.0 * fn.p[1]};
  return y.at(solveBezierParameter(x, t, tableStart(kBezierTables[I], t)));
}
constexpr EaseFn kTableBezierFns[] = {&tableBezierRatio<0>, &tableBezierRatio<1>, &tableBezierRatio<2>,
                                      &tableBezierRatio<3>};
static_assert(std::size(kTableBezierFns) == kBezierTables.size());

// ---------------------------------------------------------------------------
// [SECTION] steps()
// ---------------------------------------------------------------------------

// https://drafts.csswg.org/css-easing-2/#step-easing-algo
double stepsRatio(double t, std::uint32_t n, StepPosition pos, bool before) {
  const double steps = static_cast<double>(n);
  double scaled = t * steps;
  // An index an ulp short of (or past) a boundary is on it (kStepBoundaryEpsilon).
  const double nearest = std::round(scaled);
  if (std::abs(scaled - nearest) <= kStepBoundaryEpsilon) scaled = nearest;
  // 1. current step = floor(input progress × steps).
  double current = std::floor(scaled);
  // 2. jump-start and jump-both (and the legacy "start") jump at the start.
  if (pos == StepPosition::JumpStart || pos == StepPosition::JumpBoth) current += 1.0;
  // 3. Before flag set and input × steps integral: take the lower value.
  if (before && std::floor(scaled) == scaled) current -= 1.0;
  // 4. Input >= 0 never gives a negative step.
  if (t >= 0.0 && current < 0.0) current = 0.0;
  // 5. jumps: steps for jump-start/jump-end, steps - 1 for jump-none, steps + 1 for jump-both.
  double jumps = steps;
  if (pos == StepPosition::JumpNone) jumps = steps - 1.0;
  if (pos == StepPosition::JumpBoth) jumps = steps + 1.0;
  // 6. Input <= 1 never passes the last step.
  if (t <= 1.0 && current > jumps) current = jumps;
  // 7. output = current step / jumps.
  return current / jumps;
}

// ---------------------------------------------------------------------------
// [SECTION] linear()
// ---------------------------------------------------------------------------

// https://drafts.csswg.org/css-easing-2/#linear-easing-function-output
// `stops` has n >= 2 entries with non-decreasing inputs.
double linearPointsRatio(double t, const LinearStop* stops, std::size_t n) {
  // 2. pointAIndex = last point with input <= t, or 0 (binary search).
  const LinearStop* firstAbove =
      std::upper_bound(stops, stops + n, t, [](double v, const LinearStop& s) { return v < s.input; });
  std::size_t a = firstAbove == stops ? 0 : static_cast<std::size_t>(firstAbove - stops) - 1;
  // 3. The last point has no successor: use the last segment (extrapolates).
  if (a == n - 1) a = n - 2;
  const LinearStop& pa = stops[a];
  const LinearStop& pb = stops[a + 1];
  // 6. A vertical segment gives its upper end; a flat one its level (so an
  // infinite t cannot make 0 * inf).
  if (pa.input == pb.input || pa.output == pb.output) return pb.output;
  // 7-12. Interpolate (or extrapolate) along segment A-B. Between the
  // stops the output lies between theirs; past the ends it is clamped.
  const double progress = (t - pa.input) / (pb.input - pa.input);
  return clampToEasingLimit(pa.output + progress * (pb.output - pa.output));
}

// ---------------------------------------------------------------------------
// [SECTION] Named families
// ---------------------------------------------------------------------------

// Family, kFamilyNames, familyOf, modeOf, familyKind, isGsapCurve: core/EasingFamilies.hpp.

constexpr double kPi = std::numbers::pi;
// kBackOvershoot (~10% overshoot for ease-in-back), kElasticPeriod and
// kElasticPeriodInOut are in Easing.hpp: GSAP's defaults too.
constexpr double kBackOvershootInOut = kBackOvershoot * 1.525;  // the same ~10% on each half of in-out

// Bounce as a ball dropped from height 1 onto the target: four parabolic
// arcs over u·2.75 in [0, 1], [1, 2], [2, 2.5], [2.5, 2.75], each rebound
// reaching 1/4 of the previous height (1 - 0.75, 1 - 0.9375, 1 - 0.984375).
double bounceOut(double u) {
  const double v = 2.75 * u;
  if (v < 1.0) return v * v;
  if (v < 2.0) return (v - 1.5) * (v - 1.5) + 0.75;
  if (v < 2.5) return (v - 2.25) * (v - 2.25) + 0.9375;
  return (v - 2.625) * (v - 2.625) + 0.984375;
}

// familyIn and familyRatio are always inlined: in ratioOf<K> the family and
// mode are constants, so the per-frame evaluator of ease-out-cubic is that
// formula alone, with both switches folded away.

// The ease-in curve of a family at u in [0, 1]; in-out halves use their own
// Back overshoot and Elastic period (the classic Penner constants).
ZENIT_ALWAYS_INLINE double familyIn(Family f, double u, bool inOutHalf) {
  switch (f) {
    case Family::Sine: return 1.0 - std::cos(u * kPi / 2.0);
    case Family::Quad: return u * u;
    case Family::Cubic: return u * u * u;
    case Family::Quart: return (u * u) * (u * u);
    case Family::Quint: return (u * u) * (u * u) * u;
    case Family::Expo: return u == 0.0 ? 0.0 : std::exp2(10.0 * (u - 1.0));  // 2^-10 at 0 snapped to 0
    case Family::Circ: return 1.0 - std::sqrt(std::max(0.0, 1.0 - u * u));
    case Family::Back: {
      const double c = inOutHalf ? kBackOvershootInOut : kBackOvershoot;
      return u * u * ((c + 1.0) * u - c);
    }
    case Family::Elastic: {
      if (u == 0.0 || u == 1.0) return u;
      // A sine of period P under a 2^(10(u-1)) envelope, phased to reach 1 at u = 1.
      const double period = inOutHalf ? kElasticPeriodInOut : kElasticPeriod;
      return -std::exp2(10.0 * (u - 1.0)) * std::sin(2.0 * kPi * (u - 1.0 - period / 4.0) / period);
    }
    case Family::Bounce: return 1.0 - bounceOut(1.0 - u);
  }
  return u;
}

// GSAP 3's back and elastic of their parameters (gsap-core.js 3.15.0,
// _createBackEase and _createElasticEase), from the ease-out curve at p in
// [0, 1]: back's with overshoot s = fn.p[0],
//   out(p) = (p - 1)^2 ((s + 1)(p - 1) + s) + 1,
// elastic's with the factory's constants k = p1, 2π/p2, p3,
//   out(p) = p1 2^(-10p) sin((p - p3) 2π/p2) + 1,
// both exactly 0 at p = 0 and 1 at p = 1 as GSAP has them.
ZENIT_ALWAYS_INLINE double gsapOut(Family f, double p, const TransitionFunction& fn) {
  if (f == Family::Back) {
    if (p == 0.0) return 0.0;
    const double q = p - 1.0;
    const double s = fn.p[0];
    return q * q * ((s + 1.0) * q + s) + 1.0;
  }
  if (p == 1.0) return 1.0;
  return fn.k[0] * std::exp2(-10.0 * p) * std::sin((p - fn.k[2]) * fn.k[1]) + 1.0;
}

// GSAP 3.15.0's expo, by its ease-in curve: 2^(10(p - 1)) p + p^6 (1 - p),
// which meets 0 at p = 0 and 1 at p = 1 where the classic 2^(10(p - 1))
// (ease-in-expo) is 2^-10 at 0 and is snapped to 0. The two differ by up
// to 3e-3.
ZENIT_ALWAYS_INLINE double gsapExpoIn(double p) {
  return std::exp2(10.0 * (p - 1.0)) * p + p * p * p * p * p * p * (1.0 - p);
}

// GSAP's modes. Expo's from its in curve as GSAP's _insertEase builds
// them: out(p) = 1 - in(1 - p), in-out in(2p)/2 and its reflection. Back's
// and elastic's from the out curve: in(p) = 1 - out(1 - p), in-out as
// _easeInOutFromOut (the same curve, rounded as GSAP rounds). Bounded by
// kEasingValueLimit: an amplitude at the limit reaches 1 past it.
ZENIT_ALWAYS_INLINE double gsapRatio(double t, Family f, EaseMode m, const TransitionFunction& fn) {
  if (f == Family::Expo) {
    switch (m) {
      case EaseMode::In: return gsapExpoIn(t);
      case EaseMode::Out: return 1.0 - gsapExpoIn(1.0 - t);
      case EaseMode::InOut:
        return t < 0.5 ? gsapExpoIn(t * 2.0) / 2.0 : 1.0 - gsapExpoIn((1.0 - t) * 2.0) / 2.0;
    }
    return t;
  }
  double r = t;
  switch (m) {
    case EaseMode::In: r = 1.0 - gsapOut(f, 1.0 - t, fn); break;
    case EaseMode::Out: r = gsapOut(f, t, fn); break;
    case EaseMode::InOut:
      r = t < 0.5 ? (1.0 - gsapOut(f, 1.0 - t * 2.0, fn)) / 2.0 : 0.5 + gsapOut(f, (t - 0.5) * 2.0, fn) / 2.0;
      break;
  }
  return clampToEasingLimit(r);
}

// `fn` is read only by back, elastic and expo, for GSAP's curve: with
// `kind` a constant (ratioOf<K>) the other families never look at it.
ZENIT_ALWAYS_INLINE double familyRatio(double t, EaseKind kind, const TransitionFunction& fn) {
  if (t <= 0.0) return 0.0;  // the families are defined on [0, 1]; outside they hold their ends
  if (t >= 1.0) return 1.0;
  const Family f = familyOf(kind);
  const EaseMode m = modeOf(kind);
  if (isGsapFamily(f) && fn.preset == kGsapCurve) return gsapRatio(t, f, m, fn);
  switch (m) {
    case EaseMode::In: return familyIn(f, t, false);
    case EaseMode::Out: return 1.0 - familyIn(f, 1.0 - t, false);
    case EaseMode::InOut:
      return t < 0.5 ? familyIn(f, 2.0 * t, true) / 2.0 : 1.0 - familyIn(f, 2.0 - 2.0 * t, true) / 2.0;
  }
  return t;
}

// ---------------------------------------------------------------------------
// [SECTION] spring()
// ---------------------------------------------------------------------------
//
// m x'' + c x' + k (x - 1) = 0, x(0) = 0, x'(0) = v0. With the displacement
// y = x - 1, w0 = sqrt(k/m), zeta = c / (2 sqrt(k m)) and a = zeta w0:
//   under-damped (zeta < 1), w = w0 sqrt(1 - zeta^2):
//     y = -e^(-a τ) (cos(w τ) - B sin(w τ)),             B = (v0 - a) / w
//   critically damped (zeta = 1):
//     y = -e^(-w0 τ) (1 - C τ),                          C = v0 - w0
//   over-damped (zeta > 1), w = w0 sqrt(zeta^2 - 1), slow root r1 = -(a - w):
//     y = -e^(r1 τ) (1 + G expm1(-2 w τ)),               G = (1 + B) / 2, B = (v0 - a) / w
//   (the last form has no cancellation as zeta -> 1 or zeta -> infinity).
// The factory scales every rate by the settle time T, so getRatio works in
// t = τ / T directly, and stores y(1) so the residual can be ramped out.

enum SpringRegime : std::uint8_t { kUnderDamped = 0, kCriticallyDamped = 1, kOverDamped = 2 };

struct SpringModel {
  SpringRegime regime{kUnderDamped};
  double settleTime{0.0};  // T, physical seconds
  double k[4]{};           // normalized constants, TransitionFunction::k
};

// Displacement y at normalized time t, from the normalized constants.
double springDisplacement(SpringRegime regime, const double* k, double t) {
  switch (regime) {
    case kUnderDamped: return -std::exp(-k[0] * t) * (std::cos(k[1] * t) - k[2] * std::sin(k[1] * t));
    case kCriticallyDamped: return -std::exp(-k[0] * t) * (1.0 - k[2] * t);
    case kOverDamped: return -std::exp(k[0] * t) * (1.0 + k[2] * std::expm1(-2.0 * k[1] * t));
  }
  return 0.0;
}

// The time after which e^(-rate τ) (1 + d τ) stays <= eps: that bound
// peaks at τ = 1/rate - 1/d (if positive) and decreases after, so bisect on
// its logarithm past the peak. Factory-only work.
double linearEnvelopeTime(double rate, double d, double eps) {
  const auto logBound = [&](double tau) { return -rate * tau + std::log1p(d * tau) - std::log(eps); };
  double lo = d > rate ? 1.0 / rate - 1.0 / d : 0.0;
  double hi = std::max(lo, 1.0 / rate);
  while (logBound(hi) > 0.0 && std::isfinite(hi)) hi *= 2.0;
  for (int i = 0; i < kSpringSolveIterations && hi - lo > 1e-15 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (logBound(mid) > 0.0 ? lo : hi) = mid;
  }
  return hi;
}

// Builds the model, or nullopt when the numbers leave double range.
std::optional<SpringModel> buildSpring(double mass, double stiffness, double damping, double v0) {
  const double w0 = std::sqrt(stiffness / mass);
  const double zeta = damping / (2.0 * std::sqrt(stiffness) * std::sqrt(mass));
  if (!std::isfinite(w0) || !std::isfinite(zeta) || w0 <= 0.0 || zeta <= 0.0) return std::nullopt;
  const double eps = kSpringSettleThreshold;
  const double a = zeta * w0;
  SpringModel m;
  // T: when an upper bound of |y| falls to eps for good. Every regime has
  // |y| <= e^(-rate τ) (1 + D τ) (bounding |sin| or |expm1| by its linear
  // term), tight near critical damping; away from it the amplitude bound
  // e^(-rate τ) * A is tighter, so T is the earlier of the two.
  double rateA = 0.0, rateW = 0.0, coef = 0.0;
  if (zeta < 1.0) {
    const double w = w0 * std::sqrt((1.0 - zeta) * (1.0 + zeta));
    coef = (v0 - a) / w;
    m.regime = kUnderDamped;
    m.settleTime = std::min(std::log(std::hypot(1.0, coef) / eps) / a,  // |y| <= e^(-a τ) sqrt(1 + B^2)
                            linearEnvelopeTime(a, std::fabs(v0 - a), eps));
    rateA = a;
    rateW = w;
  } else if (zeta == 1.0) {
    coef = v0 - w0;
    m.regime = kCriticallyDamped;
    m.settleTime = linearEnvelopeTime(w0, std::fabs(coef), eps);  // exact form of the bound
    rateA = w0;
  } else {
    const double root = std::sqrt((zeta - 1.0) * (zeta + 1.0));
    const double w = w0 * root;
    const double slow = w0 / (zeta + root);  // a - w without cancellation
    coef = (v0 - slow) / (2.0 * w);          // G = (1 + B) / 2
    m.regime = kOverDamped;
    // 1 + G expm1(...) moves linearly between 1 and 1 - G as expm1 goes 0 -> -1.
    m.settleTime = std::min(std::log(std::max(1.0, std::fabs(1.0 - coef)) / eps) / slow,
                            linearEnvelopeTime(slow, std::fabs(v0 - slow), eps));
    rateA = -slow;  // r1, stored signed
    rateW = w;
  }
  const double T = m.settleTime;
  if (!std::isfinite(T) || T <= 0.0) return std::nullopt;
  m.k[0] = rateA * T;
  m.k[1] = rateW * T;
  m.k[2] = m.regime == kCriticallyDamped ? coef * T : coef;
  m.k[3] = 0.0;
  m.k[3] = springDisplacement(m.regime, m.k, 1.0);  // residual at t = 1, |y(1)| <= eps
  for (double v : m.k)
    if (!std::isfinite(v)) return std::nullopt;
  return m;
}

double springRatio(double t, const TransitionFunction& fn) {
  if (t <= 0.0) return 0.0;  // at rest at 0 before it starts, at rest at 1 once settled
  if (t >= 1.0) return 1.0;
  const auto regime = static_cast<SpringRegime>(fn.preset);
  // The residual y(1) is removed by a linear ramp so that t = 1 lands on 1
  // exactly and the curve stays continuous (the ramp is at most eps).
  return clampToEasingLimit(1.0 + springDisplacement(regime, fn.k, t) - t * fn.k[3]);
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Presets
// ---------------------------------------------------------------------------

// Aggregates of constants, checked by constinit: they are ready before any
// dynamic initializer runs, so a static default Style may copy them.

#define ZENIT_DETAIL_BEZIER_PRESET(x1, y1, x2, y2, keyword)                                                 \
  TransitionFunction {                                                                                      \
    .kind = EaseKind::CubicBezier, .preset = (keyword), .p = {(x1), (y1), (x2), (y2)},                      \
    .k = {bezierA((x1), (x2)), bezierB((x1), (x2)), bezierA((y1), (y2)), bezierB((y1), (y2))}, .points = {} \
  }

constinit const TransitionFunction TransitionFunction::Linear{.kind = EaseKind::Linear, .points = {}};
constinit const TransitionFunction TransitionFunction::Ease =
    ZENIT_DETAIL_BEZIER_PRESET(0.25, 0.1, 0.25, 1.0, 1);
constinit const TransitionFunction TransitionFunction::EaseIn =
    ZENIT_DETAIL_BEZIER_PRESET(0.42, 0.0, 1.0, 1.0, 2);
constinit const TransitionFunction TransitionFunction::EaseOut =
    ZENIT_DETAIL_BEZIER_PRESET(0.0, 0.0, 0.58, 1.0, 3);
constinit const TransitionFunction TransitionFunction::EaseInOut =
    ZENIT_DETAIL_BEZIER_PRESET(0.42, 0.0, 0.58, 1.0, 4);
// step-start serialises as "steps(1, start)" (preset 1 keeps that spelling);
// step-end as "steps(1)", the same value as steps(1, end) and steps(1, jump-end).
constinit const TransitionFunction TransitionFunction::StepStart{
    .kind = EaseKind::Steps, .stepPosition = StepPosition::JumpStart, .preset = 1, .steps = 1, .points = {}};
constinit const TransitionFunction TransitionFunction::StepEnd{
    .kind = EaseKind::Steps, .stepPosition = StepPosition::JumpEnd, .steps = 1, .points = {}};
#undef ZENIT_DETAIL_BEZIER_PRESET

#define ZENIT_DETAIL_FAMILY_PRESET(F)                                                                 \
  constinit const TransitionFunction TransitionFunction::EaseIn##F{.kind = EaseKind::EaseIn##F,       \
                                                                   .points = {}};                     \
  constinit const TransitionFunction TransitionFunction::EaseOut##F{.kind = EaseKind::EaseOut##F,     \
                                                                    .points = {}};                    \
  constinit const TransitionFunction TransitionFunction::EaseInOut##F{.kind = EaseKind::EaseInOut##F, \
                                                                      .points = {}};
ZENIT_EASE_FAMILIES(ZENIT_DETAIL_FAMILY_PRESET)
#undef ZENIT_DETAIL_FAMILY_PRESET

// ---------------------------------------------------------------------------
// [SECTION] Factories, accessors, operator==
// ---------------------------------------------------------------------------

std::optional<TransitionFunction> TransitionFunction::cubicBezier(double x1, double y1, double x2,
                                                                  double y2) {
  if (!detail::bezierXInRange(x1) || !detail::bezierXInRange(x2)) return std::nullopt;  // also NaN
  if (!detail::easingValueInRange(y1) || !detail::easingValueInRange(y2)) return std::nullopt;
  TransitionFunction f;
  f.kind = EaseKind::CubicBezier;
  f.p[0] = x1;
  f.p[1] = y1;
  f.p[2] = x2;
  f.p[3] = y2;
  f.k[0] = bezierA(x1, x2);
  f.k[1] = bezierB(x1, x2);
  f.k[2] = bezierA(y1, y2);
  f.k[3] = bezierB(y1, y2);
  return f;
}

std::optional<TransitionFunction> TransitionFunction::stepsOf(int n, StepPosition pos) {
  if (n < 1 || (pos == StepPosition::JumpNone && n < 2)) return std::nullopt;
  TransitionFunction f;
  f.kind = EaseKind::Steps;
  f.stepPosition = pos;
  f.steps = static_cast<std::uint32_t>(n);
  return f;
}

std::optional<TransitionFunction> TransitionFunction::linearOf(std::vector<LinearStop> stops) {
  if (stops.size() < 2) return std::nullopt;
  for (std::size_t i = 0; i < stops.size(); ++i) {
    if (!detail::easingValueInRange(stops[i].output) || !detail::easingValueInRange(stops[i].input))
      return std::nullopt;
    if (i > 0 && stops[i].input < stops[i - 1].input) return std::nullopt;
  }
  TransitionFunction f;
  f.kind = EaseKind::LinearPoints;
  if (stops.size() == 2) {  // the common two-stop case stays inline: no allocation
    f.inlineStops = 2;
    f.p[0] = stops[0].output;
    f.p[1] = stops[0].input;
    f.p[2] = stops[1].output;
    f.p[3] = stops[1].input;
  } else {
    f.points = std::make_shared<const std::vector<LinearStop>>(std::move(stops));
  }
  return f;
}

std::optional<TransitionFunction> TransitionFunction::spring(double mass, double stiffness, double damping,
                                                             double initialVelocity) {
  if (!std::isfinite(mass) || !std::isfinite(stiffness) || !std::isfinite(damping) ||
      !std::isfinite(initialVelocity))
    return std::nullopt;
  if (mass <= 0.0 || stiffness <= 0.0 || damping <= 0.0) return std::nullopt;
  const auto model = buildSpring(mass, stiffness, damping, initialVelocity);
  if (!model) return std::nullopt;
  TransitionFunction f;
  f.kind = EaseKind::Spring;
  f.preset = model->regime;
  f.p[0] = mass;
  f.p[1] = stiffness;
  f.p[2] = damping;
  f.p[3] = initialVelocity;
  std::copy(std::begin(model->k), std::end(model->k), std::begin(f.k));
  return f;
}

std::optional<TransitionFunction> TransitionFunction::back(EaseMode mode, double overshoot) {
  if (!detail::easingValueInRange(overshoot)) return std::nullopt;  // also NaN and infinities
  TransitionFunction f;
  f.kind = familyKind(Family::Back, mode);
  f.preset = kGsapCurve;
  f.p[0] = overshoot;
  return f;
}

TransitionFunction TransitionFunction::expo(EaseMode mode) {
  TransitionFunction f;
  f.kind = familyKind(Family::Expo, mode);
  f.preset = kGsapCurve;
  return f;
}

std::optional<TransitionFunction> TransitionFunction::elastic(EaseMode mode, double amplitude,
                                                              std::optional<double> period) {
  const double P = period.value_or(mode == EaseMode::InOut ? kElasticPeriodInOut : kElasticPeriod);
  if (!(amplitude > 0.0) || !(P > 0.0)) return std::nullopt;  // also NaN
  if (!detail::easingValueInRange(amplitude) || !detail::easingValueInRange(P)) return std::nullopt;
  // GSAP's constants: an amplitude below 1 lengthens the period instead of
  // lowering the curve (which would then not start at 0). 1 / p1 <= 1, so
  // asin never gives GSAP's NaN (its `|| 0`).
  constexpr double kTwoPi = 2.0 * kPi;
  const double p1 = amplitude >= 1.0 ? amplitude : 1.0;
  const double p2 = P / (amplitude < 1.0 ? amplitude : 1.0);
  const double p3 = p2 / kTwoPi * std::asin(1.0 / p1);
  const double rate = kTwoPi / p2;
  if (!std::isfinite(p2) || !std::isfinite(p3) || !(rate > 0.0)) return std::nullopt;  // a tiny amplitude
  TransitionFunction f;
  f.kind = familyKind(Family::Elastic, mode);
  f.preset = kGsapCurve;
  f.p[0] = amplitude;
  f.p[1] = P;
  f.k[0] = p1;
  f.k[1] = rate;
  f.k[2] = p3;
  return f;
}

std::size_t TransitionFunction::stopCount() const {
  if (kind != EaseKind::LinearPoints) return 0;
  if (inlineStops != 0) return inlineStops;
  return points ? points->size() : 0;
}

LinearStop TransitionFunction::stop(std::size_t i) const {
  ZENIT_ASSERT(i < stopCount(), "linear() stop index out of range");
  if (inlineStops != 0) return i == 0 ? LinearStop{p[0], p[1]} : LinearStop{p[2], p[3]};
  return (*points)[i];
}

double TransitionFunction::springSettleTime() const {
  if (kind != EaseKind::Spring) return 0.0;
  const auto model = buildSpring(p[0], p[1], p[2], p[3]);
  return model ? model->settleTime : 0.0;
}

bool TransitionFunction::operator==(const TransitionFunction& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
    case EaseKind::Linear: return true;
    case EaseKind::CubicBezier:
      return preset == o.preset && p[0] == o.p[0] && p[1] == o.p[1] && p[2] == o.p[2] && p[3] == o.p[3];
    case EaseKind::Steps: return steps == o.steps && stepPosition == o.stepPosition && preset == o.preset;
    case EaseKind::LinearPoints: {
      const std::size_t n = stopCount();
      if (n != o.stopCount()) return false;
      for (std::size_t i = 0; i < n; ++i)
        if (!(stop(i) == o.stop(i))) return false;
      return true;
    }
    case EaseKind::Spring: return p[0] == o.p[0] && p[1] == o.p[1] && p[2] == o.p[2] && p[3] == o.p[3];
#define ZENIT_DETAIL_FAMILY_CASE(F) \
  case EaseKind::EaseIn##F:         \
  case EaseKind::EaseOut##F:        \
  case EaseKind::EaseInOut##F:
      ZENIT_EASE_FAMILIES(ZENIT_DETAIL_FAMILY_CASE)
#undef ZENIT_DETAIL_FAMILY_CASE
      // (GSAP's parameters print in full: equal numbers, equal text.)
      if (isGsapCurve(*this) != isGsapCurve(o)) return false;
      return !isGsapCurve(*this) || (p[0] == o.p[0] && p[1] == o.p[1]);
  }
  return false;
}

// ---------------------------------------------------------------------------
// [SECTION] getRatio
// ---------------------------------------------------------------------------

double getRatio(double t, const TransitionFunction& fn, bool before) {
  if (std::isnan(t)) return t;
  switch (fn.kind) {
    case EaseKind::Linear: return t;
    case EaseKind::CubicBezier: return bezierRatio(t, fn);
    case EaseKind::Steps: return stepsRatio(t, fn.steps, fn.stepPosition, before);
    case EaseKind::LinearPoints: {
      if (fn.inlineStops != 0) {
        const LinearStop two[2] = {{fn.p[0], fn.p[1]}, {fn.p[2], fn.p[3]}};
        return linearPointsRatio(t, two, 2);
      }
      if (!fn.points || fn.points->size() < 2) return t;  // only a hand-built value can get here
      return linearPointsRatio(t, fn.points->data(), fn.points->size());
    }
    case EaseKind::Spring: return springRatio(t, fn);
#define ZENIT_DETAIL_FAMILY_CASE(F) \
  case EaseKind::EaseIn##F:         \
  case EaseKind::EaseOut##F:        \
  case EaseKind::EaseInOut##F:
      ZENIT_EASE_FAMILIES(ZENIT_DETAIL_FAMILY_CASE)
#undef ZENIT_DETAIL_FAMILY_CASE
      return familyRatio(t, fn.kind, fn);
  }
  return t;
}

namespace {
// One instantiation per kind: `kind` is a constant, so familyRatio's two
// switches fold away and the formula is all that is left (for back,
// elastic and expo, the test for GSAP's curve and both formulas: `fn` is
// read per call, so an easing edited in place after easeFnOf still
// evaluates as getRatio does).
template <EaseKind K>
double ratioOf(double t, const TransitionFunction& fn, bool before) {
  if (std::isnan(t)) return t;
  if constexpr (K == EaseKind::Linear) {
    (void)fn;
    (void)before;
    return t;
  } else if constexpr (K == EaseKind::CubicBezier) {
    (void)before;
    return bezierRatio(t, fn);
  } else if constexpr (static_cast<std::size_t>(K) >= kFirstFamilyKind) {
    (void)before;
    return familyRatio(t, K, fn);
  } else {
    return getRatio(t, fn, before);  // steps, linear(), spring: their own work dominates the dispatch
  }
}

constexpr EaseFn kEaseFns[] = {&ratioOf<EaseKind::Linear>,
                               &ratioOf<EaseKind::CubicBezier>,
                               &ratioOf<EaseKind::Steps>,
                               &ratioOf<EaseKind::LinearPoints>,
                               &ratioOf<EaseKind::Spring>,
#define ZENIT_DETAIL_EASE_FN(F) \
  &ratioOf<EaseKind::EaseIn##F>, &ratioOf<EaseKind::EaseOut##F>, &ratioOf<EaseKind::EaseInOut##F>,
                               ZENIT_EASE_FAMILIES(ZENIT_DETAIL_EASE_FN)
#undef ZENIT_DETAIL_EASE_FN
};
static_assert(std::size(kEaseFns) == kFirstFamilyKind + 3 * kFamilyCount, "one evaluator per EaseKind");
}  // namespace

EaseFn easeFnOf(const TransitionFunction& fn) {
  if (fn.kind == EaseKind::CubicBezier) {
    const int table = bezierTableOf(fn);
    if (table >= 0) return kTableBezierFns[static_cast<std::size_t>(table)];
  }
  const auto i = static_cast<std::size_t>(fn.kind);
  if (i < std::size(kEaseFns)) return kEaseFns[i];
  return static_cast<EaseFn>(&getRatio);  // not reached: every kind has its entry
}

// getRatio reads of a cubic-bezier its p and k, of steps() its count and
// position, of linear and a named family nothing but the kind (back,
// elastic and expo: unless they are GSAP's curve, which no preset is): a
// preset equal to `fn` in those fields (bit for bit) gives the same results.
const TransitionFunction* sharedEasing(const TransitionFunction& fn) {
  const auto sameBits = [](const double(&a)[4], const double(&b)[4]) {
    return std::equal(std::begin(a), std::end(a), std::begin(b), [](double x, double y) {
      return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
    });
  };
  if (isGsapCurve(fn)) return nullptr;  // no preset is GSAP's curve
  switch (fn.kind) {
    case EaseKind::Linear: return &TransitionFunction::Linear;
    case EaseKind::CubicBezier:
      for (const TransitionFunction* preset : {&TransitionFunction::Ease, &TransitionFunction::EaseIn,
                                               &TransitionFunction::EaseOut, &TransitionFunction::EaseInOut})
        if (sameBits(fn.p, preset->p) && sameBits(fn.k, preset->k)) return preset;
      return nullptr;
    case EaseKind::Steps:
      if (fn.steps != 1) return nullptr;
      if (fn.stepPosition == TransitionFunction::StepStart.stepPosition)
        return &TransitionFunction::StepStart;
      if (fn.stepPosition == TransitionFunction::StepEnd.stepPosition) return &TransitionFunction::StepEnd;
      return nullptr;
    case EaseKind::LinearPoints:
    case EaseKind::Spring: return nullptr;
#define ZENIT_DETAIL_FAMILY_CASE(F)                                  \
  case EaseKind::EaseIn##F: return &TransitionFunction::EaseIn##F;   \
  case EaseKind::EaseOut##F: return &TransitionFunction::EaseOut##F; \
  case EaseKind::EaseInOut##F: return &TransitionFunction::EaseInOut##F;
      ZENIT_EASE_FAMILIES(ZENIT_DETAIL_FAMILY_CASE)
#undef ZENIT_DETAIL_FAMILY_CASE
  }
  return nullptr;
}

}  // namespace zenit
