// Keyframe evaluation's value lanes (anim/KeyframeLanes.hpp): what
// compileKeyframes prepares for them, and that they give what the
// writers and the seed's evaluator give, bit for bit, in every order of
// progress.
#include "anim/KeyframeLanes.hpp"
#include "layout/anim_scene.hpp"

#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/detail/KeyframeValues.hpp>
#include <zenit/style/Theme.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace zenit;

constexpr std::string_view kSheet = R"(
@keyframes pulse {
  0%   { opacity: 0.2; transform: translateX(0px); }
  50%  { opacity: 1;   transform: translateX(30px); }
  100% { opacity: 0.2; transform: translateX(0px); }
}
@keyframes half { 50% { opacity: 0.5; } }
)";

// The value lane of the track of `p` (its first, for a four-sided row).
detail::LaneRef laneOf(const KeyframeAnimation& anim, Prop p) {
  const KeyframeTrack* t = anim.track(p);
  REQUIRE(t != nullptr);
  return anim.values.byTrack[static_cast<std::size_t>(t - anim.tracks.data())];
}

}  // namespace

TEST_CASE("compileKeyframes: value lanes for float and length tracks", "[anim][keyframes][lanes]") {
  zenit::test::freshWorld(std::string(kSheet) + R"(
@keyframes mixed {
  0%   { width: 10px; border-width: 1px; padding-left: 2px; margin: 1px; }
  50%  { width: auto; border-width: 4px; padding-left: 5px; margin: 3px; }
  100% { width: 30px; border-width: 2px; padding-left: 1px; margin: 2px; }
}
@keyframes apart { 0% { opacity: 0; width: 0px; } 50% { opacity: 1; } 100% { opacity: 0; width: 10px; } }
)");
  const KeyframeAnimation* pulse = Theme::get().findKeyframes("pulse");
  REQUIRE(pulse != nullptr);
  const KeyframeTrack* opacity = pulse->track(Prop::opacity);
  const KeyframeTrack* tx = pulse->track(Prop::translateX);
  REQUIRE(opacity != nullptr);
  REQUIRE(tx != nullptr);
  const detail::LaneRef opacityLane = laneOf(*pulse, Prop::opacity);
  const detail::LaneRef txLane = laneOf(*pulse, Prop::translateX);
  CHECK(opacityLane.lane == detail::TrackLane::FloatUnit);
  CHECK(pulse->values.floats[opacityLane.first + 1] == 1.0f);
  CHECK(txLane.lane == detail::TrackLane::Length);
  CHECK(pulse->values.lengths[txLane.first + 1].px == 30.0f);
  CHECK(laneOf(*pulse, Prop::translateY).lane == detail::TrackLane::None);  // constant: written once, no lane
  // One key set: the lane program writes both tracks after one interval.
  REQUIRE(pulse->values.ops.size() == 2);
  CHECK(pulse->values.ops[0].prop == Prop::opacity);
  CHECK(pulse->values.ops[0].lane == detail::TrackLane::FloatUnit);
  CHECK(pulse->values.ops[0].first == opacityLane.first);
  CHECK(pulse->values.ops[1].prop == Prop::translateX);
  CHECK(pulse->values.ops[1].lane == detail::TrackLane::Length);
  const KeyframeAnimation* apart = Theme::get().findKeyframes("apart");
  REQUIRE(apart != nullptr);
  CHECK(apart->values.all);
  CHECK(apart->values.ops.empty());  // opacity has a 50% key, width does not: two intervals

  const KeyframeAnimation* mixed = Theme::get().findKeyframes("mixed");
  REQUIRE(mixed != nullptr);
  CHECK(mixed->values.ops.empty());  // not every varying track has a lane
  CHECK(laneOf(*mixed, Prop::width).lane ==
        detail::TrackLane::None);  // `auto` steps at the midpoint: the writer's job
  CHECK(laneOf(*mixed, Prop::borderWidth).lane == detail::TrackLane::FloatNonNeg);
  CHECK(laneOf(*mixed, Prop::padding).lane == detail::TrackLane::None);  // one side of a four-sided row
  CHECK(laneOf(*mixed, Prop::margin).lane == detail::TrackLane::None);

  const KeyframeAnimation* half = Theme::get().findKeyframes("half");
  REQUIRE(half != nullptr);
  CHECK(laneOf(*half, Prop::opacity).lane ==
        detail::TrackLane::None);  // implicit ends read the underlying value
}

