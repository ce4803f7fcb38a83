// compileKeyframes (style/Keyframes.hpp): validation and simplification of a
// @keyframes rule into per-property tracks.
#include <zenit/style/Keyframes.hpp>

#include "support/zenit_test.hpp"

#include <cmath>
#include <limits>
#include <vector>

using namespace zenit;

namespace {

Style left(float px) {
  Style s;
  s.left = Px(px);
  return s;
}

Keyframe frame(float t, Style delta, std::optional<TransitionFunction> easing = std::nullopt) {
  return Keyframe{.t = t, .delta = std::move(delta), .easing = std::move(easing)};
}

// The keys of p's track as (offset, frame) pairs, for compact assertions.
std::vector<std::pair<float, std::uint32_t>> trackKeys(const KeyframeAnimation& a, Prop p) {
  std::vector<std::pair<float, std::uint32_t>> out;
  const KeyframeTrack* tr = a.track(p);
  if (tr == nullptr) return out;
  for (std::uint32_t i = 0; i < tr->count; ++i) {
    const KeyframeKey& k = a.keys[tr->first + i];
    out.emplace_back(k.t, k.frame);
  }
  return out;
}

using Keys = std::vector<std::pair<float, std::uint32_t>>;
constexpr std::uint32_t U = kUnderlyingFrame;

TransitionFunction stepsOf(std::uint16_t n, StepPosition pos) {  // built by hand: the factory is not ours
  TransitionFunction f;
  f.kind = EaseKind::Steps;
  f.steps = n;
  f.stepPosition = pos;
  return f;
}

}  // namespace

TEST_CASE("compileKeyframes: keyframes in any order are sorted by offset (seed §1.2) [style][keyframes]") {
  KeyframeAnimation a;
  a.keyframes = {frame(1.0f, left(1000)), frame(0.0f, left(0)), frame(0.5f, left(500))};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 3);
  CHECK(a.keyframes[0].t == 0.0f);
  CHECK(a.keyframes[1].t == 0.5f);
  CHECK(a.keyframes[2].t == 1.0f);
  CHECK(a.keyframes[0].delta.left.value == Px(0));
  CHECK(a.keyframes[1].delta.left.value == Px(500));
  CHECK(a.keyframes[2].delta.left.value == Px(1000));
  CHECK(trackKeys(a, Prop::left) == Keys{{0.0f, 0u}, {0.5f, 1u}, {1.0f, 2u}});
}

TEST_CASE(
    "compileKeyframes: offsets outside [0, 1] and NaN are dropped (conformance invalid-offset-dropped) "
    "[style][keyframes]") {
  KeyframeAnimation a;
  a.keyframes = {frame(0.0f, left(0)), frame(1.5f, left(5000)), frame(1.0f, left(1000)),
                 frame(-0.1f, left(-100)), frame(std::numeric_limits<float>::quiet_NaN(), left(7))};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 2);
  CHECK(a.keyframes[0].delta.left.value == Px(0));
  CHECK(a.keyframes[1].delta.left.value == Px(1000));
  CHECK(trackKeys(a, Prop::left) == Keys{{0.0f, 0u}, {1.0f, 1u}});
}

TEST_CASE(
    "compileKeyframes: same offset and same easing merge into the first, later values winning "
    "[style][keyframes]") {
  KeyframeAnimation a;
  Style first = left(10);
  first.opacity = 0.25f;
  Style second = left(20);
  second.top = Px(5);
  a.keyframes = {frame(0.0f, left(0)), frame(0.5f, first), frame(1.0f, left(100)), frame(0.5f, second)};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 3);
  const Style& m = a.keyframes[1].delta;
  CHECK(a.keyframes[1].t == 0.5f);
  CHECK(m.left.value == Px(20));    // the later declaration wins
  CHECK(m.opacity.value == 0.25f);  // what only the first set survives
  CHECK(m.top.value == Px(5));      // what only the second set is added
}

TEST_CASE(
    "compileKeyframes: same offset with different easings stays apart in source order "
    "(conformance dup-offset-different-easing) [style][keyframes]") {
  KeyframeAnimation a;
  a.keyframes = {frame(0.0f, left(0)), frame(0.5f, left(200), TransitionFunction::Linear),
                 frame(0.5f, left(800), TransitionFunction::EaseIn), frame(1.0f, left(1000))};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 4);
  CHECK(a.keyframes[1].delta.left.value == Px(200));
  CHECK(a.keyframes[2].delta.left.value == Px(800));
  CHECK(trackKeys(a, Prop::left) == Keys{{0.0f, 0u}, {0.5f, 1u}, {0.5f, 2u}, {1.0f, 3u}});
}

