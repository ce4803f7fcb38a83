// Keyframe evaluation (seed §2.5), per property as Web Animations 1 "The
// effect value of a keyframe effect" says. See anim/KeyframeEval.hpp for the
// steps and the deviations from the seed.
#include <zenit/anim/KeyframeEval.hpp>

#include <zenit/anim/AnimationPlayer.hpp>

#include <zenit/core/Config.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <type_traits>

namespace zenit::Anim {

namespace {

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
bool segmentHolds(const KeyframeKey* k, std::uint32_t n, std::uint32_t s, double p) {
  return s < n - 1u && segmentContains(k, s, p);
}

// Steps 2–4 of the header, for one track of n >= 2 keys with k[0].t == 0 and
// k[n-1].t == 1. `hint` (may be null) is the cursor's entry for this track.
Interval locate(const KeyframeKey* k, std::uint32_t n, double p, std::uint32_t* hint) {
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

// A Value at or below zero for every basis (all parts <= 0) becomes 0; one
// whose sign depends on the box (calc(50% - 10px)) is left to layout.
void clampNonNegative(Value& v) {
  if (!v.isLength()) return;
  if (v.px <= 0.0f && v.pct <= 0.0f && v.em <= 0.0f) {
    v.px = 0.0f;
    v.pct = 0.0f;
    v.em = 0.0f;
  }
}

// CSS clamps an interpolated value to the property's range afterwards
// (overshooting easings: opacity stays in [0, 1], widths stay >= 0).
template <std::uint8_t Flags, class T>
void clampToRange(T& v) {
  if constexpr (std::is_same_v<T, float>) {
    if constexpr ((Flags & PF_UNIT) != 0)
      v = std::clamp(v, 0.0f, 1.0f);
    else if constexpr ((Flags & PF_NONNEG) != 0)
      v = std::max(v, 0.0f);
  } else if constexpr (std::is_same_v<T, Value>) {
    if constexpr ((Flags & PF_NONNEG) != 0) clampNonNegative(v);
  } else if constexpr (std::is_same_v<T, Spacing>) {
    if constexpr ((Flags & PF_NONNEG) != 0) {
      clampNonNegative(v.top);
      clampNonNegative(v.right);
      clampNonNegative(v.bottom);
      clampNonNegative(v.left);
    }
  } else if constexpr (std::is_same_v<T, Corners>) {
    if constexpr ((Flags & PF_NONNEG) != 0) {
      clampNonNegative(v.topLeft);
      clampNonNegative(v.topRight);
      clampNonNegative(v.bottomRight);
      clampNonNegative(v.bottomLeft);
    }
  }
}

// Step 5: the value between a and b at eased weight w. The end values are
// copied exactly (premultiplied colour maths or `none` shadows would not
// round-trip through lerpProp at 0 and 1).
template <std::uint8_t Flags, class T>
T mix(const T& a, const T& b, float w) {
  if (w == 0.0f) return a;
  if (w == 1.0f) return b;
  if constexpr ((Flags & PF_ANIM) != 0) {
    T v = lerpProp(a, b, w);
    clampToRange<Flags>(v);
    return v;
  } else {
    return w < 0.5f ? a : b;  // unreachable: non-animatable properties have no track
  }
}

// The sides a track leaves alone, as SideHoles bits: none for a whole-value
// track (sides 0, or all four).
std::uint8_t holesOutside(std::uint8_t sides) {
  return sides == 0 ? std::uint8_t{0} : static_cast<std::uint8_t>(~sides & 0x0Fu);
}

// Stores a track's value: the whole value, or only the track's sides of a
// four-sided row (the other sides belong to other tracks or stay underlying).
template <Prop P, class T>
void put(ComputedStyle&, T& field, const T& v, std::uint8_t sides) {
  if constexpr (std::is_same_v<T, Spacing> || std::is_same_v<T, Corners>) {
    if (const std::uint8_t keep = holesOutside(sides); keep != 0) {
      detail::copySides(field, v, keep);
      return;
    }
  }
  field = v;
}

// The seed's API returns a Style: sides no track writes stay holes in it.
template <Prop P, class T>
void put(Style& s, Opt<T>& field, const T& v, std::uint8_t sides) {
  if constexpr (P == Prop::padding)
    detail::overlaySides(field, s.holes.padding, Opt<T>(v), holesOutside(sides));
  else if constexpr (P == Prop::margin)
    detail::overlaySides(field, s.holes.margin, Opt<T>(v), holesOutside(sides));
  else if constexpr (P == Prop::borderRadius)
    detail::overlaySides(field, s.holes.borderRadius, Opt<T>(v), holesOutside(sides));
  else
    field = v;
}

// out.<p> = mix(value of key frame f0, value of key frame f1, w), where a
// frame of kUnderlyingFrame reads `under`; a side track writes only its
// sides (every keyframe on it declares them). Out is ComputedStyle (per-frame
// path) or Style (the seed's API). One switch: one jump per property.
template <class Out>
void writeProp(const KeyframeTrack& tr, const KeyframeAnimation& anim, std::uint32_t f0, std::uint32_t f1,
               float w, const ComputedStyle& under, Out& out) {
  switch (tr.prop) {
#define ZENIT_DETAIL_KF_WRITE(T, name, def, css, flags)                                       \
  case Prop::name: {                                                                          \
    const T& a = f0 == kUnderlyingFrame ? under.name : anim.keyframes[f0].delta.name.value;   \
    const T& b = f1 == kUnderlyingFrame ? under.name : anim.keyframes[f1].delta.name.value;   \
    put<Prop::name>(out, out.name, mix<static_cast<std::uint8_t>(flags)>(a, b, w), tr.sides); \
    break;                                                                                    \
  }
    BUBBLE_STYLE_PROPS(ZENIT_DETAIL_KF_WRITE)
#undef ZENIT_DETAIL_KF_WRITE
    case Prop::Count: break;
  }
}

// The per-frame path's writer: one small function per property (only its
// own type's code and stack frame), called through a table indexed by Prop,
// instead of one switch over every property type.
using ComputedWriter = void (*)(const KeyframeTrack& tr, const KeyframeAnimation& anim, std::uint32_t f0,
                                std::uint32_t f1, float w, const ComputedStyle& under, ComputedStyle& out);

#define ZENIT_DETAIL_KF_WRITER(T, name, def, css, flags)                                         \
  void write_##name(const KeyframeTrack& tr, const KeyframeAnimation& anim, std::uint32_t f0,    \
                    std::uint32_t f1, float w, const ComputedStyle& under, ComputedStyle& out) { \
    const T& a = f0 == kUnderlyingFrame ? under.name : anim.keyframes[f0].delta.name.value;      \
    const T& b = f1 == kUnderlyingFrame ? under.name : anim.keyframes[f1].delta.name.value;      \
    put<Prop::name>(out, out.name, mix<static_cast<std::uint8_t>(flags)>(a, b, w), tr.sides);    \
  }
BUBBLE_STYLE_PROPS(ZENIT_DETAIL_KF_WRITER)
#undef ZENIT_DETAIL_KF_WRITER

#define ZENIT_DETAIL_KF_WRITER_ENTRY(T, name, def, css, flags) &write_##name,
constexpr ComputedWriter kComputedWriters[] = {BUBBLE_STYLE_PROPS(ZENIT_DETAIL_KF_WRITER_ENTRY)};
#undef ZENIT_DETAIL_KF_WRITER_ENTRY
static_assert(std::size(kComputedWriters) == kPropCount, "one writer per property, in Prop order");

// The easing of the segment starting at frame f0 (step 4).
const TransitionFunction& segmentEasing(const KeyframeAnimation& anim, std::uint32_t f0,
                                        const TransitionFunction& ease) {
  if (f0 == kUnderlyingFrame) return ease;  // implicit 0%: the animation's timing function
  const std::optional<TransitionFunction>& own = anim.keyframes[f0].easing;
  return own ? *own : ease;
}

// Debug check of a skipped constant track: `out` must already hold its value.
[[maybe_unused]] bool holdsConstant(const KeyframeTrack& tr, const KeyframeAnimation& anim,
                                    const ComputedStyle& out) {
  thread_local ComputedStyle probe;
  const std::uint32_t f = anim.keys[tr.first].frame;
  kComputedWriters[static_cast<std::size_t>(tr.prop)](tr, anim, f, f, 0.0f, out, probe);
  bool same = false;
  visitProp2(tr.prop, probe, out, [&](const auto& a, const auto& b) { same = a == b; });
  return same;
}

// What one located, eased interval gives every track that shares its keys.
struct Weighted {
  std::uint32_t f0{kUnderlyingFrame};  // keyframe indices of the interval's ends
  std::uint32_t f1{kUnderlyingFrame};
  std::uint32_t k0{0};  // track-local key indices of the same ends (value lanes)
  std::uint32_t k1{0};
  float w{0.0f};
};

// The ComputedStyle member of each property of type T, for the value lanes
// (null for properties of another type).
template <class T, class M>
constexpr T ComputedStyle::*memberOf(M ComputedStyle::*m) {
  if constexpr (std::is_same_v<T, M>)
    return m;
  else
    return nullptr;
}
#define ZENIT_DETAIL_FLOAT_MEMBER(T, name, def, css, flags) memberOf<float>(&ComputedStyle::name),
constexpr float ComputedStyle::*kFloatMembers[] = {BUBBLE_STYLE_PROPS(ZENIT_DETAIL_FLOAT_MEMBER)};
#undef ZENIT_DETAIL_FLOAT_MEMBER
#define ZENIT_DETAIL_VALUE_MEMBER(T, name, def, css, flags) memberOf<Value>(&ComputedStyle::name),
constexpr Value ComputedStyle::*kValueMembers[] = {BUBBLE_STYLE_PROPS(ZENIT_DETAIL_VALUE_MEMBER)};
#undef ZENIT_DETAIL_VALUE_MEMBER

// A track with a value lane (TrackLane): mix() of its two key values, clamped
// as the property's writer clamps, stored in its member. The same operations
// in the same order as the writer, so the same bits (Debug builds compare).
// `slots` names where each property's value goes: slots.length(prop) and
// slots.real(prop) give the Value and the float written.
ZENIT_ALWAYS_INLINE Value lengthLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c) {
  const float w = c.w;
  const Value* v = anim.laneLengths.data() + op.first;
  if (w == 1.0f) return v[c.k1];
  if (w == 0.0f) return v[c.k0];
  // lerpProp(Value) for two lengths (every lane length is one), inline.
  const Value& a = v[c.k0];
  const Value& b = v[c.k1];
  Value r{lerpProp(a.px, b.px, w), lerpProp(a.pct, b.pct, w), lerpProp(a.em, b.em, w), ValueKind::Length,
          static_cast<std::uint8_t>(a.units | b.units)};
  if (op.lane == TrackLane::LengthNonNeg) clampNonNegative(r);
  return r;
}
// The px part of lengthLane for a lane of px lengths (DrawnLanes::pxOnly):
// the same operations on that part, so the same bits.
ZENIT_ALWAYS_INLINE float pxLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c) {
  ZENIT_ASSERT(op.lane == TrackLane::Length, "pxLane: not a plain length lane");
  const float w = c.w;
  const Value* v = anim.laneLengths.data() + op.first;
  if (w == 1.0f) return v[c.k1].px;
  if (w == 0.0f) return v[c.k0].px;
  return lerpProp(v[c.k0].px, v[c.k1].px, w);
}
ZENIT_ALWAYS_INLINE float floatLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c) {
  const float w = c.w;
  const float* v = anim.laneFloats.data() + op.first;
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
template <class Slots>
ZENIT_ALWAYS_INLINE void writeLaneTo(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c,
                                     Slots&& slots) {
  if (op.lane == TrackLane::Length || op.lane == TrackLane::LengthNonNeg)
    slots.length(op.prop) = lengthLane(anim, op, c);
  else
    slots.real(op.prop) = floatLane(anim, op, c);
}
// The members of a ComputedStyle, through the property tables.
struct StyleSlots {
  ComputedStyle& out;
  Value& length(Prop p) const { return out.*kValueMembers[static_cast<std::size_t>(p)]; }
  float& real(Prop p) const { return out.*kFloatMembers[static_cast<std::size_t>(p)]; }
};
ZENIT_ALWAYS_INLINE void writeLane(const KeyframeAnimation& anim, const LaneOp& op, const Weighted& c,
                                   ComputedStyle& out) {
  writeLaneTo(anim, op, c, StyleSlots{out});
}
ZENIT_ALWAYS_INLINE void writeLane(const KeyframeAnimation& anim, const KeyframeTrack& tr, const Weighted& c,
                                   ComputedStyle& out) {
  writeLane(anim, LaneOp{tr.prop, static_cast<TrackLane>(tr.lane), tr.laneFirst}, c, out);
}

// Debug check of a value lane: the property's writer gives the same bits.
[[maybe_unused]] bool laneAgrees(const KeyframeTrack& tr, const KeyframeAnimation& anim, const Weighted& c,
                                 const ComputedStyle& out) {
  thread_local ComputedStyle probe;
  kComputedWriters[static_cast<std::size_t>(tr.prop)](tr, anim, c.f0, c.f1, c.w, out, probe);
  bool same = false;
  visitProp2(tr.prop, probe, out, [&](const auto& a, const auto& b) {
    using T = std::decay_t<decltype(a)>;
    if constexpr (std::is_same_v<T, float>)
      same = std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
    else
      same = a == b;
  });
  return same;
}

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

// Step 5 for one track: its value lane when it has one, else its writer.
ZENIT_ALWAYS_INLINE void writeTrack(const KeyframeAnimation& anim, const KeyframeTrack& tr,
                                    const Weighted& cur, const ComputedStyle& underlying,
                                    ComputedStyle& out) {
  if (tr.lane != 0) {
    writeLane(anim, tr, cur, out);
    ZENIT_ASSERT(laneAgrees(tr, anim, cur, out), "evaluateInto: a value lane differs from its writer");
    return;
  }
  kComputedWriters[static_cast<std::size_t>(tr.prop)](tr, anim, cur.f0, cur.f1, cur.w, underlying, out);
}

// The varying tracks alone, every constant being in place: one interval and
// one easing per run of tracks with equal keys (sharesVarying). With kLanes
// (evaluateLanes) every track has a value lane and `hints` is never null.
template <bool kLanes>
ZENIT_ALWAYS_INLINE void evaluateVarying(const KeyframeAnimation& anim, double p,
                                         const TransitionFunction& ease, EaseFn animEase, bool beforeFlag,
                                         const ComputedStyle& underlying, ComputedStyle& out,
                                         std::uint32_t* hints) {
  Weighted cur;
  bool located = false;
  for (const std::uint16_t i : anim.varying) {
    const KeyframeTrack& tr = anim.tracks[i];
    if (!tr.sharesVarying || !located) {
      std::uint32_t* hint = (kLanes || hints != nullptr) ? hints + i : nullptr;
      cur = locateAndEase(anim, tr, p, hint, ease, animEase, beforeFlag);
      located = true;
    }
    if constexpr (kLanes) {
      writeLane(anim, tr, cur, out);
      ZENIT_ASSERT(laneAgrees(tr, anim, cur, out), "evaluateLanes: a value lane differs from its writer");
    } else {
      writeTrack(anim, tr, cur, underlying, out);
    }
  }
}

// evaluateLanes for tracks with several key sets, out of line so that the
// lane program's frame (the usual one) stays small.
[[gnu::noinline]] void evaluateRunLanes(const KeyframeAnimation& anim, double progress,
                                        const TransitionFunction& ease, EaseFn easeFn, ComputedStyle& out,
                                        KeyframeCursor& cursor) {
  evaluateVarying<true>(anim, progress, ease, easeFn, false, out, out, cursor.segment.data());
}

}  // namespace

