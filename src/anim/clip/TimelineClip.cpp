// buildTimelineClip: a stylesheet @timeline as a sealed Clip
// (include/zenit/anim/TimelineClip.hpp, docs/timeline-rule.md).
//
// The shape, in source order:
//  1. the @timeline is a timeline one level below the clip's root, at 0,
//     with its own timing; each @group a timeline inside its parent, at its
//     position;
//  2. a track rule is a timeline of a group's default timing at the rule's
//     position, holding each matched node's tracks at the node's stagger
//     offset, so "<" and ">" after it mean the whole staggered rule;
//  3. a node's tracks: one per property its @keyframes animates, each with
//     the rule's `animation` item as its timing, the keyframes' offsets and
//     values, and each interval eased by its keyframe's own timing function
//     or the animation's (CSS Animations 1 §3.9);
//  4. labels and marks where they are written.
#include <zenit/anim/TimelineClip.hpp>

#include <zenit/core/Stagger.hpp>

#include <array>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace zenit {

namespace {

static_assert(kMaxTimelineDepth == kMaxClipDepth,
              "a @timeline sits one level below the clip's root: the sheet's limit is the clip's");

// How a property's value becomes a slot's numbers.
enum class SlotKind : std::uint8_t { Number, Length, Colour, None };

SlotKind slotKind(Prop p) {
  SlotKind kind = SlotKind::None;
  ComputedStyle probe;
  visitProp(p, probe, [&](const auto& field) {
    using T = std::decay_t<decltype(field)>;
    if constexpr (std::is_same_v<T, float>) kind = SlotKind::Number;
    if constexpr (std::is_same_v<T, Value>) kind = SlotKind::Length;
    if constexpr (std::is_same_v<T, Color>) kind = SlotKind::Colour;
  });
  return kind;
}

std::uint8_t componentsOf(SlotKind k) { return k == SlotKind::Colour ? 4 : 1; }

// `v` as a slot's numbers: a number, a length in px (em against
// `fontSizePx`), a colour's channels. False when a length has a percentage
// part or is auto / none: nothing here knows what it resolves to.
template <class T>
bool toNumbers(const T& v, float fontSizePx, std::array<float, 4>& out) {
  if constexpr (std::is_same_v<T, float>) {
    out = {v, 0.f, 0.f, 0.f};
    return true;
  } else if constexpr (std::is_same_v<T, Value>) {
    if (!v.isLength() || v.pct != 0.0f) return false;
    out = {v.px + v.em * fontSizePx, 0.f, 0.f, 0.f};
    return true;
  } else if constexpr (std::is_same_v<T, Color>) {
    out = {v.r, v.g, v.b, v.a};
    return true;
  } else {
    return false;
  }
}

template <class T>
std::string cssText(const T& v) {
  if constexpr (std::is_same_v<T, Value> || std::is_same_v<T, Color>)
    return toCss(v);
  else
    return {};
}

std::string percent(float t) { return std::to_string(static_cast<int>(t * 100.0f + 0.5f)) + "%"; }

class Builder {
 public:
  explicit Builder(const TimelineClipInput& in) : in_(in) {}

  TimelineClip run() {
    if (in_.rule == nullptr) return refuse(TimelineClipStatus::ClipRefused, "no @timeline to build", {});
    if (!timeline(*in_.rule, kClipRoot, 0, ClipPosition::at(0.0))) return std::move(out_);
    if (!rootLabels(*in_.rule, out_.outline.front().node)) return std::move(out_);
    if (const ClipResult sealed = clip_->seal(); !sealed)
      return refuse(TimelineClipStatus::ClipRefused, sealed.message, in_.rule->loc, sealed.status);
    out_.clip = std::move(clip_);
    return std::move(out_);
  }

 private:
  // The timeline and its items under `parent`; false once something is refused.
  bool timeline(const TimelineGroup& g, ClipNode parent, int depth, const ClipPosition& position) {
    ClipTimeline t;
    t.parent = parent;
    t.position = position;
    t.timing = timingOf(g);
    const ClipResult made = clip_->addTimeline(t);
    if (!ok(made, g.loc)) return false;
    entry(TimelineClipEntry::Kind::Timeline, depth, made.node).group = &g;
    std::uint32_t children = 0;  // tracks and timelines so far: what "<" and ">" count
    for (const TimelineItem& item : g.items) {
      switch (item.kind) {
        case TimelineItem::Kind::Track:
          if (!trackRule(g.tracks[item.index], made.node, depth + 1, children++)) return false;
          break;
        case TimelineItem::Kind::Marker: {
          const TimelineMarker& m = g.markers[item.index];
          const bool label = m.kind == TimelineMarker::Kind::Label;
          const ClipResult r = label ? clip_->addLabel(m.name, m.position, made.node)
                                     : clip_->addMark(m.name, m.position, made.node);
          if (!ok(r, m.loc)) return false;
          using K = TimelineClipEntry::Kind;
          entry(label ? K::Label : K::Mark, depth + 1, r.node).marker = &m;
          break;
        }
        case TimelineItem::Kind::Group: {
          const TimelineGroup& child = g.groups[item.index];
          if (!timeline(child, made.node, depth + 1, child.position)) return false;
          ++children;
          break;
        }
      }
    }
    return true;
  }