TEST_CASE(
    "compileKeyframes: a keyframe merges with an earlier non-adjacent one of equal easing (CSS Animations 2, "
    "WPT anim-merge-offset-and-easing) [style][keyframes]") {
  const TransitionFunction stepEnd = stepsOf(1, StepPosition::JumpEnd);
  Style color;
  color.color = Color::white();
  Style size;
  size.opacity = 0.5f;
  Style pad;
  pad.top = Px(2);
  KeyframeAnimation a;
  a.keyframes = {frame(0.0f, color, stepEnd), frame(1.0f, left(1)),
                 frame(0.0f, left(8), TransitionFunction::Linear), frame(0.0f, size, stepEnd),
                 frame(0.0f, pad, TransitionFunction::Linear)};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 3);
  CHECK(a.keyframes[0].easing == stepEnd);
  CHECK(a.keyframes[0].delta.setProps() ==
        (PropSet{PropSet::bit(Prop::color)} | PropSet{PropSet::bit(Prop::opacity)}));
  CHECK(a.keyframes[1].easing == TransitionFunction::Linear);
  CHECK(a.keyframes[1].delta.setProps() ==
        (PropSet{PropSet::bit(Prop::left)} | PropSet{PropSet::bit(Prop::top)}));
  CHECK(a.keyframes[2].t == 1.0f);
}

TEST_CASE(
    "compileKeyframes: easings compare by value, as Blink compares timing functions [style][keyframes]") {
  // Two separately built cubic-bezier(0.42, 0, 1, 1) are the same easing and merge; the
  // `ease-in` keyword is a different timing function to Blink even with the same points.
  const TransitionFunction bezierA = *TransitionFunction::cubicBezier(0.42, 0, 1, 1);
  const TransitionFunction bezierB = *TransitionFunction::cubicBezier(0.42, 0, 1, 1);
  KeyframeAnimation a;
  a.keyframes = {frame(0.0f, left(0), bezierA), frame(0.0f, left(5), bezierB), frame(1.0f, left(9))};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 2);
  CHECK(a.keyframes[0].delta.left.value == Px(5));

  KeyframeAnimation b;
  b.keyframes = {frame(0.0f, left(0), TransitionFunction::EaseIn), frame(0.0f, left(5), bezierA),
                 frame(1.0f, left(9))};
  compileKeyframes(b);
  CHECK(b.keyframes.size() == 3);
}

TEST_CASE(
    "compileKeyframes: a keyframe without easing never merges with one that has an easing "
    "[style][keyframes]") {
  KeyframeAnimation a;
  a.keyframes = {frame(0.5f, left(1)), frame(0.5f, left(2), TransitionFunction::Ease)};
  compileKeyframes(a);
  CHECK(a.keyframes.size() == 2);
}

TEST_CASE(
    "compileKeyframes: merging picks the first matching keyframe, so a later-merged value can lose "
    "to a keyframe in between (CSS Animations 2 §3) [style][keyframes]") {
  KeyframeAnimation a;
  a.keyframes = {frame(0.5f, left(1), TransitionFunction::Linear),
                 frame(0.5f, left(2), TransitionFunction::EaseIn),
                 frame(0.5f, left(3), TransitionFunction::Linear)};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 2);
  CHECK(a.keyframes[0].delta.left.value == Px(3));
  CHECK(a.keyframes[1].delta.left.value == Px(2));
  // The track reads "3 then 2" at 50%: the last key (2) is what 50% shows.
  CHECK(trackKeys(a, Prop::left) == Keys{{0.0f, U}, {0.5f, 0u}, {0.5f, 1u}, {1.0f, U}});
}

TEST_CASE(
    "compileKeyframes: each property gets its own track of the keyframes that set it "
    "(conformance missing-prop-middle) [style][keyframes]") {
  Style k0 = left(0);
  k0.top = Px(0);
  Style k2 = left(1000);
  k2.top = Px(1000);
  KeyframeAnimation a;
  a.keyframes = {frame(0.0f, k0, TransitionFunction::Linear), frame(0.5f, left(800)), frame(1.0f, k2)};
  compileKeyframes(a);
  CHECK(a.animated == (PropSet{PropSet::bit(Prop::left)} | PropSet{PropSet::bit(Prop::top)}));
  REQUIRE(a.tracks.size() == 2);
  CHECK(a.tracks[0].prop == Prop::left);  // Prop id order
  CHECK(a.tracks[1].prop == Prop::top);
  CHECK(trackKeys(a, Prop::left) == Keys{{0.0f, 0u}, {0.5f, 1u}, {1.0f, 2u}});
  CHECK(trackKeys(a, Prop::top) == Keys{{0.0f, 0u}, {1.0f, 2u}});
  // Flat layout: tracks are contiguous ranges of one key array.
  CHECK(a.tracks[0].first == 0u);
  CHECK(a.tracks[1].first == a.tracks[0].count);
  CHECK(a.keys.size() == 5u);
  CHECK(a.track(Prop::opacity) == nullptr);
}

