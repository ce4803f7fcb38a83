// AnimationPlayer: every animation channel of one node (seed §1–§8), and
// the seed's shared Anim:: primitives (§2.1–§2.6).
//
// [SECTION] AnimationEvent: animationstart / iteration / end / cancel
// [SECTION] Anim:: primitives: syncRefs, tickIncremental, tickAbsolute,
//           overlayCssStyle, overlayCssComputed
// [SECTION] AnimationPlayer: imperative, node CSS, part CSS, the overlay
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
#pragma once

#include <zenit/anim/AnimPrimitives.hpp>
#include <zenit/style/Atom.hpp>
#include <zenit/style/Style.hpp>
#include <zenit/style/Theme.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zenit {

class Theme;

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
void overlayCssComputed(ComputedStyle& out, const std::vector<ActiveCssAnimation>& anims);

}  // namespace Anim

// ---------------------------------------------------------------------------
// [SECTION] AnimationPlayer
// ---------------------------------------------------------------------------

// Its first 72 bytes are the fields a node's steady update reads when it is
// not parked (the lane's state, `imperative` and `css`); the draw reads
// overlaySet and identityLinear_ and the first values of the overlay, which
// follow them: a tree of tens of thousands of nodes does not stay in cache,
// so each further line is a miss per node and frame. Not over-aligned:
// aligned allocation measured slower (docs/performance.md).
class AnimationPlayer {
 private:
  const Theme* steadyTheme_{nullptr};  // Theme::get() when the lane was armed
  std::uint64_t steadyGeneration_{0};  // its generation() then
  std::uint32_t steadyCount_{0};       // css.size() when armed
  bool steadyArmed_{false};

 public:
  // --- Imperative (seed §3) ----------------------------------------------
  struct Named {
    std::string name;
    AnimState state;
  };
  // Seed: a map name -> AnimState. Kept as a vector in registration order,
  // so ticking is a linear walk and the order of callbacks is deterministic.
  std::vector<Named> imperative;

  // Registers `anim` as `name`, replacing an animation of that name (seed §8.1).
  void add(std::string name, std::shared_ptr<UIAnimation> anim);
  AnimState* find(std::string_view name);
  const AnimState* find(std::string_view name) const;

  // Seed §3.1: sets the direction and plays; restarts only from the wrong
  // end (forward at the end -> 0; reverse at 0 -> the end); resumes a pause;
  // re-applies the delay. False when `name` is unknown (logged).
  bool play(std::string_view name, bool reverse);
  bool remove(std::string_view name);  // unregisters (safe during its own callback)
  bool stop(std::string_view name);    // halts where it is; a later play restarts from the start
  bool pause(std::string_view name);   // freezes where it is; play resumes
  bool seek(std::string_view name, double seconds, Layout* node);  // jump (clamped) and apply now
  bool cancel(std::string_view name, Layout* node);  // stops, overlay values return to base, setters to start
  bool setRate(std::string_view name, double rate);  // playback rate (negative plays backwards); NaN rejected

  // Seed §3.2 for every playing animation; setter tracks get `node`. Calls
  // of onFinished are appended to `callbacks` (copies), for the node to make
  // after the loop. Returns whether any playing animation blocks input.
  struct TickResult {
    bool blocksInput{false};   // seed: localBlocks, as left by this tick (a just-ended one no longer blocks)
    bool wroteSetters{false};  // some setter track ran (the node must re-resolve, seed §6)
  };
  TickResult tickImperative(Layout* node, double dt, std::vector<std::function<void()>>& callbacks);

  // --- Node CSS (seed §4) ------------------------------------------------
  std::vector<ActiveCssAnimation> css;
  void syncCss(const AnimationList& refs, double now);        // seed §4.1 (against the target style)
  std::uint64_t cssSyncedIn() const { return cssSyncedIn_; }  // the theme generation of the last syncCss
  void tickCss(double dt);                                    // seed §4.2 (incremental)

  // Events reported since the node last drained them.
  std::vector<AnimationEvent> events;

  // --- Part CSS (seed §5) ------------------------------------------------
  struct PartAnims {
    Atom part{Atom::None};
    std::vector<ActiveCssAnimation> anims;
    AnimationList refs;         // the list last synced, to skip syncRefs when unchanged
    std::uint64_t syncedIn{0};  // the theme generation then (a sheet loaded since may define a name)
  };
  std::vector<PartAnims> parts;  // seed: map part -> list; entries stay once created (§5.2)
  // Seed §5.1: sync against out.animations, tick absolutely, overlay onto `out`.
  void applyCssToPart(Atom part, Style& out, double now);