void evaluateInto(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                  bool beforeFlag, const ComputedStyle& underlying, ComputedStyle& out,
                  KeyframeCursor* cursor, PropSet skip) {
  ZENIT_ASSERT(anim.compiled() || anim.keyframes.empty(), "evaluateInto: call compileKeyframes() first");
  const double p = std::isnan(progress) ? 0.0 : progress;

  std::uint32_t* hints = nullptr;
  if (cursor != nullptr) {
    if (cursor->generation != anim.generation) {
      cursor->segment.fill(0u);
      cursor->generation = anim.generation;
    }
    hints = cursor->segment.data();
  }
  // Steady case: every constant track is in place (composeOverlay's usual
  // frame), so only the varying ones are visited, from their own list.
  if (skip.any() && skip.bits == anim.constants.bits) {
#ifndef NDEBUG
    for (const KeyframeTrack& tr : anim.tracks)
      ZENIT_ASSERT(!tr.constant || holdsConstant(tr, anim, out),
                   "evaluateInto: a skipped constant track's value is not in place");
#endif
    evaluateVarying<false>(anim, p, ease, easeFnOf(ease), beforeFlag, underlying, out, hints);
    return;
  }

  // The animation's timing function, resolved to its evaluator once per call
  // (a table index), not dispatched on its kind per segment.
  const EaseFn animEase = easeFnOf(ease);
  // Tracks with equal keys reuse the previous track's interval and eased
  // weight: pulse's tracks locate and ease once. A skipped constant track
  // that heads a run leaves `cur` to an earlier run: the next track of its
  // run then locates for itself (its keys are the same).
  Weighted cur;
  bool curValid = false;
  const std::size_t trackCount = anim.tracks.size();
  for (std::size_t i = 0; i < trackCount; ++i) {
    const KeyframeTrack& tr = anim.tracks[i];
    if (tr.count < 2u || static_cast<std::size_t>(tr.prop) >= kPropCount)
      continue;  // never after compileKeyframes
    if (tr.constant && skip.test(tr.prop)) {
      ZENIT_ASSERT(holdsConstant(tr, anim, out),
                   "evaluateInto: a skipped constant track's value is not in place");
      if (!tr.sharesKeys) curValid = false;
      continue;
    }
    if (!tr.sharesKeys || !curValid) {
      std::uint32_t* hint = (hints != nullptr && i < kMaxKeyframeTracks) ? hints + i : nullptr;
      cur = locateAndEase(anim, tr, p, hint, ease, animEase, beforeFlag);
      curValid = true;
    }
    writeTrack(anim, tr, cur, underlying, out);
  }
}

