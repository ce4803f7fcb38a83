// Layout: the tree node, its identity, its style and state, and its
// animation calls (the frame is in LayoutUpdate.cpp, the steady hand-off in
// LayoutSteady.cpp, the draw in LayoutDraw.cpp and LeafDraw.cpp).
//
// [SECTION] Construction, tree
// [SECTION] Identity
// [SECTION] Style
// [SECTION] Interaction state
// [SECTION] Imperative animations
// [SECTION] Parts and input
#include <zenit/layout/Layout.hpp>

#include "anim/steady/Record.hpp"
#include "layout/LayoutAccess.hpp"

#include <zenit/core/Config.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/layout/UIContext.hpp>
#include <zenit/style/Parser.hpp>
#include <zenit/style/Theme.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <utility>

namespace zenit {

namespace {
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

// The tree-structural bits of the child at index i of n.
PseudoBits placeAt(std::size_t i, std::size_t n) {
  return static_cast<PseudoBits>((i == 0 ? PseudoFirstChild : 0) | (i + 1 == n ? PseudoLastChild : 0) |
                                 (n == 1 ? PseudoOnlyChild : 0));
}
}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Construction, tree
// ---------------------------------------------------------------------------

Layout::Layout(std::string_view typeName) {
  element_.type = intern(typeName.empty() ? std::string_view("Layout") : typeName);
  element_.classes = std::span<const Atom>(classes_);
  element_.cache = &styleCache_;
  element_.state = state_;
}

Layout::~Layout() {
  if (internal_.listed) detail::LayoutAccess::unpark(*this);
  // Children first: each one hands the context's pointers (hovered …) to its
  // parent, which must still be alive to hand them on in turn.
  children_.clear();
  UIContext::get().forget(this);
}

Layout& Layout::addChild(std::unique_ptr<Layout> child) {
  return insertChild(children_.size(), std::move(child));
}

Layout& Layout::insertChild(std::size_t at, std::unique_ptr<Layout> child) {
  ZENIT_ASSERT(child != nullptr, "insertChild: null child");
  ZENIT_ASSERT(child->parent_ == nullptr, "insertChild: the node already has a parent");
  Layout& ref = *child;
  at = std::min(at, children_.size());
  child->parent_ = this;
  child->element_.parent = &element_;
  children_.insert(children_.begin() + static_cast<std::ptrdiff_t>(at), std::move(child));
  siblingsChanged(at);
  if (at + 1 < children_.size()) steps_.runState = 0;  // stale: the children moved
  detail::LayoutAccess::staleParentRun(*this);  // no longer a leaf (ref.markActive() stales this node's run)
  ref.internal_.pendingTransition = 1;
  ref.internal_.styleSubtree = 1;
  ref.markActive();
  UIContext::get().requestLayout();
  return ref;
}

bool Layout::moveChild(Layout& child, std::size_t to) {
  if (child.parent_ != this) {
    logApi(Severity::Error, "moveChild", "the node is not a child of this one; nothing moved");
    return false;
  }
  const std::size_t from = child.element_.index;
  to = std::min(to, children_.size() - 1);
  if (from == to) return true;
  const auto b = children_.begin();
  const auto at = [&](std::size_t i) { return b + static_cast<std::ptrdiff_t>(i); };
  if (from < to)
    std::rotate(at(from), at(from + 1), at(to + 1));
  else
    std::rotate(at(to), at(from), at(from + 1));
  siblingsChanged(std::min(from, to), std::max(from, to) + 1);
  steps_.runState = 0;  // stale: the children moved
  UIContext::get().requestLayout();
  return true;
}

void Layout::destroyChild(Layout* child) {
  for (auto it = children_.begin(); it != children_.end(); ++it) {
    if (it->get() != child) continue;
    const auto at = static_cast<std::size_t>(it - children_.begin());
    children_.erase(it);  // destroys child and its subtree
    siblingsChanged(at);
    steps_.runState = 0;                          // stale
    detail::LayoutAccess::staleParentRun(*this);  // it may be a leaf now
    UIContext::get().requestLayout();
    return;
  }
}

void Layout::removeFromParent() {
  if (!parent_) return;
  UIContext& ctx = UIContext::get();
  if (ctx.inFrame()) {
    if (!internal_.removed) ctx.deferRemoval(this);
    if (internal_.listed) detail::LayoutAccess::unpark(*this);  // a removed node is not stepped any more
    internal_.removed = 1;
    detail::LayoutAccess::staleParentRun(*this);
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
    if (internal_.listed) {
      detail::LayoutAccess::unpark(*this);
      internal_.selfActive = 1;  // its animations run on where it is added next
    }
    detail::LayoutAccess::staleParentRun(*this);
    std::unique_ptr<Layout> self = std::move(*it);
    const auto at = static_cast<std::size_t>(it - parent_->children_.begin());
    parent_->children_.erase(it);
    parent_->siblingsChanged(at);
    parent_ = nullptr;
    element_.parent = nullptr;
    element_.previous = nullptr;
    element_.next = nullptr;
    element_.index = 0;
    setPlace(kRootPlace);
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
  siblingsChanged(0);
  steps_.runState = 0;                          // stale
  detail::LayoutAccess::staleParentRun(*this);  // a leaf now
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
// [SECTION] Identity
// ---------------------------------------------------------------------------

void Layout::setId(std::string_view id) {
  element_.id = intern(id);
  markStyleDirty(true);
  if (!UIContext::get().theme().siblingContext().empty()) restyleSiblings();
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
  classChanged(a);
  return true;
}

bool Layout::removeClass(Atom a) {
  auto it = std::find(classes_.begin(), classes_.end(), a);
  if (a == Atom::None || it == classes_.end()) return false;
  classes_.erase(it);
  sortClasses();
  classChanged(a);
  return true;
}

// The class `a` was added or removed: this node restyles, and its subtree
// and later siblings too when some rule's left side reads `a`.
void Layout::classChanged(Atom a) {
  const StyleResolver& r = UIContext::get().resolver();
  const std::span<const Atom> changed(&a, 1);
  markClassChange(r.affectsDescendants(element_, changed, 0));
  if (r.affectsLaterSiblings(element_, changed, 0)) restyleSiblings();
}

void Layout::setAttribute(std::string_view name, std::string_view value) {
  if (name.empty()) return;
  const Atom a = intern(name);
  for (StyleAttribute& at : attributes_) {
    if (at.name != a) continue;
    if (at.value == value) return;
    at.value = std::string(value);
    attributeChanged(a);
    return;
  }
  attributes_.push_back(StyleAttribute{a, std::string(value)});
  element_.attributes = std::span<const StyleAttribute>(attributes_);
  attributeChanged(a);
}

bool Layout::removeAttribute(std::string_view name) {
  const Atom a = findAtom(name);
  const auto it = std::find_if(attributes_.begin(), attributes_.end(),
                               [&](const StyleAttribute& at) { return a != Atom::None && at.name == a; });
  if (it == attributes_.end()) return false;
  attributes_.erase(it);
  element_.attributes = std::span<const StyleAttribute>(attributes_);
  attributeChanged(a);
  return true;
}

std::optional<std::string_view> Layout::attribute(std::string_view name) const {
  const Atom a = findAtom(name);
  for (const StyleAttribute& at : attributes_)
    if (a != Atom::None && at.name == a) return std::string_view(at.value);
  return std::nullopt;
}

void Layout::attributeChanged(Atom name) {
  const StyleResolver& r = UIContext::get().resolver();
  markClassChange(r.attributeAffects(name, false));
  if (r.attributeAffects(name, true)) restyleSiblings();
}

bool Layout::toggleClass(Atom a) {
  if (removeClass(a)) return false;
  return addClass(a);
}

bool Layout::hasClass(Atom a) const {
  return a != Atom::None && std::find(classes_.begin(), classes_.end(), a) != classes_.end();
}

// ---------------------------------------------------------------------------
// [SECTION] Style
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

ComputedStyle Layout::renderedStyle() const {
  ComputedStyle out = style_.currentStyle;
  if (anim_) anim_->overlayOnto(out);
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
  if (internal_.listed || parent_ == nullptr) {
    markStyleDirty(subtree);
    return;
  }
  ++detail::LayoutAccess::changes;
  internal_.pendingTransition = 1;
  if (subtree) internal_.styleSubtree = 1;
  internal_.keepRun = 1;
  internal_.selfActive = 1;
  if (!parent_->internal_.childActive) markAncestors();
}

void Layout::markActive() {
  ++detail::LayoutAccess::changes;
  if (internal_.listed) detail::LayoutAccess::unpark(*this);
  detail::LayoutAccess::staleParentRun(*this);
  internal_.selfActive = 1;
  if (parent_ && !parent_->internal_.childActive) markAncestors();  // usually set already by a sibling
}

// A listed node has neither flag set, so the walk up always reaches (and
// unparks) a listed ancestor: the walk must visit it to reach this node.
void Layout::markAncestors() {
  for (Layout* p = parent_; p && !p->internal_.childActive; p = p->parent_) {
    if (p->internal_.listed) {
      detail::LayoutAccess::unpark(*p);
      p->internal_.selfActive = 1;
    }
    p->internal_.childActive = 1;
  }
}

void Layout::markContentChanged() {
  UIContext::get().requestLayout();
  markActive();
}

void Layout::markNeedsRedraw() { markActive(); }

// ---------------------------------------------------------------------------
// [SECTION] Interaction state: updateFlags -> computeNextState -> beginStateTransition
// ---------------------------------------------------------------------------

void Layout::setFlag(PseudoBits bit, bool on) {
  setFlags(on ? static_cast<PseudoBits>(flags_ | bit) : static_cast<PseudoBits>(flags_ & ~bit));
}

void Layout::setFlags(PseudoBits next) {
  if (next == flags_) return;
  flags_ = next;
  internal_.stateDirty = 1;
  markActive();
}

// A change of place that some selector reads is a change of state like any
// other: the next update re-resolves the node (and its subtree when a
// rule's left side reads it), and transitions run as CSS runs them. One no
// selector reads cannot change a style: the node takes it at once, in the
// state its style was resolved for too, without a restyle.
void Layout::setPlace(PseudoBits place) {
  const auto next =
      static_cast<PseudoBits>((flags_ & ~kStructuralPseudo) | place | (children_.empty() ? PseudoEmpty : 0));
  if (next == flags_) return;
  if (((next ^ flags_) & UIContext::get().theme().pseudoInUse()) != 0) {
    setFlags(next);
    return;
  }
  const auto keep = [&](PseudoBits s) {
    return static_cast<PseudoBits>((s & ~kStructuralPseudo) | (next & kStructuralPseudo));
  };
  flags_ = next;
  state_ = keep(state_);
  element_.state = keep(element_.state);
}

// A child was inserted or removed at `from`: the children from there on
// have a new place, and the first and last a new neighbour. Their links
// and places are set again, and the children whose matching can change
// restyle (with their subtrees): those from `from` on when a `+` / `~`
// rule or a count from the first (:nth-child()) may read the change, and
// those before it too when a count from the last (:nth-last-child()) may.
// Children moved within [from, end) change places there alone: those
// restyle, and the one after them (a new `+` neighbour), when any such
// rule may read them.
void Layout::siblingsChanged(std::size_t from, std::size_t end) {
  const std::size_t n = children_.size();
  const bool moved = end != static_cast<std::size_t>(-1);
  element_.childCount = static_cast<std::uint32_t>(n);
  for (std::size_t i = from == 0 ? 0 : from - 1; i < std::min(moved ? end + 1 : n, n); ++i) {
    StyleElement& e = children_[i]->element_;
    e.index = static_cast<std::uint32_t>(i);
    e.previous = i == 0 ? nullptr : &children_[i - 1]->element_;
    e.next = i + 1 == n ? nullptr : &children_[i + 1]->element_;
  }
  countTypes();
  refreshPlaces();
  const Theme& theme = UIContext::get().theme();
  const std::uint8_t counts = theme.siblingCounts();
  if (moved) {
    // A child from an end may now stand between them: its place again.
    for (const std::size_t i : {from, end - 1}) children_[i]->setPlace(placeAt(i, n));
    if (!theme.siblingContext().empty() || counts)
      for (std::size_t i = from; i < std::min(end + 1, n); ++i) children_[i]->markClassChange(true);
    return;
  }
  if (counts & Theme::kCountsAfter)
    for (std::size_t i = 0; i < std::min(from, n); ++i) children_[i]->markClassChange(true);
  if (!theme.siblingContext().empty() || (counts & Theme::kCountsBefore))
    for (std::size_t i = from; i < n; ++i) children_[i]->markClassChange(true);
}

// Every child's place among its siblings of its type, and their number
// (StyleElement::typeIndex, typeCount), so that :nth-of-type() & co. read
// them instead of counting along the siblings (which made restyling a list
// quadratic). Types are few among siblings: a short list of counts, kept
// between calls so that it allocates only when it grows.
void Layout::countTypes() {
  static thread_local std::vector<std::pair<Atom, std::uint32_t>> counts;
  counts.clear();
  const auto countOf = [&](Atom type) -> std::uint32_t& {
    for (auto& [t, k] : counts)
      if (t == type) return k;
    return counts.emplace_back(type, 0).second;
  };
  for (const auto& c : children_) c->element_.typeIndex = countOf(c->element_.type)++;
  for (const auto& c : children_) c->element_.typeCount = countOf(c->element_.type);
}

// This node's names or state changed and some `+` / `~` rule or `of S`
// reads them: the siblings after it restyle, and those before it too when
// a count from the last may read it.
void Layout::restyleSiblings() {
  if (!parent_) return;
  const bool before = (UIContext::get().theme().siblingCounts() & Theme::kCountsAfter) != 0;
  bool later = false;
  for (const auto& c : parent_->children_) {
    if (later || (before && c.get() != this)) c->markClassChange(true);
    later = later || c.get() == this;
  }
}

// The first and last place change only at the ends: at 0 and 1 (a new or
// a former first child) and at n - 2 and n - 1.
void Layout::refreshPlaces() {
  const std::size_t n = children_.size();
  for (const std::size_t i : {std::size_t{0}, std::size_t{1}, n - 2, n - 1}) {
    if (i >= n) continue;  // n - 2 and n - 1 wrap when there are fewer
    children_[i]->setPlace(placeAt(i, n));
  }
  setPlace(static_cast<PseudoBits>(flags_ & kStructuralPseudo & ~PseudoEmpty));  // this node's :empty
}

PseudoBits Layout::computeNextState() const {
  // Disabled widgets are neither hovered nor pressed (CSS: :disabled elements get no :active).
  if (flags_ & PseudoDisabled)
    return static_cast<PseudoBits>(flags_ & (PseudoDisabled | PseudoChecked | kStructuralPseudo));
  return flags_;
}

void Layout::beginStateTransition() {
  const auto flipped = static_cast<PseudoBits>(element_.state ^ state_);
  element_.state = state_;
  // Descendant, child and sibling selectors can depend on this node's state.
  const StyleResolver& r = UIContext::get().resolver();
  markStyleDirty(r.affectsDescendants(element_, {}, flipped));
  if (r.affectsLaterSiblings(element_, {}, flipped)) restyleSiblings();
}

// ---------------------------------------------------------------------------
// [SECTION] Imperative animations
// ---------------------------------------------------------------------------

// The player, to change. A node its parent steps from a list leaves it
// first (a record's state goes back into the player), so that the change
// meets the player's own state; the next frame takes the full path. A
// player created for a node listed for its transitions sends it to the
// walk too.
AnimationPlayer& Layout::player() {
  if (internal_.listed) markActive();
  if (!anim_) anim_ = std::make_unique<AnimationPlayer>();
  return *anim_;
}

void Layout::addAnimation(const std::string& name, std::shared_ptr<UIAnimation> anim) {
  const bool replacing = anim_ && anim_->has(name);
  player().add(name, std::move(anim));
  if (replacing) {  // the replaced animation's overlay values go with it (seed §8.1)
    anim_->composeOverlay(style_.currentStyle);
    markActive();
  }
}

bool Layout::playAnimation(const std::string& name, bool reverse) {
  return playAnimation(name, PlayOptions{.reverse = reverse, .rate = {}});
}

bool Layout::playAnimation(const std::string& name, const PlayOptions& options) {
  if (!player().play(name, options)) return false;
  markActive();
  return true;
}

bool Layout::removeAnimation(const std::string& name) {
  if (!anim_) {
    logApi(Severity::Warning, "removeAnimation", fmt::format("no animation named '{}'", name));
    return false;
  }
  const bool ok = player().remove(name);
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
  // A OneImperative record holds a copy of the velocity: the walk steps the
  // node with the new one and parks it again. A player stepped in place
  // (Player) reads the rate every frame, so it stays where it is.
  if (internal_.listed && static_cast<steady::Kind>(internal_.listedKind) != steady::Kind::Player)
    markActive();
  else
    ++detail::LayoutAccess::changes;  // a change all the same (a compositor's copy holds the rate)
  return (anim_ ? *anim_ : player()).setRate(name, rate);
}

bool Layout::hasActiveAnimations() const {
  if (anim_ && anim_->hasActiveLocal()) return true;
  for (const auto& c : children_)
    if (!c->internal_.removed && c->hasActiveAnimations()) return true;
  return false;
}

// ---------------------------------------------------------------------------
// [SECTION] Parts and input
// ---------------------------------------------------------------------------

const Style& Layout::partStyle(std::string_view part) const { return partStyle(intern(part)); }

const Style& Layout::partStyle(Atom part) const {
  for (const PartSlot& slot : parts_)
    if (slot.part == part) return slot.shown ? *slot.shown : *slot.declared;
  return undeclaredPart(part);
}

const Style& Layout::undeclaredPart(Atom part) const {
  ZENIT_ASSERT(false, "partStyle: the part was not declared (declarePart, in the widget's constructor)");
  static bool warned = false;
  if (!warned) {
    warned = true;
    logApi(Severity::Error, "partStyle",
           fmt::format("'{}' on a {} was not declared (declarePart): it draws with its built-in look",
                       atomName(part), typeName()));
  }
  static const Style kUndeclared;
  return kUndeclared;
}

PartId Layout::declarePart(std::string_view part) { return declarePart(intern(part)); }

PartId Layout::declarePart(Atom part) {
  for (std::size_t i = 0; i < parts_.size(); ++i)
    if (parts_[i].part == part) return PartId{static_cast<std::uint32_t>(i)};
  parts_.push_back(PartSlot{part, std::make_unique<Style>(), nullptr});
  markStyleDirty(false);  // the next update resolves it
  return PartId{static_cast<std::uint32_t>(parts_.size() - 1)};
}

// Seed §5: each part's declared style for the node's current state. A
// state, class or theme change can change a part's rules without changing
// the node's own style, so every restyle resolves them.
void Layout::resolveParts() {
  StyleResolver& resolver = UIContext::get().resolver();
  for (PartSlot& slot : parts_) {
    clearKeepingCapacity(*slot.declared);
    resolver.partFor(element_, slot.part, styleCache_, *slot.declared);
  }
}

// Seed §5.1, in the update (a draw only reads the result): a part whose
// style names animations, or had some (§5.2: entries stay), gets them
// synced, ticked at `now` (absolute time, §2.3) and overlaid.
void Layout::updateParts(double now, double dt) {
  for (PartSlot& slot : parts_) {
    const bool named =
        slot.declared->animations.is_set &&
        std::any_of(slot.declared->animations.value.begin(), slot.declared->animations.value.end(),
                    [](const AnimationRef& r) { return !r.name.empty(); });
    if (!named && !(anim_ && anim_->hasPart(slot.part))) continue;
    if (!slot.shown) slot.shown = std::make_unique<Style>();
    player().updatePart(slot.part, *slot.declared, *slot.shown, now, dt);
  }
}

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
