// The Clip a stylesheet `@timeline` describes (docs/timeline-rule.md, "What
// a timeline becomes"): the one builder behind Layout::playTimeline and
// `zenit-style timeline`. It knows no tree: the caller says how many nodes
// each track rule matched and what each one's computed style is, and gets
// back the sealed clip and which slot shows which property of which node.
//
//   TimelineClip built = buildTimelineClip({
//       .rule = theme.findTimeline("intro"),
//       .findKeyframes = [&](std::string_view n) { return theme.findKeyframes(n); },
//       .matchCount = [&](const TimelineTrackRule& r) { return nodesOf(r).size(); },
//       .underlying = [&](const TimelineTrackRule& r, std::size_t i) { return &nodesOf(r)[i]->getStyle(); },
//   });
//   if (!built) report(built.loc, built.message);
//   for (const TimelineClipBinding& b : built.bindings) bind(b.slot, nodesOf(*b.rule)[b.node], b.prop);
//
// What a track becomes: each property the rule's @keyframes animates is one
// track per matched node, keyed where the keyframes set it (a float
// property's one number, a length in px, a colour's r, g, b, a in [0, 1]).
// A 0% or 100% the keyframes leave out is the node's underlying value, taken
// when the clip is built. Each keyframe's own animation-timing-function eases
// the interval it starts, and the animation's timing function the others, as
// in CSS.
//
// [SECTION] Input
// [SECTION] Result
#pragma once

#include <zenit/anim/Clip.hpp>
#include <zenit/anim/ClipPlayer.hpp>
#include <zenit/style/Keyframes.hpp>
#include <zenit/style/SourceLoc.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/Timeline.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Input
// ---------------------------------------------------------------------------

struct TimelineClipInput {
  const TimelineRule* rule{nullptr};  // the @timeline to build (required)
  // The @keyframes of a name (Theme::findKeyframes), or nullptr. Unused with timesOnly.
  std::function<const KeyframeAnimation*(std::string_view)> findKeyframes;
  // How many nodes a track rule matched (each gets its tracks, in this order).
  std::function<std::size_t(const TimelineTrackRule&)> matchCount;
  // The computed (un-animated) style of a rule's i-th node, for the 0% and
  // 100% keyframes leave out and for em lengths; nullptr reads initial values.
  std::function<const ComputedStyle*(const TimelineTrackRule&, std::size_t)> underlying;
  // One 0 -> 1 track per node instead of the keyframes' properties, and no
  // bindings: the schedule alone (what `zenit-style timeline` prints).
  bool timesOnly{false};
};

// ---------------------------------------------------------------------------
// [SECTION] Result
// ---------------------------------------------------------------------------

enum class TimelineClipStatus : std::uint8_t {
  Ok,
  UnknownKeyframes,  // a track rule's animation names no @keyframes
  CannotShow,        // a property is not a number, length or colour, or a length is not in px or em
  InvalidStagger,    // the rule's stagger gives offsets that are not finite
  ClipRefused,       // the clip refused a child (clipStatus says why)
};

// One slot shown in one property of one node.
struct TimelineClipBinding {
  const TimelineTrackRule* rule{nullptr};           // the track rule that matched the node
  std::uint32_t node{0};                            // its place among the nodes that rule matched
  std::uint32_t slot{0};                            // the clip's slot
  Prop prop{};                                      // the property the slot shows
  ClipComposite composite{ClipComposite::Replace};  // the rule's `composition`
};

// One child of the built clip, in source order (what `zenit-style timeline` prints).
struct TimelineClipEntry {
  enum class Kind : std::uint8_t {
    Timeline,  // the @timeline or a @group: `group`
    Rule,      // a track rule's group: `rule`, `ordinal` = its place among the timeline's children
    Node,      // a node's tracks: `rule`, `ordinal` = the node; `node` is its first track
    Label,     // `marker`
    Mark,      // `marker`
  };
  Kind kind{Kind::Timeline};
  int depth{0};     // 0 for the @timeline, one more per level below it
  ClipNode node{};  // the clip's child
  std::uint32_t ordinal{0};
  const TimelineGroup* group{nullptr};
  const TimelineTrackRule* rule{nullptr};
  const TimelineMarker* marker{nullptr};
};

struct TimelineClip {
  TimelineClipStatus status{TimelineClipStatus::Ok};
  ClipStatus clipStatus{ClipStatus::Ok};  // ClipRefused: the clip's reason
  std::string message;                    // why it was refused; empty when Ok
  SourceLoc loc;                          // where: the track rule, group, label or mark
  std::shared_ptr<const Clip> clip;       // sealed; null when refused
  std::vector<TimelineClipBinding> bindings;
  std::vector<TimelineClipEntry> outline;
  explicit operator bool() const { return status == TimelineClipStatus::Ok; }
};

// Builds and seals the clip of `in.rule`. A refusal builds nothing further.
TimelineClip buildTimelineClip(const TimelineClipInput& in);

}  // namespace zenit
