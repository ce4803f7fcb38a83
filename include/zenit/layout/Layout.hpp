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
#include <zenit/core/Config.hpp>
#include <zenit/detail/LayoutState.hpp>
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
#include <optional>
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

// A part a widget declared (Layout::declarePart): the handle it reads the
// part's style through (Layout::partStyle).
struct PartId {
  std::uint32_t index{0};
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
  // Inserts before the child at `at` (at or past the end: appends); returns the child.
  Layout& insertChild(std::size_t at, std::unique_ptr<Layout> child);
  // Moves `child`, one of this node's children, to index `to` (at or past
  // the end: last), with its state, animations and transitions as they
  // are. Only the children between its old and new place, and the one
  // after them, restyle, and only when a sibling or counting rule
  // (`+`, `~`, :nth-child() …) may read their order. False, with an error
  // logged, when `child` is not a child of this node.
  bool moveChild(Layout& child, std::size_t to);
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
  // Attributes, which `[name]` and `[name=value]` selectors read. Names are
  // case-sensitive, values any text. Setting a different value or removing
  // one restyles the node, and its subtree or later siblings when some rule
  // reads the name left of a combinator. An empty name is no attribute:
  // set does nothing and remove returns false.
  void setAttribute(std::string_view name, std::string_view value);
  bool removeAttribute(std::string_view name);                             // false if absent
  std::optional<std::string_view> attribute(std::string_view name) const;  // nullopt if absent

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
  // PseudoClass bits the style was last resolved for: interaction state and
  // the node's place in the tree (:root, :first-child … :empty, which the
  // tree keeps as children are added and removed).
  PseudoBits state() const { return state_; }
  bool inputBlocked() const { return blocksInput_; }  // an imperative animation with blocksInput is playing
  virtual bool focusable() const { return false; }

  // --- [SECTION] Imperative animations (seed §3, §8) ------------------------
  void addAnimation(const std::string& name, std::shared_ptr<UIAnimation> anim);  // replaces a same-named one
  bool playAnimation(const std::string& name, bool reverse = false);  // seed §3.1; false if unknown (logged)
  bool playAnimation(const std::string& name, const PlayOptions& options);  // {.reverse = true, .rate = 2.0}
  bool removeAnimation(const std::string& name);
  bool stopAnimation(const std::string& name);   // halt; the next play starts over
  bool pauseAnimation(const std::string& name);  // freeze; playAnimation resumes
  bool seekAnimation(const std::string& name,
                     double seconds);             // jump within the active interval, applied now
  bool cancelAnimation(const std::string& name);  // stop; overlay values return to base
  bool setAnimationRate(const std::string& name, double rate);  // playback rate; negative plays backwards
  bool hasActiveAnimations() const;                             // this node or a descendant (seed §3.3)
  // nullptr until the node animates. Its accessors return what is current.
  const AnimationPlayer* animationPlayer() const { return anim_.get(); }
  // Plays the theme's `@timeline name` (docs/timeline-rule.md) on this
  // node's descendants, not the node itself (as querySelectorAll): each track
  // rule animates the descendants its selectors match, in tree order, the
  // selectors matched as the cascade matches them. Keyframes that leave out
  // 0% or 100% start or end at the node's current style. The returned player
  // is already playing (UIContext::playClip). Null, with an error logged,
  // when the theme has no such @timeline or it cannot be shown.
  std::shared_ptr<ClipPlayer> playTimeline(std::string_view name);

  // --- [SECTION] Events ----------------------------------------------------
  std::function<void()> onAnimationsFinished;                   // falling edge of local activity (seed §6.1)
  std::function<void(const AnimationEvent&)> onAnimationEvent;  // CSS animationstart/iteration/end/cancel
  std::function<void(Layout&)> onClick;                         // primary press and release on this node

  // --- [SECTION] Frame -----------------------------------------------------
  void update(double dt);  // seed §3.2, §4, §6, §7 (dt in seconds; double so the clock never drifts; ignored,
                           // with a diagnostic, from a callback inside a frame)
  void draw(DrawList& list) const;    // emits this subtree; const
  Layout* hitTest(float x, float y);  // deepest visible node under (x, y), un-animated rects
  bool needsUpdate() const {          // false: the subtree is idle
    return internal_.selfActive || internal_.childActive || internal_.hasListed || internal_.listed;
  }

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
  // Parts are declared once (declarePart, in the widget's constructor); the
  // update resolves and ticks them, so a draw only reads them. The reference
  // stays valid until the next update. An undeclared part is a programmer
  // error: Debug builds assert, Release builds log it once and return an
  // empty style (the widget's built-in look).
  const Style& partStyle(std::string_view part) const;
  const Style& partStyle(Atom part) const;  // the same without interning the name
  // The same by the handle declarePart returned (what widgets keep): no lookup.
  const Style& partStyle(PartId part) const {
    ZENIT_ASSERT(part.index < parts_.size(), "partStyle: a PartId of another node");
    const PartSlot& slot = parts_[part.index];
    return slot.shown ? *slot.shown : *slot.declared;
  }
  // Declares a part (once per name; again returns the same handle).
  PartId declarePart(std::string_view part);
  PartId declarePart(Atom part);
  // Input delivered to this node; return true when handled.
  virtual bool onPointer(const PointerEvent& e);
  virtual bool onKey(const InputEvent& e);
  void markContentChanged();  // content size changed: lay the tree out again
  void markNeedsRedraw();     // keep updating (e.g. a widget's own animation)

