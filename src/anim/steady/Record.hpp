// The steady step's record: what a parent keeps of a child whose update is,
// frame after frame, nothing but the advance of its animations or
// transitions (a "parked" child). One record type for every kind, tagged.
//
// [SECTION] Kind and Turn
// [SECTION] The payloads, one per kind
// [SECTION] Record
//
// The protocol (steady/List.hpp, layout/LayoutSteady.cpp):
//   arm        after a node's full update, the record it would be stepped
//              from (steady::armPlayer, armTransitions), or none;
//   park       the record joins the parent's list (List::insert, or append
//              and commit), which is then the only place its state lives:
//              the player reads it through the record (AnimationPlayer's
//              accessors);
//   step       each frame the parent steps its list, one loop per kind over
//              List::of(kind) (steady::stepOneCss, stepOneImperative,
//              stepPlayers; the Transitions loop in layout/LayoutSteady.cpp);
//              a step that is not steady declines, changing nothing;
//   unpark     a declined step or any change to the node takes the record
//              out of the list, and write back puts its state into the
//              player again; the walk then gives the node the full update.
#pragma once

#include "anim/steady/Plan.hpp"
#include "core/EaseEval.hpp"
#include "style/TransitionSteps.hpp"

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/anim/Timing.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Value.hpp>
#include <zenit/style/Keyframes.hpp>
#include <zenit/style/Transitions.hpp>

#include <cstdint>
#include <type_traits>

namespace zenit {
class Layout;
class AnimationPlayer;
class ClipPlayer;
namespace detail {
struct ClipSlot;
}
}  // namespace zenit