  // A player seeks the clip's root labels: the @timeline's labels are put
  // there too, when its time is the root's shifted (it runs once, forwards,
  // at rate 1, unwarped); otherwise a label has no one time.
  bool rootLabels(const TimelineRule& rule, ClipNode top) {
    const ClipTiming& t = clip_->timing(top);
    if (t.iterationCount != 1.0 || t.iterationStart != 0.0 || t.playbackRate != 1.0 ||
        t.direction != PlaybackDirection::Normal || t.easing.kind != EaseKind::Linear)
      return true;
    for (const TimelineMarker& m : rule.markers) {
      if (m.kind != TimelineMarker::Kind::Label) continue;
      const std::optional<double> at = clip_->labelTime(top, m.name);
      if (!at) continue;
      const double root = clip_->start(top) + t.startDelay + *at;
      if (!ok(clip_->addLabel(m.name, ClipPosition::at(root), kClipRoot), m.loc)) return false;
    }
    return true;
  }

  // A track rule: one timeline at its position, each node's tracks at its stagger offset.
  bool trackRule(const TimelineTrackRule& r, ClipNode parent, int depth, std::uint32_t ordinal) {
    const KeyframeAnimation* keyframes = nullptr;
    if (!in_.timesOnly) {
      keyframes = in_.findKeyframes ? in_.findKeyframes(r.animation.name) : nullptr;
      if (keyframes == nullptr)
        return fail(TimelineClipStatus::UnknownKeyframes, "no @keyframes named " + r.animation.name, r.loc);
    }
    ClipTimeline group;
    group.parent = parent;
    group.position = r.position;
    const ClipResult made = clip_->addTimeline(group);
    if (!ok(made, r.loc)) return false;
    TimelineClipEntry& e = entry(TimelineClipEntry::Kind::Rule, depth, made.node);
    e.rule = &r;
    e.ordinal = ordinal;
    const std::size_t count = in_.matchCount ? in_.matchCount(r) : 0;
    std::vector<double> offsets(count, 0.0);
    if (r.stagger) {
      const StaggerResult s = computeStagger(*r.stagger, offsets);
      if (!s) return fail(TimelineClipStatus::InvalidStagger, s.message, r.loc);
    }
    for (std::size_t i = 0; i < count; ++i) {
      ClipTrack t;
      t.parent = made.node;
      t.position = ClipPosition::at(offsets[i]);
      t.timing = trackTiming(r);
      if (!nodeTracks(r, keyframes, i, t, depth + 1)) return false;
    }
    return true;
  }

  // Node `i` of rule `r`: a track per property `kf` animates (or one 0 -> 1
  // track that only takes its time, for timesOnly or keyframes that animate
  // nothing), each with `proto`'s place and timing.
  bool nodeTracks(const TimelineTrackRule& r, const KeyframeAnimation* kf, std::size_t i, ClipTrack proto,
                  int depth) {
    const TransitionFunction& ease = r.animation.ease;
    ClipNode first{};
    const auto add = [&](ClipTrack&& t, std::optional<Prop> prop) {
      t.slot = slot_++;
      const ClipResult track = clip_->addTrack(t);
      if (!ok(track, r.loc)) return false;
      if (!first.valid()) first = track.node;
      if (prop)
        out_.bindings.push_back(TimelineClipBinding{
            &r, static_cast<std::uint32_t>(i), t.slot, *prop,
            r.composition == TimelineComposition::Add ? ClipComposite::Add : ClipComposite::Replace});
      return true;
    };
    if (kf == nullptr || kf->tracks.empty()) {
      // The animation's timing function eases each keyframe interval, as in CSS.
      proto.keyframes = {ClipKeyframe{0.0, {0.f}, ease}, ClipKeyframe{1.0, {1.f}, {}}};
      if (!add(std::move(proto), std::nullopt)) return false;
    } else {
      const ComputedStyle* under = in_.underlying ? in_.underlying(r, i) : nullptr;
      const ComputedStyle& base = under ? *under : initial_;
      for (const KeyframeTrack& track : kf->tracks) {
        ClipTrack t = proto;
        if (!keyframesOf(r, *kf, track, base, i, t)) return false;
        if (!add(std::move(t), track.prop)) return false;
      }
    }
    TimelineClipEntry& e = entry(TimelineClipEntry::Kind::Node, depth, first);
    e.rule = &r;
    e.ordinal = static_cast<std::uint32_t>(i);
    return true;
  }

