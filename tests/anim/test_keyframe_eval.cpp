// Keyframe evaluation (anim/KeyframeEval.hpp): the seed's evaluateKeyframes
// (§2.5) and the per-frame evaluateInto, against Chromium-recorded cases from
// shared/conformance/animations.json and a brute-force reference.
//
// [SECTION] evaluateKeyframes: the seed's API
// [SECTION] evaluateInto: Chromium-recorded cases (shared/conformance/animations.json)
// [SECTION] evaluateInto: semantics
// [SECTION] evaluateInto: binary search and cursor against a brute-force reference
#include <zenit/anim/KeyframeEval.hpp>

#include "support/zenit_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

using namespace zenit;
// zenit::test::Approx names Catch::Matchers::Approx under Catch2 v2; the class is Catch::Detail::Approx
// there.
#if ZENIT_CATCH_MAJOR >= 3
using Catch::Approx;
#else
using Catch::Detail::Approx;
#endif

namespace {

Style left(float px) {
  Style s;
  s.left = Px(px);
  return s;
}

Keyframe frame(float t, Style delta, std::optional<TransitionFunction> easing = std::nullopt) {
  return Keyframe{.t = t, .delta = std::move(delta), .easing = std::move(easing)};
}

KeyframeAnimation compiled(std::vector<Keyframe> frames) {
  KeyframeAnimation a;
  a.name = "test";
  a.keyframes = std::move(frames);
  compileKeyframes(a);
  return a;
}

TransitionFunction stepsOf(std::uint16_t n, StepPosition pos) { return *TransitionFunction::stepsOf(n, pos); }

TransitionFunction cubicBezier(float x1, float y1, float x2, float y2) {
  return *TransitionFunction::cubicBezier(static_cast<double>(x1), static_cast<double>(y1),
                                          static_cast<double>(x2), static_cast<double>(y2));
}
// getRatio's curves land with the easing work. The Chromium numbers that need
// a curve are asserted once getRatio gives the CSS values these probes know
// (cubic-bezier by the CSS Easing 2 formula, steps by floor); until then those
// checks are reported as skipped and the curve-free ones still run.
bool bezierEasingAvailable() {
  return std::abs(getRatio(0.5, TransitionFunction::EaseIn) - 0.3153568) < 1e-4 &&
         std::abs(getRatio(0.5, TransitionFunction::Ease) - 0.8024034) < 1e-4;
}
bool stepEasingAvailable() {
  const TransitionFunction s = stepsOf(2, StepPosition::JumpEnd);
  return getRatio(0.49, s) == 0.0 && getRatio(0.5, s) == 0.5 && getRatio(0.99, s) == 0.5;
}

// The conformance harness's base style: `position: absolute; top: 0px;
// left: 100px; width: 50px; height: 50px`.
ComputedStyle conformanceBase() {
  ComputedStyle cs;
  cs.position = Position::Absolute;
  cs.top = Px(0);
  cs.left = Px(100);
  cs.width = Px(50);
  cs.height = Px(50);
  return cs;
}

// Chromium's reading: numbers within 1e-3 relative, at least 2e-3 absolute.
Approx chromium(double v) { return Approx(v).epsilon(1e-3).margin(2e-3); }

float leftAt(const KeyframeAnimation& a, double progress, const TransitionFunction& ease,
             const ComputedStyle& base, bool before = false) {
  ComputedStyle out = base;
  Anim::evaluateInto(a, progress, ease, before, base, out);
  REQUIRE(out.left.isLength());
  return out.left.px;
}

struct Sample {
  int tMs;
  double value;
};

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] evaluateKeyframes: the seed's API
// ---------------------------------------------------------------------------

TEST_CASE("evaluateKeyframes: no keyframes give an empty Style (seed §2.5) [anim][keyframes]") {
  const KeyframeAnimation a = compiled({});
  CHECK(Anim::evaluateKeyframes(a, 0.5f, TransitionFunction::Linear).empty());
}