 private:
  friend class UIContext;
  friend struct detail::LayoutAccess;  // src/layout: the steady hand-off and the draw's leaf paths
  friend struct detail::LayoutProbe;   // tests and benchmarks

  void setFlag(PseudoBits bit, bool on);
  void setFlags(PseudoBits next);  // flags_ = next; a change re-resolves the style
  // The tree-structural bits: `place` (root, first, last, only child) and
  // :empty from the children; refreshPlaces sets them on the children whose
  // place can have changed (the ends) and on this node.
  void setPlace(PseudoBits place);
  // The place of a node without a parent (Selectors 4: the root element is
  // its document's only element child).
  static constexpr PseudoBits kRootPlace = PseudoRoot | PseudoFirstChild | PseudoLastChild | PseudoOnlyChild;
  void refreshPlaces();
  // Children were inserted or removed at `from` (end: npos), or moved
  // within [from, end).
  void siblingsChanged(std::size_t from, std::size_t end = static_cast<std::size_t>(-1));
  void countTypes();       // the children's places among their siblings of their type
  void restyleSiblings();  // a `+` / `~` rule or an `of S` may read this node's change
  void markActive();
  void markAncestors();  // the walk must reach this node: childActive up the tree
  void markStyleDirty(bool subtree);
  void markClassChange(bool subtree);  // markStyleDirty for a class change (keepRun)
  void classChanged(Atom a);           // after addClass / removeClass of `a`
  void attributeChanged(Atom name);    // after setAttribute / removeAttribute of `name`

  void updateImpl(double dt);
  void updateSelf(double dt, bool& wasActive);  // steps 1-6 of updateImpl: the full path
  // The rows of the current style a style change event changed (none when
  // the resolved style did not change); `ticked` set when there was one:
  // its transitions were ticked at `now`.
  PropSet resolveStyle(double now, bool snapInline, bool& ticked);
  PropSet tickTransitions(double now);  // returns the rows of the current style it changed
  void drawNode(DrawList& list, float ox, float oy) const;
  PseudoBits computeNextState() const;  // seed: the PseudoClass bits that apply now
  void beginStateTransition();          // seed: the state changed, resolve the new target
  AnimationPlayer& player();            // the player, to change (created on first use)
  void dispatchQueued();
  void destroyChild(Layout* child);
  void sortClasses();

  // What a steady frame of an animated node reads (update and draw), kept
  // together: a tree of tens of thousands of nodes does not fit in the
  // caches, so each further line is a miss per node and frame. Not
  // over-aligned: aligned allocation of nodes measured slower
  // (docs/performance.md).
  Layout* parent_{nullptr};
  std::unique_ptr<AnimationPlayer> anim_;  // created on first use: 8 bytes for a node that never animates
  std::vector<std::unique_ptr<Layout>> children_;
  detail::LayoutFlags internal_{1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0,
                                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // seed: internal_
  Rgba8 plainFill_{};       // the current background colour in 8 bits, kept for the draw (LeafDraw)
  float plainAlpha_{0.0f};  // its alpha unrounded, for the draw's opacity fold
  PseudoBits flags_{kRootPlace | PseudoEmpty};  // PseudoClass bits as input and the tree set them
  PseudoBits state_{flags_};                    // flags the style was resolved for (seed: the state)
  bool blocksInput_{false};
  detail::LayoutSteps steps_;  // the steady step's and the leaf paths' per-node state

  StyleElement element_;  // what the cascade sees of this node
  std::vector<Atom> classes_;
  std::vector<StyleAttribute> attributes_;  // element_.attributes views it
  StyleCache styleCache_;
  StyleState style_;  // seed: style_ (targetStyle, currentStyle, transitions)
  std::unique_ptr<DeclarationBlock> inline_;
  std::unique_ptr<Style> inlineBase_;
  // The declared parts (declarePart): each one's declared style for the
  // node's state, and, once it has animations, that style with them over it
  // (`shown`). Stable addresses: the player steps `shown` in place.
  struct PartSlot {
    Atom part{Atom::None};
    std::unique_ptr<Style> declared;
    std::unique_ptr<Style> shown;
  };
  std::vector<PartSlot> parts_;
  const Style& undeclaredPart(Atom part) const;  // partStyle's programmer error
  void resolveParts();                           // their declared styles (a restyle)
  void updateParts(double now, double dt);       // their animations (seed §5.1; a full update)
};

}  // namespace zenit
