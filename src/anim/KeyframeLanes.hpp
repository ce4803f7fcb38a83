// Keyframe evaluation's shared steps (private to the anim layer): locating
// a track's interval, easing it, and the value lanes: what evaluateInto
// (KeyframeEval.cpp) and the steady step (steady/) both run, written once.
// The steps are those of anim/KeyframeEval.hpp's header comment.
//
// [SECTION] Locate: a track's interval at a progress (steps 2-4)
// [SECTION] Weighted: one located, eased interval
// [SECTION] Value lanes: step 5 from a track's values as plain numbers
// [SECTION] The lane program: one interval and weight for every track
#pragma once

#include "core/EaseEval.hpp"
#include "core/LerpColor.hpp"

#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/core/Config.hpp>
#include <zenit/core/Lerp.hpp>
#include <zenit/style/Keyframes.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace zenit::Anim::eval {

// ---------------------------------------------------------------------------
// [SECTION] Locate
// ---------------------------------------------------------------------------

// Where one property stands: track-local key indices and the interval
// distance between them, before easing.
struct Interval {
  std::uint32_t from{0};
  std::uint32_t to{0};
  double u{0.0};
  bool single{false};  // one endpoint only (step 2): the value of keys[from]
};

// Does segment s (keys s and s+1, s < n - 1) contain p?
ZENIT_ALWAYS_INLINE bool segmentContains(const KeyframeKey* k, std::uint32_t s, double p) {
  return static_cast<double>(k[s].t) <= p && p < static_cast<double>(k[s + 1u].t);
}

// Does segment s exist among n keys and contain p, with 0 <= p < 1?
inline bool segmentHolds(const KeyframeKey* k, std::uint32_t n, std::uint32_t s, double p) {
  return s < n - 1u && segmentContains(k, s, p);
}

// Steps 2–4 of the header, for one track of n >= 2 keys with k[0].t == 0 and
// k[n-1].t == 1. `hint` (may be null) is the cursor's entry for this track.
inline Interval locate(const KeyframeKey* k, std::uint32_t n, double p, std::uint32_t* hint) {
  // Step 2: outside [0, 1) with several keys at the boundary, that boundary's
  // outermost key alone; otherwise the first/last interval extrapolates.
  if (p < 0.0) {
    if (k[1].t == 0.0f) return Interval{0, 0, 0.0, true};
    return Interval{0, 1, p / static_cast<double>(k[1].t), false};
  }
  if (p >= 1.0) {
    if (k[n - 2u].t == 1.0f) return Interval{n - 1u, n - 1u, 0.0, true};
    const double t0 = static_cast<double>(k[n - 2u].t);
    return Interval{n - 2u, n - 1u, (p - t0) / (1.0 - t0), false};
  }

  // Step 3: the last key at or before p. k[0].t == 0 <= p < 1 == k[n-1].t,
  // so it exists and is not the last key, and its segment has a positive span.
  std::uint32_t s = 0;
  if (hint != nullptr && segmentHolds(k, n, *hint, p)) {
    s = *hint;
  } else if (hint != nullptr && segmentHolds(k, n, *hint + 1u, p)) {
    s = *hint + 1u;  // playing forward into the next segment
  } else {
    const KeyframeKey* it = std::upper_bound(
        k, k + n, p, [](double v, const KeyframeKey& key) { return v < static_cast<double>(key.t); });
    s = static_cast<std::uint32_t>(it - k) - 1u;
  }
  if (hint != nullptr) *hint = s;

  // Step 4 (before easing).
  const double t0 = static_cast<double>(k[s].t);
  const double t1 = static_cast<double>(k[s + 1u].t);
  return Interval{s, s + 1u, (p - t0) / (t1 - t0), false};
}

// The debug checks' equality of two computations of a lane value: the
// same bits, so that two NaNs (from a non-finite key made in code) agree
// where `==` would call them different.
inline bool sameBits(float a, float b) {
  return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}
inline bool sameBits(const Value& a, const Value& b) {
  return sameBits(a.px, b.px) && sameBits(a.pct, b.pct) && sameBits(a.em, b.em) && a.kind == b.kind &&
         a.units == b.units;
}
inline bool sameBits(const Color& a, const Color& b) {
  return sameBits(a.r, b.r) && sameBits(a.g, b.g) && sameBits(a.b, b.b) && sameBits(a.a, b.a);
}