TEST_CASE("evaluateKeyframes: one keyframe gives its delta at every localT (seed §2.5) [anim][keyframes]") {
  Style s = left(40);
  s.opacity = 0.25f;
  const KeyframeAnimation a = compiled({frame(0.3f, s)});
  for (const float t : {0.0f, 0.3f, 0.7f, 1.0f}) {
    const Style out = Anim::evaluateKeyframes(a, t, TransitionFunction::Linear);
    CHECK(out == s);
  }
}

TEST_CASE(
    "evaluateKeyframes: finds the segment around localT and lerps with segment-local u (seed §2.5) "
    "[anim][keyframes]") {
  const KeyframeAnimation a =
      compiled({frame(0.0f, left(0)), frame(0.25f, left(100)), frame(1.0f, left(200))});
  CHECK(Anim::evaluateKeyframes(a, 0.125f, TransitionFunction::Linear).left.value.px == Approx(50.0f));
  CHECK(Anim::evaluateKeyframes(a, 0.625f, TransitionFunction::Linear).left.value.px == Approx(150.0f));
  CHECK(Anim::evaluateKeyframes(a, 1.0f, TransitionFunction::Linear).left.value.px == Approx(200.0f));
  const Style out = Anim::evaluateKeyframes(a, 0.5f, TransitionFunction::Linear);
  CHECK(out.setProps() == PropSet{PropSet::bit(Prop::left)});  // only animated properties are set
}

TEST_CASE("evaluateKeyframes: a property set on one side only is used as is (seed §2.5) [anim][keyframes]") {
  Style k0 = left(0);
  k0.opacity = 0.3f;  // no 100% for opacity, and no underlying style to fill it
  Style k1 = left(100);
  k1.rotate = 90.0f;  // no 0% for rotate
  const KeyframeAnimation a = compiled({frame(0.0f, k0), frame(1.0f, k1)});
  const Style out = Anim::evaluateKeyframes(a, 0.5f, TransitionFunction::Linear);
  CHECK(out.left.value.px == Approx(50.0f));
  CHECK(out.opacity.value == 0.3f);
  CHECK(out.rotate.value == 90.0f);
}

TEST_CASE(
    "evaluateKeyframes: easing is applied to the segment-local u with the segment's keyframe easing "
    "(seed §2.5) [anim][keyframes]") {
  const TransitionFunction own = TransitionFunction::EaseIn;
  const TransitionFunction anim = TransitionFunction::EaseOut;
  const KeyframeAnimation a =
      compiled({frame(0.0f, left(0)), frame(0.5f, left(100), own), frame(1.0f, left(300))});
  // First segment: no easing of its own, the animation's; second: the keyframe's.
  CHECK(Anim::evaluateKeyframes(a, 0.25f, anim).left.value.px == Approx(100.0 * getRatio(0.5, anim)));
  CHECK(Anim::evaluateKeyframes(a, 0.75f, anim).left.value.px == Approx(100.0 + 200.0 * getRatio(0.5, own)));
  if (bezierEasingAvailable()) {
    CHECK(Anim::evaluateKeyframes(a, 0.75f, anim).left.value.px == Approx(100.0 + 200.0 * 0.3153568));
  } else {
    FAIL("cubic-bezier values no longer skippable: getRatio must evaluate curves yet");
  }
}

TEST_CASE("evaluateKeyframes: localT is clamped to [0, 1] and NaN reads as 0 [anim][keyframes]") {
  const KeyframeAnimation a = compiled({frame(0.0f, left(0)), frame(1.0f, left(100))});
  CHECK(Anim::evaluateKeyframes(a, -3.0f, TransitionFunction::Linear).left.value.px == 0.0f);
  CHECK(Anim::evaluateKeyframes(a, 7.0f, TransitionFunction::Linear).left.value.px == 100.0f);
  CHECK(Anim::evaluateKeyframes(a, std::numeric_limits<float>::quiet_NaN(), TransitionFunction::Linear)
            .left.value.px == 0.0f);
}