TEST_CASE("evaluateInto and the lane program: value lanes give what the seed's evaluator gives",
          "[anim][keyframes][lanes]") {
  zenit::test::freshWorld(std::string(kSheet) + R"(
@keyframes over {
  0%   { opacity: 0; border-width: 0px; transform: translateX(-10px); }
  40%  { opacity: 1; border-width: 3px; transform: translateX(calc(50% + 4px)); }
  100% { opacity: 0.5; border-width: 1px; transform: translateX(2em); }
}
)");
  const KeyframeAnimation* over = Theme::get().findKeyframes("over");
  REQUIRE(over != nullptr);
  REQUIRE(laneOf(*over, Prop::borderWidth).lane != detail::TrackLane::None);
  // An overshooting easing drives the lanes' clamps: opacity to [0, 1],
  // border-width to >= 0.
  const TransitionFunction ease = *parseEasing("cubic-bezier(0.5, -0.8, 0.5, 1.8)");
  REQUIRE(over->values.ops.size() == 3);
  Anim::KeyframeCursor cursor;
  Anim::KeyframeCursor laneCursor;
  laneCursor.generation = over->generation;
  ComputedStyle out;
  ComputedStyle lanes;
  for (int i = 0; i <= 400; ++i) {
    const float p = static_cast<float>(i) / 400.0f;
    Anim::evaluateInto(*over, static_cast<double>(p), ease, false, out, out, &cursor);
    Anim::evaluateLanes(*over, static_cast<double>(p), ease, lanes, laneCursor);  // the lane program
    CHECK(lanes.opacity == out.opacity);
    CHECK(lanes.borderWidth == out.borderWidth);
    CHECK(lanes.translateX == out.translateX);
    const Style seed = Anim::evaluateKeyframes(*over, p, ease);
    INFO("progress " << p);
    REQUIRE(seed.opacity.is_set);
    CHECK(out.opacity == seed.opacity.value);
    CHECK(out.opacity >= 0.0f);
    CHECK(out.opacity <= 1.0f);
    CHECK(out.borderWidth == seed.borderWidth.value);
    CHECK(out.borderWidth >= 0.0f);
    CHECK(out.translateX == seed.translateX.value);
  }
}