  // --- The draw-time overlay (seed §4.5) ---------------------------------
  // overlaySet and identityLinear_ precede the overlay, whose drawn values
  // (opacity, translateX, translateY) lead it: a draw reads 52 bytes here.
  PropSet overlaySet;  // properties the overlay holds this frame

 private:
  bool identityLinear_{true};     // holdsIdentityLinear(), set by composeOverlay
  std::uint64_t cssSyncedIn_{0};  // cssSyncedIn()

 public:
  ComputedStyle overlay;  // the overlaySet values (other fields are stale, never read)
  // Properties whose overlay slot holds the value of the one CSS animation
  // that animates them with a constant track (KeyframeTrack::constant), so
  // composeOverlay need not write it again. Cleared for a property as soon as
  // anything else may write its slot (a second animation of it, an
  // imperative overlay track) and wholly by syncCss.
  PropSet constHeld;
  // Recomputes the overlay from the node CSS animations (evaluated against
  // `underlying`, the un-animated current style) and the imperative overlay tracks.
  void composeOverlay(const ComputedStyle& underlying);
  // Rotation and scale are not in the overlay, or are held there at the
  // identity until the next composeOverlay (constant tracks: pulse's
  // `transform: translateX()` writes all five transform properties): the
  // draw may treat the overlay's transform as a translation.
  bool holdsIdentityLinear() const { return identityLinear_; }

  // --- The steady lane ---------------------------------------------------
  // Most frames of a running CSS animation change nothing but its time: no
  // event is due, no style changed, the overlay's constant tracks are in
  // place. armSteady (after a full tickCss + composeOverlay) records that
  // state; tickSteady then does the frame's tick and compose in one pass,
  // with the same results bit for bit (Debug builds check each step against
  // sample()), and returns false, changing nothing, whenever the frame is
  // not such a frame (an iteration ends, the theme was reloaded, an
  // imperative animation was added, dt is not a finite step >= 0), so the
  // caller takes the full path. syncCss and composeOverlay disarm it.
  //
  // A player with imperative animations and no CSS ones takes the lane too,
  // for the frames where tickImperative + composeOverlay come down to moving
  // the playing animations inside their active intervals and writing their
  // overlay tracks: none is in its delay, finishes, has a setter track or
  // blocks input, and the overlay holds the properties of the same tracks
  // as after the last compose (tickSteadyImperative). The same values, bit
  // for bit: the full path's arithmetic, without the work such a frame
  // does not need.
  static constexpr std::size_t kSteadyMax = 8;         // CSS animations the lane takes on one node
  static constexpr std::size_t kSteadyPrefetch = 8;    // entries ahead whose lines stepSteadyList prefetches
  static constexpr std::size_t kCheckedPrefetch = 16;  // checked fixed lanes ahead whose lines are asked for
  void armSteady();
  ZENIT_ALWAYS_INLINE bool tickSteady(double dt);  // inline in the walk and in stepSteadyList
  bool steadyArmed() const { return steadyArmed_; }
  std::uint64_t steadyGeneration() const { return steadyGeneration_; }  // the theme's generation when armed
  // tickSteady for a list of players (Layout's parked list) in one loop,
  // with the lane program inline (defined beside it, in KeyframeEval.cpp).
  // The caller makes the checks that hold for the whole list: every lane
  // armed, no imperative animation, the theme's generation still each
  // steadyGeneration(), dt finite and >= 0. An entry with `single` (css[0],
  // the one animation) is stepped reading only it and writing it and the
  // overlay; one without takes tickSteady. An entry whose step declines
  // (changing nothing) gets player = nullptr; returns whether any did.
  struct SteadyRef {
    AnimationPlayer* player;
    ActiveCssAnimation* single;  // the player's one CSS animation, or null when it runs several
  };
  static bool stepSteadyList(std::span<SteadyRef> refs, double dt);

