// Layout: the tree node, its per-frame update and its draw.
#include <zenit/layout/Layout.hpp>

#include <zenit/core/Config.hpp>

#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Transform.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/style/Parser.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <span>
#include <typeinfo>
#include <utility>

namespace zenit {

namespace {
// Properties whose change moves boxes: a change re-runs layout.
constexpr PropSet kLayoutProps = propsWithFlag(PF_LAYOUT);

// A current style whose box paints as its background rectangle alone:
// visible, no shadow, border, rounding or clip. Written so NaN fails.
bool plainPaintStyle(const ComputedStyle& s) {
  return s.visibility == Visibility::Visible && (s.boxShadow.none || !(s.boxShadow.color.a > 0.0f)) &&
         !(s.borderWidth > 0.0f) && s.borderRadius == Corners{} && s.overflow != Overflow::Hidden;
}
bool zeroLength(const Value& v) { return v.isLength() && v.px == 0.0f && v.pct == 0.0f && v.em == 0.0f; }
// ... and fully opaque and untransformed: drawn as that rectangle, no state.
// (classifyPaint derives it from its other flags; Debug builds check it here.)
[[maybe_unused]] bool plainBoxStyle(const ComputedStyle& s) {
  return s.opacity >= 1.0f && zeroLength(s.translateX) && zeroLength(s.translateY) && s.scaleX == 1.0f &&
         s.scaleY == 1.0f && s.rotate == 0.0f;
}
// What Layout::classifyPaint reads: plainPaintStyle, then the flags that
// also read the opacity and the transform.
constexpr PropSet kPlainPaintInputs{PropSet::bit(Prop::visibility) | PropSet::bit(Prop::boxShadow) |
                                    PropSet::bit(Prop::borderWidth) | PropSet::bit(Prop::borderRadius) |
                                    PropSet::bit(Prop::overflow)};
constexpr PropSet kFoldInputs{kPlainPaintInputs.bits | PropSet::bit(Prop::scaleX) |
                              PropSet::bit(Prop::scaleY) | PropSet::bit(Prop::rotate)};
constexpr PropSet kShiftInputs{PropSet::bit(Prop::translateX) | PropSet::bit(Prop::translateY)};
constexpr PropSet kBoxFlagInputs{kFoldInputs.bits | kShiftInputs.bits | PropSet::bit(Prop::opacity)};
// Animated properties that move or resize the drawn box (seed §4.5).
constexpr PropSet kGeometryProps{PropSet::bit(Prop::width) | PropSet::bit(Prop::height) |
                                 PropSet::bit(Prop::left) | PropSet::bit(Prop::top)};
// Animated properties that can break plainPaint.
constexpr PropSet kPaintProps{PropSet::bit(Prop::visibility) | PropSet::bit(Prop::boxShadow) |
                              PropSet::bit(Prop::borderWidth) | PropSet::bit(Prop::borderRadius)};
constexpr PropSet kShiftProps{PropSet::bit(Prop::translateX) | PropSet::bit(Prop::translateY)};
// The rows of a style that are lists of animations and transitions: no
// draw reads them.
constexpr PropSet kListRows{PropSet::bit(Prop::animations) | PropSet::bit(Prop::transitions)};
// What a leaf run's slot reads from its node's current style at each replay
// (LeafSlot): a parked transition of these alone leaves the run standing.
constexpr PropSet kRunReadProps{kShiftProps.bits | PropSet::bit(Prop::opacity)};
// Animated properties a folded leaf (Internal::foldLeaf) does not read from
// the overlay: with any of them animated it takes the general leaf path.
// Rotation and scale fold when held at the identity (holdsIdentityLinear).
constexpr PropSet kNoFoldProps{kGeometryProps.bits | kPaintProps.bits | PropSet::bit(Prop::backgroundColor)};

// Callbacks collected during a node's imperative tick, called after it.
std::vector<std::function<void()>>& scratchCallbacks() {
  thread_local std::vector<std::function<void()>> v;
  return v;
}
}  // namespace

// ---------------------------------------------------------------------------
// Construction, tree
// ---------------------------------------------------------------------------

Layout::Layout(std::string_view typeName) {
  element_.type = intern(typeName.empty() ? std::string_view("Layout") : typeName);
  element_.classes = std::span<const Atom>(classes_);
  element_.cache = &styleCache_;
}

Layout::~Layout() {
  if (internal_.parked) unpark();
  // Children first: each one hands the context's pointers (hovered …) to its
  // parent, which must still be alive to hand them on in turn.
  children_.clear();
  UIContext::get().forget(this);
}

Layout& Layout::addChild(std::unique_ptr<Layout> child) {
  ZENIT_ASSERT(child != nullptr, "addChild: null child");
  ZENIT_ASSERT(child->parent_ == nullptr, "addChild: the node already has a parent");
  Layout& ref = *child;
  child->parent_ = this;
  child->element_.parent = &element_;
  children_.push_back(std::move(child));
  staleParentRun();  // no longer a leaf (ref.markActive() makes this node's run stale)
  ref.internal_.pendingTransition = 1;
  ref.internal_.styleSubtree = 1;
  ref.markActive();
  UIContext::get().requestLayout();
  return ref;
}

void Layout::destroyChild(Layout* child) {
  for (auto it = children_.begin(); it != children_.end(); ++it) {
    if (it->get() != child) continue;
    children_.erase(it);  // destroys child and its subtree
    runState_ = kRunStale;
    staleParentRun();  // it may be a leaf now
    UIContext::get().requestLayout();
    return;
  }
}

void Layout::removeFromParent() {
  if (!parent_) return;
  UIContext& ctx = UIContext::get();
  if (ctx.inFrame()) {
    if (!internal_.removed) ctx.deferRemoval(this);
    if (internal_.parked) unpark();  // a removed node is not stepped any more
    internal_.removed = 1;
    staleParentRun();
    ctx.requestLayout();
    return;
  }
  parent_->destroyChild(this);
}

std::unique_ptr<Layout> Layout::detachFromParent() {
  if (!parent_) return nullptr;
  if (UIContext::get().inFrame()) {
    logApi(Severity::Error, "detachFromParent", "not allowed while a frame runs; use removeFromParent");
    return nullptr;
  }
  for (auto it = parent_->children_.begin(); it != parent_->children_.end(); ++it) {
    if (it->get() != this) continue;
    if (internal_.parked) {
      unpark();
      internal_.selfActive = 1;  // its animations run on where it is added next
    }
    staleParentRun();
    std::unique_ptr<Layout> self = std::move(*it);
    parent_->children_.erase(it);
    parent_ = nullptr;
    element_.parent = nullptr;
    UIContext::get().requestLayout();
    return self;
  }
  return nullptr;
}

void Layout::clearChildren() {
  if (UIContext::get().inFrame()) {
    for (auto& c : children_) c->removeFromParent();
    return;
  }
  children_.clear();
  runState_ = kRunStale;
  staleParentRun();  // a leaf now
  UIContext::get().requestLayout();
}

Layout* Layout::findById(std::string_view id) {
  const Atom a = findAtom(id);
  if (a == Atom::None) return nullptr;
  if (element_.id == a) return this;
  for (auto& c : children_)
    if (Layout* hit = c->findById(id)) return hit;
  return nullptr;
}

// ---------------------------------------------------------------------------
// Identity
// ---------------------------------------------------------------------------

void Layout::setId(std::string_view id) {
  element_.id = intern(id);
  markStyleDirty(true);
}

void Layout::sortClasses() { element_.classes = std::span<const Atom>(classes_); }

bool Layout::addClass(std::string_view cls) { return addClass(intern(cls)); }
bool Layout::removeClass(std::string_view cls) { return removeClass(findAtom(cls)); }
bool Layout::toggleClass(std::string_view cls) { return toggleClass(intern(cls)); }  // one look-up
bool Layout::hasClass(std::string_view cls) const { return hasClass(findAtom(cls)); }

bool Layout::addClass(Atom a) {
  if (a == Atom::None || std::find(classes_.begin(), classes_.end(), a) != classes_.end()) return false;
  classes_.push_back(a);
  sortClasses();
  markClassChange(UIContext::get().resolver().affectsDescendants(element_, std::span<const Atom>(&a, 1), 0));
  return true;
}

bool Layout::removeClass(Atom a) {
  auto it = std::find(classes_.begin(), classes_.end(), a);
  if (a == Atom::None || it == classes_.end()) return false;
  classes_.erase(it);
  sortClasses();
  markClassChange(UIContext::get().resolver().affectsDescendants(element_, std::span<const Atom>(&a, 1), 0));
  return true;
}

bool Layout::toggleClass(Atom a) {
  if (removeClass(a)) return false;
  return addClass(a);
}

bool Layout::hasClass(Atom a) const {
  return a != Atom::None && std::find(classes_.begin(), classes_.end(), a) != classes_.end();
}

// ---------------------------------------------------------------------------
// Style
// ---------------------------------------------------------------------------

Style& Layout::getInlineBase() {
  if (!inlineBase_) {
    inlineBase_ = std::make_unique<Style>();
    element_.inlineBase = inlineBase_.get();
  }
  ++element_.inlineVersion;  // the caller may write through the reference: the cache must not trust it
  markStyleDirty(false);
  return *inlineBase_;
}

std::vector<Diagnostic> Layout::applyStyleAttr(std::string_view declarations) {
  std::vector<Diagnostic> diags;
  inline_ = std::make_unique<DeclarationBlock>(parseStyleAttribute(declarations, &diags));
  element_.inlineStyle = inline_.get();
  ++element_.inlineVersion;
  markStyleDirty(false);
  return diags;
}

const AnimationPlayer* Layout::animationPlayer() const {
  syncParked();
  return anim_.get();
}

ComputedStyle Layout::renderedStyle() const {
  syncParked();
  ComputedStyle out = style_.currentStyle;
  if (anim_) anim_->overlaySet.forEach([&](Prop p) { copyProp(p, out, anim_->overlay); });
  return out;
}

void Layout::markStyleDirty(bool subtree) {
  internal_.pendingTransition = 1;
  if (subtree) internal_.styleSubtree = 1;
  markActive();
}

// A class change often restyles a node without changing anything its slot
// in the parent's run copied: a property that transitions starts from the
// value shown. So the run is left standing until the update tells
// (updateSelf, keepRun); meanwhile the walk visits the node, and a draw
// before that update draws the children one by one (drawChildren). A
// parked node (its transition retargeted) takes markActive.
void Layout::markClassChange(bool subtree) {
  if (internal_.parked || parent_ == nullptr) {
    markStyleDirty(subtree);
    return;
  }
  internal_.pendingTransition = 1;
  if (subtree) internal_.styleSubtree = 1;
  internal_.keepRun = 1;
  internal_.selfActive = 1;
  if (!parent_->internal_.childActive) markAncestors();
}

void Layout::markActive() {
  if (internal_.parked) unpark();
  staleParentRun();
  internal_.selfActive = 1;
  if (parent_ && !parent_->internal_.childActive) markAncestors();  // usually set already by a sibling
}

// A parked node has neither flag set, so the walk up always reaches (and
// unparks) a parked ancestor: the walk must visit it to reach this node.
void Layout::markAncestors() {
  for (Layout* p = parent_; p && !p->internal_.childActive; p = p->parent_) {
    if (p->internal_.parked) {
      p->unpark();
      p->internal_.selfActive = 1;
    }
    p->internal_.childActive = 1;
  }
}

// ---------------------------------------------------------------------------
// The parked list: a node whose update would be the steady lane's step alone
// (AnimationPlayer::tickSteady: running CSS animations, nothing pending) is
// stepped by its parent from parked_, one loop over its players, instead of
// being visited by the tree walk. The walk visits it again (unpark) as soon as
// anything else concerns it: markActive (every change of style, state or
// animation goes through it), removal, a direct update(), a declined step.
// ---------------------------------------------------------------------------

// Every lane of one list was armed in the same theme generation, so the
// step checks the theme once per list; a lane armed in another (a sheet
// loaded by a callback in mid-frame) stays in the walk until the list has
// emptied or caught up.
bool Layout::park() {
  ZENIT_ASSERT(parent_ && anim_ && !internal_.parked && !internal_.selfActive && !internal_.childActive &&
                   !internal_.hasParked,
               "park: the node is not a steady leaf of the walk");
  Layout& p = *parent_;
  if (!p.parking_) p.parking_ = std::make_unique<ParkedLists>();  // once per parent: capacity is kept
  if (AnimState* fixed = anim_->fixedState()) {                   // no keyframes, no theme to check
    parkSlot_ = static_cast<std::uint32_t>(p.parking_->parkedFixed_.size());
    p.parking_->parkedFixed_.push_back(AnimationPlayer::fixedRef(*fixed));
    p.parking_->parkedFixedNodes_.push_back(this);
    p.internal_.hasParked = 1;
    internal_.parked = 1;
    internal_.parkedFixed = 1;
    return true;
  }
  const std::uint64_t generation = anim_->steadyGeneration();
  if (p.parking_->parked_.empty() && p.parking_->parkedDense_.empty())
    p.parking_->parkedGeneration_ = generation;
  else if (p.parking_->parkedGeneration_ != generation)
    return false;
  AnimationPlayer::DenseRef dense;
  if (anim_->denseRef(dense)) {
    parkSlot_ = static_cast<std::uint32_t>(p.parking_->parkedDense_.size());
    p.parking_->parkedDense_.push_back(dense);
    p.parking_->parkedDenseNodes_.push_back(this);
    // The run's slots point into parkedDense_ (leafSlot), which may just have moved.
    p.runState_ = kRunStale;
    p.internal_.hasParked = 1;
    internal_.parked = 1;
    internal_.parkedDense = 1;
    return true;
  }
  parkSlot_ = static_cast<std::uint32_t>(p.parking_->parked_.size());
  ActiveCssAnimation* single = anim_->css.size() == 1 ? anim_->css.data() : nullptr;
  // Capacity is kept when nodes leave: no allocation once warm.
  p.parking_->parked_.push_back(Parked{anim_.get(), single});
  p.parking_->parkedNodes_.push_back(this);
  p.internal_.hasParked = 1;
  internal_.parked = 1;
  return true;
}

// A node without a player whose update is its transitions' tick alone
// (updateImpl's transition frame) is stepped from parkedTransitions_ the
// same way; the list needs no theme check, as a transition keeps copies of
// everything it reads. While a one-property entry is stepped, the node's
// StyleState keeps the transitionTimer it had here (nothing reads it; the
// tick that takes the node further sets it anew: StyleState::stepSteady).
void Layout::parkTransitions() {
  ZENIT_ASSERT(parent_ && !anim_ && !internal_.parked && !internal_.selfActive && !internal_.childActive &&
                   !internal_.hasParked && style_.inTransition(),
               "parkTransitions: the node is not a transitioning leaf of the walk");
  Layout& p = *parent_;
  if (!p.parking_) p.parking_ = std::make_unique<ParkedLists>();
  std::vector<ParkedTransition>& list = p.parking_->parkedTransitions_;
  const ParkedTransition* const entries = list.data();
  parkSlot_ = static_cast<std::uint32_t>(list.size());
  ParkedTransition& e = list.emplace_back();  // capacity is kept when nodes leave
  e.node = this;
  e.steady = style_.steadyTransition(e.t);
  e.shown = style_.currentStyle.opacity;
  // The run's slots point into the list (leafSlot): a list that moved
  // makes it stale; else this node's slot reads the entry's copy from now.
  if (list.data() != entries || !patchRunSlot(&e.shown)) p.runState_ = kRunStale;
  p.internal_.hasParked = 1;
  internal_.parked = 1;
  internal_.parkedTransition = 1;
}

void Layout::unpark() {
  Layout& p = *parent_;
  const std::uint32_t slot = parkSlot_;
  if (internal_.parkedTransition) {
    ZENIT_ASSERT(
        slot < p.parking_->parkedTransitions_.size() && p.parking_->parkedTransitions_[slot].node == this,
        "unpark: the node is not where it was parked");
    std::vector<ParkedTransition>& list = p.parking_->parkedTransitions_;
    // The slots that read an entry's copy follow it: the last entry's into
    // its new place, this node's back to its current style (what leafSlot
    // gives an idle node; a plain box reads kOpaque).
    bool patched = true;
    if (slot + 1 != list.size()) {
      list[slot] = list.back();
      list[slot].node->parkSlot_ = slot;
      patched = list[slot].node->patchRunSlot(&list[slot].shown);
    }
    list.pop_back();
    internal_.parkedTransition = 0;
    patched = patchRunSlot(nullptr) && patched;
    if (!patched) p.runState_ = kRunStale;
  } else {
    // A list and its nodes, index for index: the last entry fills the slot.
    const auto take = [&](auto& entries, std::vector<Layout*>& nodes) {
      ZENIT_ASSERT(slot < nodes.size() && nodes[slot] == this, "unpark: the node is not where it was parked");
      entries[slot] = entries.back();
      nodes[slot] = nodes.back();
      nodes[slot]->parkSlot_ = slot;
      entries.pop_back();
      nodes.pop_back();
    };
    if (internal_.parkedFixed) {
      ZENIT_ASSERT(slot < p.parking_->parkedFixed_.size() && p.parking_->parkedFixedNodes_[slot] == this,
                   "unpark: the node is not where it was parked");
      AnimationPlayer::writeBack(p.parking_->parkedFixed_[slot]);  // the entry's state is the player's again
      take(p.parking_->parkedFixed_, p.parking_->parkedFixedNodes_);
    } else if (internal_.parkedDense) {
      ZENIT_ASSERT(slot < p.parking_->parkedDense_.size() && p.parking_->parkedDenseNodes_[slot] == this,
                   "unpark: the node is not where it was parked");
      anim_->writeBack(p.parking_->parkedDense_[slot]);  // the entry's state is the player's again
      take(p.parking_->parkedDense_, p.parking_->parkedDenseNodes_);
    } else {
      take(p.parking_->parked_, p.parking_->parkedNodes_);
    }
    internal_.parkedFixed = 0;
    internal_.parkedDense = 0;
    p.runState_ = kRunStale;  // its slot in p's run no longer follows it
  }
  if (p.parking_->parked_.empty() && p.parking_->parkedTransitions_.empty() &&
      p.parking_->parkedFixed_.empty() && p.parking_->parkedDense_.empty())
    p.internal_.hasParked = 0;
  internal_.parked = 0;
}

// No user code runs inside the loop (a steady step calls none), so the list
// cannot change under it; a declined step leaves its entry marked for
// settleDeclined. What tickSteady checks per node is checked here once
// (dt, the theme) or holds while the node is parked (the lane stays armed
// and the CSS list unchanged: only the full path, which unparks, changes
// them; addAnimation unparks), so a one-animation step reads no field of
// its player.
void Layout::stepParked(double dt) {
  if (!parking_->parkedFixed_.empty()) stepParkedFixed(dt);
  if (parking_->parked_.empty() && parking_->parkedDense_.empty()) return;
  if (dt >= 0.0 && std::isfinite(dt) && Theme::get().generation() == parking_->parkedGeneration_) {
    ZENIT_ASSERT(std::all_of(parking_->parked_.begin(), parking_->parked_.end(),
                             [&](const Parked& e) {
                               return e.player->steadyGeneration() == parking_->parkedGeneration_;
                             }) &&
                     std::all_of(parking_->parkedDense_.begin(), parking_->parkedDense_.end(),
                                 [&](const AnimationPlayer::DenseRef& e) {
                                   return e.player->steadyGeneration() == parking_->parkedGeneration_;
                                 }),
                 "stepParked: a lane of another theme generation in the list");
    bool declined = false;
    if (!parking_->parkedDense_.empty())
      declined = AnimationPlayer::stepDenseList(parking_->parkedDense_, dt);
    if (!parking_->parked_.empty() && AnimationPlayer::stepSteadyList(parking_->parked_, dt)) declined = true;
    if (declined) settleDeclined(dt);
    return;
  }
  for (Parked& e : parking_->parked_) e.player = nullptr;  // all decline
  for (AnimationPlayer::DenseRef& e : parking_->parkedDense_) e.turn = AnimationPlayer::ListTurn::Declined;
  settleDeclined(dt);
}

// The fixed lanes need no theme: an entry holds its copy. An iteration end
// is taken in the list (rollFixed: an imperative animation reports no
// event there); one that declines otherwise (the animation ends, a checked
// animation was edited) goes back to the walk, which gives it this
// frame's full update, as settleDeclined does.
void Layout::stepParkedFixed(double dt) {
  std::vector<AnimationPlayer::FixedRef>& list = parking_->parkedFixed_;
  if (dt >= 0.0 && std::isfinite(dt)) {
    if (!AnimationPlayer::stepFixedList(list, dt)) return;
  } else {
    for (AnimationPlayer::FixedRef& e : list) e.turn = AnimationPlayer::ListTurn::Declined;  // all decline
  }
  for (std::size_t i = list.size(); i-- > 0;) {
    AnimationPlayer::FixedRef& e = list[i];
    if (e.turn == AnimationPlayer::ListTurn::Stepped) continue;
    if (e.turn == AnimationPlayer::ListTurn::IterationEnd && AnimationPlayer::rollFixed(e, dt)) continue;
    wakeParked(*parking_->parkedFixedNodes_[i]);
  }
}

// A parked child whose step declined: back to the walk, which gives it
// this frame's full update.
void Layout::wakeParked(Layout& child) {
  child.unpark();
  child.internal_.selfActive = 1;
  internal_.childActive = 1;
}

// Cold: an iteration ended, the theme was reloaded, an imperative animation
// was added. The step changed nothing, so the walk that follows gives these
// nodes this frame's full update. A dense entry whose iteration ended takes
// the frame in the list instead (rollDense) when nothing would see the
// difference: its node has no onAnimationEvent handler, so the
// animationiteration event the full path queues would be dropped unread
// (dispatchQueued), and the rest of that frame is the next iteration's
// plan and step, which rollDense computes as the full path does. The node
// stays parked and its parent's run stands.
void Layout::settleDeclined(double dt) {
  for (std::size_t i = parking_->parked_.size(); i-- > 0;)
    if (parking_->parked_[i].player == nullptr) wakeParked(*parking_->parkedNodes_[i]);
  for (std::size_t i = parking_->parkedDense_.size(); i-- > 0;) {
    // Often every entry ended its iteration together (they started
    // together): each reads its node's handler, a scattered line, asked
    // for ahead (the list runs backwards).
    if (i >= kRunPrefetch) ZENIT_PREFETCH(&parking_->parkedDenseNodes_[i - kRunPrefetch]->onAnimationEvent);
    AnimationPlayer::DenseRef& e = parking_->parkedDense_[i];
    if (e.turn == AnimationPlayer::ListTurn::Stepped) continue;
    Layout& node = *parking_->parkedDenseNodes_[i];
    if (e.turn == AnimationPlayer::ListTurn::IterationEnd && !node.onAnimationEvent &&
        AnimationPlayer::rollDense(e, dt))
      continue;
    wakeParked(node);
  }
}

// A parked transition's frame is the walk's transition frame (updateImpl)
// without the visit: the tick, the paint flags of what it changed, a layout
// when it moved boxes. The parent's run stays standing while the tick
// changes only what its slots read in place (the current style's opacity
// and translation) and no flag they copied. A node with one float property
// in transition is stepped from its entry's copy (SteadyTransition), which
// reads no line of the node and writes only the value; the copies of a
// batch of entries are stepped together (StyleState::stepSteadyBatch), so
// their timing functions' solves overlap. A fade that keeps its opacity in
// (0, 1) needs nothing else. No user code runs here, so only the nodes
// whose transitions have all completed leave the list, after it.
void Layout::stepParkedTransitions(double now) {
  const std::span<ParkedTransition> list(parking_->parkedTransitions_);
  constexpr std::size_t kBatch = StyleState::kSteadyBatch;
  bool ended = false;
  std::size_t i = 0;
  for (; i + kBatch <= list.size(); i += kBatch) {
    ParkedTransition* const e = &list[i];
    // The values are scattered (one per node): a batch asks for later ones.
    if (i + kRunPrefetch + kBatch <= list.size())
      for (std::size_t k = 0; k < kBatch; ++k) ZENIT_PREFETCH(e[kRunPrefetch + k].t.value);
    if (!(e[0].steady && e[1].steady && e[2].steady && e[3].steady)) {
      for (std::size_t k = 0; k < kBatch; ++k) ended = stepParkedEntry(e[k], now) || ended;
      continue;
    }
    static_assert(kBatch == 4, "the batch below is written out for four entries");
    SteadyTransition* const records[kBatch] = {&e[0].t, &e[1].t, &e[2].t, &e[3].t};
    const float was[kBatch] = {e[0].t.current, e[1].t.current, e[2].t.current, e[3].t.current};
    SteadyTransition::Step steps[kBatch];
    StyleState::stepSteadyBatch(records, kBatch, now, steps);
    for (std::size_t k = 0; k < kBatch; ++k) ended = afterParkedStep(e[k], steps[k], was[k], now) || ended;
  }
  for (; i < list.size(); ++i) ended = stepParkedEntry(list[i], now) || ended;
#ifndef NDEBUG
  for (const ParkedTransition& e : parking_->parkedTransitions_)
    ZENIT_ASSERT(std::bit_cast<std::uint32_t>(e.shown) ==
                     std::bit_cast<std::uint32_t>(e.node->style_.currentStyle.opacity),
                 "stepParkedTransitions: an entry's opacity copy differs from its node's");
#endif
  if (!ended) return;
  for (std::size_t k = parking_->parkedTransitions_.size(); k-- > 0;) {
    Layout& node = *parking_->parkedTransitions_[k].node;
    if (!node.style_.inTransition()) node.unpark();  // completed: the node is idle
  }
}

// One entry's frame, alone (a tail, or a batch with an entry that is not a
// one-property copy). True when its transitions ended.
bool Layout::stepParkedEntry(ParkedTransition& e, double now) {
  ZENIT_ASSERT(e.node->internal_.parked && e.node->internal_.parkedTransition && !e.node->anim_ &&
                   !e.node->internal_.selfActive && !e.node->internal_.childActive,
               "stepParkedTransitions: a node that is not a parked transition");
  if (!e.steady) return !e.node->tickParked(e, now);
  const float was = e.t.current;
  return afterParkedStep(e, StyleState::stepSteady(e.t, now), was, now);
}

// What a one-property entry's step leaves to do; true when its transition
// ended. Only whether the opacity is 1 decides a flag (plainBox): a fade
// that stays on one side of it needs nothing else (the slot reads the
// entry's copy, `shown`).
ZENIT_ALWAYS_INLINE bool Layout::afterParkedStep(ParkedTransition& e, SteadyTransition::Step step, float was,
                                                 double now) {
  ZENIT_ASSERT(
      e.steady && std::bit_cast<std::uint32_t>(*e.t.value) == std::bit_cast<std::uint32_t>(e.t.current),
      "stepParkedTransitions: an entry's value copy differs from its node's");
  if (step == SteadyTransition::Step::Unchanged) return false;
  if (step == SteadyTransition::Step::Changed && e.t.prop == Prop::opacity) {
    const float after = e.t.current;
    e.shown = after;
    if ((was >= 1.0f) == (after >= 1.0f)) {
      e.node->checkPaintFlags();
      return false;
    }
  }
  return e.node->parkedStepRest(e, step, now);
}

// The rarer outcomes of a step: a change that flips a flag or is not the
// opacity's, the end (tick's, without reading the running transition), the
// delay (the general tick).
bool Layout::parkedStepRest(ParkedTransition& e, SteadyTransition::Step step, double now) {
  switch (step) {
    case SteadyTransition::Step::Unchanged: return false;
    case SteadyTransition::Step::Changed: parkedTickChanged(PropSet{PropSet::bit(e.t.prop)}); return false;
    case SteadyTransition::Step::Ended: {
      const bool changed = style_.endSteady(e.t);
      if (e.t.prop == Prop::opacity) e.shown = e.t.to;
      if (changed) parkedTickChanged(PropSet{PropSet::bit(e.t.prop)});
      return true;
    }
    case SteadyTransition::Step::Declined: break;
  }
  return !tickParked(e, now);
}

// The general tick of a parked node (several properties, not floats, the
// delay, the end); it may change which transitions run, so the entry's
// copy is taken again.
bool Layout::tickParked(ParkedTransition& e, double now) {
  const PropSet changed = style_.tick(now);
  e.shown = style_.currentStyle.opacity;
  if (changed.any()) parkedTickChanged(changed);
  if (!style_.inTransition()) return false;
  e.steady = style_.steadyTransition(e.t);
  return true;
}

// A parked transition's slot reads the entry's opacity whatever it is
// (leafSlot: a plain box's too, and one at 0 keeps its slot), so a fade
// keeps the run; a change of anything else, or of whether the slot
// translates, needs it built again.
void Layout::parkedTickChanged(PropSet changed) {
  const Internal before = internal_;
  tickChanged(changed);
  if ((changed.bits & ~kRunReadProps.bits) != 0 || internal_.baseShift != before.baseShift) staleParentRun();
}

void Layout::markContentChanged() {
  UIContext::get().requestLayout();
  markActive();
}

void Layout::markNeedsRedraw() { markActive(); }

// ---------------------------------------------------------------------------
// Interaction state: updateFlags -> computeNextState -> beginStateTransition
// ---------------------------------------------------------------------------

void Layout::setFlag(std::uint8_t bit, bool on) {
  const std::uint8_t next =
      on ? static_cast<std::uint8_t>(flags_ | bit) : static_cast<std::uint8_t>(flags_ & ~bit);
  if (next == flags_) return;
  flags_ = next;
  internal_.stateDirty = 1;
  markActive();
}

std::uint8_t Layout::computeNextState() const {
  // Disabled widgets are neither hovered nor pressed (CSS: :disabled elements get no :active).
  if (flags_ & PseudoDisabled) return static_cast<std::uint8_t>(flags_ & (PseudoDisabled | PseudoChecked));
  return flags_;
}

void Layout::beginStateTransition() {
  const auto flipped = static_cast<std::uint8_t>(element_.state ^ state_);
  element_.state = state_;
  // Descendant and child selectors can depend on this node's state.
  markStyleDirty(UIContext::get().resolver().affectsDescendants(element_, {}, flipped));
}

// ---------------------------------------------------------------------------
// Imperative animations
// ---------------------------------------------------------------------------

// A node parked for its transitions has no player (its parent steps only
// its style): one created for it (an animation call, even by a name it does
// not have; a widget's part in the draw) sends it back to the walk.
// The player, to change. A node on a list whose entry holds the player's
// state (dense, fixed) leaves it first, so that the state is the player's
// again before the change; the next frame takes the full path. A player
// created for a node parked for its transitions sends it to the walk too.
AnimationPlayer& Layout::player() {
  if (!anim_) {
    anim_ = std::make_unique<AnimationPlayer>();
    if (internal_.parked) markActive();
  } else if (internal_.parked && (internal_.parkedDense || internal_.parkedFixed)) {
    markActive();
  }
  return *anim_;
}

void Layout::addAnimation(const std::string& name, std::shared_ptr<UIAnimation> anim) {
  const bool replacing = anim_ && anim_->find(name) != nullptr;
  if (internal_.parked) markActive();  // a new animation: the next frame takes the full path
  player().add(name, std::move(anim));
  if (replacing) {  // the replaced animation's overlay values go with it (seed §8.1)
    anim_->composeOverlay(style_.currentStyle);
    markActive();
  }
}

bool Layout::playAnimation(const std::string& name, bool reverse) {
  if (!player().play(name, reverse)) return false;
  markActive();
  return true;
}

bool Layout::removeAnimation(const std::string& name) {
  if (!anim_) {
    logApi(Severity::Warning, "removeAnimation", fmt::format("no animation named '{}'", name));
    return false;
  }
  const bool ok = anim_->remove(name);
  if (ok) {
    anim_->composeOverlay(style_.currentStyle);  // its overlay values go at once, as with cancelAnimation
    markActive();
  }
  return ok;
}

bool Layout::stopAnimation(const std::string& name) {
  const bool ok = player().stop(name);
  if (ok) markActive();
  return ok;
}

bool Layout::pauseAnimation(const std::string& name) {
  const bool ok = player().pause(name);
  if (ok) markActive();
  return ok;
}

// seek and cancel run setter tracks (user code) outside a frame. Counted as
// an update, a removal they ask for (of this node too) waits until the call
// is done, as it would inside a frame.
bool Layout::seekAnimation(const std::string& name, double seconds) {
  UIContext& ctx = UIContext::get();
  ++ctx.updateDepth_;
  const bool ok = player().seek(name, seconds, this);
  if (ok) {
    anim_->composeOverlay(style_.currentStyle);  // visible at once, no frame wait (scumble)
    markActive();
  }
  if (--ctx.updateDepth_ == 0) ctx.flushRemovals();  // may destroy this node: nothing follows
  return ok;
}

bool Layout::cancelAnimation(const std::string& name) {
  UIContext& ctx = UIContext::get();
  ++ctx.updateDepth_;
  const bool ok = player().cancel(name, this);
  if (ok) {
    anim_->composeOverlay(style_.currentStyle);
    markActive();
  }
  if (--ctx.updateDepth_ == 0) ctx.flushRemovals();
  return ok;
}

bool Layout::setAnimationRate(const std::string& name, double rate) {
  // A parked fixed lane's entry holds a copy of the rate: the walk steps it
  // from the lane, which setRate updates, and parks it again.
  if (internal_.parked && internal_.parkedFixed) markActive();
  return player().setRate(name, rate);
}

bool Layout::hasActiveAnimations() const {
  if (anim_ && anim_->hasActiveLocal()) return true;
  for (const auto& c : children_)
    if (!c->internal_.removed && c->hasActiveAnimations()) return true;
  return false;
}

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
  if (internal_.parked) markActive();  // updated on its own: its parent does not step it
  updateImpl(dt);
  if (--ctx.updateDepth_ == 0) ctx.flushRemovals();
}