void evaluateLanes(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                   ComputedStyle& out, KeyframeCursor& cursor) {
  evaluateLanes(anim, progress, ease, easeFnOf(ease), out, cursor);
}
namespace {
// The lane program's interval and weight: one for every track (they share
// the lead track's keys), from `segment`, the cursor's hint of the lead
// track, which it moves. Inline in evaluateLanes and in the parked lists'
// loops (AnimationPlayer::stepSteadyList, stepDenseList).
ZENIT_ALWAYS_INLINE Weighted laneWeight(const KeyframeAnimation& anim, double progress,
                                        const TransitionFunction& ease, EaseFn easeFn,
                                        std::uint32_t& segment) {
  ZENIT_ASSERT(!anim.laneOps.empty(), "laneWeight: the animation has no lane program");
  const std::uint16_t lead = anim.varying[0];
  Weighted cur;
  std::uint32_t s = segment;
  [[maybe_unused]] const std::uint32_t started = s;
  const double* const t = anim.laneTimes.data();
  const std::size_t times = anim.laneTimes.size();  // 0: none
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

// evaluateLanes, inline in it and in AnimationPlayer::stepSteadyList.
ZENIT_ALWAYS_INLINE void laneProgram(const KeyframeAnimation& anim, double progress,
                                     const TransitionFunction& ease, EaseFn easeFn, ComputedStyle& out,
                                     KeyframeCursor& cursor) {
  ZENIT_ASSERT(easeFn == easeFnOf(ease), "evaluateLanes: easeFn must be easeFnOf(ease)");
  ZENIT_ASSERT(anim.allLanes && cursor.generation == anim.generation && progress >= 0.0 && progress <= 1.0,
               "evaluateLanes: lanes, a cursor of this compile and a progress in [0, 1]");
  if (anim.laneOps.empty()) {
    evaluateRunLanes(anim, progress, ease, easeFn, out, cursor);
    return;
  }
  // The lane program: one interval and one weight, then the writes in a flat list.
  const Weighted cur = laneWeight(anim, progress, ease, easeFn, cursor.segment[anim.varying[0]]);
  for (const LaneOp& op : anim.laneOps) writeLane(anim, op, cur, out);
#ifndef NDEBUG
  for (const std::uint16_t i : anim.varying)
    ZENIT_ASSERT(laneAgrees(anim.tracks[i], anim, cur, out),
                 "evaluateLanes: a lane op differs from its writer");
#endif
}
}  // namespace

void evaluateLanes(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                   EaseFn easeFn, ComputedStyle& out, KeyframeCursor& cursor) {
  laneProgram(anim, progress, ease, easeFn, out, cursor);
}

Style evaluateKeyframes(const KeyframeAnimation& anim, float localT, const TransitionFunction& ease) {
  Style out;
  if (!anim.compiled()) {
    if (anim.keyframes.empty()) return out;
    KeyframeAnimation copy;
    copy.keyframes = anim.keyframes;
    compileKeyframes(copy);
    return evaluateKeyframes(copy, localT, ease);
  }

  const double p = std::isnan(localT) ? 0.0 : static_cast<double>(std::clamp(localT, 0.0f, 1.0f));
  static const ComputedStyle kUnused{};  // never read: underlying keys are resolved to a neighbour below

  for (const KeyframeTrack& tr : anim.tracks) {
    if (tr.count < 2u) continue;
    const KeyframeKey* k = anim.keys.data() + tr.first;
    const Interval iv = locate(k, tr.count, p, nullptr);
    std::uint32_t f0 = k[iv.from].frame;
    std::uint32_t f1 = iv.single ? f0 : k[iv.to].frame;
    // Seed §2.5: a property set on one side only is used as is.
    if (f0 == kUnderlyingFrame) f0 = f1;
    if (f1 == kUnderlyingFrame) f1 = f0;
    if (f0 == kUnderlyingFrame) continue;  // no keyframe sets it (not after compileKeyframes)
    const float w =
        (f0 == f1) ? 0.0f : static_cast<float>(getRatio(iv.u, segmentEasing(anim, f0, ease), false));
    writeProp(tr, anim, f0, f1, w, kUnused, out);
  }
  return out;
}

}  // namespace zenit::Anim

