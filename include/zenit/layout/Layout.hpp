// Layout: a node of the retained UI tree (seed: the node every animation
// channel lives on).
//
// [SECTION] Tree: children, removeFromParent
// [SECTION] Identity: type name, id, classes
// [SECTION] Style: getStyle, getInlineBase, applyStyleAttr, renderedStyle
// [SECTION] Interaction state: hover, pressed, focus, checked, disabled
// [SECTION] Imperative animations and playback control (seed §3, §8)
// [SECTION] Events
// [SECTION] Frame: update (seed §3.2, §4, §6, §7), draw (seed §4.5, §5)
// [SECTION] Widget hooks: renderContent, partStyle, input, measure
//
// One frame (docs/architecture.md): UIContext::frame advances the clock,
// calls root.update(dt) — which skips every subtree with nothing to do —
// lays the tree out when a layout property changed, and the app then calls
// root.draw(list), which is const and reads the un-animated style plus the
// animation overlay.
//
// Deviations from the seed, where CSS wins or a limitation is removed
// (docs/animation.md lists them all): removeAnimation / stopAnimation /
// pauseAnimation / seekAnimation / cancelAnimation / setAnimationRate and
// addClass / removeClass / toggleClass exist; inline styles accept
// `animation`; playAnimation reports an unknown name; a node removed while a
// frame runs is destroyed at the end of that frame.
#pragma once

#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/layout/Flex.hpp>
#include <zenit/render/DrawList.hpp>
#include <zenit/render/InputEvent.hpp>
#include <zenit/style/Atom.hpp>
#include <zenit/style/Selector.hpp>
#include <zenit/style/StyleResolver.hpp>
#include <zenit/style/StyleSheet.hpp>
#include <zenit/style/Transitions.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

class UIContext;

// What a widget's renderContent draws with: the node's geometry this frame
// and its rendered style (base + transitions + animations).
struct RenderContext {
  RectF box;                   // border box, in the coordinates of the current draw-list transform
  RectF content;               // content box, same coordinates
  const ComputedStyle* style;  // rendered style: base with the animation overlay applied
};

// A pointer event delivered to a node (coordinates in the viewport).
struct PointerEvent {
  enum class Kind : std::uint8_t { Move, Down, Up, Enter, Leave };
  Kind kind{Kind::Move};
  float x{0.0f}, y{0.0f};  // viewport px
  std::uint8_t button{0};  // 1 = primary
};

class Layout : public FlexNode {
 public:
  explicit Layout(std::string_view typeName = "Layout");
  virtual ~Layout();
  Layout(const Layout&) = delete;
  Layout& operator=(const Layout&) = delete;

  // --- [SECTION] Tree ------------------------------------------------------
  Layout& addChild(std::unique_ptr<Layout> child);  // appends; returns the child
  template <class T, class... Args>
  T& add(Args&&... args) {  // constructs a child in place
    auto node = std::make_unique<T>(std::forward<Args>(args)...);
    T& ref = *node;
    addChild(std::move(node));
    return ref;
  }
  // Removes this node from its parent and destroys it. While a frame is
  // running (a callback, a setter) it is hidden at once and destroyed when
  // the outermost update returns, so no caller is left with a dangling node.
  void removeFromParent();
  // Removes this node and hands it to the caller (not during a frame: then nullptr, logged).
  std::unique_ptr<Layout> detachFromParent();
  void clearChildren();  // removes every child (deferred during a frame)
  Layout* parent() const { return parent_; }
  std::size_t childCount() const { return children_.size(); }
  Layout& child(std::size_t i) const { return *children_[i]; }
  Layout* findById(std::string_view id);  // this node or a descendant with that id

  // --- [SECTION] Identity --------------------------------------------------
  std::string_view typeName() const { return atomName(element_.type); }
  void setId(std::string_view id);
  std::string_view id() const { return atomName(element_.id); }
  bool addClass(std::string_view cls);     // false if already there
  bool removeClass(std::string_view cls);  // false if absent; stops the CSS animations it carried
  bool toggleClass(std::string_view cls);  // returns whether the class is now present
  bool hasClass(std::string_view cls) const;
  // The same for an interned name (intern(cls), kept by the caller): no
  // look-up in the atom table, for code that changes classes every frame.
  // Atom::None is no class: add and toggle return false.
  bool addClass(Atom cls);
  bool removeClass(Atom cls);
  bool toggleClass(Atom cls);
  bool hasClass(Atom cls) const;
  const std::vector<Atom>& classes() const { return classes_; }