TEST_CASE(
    "evaluateKeyframes: an animation never compiled is evaluated on a compiled copy [anim][keyframes]") {
  KeyframeAnimation raw;
  raw.keyframes = {frame(1.0f, left(100)), frame(0.0f, left(0))};  // unsorted, as a parser might leave it
  CHECK(Anim::evaluateKeyframes(raw, 0.25f, TransitionFunction::Linear).left.value.px == Approx(25.0f));
  CHECK_FALSE(raw.compiled());
}

// ---------------------------------------------------------------------------
// [SECTION] evaluateInto: Chromium-recorded cases (shared/conformance/animations.json)
// ---------------------------------------------------------------------------

TEST_CASE(
    "evaluateInto: conformance missing-from-and-to — 0% and 100% come from the underlying value "
    "[anim][keyframes][conformance]") {
  // @keyframes half { 50% { left: 500px } }   .box { left: 100px; animation: half 1s linear both }
  const KeyframeAnimation a = compiled({frame(0.5f, left(500))});
  const ComputedStyle base = conformanceBase();
  const Sample samples[] = {{0, 100}, {250, 300}, {500, 500}, {750, 300}, {1000, 100}};
  for (const Sample& s : samples) {
    INFO("t_ms = " << s.tMs);
    CHECK(leftAt(a, s.tMs / 1000.0, TransitionFunction::Linear, base) == chromium(s.value));
  }
}

TEST_CASE(
    "evaluateInto: conformance missing-prop-middle-left — a property's keyframes are only those that "
    "set it [anim][keyframes][conformance]") {
  // 0% { left: 0px; top: 0px; animation-timing-function: linear } 50% { left: 800px }
  // 100% { left: 1000px; top: 1000px }            animation: mixed 1s ease
  Style k0 = left(0);
  k0.top = Px(0);
  Style k2 = left(1000);
  k2.top = Px(1000);
  const KeyframeAnimation a =
      compiled({frame(0.0f, k0, TransitionFunction::Linear), frame(0.5f, left(800)), frame(1.0f, k2)});
  const ComputedStyle base = conformanceBase();
  const TransitionFunction& ease = TransitionFunction::Ease;

  CHECK(leftAt(a, 0.25, ease, base) == chromium(400));  // 0%→50% runs linear (its own easing)
  CHECK(leftAt(a, 0.5, ease, base) == chromium(800));
  // 50%→100% has no easing of its own: the animation's `ease` at u = 0.5.
  CHECK(leftAt(a, 0.75, ease, base) == Approx(800.0 + 200.0 * getRatio(0.5, ease)));
  if (bezierEasingAvailable()) {
    CHECK(leftAt(a, 0.75, ease, base) == chromium(960.481));
  } else {
    FAIL("missing-prop-middle-left t=750 no longer skippable: getRatio must evaluate curves yet");
  }

  // top's track is 0% → 100% (50% does not set it), eased by 0%'s linear.
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.25, ease, false, base, out);
  CHECK(out.top.px == Approx(250.0f));
  Anim::evaluateInto(a, 0.75, ease, false, base, out);
  CHECK(out.top.px == Approx(750.0f));
}

TEST_CASE(
    "evaluateInto: conformance dup-offset-different-easing — at a shared offset the later keyframe wins "
    "[anim][keyframes][conformance]") {
  // 0% { left: 0 } 50% { left: 200px; a-t-f: linear } 50% { left: 800px; a-t-f: ease-in } 100% { left: 1000px
  // }
  const KeyframeAnimation a =
      compiled({frame(0.0f, left(0)), frame(0.5f, left(200), TransitionFunction::Linear),
                frame(0.5f, left(800), TransitionFunction::EaseIn), frame(1.0f, left(1000))});
  const ComputedStyle base = conformanceBase();
  const TransitionFunction& lin = TransitionFunction::Linear;
  CHECK(leftAt(a, 0.25, lin, base) == chromium(100));
  CHECK(leftAt(a, 0.499, lin, base) == chromium(199.6));  // approaching the first 50% keyframe
  CHECK(leftAt(a, 0.5, lin, base) == chromium(800));      // at 50% the second one wins
  if (bezierEasingAvailable()) {
    CHECK(leftAt(a, 0.501, lin, base) == chromium(800.002));
    CHECK(leftAt(a, 0.75, lin, base) == chromium(863.071));
  } else {
    CHECK(leftAt(a, 0.75, lin, base) == Approx(800.0 + 200.0 * getRatio(0.5, TransitionFunction::EaseIn)));
    FAIL("dup-offset-different-easing t=501,750 no longer skippable: getRatio must evaluate curves yet");
  }
}

