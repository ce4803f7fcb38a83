// detail::LayoutAccess: the code in src/layout that reaches a node's
// internals (a friend of Layout), in two parts:
//
// [SECTION] The steady hand-off (LayoutSteady.cpp): a node whose update is,
//           frame after frame, nothing but its animations' or transitions'
//           advance is parked in its parent's steady::List, stepped from
//           there, and unparked when anything else concerns it.
// [SECTION] The draw's leaf paths (LeafDraw.cpp): the paint class of a
//           node's current style, the simple leaf drawn as one rectangle,
//           and the leaf runs a parent replays.
// [SECTION] The compositor (Compositor.cpp, Sealed.hpp): sealing a node's
//           paint state for the compositor's thread, and stepping the copy.
#pragma once

#include "anim/steady/List.hpp"
#include "style/TransitionSteps.hpp"

#include <zenit/layout/Layout.hpp>
#include <zenit/layout/UIContext.hpp>

#include <cstdint>
#include <span>

namespace zenit::detail {

class SealedNode;      // Sealed.hpp
struct SealedFrame;    // Sealed.hpp
class KeyframeCopies;  // Compositor.cpp

struct LayoutAccess {
  // ---------------------------------------------------------------------
  // [SECTION] The steady hand-off
  // ---------------------------------------------------------------------
  // After updateImpl of a settled node (nothing pending, a leaf of the
  // walk): arms its record and joins its parent's list; false when it
  // cannot (its next frame is not steady, or the list holds records of
  // another theme generation).
  static bool park(Layout& n);
  // Leaves the list: the record's state goes back into the player (write
  // back), and the walk visits the node again from the next update.
  static void unpark(Layout& n);
  // A parent's frame of its list: every kind stepped in its loop, then the
  // records whose step declined (or whose iteration ended) settled.
  static void stepList(Layout& parent, double dt, double now);
  // The generation of the keyframes a node's records read: the theme's, or,
  // for a compositor's sealed copy, which reads its own copies of them and
  // never the theme (its thread does not own it), a fixed one.
  static std::uint64_t keyframesGeneration(const Layout& n);
  // The list's Relink: a record moved (steady::List).
  static void relink(const steady::Record& r, std::uint32_t index);

  // ---------------------------------------------------------------------
  // [SECTION] The draw's leaf paths
  // ---------------------------------------------------------------------
  // Sets the paint flags, plainFill_ and plainAlpha_ from the current
  // style; only those that read a property in `changed` (default: all).
  static void classifyPaint(Layout& n, PropSet changed = PropSet::all());
  // Debug builds: the kept flags are a full classifyPaint()'s.
#ifdef NDEBUG
  static void checkPaintFlags(Layout&) {}
#else
  static void checkPaintFlags(Layout& n);
#endif
  // What a transitions' tick that changed `changed` leaves to do: the paint
  // flags that read them, a layout when they move boxes.
  static void tickChanged(Layout& n, PropSet changed) {
    classifyPaint(n, changed);
    checkPaintFlags(n);
    if ((changed & propsWithFlag(PF_LAYOUT)).any()) UIContext::get().requestLayout();
  }
  // The draw's fast paths, inline in a parent's loop (a simple leaf, a
  // clean plain box); false when drawNode must draw the node.
  static bool drawFast(const Layout& n, DrawList& list, float ox, float oy);
  // The children of `n` at (x, y): from its leaf run while that stands.
  static void drawChildren(const Layout& n, DrawList& list, float x, float y);
  // Every change to a child that a slot of its parent's run copied makes the run stale.
  static void staleParentRun(const Layout& n);
  // Points this node's slot in its parent's standing run at `opacity`
  // (nullptr: where an idle node's is read); false when it cannot (no
  // standing run, no slot, or one that assumes what a transition may
  // change): the caller makes the run stale.
  static bool patchRunSlot(const Layout& n, const float* opacity);
  static bool leafRunsOn();                         // LayoutProbe::setLeafRuns
  static void staleRun(const Layout& n);            // n's own run: built again at the next draw
  static std::uint32_t runLayout(const Layout& n);  // the layout n's run is built in
  // Where the current value of an overlaid property lives: the overlay's
  // field, or the record a parent steps the player from.
  static const void* overlayAddress(const AnimationPlayer& p, Prop prop);

  // The steady hand-off's steps (LayoutSteady.cpp).
  static void wake(Layout& parent, Layout& child);
  static void settleImperatives(Layout& parent, steady::List& list, double dt);
  static void settleKeyframeKinds(Layout& parent, steady::List& list, double dt, double now);
  static void stepTransitions(Layout& parent, std::span<steady::Record> records, double now);
  static bool stepOneTransition(steady::Record& r, double now);
  static bool afterTransitionStep(steady::Record& r, SteadyTransition::Step step, float was, double now);
  static bool transitionStepRest(steady::Record& r, SteadyTransition::Step step, double now);
  static bool tickListed(steady::Record& r, double now);
  static void tickChangedListed(Layout& n, PropSet changed);

