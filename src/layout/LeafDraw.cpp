// The draw's fast paths (LeafDraw.hpp): the paint class of a node, the
// simple leaf, and the leaf runs a parent replays, with the widgets in them.
//
// [SECTION] The paint class: classifyPaint
// [SECTION] Simple leaves and leaf runs
// [SECTION] Widgets in a run: recorded once, replayed with their part taps
// [SECTION] The probe: tests and benchmarks
#include "layout/LeafDraw.hpp"
#include "layout/Sealed.hpp"

#include "anim/steady/Record.hpp"
#include "core/Prefetch.hpp"
#include "layout/LayoutAccess.hpp"
#include "layout/PaintTaps.hpp"

#include <zenit/detail/LayoutProbe.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <span>
#include <typeinfo>

namespace zenit {

namespace detail {

using namespace leafdraw;

namespace {
// No shadow of the list paints (each is drawn only with a positive alpha).
bool noVisibleShadow(const ShadowList& list) {
  for (const Shadow& s : list)
    if (s.color.a > 0.0f) return false;
  return true;
}
// A current style whose box paints as its background rectangle alone:
// visible, no shadow, gradient, border, outline, rounding or clip. Written so
// NaN fails.
bool plainPaintStyle(const ComputedStyle& s) {
  return s.visibility == Visibility::Visible && noVisibleShadow(s.boxShadow) && s.backgroundImage.isNone() &&
         !(s.borderWidth > 0.0f) && !(s.outlineWidth > 0.0f) && s.borderRadius == Corners{} &&
         s.overflow != Overflow::Hidden;
}
// ... and fully opaque and untransformed: drawn as that rectangle, no state.
// (classifyPaint derives it from its other flags; Debug builds check it here.)
[[maybe_unused]] bool plainBoxStyle(const ComputedStyle& s) {
  return s.opacity >= 1.0f && zeroLength(s.translateX) && zeroLength(s.translateY) && s.scaleX == 1.0f &&
         s.scaleY == 1.0f && s.rotate == 0.0f && s.skewX == 0.0f && s.skewY == 0.0f;
}
// What classifyPaint reads: plainPaintStyle, then the flags that also read
// the opacity and the transform.
constexpr PropSet kPlainPaintInputs{PropSet::bit(Prop::visibility) | PropSet::bit(Prop::boxShadow) |
                                    PropSet::bit(Prop::borderWidth) | PropSet::bit(Prop::outlineWidth) |
                                    PropSet::bit(Prop::borderRadius) | PropSet::bit(Prop::overflow) |
                                    PropSet::bit(Prop::backgroundImage)};
constexpr PropSet kFoldInputs{kPlainPaintInputs.bits | PropSet::bit(Prop::scaleX) |
                              PropSet::bit(Prop::scaleY) | PropSet::bit(Prop::rotate) |
                              PropSet::bit(Prop::skewX) | PropSet::bit(Prop::skewY)};
constexpr PropSet kShiftInputs{PropSet::bit(Prop::translateX) | PropSet::bit(Prop::translateY)};
constexpr PropSet kBoxFlagInputs{kFoldInputs.bits | kShiftInputs.bits | PropSet::bit(Prop::opacity)};

// A length of px alone: its % and em parts +0 (what resolve adds for them
// is then +0 whatever the finite basis and font size).
bool pxLength(const Value& v) {
  return v.isLength() && std::bit_cast<std::uint32_t>(v.pct) == 0u &&
         std::bit_cast<std::uint32_t>(v.em) == 0u;
}

// The run's states (LayoutSteps::runState).
constexpr std::uint8_t kRunStale = 0;              // build it at the next draw
constexpr std::uint8_t kRunValid = 1;              // replay it
constexpr std::uint8_t kRunDeclined = 2;           // a child is no simple leaf: draw the children one by one
constexpr std::size_t kMinRunChildren = 8;         // fewer children are drawn one by one
constexpr std::size_t kRunPrefetch = 8;            // slots ahead whose values a replay prefetches
constexpr std::uint32_t kNoRunSlot = 0xFFFFFFFFu;  // LayoutSteps::runSlot: no slot in the parent's run

// Read and counted on the compositor's thread too (its copies' runs).
std::atomic<bool> leafRunsOn_{true};  // LayoutProbe::setLeafRuns
std::atomic<std::uint64_t> leafRunsBuilt_{0};

// Where a node's current value of P is read: the overlay's (or the record
// a parent steps it from) when an animation sets it, else its current style.
template <Prop P>
const PropType<P>* valueAddress(const ComputedStyle& base, const AnimationPlayer* ap);
}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] The paint class
// ---------------------------------------------------------------------------

void LayoutAccess::classifyPaint(Layout& n, PropSet changed) {
  const ComputedStyle& s = n.style_.currentStyle;
  LayoutFlags& f = n.internal_;
  // Each flag is a function of the properties listed for it: only those
  // whose inputs changed are worked out again (a fading transition changes
  // plainBox's input alone).
  if ((changed & kPlainPaintInputs).any()) {
    f.plainPaint = plainPaintStyle(s) ? 1 : 0;
    // With the first classification, which changes all. A sealed copy
    // keeps its node's (Sealed.hpp).
    if (!f.sealed) f.content = typeid(n) != typeid(Layout) ? 1 : 0;
  }
  if ((changed & kFoldInputs).any())
    f.foldLeaf = (f.plainPaint && s.rotate == 0.0f && s.scaleX == 1.0f && s.scaleY == 1.0f &&
                  s.skewX == 0.0f && s.skewY == 0.0f)
                     ? 1
                     : 0;
  if ((changed & kShiftInputs).any())
    f.baseShift = (zeroLength(s.translateX) && zeroLength(s.translateY)) ? 0 : 1;
  // plainPaint && plainBoxStyle(s), from the two flags above: a fade works
  // out this one flag only.
  if ((changed & kBoxFlagInputs).any())
    f.plainBox = (f.foldLeaf && !f.baseShift && s.opacity >= 1.0f && !f.composited) ? 1 : 0;
  if (changed.test(Prop::backgroundColor)) {
    n.plainFill_ = Rgba8::from(s.backgroundColor);
    n.plainAlpha_ = s.backgroundColor.a;
  }
}

#ifndef NDEBUG
void LayoutAccess::checkPaintFlags(Layout& n) {
  const LayoutFlags flags = n.internal_;
  const Rgba8 fill = n.plainFill_;
  const float alpha = n.plainAlpha_;
  classifyPaint(n);
  const LayoutFlags& f = n.internal_;
  ZENIT_ASSERT(f.plainBox == (f.plainPaint && plainBoxStyle(n.style_.currentStyle) && !f.composited ? 1 : 0),
               "classifyPaint: plainBox is not plainPaint && plainBoxStyle");
  ZENIT_ASSERT(flags.content == f.content && flags.plainPaint == f.plainPaint &&
                   flags.plainBox == f.plainBox && flags.foldLeaf == f.foldLeaf &&
                   flags.baseShift == f.baseShift && fill == n.plainFill_ &&
                   std::bit_cast<std::uint32_t>(alpha) == std::bit_cast<std::uint32_t>(n.plainAlpha_),
               "classifyPaint(changed) left a paint flag stale");
}
#endif

// ---------------------------------------------------------------------------
// [SECTION] Simple leaves and leaf runs
//
// A simple leaf records at most one rectangle: a clean plain box, or a folded
// leaf (plain, not rotated or scaled, its animations touching none of
// kNoFoldProps: pulse's opacity and translation), whose translation is added
// to its position and whose opacity is multiplied into its alpha. leafSlot
// describes that rectangle as a LeafSlot, leafRect gives it with the values
// of the moment; the parent's loop (drawChildren) does both inline, with no
// call per node.
//
// A parent of simple leaves keeps their slots (its leaf run) and, while the
// run stands, draws them from it without reading the children: of what a
// slot copied, only the opacity and translation it points at may change,
// and only the steady step writes them. Everything else that changes a
// child (markActive, its full update, a restyle, an unpark, a change of the
// tree) makes the parent's run stale, as does a layout (layoutGeneration)
// or another origin; the next draw builds it again. Two changes leave it
// standing: a class change whose update changes no row of the current style
// a draw reads (updateSelf), and a transition that parks or ends, which
// points the node's slot where its opacity is read from then on
// (patchRunSlot).
//
// A widget that retains its paint (a Slider, a ProgressBar) takes a slot
// too, when its parts are all its steady step may change: the run keeps
// its commands and replays them, each part box that step writes re-derived
// by its tap (PaintTaps.hpp, recordWidget below).
// ---------------------------------------------------------------------------

struct LayoutAccess::LeafSlot {
  // Where the leaf's values are read: each where the node's current value
  // lives (valueAddress; a parked record's for a node its parent steps from
  // one), which neither moves while the run stands nor is written meanwhile
  // but by the steady step. A plain box reads kOpaque: its colour at alpha
  // x 1 is plainFill_.
  const float* opacity;
  const Value* tx;  // kShift: the translation
  const Value* ty;
  const ComputedStyle* base;                 // its current style, for the font size of a translation in em
  RectF rect;                                // the box, untranslated, in the coordinates of the parent's draw
  float alpha;                               // plainAlpha_
  Rgba8 fill;                                // plainFill_
  std::uint8_t flags;                        // kShift, kPxShift, kWidget
  std::uint32_t widget;                      // kWidget: its WidgetSlot in the run
  static constexpr std::uint8_t kShift = 1;  // translated by tx, ty
  static constexpr std::uint8_t kPxShift =
      2;  // with kShift: tx and ty stay px lengths, added as their px parts
  static constexpr std::uint8_t kWidget = 4;  // a widget replayed from its commands (WidgetSlot), not a leaf
  static constexpr float kOpaque = 1.0f;
};

// A widget that retains its paint, in its parent's run: its commands and
// its part taps (PaintTaps.hpp), ranges of the run's.
struct LayoutAccess::WidgetSlot {
  const Layout* node;
  std::uint32_t cmd, cmds;  // first and count in LeafRun::cmds
  std::uint32_t tap, taps;  // first and count in LeafRun::taps
};

}  // namespace detail