TEST_CASE(
    "evaluateInto: conformance invalid-offset-dropped — a 150% keyframe takes no part "
    "[anim][keyframes][conformance]") {
  const KeyframeAnimation a =
      compiled({frame(0.0f, left(0)), frame(1.5f, left(5000)), frame(1.0f, left(1000))});
  const ComputedStyle base = conformanceBase();
  const Sample samples[] = {{250, 250}, {500, 500}, {750, 750}};
  for (const Sample& s : samples) {
    INFO("t_ms = " << s.tMs);
    CHECK(leftAt(a, s.tMs / 1000.0, TransitionFunction::Linear, base) == chromium(s.value));
  }
}

TEST_CASE(
    "evaluateInto: conformance kf-tf-mixed — per-keyframe animation-timing-function "
    "[anim][keyframes][conformance]") {
  // 0% { left: 0px; a-t-f: ease-in } 50% { left: 500px; a-t-f: steps(2, jump-end) } 100% { left: 1000px }
  // animation: kftf 1s linear forwards
  const KeyframeAnimation a =
      compiled({frame(0.0f, left(0), TransitionFunction::EaseIn),
                frame(0.5f, left(500), stepsOf(2, StepPosition::JumpEnd)), frame(1.0f, left(1000))});
  const ComputedStyle base = conformanceBase();
  const TransitionFunction& lin = TransitionFunction::Linear;
  // Curve-free points: keyframe offsets and the end.
  CHECK(leftAt(a, 0.0, lin, base) == chromium(0));
  CHECK(leftAt(a, 0.5, lin, base) == chromium(500));
  CHECK(leftAt(a, 1.0, lin, base) == chromium(1000));

  if (bezierEasingAvailable()) {
    const Sample easeIn[] = {{125, 46.7323}, {250, 157.678}, {375, 310.931}, {499, 498.29}};
    for (const Sample& s : easeIn) {
      INFO("t_ms = " << s.tMs);
      CHECK(leftAt(a, s.tMs / 1000.0, lin, base) == chromium(s.value));
    }
  } else {
    FAIL("kf-tf-mixed ease-in half no longer skippable: getRatio must evaluate curves yet");
  }
  if (stepEasingAvailable()) {
    const Sample steps[] = {{600, 500}, {749, 500}, {750, 750}, {900, 750}, {999, 750}};
    for (const Sample& s : steps) {
      INFO("t_ms = " << s.tMs);
      CHECK(leftAt(a, s.tMs / 1000.0, lin, base) == chromium(s.value));
    }
  } else {
    FAIL("kf-tf-mixed steps half no longer skippable: getRatio must evaluate steps yet");
  }
}

TEST_CASE(
    "evaluateInto: conformance kf-tf-overshoot-width — negative widths clamp to 0 after interpolating "
    "[anim][keyframes][conformance]") {
  Style from;
  from.width = Px(0);
  Style to;
  to.width = Px(100);
  const KeyframeAnimation a = compiled({frame(0.0f, from), frame(1.0f, to)});
  const ComputedStyle base = conformanceBase();
  ComputedStyle out = base;

  // Without a curve: a progress below 0 extrapolates the first interval to -25px.
  Anim::evaluateInto(a, -0.25, TransitionFunction::Linear, false, base, out);
  CHECK(out.width.px == 0.0f);

  if (bezierEasingAvailable()) {
    const TransitionFunction back = cubicBezier(0.68f, -0.55f, 0.27f, 1.55f);
    const Sample samples[] = {{100, 0}, {200, 0}, {300, 0}, {500, 59.6596}, {800, 109.219}};
    for (const Sample& s : samples) {
      INFO("t_ms = " << s.tMs);
      Anim::evaluateInto(a, s.tMs / 1000.0, back, false, base, out);
      CHECK(out.width.px == chromium(s.value));
    }
  } else {
    FAIL("kf-tf-overshoot-width curve no longer skippable: getRatio must evaluate curves yet");
  }
}