  // A parked list entry that holds the steady state of a player's one CSS
  // animation (Layout's dense list), when that animation's lane program
  // writes nothing but the drawn properties (opacity, translateX,
  // translateY) and it has no imperative animation: a copy of the lane's
  // timing, the animation's elapsed time, its lead track's segment, and the
  // drawn values of the overlay. A step reads and writes the entry alone
  // (one dense record a node, where the other list's step reads the
  // animation and writes the overlay, two scattered objects); the parent's
  // run reads the drawn values from it. The entry is the truth while the
  // node is on the list: writeBack puts it into the animation and the
  // overlay, and Layout calls it whenever anything reads those (the node
  // leaves the list, animationPlayer(), renderedStyle(), a draw outside the
  // run). Debug builds overwrite the animation's elapsed time and the
  // overlay's drawn values with NaN while the entry holds them, so a read
  // that missed the write-back shows.
  enum class ListTurn : std::uint8_t { Stepped, Declined, IterationEnd };
  struct DenseRef {
    double elapsed;  // the animation's elapsed, and the timing the step reads (copies)
    double delay;
    double duration;
    Anim::SteadyTiming steady;
    const KeyframeAnimation* keyframes;
    const TransitionFunction* ease;  // the animation's, read by easings with parameters
    AnimationPlayer* player;
    std::uint32_t segment;  // the cursor's hint of the lead track
    float opacity;          // the drawn values, where `drawn` says the overlay holds them
    Value translateX;
    Value translateY;
    std::uint16_t lead;           // the lead track's index (kept: after a theme reload keyframes may be gone)
    std::uint8_t drawn;           // kDenseOpacity | kDenseTranslateX | kDenseTranslateY
    PlaybackDirection direction;  // the animation's, for the next iteration's plan (rollDense)
    ListTurn turn;                // what the last stepDenseList did with the entry
  };
  static constexpr std::uint8_t kDenseOpacity = 1, kDenseTranslateX = 2, kDenseTranslateY = 4;
  // The entry for this player, when its armed lane qualifies (see DenseRef).
  bool denseRef(DenseRef& out);
  // The entry's state into the player's animation and overlay.
  void writeBack(const DenseRef& r);
  // One step of each entry. An entry whose step declines changes nothing
  // and gets turn Declined, or IterationEnd when its frame starts another
  // iteration inside the active interval (rollDense may take that frame);
  // returns whether any declined. The caller checks what stepSteadyList's
  // caller checks.
  static bool stepDenseList(std::span<DenseRef> refs, double dt);
  // The frame stepDenseList declined with IterationEnd, taken in the list:
  // the next iteration's plan (Anim::steadyTimingAt, which the full path's
  // armSteady computes the same), then the step. False, changing nothing,
  // where the full path must run (the frame is not steady). The caller
  // decides whether the animationiteration event the full path would queue
  // can be left out: it can when the node has no handler (Layout).
  static bool rollDense(DenseRef& r, double dt);

  // A lane armed for the one imperative animation of a player when it
  // writes one float overlay property (AnimState::FixedStep): its frames
  // read the copy taken at arming (AnimState::lane) and elapsed, and, when
  // the animation is not declared fixed (UIAnimation::fixed), the fields
  // the copy was taken from, compared every frame, and the track's values.
  // fixedState() is that animation's state, else null.
  AnimState* fixedState() {
    return steadyArmed_ && imperative.size() == 1 && imperative[0].state.lane.out ? &imperative[0].state
                                                                                  : nullptr;
  }
  // The same as a list entry (Layout's parked list of such players). The
  // entry holds the animation's elapsed, its progress and the drawn value
  // while it is on the list, as a dense entry does: writeBack puts them
  // into the state and the overlay, and Layout calls it whenever anything
  // reads or changes those (the node leaves the list, animationPlayer(),
  // renderedStyle(), player()). A step reads and writes the entry (and,
  // for an easing with parameters, the copy of the easing; for a checked
  // lane, the animation's fields and its track) and nothing else.
  struct FixedRef {
    AnimState::FixedStep step;
    double elapsed;  // state->elapsed
    AnimState* state;
    float lastT;    // state->lastT
    float value;    // *state->lane.out
    ListTurn turn;  // what the last stepFixedList did with the entry
  };
  static FixedRef fixedRef(AnimState& s);  // of fixedState(); the entry holds the state from now on
  static void writeBack(const FixedRef& r);
  // One frame of each entry, in one loop (dt finite and >= 0). An entry
  // whose step declines changes nothing and gets turn Declined, or
  // IterationEnd when its frame starts another iteration inside the
  // active interval (rollFixed may take that frame); returns whether any
  // declined.
  static bool stepFixedList(std::span<FixedRef> refs, double dt);
  // The frame stepFixedList declined with IterationEnd, taken in the list:
  // the animation compared with the copy (what the full path would read,
  // so an edit to a fixed animation shows from the next iteration, as
  // documented), the next iteration's plan (what armFixed computes), the
  // step. False, changing nothing, where the full path must run.
  static bool rollFixed(FixedRef& r, double dt);

  // --- Queries (seed §3.3) -----------------------------------------------
  // --- Queries (seed §3.3) -----------------------------------------------
  bool hasActiveLocal() const;      // something here is running (playing, not paused or finished)
  bool hasActivePartAnims() const;  // some part animation is running
  bool holdsOverlay() const { return overlaySet.any(); }