namespace zenit::steady {

// ---------------------------------------------------------------------------
// [SECTION] Kind and Turn
// ---------------------------------------------------------------------------

// What a record steps. A kind exists where the general one (Player) costs
// measurably more; the figures are those of scripts/frame-instr.sh.
enum class Kind : std::uint8_t {
  // One CSS animation whose keyframes write nothing but opacity and the
  // translation (pulse, opacity): its timing, time and drawn values are
  // copied into the record, which a step reads and writes alone, and which
  // the parent's leaf run reads (194.5 instructions a node and frame for
  // pulse; in place, through the player, the same step costs 20 more and
  // reads two scattered lines a node: docs/performance.md).
  OneCss,
  // One imperative animation with one float overlay track: its time, its
  // iteration and the value are in the record (118.5 for
  // imperative-fixed, 164.3 when every frame checks the animation for
  // edits; through the player's general step, about 370).
  OneImperative,
  // A node without a player whose update is its transitions' tick: one
  // float property in transition is stepped from a copy of its running
  // transition (TransitionSteps::step), any other by StyleState::tick.
  Transitions,
  // Anything else a player steps in place (several CSS animations,
  // imperative overlay animations, part animations): the record points at
  // the player, whose state stays where it is.
  Player,
  // A node that shows clip slots and has no other animation: its bindings
  // replace float or length properties, and a step copies the slots'
  // values of the frame into the player's overlay, where the full path's
  // compose puts them (the sampling is the clip player's, before the walk).
  Clip,
};
inline constexpr std::size_t kKinds = 5;
constexpr std::size_t indexOf(Kind k) { return static_cast<std::size_t>(k); }

// What the last step did with a record.
enum class Turn : std::uint8_t {
  Stepped,       // stepped; nothing else to do
  Declined,      // not a steady frame: nothing changed, the node takes the full update
  IterationEnd,  // another iteration began inside the active interval (a roll may take the frame)
};

// ---------------------------------------------------------------------------
// [SECTION] The payloads
// ---------------------------------------------------------------------------

// Kind::OneCss. While the record is parked it holds the animation's
// elapsed time, the lead track's segment and the drawn values; the rest
// are copies of what a step reads.
struct OneCss {
  double elapsed;  // the animation's elapsed (the player's, while parked)
  double delay;
  double duration;
  CssPlan plan;
  const KeyframeAnimation* keyframes;
  const TransitionFunction* timing;  // the animation's timing function, read by easings with parameters
  AnimationPlayer* player;
  std::uint32_t segment;  // the lead track's segment hint
  float opacity;          // the drawn values, where `drawn` says the overlay holds them
  Value translateX;
  Value translateY;
  std::uint16_t lead;           // the lead track's index
  std::uint8_t drawn;           // kOpacity | kTranslateX | kTranslateY
  PlaybackDirection direction;  // for the next iteration's window (a roll)
  static constexpr std::uint8_t kOpacity = 1, kTranslateX = 2, kTranslateY = 4;
};

// The step plan of an imperative animation with one float overlay track:
// what its frames read instead of the animation. An animation declared
// unchanged (UIAnimation::unchangedWhilePlaying) is stepped from these
// copies and its track's easing; any other is checked: each frame compares
// the fields the copy was taken from and reads the track's values and
// easing, so an edit shows on the next frame.
struct ImperativePlan {
  double velocity{0.0};            // (reverse ? -1 : 1) * rate
  double duration{0.0};            // > 0: the span of the animation
  timing::IterationWindow window;  // the iteration elapsed is in; its end: duration * iterations
  EaseFn ease{nullptr};            // easeFnOf(the track's easing)
  const UIAnimation* anim{nullptr};
  // Its one overlay track; the step reads its easing only for easings with parameters.
  const UIAnimation::PropTrack<float>* track{nullptr};
  const std::unique_ptr<UIAnimation::PropTrackBase>* tracks{nullptr};  // propTracks.data() as copied
  double seenIterations{0.0};                                          // the animation's iterations as copied
  float seenDuration{0.0f};                                            // its duration as copied
  float from{0.0f}, to{0.0f};                                          // the track's values as copied
  Prop prop{};                                                         // the track's property (checked)
  EaseKind kind{};                // its easing's kind (checked: ease stays its evaluator)
  PlaybackDirection direction{};  // the animation's direction (the next iteration's window)
  bool checked{false};            // not declared unchanged: the fields are compared every frame
};

// Kind::OneImperative: the plan and, while parked, the animation's elapsed
// time, progress and value.
struct OneImperative {
  ImperativePlan plan;
  double elapsed;  // the animation's elapsed (the player's, while parked)
  AnimState* state;
  AnimationPlayer* player;
  float* out;   // the overlay's field the track writes (written back on unpark)
  float lastT;  // the progress the track was last applied at
  float value;  // the value the track wrote
};

// Kind::Transitions. The value a step writes goes to the node's current
// style itself (SteadyTransition::value); `shown` is the opacity the
// parent's leaf run reads, equal to the node's after every step.
struct Transitions {
  SteadyTransition t;  // valid when `single`
  float shown;
  bool single;  // one float property in transition: stepped from `t`
};

// Kind::Player: the player steps itself, in place: its CSS animations
// (each in the window of `plans`, in order), or its imperative overlay
// animations, and its part animations.
struct Player {
  static constexpr std::size_t kMaxPlans = 4;  // node and part CSS animations one record takes
  AnimationPlayer* player{nullptr};
  std::uint8_t css{0};    // node CSS animations, planned first
  std::uint8_t parts{0};  // part animations, planned after them
  // Of part plan k (css <= k < css + parts): its part's index in the
  // player's parts and its animation's index in that part's.
  std::uint8_t part[kMaxPlans]{};
  std::uint8_t anim[kMaxPlans]{};
  std::uint8_t lanes{0};  // bit k: part plan k's values come from its lane program
  CssPlan plans[kMaxPlans]{};
  // A record with one plan, a part animation with a lane program (seed
  // §5.4's knob glow), keeps its animation and its part's styles at hand:
  // its step reads them without the plan loops and the player's lists (the
  // loops cost about 35 more instructions a frame in `parts`). Null
  // otherwise. While the record is parked the lists do not change, as for
  // OneCss's copies.
  ActiveCssAnimation* onePart{nullptr};
  Style* oneShown{nullptr};
  const Style* oneDeclared{nullptr};
};

// Kind::Clip: the node's bindings, all to one clip player. The overlay
// keeps everything but the numbers a step writes (a length stays a px
// length), and which slots are written holds while the record does.
struct ClipSlots {
  static constexpr std::size_t kMax = 4;  // bindings one record takes
  AnimationPlayer* player;
  const ClipPlayer* clip;
  const std::uint64_t* sample;         // the clip player's current sample (detail::ClipState)
  const detail::ClipSlot* from[kMax];  // binding k's slot
  float* to[kMax];                     // binding k's overlay field: the float, or the length's px
  std::uint8_t count;
  std::uint8_t written;  // bit k: binding k's slot was written when the record was armed
};

// ---------------------------------------------------------------------------
// [SECTION] Record
// ---------------------------------------------------------------------------

struct Record {
  Layout* node{nullptr};  // the parked node
  Kind kind{Kind::Player};
  Turn turn{Turn::Stepped};
  union {
    char none;  // no payload yet: an arm function constructs the kind's
    OneCss css;
    OneImperative imperative;
    Transitions transitions;
    Player player;
    ClipSlots clip;
  };

  Record() : none{} {}
  // The player whose state the record holds or steps, or null (Transitions).
  AnimationPlayer* owner() const {
    switch (kind) {
      case Kind::OneCss: return css.player;
      case Kind::OneImperative: return imperative.player;
      case Kind::Transitions: return nullptr;
      case Kind::Player: return player.player;
      case Kind::Clip: return clip.player;
    }
    return nullptr;
  }
};
static_assert(std::is_trivially_copyable_v<Record>, "records are moved as bytes when their lists change");

}  // namespace zenit::steady