// ---------------------------------------------------------------------------
// [SECTION] evaluateInto: semantics
// ---------------------------------------------------------------------------

TEST_CASE("evaluateInto: writes only the animated properties [anim][keyframes]") {
  Style k0 = left(0);
  k0.opacity = 0.0f;
  Style k1 = left(100);
  k1.opacity = 1.0f;
  const KeyframeAnimation a = compiled({frame(0.0f, k0), frame(1.0f, k1)});
  ComputedStyle base = conformanceBase();
  base.backgroundColor = Color::white();
  ComputedStyle out = base;
  out.rotate = 33.0f;  // not animated: must survive
  Anim::evaluateInto(a, 0.5, TransitionFunction::Linear, false, base, out);
  CHECK(out.left.px == Approx(50.0f));
  CHECK(out.opacity == Approx(0.5f));
  ComputedStyle expected = base;
  expected.rotate = 33.0f;
  expected.left = out.left;
  expected.opacity = out.opacity;
  CHECK(out == expected);
}

TEST_CASE("evaluateInto: out may be the underlying style itself [anim][keyframes]") {
  const KeyframeAnimation a = compiled({frame(0.5f, left(500))});
  ComputedStyle cs = conformanceBase();  // left: 100px
  Anim::evaluateInto(a, 0.25, TransitionFunction::Linear, false, cs, cs);
  CHECK(cs.left.px == Approx(300.0f));
}

TEST_CASE("evaluateInto: zero keyframes leave out untouched [anim][keyframes]") {
  const KeyframeAnimation a = compiled({});
  const ComputedStyle base = conformanceBase();
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.5, TransitionFunction::Linear, false, base, out);
  CHECK(out == base);
}

TEST_CASE("evaluateInto: one keyframe runs from and back to the underlying value [anim][keyframes]") {
  const KeyframeAnimation a = compiled({frame(1.0f, left(300))});
  const ComputedStyle base = conformanceBase();  // left: 100px
  CHECK(leftAt(a, 0.0, TransitionFunction::Linear, base) == Approx(100.0f));
  CHECK(leftAt(a, 0.5, TransitionFunction::Linear, base) == Approx(200.0f));
  CHECK(leftAt(a, 1.0, TransitionFunction::Linear, base) == Approx(300.0f));
}

TEST_CASE("evaluateInto: 1000 keyframes sample exactly on their line [anim][keyframes]") {
  std::vector<Keyframe> frames;
  for (int i = 0; i < 1000; ++i)
    frames.push_back(frame(static_cast<float>(i) / 999.0f, left(static_cast<float>(i))));
  const KeyframeAnimation a = compiled(std::move(frames));
  const ComputedStyle base = conformanceBase();
  Anim::KeyframeCursor cursor;
  for (int j = 0; j <= 4000; ++j) {
    const double p = j / 4000.0;
    ComputedStyle out = base;
    Anim::evaluateInto(a, p, TransitionFunction::Linear, false, base, out, &cursor);
    INFO("p = " << p);
    REQUIRE(out.left.px == Approx(p * 999.0).margin(1e-3));
  }
}