  // --- [SECTION] Style -----------------------------------------------------
  const ComputedStyle& getStyle() const { return style_.currentStyle; }  // un-animated (seed §4.5)
  const ComputedStyle& getTargetStyle() const {
    return style_.targetStyle;
  }  // the style the node moves towards
  // Seed: values written from C++ (setter tracks), above every normal
  // declaration. Calling it marks the style for re-resolution this frame.
  Style& getInlineBase();
  // Inline declarations, as a style attribute: every property incl.
  // `animation` and `transition`. Replaces the previous inline style.
  // Returns the diagnostics (also logged).
  std::vector<Diagnostic> applyStyleAttr(std::string_view declarations);
  // The style as drawn this frame: base + the animation overlay (a copy; for tools and tests).
  ComputedStyle renderedStyle() const;
  bool inTransition() const { return style_.inTransition(); }

  // --- [SECTION] Interaction state -----------------------------------------
  bool isHovered() const { return (flags_ & PseudoHover) != 0; }
  bool isPressed() const { return (flags_ & PseudoActive) != 0; }
  bool isFocused() const { return (flags_ & PseudoFocus) != 0; }
  bool isChecked() const { return (flags_ & PseudoChecked) != 0; }
  bool isDisabled() const { return (flags_ & PseudoDisabled) != 0; }
  void setChecked(bool on) { setFlag(PseudoChecked, on); }
  void setDisabled(bool on) { setFlag(PseudoDisabled, on); }
  void setHovered(bool on) { setFlag(PseudoHover, on); }  // normally set by UIContext::dispatch
  void setPressed(bool on) { setFlag(PseudoActive, on); }
  void setFocused(bool on) { setFlag(PseudoFocus, on); }
  std::uint8_t state() const { return state_; }       // PseudoClass bits the style was last resolved for
  bool inputBlocked() const { return blocksInput_; }  // an imperative animation with blocksInput is playing
  virtual bool focusable() const { return false; }

  // --- [SECTION] Imperative animations (seed §3, §8) ------------------------
  void addAnimation(const std::string& name, std::shared_ptr<UIAnimation> anim);  // replaces a same-named one
  bool playAnimation(const std::string& name, bool reverse = false);  // seed §3.1; false if unknown (logged)
  bool removeAnimation(const std::string& name);
  bool stopAnimation(const std::string& name);   // halt; the next play starts over
  bool pauseAnimation(const std::string& name);  // freeze; playAnimation resumes
  bool seekAnimation(const std::string& name,
                     double seconds);             // jump within the active interval, applied now
  bool cancelAnimation(const std::string& name);  // stop; overlay values return to base
  bool setAnimationRate(const std::string& name, double rate);  // playback rate; negative plays backwards
  bool hasActiveAnimations() const;                             // this node or a descendant (seed §3.3)
  // nullptr until the node animates. While the node is on its parent's
  // dense list (steadyParked()), the list holds its animation's elapsed time
  // and drawn values and writes them into the player here: read the values
  // through this call each time, not through a pointer kept from an earlier one.
  const AnimationPlayer* animationPlayer() const;

  // --- [SECTION] Events ----------------------------------------------------
  std::function<void()> onAnimationsFinished;                   // falling edge of local activity (seed §6.1)
  std::function<void(const AnimationEvent&)> onAnimationEvent;  // CSS animationstart/iteration/end/cancel
  std::function<void(Layout&)> onClick;                         // primary press and release on this node

