// The steady hand-off (LayoutAccess.hpp): a node whose update would be,
// frame after frame, nothing but its animations' or transitions' advance is
// parked in its parent's steady::List and stepped from there, one loop per
// kind, instead of being visited by the tree walk. The walk visits it again
// (unpark) as soon as anything else concerns it: markActive (every change
// of style, state or animation goes through it), removal, a direct
// update(), a declined step.
//
// [SECTION] Park and unpark
// [SECTION] A parent's frame of its list
// [SECTION] The Transitions kind's loop
#include "layout/LayoutAccess.hpp"

#include "anim/CssEffect.hpp"
#include "anim/steady/Steady.hpp"
#include "core/Prefetch.hpp"
#include "layout/LeafDraw.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/style/Theme.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <span>

namespace zenit::detail {

using steady::Kind;
using steady::Record;
using steady::Turn;

namespace {
// Kinds whose records hold state the parent's leaf run reads in place of
// the player's (their drawn values): a record that moves makes the run stale.
bool holdsDrawn(Kind k) { return k == Kind::OneCss || k == Kind::OneImperative; }
}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Park and unpark
// ---------------------------------------------------------------------------

// A record moved to `index` (or was just placed there): the node's index,
// and its slot in the parent's run. The run reads a Transitions record's
// `shown` through the node's slot: the slot follows the record; slots built
// from a record holding drawn values are built again.
void LayoutAccess::relink(const Record& r, std::uint32_t index) {
  Layout& n = *r.node;
  n.steps_.slot = index;
  if (r.kind == Kind::Transitions) {
    if (!patchRunSlot(n, &r.transitions.shown)) staleParentRun(n);
  } else if (holdsDrawn(r.kind)) {
    staleParentRun(n);
  }
}

// Every record that reads keyframes (OneCss, Player) was armed in the same
// theme generation, so the step checks the theme once per list; a record
// armed in another (a sheet loaded by a callback in mid-frame) stays in
// the walk until the list has none or caught up.
bool LayoutAccess::park(Layout& n) {
  ZENIT_ASSERT(n.parent_ && !n.internal_.listed && !n.internal_.selfActive && !n.internal_.childActive &&
                   !n.internal_.hasListed,
               "park: the node is not a settled leaf of the walk");
  Layout& p = *n.parent_;
  if (!p.steps_.list) p.steps_.list = std::make_unique<steady::List>(&relink);  // capacity is kept
  steady::List& list = *p.steps_.list;
  if (!n.anim_) {
    // Transitions: armed in place, in the list's new record.
    if (!n.style_.inTransition()) return false;
    steady::armTransitions(n.style_, &n, list.append(Kind::Transitions));
    n.internal_.listed = 1;
    n.internal_.listedKind = static_cast<std::uint8_t>(Kind::Transitions) & 7u;
    const std::uint32_t index = list.commit(Kind::Transitions);
    relink(list.at(Kind::Transitions, index), index);
    p.internal_.hasListed = 1;
    return true;
  }
  Record r;
  if (!steady::armPlayer(*n.anim_, &n, r)) return false;
  const std::uint64_t generation = keyframesGeneration(n);
  if ((r.kind == Kind::OneCss || r.kind == Kind::Player) && !list.acceptsGeneration(generation)) return false;
  n.internal_.listed = 1;
  n.internal_.listedKind = static_cast<std::uint8_t>(r.kind) & 7u;
  const std::uint32_t index = list.insert(r, generation);
  relink(list.at(r.kind, index), index);
  steady::parked(list.at(r.kind, index));
  p.internal_.hasListed = 1;
  return true;
}

void LayoutAccess::unpark(Layout& n) {
  ZENIT_ASSERT(n.internal_.listed && n.parent_ && n.parent_->steps_.list, "unpark: the node is not listed");
  Layout& p = *n.parent_;
  steady::List& list = *p.steps_.list;
  const auto kind = static_cast<Kind>(n.internal_.listedKind);
  ZENIT_ASSERT(n.steps_.slot < list.of(kind).size() && list.at(kind, n.steps_.slot).node == &n,
               "unpark: the node is not where it was parked");
  // The record's state is the player's again; the last record of its kind takes its place.
  if (kind != Kind::Transitions) steady::writeBack(list.at(kind, n.steps_.slot));
  list.remove(kind, n.steps_.slot);
  n.internal_.listed = 0;
  // This node's slot in the parent's run: back to what an idle node's reads
  // (a Transitions node), else built again.
  if (kind != Kind::Transitions || !patchRunSlot(n, nullptr)) staleParentRun(n);
  if (list.empty()) p.internal_.hasListed = 0;
}

std::uint64_t LayoutAccess::keyframesGeneration(const Layout& n) {
  return n.internal_.sealed ? Anim::kOwnKeyframes : Theme::get().generation();
}

// ---------------------------------------------------------------------------
// [SECTION] A parent's frame of its list
// ---------------------------------------------------------------------------

// The OneImperative records need no theme: a record holds its plan. An
// iteration end is taken in the list (an imperative animation reports no
// event there); one that declines otherwise (the animation ends, a checked
// animation was edited) goes back to the walk.
void LayoutAccess::settleImperatives(Layout& parent, steady::List& list, double dt) {
  for (std::size_t i = list.of(Kind::OneImperative).size(); i-- > 0;) {
    Record& r = list.at(Kind::OneImperative, static_cast<std::uint32_t>(i));
    if (r.turn == Turn::Stepped) continue;
    if (r.turn == Turn::IterationEnd && steady::rollOneImperative(r, dt)) continue;
    wake(parent, *r.node);
  }
}

// An iteration ended, the theme was reloaded, an imperative animation was
// added: the records whose step declined changed nothing, so the walk that
// follows gives their nodes this frame's full update. A OneCss or Player
// record whose iteration ended takes the frame in the list instead (a roll)
// when nothing would see the difference: its node has no onAnimationEvent
// handler, so the animationiteration event the full path queues would be
// dropped unread (dispatchQueued), and the rest of that frame is the next
// iteration's window and step, which the roll computes as the full path
// does. The node stays parked and its parent's run stands.
void LayoutAccess::settleKeyframeKinds(Layout& parent, steady::List& list, double dt, double now) {
  for (std::size_t i = list.of(Kind::Player).size(); i-- > 0;) {
    Record& r = list.at(Kind::Player, static_cast<std::uint32_t>(i));
    if (r.turn == Turn::Stepped) continue;
    if (r.turn == Turn::IterationEnd && !r.node->onAnimationEvent && steady::rollPlayer(r, dt, now)) continue;
    wake(parent, *r.node);
  }
  constexpr std::size_t kAhead = 8;  // records ahead whose node's handler is asked for
  for (std::size_t i = list.of(Kind::OneCss).size(); i-- > 0;) {
    const std::span<Record> records = list.of(Kind::OneCss);
    // Often every record ended its iteration together (they started
    // together): each reads its node's handler, a scattered line, asked for
    // ahead (the list runs backwards).
    if (i >= kAhead) ZENIT_PREFETCH(&records[i - kAhead].node->onAnimationEvent);
    Record& r = records[i];
    if (r.turn == Turn::Stepped) continue;
    if (r.turn == Turn::IterationEnd && !r.node->onAnimationEvent && steady::rollOneCss(r, dt)) continue;
    wake(parent, *r.node);
  }
}

// A listed child whose step declined: back to the walk, which gives it
// this frame's full update.
void LayoutAccess::wake(Layout& parent, Layout& child) {
  unpark(child);
  child.internal_.selfActive = 1;
  parent.internal_.childActive = 1;
}

// No user code runs inside the loops (a steady step calls none), so the
// list cannot change under them; a declined step leaves its record marked
// for the settling after them. What a step would check per node is checked
// here once (dt, the theme) or holds while the node is parked (only the
// full path, which unparks, changes it).
void LayoutAccess::stepList(Layout& parent, double dt, double now) {
  steady::List& list = *parent.steps_.list;
  const bool dtSteady = dt >= 0.0 && std::isfinite(dt);
  if (!list.empty(Kind::OneImperative)) {
    const std::span<Record> records = list.of(Kind::OneImperative);
    bool declined = true;
    if (dtSteady) {
      declined = steady::stepOneImperative(records, dt);
    } else {
      for (Record& r : records) r.turn = Turn::Declined;  // all decline
    }
    if (declined) settleImperatives(parent, list, dt);
  }
  if (!list.empty(Kind::OneCss) || !list.empty(Kind::Player)) {
    bool declined = false;
    if (dtSteady && keyframesGeneration(parent) == list.generation()) {
      if (!list.empty(Kind::OneCss)) declined = steady::stepOneCss(list.of(Kind::OneCss), dt);
      if (!list.empty(Kind::Player) && steady::stepPlayers(list.of(Kind::Player), dt, now)) declined = true;
    } else {
      for (Record& r : list.of(Kind::OneCss)) r.turn = Turn::Declined;  // all decline
      for (Record& r : list.of(Kind::Player)) r.turn = Turn::Declined;
      declined = true;
    }
    if (declined) settleKeyframeKinds(parent, list, dt, now);
  }
  // Clip records read what their clip players sampled before the walk; one
  // that declines (its player stopped, a slot began or ended) goes back.
  if (!list.empty(Kind::Clip) && steady::stepClips(list.of(Kind::Clip))) {
    for (std::size_t i = list.of(Kind::Clip).size(); i-- > 0;) {
      Record& r = list.at(Kind::Clip, static_cast<std::uint32_t>(i));
      if (r.turn != Turn::Stepped) wake(parent, *r.node);
    }
  }
  if (!list.empty(Kind::Transitions)) stepTransitions(parent, list.of(Kind::Transitions), now);
}

// ---------------------------------------------------------------------------
// [SECTION] The Transitions kind's loop
// ---------------------------------------------------------------------------

// A parked transition's slot reads the record's opacity whatever it is
// (leafSlot: a plain box's too, and one at 0 keeps its slot), so a fade
// keeps the run; a change of anything else, or of whether the slot
// translates, needs it built again.
void LayoutAccess::tickChangedListed(Layout& n, PropSet changed) {
  const bool shifted = n.internal_.baseShift;
  tickChanged(n, changed);
  if ((changed.bits & ~leafdraw::kRunReadProps.bits) != 0 || n.internal_.baseShift != shifted)
    staleParentRun(n);
}

// The general tick of a listed node (several properties, not floats, the
// delay, the end); it may change which transitions run, so the record's
// copy is taken again. False when its transitions ended.
bool LayoutAccess::tickListed(Record& r, double now) {
  Layout& n = *r.node;
  const PropSet changed = n.style_.tick(now);
  r.transitions.shown = n.style_.currentStyle.opacity;
  if (changed.any()) tickChangedListed(n, changed);
  if (!n.style_.inTransition()) return false;
  r.transitions.single = detail::TransitionSteps::take(n.style_, r.transitions.t);
  return true;
}

// The rarer outcomes of a step: a change that flips a flag or is not the
// opacity's, the end (tick's, without reading the running transition), the
// delay (the general tick). True when its transitions ended.
ZENIT_ALWAYS_INLINE bool LayoutAccess::transitionStepRest(Record& r, SteadyTransition::Step step,
                                                          double now) {
  Layout& n = *r.node;
  SteadyTransition& t = r.transitions.t;
  switch (step) {
    case SteadyTransition::Step::Unchanged: return false;
    case SteadyTransition::Step::Changed: tickChangedListed(n, PropSet{PropSet::bit(t.prop)}); return false;
    case SteadyTransition::Step::Ended: {
      const bool changed = TransitionSteps::end(n.style_, t);
      if (t.prop == Prop::opacity) r.transitions.shown = t.to;
      if (changed) tickChangedListed(n, PropSet{PropSet::bit(t.prop)});
      return true;
    }
    case SteadyTransition::Step::Declined: break;
  }
  return !tickListed(r, now);
}

// What a one-property record's step leaves to do; true when its transition
// ended. Only whether the opacity is 1 decides a flag (plainBox): a fade
// that stays on one side of it needs nothing else (the slot reads the
// record's copy, `shown`).
ZENIT_ALWAYS_INLINE bool LayoutAccess::afterTransitionStep(Record& r, SteadyTransition::Step step, float was,
                                                           double now) {
  SteadyTransition& t = r.transitions.t;
  ZENIT_ASSERT(r.transitions.single &&
                   std::bit_cast<std::uint32_t>(*t.value) == std::bit_cast<std::uint32_t>(t.current),
               "stepTransitions: a record's value copy differs from its node's");
  if (step == SteadyTransition::Step::Unchanged) return false;
  if (step == SteadyTransition::Step::Changed && t.prop == Prop::opacity) {
    const float after = t.current;
    r.transitions.shown = after;
    if ((was >= 1.0f) == (after >= 1.0f)) {
      checkPaintFlags(*r.node);
      return false;
    }
  }
  return transitionStepRest(r, step, now);
}

// One record's frame: its copy's step when it has one, else the tick.
// True when its transitions ended.
bool LayoutAccess::stepOneTransition(Record& r, double now) {
  ZENIT_ASSERT(r.node->internal_.listed && !r.node->anim_ && !r.node->internal_.selfActive &&
                   !r.node->internal_.childActive,
               "stepTransitions: a node that is not a listed transition");
  if (!r.transitions.single) return !tickListed(r, now);
  const float was = r.transitions.t.current;
  return afterTransitionStep(r, TransitionSteps::step(r.transitions.t, now), was, now);
}

// A listed transition's frame is the walk's transition tick without the
// visit: the tick, the paint flags of what it changed, a layout when it
// moved boxes. The parent's run stays standing while the tick changes only
// what its slots read in place (the current style's opacity and
// translation) and no flag they copied. A node with one float property in
// transition is stepped from its record's copy (SteadyTransition), which
// reads no line of the node and writes only the value. No user code runs
// here, so only the nodes whose transitions have all completed leave the
// list, after it.
void LayoutAccess::stepTransitions(Layout& parent, std::span<Record> list, double now) {
  constexpr std::size_t kAhead = 8;  // records ahead whose value is asked for
  bool ended = false;
  for (std::size_t i = 0; i < list.size(); ++i) {
    // The values are scattered (one per node): ask for a later one.
    if (i + kAhead < list.size()) ZENIT_PREFETCH(list[i + kAhead].transitions.t.value);
    ended = stepOneTransition(list[i], now) || ended;
  }
#ifndef NDEBUG
  for (const Record& r : list)
    ZENIT_ASSERT(std::bit_cast<std::uint32_t>(r.transitions.shown) ==
                     std::bit_cast<std::uint32_t>(r.node->style_.currentStyle.opacity),
                 "stepTransitions: a record's opacity copy differs from its node's");
#endif
  if (!ended) return;
  steady::List& all = *parent.steps_.list;
  for (std::size_t k = all.of(Kind::Transitions).size(); k-- > 0;) {
    Layout& n = *all.at(Kind::Transitions, static_cast<std::uint32_t>(k)).node;
    if (!n.style_.inTransition()) unpark(n);  // completed: the node is idle
  }
}

}  // namespace zenit::detail