TEST_CASE(
    "evaluateInto: keys sharing an offset — later wins there, the first below, boundaries pick the "
    "outermost (Web Animations 1) [anim][keyframes]") {
  const KeyframeAnimation a = compiled(
      {frame(0.0f, left(10), TransitionFunction::Linear), frame(0.0f, left(20), TransitionFunction::EaseIn),
       frame(0.5f, left(200), TransitionFunction::Linear), frame(0.5f, left(800), TransitionFunction::EaseIn),
       frame(1.0f, left(900), TransitionFunction::Linear),
       frame(1.0f, left(1000), TransitionFunction::EaseIn)});
  const ComputedStyle base = conformanceBase();
  const TransitionFunction& lin = TransitionFunction::Linear;
  CHECK(leftAt(a, -0.5, lin, base) == 10.0f);   // before 0 with two keys at 0: the first alone
  CHECK(leftAt(a, 0.0, lin, base) == 20.0f);    // at 0: the last key at 0 starts the interval
  CHECK(leftAt(a, 0.5, lin, base) == 800.0f);   // at 50%: the later keyframe
  CHECK(leftAt(a, 1.0, lin, base) == 1000.0f);  // at 1 with two keys at 1: the last alone
  CHECK(leftAt(a, 1.5, lin, base) == 1000.0f);
  // Below 50% the interval runs 20 → 200 with the second 0% key's easing (ease-in).
  CHECK(leftAt(a, 0.25, lin, base) == Approx(20.0 + 180.0 * getRatio(0.5, TransitionFunction::EaseIn)));
}

TEST_CASE(
    "evaluateInto: outside [0, 1] the first and last intervals extrapolate; ranges clamp "
    "[anim][keyframes]") {
  Style k0 = left(0);
  k0.opacity = 0.2f;
  Style k1 = left(100);
  k1.opacity = 0.8f;
  const KeyframeAnimation a = compiled({frame(0.0f, k0), frame(1.0f, k1)});
  const ComputedStyle base = conformanceBase();
  ComputedStyle out = base;
  Anim::evaluateInto(a, 1.5, TransitionFunction::Linear, false, base, out);
  CHECK(out.left.px == Approx(150.0f));  // left has no range limit
  CHECK(out.opacity == 1.0f);            // 1.1 clamps to opacity's [0, 1]
  Anim::evaluateInto(a, -0.5, TransitionFunction::Linear, false, base, out);
  CHECK(out.left.px == Approx(-50.0f));
  CHECK(out.opacity == 0.0f);
}

TEST_CASE("evaluateInto: NaN progress reads as 0 [anim][keyframes]") {
  const KeyframeAnimation a = compiled({frame(0.0f, left(7)), frame(1.0f, left(100))});
  CHECK(leftAt(a, std::numeric_limits<double>::quiet_NaN(), TransitionFunction::Linear, conformanceBase()) ==
        7.0f);
}

TEST_CASE(
    "evaluateInto: the before flag reaches the segment's easing (Web Animations 1 before flag) "
    "[anim][keyframes]") {
  const TransitionFunction jumpStart = stepsOf(2, StepPosition::JumpStart);
  const KeyframeAnimation a = compiled({frame(0.0f, left(0)), frame(1.0f, left(1000))});
  const ComputedStyle base = conformanceBase();
  CHECK(leftAt(a, 0.0, jumpStart, base, true) == Approx(1000.0 * getRatio(0.0, jumpStart, true)));
  CHECK(leftAt(a, 0.0, jumpStart, base, false) == Approx(1000.0 * getRatio(0.0, jumpStart, false)));
  if (stepEasingAvailable()) {
    // conformance fill-backwards-steps-jump-start: 0 in the before phase, a jump at the start.
    CHECK(leftAt(a, 0.0, jumpStart, base, true) == 0.0f);
    CHECK(leftAt(a, 0.0, jumpStart, base, false) == Approx(500.0f));
  } else {
    FAIL("jump-start values no longer skippable: getRatio must evaluate steps yet");
  }
}

// ---------------------------------------------------------------------------
// [SECTION] evaluateInto: binary search and cursor against a brute-force reference
// ---------------------------------------------------------------------------

namespace {

// Deterministic pseudo-random numbers (no <random> distribution differences).
struct Lcg {
  std::uint64_t s;
  std::uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(s >> 33);
  }
  float unit() { return static_cast<float>(next() % 100001u) / 100000.0f; }
};