  // --- [SECTION] Frame -----------------------------------------------------
  void update(double dt);  // seed §3.2, §4, §6, §7 (dt in seconds; double so the clock never drifts; ignored,
                           // with a diagnostic, from a callback inside a frame)
  void draw(DrawList& list) const;    // emits this subtree; const
  Layout* hitTest(float x, float y);  // deepest visible node under (x, y), un-animated rects
  bool needsUpdate() const {
    return internal_.selfActive || internal_.childActive || internal_.hasParked || internal_.parked;
  }  // false: the subtree is idle
  // True while this node's only per-frame work is its running CSS animations'
  // (or imperative overlay animations') steady step, or the tick of its
  // running transitions (a node without a player), which its parent makes
  // from a list (see updateImpl); the tree
  // walk then skips the node. Any change to the node ends it.
  bool steadyParked() const { return internal_.parked; }
  // True while it is parked for its transitions (steadyParked() too).
  bool transitionParked() const { return internal_.parked && internal_.parkedTransition; }
  // True while it is parked for its one fixed imperative animation
  // (UIAnimation::fixed), stepped from its copy (steadyParked() too).
  bool fixedParked() const { return internal_.parked && internal_.parkedFixed; }
  // True while it is parked for its one CSS animation with a dense entry
  // (AnimationPlayer::DenseRef: a lane that writes only opacity and the
  // translation), steadyParked() too.
  bool denseParked() const { return internal_.parked && internal_.parkedDense; }
  // True while draw records this node's children from its leaf run: they
  // are all simple leaves (a plain box, or one rectangle that only opacity
  // and a translation change), and since the last draw that read them they
  // changed only by their steady animations and the tree was not laid out
  // again, and no child waits for the next update (see drawChildren).
  bool drawsLeafRun() const;
  // Leaf runs on (the default) or off, for every tree. Off, each draw reads
  // every node, and records the same commands: for comparisons and measurement.
  static void setLeafRuns(bool on) { leafRunsOn_ = on; }
  static bool leafRuns() { return leafRunsOn_; }
  // How many times a draw built a leaf run (read every child anew), for
  // tests and measurement: a run left standing builds nothing.
  static std::uint64_t leafRunsBuilt() { return leafRunsBuilt_; }

  // FlexNode
  const ComputedStyle& flexStyle() const override { return style_.currentStyle; }
  std::size_t flexChildCount() const override { return children_.size(); }
  FlexNode& flexChild(std::size_t i) override { return *children_[i]; }

 protected:
  // --- [SECTION] Widget hooks ----------------------------------------------
  // Draws the widget's own content after the box (background, border) and
  // before the children. Reach parts through partStyle.
  virtual void renderContent(DrawList& list, const RenderContext& ctx) const;
  // Seed §5: the declared style of `part` for the node's current state, with
  // the part's CSS animations synced, ticked (absolute time) and overlaid.
  // The reference stays valid until the next partStyle call for that part.
  const Style& partStyle(std::string_view part) const;
  const Style& partStyle(Atom part) const;  // the same without interning the name (widgets keep the Atom)
  // Input delivered to this node; return true when handled.
  virtual bool onPointer(const PointerEvent& e);
  virtual bool onKey(const InputEvent& e);
  void markContentChanged();  // content size changed: lay the tree out again
  void markNeedsRedraw();     // keep updating (e.g. a widget's own animation)

 private:
  friend class UIContext;

  struct Internal {                           // seed: internal_
    std::uint8_t pendingTransition : 1;       // style must be re-resolved
    std::uint8_t subtreeDirty : 1;            // seed §6
    std::uint8_t hadLocalAnimationsLast : 1;  // seed §6.1
    std::uint8_t selfActive : 1;              // update must visit this node
    std::uint8_t childActive : 1;             // update must visit some child
    std::uint8_t stateDirty : 1;              // interaction flags changed
    std::uint8_t removed : 1;                 // removed during a frame, destroyed at its end
    std::uint8_t styleSubtree : 1;            // descendants must re-resolve too (their matching may change)
    std::uint8_t styleChildren : 1;           // children must re-resolve (what they inherit changed)
    std::uint8_t plainPaint : 1;  // plain Layout, current style: visible, no shadow, border, rounding or clip
    std::uint8_t plainBox : 1;    // plainPaint, fully opaque and untransformed: draws its background only
    std::uint8_t foldLeaf : 1;   // plainPaint, not rotated or scaled: as a leaf, one rectangle (see drawNode)
    std::uint8_t baseShift : 1;  // the current style translates (translateX or translateY not zero)
    std::uint8_t lateEvents : 1;  // events may be queued outside update (parts tick in the draw; handlers)
    std::uint8_t parked : 1;      // in parent_->parked_ (or another list): stepped from there, not visited
                                  // (selfActive and childActive stay 0 while it is set)
    std::uint8_t hasParked : 1;   // a list of parked children is not empty: update must visit this node
    std::uint8_t parkedTransition : 1;  // with parked: in parent_->parkedTransitions_, not parked_
    std::uint8_t parkedFixed : 1;       // with parked: in parent_->parkedFixed_, not parked_
    std::uint8_t parkedDense : 1;       // with parked: in parent_->parkedDense_, not parked_
    std::uint8_t keepRun : 1;  // a class change: the next full update leaves the parent's run standing
                               // when it changes nothing a slot copied (updateSelf)
  };
  // A child whose update is its animations' steady step alone (parked):
  // what the step reads, 16 bytes (the node itself is in parkedNodes_).
  using Parked = AnimationPlayer::SteadyRef;
  // A child whose update is its transitions' tick alone; `steady`: one
  // float property in transition, stepped from the copy in `t`.
  struct ParkedTransition {
    Layout* node;
    bool steady;
    // The node's current opacity after the entry's last step: a dense copy
    // that the parent's run reads in place of the node's scattered style
    // (leafSlot).
    float shown;
    SteadyTransition t;
  };