 private:
  void applyTracks(AnimState& s, Layout* node, bool setters);
  // The fixed lane of the one imperative animation, when it qualifies. A
  // lane's copy (AnimState::lane) counts only while the steady lane is
  // armed and the player has that one animation: every reader checks both.
  void armFixed();
  // A call that changes an imperative animation's state ends its fixed
  // lane and the steady lane with it: the next frame takes the full path,
  // which reads the animation again and arms both anew.
  void dropFixed(AnimState& s) {
    if (s.lane.out == nullptr) return;
    s.lane.out = nullptr;
    steadyArmed_ = false;
  }
  // One frame of a fixed lane from the copy `f` at `elapsed` (dt finite
  // and >= 0): the same bits as tickSteadyImperative. Fills `next` (the
  // elapsed, progress and value) and returns Stepped, or returns where it
  // declines, having changed nothing.
  struct FixedFrame {
    double elapsed;
    float t;
    float value;
  };
  // `copy` is the lane's copy of the easing, read for a fixed lane's
  // easing with parameters.
  ZENIT_ALWAYS_INLINE static ListTurn fixedFrame(const AnimState::FixedStep& f,
                                                 const TransitionFunction& copy, double elapsed, double dt,
                                                 FixedFrame& next);
  // A checked lane's animation still has the fields its copy was taken from.
  ZENIT_ALWAYS_INLINE static bool stillSeen(const AnimState::FixedStep& f);
  // A lane whose frame left its iteration inside the active interval: `f`
  // planned for the next one (what armFixed would copy now), and that
  // frame in `next`; false, changing nothing, where the full path must run
  // (the animation no longer matches the copy).
  static bool rollPlan(AnimState::FixedStep& f, const TransitionFunction& copy, double elapsed, double dt,
                       FixedFrame& next);
  // A frame of the state's own copy (a fixed lane's node in the walk),
  // iteration ends included; false, changing nothing, where the full path
  // must run.
  static bool stepFixedState(AnimState& s, double dt);
  // Debug builds: the frame is progressIn's and the track's apply.
  static void checkFixed(const UIAnimation& a, const AnimState::FixedStep& f, const TransitionFunction& copy,
                         const FixedFrame& next);
  // Debug builds: a dense entry's step from `before` agrees with the player's own.
  static void checkDense(const DenseRef& r, const DenseRef& before, float progress);
  bool tickSteadyMany(double dt);  // tickSteady for two or more animations
  // tickSteady for imperative animations (no CSS ones); `commit` false only
  // checks the frame (armSteady, with dt 0).
  bool tickSteadyImperative(double dt, bool commit);
  void commitSteady(ActiveCssAnimation& a, double dt, float progress);
  // The timing half of a commit: elapsed advanced, checked in Debug builds.
  static void advanceSteady(ActiveCssAnimation& a, double dt, float progress) {
    a.elapsed += dt;
    checkSteady(a, progress);
  }
  // Debug builds: the lane's progress is sample()'s, in the iteration armed.
  static void checkSteady([[maybe_unused]] const ActiveCssAnimation& a, [[maybe_unused]] float progress) {
#ifndef NDEBUG
    const Anim::AnimSample full = Anim::sample(a);
    ZENIT_ASSERT(full.phase == timing::Phase::Active && full.inEffect && !full.finished && !full.beforeFlag &&
                     full.progress == progress && full.currentIteration == a.steady.window.iteration,
                 "tickSteady must agree with sample()");
#endif
  }
};

// Inline: the steady lane's frame of the usual node (one animation) is a
// few tests, a division and one evaluateLanes call, not worth a call of its own.
inline bool AnimationPlayer::tickSteady(double dt) {
  // The theme is a process-wide object (Theme::get()): its generation says
  // whether keyframes may be gone or recompiled since arming.
  if (!steadyArmed_ || !(dt >= 0.0) || !std::isfinite(dt) || steadyTheme_->generation() != steadyGeneration_)
    return false;
  if (!imperative.empty()) {
    // fixedState(), whose armed test was made above
    if (imperative[0].state.lane.out && imperative.size() == 1)
      return stepFixedState(imperative[0].state, dt);
    return tickSteadyImperative(dt, true);
  }
  if (css.size() != 1 || steadyCount_ != 1) return tickSteadyMany(dt);
  ActiveCssAnimation& a = css[0];
  float progress = 0.0f;
  if (!Anim::steadyAdvance(a, a.steady, a.elapsed + dt, progress)) return false;
  commitSteady(a, dt, progress);
  return true;
}

// The sample cache (lastSample) is keyed on elapsed, so it needs no write
// here: the next full frame finds it stale and samples again.
inline void AnimationPlayer::commitSteady(ActiveCssAnimation& a, double dt, float progress) {
  advanceSteady(a, dt, progress);
  Anim::evaluateLanes(*a.keyframes, static_cast<double>(progress), a.ease, a.steady.ease, overlay, a.cursor);
}

}  // namespace zenit
