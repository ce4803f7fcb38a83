// AnimationPlayer: every animation channel of one node (seed §1–§8), and
// the seed's shared Anim:: primitives (§2.1–§2.6).
//
// [SECTION] AnimationEvent: animationstart / iteration / end / cancel
// [SECTION] PlayOptions: how playAnimation plays
// [SECTION] Anim:: primitives: syncRefs, tickIncremental, tickAbsolute,
//           overlayCssStyle, overlayCssComputed
// [SECTION] AnimationPlayer: imperative, node CSS, part CSS, the overlay, reading the state
//
// The player does not know the Layout tree (it lives a layer below it):
// Layout::update hands it the target style's animation list, the clock and
// the un-animated style, and passes itself through to setter tracks as an
// opaque pointer. Layout's public API (addAnimation, playAnimation,
// pauseAnimation …) forwards here.
//
// Deviations from the seed, where CSS / Web Animations win (docs/animation.md):
//  - Finished CSS animations stay in the list (flagged `finished`) while
//    their name stays in the style, so an unrelated style change (hover, a
//    class) does not replay a finished one-shot; without a forwards fill
//    they have no effect. They no longer count as active (§3.3, scumble).
//  - Fill modes apply as Web Animations says: during the delay an
//    animation has no effect unless it fills backwards (§4.5 showed 0%).
//  - Paused animations (animation-play-state, pauseAnimation) hold their
//    value and do not count as active.
//  - Each active animation is sampled once per frame (tickCss) and
//    evaluated once (composeOverlay), touching only the properties its
//    keyframes animate (§2.4b, §10.3).
//  - The overlay is composed in update and read by draw: base < transitions
//    < CSS animations (list order, later wins) < imperative overlay tracks.
//  - The state is private: read it through the accessors, which return
//    copies of what is current (a parent may step the node's animations
//    from a copy of their state in its own list, anim/steady).
#pragma once

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/anim/ClipPlayer.hpp>
#include <zenit/style/Atom.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/Theme.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

class Theme;

namespace steady {
struct Record;
class List;
struct Access;
}  // namespace steady
namespace detail {
struct LayoutAccess;
}  // namespace detail

// ---------------------------------------------------------------------------
// [SECTION] AnimationEvent
// ---------------------------------------------------------------------------

// CSS Animations 1 events of a node's (or a part's) CSS animations.
enum class AnimationEventType : std::uint8_t {
  Start,      // animationstart: the active phase began (after the delay)
  Iteration,  // animationiteration: a new iteration began
  End,        // animationend: the active phase ended
  Cancel,     // animationcancel: removed from the style before it ended
};

struct AnimationEvent {
  AnimationEventType type{AnimationEventType::Start};
  std::string_view name;  // @keyframes name (interned: valid for the whole process)
  std::string_view part;  // "" for the node itself, else the part ("knob")
  double elapsedTime{0};  // seconds of active time, as CSS's AnimationEvent.elapsedTime
};

const char* toString(AnimationEventType t);  // "animationstart", …

// ---------------------------------------------------------------------------
// [SECTION] PlayOptions
// ---------------------------------------------------------------------------

// How Layout::playAnimation plays an imperative animation:
//   node.playAnimation("fade", {.reverse = true, .rate = 2.0});
struct PlayOptions {
  bool reverse{false};         // towards the start (the seed's playAnimation(name, true))
  std::optional<double> rate;  // the playback rate from now on (setAnimationRate); unset: as it was
};

// ---------------------------------------------------------------------------
// [SECTION] Anim:: primitives (seed §2)
// ---------------------------------------------------------------------------