  void setFlag(std::uint8_t bit, bool on);
  void markActive();
  void markAncestors();             // the walk must reach this node: childActive up the tree
  bool park();                      // joins parent_->parked_ (see updateImpl); false when it cannot
  void parkTransitions();           // joins parent_->parkedTransitions_ (see updateImpl)
  void stepParkedFixed(double dt);  // parkedFixed_'s frame (stepParked)
  void wakeParked(Layout& child);   // a declined child back to the walk
  void unpark();                    // leaves its list; the walk visits the node again from the next update
  void stepParked(double dt);
  void stepParkedTransitions(double now);
  bool stepParkedEntry(ParkedTransition& e, double now);  // one entry's frame; true: its transitions ended
  bool afterParkedStep(ParkedTransition& e, SteadyTransition::Step step, float was, double now);
  bool parkedStepRest(ParkedTransition& e, SteadyTransition::Step step, double now);  // the rarer outcomes
  bool tickParked(ParkedTransition& e, double now);  // the tick of a parked transition's node; false: ended
  void parkedTickChanged(PropSet changed);           // the paint flags, the run, the layout
  void settleDeclined(double dt);  // the parked children whose step declined go back to the walk
  // A node on the dense or the fixed list: the entry's state into its
  // player (see AnimationPlayer::DenseRef, FixedRef), before anything
  // reads the player.
  void syncParked() const {
    if (!internal_.parked) return;
    if (internal_.parkedDense) anim_->writeBack(parent_->parking_->parkedDense_[parkSlot_]);
    if (internal_.parkedFixed) AnimationPlayer::writeBack(parent_->parking_->parkedFixed_[parkSlot_]);
  }
  void markStyleDirty(bool subtree);
  void markClassChange(bool subtree);  // markStyleDirty for a class change (keepRun)

  void updateImpl(double dt);
  void updateSelf(double dt, bool& wasActive);  // steps 1-6 of updateImpl: the full path
  // The rows of the current style a style change event changed (none when
  // the resolved style did not change); `ticked` set when there was one:
  // its transitions were ticked at `now`.
  PropSet resolveStyle(double now, bool snapInline, bool& ticked);
  // Sets the paint flags, plainFill_ and plainAlpha_ from the current
  // style; only those that read a property in `changed` (default: all).
  void classifyPaint(PropSet changed = PropSet::all());
  PropSet tickTransitions(double now);  // returns the rows of the current style it changed
  void tickChanged(PropSet changed);    // after a transitions' tick: paint flags, layout
  void checkPaintFlags();               // Debug builds: the kept flags are a full classifyPaint()'s
  void drawNode(DrawList& list, float ox, float oy) const;
  bool drawSimpleLeaf(DrawList& list, float ox, float oy) const;  // inline in the parent's loop
  void drawChildren(DrawList& list, float x, float y) const;
  // Leaf runs (see drawChildren): a parent keeps what its leaf children draw
  // as LeafSlots and replays them while nothing but their steady animations
  // changed. runState_ says whether the run stands; every change to a child
  // that a slot copied makes it stale (staleParentRun).
  struct LeafSlot;
  struct LeafRun;
  enum class LeafKind : std::uint8_t { Declined, Nothing, Slot };
  static constexpr std::uint8_t kRunStale = 0;     // build it at the next draw
  static constexpr std::uint8_t kRunValid = 1;     // replay it
  static constexpr std::uint8_t kRunDeclined = 2;  // a child is no simple leaf: draw the children one by one
  static constexpr std::size_t kMinRunChildren = 8;  // fewer children are drawn one by one
  static constexpr std::size_t kRunPrefetch = 8;     // slots ahead whose overlay a replay prefetches
  LeafKind leafSlot(float ox, float oy, LeafSlot& out) const;         // what drawSimpleLeaf would draw
  static bool leafRect(const LeafSlot& slot, RectF& r, Rgba8& fill);  // its rectangle now; false: none
  static void emitLeaf(DrawList& list, const LeafSlot& slot);         // records it
  void buildRun(DrawList& list, float x, float y) const;  // draws the children and records the run
  void staleParentRun() const {
    if (parent_) parent_->runState_ = kRunStale;
  }
  static constexpr std::uint32_t kNoRunSlot = 0xFFFFFFFFu;  // runSlot_: no slot in the parent's run
  // Points this node's slot in its parent's standing run at `opacity`
  // (nullptr: where an idle node's is read); false when it cannot (no
  // standing run, no slot, or one that assumes what a transition may
  // change): the caller makes the run stale.
  bool patchRunSlot(const float* opacity) const;
  std::uint8_t computeNextState() const;  // seed: the PseudoClass bits that apply now
  void beginStateTransition();            // seed: the state changed, resolve the new target
  AnimationPlayer& player();
  void dispatchQueued();
  void destroyChild(Layout* child);
  void sortClasses();

