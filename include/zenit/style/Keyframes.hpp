// The @keyframes model (seed §1.2) and its one-time compilation.
//
// [SECTION] Keyframe, KeyframeAnimation: what the @keyframes parser fills
// [SECTION] KeyframeKey, KeyframeTrack: the compiled per-property tracks
// [SECTION] compileKeyframes: validate and simplify once, so sampling is fast
//
// A KeyframeAnimation is the pure definition: no timing, no state. The parser
// (or C++ code) fills `name` and `keyframes`, then calls compileKeyframes();
// evaluation (anim/KeyframeEval.hpp) reads only the compiled part.
//
// Deviations from the seed, where CSS wins (docs/keyframes.md):
//  - Values are per property, as CSS computes them: a property's keyframes are
//    only those that set it, and a missing 0% / 100% for that property is the
//    element's underlying (un-animated) value, not the neighbouring keyframe.
//  - Offsets outside [0, 1] are dropped, keyframes are sorted, and keyframes
//    with the same offset merge only when their timing functions match.
//  - Non-animatable properties (no PF_ANIM flag) in a keyframe are ignored.
//  - Each side of padding / margin / border-radius is its own property, as
//    in CSS: a keyframe that declares `padding-left` animates that side only,
//    and the sides no keyframe declares keep their underlying value.
#pragma once

#include <zenit/core/Easing.hpp>
#include <zenit/detail/KeyframeValues.hpp>
#include <zenit/style/Style.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Keyframe, KeyframeAnimation
// ---------------------------------------------------------------------------

// One keyframe block: an offset, the properties it sets, an optional easing.
struct Keyframe {
  float t{0.0f};  // offset in [0, 1] (50% is 0.5)
  Style delta;    // only the animated properties are set
  std::optional<TransitionFunction>
      easing;  // animation-timing-function inside the keyframe; nullopt = the animation's
};

// Sentinel KeyframeKey::frame: the key stands for the element's underlying
// value (a 0% or 100% the @keyframes rule does not give for that property).
inline constexpr std::uint32_t kUnderlyingFrame = 0xFFFFFFFFu;

// One key of one property's track.
struct KeyframeKey {
  float t{0.0f};                          // offset in [0, 1], non-decreasing along a track
  std::uint32_t frame{kUnderlyingFrame};  // index into KeyframeAnimation::keyframes, or kUnderlyingFrame
};

// One animated property's keys: KeyframeAnimation::keys[first, first + count).
// After compileKeyframes: count >= 2, the first key is at 0 and the last at 1,
// and a run of keys at one offset keeps only its first and last key (the only
// ones CSS ever reads: the first ends the segment before, the last starts the next).
//
// The four-sided rows (padding, margin, border-radius) are four CSS
// properties each (padding-top …), and a keyframe may declare only some
// sides (Style::holes). Their sides are grouped by the keyframes that declare
// them: sides declared by the same keyframes share one track, which writes
// only those sides (`sides`). `padding: 4px` keyframes give one track of all
// four sides; `padding-left` keyframes one track of the left side; left at
// 0% and 100% with top only at 50% two tracks, each with its own keys.
struct KeyframeTrack {
  Prop prop{};             // the property this track animates
  std::uint32_t first{0};  // index of the first key in KeyframeAnimation::keys
  std::uint32_t count{0};  // number of keys
  std::uint8_t sides{
      0};  // four-sided rows: the sides written (bit i = side i, SideHoles' order); 0 for other rows
  bool sharesKeys{
      false};  // its keys (offsets and frames) equal the previous track's: same interval, same eased weight
  bool constant{false};       // every key is a keyframe value equal to the others: the same value at every
                              // progress (pulse's translateY/rotate/scale under `transform: translateX()`)
  bool sharesVarying{false};  // not constant; its keys equal the previous non-constant track's
};

// The most tracks one animation can have: one per property, and up to three
// more for each of padding, margin and border-radius (one track per side).
inline constexpr std::size_t kMaxKeyframeTracks = kPropCount + 9;

