// @timeline rules: clips written in a stylesheet, as parsed. A timeline
// holds track rules (a selector and one `animation` item), labels, marks and
// nested @group timelines, each placed with GSAP's position syntax
// (core/ClipPosition.hpp). docs/timeline-rule.md gives the syntax and what
// a player builds of it; the building itself (a Clip, anim/Clip.hpp) is a
// higher layer's, so nothing here resolves a position or matches a node.
//
//   @timeline intro {
//     .title { animation: fade-in 400ms ease-out both; }
//     .card  { animation: pop 300ms; position: "<+=100ms"; stagger: 50ms from center grid 4; }
//     @label cards-in "+=200ms";
//     @group outro { position: ">"; .card { animation: pop 300ms reverse; } }
//   }
//
// [SECTION] Track rules, labels and marks
// [SECTION] TimelineGroup, TimelineRule
#pragma once

#include <zenit/core/ClipPosition.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Stagger.hpp>
#include <zenit/core/Types.hpp>
#include <zenit/style/Selector.hpp>
#include <zenit/style/SourceLoc.hpp>
#include <zenit/style/Style.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zenit {

// Timelines nest at most this deep: the @timeline itself is level 1, a
// @group in it level 2 … (the Clip a player builds puts the @timeline one
// level below its root, so this is anim/Clip.hpp's kMaxClipDepth).
inline constexpr int kMaxTimelineDepth = 32;

// ---------------------------------------------------------------------------
// [SECTION] Track rules, labels and marks
// ---------------------------------------------------------------------------

// How a track's reverse iterations ease (`reverse-easing`): as time running
// back (an ease-in played backwards looks like an ease-out, as in Web
// Animations) or with the curve's shape repeated. anim's ReverseEasing.
enum class TimelineReverseEasing : std::uint8_t { TimeReversed, ShapeRepeated };
// How a track's values meet the value under them on a node: they replace
// it, or they are added to it (`composition: add`).
enum class TimelineComposition : std::uint8_t { Replace, Add };

// `selector-list { animation: …; position: …; stagger: …; }`: one nested
// group at `position` holding one track per matched node, in document
// order, each at its stagger offset (0 without a stagger).
struct TimelineTrackRule {
  SelectorList selectors;          // as a StyleRule's, matched inside the subtree the timeline plays on
  AnimationRef animation;          // the one `animation` item: @keyframes name, duration, easing, delay …
  ClipPosition position{};         // default: the end of the timeline so far
  std::optional<Stagger> stagger;  // `stagger`, if given
  double repeatDelay{0.0};         // s between the animation's iterations, >= 0
  double playbackRate{1.0};        // finite
  TimelineReverseEasing reverseEasing{TimelineReverseEasing::TimeReversed};
  TimelineComposition composition{TimelineComposition::Replace};
  SourceLoc loc;  // the selector list's first token
};

// `@label name [position];` (a time to seek to and to place children at)
// or `@mark name [position];` (an event when playback crosses it).
struct TimelineMarker {
  enum class Kind : std::uint8_t { Label, Mark };
  Kind kind{Kind::Label};
  std::string name;         // case-sensitive
  ClipPosition position{};  // default: the end of the timeline so far
  SourceLoc loc;            // the at-keyword
};

// ---------------------------------------------------------------------------
// [SECTION] TimelineGroup, TimelineRule
// ---------------------------------------------------------------------------

// One item of a timeline's body, in source order: an index into the
// group's `tracks`, `markers` or `groups`.
struct TimelineItem {
  enum class Kind : std::uint8_t { Track, Marker, Group };
  Kind kind{Kind::Track};
  std::uint32_t index{0};
  bool operator==(const TimelineItem&) const = default;
};

// A timeline: its own timing (Web Animations timing, a timeline's defaults:
// fill both, linear) and its items. `@timeline name { … }` at the top
// level, `@group name { … }` nested.
struct TimelineGroup {
  std::string name;                                        // case-sensitive
  double iterations{1.0};                                  // iteration-count, >= 0; infinity = infinite
  PlaybackDirection direction{PlaybackDirection::Normal};  // direction
  double delay{0.0};                                       // delay, s, may be negative
  FillMode fill{FillMode::Both};                           // fill
  TransitionFunction easing{};      // timing-function: linear by default, never decreasing
  double playbackRate{1.0};         // playback-rate, finite
  double repeatDelay{0.0};          // repeat-delay, s, >= 0
  std::optional<double> duration;   // duration: a fixed iteration duration, or auto (its children's end)
  ClipPosition position{};          // position in the parent timeline (a @group's; unused at the top level)
  std::vector<TimelineItem> items;  // every item below, in source order
  std::vector<TimelineTrackRule> tracks;
  std::vector<TimelineMarker> markers;
  std::vector<TimelineGroup> groups;  // nested @group timelines
  SourceLoc loc;                      // the at-keyword
};

// `@timeline name { … }`: the top-level group.
using TimelineRule = TimelineGroup;

}  // namespace zenit