  // The leaf paths' steps (LeafDraw.cpp).
  struct LeafSlot;
  enum class LeafKind : std::uint8_t { Declined, Nothing, Slot };
  static LeafKind leafSlot(const Layout& n, float ox, float oy, LeafSlot& out);  // what a simple leaf draws
  // A clean plain box with no overlay (a widget, or a node with children):
  // its background, its content, its children; false for any other node.
  static bool plainBox(const Layout& n, DrawList& list, float ox, float oy);
  static bool leafRect(const LeafSlot& slot, RectF& r, Rgba8& fill);        // its rectangle now; false: none
  static void emitLeaf(DrawList& list, const LeafSlot& slot);               // records it
  static void buildRun(const Layout& n, DrawList& list, float x, float y);  // draws and records the run
  // A built-in widget's constructor: its paint may be replayed (LayoutFlags::retainsPaint).
  static void retainPaint(Layout& n) { n.internal_.retainsPaint = 1; }
  struct WidgetSlot;
  // A widget that retains its paint, drawn by buildRun: its slot in the
  // run when it can be replayed (see PaintTaps.hpp), false otherwise.
  static bool recordWidget(const Layout& n, DrawList& list, float x, float y, LeafRun& run);
  // Its commands again, each tap re-derived; false (nothing recorded) when a tap declines.
  static bool replayWidget(const LeafRun& run, const WidgetSlot& w, DrawList& list);
  // f(shown part style, animated properties) for each part plan of the
  // record a parked widget is stepped from (none when it is not parked);
  // false when its record may write anything but part styles.
  template <class F>
  static bool forEachPartWrite(const Layout& n, F&& f);

  // ---------------------------------------------------------------------
  // [SECTION] The compositor
  // ---------------------------------------------------------------------
  // Where drawNode puts the node's border box before its transform (its
  // layout box at (ox, oy) with animated geometry), and (childOrigin) the
  // same box at the origin its content and children are drawn from: (0, 0)
  // inside its own transform (LayoutDraw.cpp).
  static RectF drawnBox(const Layout& n, const AnimationPlayer* ap, float ox, float oy);
  static RectF childOrigin(const Layout& n, float ox, float oy);
  // What the node's renderContent draws at (ox, oy), as drawNode calls it.
  static void recordContent(const Layout& n, DrawList& list, float ox, float oy);
  // Changes to nodes since the process started: markActive and
  // markClassChange count them (a compositor commits a frame when the
  // count moved; layout, theme and viewport changes it compares itself).
  static inline std::uint64_t changes = 0;
  // The rest is Compositor.cpp's.
  struct Effects {
    bool running{false};       // an animation or transition is running
    bool compositable{false};  // a compositor can step all of them (paint-only, sealed data)
    bool moves{false};         // one of them may write a transform property
  };
  static Effects effects(const Layout& n);
  static void setComposited(Layout& n, bool on);
  static bool drawn(const Layout& n) { return !n.internal_.removed && !n.box.displayNone; }
  static bool hasContent(const Layout& n) { return n.internal_.content != 0; }
  // What a parent's loop records for the child n at (ox, oy).
  static void drawAt(const Layout& n, DrawList& list, float ox, float oy) {
    if (!drawFast(n, list, ox, oy)) n.drawNode(list, ox, oy);
  }
  static double clockCompensation(const UIContext& c) { return c.compensation_; }
  // Copies n's paint state into `copy`, a node of `frame` whose parent's copy is `parent`.
  static void seal(SealedNode& copy, Layout& n, SealedNode* parent, SealedFrame& frame,
                   KeyframeCopies& keyframes);
  // Makes `child` (sealed) the next Layout child of `parent`, not owned.
  static void adoptSealed(SealedNode& parent, SealedNode& child);
  // Forgets a copy's children (not owned) and parked records: before it is
  // sealed again, and before it is destroyed.
  static void releaseSealed(SealedNode& copy);
  // A copy just sealed, its children before it: the compositor's next
  // frame visits it when it is stepped (a changed node's full update, as
  // markActive gives one), and its parent visits it when it or a child is.
  // Arming and parking are left to that frame, on the compositor's thread.
  static void activateSealed(SealedNode& copy);
  // The end of a copy's frame, as updateImpl's end: a copy whose next
  // frames are steady is parked in its parent's list, any other that runs
  // is visited again (selfActive); its parent visits it or its list.
  static void settleSealed(SealedNode& copy);
  // The compositor's frame of the copies below `copy` (the walk of
  // updateImpl): the parked ones stepped from their parents' lists, the
  // others in full (stepSealed).
  static void stepSealedTree(SealedNode& copy, double dt, double now);
  // updateSelf's steps 1, 5 and 6 for a copy nothing else changes.
  static void stepSealed(SealedNode& copy, double dt, double now);
  // Whether something below `copy` runs (the next frame would differ).
  static bool sealedActive(const SealedNode& copy);
};

}  // namespace zenit::detail