// The same for any property value: bits for the lane types, == for the
// others (which no lane writes), and for a part's Opt<T> whether it is set too.
template <class T>
bool sameValue(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, Value> || std::is_same_v<T, Color>)
    return sameBits(a, b);
  else
    return a == b;
}
template <class T>
bool sameValue(const Opt<T>& a, const Opt<T>& b) {
  return a.is_set == b.is_set && (!a.is_set || sameValue(a.value, b.value));
}

// A Value at or below zero for every basis (all parts <= 0) becomes 0; one
// whose sign depends on the box (calc(50% - 10px)) is left to layout.
inline void clampNonNegative(Value& v) {
  if (!v.isLength()) return;
  if (v.px <= 0.0f && v.pct <= 0.0f && v.em <= 0.0f) {
    v.px = 0.0f;
    v.pct = 0.0f;
    v.em = 0.0f;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Weighted
// ---------------------------------------------------------------------------

// What one located, eased interval gives every track that shares its keys.
struct Weighted {
  std::uint32_t f0{kUnderlyingFrame};  // keyframe indices of the interval's ends
  std::uint32_t f1{kUnderlyingFrame};
  std::uint32_t k0{0};  // track-local key indices of the same ends (value lanes)
  std::uint32_t k1{0};
  float w{0.0f};
};

// The member of each property of type T in a ComputedStyle (and of type
// Opt<T> in a Style), for the value lanes (null for other types).
template <class T, class S, class M>
constexpr T S::*memberOf(M S::*m) {
  if constexpr (std::is_same_v<T, M>)
    return m;
  else
    return nullptr;
}
#define ZENIT_DETAIL_LANE_MEMBERS(S, T, Name) \
  constexpr T S::*Name[] = {BUBBLE_STYLE_PROPS(ZENIT_DETAIL_LANE_MEMBER_##S##_##Name)};
#define ZENIT_DETAIL_MEMBER(S, T, name) memberOf<T, S>(&S::name),
#define ZENIT_DETAIL_LANE_MEMBER_ComputedStyle_kFloatMembers(T, name, def, css, flags) \
  ZENIT_DETAIL_MEMBER(ComputedStyle, float, name)
#define ZENIT_DETAIL_LANE_MEMBER_ComputedStyle_kValueMembers(T, name, def, css, flags) \
  ZENIT_DETAIL_MEMBER(ComputedStyle, Value, name)
#define ZENIT_DETAIL_LANE_MEMBER_ComputedStyle_kColorMembers(T, name, def, css, flags) \
  ZENIT_DETAIL_MEMBER(ComputedStyle, Color, name)
#define ZENIT_DETAIL_LANE_MEMBER_Style_kOptFloatMembers(T, name, def, css, flags) \
  ZENIT_DETAIL_MEMBER(Style, Opt<float>, name)
#define ZENIT_DETAIL_LANE_MEMBER_Style_kOptValueMembers(T, name, def, css, flags) \
  ZENIT_DETAIL_MEMBER(Style, Opt<Value>, name)
#define ZENIT_DETAIL_LANE_MEMBER_Style_kOptColorMembers(T, name, def, css, flags) \
  ZENIT_DETAIL_MEMBER(Style, Opt<Color>, name)
ZENIT_DETAIL_LANE_MEMBERS(ComputedStyle, float, kFloatMembers)
ZENIT_DETAIL_LANE_MEMBERS(ComputedStyle, Value, kValueMembers)
ZENIT_DETAIL_LANE_MEMBERS(ComputedStyle, Color, kColorMembers)
ZENIT_DETAIL_LANE_MEMBERS(Style, Opt<float>, kOptFloatMembers)
ZENIT_DETAIL_LANE_MEMBERS(Style, Opt<Value>, kOptValueMembers)
ZENIT_DETAIL_LANE_MEMBERS(Style, Opt<Color>, kOptColorMembers)
#undef ZENIT_DETAIL_LANE_MEMBERS
#undef ZENIT_DETAIL_MEMBER
#undef ZENIT_DETAIL_LANE_MEMBER_ComputedStyle_kFloatMembers
#undef ZENIT_DETAIL_LANE_MEMBER_ComputedStyle_kValueMembers
#undef ZENIT_DETAIL_LANE_MEMBER_ComputedStyle_kColorMembers
#undef ZENIT_DETAIL_LANE_MEMBER_Style_kOptFloatMembers
#undef ZENIT_DETAIL_LANE_MEMBER_Style_kOptValueMembers
#undef ZENIT_DETAIL_LANE_MEMBER_Style_kOptColorMembers

// ---------------------------------------------------------------------------
// [SECTION] Value lanes
// ---------------------------------------------------------------------------

using detail::LaneOp;
using detail::TrackLane;

// A track with a value lane (TrackLane): mix() of its two key values, clamped
// as the property's writer clamps (KeyframeEval.cpp): the same operations in
// the same order, so the same bits (Debug builds compare). The ends are
// copied exactly, as mix() copies them.
ZENIT_ALWAYS_INLINE Value lengthLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c) {
  const float w = c.w;
  const Value* v = anim.values.lengths.data() + op.first;
  if (w == 1.0f) return v[c.k1];
  if (w == 0.0f) return v[c.k0];
  Value r = lerpLength(v[c.k0], v[c.k1], w);  // every lane length is a length
  if (op.lane == TrackLane::LengthNonNeg) clampNonNegative(r);
  return r;
}
// The px part of lengthLane for a lane of px lengths (DrawnLanes::pxOnly):
// the same operations on that part, so the same bits.
ZENIT_ALWAYS_INLINE float pxLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c) {
  ZENIT_ASSERT(op.lane == TrackLane::Length, "pxLane: not a plain length lane");
  const float w = c.w;
  const Value* v = anim.values.lengths.data() + op.first;
  if (w == 1.0f) return v[c.k1].px;
  if (w == 0.0f) return v[c.k0].px;
  return lerpProp(v[c.k0].px, v[c.k1].px, w);
}
ZENIT_ALWAYS_INLINE float floatLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c) {
  const float w = c.w;
  const float* v = anim.values.floats.data() + op.first;
  float r = v[c.k0];
  if (w == 1.0f) {
    r = v[c.k1];
  } else if (w != 0.0f) {
    r = lerpProp(v[c.k0], v[c.k1], w);
    if (op.lane == TrackLane::FloatUnit)
      r = std::clamp(r, 0.0f, 1.0f);
    else if (op.lane == TrackLane::FloatNonNeg)
      r = std::max(r, 0.0f);
  }
  return r;
}
ZENIT_ALWAYS_INLINE Color colorLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c) {
  const float w = c.w;
  const Color* v = anim.values.colors.data() + op.first;
  if (w == 1.0f) return v[c.k1];
  if (w == 0.0f) return v[c.k0];
  return simd::lerpColor(v[c.k0], v[c.k1], w);
}
// Writes one lane's value where `slots` puts each property's: a
// ComputedStyle's member (an overlay) or a Style's (a part's style).
template <class Slots>
ZENIT_ALWAYS_INLINE void writeLaneTo(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c,
                                     Slots&& slots) {
  switch (op.lane) {
    case TrackLane::Length:
    case TrackLane::LengthNonNeg: slots.set(op.prop, lengthLane(anim, op, c)); break;
    case TrackLane::Color: slots.set(op.prop, colorLane(anim, op, c)); break;
    default: slots.set(op.prop, floatLane(anim, op, c)); break;
  }
}
// The members of a ComputedStyle, through the property tables.
struct StyleSlots {
  ComputedStyle& out;
  void set(Prop p, float v) const { out.*kFloatMembers[static_cast<std::size_t>(p)] = v; }
  void set(Prop p, const Value& v) const { out.*kValueMembers[static_cast<std::size_t>(p)] = v; }
  void set(Prop p, const Color& v) const { out.*kColorMembers[static_cast<std::size_t>(p)] = v; }
};
// The declared values of a Style (a part's).
struct DeclaredSlots {
  Style& out;
  void set(Prop p, float v) const { out.*kOptFloatMembers[static_cast<std::size_t>(p)] = v; }
  void set(Prop p, const Value& v) const { out.*kOptValueMembers[static_cast<std::size_t>(p)] = v; }
  void set(Prop p, const Color& v) const { out.*kOptColorMembers[static_cast<std::size_t>(p)] = v; }
};
ZENIT_ALWAYS_INLINE void writeLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c,
                                   ComputedStyle& out) {
  writeLaneTo(anim, op, c, StyleSlots{out});
}
ZENIT_ALWAYS_INLINE void writeLane(const KeyframeAnimation& anim, std::size_t track, const Weighted& c,
                                   ComputedStyle& out) {
  const detail::LaneRef& ref = anim.values.byTrack[track];
  writeLane(anim, LaneOp{anim.tracks[track].prop, ref.lane, ref.first}, c, out);
}