namespace Anim {

// Seed §2.1: aligns `anims` with `refs` — orphans removed, existing ones
// updated in place (live edits keep elapsed), new ones started at `now` with
// elapsed 0. Names are matched in order (a name listed twice pairs with the
// second instance). Keyframes are looked up here, once, in Theme::get().
// When `events` is given, an orphan that had not finished reports Cancel.
// Entries named "" (`none`, kept in the computed list as CSS keeps them)
// never make an instance, nor does a name no @keyframes defines (seed §2.2,
// CSS): a sheet that defines it later starts it fresh at the next sync,
// and an instance whose @keyframes a reload removed is dropped.
void syncRefs(std::vector<ActiveCssAnimation>& anims, const std::vector<AnimationRef>& refs, double now,
              std::vector<AnimationEvent>* events = nullptr, std::string_view part = {});

// Seed §2.2: elapsed += dt for running (not paused, not finished) animations,
// one sample each; reports start/iteration/end to `events` when given.
void tickIncremental(std::vector<ActiveCssAnimation>& anims, double dt,
                     std::vector<AnimationEvent>* events = nullptr, std::string_view part = {});

// Seed §2.3: elapsed = now - startTime (paused ones keep their elapsed by
// moving startTime), one sample each.
void tickAbsolute(std::vector<ActiveCssAnimation>& anims, double now,
                  std::vector<AnimationEvent>* events = nullptr, std::string_view part = {});

// Seed §2.6: evaluates every animation in effect, in order (later wins),
// writing the animated properties into `out`. Missing keyframe ends take
// `out`'s own value (its declared value, else the property's initial one).
void overlayCssStyle(Style& out, const std::vector<ActiveCssAnimation>& anims);
// Same onto a computed style; missing keyframe ends take `out`'s values.
// The node channel composes its overlay through this (AnimationPlayer::composeOverlay).
void overlayCssComputed(ComputedStyle& out, const std::vector<ActiveCssAnimation>& anims);

}  // namespace Anim

// ---------------------------------------------------------------------------
// [SECTION] AnimationPlayer
// ---------------------------------------------------------------------------

class AnimationPlayer {
 public:
  AnimationPlayer() = default;
  AnimationPlayer(const AnimationPlayer&) = delete;
  AnimationPlayer& operator=(const AnimationPlayer&) = delete;

  // --- Imperative (seed §3) ----------------------------------------------
  // Registers `anim` as `name`, replacing an animation of that name (seed §8.1).
  void add(std::string name, std::shared_ptr<UIAnimation> anim);
  bool has(std::string_view name) const;

  // Seed §3.1: sets the direction and plays; restarts only from the wrong
  // end (forward at the end -> 0; reverse at 0 -> the end); resumes a pause;
  // re-applies the delay. False when `name` is unknown (logged) or the
  // options are not usable (a rate that is not finite: logged, nothing changed).
  bool play(std::string_view name, const PlayOptions& options = {});
  bool play(std::string_view name, bool reverse) {
    return play(name, PlayOptions{.reverse = reverse, .rate = {}});
  }
  bool remove(std::string_view name);  // unregisters (safe during its own callback)
  bool stop(std::string_view name);    // halts where it is; a later play restarts from the start
  bool pause(std::string_view name);   // freezes where it is; play resumes
  bool seek(std::string_view name, double seconds, Layout* node);  // jump (clamped) and apply now
  bool cancel(std::string_view name, Layout* node);  // stops, overlay values return to base, setters to start
  bool setRate(std::string_view name, double rate);  // playback rate (negative plays backwards); NaN rejected

  // Seed §3.2 for every playing animation; setter tracks get `node`. Calls
  // of onFinished are appended to `callbacks` (copies), for the node to make
  // after the loop.
  struct TickResult {
    bool blocksInput{false};   // seed: localBlocks, as left by this tick (a just-ended one no longer blocks)
    bool wroteSetters{false};  // some setter track ran (the node must re-resolve, seed §6)
  };
  TickResult tickImperative(Layout* node, double dt, std::vector<std::function<void()>>& callbacks);

  // --- Node CSS (seed §4) ------------------------------------------------
  void syncCss(const AnimationList& refs, double now);        // seed §4.1 (against the target style)
  void tickCss(double dt);                                    // seed §4.2 (incremental)
  std::uint64_t cssSyncedIn() const { return cssSyncedIn_; }  // the theme generation of the last syncCss

  // --- Part CSS (seed §5) ------------------------------------------------
  // Seed §5.1: sync against out.animations, tick absolutely, overlay onto `out`.
  void applyCssToPart(Atom part, Style& out, double now);

  // --- The draw-time overlay (seed §4.5) ---------------------------------
  // Recomputes the overlay from the node CSS animations (evaluated against
  // `underlying`, the un-animated current style) and the imperative overlay tracks.
  void composeOverlay(const ComputedStyle& underlying);