namespace detail {
struct LeafRun {
  std::vector<LayoutAccess::LeafSlot> slots;  // in child order; children that draw nothing have none
  // What its widget slots replay (empty when it has none: the leaves' loop).
  std::vector<LayoutAccess::WidgetSlot> widgets;
  std::vector<DrawCmd> cmds;
  std::vector<PartTap> taps;
  float x{0.0f}, y{0.0f};  // the origin it was built at
  std::uint32_t layoutGeneration{0};
};

LayoutSteps::LayoutSteps() = default;
LayoutSteps::~LayoutSteps() = default;

namespace {
template <Prop P>
const PropType<P>* valueAddress(const ComputedStyle& base, const AnimationPlayer* ap) {
  if (ap == nullptr || !ap->overlaid().test(P)) return &PropTraits<P>::get(base);
  return static_cast<const PropType<P>*>(LayoutAccess::overlayAddress(*ap, P));
}
}  // namespace

bool LayoutAccess::leafRunsOn() { return leafRunsOn_.load(std::memory_order_relaxed); }

const void* LayoutAccess::overlayAddress(const AnimationPlayer& p, Prop prop) {
  if (p.record_ != nullptr)
    if (const void* held = p.recordValue(prop)) return held;
  const void* field = nullptr;
  visitProp(prop, p.overlay_, [&field](const auto& f) { field = &f; });
  return field;
}

// Declined: drawNode draws the node. Nothing: it draws nothing (removed,
// display: none, transparent). Slot: `out` is its rectangle.
ZENIT_ALWAYS_INLINE LayoutAccess::LeafKind LayoutAccess::leafSlot(const Layout& n, float ox, float oy,
                                                                  LeafSlot& out) {
  if (!n.children_.empty() || n.internal_.content) return LeafKind::Declined;
  if (n.internal_.removed || n.box.displayNone) return LeafKind::Nothing;
  const AnimationPlayer* ap = (n.anim_ && n.anim_->holdsOverlay()) ? n.anim_.get() : nullptr;
  const ComputedStyle& base = n.style_.currentStyle;
  out.rect = RectF{ox + n.box.rect.x, oy + n.box.rect.y, n.box.rect.width, n.box.rect.height};
  out.fill = n.plainFill_;
  out.alpha = n.plainAlpha_;
  out.flags = 0;
  out.base = &base;
  // A node listed for its transitions (it has no player) reads its opacity
  // from its record's copy, equal after every step, in its parent's list;
  // whatever the opacity is, so that no step changes the slot: a plain
  // box's too, and one at 0 keeps its slot.
  const bool listedTransition =
      n.internal_.listed && static_cast<steady::Kind>(n.internal_.listedKind) == steady::Kind::Transitions;
  // A clean plain box (flag kept at resolve and transition time): its background.
  if (n.internal_.plainBox && ap == nullptr && !listedTransition) {
    out.opacity = &LeafSlot::kOpaque;
    return n.plainAlpha_ > 0.0f ? LeafKind::Slot : LeafKind::Nothing;
  }
  if (!n.internal_.foldLeaf ||
      (ap != nullptr && ((ap->overlaid() & kNoFoldProps).any() || !ap->holdsIdentityLinear())))
    return LeafKind::Declined;
  out.opacity = valueAddress<Prop::opacity>(base, ap);
  if (listedTransition)
    out.opacity = &n.parent_->steps_.list->at(steady::Kind::Transitions, n.steps_.slot).transitions.shown;
  else if (*out.opacity <= 0.0f && out.opacity == &base.opacity)
    return LeafKind::Nothing;
  // An untranslated base (baseShift) is not read: the opacity case.
  // Whose steady step writes the translation while the run stands: a
  // OneCss record's lanes (px lengths when its keyframes are px-only), a
  // Clip record's (the px of lengths it keeps px), or a player's stepped in
  // place (which may stop being px).
  bool pxSteps = true;
  bool recordShift = false;
  if (n.internal_.baseShift || (ap != nullptr && (ap->overlaid() & kShiftProps).any())) {
    out.flags |= LeafSlot::kShift;
    out.tx = valueAddress<Prop::translateX>(base, ap);
    out.ty = valueAddress<Prop::translateY>(base, ap);
    const auto listedAs = static_cast<steady::Kind>(n.internal_.listedKind);
    if (n.internal_.listed && listedAs == steady::Kind::OneCss) {
      recordShift = true;
      pxSteps =
          n.parent_->steps_.list->at(steady::Kind::OneCss, n.steps_.slot).css.keyframes->values.drawn.pxOnly;
    }
    if (n.internal_.listed && listedAs == steady::Kind::Clip) recordShift = true;
  }
  // A translation by px lengths that stay so while the run stands (the
  // current style's, fixed until a restyle makes the run stale unless a
  // listed transition moves it, or a record's that keeps them px) is added
  // as its px parts: what translateBy computes for such lengths in a box of
  // finite size.
  if ((out.flags & LeafSlot::kShift) && pxSteps && !listedTransition && pxLength(*out.tx) &&
      pxLength(*out.ty) && std::isfinite(out.rect.w) && std::isfinite(out.rect.h)) {
    const bool overlayShift =
        ap != nullptr && (out.tx != &base.translateX || out.ty != &base.translateY) && !recordShift;
    if (!overlayShift) out.flags |= LeafSlot::kPxShift;
  }
  return LeafKind::Slot;
}

ZENIT_ALWAYS_INLINE bool LayoutAccess::leafRect(const LeafSlot& slot, RectF& r, Rgba8& fill) {
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

ZENIT_ALWAYS_INLINE void LayoutAccess::emitLeaf(DrawList& list, const LeafSlot& slot) {
  RectF r;
  Rgba8 fill;
  if (leafRect(slot, r, fill)) list.rect(r, fill);
}

ZENIT_ALWAYS_INLINE bool LayoutAccess::plainBox(const Layout& n, DrawList& list, float ox, float oy) {
  if (!n.internal_.plainBox || n.internal_.removed || n.box.displayNone ||
      (n.anim_ && n.anim_->holdsOverlay()))
    return false;
  const RectF rect{ox + n.box.rect.x, oy + n.box.rect.y, n.box.rect.width, n.box.rect.height};
  if (n.plainAlpha_ > 0.0f) list.rect(rect, n.plainFill_);
  if (n.internal_.content) {
    const Rect c = n.box.contentRect();
    n.renderContent(list, RenderContext{rect, RectF{rect.x + c.x, rect.y + c.y, c.width, c.height},
                                        &n.style_.currentStyle});
  }
  if (!n.children_.empty()) drawChildren(n, list, rect.x, rect.y);
  return true;
}

namespace {
// drawFast, inline in drawChildren's loop.
ZENIT_ALWAYS_INLINE bool fast(const Layout& n, DrawList& list, float ox, float oy) {
  LayoutAccess::LeafSlot slot;
  const LayoutAccess::LeafKind kind = LayoutAccess::leafSlot(n, ox, oy, slot);
  if (kind == LayoutAccess::LeafKind::Slot) LayoutAccess::emitLeaf(list, slot);
  return kind != LayoutAccess::LeafKind::Declined || LayoutAccess::plainBox(n, list, ox, oy);
}
}  // namespace

bool LayoutAccess::drawFast(const Layout& n, DrawList& list, float ox, float oy) {
  return fast(n, list, ox, oy);
}

void LayoutAccess::drawChildren(const Layout& n, DrawList& list, float x, float y) {
  // A compositor's sealed copy whose children are not all sealed draws
  // them piece by piece, the recorded ones replayed in place.
  if (n.internal_.sealed && static_cast<const SealedNode&>(n).recordedPieces) [[unlikely]] {
    static_cast<const SealedNode&>(n).drawChildren(list, x, y);
    return;
  }
  const LayoutSteps& st = n.steps_;
  const bool runsOn = leafRunsOn_.load(std::memory_order_relaxed);
  // A run built at another origin or before the last layout is built again.
  if (st.runState == kRunValid &&
      (st.run->x != x || st.run->y != y || st.run->layoutGeneration != LayoutAccess::runLayout(n)))
    st.runState = kRunStale;
  if (st.runState == kRunValid && !n.internal_.childActive && runsOn && !st.run->widgets.empty()) {
    // Leaves and widgets: each slot in turn. A widget whose tap declines is
    // drawn anew, and the run is built again at the next draw.
    const LeafRun& run = *st.run;
    for (const LeafSlot& slot : run.slots) {
      if (!(slot.flags & LeafSlot::kWidget)) {
        emitLeaf(list, slot);
        continue;
      }
      const WidgetSlot& w = run.widgets[slot.widget];
      if (replayWidget(run, w, list)) continue;
      if (!plainBox(*w.node, list, x, y)) w.node->drawNode(list, x, y);
      st.runState = kRunStale;
    }
    return;
  }
  if (st.runState == kRunValid && !n.internal_.childActive && runsOn) {
    const std::span<const LeafSlot> slots(st.run->slots);
    DrawCmd* out = list.beginRun(slots.size());
    const std::uint32_t state = list.currentState();
    std::size_t count = 0;
    const auto record = [&](const LeafSlot& slot) ZENIT_ALWAYS_INLINE_LAMBDA {
      RectF r;
      Rgba8 fill;
      if (leafRect(slot, r, fill)) DrawList::writeRect(out[count++], state, r, fill);
    };
    // The values are scattered (one per node): each slot asks for a later one's.
    forEachPrefetching<kRunPrefetch>(
        slots.size(), [&](std::size_t i) ZENIT_ALWAYS_INLINE_LAMBDA { return slots[i].opacity; },
        [&](std::size_t i) ZENIT_ALWAYS_INLINE_LAMBDA { record(slots[i]); });
    list.commitRun(count);
    return;
  }
  // Children visited by the next update change on their own: no run then.
  if (st.runState == kRunStale && !n.internal_.childActive && runsOn &&
      n.children_.size() >= kMinRunChildren) {
    buildRun(n, list, x, y);
    return;
  }
  for (const auto& c : n.children_)
    if (!fast(*c, list, x, y)) c->drawNode(list, x, y);
}

// The loop of drawChildren, keeping each slot. A child that is no simple
// leaf declines the run until something changes (the run's storage is kept,
// so a parent that tries again every frame allocates nothing).
void LayoutAccess::buildRun(const Layout& n, DrawList& list, float x, float y) {
  leafRunsBuilt_.fetch_add(1, std::memory_order_relaxed);
  const LayoutSteps& st = n.steps_;
  LeafRun* run = st.run.get();
  if (run != nullptr) {
    run->slots.clear();
    run->widgets.clear();
    run->cmds.clear();
    run->taps.clear();
  }
  bool whole = true;
  for (const auto& c : n.children_) {
    LeafSlot slot{};  // whole: it is copied into the run
    const LeafKind kind = leafSlot(*c, x, y, slot);
    if (kind == LeafKind::Declined) {
      if (whole && c->internal_.retainsPaint) {
        if (run == nullptr) {
          st.run = std::make_unique<LeafRun>();
          run = st.run.get();
          run->slots.reserve(n.children_.size());
        }
        if (recordWidget(*c, list, x, y, *run)) {
          slot.flags = LeafSlot::kWidget;
          slot.widget = static_cast<std::uint32_t>(run->widgets.size() - 1);
          slot.base = &c->style_.currentStyle;
          slot.opacity = &LeafSlot::kOpaque;
          c->steps_.runSlot = static_cast<std::uint32_t>(run->slots.size());
          run->slots.push_back(slot);
          continue;
        }
        whole = false;  // drawn, and not replayable
        continue;
      }
      whole = false;
      if (!plainBox(*c, list, x, y)) c->drawNode(list, x, y);
      continue;
    }
    if (kind == LeafKind::Nothing) {
      c->steps_.runSlot = kNoRunSlot;
      continue;
    }
    emitLeaf(list, slot);
    if (!whole) continue;
    if (run == nullptr) {
      st.run = std::make_unique<LeafRun>();
      run = st.run.get();
      run->slots.reserve(n.children_.size());
    }
    c->steps_.runSlot = static_cast<std::uint32_t>(run->slots.size());
    run->slots.push_back(slot);
  }
  if (!whole) {
    st.runState = kRunDeclined;
    return;
  }
  if (run == nullptr) {  // nothing is drawn: an empty run
    st.run = std::make_unique<LeafRun>();
    run = st.run.get();
  }
  run->x = x;
  run->y = y;
  run->layoutGeneration = LayoutAccess::runLayout(n);
  st.runState = kRunValid;
}

// A compositor's sealed copy is never laid out again (a new layout is a
// new commit), and its thread reads nothing of the UI thread's.
std::uint32_t LayoutAccess::runLayout(const Layout& n) {
  return n.internal_.sealed ? 0u : layoutGeneration();
}

void LayoutAccess::staleRun(const Layout& n) { n.steps_.runState = kRunStale; }

void LayoutAccess::staleParentRun(const Layout& n) {
  if (n.parent_) n.parent_->steps_.runState = kRunStale;
}

// A slot that adds its translation's px parts (kPxShift) assumes they stay
// px lengths, which a transition may not keep: such a slot is built again.
// nullptr: what leafSlot reads for an idle node without a player (a plain
// box kOpaque, else its current style; one at 0 draws nothing either way).
bool LayoutAccess::patchRunSlot(const Layout& n, const float* opacity) {
  const Layout* p = n.parent_;
  if (p == nullptr || p->steps_.runState != kRunValid || n.steps_.runSlot == kNoRunSlot) return false;
  LeafSlot& slot = p->steps_.run->slots[n.steps_.runSlot];
  ZENIT_ASSERT(n.steps_.runSlot < p->steps_.run->slots.size() && slot.base == &n.style_.currentStyle,
               "patchRunSlot: the slot is not this node's");
  if (slot.flags & (LeafSlot::kPxShift | LeafSlot::kWidget)) return false;
  if (opacity == nullptr)
    opacity = n.internal_.plainBox ? &LeafSlot::kOpaque : &n.style_.currentStyle.opacity;
  slot.opacity = opacity;
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Widgets in a run
// ---------------------------------------------------------------------------

TapRecorder*& tapRecorder() {
  static thread_local TapRecorder* recorder = nullptr;
  return recorder;
}

// What the steady step may write into a widget's part styles while it is
// parked: each part plan's animated properties, on its part's shown style.
// False when it may write anything else (the node's own values).
template <class F>
bool LayoutAccess::forEachPartWrite(const Layout& n, F&& f) {
  if (!n.internal_.listed) return true;  // nothing steps it
  const AnimationPlayer* ap = n.anim_.get();
  if (static_cast<steady::Kind>(n.internal_.listedKind) != steady::Kind::Player || ap == nullptr)
    return false;
  const steady::Player& r = n.parent_->steps_.list->at(steady::Kind::Player, n.steps_.slot).player;
  if (r.css != 0 || r.parts == 0) return false;
  for (std::size_t k = 0; k < r.parts; ++k) {
    const auto& part = ap->parts_[r.part[k]];
    f(static_cast<const Style*>(part.shown), part.anims[r.anim[k]].keyframes->animated);
  }
  return true;
}

bool LayoutAccess::recordWidget(const Layout& n, DrawList& list, float x, float y, LeafRun& run) {
  const AnimationPlayer* ap = n.anim_.get();
  if (!n.children_.empty() || !n.internal_.plainBox || n.internal_.removed || n.box.displayNone ||
      (ap != nullptr && ap->holdsOverlay()) || !forEachPartWrite(n, [](const Style*, PropSet) {})) {
    if (!plainBox(n, list, x, y)) n.drawNode(list, x, y);
    return false;
  }
  const std::size_t first = list.size();
  const std::uint32_t state = list.currentState();
  const std::size_t firstTap = run.taps.size();
  TapRecorder recorder{&list, first, &run.taps};
  tapRecorder() = &recorder;
  const bool drawn = plainBox(n, list, x, y);
  tapRecorder() = nullptr;
  ZENIT_ASSERT(drawn, "recordWidget: a clean plain box is drawn by plainBox");
  const std::span<const PartTap> taps(run.taps.data() + firstTap, run.taps.size() - firstTap);
  // Replayable: boxes alone, under the state it started in (no layer, no
  // text, whose bytes live in the list), and every part value the steady
  // step writes read again by a tap of its part.
  bool ok = drawn && list.currentState() == state;
  const std::span<const DrawCmd> cmds = list.commands().subspan(first);
  for (const DrawCmd& c : cmds)
    ok = ok && c.state == state && (c.op == DrawOp::Rect || c.op == DrawOp::Shadow);
  // Only the taps of parts the steady step writes are replayed: the
  // others' commands stay as recorded.
  std::size_t kept = firstTap;
  std::array<const Style*, steady::Player::kMaxPlans> written{};
  std::size_t writtenParts = 0;
  bool covered = true;
  ok = ok && forEachPartWrite(n, [&](const Style* part, PropSet props) {
         PropSet read;
         for (const PartTap& t : taps)
           if (t.part == part) read |= t.reads;
         covered = covered && (props.bits & ~read.bits) == 0;
         written[writtenParts++] = part;
       });
  ok = ok && covered;
  if (ok)
    for (std::size_t i = firstTap; i < run.taps.size(); ++i)
      if (std::find(written.begin(), written.begin() + writtenParts, run.taps[i].part) !=
          written.begin() + writtenParts)
        run.taps[kept++] = run.taps[i];
  run.taps.resize(ok ? kept : firstTap);
  if (!ok) return false;
  run.widgets.push_back(
      WidgetSlot{&n, static_cast<std::uint32_t>(run.cmds.size()), static_cast<std::uint32_t>(cmds.size()),
                 static_cast<std::uint32_t>(firstTap), static_cast<std::uint32_t>(kept - firstTap)});
  run.cmds.insert(run.cmds.end(), cmds.begin(), cmds.end());
  return true;
}

bool LayoutAccess::replayWidget(const LeafRun& run, const WidgetSlot& w, DrawList& list) {
  DrawCmd* out = list.beginRun(w.cmds);
  const std::uint32_t state = list.currentState();
  const DrawCmd* recorded = run.cmds.data() + w.cmd;
  for (std::uint32_t k = 0; k < w.cmds; ++k) {  // a few commands: copied inline, not by a call
    out[k] = recorded[k];
    out[k].state = state;
  }
  for (std::uint32_t k = 0; k < w.taps; ++k) {
    const PartTap& t = run.taps[w.tap + k];
    if (!t.replay(t, t.cmd == PartTap::kNoCommand ? nullptr : out + t.cmd)) return false;
  }
  list.commitRun(w.cmds);
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] The probe
// ---------------------------------------------------------------------------

bool LayoutProbe::listed(const Layout& n) { return n.internal_.listed; }
std::optional<steady::Kind> LayoutProbe::listedAs(const Layout& n) {
  if (!n.internal_.listed) return std::nullopt;
  return static_cast<steady::Kind>(n.internal_.listedKind);
}
bool LayoutProbe::drawsLeafRun(const Layout& n) {
  // A child the next update visits (a class change) is drawn on its own
  // until then, though the run may stand (drawChildren).
  return n.steps_.runState == kRunValid && !n.internal_.childActive &&
         n.steps_.run->layoutGeneration == LayoutAccess::runLayout(n);
}
void LayoutProbe::setLeafRuns(bool on) { leafRunsOn_.store(on, std::memory_order_relaxed); }
bool LayoutProbe::leafRuns() { return leafRunsOn_.load(std::memory_order_relaxed); }
std::uint64_t LayoutProbe::leafRunsBuilt() { return leafRunsBuilt_.load(std::memory_order_relaxed); }

}  // namespace detail

}  // namespace zenit