// Debug check of a value lane: the property's writer gives the same bits
// (KeyframeEval.cpp, beside the writers).
bool laneAgrees(const KeyframeTrack& tr, const KeyframeAnimation& anim, const Weighted& c,
                const ComputedStyle& out);

// Steps 2-4 for the run of tracks headed by `tr`: its interval at p (the
// cursor's hint first, inline: playback that stays in its segment) and the
// eased weight, which every track of the run shares.
ZENIT_ALWAYS_INLINE Weighted locateAndEase(const KeyframeAnimation& anim, const KeyframeTrack& tr, double p,
                                           std::uint32_t* hint, const TransitionFunction& ease,
                                           EaseFn animEase, bool beforeFlag) {
  const KeyframeKey* k = anim.keys.data() + tr.first;
  Weighted cur;
  double u = 0.0;
  // A hint names a segment of the track: locate writes only those (and a
  // cursor of another compile starts at 0).
  ZENIT_ASSERT(hint == nullptr || *hint < tr.count - 1u,
               "locateAndEase: a hint past the track's last segment");
  if (hint != nullptr && segmentContains(k, *hint, p)) {
    const std::uint32_t s = *hint;
    const double t0 = static_cast<double>(k[s].t);
    u = (p - t0) / (static_cast<double>(k[s + 1u].t) - t0);
    cur.k0 = s;
    cur.k1 = s + 1u;
  } else {
    const Interval iv = locate(k, tr.count, p, hint);
    u = iv.u;
    cur.k0 = iv.from;
    cur.k1 = iv.single ? iv.from : iv.to;
  }
  cur.f0 = k[cur.k0].frame;
  cur.f1 = k[cur.k1].frame;
  if (cur.k0 == cur.k1) return cur;  // one endpoint: its value, weight 0
  const TransitionFunction* own =
      anim.keyEasings && cur.f0 != kUnderlyingFrame && anim.keyframes[cur.f0].easing.has_value()
          ? &*anim.keyframes[cur.f0].easing
          : nullptr;
  cur.w = own != nullptr ? static_cast<float>(easeFnOf(*own)(u, *own, beforeFlag))
                         : static_cast<float>(animEase(u, ease, beforeFlag));
  return cur;
}

