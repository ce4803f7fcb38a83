// Internals of a Layout node (not part of the API): its flags and what the
// steady step (src/anim/steady) and the draw's leaf paths (src/layout/
// LeafDraw) keep per node. Layout holds these by value so that a frame
// reads them on the node's own lines; the code that uses them lives in
// src/layout and reaches them through detail::LayoutAccess.
#pragma once

#include <cstdint>
#include <memory>

namespace zenit {
namespace steady {
class List;
}  // namespace steady

namespace detail {

// A node's flags (the seed's internal_, and the engine's own).
struct LayoutFlags {
  std::uint8_t pendingTransition : 1;       // style must be re-resolved (seed)
  std::uint8_t subtreeDirty : 1;            // seed §6
  std::uint8_t hadLocalAnimationsLast : 1;  // seed §6.1
  std::uint8_t selfActive : 1;              // update must visit this node
  std::uint8_t childActive : 1;             // update must visit some child
  std::uint8_t stateDirty : 1;              // interaction flags changed
  std::uint8_t removed : 1;                 // removed during a frame, destroyed at its end
  std::uint8_t styleSubtree : 1;            // descendants must re-resolve too (their matching may change)
  std::uint8_t styleChildren : 1;           // children must re-resolve (what they inherit changed)
  std::uint8_t lateEvents : 1;              // events queued outside update (a handler): dispatch at the next
  std::uint8_t keepRun : 1;  // a class change: the next full update leaves the parent's leaf run standing
                             // when it changes nothing a slot copied (LeafDraw)
  // The steady step (src/anim/steady): stepped from its parent's list, not visited by the walk.
  std::uint8_t listed : 1;      // in parent_->list (selfActive and childActive stay 0 while set)
  std::uint8_t listedKind : 3;  // with listed: its record's steady::Kind
  std::uint8_t hasListed : 1;   // this node's list is not empty: update must visit it
  // The draw's paint class of the current style (LeafDraw: classifyPaint).
  // A widget: its renderContent draws (a plain Layout's draws nothing); a
  // compositor's sealed copy: it draws content or its node's children.
  std::uint8_t content : 1;
  std::uint8_t plainPaint : 1;  // current style: visible, no shadow, border, rounding or clip
  std::uint8_t plainBox : 1;  // plainPaint, fully opaque and untransformed: its box draws its background only
  std::uint8_t foldLeaf : 1;  // plainPaint, not rotated or scaled: as a plain leaf, one rectangle
  std::uint8_t baseShift : 1;  // the current style translates (translateX or translateY not zero)
  // A widget whose renderContent reads its box, its style, its parts and
  // state it signals with markNeedsRedraw alone, painting its parts with
  // paintPart: a leaf run may replay what it recorded (LeafDraw).
  std::uint8_t retainsPaint : 1;
  // The compositor (src/layout/Compositor.cpp).
  std::uint8_t composited : 1;  // drawn in a transform of its own while a compositor may animate it
  std::uint8_t sealed : 1;      // a compositor's sealed copy of a node, drawn on its thread
};

// A parent's leaf run: the slots its simple leaves draw from (LeafDraw).
struct LeafRun;

// What the steady step and the leaf paths keep per node.
struct LayoutSteps {
  std::unique_ptr<steady::List> list;  // parked children (created by the first that parks)
  std::uint32_t slot{0};               // this node's index in its parent's list while listed
  // The draw's cache of its leaves (a memo of what it records, nothing of
  // the node's state): written by the const draw that builds it.
  mutable std::uint32_t runSlot{0xFFFFFFFFu};  // this node's slot in its parent's run (none: all ones)
  mutable std::uint8_t runState{0};            // of `run`: stale, valid or declined (LeafDraw)
  mutable std::unique_ptr<LeafRun> run;

  LayoutSteps();
  ~LayoutSteps();
  LayoutSteps(const LayoutSteps&) = delete;
  LayoutSteps& operator=(const LayoutSteps&) = delete;
};

// The code in src/layout that reaches a node's internals (a friend of Layout).
struct LayoutAccess;
struct LayoutProbe;  // detail/LayoutProbe.hpp

}  // namespace detail
}  // namespace zenit
