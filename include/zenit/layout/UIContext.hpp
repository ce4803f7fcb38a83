// UIContext: the clock, input state, theme and resolver every node shares
// (seed: UIContext::get().time).
//
// [SECTION] Clock: time, advance
// [SECTION] Frame: frame(root, dt) = advance + update + layout
// [SECTION] Input: dispatch pointer and keyboard events to a tree
// [SECTION] Clips: players the context updates before the tree
// [SECTION] Deferred removal
#pragma once

#include <zenit/anim/ClipPlayer.hpp>
#include <zenit/layout/Flex.hpp>
#include <zenit/render/InputEvent.hpp>
#include <zenit/style/Media.hpp>
#include <zenit/style/StyleResolver.hpp>
#include <zenit/style/Theme.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace zenit {

class Layout;
namespace detail {
struct LayoutAccess;
}  // namespace detail

// One slot of a clip shown in one property of one node (docs/clips.md): a
// float property takes the slot's first number, a length it in px, a
// colour its four numbers (r, g, b, a in [0, 1]).
struct ClipBinding {
  std::uint32_t slot{0};
  Layout* node{nullptr};
  Prop prop{};
  ClipComposite composite{ClipComposite::Replace};
};

class UIContext {
 public:
  static UIContext& get();  // the process-wide context (one UI thread)

  // --- [SECTION] Clock -----------------------------------------------------
  double time{0.0};  // seconds since the context started (seed); advanced by advance()/frame()
  // Adds dt (seconds; NaN, infinite and negative values count as 0, values
  // above kMaxStep as kMaxStep) with compensated summation, so days of
  // 1/60 s frames stay exact to the ns and the clock never becomes infinite.
  void advance(double dt);
  static constexpr double kMaxStep = 1e6;  // the longest step one frame takes (about 11.6 days)
  static double clampStep(double dt);      // dt as advance() and frame() use it
  void resetClock(double t = 0.0);         // tests and tools: start the clock at t

  // --- [SECTION] Frame -----------------------------------------------------
  Size viewport{800.0f, 600.0f};  // the root's containing block; @media width and height
  // The user's preferences, as @media reads them (prefers-reduced-motion,
  // prefers-color-scheme). Set them from the platform or a settings page.
  bool prefersReducedMotion{false};
  ColorScheme colorScheme{ColorScheme::Light};
  // advance(dt), root.update(dt), then layoutTree(root) if a layout
  // property or the tree changed. Draw separately: root.draw(list). A theme
  // changed since the last frame (load, reload, unload) re-resolves the tree,
  // and so does a viewport or preference that turns a @media block on or off.
  // Called from a callback inside a frame it does nothing and logs an error.
  void frame(Layout& root, double dt);
  void layoutIfNeeded(Layout& root);  // lays the tree out when needed (frame() calls it)
  void requestLayout() { layoutDirty_ = true; }
  // Whether a frame now would change anything under `root`: a node to
  // update (an animation, transition or clip playing, a state, class or
  // style change, input delivered), a layout to do, a theme, viewport or
  // preference not yet applied. False: nothing moves, and an app loop may
  // wait for input (runFrameLoop, zenit/layout/FrameLoop.hpp). Paused
  // animations and clips, and finished ones that hold their values, count
  // as still.
  bool needsFrame(const Layout& root) const;

  // --- Theme and cascade ---------------------------------------------------
  Theme& theme() { return *theme_; }
  StyleResolver& resolver() { return *resolver_; }
  void setTheme(Theme& theme);  // default: Theme::get()

  // --- [SECTION] Input -----------------------------------------------------
  // Delivers one event to the tree under `root`: hover (:hover on the hit
  // node and its ancestors), press (:active), focus, click, drag capture,
  // keys to the focused node. Nodes whose imperative animation blocks input
  // ignore it. Returns whether a node handled the event.
  bool dispatch(Layout& root, const InputEvent& e);
  Layout* hovered() const { return hovered_; }
  Layout* pressed() const { return pressed_; }
  Layout* focused() const { return focused_; }
  float pointerX() const { return pointerX_; }
  float pointerY() const { return pointerY_; }

  // --- [SECTION] Deferred removal ------------------------------------------
  bool inFrame() const { return updateDepth_ > 0; }  // an update (or a callback in it) is running

  // --- Clips -----------------------------------------------------------------
  // Plays a sealed clip on nodes, each binding showing a slot in a node's
  // property through the node's overlay, after its CSS and imperative
  // animations. The returned player controls it (play, pause, seek, rate,
  // finish, cancel, events); it is already playing. The context updates it
  // every frame, before the tree. A finished clip's values stay (as its
  // fills say) until cancel(), which takes the bindings off the nodes. With
  // no bindings the player still plays, firing its events, until it ends;
  // once every bound node is destroyed it is dropped. Null,
  // with an error logged, when the clip is not sealed or a binding names no
  // node or a property that is not a number, length or colour.
  std::shared_ptr<ClipPlayer> playClip(std::shared_ptr<const Clip> clip,
                                       std::span<const ClipBinding> bindings);
  std::size_t clipCount() const { return clips_.size(); }  // players the context updates

 private:
  friend class Layout;
  friend struct detail::LayoutAccess;  // the compositor copies the clock
  UIContext();
  void forget(const Layout* node);  // a node is being destroyed: drop pointers to it
  void updateClips(double dt);      // before the tree: advance the players, wake the nodes they changed
  void deferRemoval(Layout* node);
  void flushRemovals();
  void setHoverChain(Layout* target);

  double compensation_{0.0};          // Kahan summation of advance()
  std::uint64_t themeGeneration_{0};  // theme generation the tree was last resolved against
  bool layoutDirty_{true};
  int updateDepth_{0};
  Theme* theme_;
  std::unique_ptr<StyleResolver> resolver_;
  std::vector<Layout*> pendingRemovals_;
  struct ClipPlay {
    std::shared_ptr<ClipPlayer> player;
    std::vector<Layout*> nodes;  // the bound nodes (forget() drops a destroyed one)
    std::uint64_t seen{0};       // the player's changes() the nodes last showed
    bool bound{false};           // it had nodes: once they are all gone it is dropped
  };
  std::vector<ClipPlay> clips_;
  Layout* hovered_{nullptr};
  Layout* pressed_{nullptr};
  Layout* focused_{nullptr};
  float pointerX_{-1.0f}, pointerY_{-1.0f};
};

}  // namespace zenit
