// Layout's frame (seed §3.2, §4.1, §4.2, §6, §7): update, the full path of
// a node's update, and the dispatch of its events.
#include <zenit/layout/Layout.hpp>

#include "layout/LayoutAccess.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/layout/UIContext.hpp>

#include <algorithm>
#include <functional>
#include <vector>

namespace zenit {

namespace {
// Properties whose change moves boxes: a change re-runs layout.
constexpr PropSet kLayoutProps = propsWithFlag(PF_LAYOUT);
// The rows of a style that are lists of animations and transitions: no
// draw reads them.
constexpr PropSet kListRows{PropSet::bit(Prop::animations) | PropSet::bit(Prop::transitions)};

// Callbacks collected during a node's imperative tick, called after it.
std::vector<std::function<void()>>& scratchCallbacks() {
  thread_local std::vector<std::function<void()>> v;
  return v;
}
}  // namespace

// ---------------------------------------------------------------------------
// update (seed §3.2, §4.1, §4.2, §6, §7)
// ---------------------------------------------------------------------------

void Layout::update(double dt) {
  UIContext& ctx = UIContext::get();
  if (ctx.inFrame()) {  // from a callback: a nested tick would re-enter queues being walked
    logApi(Severity::Error, "update", "called while a frame runs (from a callback); ignored");
    return;
  }
  ++ctx.updateDepth_;
  ctx.updateClips(dt);                 // their slots are what bound nodes show this frame
  if (internal_.listed) markActive();  // updated on its own: its parent does not step it
  updateImpl(dt);
  if (--ctx.updateDepth_ == 0) ctx.flushRemovals();
}

PropSet Layout::resolveStyle(double now, bool snapInline, bool& ticked) {
  const ComputedStyle* parentStyle = parent_ ? &parent_->style_.targetStyle : nullptr;
  // The resolver writes the target in place and skips the cascade when its
  // inputs (matched rules, parent's inherited values, inline versions) are unchanged.
  StyleResolver& resolver = UIContext::get().resolver();
  const bool changed = resolver.resolve(element_, parentStyle, styleCache_, style_.targetStyle);
  if (!parts_.empty()) resolveParts();
  if (!changed && style_.hasStyle()) {
    // The same list, but a sheet loaded since may define (or drop) one of
    // its @keyframes: the instances follow (syncRefs).
    if (anim_ && anim_->cssSyncedIn() != Theme::get().generation())
      anim_->syncCss(style_.targetStyle.animations, now);
    // Unchanged, but what the children resolve against may be (a new root
    // font size, which rem reads).
    if (!children_.empty() && styleCache_.inheritedChanged()) internal_.styleChildren = 1;
    return {};
  }
  // Seed §6: values written by setter tracks show at once (no transition).
  PropSet snap;
  if (snapInline && inlineBase_) snap = inlineBase_->setProps();
  const bool hadStyle = style_.hasStyle();
  // The transitions are matched in the list the resolver shares between
  // nodes (equal to the target's), not in each node's copy.
  const TransitionList* shared = resolver.lastTransitions();
  ticked = true;  // setTarget ends with a tick at `now`
  const PropSet current = style_.setTarget(style_.targetStyle, now, snap, styleCache_.changedRows(),
                                           shared != nullptr ? *shared : style_.targetStyle.transitions);
  detail::LayoutAccess::classifyPaint(*this, hadStyle ? current : PropSet::all());  // the first: every flag
  detail::LayoutAccess::checkPaintFlags(*this);
  if ((current & kLayoutProps).any()) UIContext::get().requestLayout();
  // Children inherit from the target: they re-resolve when what they
  // inherit changed (each passes it on the same way), not on every change;
  // a setter animating opacity on a container costs one resolve a frame.
  if (!children_.empty() && styleCache_.inheritedChanged()) internal_.styleChildren = 1;
  // Seed §4.1: node CSS animations follow the *target* style.
  // `none` entries (empty names) run nothing: they need no player.
  const AnimationList& refs = style_.targetStyle.animations;
  if (anim_ || std::any_of(refs.begin(), refs.end(), [](const AnimationRef& r) { return !r.name.empty(); }))
    player().syncCss(refs, now);
  return hadStyle ? current : PropSet::all();
}

// Step 5 of the full path.
ZENIT_ALWAYS_INLINE PropSet Layout::tickTransitions(double now) {
  const PropSet changed = style_.tick(now);
  if (changed.any()) detail::LayoutAccess::tickChanged(*this, changed);
  return changed;
}

// Steps 1-6 of a node's update (the full path), inlined into updateImpl:
// a function of its own for reading, not a call per node and frame.
ZENIT_ALWAYS_INLINE void Layout::updateSelf(double dt, bool& wasActive) {
  // The full path may change anything a slot of the parent's run copied.
  // After a class change (keepRun) of a node without a player, the run
  // stands if the current style kept every row a draw reads (all but the
  // animation and transition lists): the slot's flags, colour and opacity
  // all follow from those rows (classifyPaint).
  const bool keepRun = internal_.keepRun && !anim_;
  internal_.keepRun = 0;
  if (!keepRun) detail::LayoutAccess::staleParentRun(*this);
  PropSet changedRows;  // the rows of the current style this update changed
  const double now = UIContext::get().time;
  if (anim_ && !wasActive) wasActive = anim_->hasActiveLocal();
  // 1. Imperative animations, before the state machine (seed §3.2).
  bool wroteSetters = false;
  auto& callbacks = scratchCallbacks();
  const std::size_t firstCallback = callbacks.size();
  if (anim_ && !anim_->imperative_.empty()) {
    const AnimationPlayer::TickResult r = anim_->tickImperative(this, dt, callbacks);
    blocksInput_ = r.blocksInput;
    wroteSetters = r.wroteSetters;
  } else {
    blocksInput_ = false;
  }
  // 2. State machine: updateFlags happened in dispatch; computeNextState; beginStateTransition.
  if (internal_.stateDirty) {
    internal_.stateDirty = 0;
    const PseudoBits next = computeNextState();
    if (next != state_) {
      state_ = next;
      beginStateTransition();
    }
  }
  // 3.–4. Resolve when something changed, then syncCss against the target.
  // A style change event ticks the transitions at `now` (setTarget ends so).
  bool ticked = false;
  if (internal_.pendingTransition || wroteSetters) {
    internal_.pendingTransition = 0;
    changedRows = resolveStyle(now, wroteSetters, ticked);
  }
  if (internal_.styleSubtree) {
    internal_.styleSubtree = 0;
    internal_.styleChildren = 0;
    for (auto& c : children_) c->markStyleDirty(true);
  } else if (internal_.styleChildren) {
    internal_.styleChildren = 0;
    for (auto& c : children_) c->markStyleDirty(false);
  }
  // 5. Transitions (style_.tick), per property, absolute time; a tick at
  // the `now` of the one the restyle made would write the same values.
  if (style_.inTransition() && !ticked) changedRows |= tickTransitions(now);
  // 6. Part animations (seed §5.1: synced, ticked absolutely and overlaid
  // here, so that a draw only reads them), then node CSS animations: one
  // sample each, then the overlay is composed once.
  if (!parts_.empty()) updateParts(now, dt);
  if (anim_) {
    if (!wasActive) wasActive = anim_->hasActiveLocal();  // started by this update's syncCss
    anim_->tickCss(dt);
    anim_->composeOverlay(style_.currentStyle);
  }
  if (keepRun && ((changedRows.bits & ~kListRows.bits) != 0 || anim_))
    detail::LayoutAccess::staleParentRun(*this);
  // onFinished callbacks, copied and called after the tick (they may mutate anything).
  for (std::size_t i = firstCallback; i < callbacks.size(); ++i) {
    std::function<void()> cb = std::move(callbacks[i]);
    cb();
  }
  callbacks.resize(firstCallback);
}

void Layout::updateImpl(double dt) {
  if (!internal_.selfActive && !internal_.childActive && !internal_.hasListed)
    return;  // an idle subtree costs one test
  if (internal_.removed) return;

  // Seed §6.1's falling edge, widened: an animation that starts and ends
  // within one update (played between frames, shorter than dt) was active
  // too, so the node remembers activity seen at any point of this update.
  bool wasActive = internal_.hadLocalAnimationsLast;
  if (internal_.selfActive) {
    internal_.selfActive = 0;
    updateSelf(dt, wasActive);
  }

  // 7. Children: the listed ones stepped from the list (the steady step,
  // LayoutSteady.cpp), then the walk (index loop: callbacks may add
  // children; removed ones are skipped).
  if (internal_.hasListed) detail::LayoutAccess::stepList(*this, dt, UIContext::get().time);
  if (internal_.childActive) {
    internal_.childActive = 0;
    for (std::size_t i = 0; i < children_.size(); ++i) children_[i]->updateImpl(dt);
  }

  // 8. recomputeDirty (seed §6) and the falling edge of local activity (seed §6.1).
  const bool anyLocal = anim_ && anim_->hasActiveLocal();
  const bool inTransition = style_.inTransition();
  internal_.subtreeDirty =
      internal_.pendingTransition || inTransition || internal_.childActive || internal_.hasListed;
  if (anyLocal || inTransition || internal_.pendingTransition || internal_.stateDirty) {
    // The next frame is the steady step and nothing else: the parent makes
    // it from its list. That is a node with running animations and no
    // transition (a player the steady step takes: running CSS animations,
    // imperative overlay animations that run no setter track and block no
    // input), or one without a player whose transitions run. Events left
    // by a handler keep it in the walk.
    const bool settled = parent_ && !internal_.pendingTransition && !internal_.stateDirty &&
                         !internal_.styleSubtree && !internal_.styleChildren && !internal_.lateEvents &&
                         !internal_.selfActive && !internal_.childActive && !internal_.hasListed &&
                         !internal_.removed;
    const bool steadyNext = anim_ ? anyLocal && !inTransition : inTransition;
    if (!(settled && steadyNext && detail::LayoutAccess::park(*this))) {
      // markActive(), knowing the node is not listed (it is being visited)
      internal_.selfActive = 1;
      if (parent_ && !parent_->internal_.childActive) markAncestors();
    }
  } else if (internal_.hasListed) {
    markAncestors();  // only its listed children need the next update
  }
  const bool fireFinished = wasActive && !anyLocal;
  internal_.hadLocalAnimationsLast = anyLocal ? 1 : 0;
  dispatchQueued();
  if (fireFinished && onAnimationsFinished) {
    std::function<void()> cb = onAnimationsFinished;
    cb();
  }
}

void Layout::dispatchQueued() {
  internal_.lateEvents = 0;
  if (!anim_ || anim_->events_.empty()) return;
  if (!onAnimationEvent) {
    anim_->events_.clear();
    return;
  }
  // In place, by index: a handler may queue new events (kept for the next
  // dispatch). Each node keeps its own buffer's capacity, so steady frames
  // never allocate here.
  std::function<void(const AnimationEvent&)> cb = onAnimationEvent;
  const std::size_t n = anim_->events_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const AnimationEvent e = anim_->events_[i];  // a copy: the handler may grow the vector
    cb(e);
  }
  anim_->events_.erase(anim_->events_.begin(), anim_->events_.begin() + static_cast<std::ptrdiff_t>(n));
  if (!anim_->events_.empty()) {  // a handler queued more: dispatched next update
    internal_.lateEvents = 1;
    markActive();
  }
}

}  // namespace zenit