  // What a steady frame of an animated node reads (update and draw), kept
  // together (54 bytes): a tree of tens of thousands of nodes does not fit
  // in the caches, so each further line is a miss per node and frame. Not
  // over-aligned: aligned allocation of nodes measured slower
  // (docs/performance.md).
  Layout* parent_{nullptr};
  std::unique_ptr<AnimationPlayer> anim_;  // created on first use: 8 bytes for a node that never animates
  std::vector<std::unique_ptr<Layout>> children_;
  Internal internal_{1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  Rgba8 plainFill_{};       // the current background colour in 8 bits, kept by classifyPaint for the draw
  float plainAlpha_{0.0f};  // its alpha unrounded, for the draw's opacity fold
  std::uint8_t flags_{0};   // interaction flags (PseudoClass bits) as input set them
  std::uint8_t state_{0};   // flags the style was resolved for (seed: the state)
  bool blocksInput_{false};
  mutable std::uint8_t runState_{kRunStale};  // of run_; written by the (const) draw that builds it

  StyleElement element_;  // what the cascade sees of this node
  std::vector<Atom> classes_;
  StyleCache styleCache_;
  StyleState style_;  // seed: style_ (targetStyle, currentStyle, transitions)
  std::unique_ptr<DeclarationBlock> inline_;
  std::unique_ptr<Style> inlineBase_;
  std::vector<std::pair<Atom, std::unique_ptr<Style>>> partStyles_;  // partStyle's slots (stable addresses)
  // The lists of parked children (see park), created by the first child
  // that parks: a node that never has one carries a pointer, not seven
  // vectors (168 bytes).
  struct ParkedLists {
    std::vector<Parked> parked_;        // parked children, stepped by this node's update in one loop
    std::vector<Layout*> parkedNodes_;  // the node of each parked_ entry (read when one leaves)
    std::vector<ParkedTransition>
        parkedTransitions_;  // children whose update is their transitions' tick alone
    // Children whose update is the step of their one fixed imperative
    // animation (AnimationPlayer::fixedRef), and their nodes.
    std::vector<AnimationPlayer::FixedRef> parkedFixed_;
    std::vector<Layout*> parkedFixedNodes_;
    // Children whose one CSS animation is stepped from a dense entry
    // (AnimationPlayer::DenseRef) in place of parked_, and their nodes.
    std::vector<AnimationPlayer::DenseRef> parkedDense_;
    std::vector<Layout*> parkedDenseNodes_;
    std::uint64_t parkedGeneration_{
        0};  // the theme's generation every parked_ and parkedDense_ lane was armed in
  };
  std::unique_ptr<ParkedLists> parking_;
  std::uint32_t parkSlot_{0};  // this node's index in its parent's list while parked
  // The index of this node's slot in its parent's leaf run, kept by the
  // draw that builds it (kNoRunSlot: none), so that a transition that parks
  // or leaves can point its slot at the value to read (patchRunSlot). Next
  // to parkSlot_, which parking reads and writes anyway; in its padding.
  mutable std::uint32_t runSlot_{kNoRunSlot};
  mutable std::unique_ptr<LeafRun> run_;  // created by the first draw that builds a run
  static inline bool leafRunsOn_ = true;  // setLeafRuns
  static inline std::uint64_t leafRunsBuilt_ = 0;
};

}  // namespace zenit