PropSet Layout::resolveStyle(double now, bool snapInline, bool& ticked) {
  const ComputedStyle* parentStyle = parent_ ? &parent_->style_.targetStyle : nullptr;
  // The resolver writes the target in place and skips the cascade when its
  // inputs (matched rules, parent's inherited values, inline versions) are unchanged.
  StyleResolver& resolver = UIContext::get().resolver();
  const bool changed = resolver.resolve(element_, parentStyle, styleCache_, style_.targetStyle);
  if (!changed && style_.hasStyle()) {
    // The same list, but a sheet loaded since may define (or drop) one of
    // its @keyframes: the instances follow (syncRefs).
    if (anim_ && anim_->cssSyncedIn() != Theme::get().generation())
      anim_->syncCss(style_.targetStyle.animations, now);
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
  classifyPaint(hadStyle ? current : PropSet::all());  // the first style classifies every flag
  checkPaintFlags();
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

void Layout::classifyPaint(PropSet changed) {
  const ComputedStyle& s = style_.currentStyle;
  // Each flag is a function of the properties listed for it: only those
  // whose inputs changed are worked out again (a fading transition changes
  // plainBox's input alone).
  if ((changed & kPlainPaintInputs).any())
    internal_.plainPaint = (plainPaintStyle(s) && typeid(*this) == typeid(Layout)) ? 1 : 0;
  if ((changed & kFoldInputs).any())
    internal_.foldLeaf =
        (internal_.plainPaint && s.rotate == 0.0f && s.scaleX == 1.0f && s.scaleY == 1.0f) ? 1 : 0;
  if ((changed & kShiftInputs).any())
    internal_.baseShift = (zeroLength(s.translateX) && zeroLength(s.translateY)) ? 0 : 1;
  // plainPaint && plainBoxStyle(s), from the two flags above: a fade works
  // out this one flag only.
  if ((changed & kBoxFlagInputs).any())
    internal_.plainBox = (internal_.foldLeaf && !internal_.baseShift && s.opacity >= 1.0f) ? 1 : 0;
  if (changed.test(Prop::backgroundColor)) {
    plainFill_ = Rgba8::from(s.backgroundColor);
    plainAlpha_ = s.backgroundColor.a;
  }
}

// Debug builds: the flags classifyPaint(changed) kept are those a full
// classifyPaint() gives.
void Layout::checkPaintFlags() {
#ifndef NDEBUG
  const Internal flags = internal_;
  const Rgba8 fill = plainFill_;
  const float alpha = plainAlpha_;
  classifyPaint();
  ZENIT_ASSERT(internal_.plainBox == (internal_.plainPaint && plainBoxStyle(style_.currentStyle) ? 1 : 0),
               "classifyPaint: plainBox is not plainPaint && plainBoxStyle");
  ZENIT_ASSERT(flags.plainPaint == internal_.plainPaint && flags.plainBox == internal_.plainBox &&
                   flags.foldLeaf == internal_.foldLeaf && flags.baseShift == internal_.baseShift &&
                   fill == plainFill_ &&
                   std::bit_cast<std::uint32_t>(alpha) == std::bit_cast<std::uint32_t>(plainAlpha_),
               "classifyPaint(changed) left a paint flag stale");
#endif
}

// Step 5 of the full path, and all of a transition frame's (updateImpl).
ZENIT_ALWAYS_INLINE PropSet Layout::tickTransitions(double now) {
  const PropSet changed = style_.tick(now);
  if (changed.any()) tickChanged(changed);
  return changed;
}

// What a transitions' tick that changed `changed` leaves to do: the paint
// flags that read them, a layout when they move boxes.
void Layout::tickChanged(PropSet changed) {
  classifyPaint(changed);
  checkPaintFlags();
  if ((changed & kLayoutProps).any()) UIContext::get().requestLayout();
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
  if (!keepRun) staleParentRun();
  PropSet changedRows;  // the rows of the current style this update changed
  const double now = UIContext::get().time;
  if (anim_ && !wasActive) wasActive = anim_->hasActiveLocal();
  // 1. Imperative animations, before the state machine (seed §3.2).
  bool wroteSetters = false;
  auto& callbacks = scratchCallbacks();
  const std::size_t firstCallback = callbacks.size();
  if (anim_ && !anim_->imperative.empty()) {
    const AnimationPlayer::TickResult r = anim_->tickImperative(this, dt, callbacks);
    blocksInput_ = r.blocksInput;
    wroteSetters = r.wroteSetters;
  } else {
    blocksInput_ = false;
  }
  // 2. State machine: updateFlags happened in dispatch; computeNextState; beginStateTransition.
  if (internal_.stateDirty) {
    internal_.stateDirty = 0;
    const std::uint8_t next = computeNextState();
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
  // 6. Node CSS animations: one sample each, then the overlay is composed once.
  if (anim_) {
    if (!wasActive) wasActive = anim_->hasActiveLocal();  // started by this update's syncCss
    anim_->tickCss(dt);
    anim_->composeOverlay(style_.currentStyle);
    // The next frames may take the steady lane, unless a transition runs:
    // transitions start (resolveStyle) and tick only on this path, so the
    // lane need not test for them.
    if (!style_.inTransition()) anim_->armSteady();
  }
  if (keepRun && ((changedRows.bits & ~kListRows.bits) != 0 || anim_)) staleParentRun();
  // onFinished callbacks, copied and called after the tick (they may mutate anything).
  for (std::size_t i = firstCallback; i < callbacks.size(); ++i) {
    std::function<void()> cb = std::move(callbacks[i]);
    cb();
  }
  callbacks.resize(firstCallback);
}

void Layout::updateImpl(double dt) {
  if (!internal_.selfActive && !internal_.childActive && !internal_.hasParked)
    return;  // an idle subtree costs one test
  if (internal_.removed) return;

  // Seed §6.1's falling edge, widened: an animation that starts and ends
  // within one update (played between frames, shorter than dt) was active
  // too, so the node remembers activity seen at any point of this update.
  bool wasActive = internal_.hadLocalAnimationsLast;
  // A steady frame: only running CSS animations need this node, and nothing
  // but the time changed (no style, state or transition work pending), so
  // steps 1-6 come down to AnimationPlayer::tickSteady: one tick of them and
  // the overlay values they write. It declines (changing nothing) on any
  // other frame, which then takes the full path.
  bool steady = false;
  if (internal_.selfActive) {
    internal_.selfActive = 0;
    // Nothing but the time moved: no state, style or restyle work pending.
    const bool timeOnly = !internal_.stateDirty && !internal_.pendingTransition && !internal_.styleSubtree &&
                          !internal_.styleChildren;
    // (A running transition leaves the lane disarmed: see updateSelf.)
    steady = timeOnly && anim_ && anim_->steadyArmed() && anim_->tickSteady(dt);
    ZENIT_ASSERT(!steady || !style_.inTransition(), "updateImpl: the steady lane ran during a transition");
    if (steady) {
      blocksInput_ = false;  // the lane runs no animation that blocks input
    } else if (timeOnly && !anim_ && style_.inTransition()) {
      // A transition frame: with no player and nothing pending, updateSelf
      // comes down to its step 5.
      staleParentRun();
      blocksInput_ = false;
      tickTransitions(UIContext::get().time);
    } else {
      updateSelf(dt, wasActive);
    }
  }

  // 7. Children: the parked ones stepped from their list, then the walk
  // (index loop: callbacks may add children; removed ones are skipped).
  if (internal_.hasParked) {
    stepParked(dt);
    if (!parking_->parkedTransitions_.empty()) stepParkedTransitions(UIContext::get().time);
  }
  if (internal_.childActive) {
    internal_.childActive = 0;
    for (std::size_t i = 0; i < children_.size(); ++i) children_[i]->updateImpl(dt);
  }

  // 8. recomputeDirty (seed §6) and the falling edge of local activity (seed §6.1).
  const bool anyLocal = steady || (anim_ && anim_->hasActiveLocal());
  const bool inTransition = !steady && style_.inTransition();
  internal_.subtreeDirty =
      internal_.pendingTransition || inTransition || internal_.childActive || internal_.hasParked;
  if (anyLocal || inTransition || internal_.pendingTransition || internal_.stateDirty) {
    // Next frame is a steady step and nothing else: the parent makes it
    // from its list (the lane is armed only without transitions, and for
    // imperative animations only when they run no setter track and block no
    // input; events left by a handler or a part unpark).
    // Or it is a transition frame of a node without a player (see above):
    // the parent ticks it from its transition list.
    const bool settled = parent_ && !internal_.pendingTransition && !internal_.stateDirty &&
                         !internal_.styleSubtree && !internal_.styleChildren && !internal_.lateEvents &&
                         !internal_.selfActive && !internal_.childActive && !internal_.hasParked &&
                         !internal_.removed;
    if (settled && inTransition && !anim_) {
      parkTransitions();
    } else if (!(settled && anyLocal && !inTransition && anim_->steadyArmed() && park())) {
      // markActive(), knowing the node is not parked (it is being visited)
      internal_.selfActive = 1;
      if (parent_ && !parent_->internal_.childActive) markAncestors();
    }
  } else if (internal_.hasParked) {
    markAncestors();  // only its parked children need the next update
  }
  const bool fireFinished = wasActive && !anyLocal;
  internal_.hadLocalAnimationsLast = anyLocal ? 1 : 0;
  // A steady frame queues no event: only part animations (ticking in the
  // draw) or a handler can have left some since the last update (lateEvents).
  if (!steady || internal_.lateEvents)
    dispatchQueued();
  else
    ZENIT_ASSERT(anim_->events.empty(), "updateImpl: a steady frame skipped queued events");
  if (fireFinished && onAnimationsFinished) {
    std::function<void()> cb = onAnimationsFinished;
    cb();
  }
}

void Layout::dispatchQueued() {
  if (!anim_ || anim_->events.empty()) return;
  if (!onAnimationEvent) {
    anim_->events.clear();
    return;
  }
  // In place, by index: a handler may queue new events (kept for the next
  // dispatch). Each node keeps its own buffer's capacity, so steady frames
  // never allocate here.
  std::function<void(const AnimationEvent&)> cb = onAnimationEvent;
  const std::size_t n = anim_->events.size();
  for (std::size_t i = 0; i < n; ++i) {
    const AnimationEvent e = anim_->events[i];  // a copy: the handler may grow the vector
    cb(e);
  }
  anim_->events.erase(anim_->events.begin(), anim_->events.begin() + static_cast<std::ptrdiff_t>(n));
  if (!anim_->events.empty()) {  // a handler queued more: dispatched next update
    internal_.lateEvents = 1;
    markActive();
  }
}

// ---------------------------------------------------------------------------
// draw (seed §4.5, §5)
// ---------------------------------------------------------------------------

void Layout::draw(DrawList& list) const {
  const Layout* p = parent_;
  float ox = 0.0f, oy = 0.0f;
  // Drawn on its own, a subtree keeps its place in the viewport.
  if (p) {
    ox = box.viewRect.x - box.rect.x;
    oy = box.viewRect.y - box.rect.y;
  }
  if (!drawSimpleLeaf(list, ox, oy)) drawNode(list, ox, oy);
}

void Layout::renderContent(DrawList& /*list*/, const RenderContext& /*ctx*/) const {}

namespace {
template <Prop P>
const PropType<P>& rendered(const ComputedStyle& base, const AnimationPlayer* ap) {
  if (ap && ap->overlaySet.test(P)) return PropTraits<P>::get(ap->overlay);
  return PropTraits<P>::get(base);
}

// Unsets every field but keeps the lists' storage, so a part style
// re-resolved every frame allocates nothing.
void clearKeepingCapacity(Style& s) {
#define ZENIT_DETAIL_UNSET(T, name, def, css, flags) s.name.is_set = false;
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_UNSET)
#undef ZENIT_DETAIL_UNSET
  if (!s.animationLonghands.empty()) s.animationLonghands = {};
  if (!s.transitionLonghands.empty()) s.transitionLonghands = {};
  s.holes = {};
}

// A leaf's rectangle moved by a translation: the pure-translation case of
// the transform drawNode would otherwise push (the origin cancels). Only an
// em part reads the font size (0 times a finite size is 0).
template <class FontSizeFn>
ZENIT_ALWAYS_INLINE void translateBy(RectF& r, const Value& tx, const Value& ty, FontSizeFn fontSizeOf) {
  const float fontSize = (tx.em != 0.0f || ty.em != 0.0f) ? fontSizeOf() : 0.0f;
  r.x = r.x + tx.resolve(r.w, fontSize);
  r.y = r.y + ty.resolve(r.h, fontSize);
}

// A length of px alone: its % and em parts +0 (what resolve adds for them
// is then +0 whatever the finite basis and font size).
bool pxLength(const Value& v) {
  return v.isLength() && std::bit_cast<std::uint32_t>(v.pct) == 0u &&
         std::bit_cast<std::uint32_t>(v.em) == 0u;
}

// A lone rectangle composited as a group at `opacity` is that rectangle at
// alpha x opacity (up to the 8-bit rounding of the colour): the colour's
// channels kept, the product rounded once. False when nothing shows.
ZENIT_ALWAYS_INLINE bool foldedFill(Rgba8 rgb, float alpha, float opacity, Rgba8& fill) {
  if (opacity < 1.0f) alpha *= opacity;
  // rgb with its alpha byte replaced, as one 32-bit word (not byte by byte).
  constexpr unsigned kAlphaShift = std::endian::native == std::endian::little ? 24u : 0u;
  const std::uint32_t keep = std::bit_cast<std::uint32_t>(rgb) & ~(std::uint32_t{0xffu} << kAlphaShift);
  fill = std::bit_cast<Rgba8>(keep | (std::uint32_t{Rgba8::channel(alpha)} << kAlphaShift));
  return alpha > 0.0f;
}

ZENIT_ALWAYS_INLINE void foldedRect(DrawList& list, const RectF& r, Rgba8 rgb, float alpha, float opacity) {
  Rgba8 fill;
  if (foldedFill(rgb, alpha, opacity, fill)) list.rect(r, fill);
}

Radii radiiOf(const Corners& c, float w, float h, float fontSize) {
  const float basis = std::min(w, h);
  return Radii{c.topLeft.resolve(basis, fontSize), c.topRight.resolve(basis, fontSize),
               c.bottomRight.resolve(basis, fontSize), c.bottomLeft.resolve(basis, fontSize)};
}
}  // namespace

// ---------------------------------------------------------------------------
// Simple leaves and leaf runs
//
// A simple leaf records at most one rectangle: a clean plain box, or a folded
// leaf (plain, not rotated or scaled, its animations touching none of
// kNoFoldProps: pulse's opacity and translation), whose translation is added
// to its position and whose opacity is multiplied into its alpha. leafSlot
// describes that rectangle as a LeafSlot, leafRect gives it with the
// overlay's values of the moment; the parent's loop (drawChildren) does both
// inline, with no call per node.
//
// A parent of simple leaves keeps their slots (its leaf run) and, while the
// run stands, draws them from it without reading the children: of what a
// slot copied, only the overlay's opacity and translation may change, and
// only the steady lane writes them. Everything else that changes a child
// (markActive, its full update, a restyle, an unpark, a change of the tree)
// makes the parent's run stale, as does a layout (layoutGeneration) or
// another origin; the next draw builds it again. Two changes leave it
// standing: a class change whose update changes no row of the current
// style a draw reads (updateSelf), and a transition that parks or ends,
// which points the node's slot where its opacity is read from then on
// (patchRunSlot).
// ---------------------------------------------------------------------------

struct Layout::LeafSlot {
  // Where the leaf's values are read, each in its player's overlay when an
  // animation sets it, else in its current style: neither moves while the
  // run stands, and only the steady lane writes the overlay's meanwhile. A
  // plain box reads kOpaque: its colour at alpha x 1 is plainFill_.
  const float* opacity;
  const Value* tx;  // kShift: the translation
  const Value* ty;
  const ComputedStyle* base;                 // its current style, for the font size of a translation in em
  RectF rect;                                // the box, untranslated, in the coordinates of the parent's draw
  float alpha;                               // plainAlpha_
  Rgba8 fill;                                // plainFill_
  std::uint8_t flags;                        // kShift, kPxShift
  static constexpr std::uint8_t kShift = 1;  // translated by tx, ty
  static constexpr std::uint8_t kPxShift =
      2;  // with kShift: tx and ty stay px lengths, added as their px parts
  static constexpr float kOpaque = 1.0f;
};

struct Layout::LeafRun {
  std::vector<LeafSlot> slots;  // in child order; children that draw nothing have none
  float x{0.0f}, y{0.0f};       // the origin it was built at
  std::uint32_t layoutGeneration{0};
};

bool Layout::drawsLeafRun() const {
  // A child the next update visits (a class change: markClassChange) is drawn
  // on its own until then, though the run may stand (drawChildren).
  return runState_ == kRunValid && !internal_.childActive && run_->layoutGeneration == layoutGeneration();
}

// Declined: drawNode draws the node. Nothing: it draws nothing (removed,
// display: none, transparent). Slot: `out` is its rectangle.
ZENIT_ALWAYS_INLINE Layout::LeafKind Layout::leafSlot(float ox, float oy, LeafSlot& out) const {
  if (!children_.empty()) return LeafKind::Declined;
  if (internal_.removed || box.displayNone) return LeafKind::Nothing;
  const AnimationPlayer* ap = (anim_ && anim_->overlaySet.any()) ? anim_.get() : nullptr;
  const ComputedStyle& base = style_.currentStyle;
  out.rect = RectF{ox + box.rect.x, oy + box.rect.y, box.rect.width, box.rect.height};
  out.fill = plainFill_;
  out.alpha = plainAlpha_;
  out.flags = 0;
  out.base = &base;
  // A node parked for its transitions (it has no player) reads its opacity
  // from the entry's copy, equal after every step, in its parent's dense
  // list; whatever the opacity is, so that no step changes the slot: a
  // plain box's too, and one at 0 keeps its slot.
  const bool parkedTransition = internal_.parked && internal_.parkedTransition;
  // A clean plain box (flag kept at resolve and transition time): its background.
  if (internal_.plainBox && ap == nullptr && !parkedTransition) {
    out.opacity = &LeafSlot::kOpaque;
    return plainAlpha_ > 0.0f ? LeafKind::Slot : LeafKind::Nothing;
  }
  if (!internal_.foldLeaf ||
      (ap != nullptr && ((ap->overlaySet & kNoFoldProps).any() || !ap->holdsIdentityLinear())))
    return LeafKind::Declined;
  out.opacity = &rendered<Prop::opacity>(base, ap);
  if (parkedTransition)
    out.opacity = &parent_->parking_->parkedTransitions_[parkSlot_].shown;
  else if (*out.opacity <= 0.0f && out.opacity == &base.opacity)
    return LeafKind::Nothing;
  // An untranslated base (baseShift) is not read: the opacity case.
  if (internal_.baseShift || (ap != nullptr && (ap->overlaySet & kShiftProps).any())) {
    out.flags |= LeafSlot::kShift;
    out.tx = &rendered<Prop::translateX>(base, ap);
    out.ty = &rendered<Prop::translateY>(base, ap);
  }
  // A node on the fixed list: the drawn value its entry holds.
  if (internal_.parked && internal_.parkedFixed && ap != nullptr) {
    const AnimationPlayer::FixedRef& f = parent_->parking_->parkedFixed_[parkSlot_];
    if (out.opacity == f.state->lane.out) out.opacity = &f.value;
  }
  // A node on the dense list: the drawn values its entry holds.
  bool pxSteps = true;  // what the steady lane writes meanwhile stays a px length
  if (internal_.parked && internal_.parkedDense && ap != nullptr) {
    const AnimationPlayer::DenseRef& d = parent_->parking_->parkedDense_[parkSlot_];
    if (out.opacity == &ap->overlay.opacity) out.opacity = &d.opacity;
    if (out.flags & LeafSlot::kShift) {
      if (out.tx == &ap->overlay.translateX) out.tx = &d.translateX;
      if (out.ty == &ap->overlay.translateY) out.ty = &d.translateY;
      pxSteps = d.keyframes->drawnLanes.pxOnly;
    }
  }
  // A translation by px lengths that stay so while the run stands (the
  // current style's, fixed until a restyle makes the run stale unless a
  // parked transition moves it, or a dense entry's whose lanes are px-only)
  // is added as its px parts: what translateBy computes for such lengths in
  // a box of finite size.
  if ((out.flags & LeafSlot::kShift) && pxSteps && !internal_.parkedTransition && pxLength(*out.tx) &&
      pxLength(*out.ty) &&
      (ap == nullptr || (out.tx != &ap->overlay.translateX && out.ty != &ap->overlay.translateY)) &&
      std::isfinite(out.rect.w) && std::isfinite(out.rect.h))
    out.flags |= LeafSlot::kPxShift;
  return LeafKind::Slot;
}

ZENIT_ALWAYS_INLINE bool Layout::leafRect(const LeafSlot& slot, RectF& r, Rgba8& fill) {
  r = slot.rect;
  const float opacity = *slot.opacity;
  if (opacity <= 0.0f) return false;
  if (slot.flags & LeafSlot::kShift) {
    if (slot.flags & LeafSlot::kPxShift) {
      // Value::resolve of a px length: px + (+0 % of a finite basis) + (+0 em), px + 0.
      r.x = r.x + (slot.tx->px + 0.0f);
      r.y = r.y + (slot.ty->px + 0.0f);
    } else {
      translateBy(r, *slot.tx, *slot.ty, [&slot] { return slot.base->fontSize.resolve(0.0f, 16.0f, 16.0f); });
    }
  }
  return foldedFill(slot.fill, slot.alpha, opacity, fill);
}

ZENIT_ALWAYS_INLINE void Layout::emitLeaf(DrawList& list, const LeafSlot& slot) {
  RectF r;
  Rgba8 fill;
  if (leafRect(slot, r, fill)) list.rect(r, fill);
}

// A leaf drawn inline in its parent's loop; false when drawNode must draw it.
ZENIT_ALWAYS_INLINE bool Layout::drawSimpleLeaf(DrawList& list, float ox, float oy) const {
  LeafSlot slot;
  const LeafKind kind = leafSlot(ox, oy, slot);
  if (kind == LeafKind::Slot) emitLeaf(list, slot);
  return kind != LeafKind::Declined;
}

void Layout::drawChildren(DrawList& list, float x, float y) const {
  // A run built at another origin or before the last layout is built again.
  if (runState_ == kRunValid &&
      (run_->x != x || run_->y != y || run_->layoutGeneration != layoutGeneration()))
    runState_ = kRunStale;
  if (runState_ == kRunValid && !internal_.childActive && leafRunsOn_) {
    const std::span<const LeafSlot> slots(run_->slots);
    DrawCmd* out = list.beginRun(slots.size());
    const std::uint32_t state = list.currentState();
    std::size_t n = 0;
    const auto record = [&](const LeafSlot& slot) ZENIT_ALWAYS_INLINE_LAMBDA {
      RectF r;
      Rgba8 fill;
      if (leafRect(slot, r, fill)) DrawList::writeRect(out[n++], state, r, fill);
    };
    // The overlays are scattered (one per player): each slot asks for a later one's.
    forEachPrefetching<kRunPrefetch>(
        slots.size(), [&](std::size_t i) ZENIT_ALWAYS_INLINE_LAMBDA { return slots[i].opacity; },
        [&](std::size_t i) ZENIT_ALWAYS_INLINE_LAMBDA { record(slots[i]); });
    list.commitRun(n);
    return;
  }
  // Children visited by the next update change on their own: no run then.
  if (runState_ == kRunStale && !internal_.childActive && leafRunsOn_ &&
      children_.size() >= kMinRunChildren) {
    buildRun(list, x, y);
    return;
  }
  for (const auto& c : children_)
    if (!c->drawSimpleLeaf(list, x, y)) c->drawNode(list, x, y);
}

// The loop of drawChildren, keeping each slot. A child that is no simple
// leaf declines the run until something changes (the run's storage is kept,
// so a parent that tries again every frame allocates nothing).
void Layout::buildRun(DrawList& list, float x, float y) const {
  ++leafRunsBuilt_;
  LeafRun* run = run_.get();
  if (run != nullptr) run->slots.clear();
  bool whole = true;
  for (const auto& c : children_) {
    LeafSlot slot{};  // whole: it is copied into the run
    const LeafKind kind = c->leafSlot(x, y, slot);
    if (kind == LeafKind::Declined) {
      whole = false;
      c->drawNode(list, x, y);
      continue;
    }
    if (kind == LeafKind::Nothing) {
      c->runSlot_ = kNoRunSlot;
      continue;
    }
    emitLeaf(list, slot);
    if (!whole) continue;
    if (run == nullptr) {
      run_ = std::make_unique<LeafRun>();
      run = run_.get();
      run->slots.reserve(children_.size());
    }
    c->runSlot_ = static_cast<std::uint32_t>(run->slots.size());
    run->slots.push_back(slot);
  }
  if (!whole) {
    runState_ = kRunDeclined;
    return;
  }
  if (run == nullptr) {  // nothing is drawn: an empty run
    run_ = std::make_unique<LeafRun>();
    run = run_.get();
  }
  run->x = x;
  run->y = y;
  run->layoutGeneration = layoutGeneration();
  runState_ = kRunValid;
}

// A slot that adds its translation's px parts (kPxShift) assumes they stay
// px lengths, which a transition may not keep: such a slot is built again.
// nullptr: what leafSlot reads for an idle node without a player (a plain
// box kOpaque, else its current style; one at 0 draws nothing either way).
bool Layout::patchRunSlot(const float* opacity) const {
  if (parent_ == nullptr || parent_->runState_ != kRunValid || runSlot_ == kNoRunSlot) return false;
  LeafSlot& slot = parent_->run_->slots[runSlot_];
  ZENIT_ASSERT(runSlot_ < parent_->run_->slots.size() && slot.base == &style_.currentStyle,
               "patchRunSlot: the slot is not this node's");
  if (slot.flags & LeafSlot::kPxShift) return false;
  if (opacity == nullptr) opacity = internal_.plainBox ? &LeafSlot::kOpaque : &style_.currentStyle.opacity;
  slot.opacity = opacity;
  return true;
}

// Called only for a node that drawSimpleLeaf declined.
void Layout::drawNode(DrawList& list, float ox, float oy) const {
  if (internal_.removed || box.displayNone) return;
  syncParked();  // drawn from the player below
  const ComputedStyle& base = style_.currentStyle;
  const AnimationPlayer* ap = (anim_ && anim_->overlaySet.any()) ? anim_.get() : nullptr;
  // A clean plain box with children: its background rectangle, then theirs.
  if (internal_.plainBox && ap == nullptr) {
    const float px = ox + box.rect.x;
    const float py = oy + box.rect.y;
    if (plainAlpha_ > 0.0f) list.rect(RectF{px, py, box.rect.width, box.rect.height}, plainFill_);
    drawChildren(list, px, py);
    return;
  }
  // Only geometry, translations and rounding read it: a node animating
  // opacity alone never resolves it.
  const auto fontSizeOf = [&base] { return base.fontSize.resolve(0.0f, 16.0f, 16.0f); };

  float x = ox + box.rect.x;
  float y = oy + box.rect.y;
  float w = box.rect.width;
  float h = box.rect.height;
  // Animated geometry shows at draw only (seed §4.5): layout keeps the base rect.
  if (ap && (ap->overlaySet & kGeometryProps).any()) {
    const float fontSize = fontSizeOf();
    const float cbW = parent_ ? parent_->box.rect.width : w;
    const float cbH = parent_ ? parent_->box.rect.height : h;
    if (ap->overlaySet.test(Prop::width) && ap->overlay.width.isLength())
      w = ap->overlay.width.resolve(cbW, fontSize);
    if (ap->overlaySet.test(Prop::height) && ap->overlay.height.isLength())
      h = ap->overlay.height.resolve(cbH, fontSize);
    if (base.position != Position::Static) {
      if (ap->overlaySet.test(Prop::left) && ap->overlay.left.isLength() && base.left.isLength())
        x += ap->overlay.left.resolve(cbW, fontSize) - base.left.resolve(cbW, fontSize);
      if (ap->overlaySet.test(Prop::top) && ap->overlay.top.isLength() && base.top.isLength())
        y += ap->overlay.top.resolve(cbH, fontSize) - base.top.resolve(cbH, fontSize);
    }
  }

  const float opacity = rendered<Prop::opacity>(base, ap);
  if (opacity <= 0.0f) return;  // nothing of the subtree shows

  // Leaf fast path: a plain Layout with no children whose only effects are
  // opacity and a translation records one rectangle, the translation folded
  // into its position and the opacity into its colour, instead of opening a
  // transform and an opacity state around it (foldedRect); with no border or
  // shadow nothing overlaps.
  if (children_.empty() && internal_.plainPaint && (ap == nullptr || !(ap->overlaySet & kPaintProps).any())) {
    const float rot = rendered<Prop::rotate>(base, ap);
    const float sx = rendered<Prop::scaleX>(base, ap);
    const float sy = rendered<Prop::scaleY>(base, ap);
    if (rot == 0.0f && sx == 1.0f && sy == 1.0f) {
      RectF r{x, y, w, h};
      const Value& tx = rendered<Prop::translateX>(base, ap);
      const Value& ty = rendered<Prop::translateY>(base, ap);
      if (!zeroLength(tx) || !zeroLength(ty)) translateBy(r, tx, ty, fontSizeOf);
      const Color& bg = rendered<Prop::backgroundColor>(base, ap);
      foldedRect(list, r, Rgba8{Rgba8::channel(bg.r), Rgba8::channel(bg.g), Rgba8::channel(bg.b), 0}, bg.a,
                 opacity);
      return;
    }
  }
  const Value& tx = rendered<Prop::translateX>(base, ap);
  const Value& ty = rendered<Prop::translateY>(base, ap);
  const float sx = rendered<Prop::scaleX>(base, ap);
  const float sy = rendered<Prop::scaleY>(base, ap);
  const float rot = rendered<Prop::rotate>(base, ap);
  const bool transformed = !(tx.isLength() && tx.px == 0.0f && tx.pct == 0.0f && tx.em == 0.0f) ||
                           !(ty.isLength() && ty.px == 0.0f && ty.pct == 0.0f && ty.em == 0.0f) ||
                           sx != 1.0f || sy != 1.0f || rot != 0.0f;
  const bool group = opacity < 1.0f;
  const bool visible = rendered<Prop::visibility>(base, ap) == Visibility::Visible;

  const float fontSize = (transformed || visible) ? fontSizeOf() : 0.0f;
  if (transformed) {
    const Vec2 t{tx.resolve(w, fontSize), ty.resolve(h, fontSize)};
    if (rot == 0.0f && sx == 1.0f && sy == 1.0f) {
      // A pure translation (the common animated case): the origin cancels
      // out of the matrix product below, which reduces to these two sums
      // without the rotation's sin/cos and three 3x3 products.
      list.pushTransform(Affine2D{1.0f, 0.0f, 0.0f, 1.0f, x + t.x, y + t.y});
    } else {
      const Value& oxv = rendered<Prop::transformOriginX>(base, ap);
      const Value& oyv = rendered<Prop::transformOriginY>(base, ap);
      const Vec2 origin{oxv.resolve(w, fontSize), oyv.resolve(h, fontSize)};
      const Mat3 m = translation(Vec2{x, y}) * composeTransform(t, rot, Vec2{sx, sy}, origin);
      list.pushTransform(Affine2D::fromMat3(m));
    }
    x = 0.0f;
    y = 0.0f;
  }
  if (group) list.pushOpacity(opacity);

  const RectF rect{x, y, w, h};
  if (visible) {
    const Shadow& shadow = rendered<Prop::boxShadow>(base, ap);
    const Color& bg = rendered<Prop::backgroundColor>(base, ap);
    const float bw = rendered<Prop::borderWidth>(base, ap);
    const Corners& corners = rendered<Prop::borderRadius>(base, ap);
    const bool rounded = !(corners == Corners{});
    const Radii radii = rounded ? radiiOf(corners, w, h, fontSize) : Radii{};
    if (!shadow.none && shadow.color.a > 0.0f)
      list.shadow(rect, radii,
                  ShadowStyle{shadow.offsetX, shadow.offsetY, shadow.blur, shadow.spread, shadow.color,
                              shadow.inset});
    if (bw > 0.0f || rounded) {
      list.rect(rect, bg, RectStyle{radii, bw, rendered<Prop::borderColor>(base, ap)});
    } else if (bg.a > 0.0f) {
      list.rect(rect, bg);
    }
    const ComputedStyle* style = &base;
    thread_local ComputedStyle renderStyle;
    // Widgets see the animated values too. A plain Layout draws no content,
    // so it skips building that copy (a whole ComputedStyle, with its lists).
    if (ap && typeid(*this) != typeid(Layout)) {
      renderStyle = base;
      ap->overlaySet.forEach([&](Prop p) { copyProp(p, renderStyle, ap->overlay); });
      style = &renderStyle;
    }
    const Rect content = box.contentRect();
    renderContent(
        list, RenderContext{rect, RectF{x + content.x, y + content.y, content.width, content.height}, style});
  }

  const bool clip = base.overflow == Overflow::Hidden;
  if (clip) list.pushClip(rect);
  drawChildren(list, x, y);
  if (clip) list.popClip();
  if (group) list.popOpacity();
  if (transformed) list.popTransform();
}

const Style& Layout::partStyle(std::string_view part) const { return partStyle(intern(part)); }

const Style& Layout::partStyle(Atom part) const {
  // Parts tick while drawing (seed §5.3): that is state, not appearance, so
  // the const draw may advance it. The Style slot is reused frame to frame.
  auto& self = const_cast<Layout&>(*this);
  Style* slot = nullptr;
  for (auto& entry : self.partStyles_)
    if (entry.first == part) slot = entry.second.get();
  if (!slot) slot = self.partStyles_.emplace_back(part, std::make_unique<Style>()).second.get();
  clearKeepingCapacity(*slot);
  UIContext::get().resolver().partFor(element_, part, self.styleCache_, *slot);
  if (slot->animations.is_set || anim_) {
    self.player().applyCssToPart(part, *slot, UIContext::get().time);
    self.internal_.lateEvents = 1;
    if (internal_.parked) self.markActive();  // its part events are dispatched by a visit
  }
  if (anim_ && anim_->hasActivePartAnims()) self.markActive();
  return *slot;
}

// ---------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------

Layout* Layout::hitTest(float x, float y) {
  if (internal_.removed || box.displayNone) return nullptr;
  for (std::size_t i = children_.size(); i-- > 0;)
    if (Layout* hit = children_[i]->hitTest(x, y)) return hit;
  if (style_.currentStyle.visibility == Visibility::Hidden) return nullptr;
  return box.viewRect.contains(x, y) ? this : nullptr;
}

bool Layout::onPointer(const PointerEvent& /*e*/) { return false; }
bool Layout::onKey(const InputEvent& /*e*/) { return false; }

}  // namespace zenit