// ---------------------------------------------------------------------------
// [SECTION] The lane program
// ---------------------------------------------------------------------------

// evaluateLanes for tracks with several key sets, out of line so that the
// lane program's frame (the usual one) stays small (KeyframeEval.cpp).
void evaluateRunLanes(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                      EaseFn easeFn, ComputedStyle& out, KeyframeCursor& cursor);

// The lane program's interval and weight: one for every track (they share
// the lead track's keys), from `segment`, the cursor's hint of the lead
// track, which it moves. Inline in evaluateLanes and in the parked lists'
// loops (anim/steady).
ZENIT_ALWAYS_INLINE Weighted laneWeight(const KeyframeAnimation& anim, double progress,
                                        const TransitionFunction& ease, EaseFn easeFn,
                                        std::uint32_t& segment) {
  ZENIT_ASSERT(!anim.values.ops.empty(), "laneWeight: the animation has no lane program");
  const std::uint16_t lead = anim.varying[0];
  Weighted cur;
  std::uint32_t s = segment;
  [[maybe_unused]] const std::uint32_t started = s;
  const double* const t = anim.values.times.data();
  const std::size_t times = anim.values.times.size();  // 0: none
  // locate's two hint cases (the cursor's segment, or the next one when
  // playing forward), from the times as doubles. Anything else (outside
  // [0, 1), a jump) takes locateAndEase below.
  bool inSegment = false;
  if (times != 0) {
    if (t[s] <= progress && progress < t[s + 1u]) [[likely]] {
      inSegment = true;
    } else if (s + 2u < times && t[s + 1u] <= progress && progress < t[s + 2u]) {
      segment = ++s;
      inSegment = true;
    }
  }
  if (inSegment) [[likely]] {
    // No keyframe easing: the weight is the animation's easing of u alone.
    const double u = (progress - t[s]) / (t[s + 1u] - t[s]);
    cur.k0 = s;
    cur.k1 = s + 1u;
    cur.w = static_cast<float>(easeFn(u, ease, false));
#ifndef NDEBUG
    // The general locate from the hint this frame started with: the same
    // segment, hint and weight, bit for bit.
    std::uint32_t probe = started;
    const Weighted general = locateAndEase(anim, anim.tracks[lead], progress, &probe, ease, easeFn, false);
    ZENIT_ASSERT(general.k0 == s && general.k1 == s + 1u && probe == s &&
                     std::bit_cast<std::uint32_t>(general.w) == std::bit_cast<std::uint32_t>(cur.w),
                 "evaluateLanes: the lane times' segment or weight differs from locateAndEase's");
    cur.f0 = general.f0;
    cur.f1 = general.f1;
#endif
    return cur;
  }
  return locateAndEase(anim, anim.tracks[lead], progress, &segment, ease, easeFn, false);
}