TEST_CASE(
    "compileKeyframes: a missing 0% or 100% becomes an underlying-value key (conformance "
    "missing-from-and-to) [style][keyframes]") {
  KeyframeAnimation a;
  a.keyframes = {frame(0.5f, left(500))};
  compileKeyframes(a);
  CHECK(trackKeys(a, Prop::left) == Keys{{0.0f, U}, {0.5f, 0u}, {1.0f, U}});

  KeyframeAnimation to;
  to.keyframes = {frame(1.0f, left(5))};
  compileKeyframes(to);
  CHECK(trackKeys(to, Prop::left) == Keys{{0.0f, U}, {1.0f, 0u}});

  KeyframeAnimation from;
  from.keyframes = {frame(0.0f, left(5))};
  compileKeyframes(from);
  CHECK(trackKeys(from, Prop::left) == Keys{{0.0f, 0u}, {1.0f, U}});
}

TEST_CASE(
    "compileKeyframes: a run of keys at one offset keeps only its first and last key [style][keyframes]") {
  KeyframeAnimation a;
  a.keyframes = {
      frame(0.5f, left(1), TransitionFunction::Linear), frame(0.5f, left(2), TransitionFunction::EaseIn),
      frame(0.5f, left(3), TransitionFunction::EaseOut), frame(0.5f, left(4), TransitionFunction::Ease)};
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 4);
  CHECK(trackKeys(a, Prop::left) == Keys{{0.0f, U}, {0.5f, 0u}, {0.5f, 3u}, {1.0f, U}});
}

TEST_CASE("compileKeyframes: non-animatable properties are ignored and cleared [style][keyframes]") {
  Style k0 = left(0);
  k0.display = Display::None;      // PF_LAYOUT only
  k0.overflow = Overflow::Hidden;  // PF_PAINT only
  Style onlyDiscrete;
  onlyDiscrete.position = Position::Absolute;
  onlyDiscrete.animations = AnimationList{AnimationRef{.name = "x"}};
  KeyframeAnimation a;
  a.keyframes = {frame(0.0f, k0), frame(0.5f, onlyDiscrete), frame(1.0f, left(10))};
  compileKeyframes(a);
  CHECK(a.animated == PropSet{PropSet::bit(Prop::left)});
  REQUIRE(a.keyframes.size() == 2);  // the keyframe with nothing animatable is gone
  CHECK_FALSE(a.keyframes[0].delta.display.is_set);
  CHECK_FALSE(a.keyframes[0].delta.overflow.is_set);
  CHECK(a.keyframes[1].t == 1.0f);
  CHECK(a.track(Prop::display) == nullptr);
}

TEST_CASE("compileKeyframes: animated is the union of animatable properties set [style][keyframes]") {
  Style a0;
  a0.opacity = 0.0f;
  Style a1;
  a1.backgroundColor = Color::white();
  a1.translateX = Px(4);
  KeyframeAnimation a;
  a.keyframes = {frame(0.0f, a0), frame(1.0f, a1)};
  compileKeyframes(a);
  CHECK(a.animated.count() == 3);
  CHECK(a.animated.test(Prop::opacity));
  CHECK(a.animated.test(Prop::backgroundColor));
  CHECK(a.animated.test(Prop::translateX));
  CHECK(a.tracks.size() == 3u);
  for (const KeyframeTrack& tr : a.tracks) CHECK(a.track(tr.prop) == &tr);
}

TEST_CASE(
    "compileKeyframes: every compile takes a new, nonzero generation; recompiling is idempotent "
    "[style][keyframes]") {
  KeyframeAnimation a;
  CHECK_FALSE(a.compiled());
  a.keyframes = {frame(1.0f, left(10)), frame(0.0f, left(0))};
  compileKeyframes(a);
  CHECK(a.compiled());
  const std::uint32_t g1 = a.generation;
  const auto keys1 = a.keys.size();
  const auto frames1 = a.keyframes.size();
  compileKeyframes(a);
  CHECK(a.generation != g1);
  CHECK(a.generation != 0u);
  CHECK(a.keys.size() == keys1);
  CHECK(a.keyframes.size() == frames1);

  KeyframeAnimation b;
  b.keyframes = a.keyframes;
  compileKeyframes(b);
  CHECK(b.generation != a.generation);  // unique across animations too
}

TEST_CASE("compileKeyframes: zero keyframes compile to nothing animated [style][keyframes]") {
  KeyframeAnimation a;
  compileKeyframes(a);
  CHECK(a.compiled());
  CHECK(a.animated.empty());
  CHECK(a.tracks.empty());
  CHECK(a.keys.empty());
}