  // One property's keys as the track's keyframes.
  bool keyframesOf(const TimelineTrackRule& r, const KeyframeAnimation& kf, const KeyframeTrack& track,
                   const ComputedStyle& under, std::size_t node, ClipTrack& t) {
    const Prop p = track.prop;
    const SlotKind kind = slotKind(p);
    if (kind == SlotKind::None)
      return fail(TimelineClipStatus::CannotShow,
                  "@keyframes " + kf.name + " animates " + std::string(cssName(p)) +
                      ", which a timeline cannot show: only numbers, lengths and colours",
                  r.loc);
    t.components = componentsOf(kind);
    const float fontSize = under.fontSize.px;
    const TransitionFunction& ease = r.animation.ease;
    for (std::uint32_t k = track.first; k < track.first + track.count; ++k) {
      const KeyframeKey& key = kf.keys[k];
      const bool implicit = key.frame == kUnderlyingFrame;
      ClipKeyframe out;
      out.offset = key.t;
      out.easing = implicit ? ease : kf.keyframes[key.frame].easing.value_or(ease);
      bool shown = false;
      std::string text;
      if (implicit) {
        visitProp(p, under, [&](const auto& v) {
          shown = toNumbers(v, fontSize, out.value);
          text = cssText(v);
        });
      } else {
        visitProp(p, kf.keyframes[key.frame].delta, [&](const auto& v) {
          shown = toNumbers(v.value, fontSize, out.value);
          text = cssText(v.value);
        });
      }
      if (!shown) {
        const std::string where =
            implicit ? "node " + std::to_string(node) + "'s underlying " + std::string(cssName(p)) + " (" +
                           text + ", which @keyframes " + kf.name + " leaves at " + percent(key.t) + ")"
                     : "@keyframes " + kf.name + " sets " + std::string(cssName(p)) + " to " + text + " at " +
                           percent(key.t);
        return fail(TimelineClipStatus::CannotShow,
                    where + ", which a timeline cannot show: a length must be in px or em", r.loc);
      }
      t.keyframes.push_back(out);
    }
    return true;
  }

  static ClipTiming trackTiming(const TimelineTrackRule& r) {
    const AnimationRef& a = r.animation;
    ClipTiming t;
    t.startDelay = a.delay;
    t.iterationDuration = a.duration;
    t.iterationCount = a.iterations;
    t.direction = a.direction;
    t.fill = a.fill;
    t.playbackRate = r.playbackRate;
    t.repeatDelay = r.repeatDelay;
    t.reverseEasing = r.reverseEasing == TimelineReverseEasing::ShapeRepeated ? ReverseEasing::ShapeRepeated
                                                                              : ReverseEasing::TimeReversed;
    return t;
  }

  static ClipTiming timingOf(const TimelineGroup& g) {
    ClipTiming t = groupTiming();
    t.iterationCount = g.iterations;
    t.direction = g.direction;
    t.startDelay = g.delay;
    t.fill = g.fill;
    t.easing = g.easing;
    t.playbackRate = g.playbackRate;
    t.repeatDelay = g.repeatDelay;
    t.iterationDuration = g.duration;
    return t;
  }

  TimelineClipEntry& entry(TimelineClipEntry::Kind kind, int depth, ClipNode node) {
    TimelineClipEntry e;
    e.kind = kind;
    e.depth = depth;
    e.node = node;
    out_.outline.push_back(e);
    return out_.outline.back();
  }

  bool ok(const ClipResult& r, const SourceLoc& loc) {
    return r ? true : fail(TimelineClipStatus::ClipRefused, r.message, loc, r.status);
  }
  bool fail(TimelineClipStatus status, std::string message, const SourceLoc& loc,
            ClipStatus clipStatus = ClipStatus::Ok) {
    out_ = refuse(status, std::move(message), loc, clipStatus);
    return false;
  }
  static TimelineClip refuse(TimelineClipStatus status, std::string message, const SourceLoc& loc,
                             ClipStatus clipStatus = ClipStatus::Ok) {
    TimelineClip r;
    r.status = status;
    r.clipStatus = clipStatus;
    r.message = std::move(message);
    r.loc = loc;
    return r;
  }

  const TimelineClipInput& in_;
  std::shared_ptr<Clip> clip_{std::make_shared<Clip>()};
  TimelineClip out_;
  std::uint32_t slot_{0};
  ComputedStyle initial_{};
};

}  // namespace

TimelineClip buildTimelineClip(const TimelineClipInput& in) { return Builder(in).run(); }

}  // namespace zenit