TEST_CASE("the lane program's key times: every segment found as locate finds it, in any order of progress",
          "[anim][keyframes][lanes]") {
  // 64 keyframes: forward frames cross into the next segment often, and
  // jumps (backwards, far ahead, to 1) leave the times for locate's search.
  std::string sheet(kSheet);
  sheet += "@keyframes many {\n";
  for (int i = 0; i < 64; ++i) {
    const int pct = i * 100 / 63;
    sheet += "  " + std::to_string(pct) + "% { opacity: " + std::to_string((i % 7) / 6.0) +
             "; transform: translateX(" + std::to_string((i * 37) % 50) + "px); }\n";
  }
  sheet +=
      "}\n@keyframes eased {\n  0% { opacity: 0; animation-timing-function: ease-in; }\n"
      "  30% { opacity: 1; }\n  100% { opacity: 0.25; }\n}\n";
  zenit::test::freshWorld(sheet);
  const KeyframeAnimation* many = Theme::get().findKeyframes("many");
  const KeyframeAnimation* eased = Theme::get().findKeyframes("eased");
  REQUIRE(many != nullptr);
  REQUIRE(eased != nullptr);
  REQUIRE(many->values.ops.size() == 2);
  REQUIRE(many->values.times.size() == 64);
  CHECK(many->values.times.front() == 0.0);
  CHECK(many->values.times.back() == 1.0);
  CHECK(many->values.times[1] == static_cast<double>(many->keys[many->tracks[many->varying[0]].first + 1].t));
  REQUIRE(eased->values.ops.size() == 1);
  CHECK(eased->keyEasings);
  CHECK(eased->values.times.empty());  // a keyframe's own easing: every frame takes locateAndEase

  const TransitionFunction ease = *parseEasing("cubic-bezier(0.3, -0.4, 0.6, 1.4)");
  std::vector<double> progress;
  for (int i = 0; i <= 2000; ++i) progress.push_back(i / 2000.0);                  // forward, small steps
  for (int i = 0; i < 64; ++i) progress.push_back(i / 63.0);                       // on the keys themselves
  for (int i = 500; i >= 0; --i) progress.push_back(i / 500.0);                    // backwards
  for (int i = 0; i < 300; ++i) progress.push_back(((i * 7919) % 1000) / 1000.0);  // jumps
  progress.push_back(1.0);
  progress.push_back(0.0);
  for (const KeyframeAnimation* anim : {many, eased}) {
    Anim::KeyframeCursor cursor;
    Anim::KeyframeCursor laneCursor;
    laneCursor.generation = anim->generation;
    ComputedStyle out;
    ComputedStyle lanes;
    const std::uint16_t lead = anim->varying[0];
    for (const double p : progress) {
      INFO(anim->name << " at progress " << p);
      Anim::evaluateInto(*anim, p, ease, false, out, out, &cursor);
      Anim::evaluateLanes(*anim, p, ease, lanes, laneCursor);
      CHECK(std::bit_cast<std::uint32_t>(lanes.opacity) == std::bit_cast<std::uint32_t>(out.opacity));
      CHECK(lanes.translateX == out.translateX);
      CHECK(laneCursor.segment[lead] == cursor.segment[lead]);  // the same hint for the next frame
    }
  }
}

// Found by the layout fuzz target (fuzz/corpus/layout/crash-a6be036f...): a
// keyframes definition made in code may hold a non-finite length, and an
// infinite width eased towards a finite one is NaN past the first key. The
// lane and the writer both give that NaN; the debug check that compares
// them must see the same bits as the same value, and evaluation must go on.
TEST_CASE("value lanes: a non-finite keyframe length gives the writer's NaN, checked as equal",
          "[anim][keyframes][lanes]") {
  zenit::test::freshWorld("");
  KeyframeAnimation k;
  k.name = "wide";
  for (const auto& [t, px] :
       {std::pair{0.0f, std::numeric_limits<float>::infinity()}, std::pair{1.0f, 1e-9f}}) {
    Keyframe f;
    f.t = t;
    f.delta.width = Px(px);
    k.keyframes.push_back(std::move(f));
  }
  REQUIRE(Theme::get().addKeyframes(std::move(k)) != SheetId::None);
  const KeyframeAnimation* wide = Theme::get().findKeyframes("wide");
  REQUIRE(wide != nullptr);
  REQUIRE(laneOf(*wide, Prop::width).lane == detail::TrackLane::LengthNonNeg);
  const TransitionFunction linear = *parseEasing("linear");
  Anim::KeyframeCursor cursor;
  ComputedStyle out;
  Anim::evaluateInto(*wide, 0.6, linear, false, out, out, &cursor);  // asserts lane == writer in debug builds
  CHECK(std::isnan(out.width.px));
  const Style seed = Anim::evaluateKeyframes(*wide, 0.6f, linear);
  REQUIRE(seed.width.is_set);
  CHECK(std::isnan(seed.width.value.px));
  Anim::evaluateInto(*wide, 1.0, linear, false, out, out, &cursor);
  CHECK(out.width.px == 1e-9f);
}