namespace zenit {

// Here rather than in AnimationPlayer.cpp so that the lane program is inline
// in the loop: a parked list of tens of thousands of nodes pays no call per
// node for it.
bool AnimationPlayer::stepSteadyList(std::span<SteadyRef> refs, double dt) {
  // One entry's step; false when it declines (then it changed nothing).
  const auto step = [dt](SteadyRef& r) ZENIT_ALWAYS_INLINE_LAMBDA -> bool {
    ZENIT_ASSERT(r.player->steadyArmed_ &&
                     (r.single == nullptr || (r.player->imperative.empty() && r.player->css.size() == 1 &&
                                              r.single == r.player->css.data())),
                 "stepSteadyList: an entry's lane changed");
    if (r.single == nullptr) return r.player->tickSteady(dt);
    ActiveCssAnimation& a = *r.single;
    float progress = 0.0f;
    if (!Anim::steadyAdvance(a, a.steady, a.elapsed + dt, progress)) return false;
    // commitSteady, with the lane program inline.
    advanceSteady(a, dt, progress);
    Anim::laneProgram(*a.keyframes, static_cast<double>(progress), a.ease, a.steady.ease, r.player->overlay,
                      a.cursor);
    return true;
  };
  bool declined = false;
  const auto stepOrMark = [&](SteadyRef& r) ZENIT_ALWAYS_INLINE_LAMBDA {
    if (step(r)) return;
    r.player = nullptr;
    declined = true;
  };
  // The entries point into scattered animations: each step asks for the
  // line a later entry starts with, its timing. (Its overlay, written by the
  // step, measured no faster when prefetched too.)
  forEachPrefetching<kSteadyPrefetch>(
      refs.size(), [&](std::size_t i) ZENIT_ALWAYS_INLINE_LAMBDA { return refs[i].single; },
      [&](std::size_t i) ZENIT_ALWAYS_INLINE_LAMBDA { stepOrMark(refs[i]); });
  return declined;
}

}  // namespace zenit

