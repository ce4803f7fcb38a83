// Keyframe evaluation (seed §2.5), per property as Web Animations 1 "The
// effect value of a keyframe effect" says. See anim/KeyframeEval.hpp for the
// steps and the deviations from the seed.
#include <zenit/anim/KeyframeEval.hpp>

#include "anim/KeyframeLanes.hpp"
#include "core/EaseEval.hpp"

#include <zenit/anim/AnimationPlayer.hpp>

#include <zenit/core/Config.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <type_traits>

namespace zenit::Anim {

using namespace eval;

namespace {

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

// Step 5, the one writer of each property: out.<p> = mix(value of key frame
// f0, value of key frame f1, w), where a frame of kUnderlyingFrame reads
// `under`; a side track writes only its sides (every keyframe on it declares
// them). Out is ComputedStyle (an overlay) or Style (the seed's API, a
// part). One small function per property (only its own type's code and
// stack frame), called through a table indexed by Prop.
template <class Out>
using Writer = void (*)(const KeyframeTrack& tr, const KeyframeAnimation& anim, std::uint32_t f0,
                        std::uint32_t f1, float w, const ComputedStyle& under, Out& out);

#define ZENIT_DETAIL_KF_WRITER(T, name, def, css, flags)                                      \
  template <class Out>                                                                        \
  void write_##name(const KeyframeTrack& tr, const KeyframeAnimation& anim, std::uint32_t f0, \
                    std::uint32_t f1, float w, const ComputedStyle& under, Out& out) {        \
    const T& a = f0 == kUnderlyingFrame ? under.name : anim.keyframes[f0].delta.name.value;   \
    const T& b = f1 == kUnderlyingFrame ? under.name : anim.keyframes[f1].delta.name.value;   \
    put<Prop::name>(out, out.name, mix<static_cast<std::uint8_t>(flags)>(a, b, w), tr.sides); \
  }
BUBBLE_STYLE_PROPS(ZENIT_DETAIL_KF_WRITER)
#undef ZENIT_DETAIL_KF_WRITER

#define ZENIT_DETAIL_KF_WRITER_ENTRY(T, name, def, css, flags) &write_##name<Out>,
template <class Out>
constexpr Writer<Out> kWriters[] = {BUBBLE_STYLE_PROPS(ZENIT_DETAIL_KF_WRITER_ENTRY)};
#undef ZENIT_DETAIL_KF_WRITER_ENTRY
static_assert(std::size(kWriters<ComputedStyle>) == kPropCount, "one writer per property, in Prop order");

template <class Out>
void writeProp(const KeyframeTrack& tr, const KeyframeAnimation& anim, std::uint32_t f0, std::uint32_t f1,
               float w, const ComputedStyle& under, Out& out) {
  kWriters<Out>[static_cast<std::size_t>(tr.prop)](tr, anim, f0, f1, w, under, out);
}

// The easing of the segment starting at frame f0 (step 4).
const TransitionFunction& segmentEasing(const KeyframeAnimation& anim, std::uint32_t f0,
                                        const TransitionFunction& ease) {
  if (f0 == kUnderlyingFrame) return ease;  // implicit 0%: the animation's timing function
  const std::optional<TransitionFunction>& own = anim.keyframes[f0].easing;
  return own ? *own : ease;
}

// Step 5 for one track: its value lane when it has one, else its writer.
ZENIT_ALWAYS_INLINE void writeTrack(const KeyframeAnimation& anim, std::size_t i, const Weighted& cur,
                                    const ComputedStyle& underlying, ComputedStyle& out) {
  const KeyframeTrack& tr = anim.tracks[i];
  if (anim.values.byTrack[i].lane != detail::TrackLane::None) {
    writeLane(anim, i, cur, out);
    ZENIT_ASSERT(laneAgrees(tr, anim, cur, out), "evaluateInto: a value lane differs from its writer");
    return;
  }
  writeProp(tr, anim, cur.f0, cur.f1, cur.w, underlying, out);
}

// The varying tracks alone, every constant being in place (the steady
// step's frames), every one with a value lane: one interval and one easing
// per run of tracks with equal keys (sharesVarying).
ZENIT_ALWAYS_INLINE void evaluateVarying(const KeyframeAnimation& anim, double p,
                                         const TransitionFunction& ease, EaseFn animEase, ComputedStyle& out,
                                         std::uint32_t* hints) {
  Weighted cur;
  bool located = false;
  for (const std::uint16_t i : anim.varying) {
    const KeyframeTrack& tr = anim.tracks[i];
    if (!tr.sharesVarying || !located) {
      cur = locateAndEase(anim, tr, p, hints + i, ease, animEase, false);
      located = true;
    }
    writeLane(anim, i, cur, out);
    ZENIT_ASSERT(laneAgrees(tr, anim, cur, out), "evaluateLanes: a value lane differs from its writer");
  }
}

}  // namespace

namespace eval {

// Debug check of a value lane: the property's writer gives the same bits.
bool laneAgrees(const KeyframeTrack& tr, const KeyframeAnimation& anim, const Weighted& c,
                const ComputedStyle& out) {
  thread_local ComputedStyle probe;
  writeProp(tr, anim, c.f0, c.f1, c.w, out, probe);
  bool same = false;
  visitProp2(tr.prop, probe, out, [&](const auto& a, const auto& b) { same = sameValue(a, b); });
  return same;
}

// evaluateLanes for tracks with several key sets, out of line so that the
// lane program's frame (the usual one) stays small.
[[gnu::noinline]] void evaluateRunLanes(const KeyframeAnimation& anim, double progress,
                                        const TransitionFunction& ease, EaseFn easeFn, ComputedStyle& out,
                                        KeyframeCursor& cursor) {
  evaluateVarying(anim, progress, ease, easeFn, out, cursor.segment.data());
}

}  // namespace eval

void evaluateInto(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                  bool beforeFlag, const ComputedStyle& underlying, ComputedStyle& out,
                  KeyframeCursor* cursor) {
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
  // The animation's timing function, resolved to its evaluator once per call
  // (a table index), not dispatched on its kind per segment.
  const EaseFn animEase = easeFnOf(ease);
  // Tracks with equal keys reuse the previous track's interval and eased
  // weight: pulse's tracks locate and ease once.
  Weighted cur;
  bool curValid = false;
  const std::size_t trackCount = anim.tracks.size();
  for (std::size_t i = 0; i < trackCount; ++i) {
    const KeyframeTrack& tr = anim.tracks[i];
    if (tr.count < 2u || static_cast<std::size_t>(tr.prop) >= kPropCount)
      continue;  // never after compileKeyframes
    if (!tr.sharesKeys || !curValid) {
      std::uint32_t* hint = (hints != nullptr && i < kMaxKeyframeTracks) ? hints + i : nullptr;
      cur = locateAndEase(anim, tr, p, hint, ease, animEase, beforeFlag);
      curValid = true;
    }
    writeTrack(anim, i, cur, underlying, out);
  }
}

void evaluateLanes(const KeyframeAnimation& anim, double progress, const TransitionFunction& ease,
                   ComputedStyle& out, KeyframeCursor& cursor) {
  evaluateLanes(anim, progress, ease, easeFnOf(ease), out, cursor);
}
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
    writeProp(tr, anim, f0, f1, w, kUnused, out);  // the same writer, onto a Style
  }
  return out;
}

}  // namespace zenit::Anim