// A named @keyframes definition (seed §1.2), plus its compiled form.
struct KeyframeAnimation {
  std::string name;                 // @keyframes name, case-sensitive
  std::vector<Keyframe> keyframes;  // source keyframes; normalised by compileKeyframes (see there)

  // --- compiled by compileKeyframes(); read-only afterwards ---------------
  PropSet animated;  // properties some keyframe sets (animatable ones only; for a four-sided row, some side
                     // of it)
  PropSet readsUnderlying;  // members of `animated` whose evaluation reads the underlying value (a missing 0%
                            // / 100%, or sides no track writes)
  PropSet constants;  // members of `animated` whose only track is `constant` (written once per overlay slot)
  std::vector<KeyframeTrack>
      tracks;  // per member of `animated`, in Prop id order: one, or up to 4 for a four-sided row
  std::vector<KeyframeKey> keys;       // every track's keys, each track contiguous
  std::vector<std::uint16_t> varying;  // indices of the tracks that are not constant, in order
  bool keyEasings{false};              // some keyframe has its own animation-timing-function
  // The varying tracks' key values as plain arrays, for the per-frame
  // evaluation (include/zenit/detail).
  detail::CompiledValues values;
  std::uint32_t generation{0};  // 0 = never compiled; a fresh, process-unique number on every (re)compile

  bool compiled() const { return generation != 0; }  // compileKeyframes has run at least once

  // The (first) track of `p`, or nullptr when no keyframe animates it. O(1):
  // the tracks before it are at least one per animated property below p, and
  // at most 9 more (the extra side tracks of the four-sided rows). A
  // four-sided row's further tracks, if any, follow the first.
  const KeyframeTrack* track(Prop p) const {
    if (!animated.test(p)) return nullptr;
    const std::uint64_t below = animated.bits & (PropSet::bit(p) - 1u);
    std::size_t index = static_cast<std::size_t>(std::popcount(below));
    const std::size_t last = std::min(tracks.size(), index + (kMaxKeyframeTracks - kPropCount) + 1u);
    for (; index < last; ++index)
      if (tracks[index].prop == p) return &tracks[index];
    return nullptr;
  }
};

// ---------------------------------------------------------------------------
// [SECTION] compileKeyframes
// ---------------------------------------------------------------------------

// Validates and simplifies `anim` once, so that evaluation never has to
// (Skottie's habit). In order:
//  1. drops keyframes whose offset is outside [0, 1] or not a number (CSS
//     drops such keyframe selectors);
//  2. clears non-animatable properties (no PF_ANIM) from every delta;
//  3. stable-sorts keyframes by offset (source order kept among equal offsets);
//  4. merges keyframes with the same offset *and* the same easing into the
//     first of them, later declarations winning (CSS Animations 2 §3,
//     Chromium); same offset with different easings stay apart, in source
//     order. nullopt easing only matches nullopt;
//  5. drops keyframes left with no property;
//  6. sets `animated` and builds one track per animated property (per group
//     of sides declared by the same keyframes, for padding, margin and
//     border-radius), adding underlying-value keys at 0 and 1 where the
//     property has none;
//     and sets `readsUnderlying`;
//  7. marks each track whose keys equal the previous track's (sharesKeys), so
//     evaluation locates and eases once for a run of such tracks, and each
//     float or length track whose keys all hold one in-range value (constant,
//     `constants`): its value is the same at every progress, so an overlay
//     that already holds it need not be written again; lists the other tracks
//     in `varying`, each marked sharesVarying when its keys equal the previous
//     varying track's (evaluation of the varying tracks alone locates once);
//  8. takes a new `generation`, so caches keyed on it (KeyframeCursor) notice.
// Idempotent: compiling a compiled animation changes only `generation`.
// Call it again after editing `keyframes` (a hot reload does).
void compileKeyframes(KeyframeAnimation& anim);

}  // namespace zenit