namespace zenit {

namespace {
// A dense entry's frame at `elapsed`, whose `progress` steadyAdvance gave:
// the elapsed, the lead track's segment and the drawn values, each lane
// written where it goes (DrawnLanes). A px-only translation writes its px
// part: its other parts hold +0 and kPx from the entry's copy.
ZENIT_ALWAYS_INLINE void stepDense(AnimationPlayer::DenseRef& r, double elapsed, float progress) {
  r.elapsed = elapsed;
  const KeyframeAnimation& kf = *r.keyframes;
  const DrawnLanes& d = kf.drawnLanes;
  const Anim::Weighted cur =
      Anim::laneWeight(kf, static_cast<double>(progress), *r.ease, r.steady.ease, r.segment);
  if (d.opacity.lane != TrackLane::None) r.opacity = Anim::floatLane(kf, d.opacity, cur);
  if (d.pxOnly) {
    if (d.translateX.lane != TrackLane::None) r.translateX.px = Anim::pxLane(kf, d.translateX, cur);
    if (d.translateY.lane != TrackLane::None) r.translateY.px = Anim::pxLane(kf, d.translateY, cur);
    return;
  }
  if (d.translateX.lane != TrackLane::None) r.translateX = Anim::lengthLane(kf, d.translateX, cur);
  if (d.translateY.lane != TrackLane::None) r.translateY = Anim::lengthLane(kf, d.translateY, cur);
}
}  // namespace

#ifndef NDEBUG
// The step of `r` from `before` gave what the player's own steady step
// (the animation's timing, evaluateLanes onto a style) gives.
void AnimationPlayer::checkDense(const DenseRef& r, const DenseRef& before, float progress) {
  ActiveCssAnimation& a = r.player->css[0];
  const double held = a.elapsed;
  const Anim::SteadyTiming heldPlan = a.steady;
  a.elapsed = r.elapsed;
  a.steady = r.steady;
  checkSteady(a, progress);
  a.elapsed = held;
  a.steady = heldPlan;
  thread_local ComputedStyle probe;
  Anim::KeyframeCursor cursor = a.cursor;
  cursor.segment[r.lead] = before.segment;
  Anim::evaluateLanes(*r.keyframes, static_cast<double>(progress), *r.ease, r.steady.ease, probe, cursor);
  const auto same = [](float x, float y) {
    return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y);
  };
  ZENIT_ASSERT(cursor.segment[r.lead] == r.segment, "stepDenseList: the segment differs from evaluateLanes'");
  for (const LaneOp& op : r.keyframes->laneOps) {
    const bool agrees = op.prop == Prop::opacity      ? same(probe.opacity, r.opacity)
                        : op.prop == Prop::translateX ? probe.translateX == r.translateX
                                                      : probe.translateY == r.translateY;
    ZENIT_ASSERT(agrees, "stepDenseList: a drawn value differs from evaluateLanes'");
  }
}
#endif

