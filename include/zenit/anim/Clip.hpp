// Clips: animations written ahead of time. Tracks of keyframes sit on
// nested timelines, placed as GSAP's position parameter places them, with
// labels to seek to and marks that report when playback crosses them. A
// clip is built once, sealed, and then sampled by any number of players.
// docs/clips.md is the user's guide.
//
// [SECTION] Status
// [SECTION] ClipTiming: Web Animations timing plus repeat delay
// [SECTION] Tracks and timelines
// [SECTION] Clip: build, seal, read
//
// The shape of a build:
//   Clip clip;
//   ClipTrack fade{.slot = 0, .keyframes = {{0.0, {0.f}}, {1.0, {1.f}}}};
//   fade.timing.iterationDuration = 0.4;
//   clip.addTrack(fade);                                   // at 0
//   ClipTrack slide = fade;
//   slide.slot = 1;
//   slide.position = ClipPosition::afterPrevious();        // when the fade ends
//   clip.addTrack(slide);
//   clip.seal();
//
// Every call returns a ClipResult: a status, a message and, for adds, the
// new child's handle. A refused call changes nothing.
#pragma once

#include <zenit/anim/Timing.hpp>
#include <zenit/core/ClipPosition.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Types.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Status
// ---------------------------------------------------------------------------

enum class ClipStatus : std::uint8_t {
  Ok,
  Sealed,            // the clip is sealed: it can no longer be built
  NotSealed,         // the call needs a sealed clip
  UnknownNode,       // the handle names no child of this clip
  NotATimeline,      // a parent must be the root or a timeline
  TooDeep,           // timelines nest at most kMaxClipDepth below the root
  InvalidTiming,     // the timing's numbers (timing::validateTiming, repeat delay)
  InvalidEasing,     // a timeline's easing may never decrease
  InvalidKeyframes,  // offsets outside [0, 1], decreasing, or fewer than one keyframe
  InvalidPosition,   // text that is no position, or a number that is not finite
  UnknownLabel,      // a position names a label its timeline does not have
  DuplicateLabel,    // a timeline has a label or mark of that name already
  NoFiniteStart,     // the position resolves to no finite time (after an endless child, say)
};

// One-line English reason for a status.
std::string_view describe(ClipStatus status);

// A child of a clip: the root timeline, a timeline, a track, a label or a
// mark. Handles are indices into the clip that made them.
struct ClipNode {
  std::uint32_t index{kNone};
  static constexpr std::uint32_t kNone = 0xffffffffu;
  constexpr bool valid() const { return index != kNone; }
  constexpr bool operator==(const ClipNode&) const = default;
};
inline constexpr ClipNode kClipRoot{0};

struct ClipResult {
  ClipStatus status{ClipStatus::Ok};
  std::string message;  // empty when Ok
  ClipNode node{};      // the child an add made
  explicit operator bool() const { return status == ClipStatus::Ok; }
};

// ---------------------------------------------------------------------------
// [SECTION] ClipTiming
// ---------------------------------------------------------------------------

// How a reverse iteration eases: with time running back (Web Animations:
// ease-in played backwards looks like ease-out) or with the curve's shape
// repeated, so an ease-in goes back as an ease-in.
enum class ReverseEasing : std::uint8_t { TimeReversed, ShapeRepeated };

// The timing of a track or timeline: Web Animations timing (delay, end
// delay, iteration start, fractional or infinite iterations, duration,
// direction, fill, easing and playback rate) plus a pause between
// iterations and the choice of how reverse iterations ease.
// For a timeline an unset iterationDuration follows its latest child.
struct ClipTiming : timing::Timing {
  double repeatDelay{0.0};  // s between iterations, >= 0
  ReverseEasing reverseEasing{ReverseEasing::TimeReversed};
};

// The total duration of one child: every iteration and repeat delay, before
// its playback rate (infinite for an endless child). `contentDuration` is
// the iteration duration when the timing leaves it unset.
double totalDuration(const ClipTiming& timing, double contentDuration = 0.0);

// ---------------------------------------------------------------------------
// [SECTION] Tracks and timelines
// ---------------------------------------------------------------------------

// One keyframe of a track: up to four numbers (a number, a point, a colour
// as r, g, b, a) at an offset in [0, 1], and the easing from it to the next.
struct ClipKeyframe {
  double offset{0.0};
  std::array<float, 4> value{};
  TransitionFunction easing{};
};

// A track: keyframes written to a slot, which a player binds to a target.
struct ClipTrack {
  ClipNode parent{kClipRoot};
  ClipPosition position{};
  ClipTiming timing{};
  std::uint32_t slot{0};
  std::uint8_t components{1};  // how many of the four numbers the slot keeps (1-4)
  bool incremental{false};     // each iteration moves on by last keyframe minus first
  std::vector<ClipKeyframe> keyframes;
};