// 64 keyframes over left / opacity / width, some sharing offsets, some at 0 or
// 1, some with their own easing, not every property in every keyframe.
std::vector<Keyframe> randomFrames(std::uint64_t seed, int n) {
  Lcg rng{seed};
  std::vector<Keyframe> frames;
  for (int i = 0; i < n; ++i) {
    float t = rng.unit();
    const std::uint32_t pick = rng.next() % 10u;
    if (pick == 0) t = 0.0f;
    if (pick == 1) t = 1.0f;
    if (pick == 2 && !frames.empty()) t = frames[rng.next() % frames.size()].t;  // a shared offset
    Style s;
    const std::uint32_t props = 1u + rng.next() % 7u;
    if (props & 1u) s.left = Px(rng.unit() * 1000.0f - 200.0f);
    if (props & 2u) s.opacity = rng.unit();
    if (props & 4u) s.width = Px(rng.unit() * 300.0f);
    std::optional<TransitionFunction> e;
    const std::uint32_t ez = rng.next() % 3u;
    if (ez == 1) e = TransitionFunction::EaseIn;
    if (ez == 2) e = TransitionFunction::Linear;
    frames.push_back(frame(t, s, e));
  }
  return frames;
}

// Web Animations 1 "the effect value of a keyframe effect" for one float-like
// property, by linear scans over the compiled keyframes (sorted and merged:
// compileKeyframes' own tests cover that part).
struct RefKey {
  double t;
  float v;
  const TransitionFunction* e;
};

template <class Get>
float reference(const KeyframeAnimation& a, double p, const TransitionFunction& ease, float underlying,
                Get get) {
  std::vector<RefKey> ks;
  for (const Keyframe& k : a.keyframes) {
    const std::optional<float> v = get(k.delta);
    if (v) ks.push_back(RefKey{static_cast<double>(k.t), *v, k.easing ? &*k.easing : &ease});
  }
  if (ks.empty()) return underlying;
  if (ks.front().t != 0.0) ks.insert(ks.begin(), RefKey{0.0, underlying, &ease});
  if (ks.back().t != 1.0) ks.push_back(RefKey{1.0, underlying, &ease});
  int zeros = 0, ones = 0;
  for (const RefKey& k : ks) {
    zeros += k.t == 0.0 ? 1 : 0;
    ones += k.t == 1.0 ? 1 : 0;
  }
  if (p < 0.0 && zeros > 1) return ks.front().v;
  if (p >= 1.0 && ones > 1) return ks.back().v;
  std::size_t start = 0;
  bool found = false;
  for (std::size_t i = 0; i < ks.size(); ++i) {
    if (ks[i].t <= p && ks[i].t < 1.0) {
      start = i;
      found = true;
    }
  }
  if (!found) {
    for (std::size_t i = 0; i < ks.size(); ++i)
      if (ks[i].t == 0.0) start = i;
  }
  const RefKey& k0 = ks[start];
  const RefKey& k1 = ks[start + 1];
  const double u = (p - k0.t) / (k1.t - k0.t);
  const auto w = static_cast<float>(getRatio(u, *k0.e, false));
  return k0.v + (k1.v - k0.v) * w;
}

std::optional<float> refLeft(const Style& s) {
  return s.left.is_set ? std::optional<float>(s.left.value.px) : std::nullopt;
}
std::optional<float> refOpacity(const Style& s) {
  return s.opacity.is_set ? std::optional<float>(s.opacity.value) : std::nullopt;
}
std::optional<float> refWidth(const Style& s) {
  return s.width.is_set ? std::optional<float>(s.width.value.px) : std::nullopt;
}

std::vector<double> probePoints(const KeyframeAnimation& a) {
  std::vector<double> ps;
  for (int i = -100; i <= 1100; ++i) ps.push_back(i / 1000.0);
  for (const Keyframe& k : a.keyframes) {
    ps.push_back(static_cast<double>(k.t));
    ps.push_back(static_cast<double>(k.t) - 1e-4);
    ps.push_back(static_cast<double>(k.t) + 1e-4);
  }
  return ps;
}

}  // namespace