// Beside stepSteadyList, for the same reason: the lane program inline. The
// entries are read and written in order, and nothing else is: the
// hardware's prefetch finds the lines, as in the floor case.
bool AnimationPlayer::stepDenseList(std::span<DenseRef> refs, double dt) {
  bool declined = false;
  for (DenseRef& r : refs) {
    ZENIT_ASSERT(r.player != nullptr && r.player->steadyArmed_ && r.player->imperative.empty() &&
                     r.player->css.size() == 1 && r.keyframes == r.player->css[0].keyframes,
                 "stepDenseList: an entry's lane changed");
    float progress = 0.0f;
    const double elapsed = r.elapsed + dt;
    if (!Anim::steadyAdvance(r.delay, r.duration, r.steady, elapsed, progress)) [[unlikely]] {
      // Still inside the active interval: the iteration ended.
      r.turn = elapsed - r.delay < r.steady.window.end ? ListTurn::IterationEnd : ListTurn::Declined;
      declined = true;
      continue;
    }
#ifndef NDEBUG
    const DenseRef before = r;
#endif
    stepDense(r, elapsed, progress);
#ifndef NDEBUG
    checkDense(r, before, progress);
#endif
  }
  return declined;
}

bool AnimationPlayer::rollDense(DenseRef& r, double dt) {
  ZENIT_ASSERT(r.turn == ListTurn::IterationEnd, "rollDense: the entry's frame did not end its iteration");
  const double elapsed = r.elapsed + dt;
  Anim::SteadyTiming plan = r.steady;  // keeps the easing's evaluator
  float progress = 0.0f;
  if (!Anim::steadyTimingAt(r.delay, r.duration, r.steady.window.end, r.direction, elapsed, plan, progress))
    return false;
#ifndef NDEBUG
  DenseRef before = r;
  before.steady = plan;  // checkDense compares against the new iteration
#endif
  r.steady = plan;
  stepDense(r, elapsed, progress);
  r.turn = ListTurn::Stepped;
#ifndef NDEBUG
  checkDense(r, before, progress);
#endif
  return true;
}

}  // namespace zenit