TEST_CASE("compileKeyframes: 1000 keyframes in reverse order give one sorted track [style][keyframes]") {
  KeyframeAnimation a;
  for (int i = 999; i >= 0; --i)
    a.keyframes.push_back(frame(static_cast<float>(i) / 999.0f, left(static_cast<float>(i))));
  compileKeyframes(a);
  REQUIRE(a.keyframes.size() == 1000u);
  const KeyframeTrack* tr = a.track(Prop::left);
  REQUIRE(tr != nullptr);
  REQUIRE(tr->count == 1000u);
  bool sorted = true;
  for (std::uint32_t i = 0; i + 1 < tr->count; ++i) sorted = sorted && a.keys[i].t < a.keys[i + 1].t;
  CHECK(sorted);
  CHECK(a.keyframes[0].delta.left.value == Px(0));
  CHECK(a.keyframes[999].delta.left.value == Px(999));
}

TEST_CASE(
    "compileKeyframes: tracks declared by the same keyframes share their keys; an implicit end reads the "
    "underlying value [style][keyframes][compile]") {
  KeyframeAnimation a;
  Style both0, both1;
  both0.opacity = 0.2f;
  both0.left = Px(0);
  both1.opacity = 0.8f;
  both1.left = Px(10);
  a.keyframes = {frame(0.0f, both0), frame(1.0f, both1)};
  compileKeyframes(a);
  REQUIRE(a.tracks.size() == 2);
  CHECK_FALSE(a.tracks[0].sharesKeys);  // the first track always locates
  CHECK(a.tracks[1].sharesKeys);
  CHECK_FALSE(a.readsUnderlying.any());  // both tracks have their own 0% and 100%

  // opacity gains a 50% key the other track lacks: keys differ, and `top`
  // (declared at 50% only) reads the underlying value at 0% and 100%.
  Style mid;
  mid.opacity = 0.5f;
  mid.top = Px(5);
  a.keyframes = {frame(0.0f, both0), frame(0.5f, mid), frame(1.0f, both1)};
  compileKeyframes(a);
  const KeyframeTrack* top = a.track(Prop::top);
  const KeyframeTrack* left = a.track(Prop::left);
  REQUIRE(top != nullptr);
  REQUIRE(left != nullptr);
  CHECK_FALSE(top->sharesKeys);
  CHECK(a.readsUnderlying.test(Prop::top));
  CHECK_FALSE(a.readsUnderlying.test(Prop::left));
  CHECK_FALSE(a.readsUnderlying.test(Prop::opacity));
}

TEST_CASE(
    "compileKeyframes: a lane program of the drawn properties alone is kept as their fixed writes, px-only "
    "when every translation value is a px length [style][keyframes][compile]") {
  const auto compiled = [](std::vector<Keyframe> frames) {
    KeyframeAnimation a;
    a.keyframes = std::move(frames);
    compileKeyframes(a);
    return a;
  };
  const auto at = [](float opacity, Value tx) {
    Style s;
    s.opacity = opacity;
    s.translateX = tx;
    return s;
  };
  // pulse: opacity and translateX on the same keys.
  KeyframeAnimation a =
      compiled({frame(0.0f, at(0.2f, Px(0))), frame(0.5f, at(1.0f, Px(30))), frame(1.0f, at(0.2f, Px(0)))});
  REQUIRE(a.values.ops.size() == 2);
  CHECK(a.values.drawn.valid);
  CHECK(a.values.drawn.pxOnly);
  CHECK(a.values.drawn.opacity.lane == detail::TrackLane::FloatUnit);
  CHECK(a.values.drawn.opacity.first == a.values.ops[0].first);
  CHECK(a.values.drawn.translateX.lane == detail::TrackLane::Length);
  CHECK(a.values.drawn.translateY.lane == detail::TrackLane::None);
  // A percentage, an em length, or a px length with a -0 % part anywhere: not px-only.
  for (const Value odd : {Pct(40), Em(2), Value{3.0f, -0.0f, 0.0f, ValueKind::Length, Value::kPx}}) {
    a = compiled({frame(0.0f, at(0.2f, Px(0))), frame(1.0f, at(1.0f, odd))});
    CHECK(a.values.drawn.valid);
    CHECK_FALSE(a.values.drawn.pxOnly);
  }
  // Another property in the program: no drawn lanes.
  Style narrow = at(0.2f, Px(0));
  narrow.left = Px(0);
  Style wide = at(0.5f, Px(1));
  wide.left = Px(8);
  a = compiled({frame(0.0f, narrow), frame(1.0f, wide)});
  CHECK_FALSE(a.values.ops.empty());
  CHECK_FALSE(a.values.drawn.valid);
  // Recompiled without it: drawn lanes again.
  a.keyframes = {frame(0.0f, at(0.2f, Px(0))), frame(1.0f, at(0.4f, Px(2)))};
  compileKeyframes(a);
  CHECK(a.values.drawn.valid);
  CHECK(a.values.drawn.pxOnly);
}