TEST_CASE("evaluateInto: binary search over 64 keyframes equals a brute-force reference [anim][keyframes]") {
  for (const std::uint64_t seed : {1ull, 7ull, 42ull, 2024ull}) {
    const KeyframeAnimation a = compiled(randomFrames(seed, 64));
    ComputedStyle base = conformanceBase();
    base.opacity = 0.6f;
    const TransitionFunction& ease = TransitionFunction::EaseOut;
    for (const double p : probePoints(a)) {
      ComputedStyle out = base;
      Anim::evaluateInto(a, p, ease, false, base, out);
      INFO("seed " << seed << ", p = " << p);
      REQUIRE(out.left.px == Approx(reference(a, p, ease, base.left.px, refLeft)).margin(1e-3));
      const float refOp = reference(a, p, ease, base.opacity, refOpacity);
      REQUIRE(out.opacity == Approx(std::clamp(refOp, 0.0f, 1.0f)).margin(1e-5));
      const float refW = reference(a, p, ease, base.width.px, refWidth);
      REQUIRE(out.width.px == Approx(std::max(refW, 0.0f)).margin(1e-3));
    }
  }
}

TEST_CASE(
    "evaluateInto: the cursor gives the same values as no cursor, in any playback order "
    "[anim][keyframes]") {
  const KeyframeAnimation a = compiled(randomFrames(99, 64));
  const ComputedStyle base = conformanceBase();
  const TransitionFunction& ease = TransitionFunction::Ease;
  Anim::KeyframeCursor cursor;

  std::vector<double> order;
  for (int i = 0; i <= 2000; ++i) order.push_back(i / 2000.0);     // forward, small steps
  for (int i = 2000; i >= 0; i -= 7) order.push_back(i / 2000.0);  // backward
  Lcg rng{5};
  for (int i = 0; i < 2000; ++i) order.push_back(static_cast<double>(rng.unit()) * 1.4 - 0.2);  // jumps

  for (const double p : order) {
    ComputedStyle plain = base, cached = base;
    Anim::evaluateInto(a, p, ease, false, base, plain);
    Anim::evaluateInto(a, p, ease, false, base, cached, &cursor);
    INFO("p = " << p);
    REQUIRE(cached == plain);
  }
  CHECK(cursor.generation == a.generation);
}

TEST_CASE("evaluateInto: a recompile (new generation) invalidates the cursor [anim][keyframes]") {
  KeyframeAnimation a = compiled(randomFrames(3, 64));
  const ComputedStyle base = conformanceBase();
  const TransitionFunction& lin = TransitionFunction::Linear;
  Anim::KeyframeCursor cursor;
  ComputedStyle out = base;
  Anim::evaluateInto(a, 0.97, lin, false, base, out, &cursor);  // hints now point near the end
  const std::uint32_t before = a.generation;

  // Hot reload: far fewer keys, so the old hints would index past the new tracks.
  a.keyframes = {frame(0.0f, left(0)), frame(1.0f, left(100))};
  compileKeyframes(a);
  REQUIRE(a.generation != before);
  for (const double p : {0.97, 0.5, 0.1, 0.99}) {
    ComputedStyle plain = base, cached = base;
    Anim::evaluateInto(a, p, lin, false, base, plain);
    Anim::evaluateInto(a, p, lin, false, base, cached, &cursor);
    INFO("p = " << p);
    CHECK(cached == plain);
    CHECK(cached.left.px == Approx(p * 100.0));
  }
  CHECK(cursor.generation == a.generation);

  // One cursor shared by mistake between two animations is still only a hint.
  const KeyframeAnimation b = compiled(randomFrames(4, 64));
  for (const double p : {0.2, 0.8}) {
    ComputedStyle plain = base, cached = base;
    Anim::evaluateInto(b, p, lin, false, base, plain);
    Anim::evaluateInto(b, p, lin, false, base, cached, &cursor);
    CHECK(cached == plain);
  }
}
