// compileKeyframes: the @keyframes rule turned into per-property tracks once,
// following CSS Animations 2 §3 "Assembling keyframes" and the per-property
// keyframe selection of Web Animations 1 ("The effect value of a keyframe
// effect": https://drafts.csswg.org/web-animations-1/#the-effect-value-of-a-keyframe-animation-effect).
#include <zenit/style/Keyframes.hpp>

#include <zenit/core/Lerp.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <type_traits>

namespace zenit {

namespace {

// Process-wide, so two animations never share a generation and a cursor
// used with the wrong animation is noticed as surely as a stale one.
std::uint32_t nextGeneration() {
  static std::atomic<std::uint32_t> counter{0};
  std::uint32_t g = counter.fetch_add(1, std::memory_order_relaxed) + 1u;
  if (g == 0) g = counter.fetch_add(1, std::memory_order_relaxed) + 1u;  // 0 means "never compiled"
  return g;
}

bool isSet(const Style& s, Prop p) {
  bool set = false;
  visitProp(p, s, [&](const auto& field) { set = field.is_set; });
  return set;
}

void clearProp(Style& s, Prop p) {
  visitProp(p, s, [](auto& field) { field.reset(); });
}

// Would evaluation give back `v` itself at every progress of a track whose
// keys all hold `v`? It does for a float or a length when the interpolation
// is exact (a + (a - a) * w == a: finite values) and the value lies inside the
// range evaluation clamps to; other types (colours round-trip through
// premultiplied maths) are never treated as constant.
template <class T>
bool holdsSteady(const T& v, Prop p) {
  if constexpr (std::is_same_v<T, float>) {
    if (!(lerpProp(v, v, 0.5f) == v)) return false;  // NaN, infinities
    if (hasFlag(p, PF_UNIT)) return v >= 0.0f && v <= 1.0f;
    if (hasFlag(p, PF_NONNEG)) return v >= 0.0f;
    return true;
  } else if constexpr (std::is_same_v<T, Value>) {
    if (!(lerpProp(v, v, 0.5f) == v)) return false;
    // The non-negative clamp rewrites a length whose parts are all <= 0 (to zeros).
    if (hasFlag(p, PF_NONNEG) && v.isLength() && v.px <= 0.0f && v.pct <= 0.0f && v.em <= 0.0f) return false;
    return true;
  } else {
    return false;
  }
}

// Step 7: every key of `tr` is a keyframe (no underlying end) holding the same
// steady value of its whole property.
bool constantTrack(const KeyframeAnimation& anim, const KeyframeTrack& tr) {
  if (tr.sides != 0 || tr.count < 2u) return false;
  const KeyframeKey* k = anim.keys.data() + tr.first;
  for (std::uint32_t i = 0; i < tr.count; ++i)
    if (k[i].frame == kUnderlyingFrame) return false;
  bool same = true;
  for (std::uint32_t i = 1; i < tr.count && same; ++i)
    visitProp2(tr.prop, anim.keyframes[k[0].frame].delta, anim.keyframes[k[i].frame].delta,
               [&](const auto& a, const auto& b) { same = a.value == b.value; });
  if (!same) return false;
  bool steady = false;
  visitProp(tr.prop, anim.keyframes[k[0].frame].delta,
            [&](const auto& a) { steady = holdsSteady(a.value, tr.prop); });
  return steady;
}

// The sides of a four-sided row `s` leaves undeclared (SideHoles); 0 for other rows.
std::uint8_t holesOf(const Style& s, Prop p) {
  if (p == Prop::padding) return s.holes.padding;
  if (p == Prop::margin) return s.holes.margin;
  if (p == Prop::borderRadius) return s.holes.borderRadius;
  return 0;
}

constexpr bool isFourSided(Prop p) {
  return p == Prop::padding || p == Prop::margin || p == Prop::borderRadius;
}

// Does keyframe `k` declare side `side` of the four-sided row p?
bool declaresSide(const Keyframe& k, Prop p, int side) {
  return isSet(k.delta, p) && (holesOf(k.delta, p) & (1u << side)) == 0;
}

using detail::DrawnLanes;
using detail::LaneOp;
using detail::LaneRef;
using detail::TrackLane;

// Step 8: the value lane of a varying track, when it can have one (TrackLane).
LaneRef laneOf(KeyframeAnimation& anim, const KeyframeTrack& tr) {
  if (tr.sides != 0 || tr.count < 2u) return {};
  const KeyframeKey* k = anim.keys.data() + tr.first;
  for (std::uint32_t i = 0; i < tr.count; ++i)
    if (k[i].frame == kUnderlyingFrame) return {};
  LaneRef ref;
  // Appends every key's value of type T to `lane`; false (nothing kept) when
  // one is not a plain number, length or colour.
  const auto collect = [&]<class T>(std::vector<T>& lane) {
    const std::size_t start = lane.size();
    bool plain = true;
    for (std::uint32_t i = 0; i < tr.count; ++i)
      visitProp(tr.prop, anim.keyframes[k[i].frame].delta, [&](const auto& key) {
        if constexpr (std::is_same_v<std::decay_t<decltype(key.value)>, T>) {
          if constexpr (std::is_same_v<T, Value>) plain = plain && key.value.isLength();
          lane.push_back(key.value);
        }
      });
    if (!plain) {  // auto / none step at the midpoint: the writer handles them
      lane.resize(start);
      return false;
    }
    ref.first = static_cast<std::uint32_t>(start);
    return true;
  };
  detail::CompiledValues& v = anim.values;
  visitProp(tr.prop, anim.keyframes[k[0].frame].delta, [&](const auto& first) {
    using T = std::decay_t<decltype(first.value)>;
    const bool nonNeg = hasFlag(tr.prop, PF_NONNEG);
    if constexpr (std::is_same_v<T, float>) {
      if (collect(v.floats))
        ref.lane = hasFlag(tr.prop, PF_UNIT) ? TrackLane::FloatUnit
                   : nonNeg                  ? TrackLane::FloatNonNeg
                                             : TrackLane::Float;
    } else if constexpr (std::is_same_v<T, Value>) {
      if (collect(v.lengths)) ref.lane = nonNeg ? TrackLane::LengthNonNeg : TrackLane::Length;
    } else if constexpr (std::is_same_v<T, Color>) {
      if (collect(v.colors)) ref.lane = TrackLane::Color;
    }
  });
  return ref;
}

// The lane program as DrawnLanes, when it writes only the drawn properties.
DrawnLanes drawnLanesOf(const KeyframeAnimation& anim) {
  DrawnLanes d;
  const detail::CompiledValues& v = anim.values;
  if (v.ops.empty()) return d;
  for (const LaneOp& op : v.ops) {
    LaneOp* slot = op.prop == Prop::opacity      ? &d.opacity
                   : op.prop == Prop::translateX ? &d.translateX
                   : op.prop == Prop::translateY ? &d.translateY
                                                 : nullptr;
    if (slot == nullptr || slot->lane != TrackLane::None) return DrawnLanes{};
    *slot = op;
  }
  d.valid = true;
  // The values of the translations' lanes: plain px lengths, lerped in
  // their px part alone (the +0 parts lerp to +0, the units stay kPx).
  const auto pxLane = [&](const LaneOp& op) {
    if (op.lane == TrackLane::None) return true;
    if (op.lane != TrackLane::Length) return false;
    const std::uint32_t count = anim.tracks[anim.varying[0]].count;  // the lead's keys: every op shares them
    return std::all_of(
        v.lengths.begin() + op.first, v.lengths.begin() + op.first + count, [](const Value& x) {
          return x.isLength() && x.units == Value::kPx && std::bit_cast<std::uint32_t>(x.pct) == 0u &&
                 std::bit_cast<std::uint32_t>(x.em) == 0u;
        });
  };
  d.pxOnly = pxLane(d.translateX) && pxLane(d.translateY);
  return d;
}

bool sameEasing(const std::optional<TransitionFunction>& a, const std::optional<TransitionFunction>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a.has_value() || *a == *b;
}

}  // namespace

void compileKeyframes(KeyframeAnimation& anim) {
  std::vector<Keyframe>& frames = anim.keyframes;

  // 1. Offsets outside [0, 1] (and NaN) are invalid keyframe selectors.
  std::erase_if(frames, [](const Keyframe& k) { return !(k.t >= 0.0f && k.t <= 1.0f); });
  for (Keyframe& k : frames)
    if (k.t == 0.0f) k.t = 0.0f;  // -0 and +0 compare equal; store one of them

  // 2. Only animatable properties take part (CSS ignores the others in @keyframes).
  constexpr PropSet kAnimatable = propsWithFlag(PF_ANIM);
  for (Keyframe& k : frames) {
    const PropSet ignored{k.delta.setProps().bits & ~kAnimatable.bits};
    ignored.forEach([&](Prop p) { clearProp(k.delta, p); });
  }

  // 3. Keyframes may come in any order; equal offsets keep source order.
  std::stable_sort(frames.begin(), frames.end(),
                   [](const Keyframe& a, const Keyframe& b) { return a.t < b.t; });

  // 4. Within each run of one offset, a keyframe folds into the first earlier
  //    one with the same easing (not only an adjacent one), later values winning.
  std::vector<bool> merged(frames.size(), false);
  for (std::size_t runStart = 0; runStart < frames.size();) {
    std::size_t runEnd = runStart + 1;
    while (runEnd < frames.size() && frames[runEnd].t == frames[runStart].t) ++runEnd;
    for (std::size_t j = runStart + 1; j < runEnd; ++j) {
      for (std::size_t i = runStart; i < j; ++i) {
        if (merged[i] || !sameEasing(frames[i].easing, frames[j].easing)) continue;
        frames[i].delta.overlay(frames[j].delta);
        merged[j] = true;
        break;
      }
    }
    runStart = runEnd;
  }

  // 5. Drop what was merged away and keyframes that set nothing.
  {
    std::size_t out = 0;
    for (std::size_t i = 0; i < frames.size(); ++i) {
      if (merged[i] || frames[i].delta.empty()) continue;
      if (out != i) frames[out] = std::move(frames[i]);
      ++out;
    }
    frames.resize(out);
  }

  // 6. One track per animated property; for a four-sided row, one per group
  //    of sides that the same keyframes declare (each side is its own CSS
  //    property, with its own keyframes).
  PropSet set;
  for (const Keyframe& k : frames) set |= k.delta.setProps();

  anim.animated = PropSet{};
  anim.readsUnderlying = PropSet{};
  anim.tracks.clear();
  anim.keys.clear();
  anim.tracks.reserve(static_cast<std::size_t>(set.count()));
  // Builds p's track over the keyframes `uses` accepts, writing `sides`.
  auto build = [&](Prop p, std::uint8_t sides, auto uses) {
    const auto first = static_cast<std::uint32_t>(anim.keys.size());
    auto push = [&](float t, std::uint32_t frame) {
      // A run of keys at one offset keeps its first and its last key only.
      const std::size_t n = anim.keys.size() - first;
      if (n >= 2 && anim.keys[anim.keys.size() - 1].t == t && anim.keys[anim.keys.size() - 2].t == t) {
        anim.keys.back() = KeyframeKey{t, frame};
        return;
      }
      anim.keys.push_back(KeyframeKey{t, frame});
    };

    bool started = false;
    float lastT = 0.0f;
    for (std::size_t i = 0; i < frames.size(); ++i) {
      if (!uses(frames[i])) continue;
      if (!started && frames[i].t != 0.0f) push(0.0f, kUnderlyingFrame);  // implicit 0%
      started = true;
      push(frames[i].t, static_cast<std::uint32_t>(i));
      lastT = frames[i].t;
    }
    if (lastT != 1.0f) push(1.0f, kUnderlyingFrame);  // implicit 100%

    anim.tracks.push_back(
        KeyframeTrack{p, first, static_cast<std::uint32_t>(anim.keys.size()) - first, sides});
    anim.animated.set(p);
    // A side track leaves the other sides as they were; an implicit end key
    // is the underlying value: either way evaluation needs it in place.
    const bool underlyingKey = std::any_of(anim.keys.begin() + first, anim.keys.end(),
                                           [](const KeyframeKey& k) { return k.frame == kUnderlyingFrame; });
    if (underlyingKey || (sides != 0 && sides != 0x0F)) anim.readsUnderlying.set(p);
  };
  set.forEach([&](Prop p) {
    if (!isFourSided(p)) {
      build(p, 0, [&](const Keyframe& k) { return isSet(k.delta, p); });
      return;
    }
    std::uint8_t todo = 0x0F;
    while (todo != 0) {
      const int lead = std::countr_zero(todo);
      auto sameKeyframes = [&](int side) {
        for (const Keyframe& k : frames)
          if (declaresSide(k, p, side) != declaresSide(k, p, lead)) return false;
        return true;
      };
      std::uint8_t group = 0;
      for (int side = lead; side < 4; ++side)
        if ((todo & (1u << side)) != 0 && sameKeyframes(side))
          group = static_cast<std::uint8_t>(group | (1u << side));
      todo = static_cast<std::uint8_t>(todo & ~group);
      const bool declared = std::any_of(frames.begin(), frames.end(),
                                        [&](const Keyframe& k) { return declaresSide(k, p, lead); });
      if (!declared) continue;  // no keyframe declares these sides: they stay underlying
      build(p, group, [&](const Keyframe& k) { return declaresSide(k, p, lead); });
    }
  });

  // 7. Tracks declared by the same keyframes (pulse's opacity and
  //    translateX) have equal keys: evaluation locates and eases once for them.
  for (std::size_t i = 1; i < anim.tracks.size(); ++i) {
    const KeyframeTrack& prev = anim.tracks[i - 1];
    KeyframeTrack& tr = anim.tracks[i];
    const KeyframeKey* a = anim.keys.data() + prev.first;
    const KeyframeKey* b = anim.keys.data() + tr.first;
    tr.sharesKeys = prev.count == tr.count &&
                    std::equal(a, a + prev.count, b, [](const KeyframeKey& x, const KeyframeKey& y) {
                      return x.t == y.t && x.frame == y.frame;
                    });
  }
  anim.constants = PropSet{};
  anim.varying.clear();
  const KeyframeTrack* prevVarying = nullptr;
  for (std::size_t i = 0; i < anim.tracks.size(); ++i) {
    KeyframeTrack& tr = anim.tracks[i];
    tr.constant = constantTrack(anim, tr);
    tr.sharesVarying = false;
    if (tr.constant) {
      anim.constants.set(tr.prop);  // sides == 0: the property's only track
      continue;
    }
    if (prevVarying != nullptr) {
      const KeyframeKey* a = anim.keys.data() + prevVarying->first;
      const KeyframeKey* b = anim.keys.data() + tr.first;
      tr.sharesVarying = prevVarying->count == tr.count &&
                         std::equal(a, a + tr.count, b, [](const KeyframeKey& x, const KeyframeKey& y) {
                           return x.t == y.t && x.frame == y.frame;
                         });
    }
    anim.varying.push_back(static_cast<std::uint16_t>(i));
    prevVarying = &tr;
  }

  // 8. Value lanes of the varying float, length and colour tracks.
  detail::CompiledValues& v = anim.values;
  v = detail::CompiledValues{};
  v.byTrack.assign(anim.tracks.size(), LaneRef{});
  v.all = true;
  for (const std::uint16_t i : anim.varying) {
    v.byTrack[i] = laneOf(anim, anim.tracks[i]);
    v.all = v.all && v.byTrack[i].lane != TrackLane::None;
  }
  // The lane program: every varying track after the first shares its keys.
  if (v.all && !anim.varying.empty() &&
      std::all_of(anim.varying.begin() + 1, anim.varying.end(),
                  [&](std::uint16_t i) { return anim.tracks[i].sharesVarying; }))
    for (const std::uint16_t i : anim.varying)
      v.ops.push_back(LaneOp{anim.tracks[i].prop, v.byTrack[i].lane, v.byTrack[i].first});
  v.drawn = drawnLanesOf(anim);
  anim.keyEasings = std::any_of(anim.keyframes.begin(), anim.keyframes.end(),
                                [](const Keyframe& k) { return k.easing.has_value(); });
  if (!v.ops.empty() && !anim.keyEasings) {
    const KeyframeTrack& lead = anim.tracks[anim.varying[0]];
    v.times.reserve(lead.count);
    for (std::uint32_t i = 0; i < lead.count; ++i)
      v.times.push_back(static_cast<double>(anim.keys[lead.first + i].t));
  }

  // 9. Anything cached against the old tracks is now stale.
  anim.generation = nextGeneration();
}

}  // namespace zenit