// evaluateInto for the steady step (and its Debug checks): the same values,
// for an animation whose varying tracks all have value lanes
// (CompiledValues::all), whose constant tracks are in place, at a progress
// in [0, 1] outside the before phase, with a cursor of this compile. Walks
// the varying tracks only, reads their lanes, locates and eases once per
// run of tracks with equal keys, or once for all when they share one key
// set (CompiledValues::ops). `easeFn` == easeFnOf(ease).
}  // namespace zenit::Anim::eval
namespace zenit::Anim {
void evaluateLanes(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                   ComputedStyle& out, KeyframeCursor& cursor);
void evaluateLanes(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                   EaseFn easeFn, ComputedStyle& out, KeyframeCursor& cursor);
}  // namespace zenit::Anim
namespace zenit::Anim::eval {

// evaluateLanes, inline in it and in the steady step's loops, onto `slots`:
// a ComputedStyle's members (StyleSlots) or a part's Style (DeclaredSlots;
// one key set only).
template <class Slots>
ZENIT_ALWAYS_INLINE void laneProgram(const KeyframeAnimation& anim, double progress,
                                     const TransitionFunction& ease, EaseFn easeFn, Slots&& slots,
                                     KeyframeCursor& cursor) {
  ZENIT_ASSERT(easeFn == easeFnOf(ease), "evaluateLanes: easeFn must be easeFnOf(ease)");
  ZENIT_ASSERT(anim.values.all && cursor.generation == anim.generation && progress >= 0.0 && progress <= 1.0,
               "evaluateLanes: lanes, a cursor of this compile and a progress in [0, 1]");
  if constexpr (std::is_same_v<std::decay_t<Slots>, StyleSlots>) {
    if (anim.values.ops.empty()) {
      evaluateRunLanes(anim, progress, ease, easeFn, slots.out, cursor);
      return;
    }
  }
  ZENIT_ASSERT(!anim.values.ops.empty(), "laneProgram: several key sets, onto a Style");
  // The lane program: one interval and one weight, then the writes in a flat list.
  const Weighted cur = laneWeight(anim, progress, ease, easeFn, cursor.segment[anim.varying[0]]);
  for (const LaneOp& op : anim.values.ops) writeLaneTo(anim, op, cur, slots);
#ifndef NDEBUG
  if constexpr (std::is_same_v<std::decay_t<Slots>, StyleSlots>)
    for (const std::uint16_t i : anim.varying)
      ZENIT_ASSERT(laneAgrees(anim.tracks[i], anim, cur, slots.out),
                   "evaluateLanes: a lane op differs from its writer");
#endif
}

// evaluateLanes onto a ComputedStyle (the node's overlay).
ZENIT_ALWAYS_INLINE void laneProgram(const KeyframeAnimation& anim, double progress,
                                     const TransitionFunction& ease, EaseFn easeFn, ComputedStyle& out,
                                     KeyframeCursor& cursor) {
  laneProgram(anim, progress, ease, easeFn, StyleSlots{out}, cursor);
}

}  // namespace zenit::Anim::eval