// A nested timeline: children placed in its own time, with a timing of its
// own. Its easing shapes its children's time and may never decrease.
// A timeline holds its children's state before it starts and after it
// ends (fill both), as a group of tweens does; a track fills as its timing
// says (none by default, as in Web Animations).
inline ClipTiming groupTiming() {
  ClipTiming t;
  t.fill = FillMode::Both;
  return t;
}
struct ClipTimeline {
  ClipNode parent{kClipRoot};
  ClipPosition position{};
  ClipTiming timing{groupTiming()};  // an unset iterationDuration follows the latest child's end
};

// Timelines nest at most this deep below the root.
inline constexpr int kMaxClipDepth = 32;

// ---------------------------------------------------------------------------
// [SECTION] Clip
// ---------------------------------------------------------------------------

class ClipPlayer;
namespace detail {
struct ClipPlan;  // what seal() works out for players (src/anim/clip/ClipPlan.hpp)
}

class Clip {
 public:
  enum class Kind : std::uint8_t { Root, Timeline, Track, Label, Mark };

  Clip();

  // Building (refused with Sealed once sealed).
  ClipResult addTrack(const ClipTrack& track);
  ClipResult addTimeline(const ClipTimeline& timeline);
  ClipResult addLabel(std::string name, const ClipPosition& position = {}, ClipNode parent = kClipRoot);
  ClipResult addMark(std::string name, const ClipPosition& position = {}, ClipNode parent = kClipRoot);
  // Moves a timeline's label to a new position (UnknownLabel if it has none of that name).
  ClipResult moveLabel(std::string_view name, const ClipPosition& position, ClipNode parent = kClipRoot);
  // Moves every track and timeline of `parent` by `seconds` (its labels and
  // marks stay where they are): how a port of GSAP's layout moves children
  // that start before 0.
  ClipResult shiftChildren(ClipNode parent, double seconds);
  // Where `position` would place a child of `parent` whose total duration
  // is `insertedTotal` (for "+=50%"), without adding it.
  ClipResult resolve(const ClipPosition& position, ClipNode parent = kClipRoot, double insertedTotal = 0.0,
                     double* start = nullptr) const;
  // Closes the clip: from then on it is read-only and can be played and
  // read from any thread.
  ClipResult seal();
  bool sealed() const { return sealed_; }

  // Reading (while building too).
  std::size_t size() const { return nodes_.size(); }
  Kind kind(ClipNode n) const;
  ClipNode parent(ClipNode n) const;
  const std::vector<ClipNode>& children(ClipNode timeline) const;  // tracks and timelines, in order added
  const std::string& name(ClipNode n) const;                       // labels and marks
  const ClipTiming& timing(ClipNode n) const;
  const ClipTrack* track(ClipNode n) const;  // nullptr unless a track
  // Start in the parent's time (a label's or mark's time).
  double start(ClipNode n) const;
  // Iteration duration: a track's, or a timeline's (its latest child's end
  // unless its timing sets one). Infinite after an endless child.
  double duration(ClipNode n) const;
  // Where the child ends in its parent's time: start + end time / |rate|.
  double end(ClipNode n) const;
  // The time of a timeline's label or mark, or nullopt.
  std::optional<double> labelTime(ClipNode timeline, std::string_view name) const;
  // Labels and marks of a timeline, in order added.
  const std::vector<ClipNode>& labels(ClipNode timeline) const;
  // The whole clip's duration (the root's end).
  double duration() const { return end(kClipRoot); }

 private:
  struct Node {
    Kind kind{Kind::Root};
    std::uint32_t parent{0};
    int depth{0};
    double start{0.0};
    ClipTiming timing{};
    std::string name;
    std::vector<ClipNode> children;
    std::vector<ClipNode> labels;
    std::uint32_t track{ClipNode::kNone};  // index into tracks_
  };
  ClipResult place(const ClipPosition& position, ClipNode parent, double insertedTotal, double& start) const;
  ClipResult checkParent(ClipNode parent) const;
  ClipResult attach(Node n, ClipNode parent, std::vector<ClipNode> Node::*list);
  ClipResult addMarker(Kind kind, std::string name, const ClipPosition& position, ClipNode parent);
  double childEnd(ClipNode child) const;  // in its parent's time
  // A timeline's set iteration duration, or (content) its children's latest end.
  double duration(ClipNode n, bool content) const;

  std::vector<Node> nodes_;
  std::vector<ClipTrack> tracks_;
  bool sealed_{false};
  std::shared_ptr<const detail::ClipPlan> plan_;  // set by seal(), read-only after
  friend class ClipPlayer;
};

}  // namespace zenit