  // --- Reading the state -------------------------------------------------
  // Each accessor returns what is current, as a copy: there is no reference
  // into the player's state to keep and read stale later.
  std::size_t cssCount() const { return css_.size(); }
  ActiveCssAnimation cssAnimation(std::size_t i) const;  // i < cssCount(), in list (composite) order
  std::optional<ActiveCssAnimation> cssAnimation(std::string_view name) const;  // the first of that name
  std::optional<AnimState> imperativeState(std::string_view name) const;        // nullopt when not registered
  std::size_t imperativeCount() const { return imperative_.size(); }
  std::size_t partAnimationCount(Atom part) const;  // seed §5.2: the part's instances
  ActiveCssAnimation partAnimation(Atom part, std::size_t i) const;
  std::span<const AnimationEvent> pendingEvents() const { return events_; }  // queued since the last dispatch
  PropSet overlaid() const { return overlaySet_; }                           // properties the overlay holds
  bool holdsOverlay() const { return overlaySet_.any(); }
  // The overlay's value of P (P in overlaid()).
  template <Prop P>
  PropType<P> overlayValue() const {
    if (record_ != nullptr) [[unlikely]]
      if (const void* held = recordValue(P)) return *static_cast<const PropType<P>*>(held);
    return PropTraits<P>::get(overlay_);
  }
  // Copies every overlaid property into `out` (the rendered style over `out`'s base).
  void overlayOnto(ComputedStyle& out) const;
  // Rotation and scale are not in the overlay, or are held there at the
  // identity until the next composeOverlay: the draw may treat the overlay's
  // transform as a translation.
  bool holdsIdentityLinear() const { return identityLinear_; }

  // --- Queries (seed §3.3) -----------------------------------------------
  bool hasActiveLocal() const;      // something here is running (playing, not paused or finished)
  bool hasActivePartAnims() const;  // some part animation is running

  // --- Clips (docs/clips.md) ---------------------------------------------
  // Clip slots shown in this node's properties (UIContext::playClip binds them).
  std::size_t clipBindingCount() const { return clips_.size(); }

 private:
  friend class UIContext;  // playClip and the frames' updates bind and unbind clip slots
  // A slot of a clip player shown in one property of this node's overlay,
  // composed after the CSS and imperative animations, in the order bound.
  // A float property takes the slot's first number, a length it in px, a
  // colour its four (r, g, b, a). False for a property of another type.
  bool bindClip(std::shared_ptr<const ClipPlayer> player, std::uint32_t slot, Prop prop,
                ClipComposite composite = ClipComposite::Replace);
  void unbindClip(const ClipPlayer* player);  // every binding to that player
  friend class steady::List;
  friend struct steady::Access;
  friend class Layout;
  friend struct detail::LayoutAccess;

  struct Named {
    std::string name;
    AnimState state;
  };
  struct PartAnims {
    Atom part{Atom::None};
    std::vector<ActiveCssAnimation> anims;
    AnimationList refs;         // the list last synced, to skip syncRefs when unchanged
    std::uint64_t syncedIn{0};  // the theme generation then (a sheet loaded since may define a name)
    // The node's part styles the last updatePart wrote (the steady step's):
    // its declared style, and that style with the animations over it.
    const Style* declared{nullptr};
    Style* shown{nullptr};
  };
  // A part's frame (seed §5.1): `shown` becomes `declared` with the part's
  // animations synced, ticked at `now` and overlaid (applyCssToPart); `dt`
  // is the frame's step (a paused animation holds from the frame before).
  void updatePart(Atom part, const Style& declared, Style& shown, double now, double dt);
  bool hasPart(Atom part) const;  // an entry exists: the part has (or had) animations (seed §5.2)

  AnimState* find(std::string_view name);
  AnimState* lookup(std::string_view name, const char* api);  // find, logging an unknown name
  void applyTracks(AnimState& s, Layout* node, bool setters);
  // The address of a value the record_ holds in place of the overlay
  // (its drawn values, or its one float track's), or null.
  const void* recordValue(Prop p) const;

  // Seed: a map name -> AnimState. Kept as a vector in registration order,
  // so ticking is a linear walk and the order of callbacks is deterministic.
  std::vector<Named> imperative_;
  std::vector<ActiveCssAnimation> css_;
  std::vector<AnimationEvent> events_;  // reported since the node last drained them
  std::vector<PartAnims> parts_;        // seed: map part -> list; entries stay once created (§5.2)
  struct ClipBind {
    std::shared_ptr<const ClipPlayer> player;
    std::uint32_t slot{0};
    Prop prop{};
    ClipComposite composite{ClipComposite::Replace};
  };
  std::vector<ClipBind> clips_;
  // Where a parent steps this player's state from while it does, or null:
  // the accessors read the values it holds through it (anim/steady).
  const steady::Record* record_{nullptr};
  std::uint64_t cssSyncedIn_{0};  // cssSyncedIn()
  PropSet overlaySet_;            // properties the overlay holds this frame
  bool identityLinear_{true};     // holdsIdentityLinear(), set by composeOverlay
  ComputedStyle overlay_;         // the overlaySet_ values (other fields are stale, never read)
};

}  // namespace zenit
