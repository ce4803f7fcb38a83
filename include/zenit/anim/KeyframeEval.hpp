// Keyframe evaluation: a compiled KeyframeAnimation sampled at a progress.
//
// [SECTION] KeyframeCursor: per-animation segment cache (no allocation)
// [SECTION] evaluateInto: the per-frame path, writes a ComputedStyle
// [SECTION] evaluateKeyframes: the seed's API (§2.5), returns a Style
//
// Both follow Web Animations 1, "The effect value of a keyframe effect"
// (https://drafts.csswg.org/web-animations-1/#the-effect-value-of-a-keyframe-animation-effect),
// one property at a time:
//  1. the property's keys are its track (style/Keyframes.hpp); a missing 0% or
//     100% is the underlying value;
//  2. progress < 0 with several keys at 0: the first of them, alone;
//     progress >= 1 with several keys at 1: the last of them, alone;
//  3. otherwise the interval starts at the last key with offset <= progress
//     and < 1 and ends at the next key;
//  4. u = (progress - start) / (end - start); eased = getRatio(u, easing of
//     the start key, or `ease` when it has none, before flag);
//  5. value = lerpProp(start value, end value, eased), clamped to the
//     property's range (opacity to [0, 1], PF_NONNEG to >= 0), as CSS clamps
//     after interpolating. At eased == 0 or 1 the key's value is copied exactly.
// So at an offset shared by two keys the later one wins, and the easing of a
// segment is that of the keyframe that starts it (seed §2.5: per segment).
//
// Deviations from the seed (docs/keyframes.md): segments are per property,
// not per pair of whole keyframes; evaluateInto fills missing ends with the
// underlying value instead of the one-sided value, each side of padding,
// margin and border-radius is its own property (evaluateKeyframes, which
// has no underlying style, keeps the seed's one-sided rule); only animated
// properties are visited, never all of BUBBLE_STYLE_PROPS (seed §10.3).
#pragma once

#include <zenit/core/Easing.hpp>
#include <zenit/style/Keyframes.hpp>
#include <zenit/style/Style.hpp>

#include <array>
#include <cstdint>

namespace zenit::Anim {

// ---------------------------------------------------------------------------
// [SECTION] KeyframeCursor
// ---------------------------------------------------------------------------

// Remembers, per track, the segment the last evaluation used, so playback
// that moves forward (or stays) finds its segment in O(1). Only a hint: a
// wrong or stale entry costs one binary search, never a wrong value. Keep one
// per running animation instance; it is invalidated by a recompile because
// it is keyed on KeyframeAnimation::generation (unique per compile).
struct KeyframeCursor {
  std::uint32_t generation{0};  // KeyframeAnimation::generation the hints belong to
  std::array<std::uint32_t, kMaxKeyframeTracks>
      segment{};  // per track index: start key of the last segment (track-local)

  void reset() { generation = 0; }  // forget every hint
};

// ---------------------------------------------------------------------------
// [SECTION] evaluateInto
// ---------------------------------------------------------------------------

// Writes out.<p> for every property `anim` animates (anim.animated), nothing
// else; of padding, margin and border-radius only the sides some keyframe
// declares (the others keep out's value, which should be the underlying one).
//   progress    iteration progress (Web Animations: after direction), normally
//               [0, 1]; outside it the first/last interval extrapolates; NaN is 0.
//   ease        the animation's animation-timing-function: the easing of every
//               segment whose start keyframe has none of its own.
//   beforeFlag  true in the before phase (backwards fill of a delay), passed to
//               getRatio so steps(…, jump-start) hold their lower value.
//   underlying  the element's un-animated style: fills a missing 0% / 100%.
//   out         may be the same object as `underlying` (overlay in place).
//   cursor      optional segment cache for this animation instance.
// Cost: O(animated properties × log keys), O(animated properties) with a warm
// cursor; no allocation, no string work. `anim` must be compiled (asserted).
void evaluateInto(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                  bool beforeFlag, const ComputedStyle& underlying, ComputedStyle& out,
                  KeyframeCursor* cursor = nullptr);

// ---------------------------------------------------------------------------
// [SECTION] evaluateKeyframes
// ---------------------------------------------------------------------------

// The seed's API (§2.5): the animated properties at localT (clamped to
// [0, 1]; NaN is 0) as a Style with exactly anim.animated set (sides of
// padding / margin / border-radius that no keyframe declares are left as
// Style::holes). No underlying
// style is known, so a property without a 0% / 100% keyframe holds its
// nearest keyframe's value there (the seed's "only one side set: use it").
// An animation never compiled is compiled on a copy first (slow; compile once
// instead). Not for the per-frame path: use evaluateInto.
Style evaluateKeyframes(const KeyframeAnimation& anim, float localT, const TransitionFunction& ease);

}  // namespace zenit::Anim
