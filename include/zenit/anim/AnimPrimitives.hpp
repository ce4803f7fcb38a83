// The animation data model (seed §1) and the shared sampling primitives
// (seed §2.4, §2.4b).
//
// [SECTION] Imperative: UIAnimation, AnimState                (seed §1.1)
// [SECTION] Keyframe definition: Keyframe, KeyframeAnimation  (seed §1.2; style/Keyframes.hpp)
// [SECTION] Active instance: ActiveCssAnimation               (seed §1.3)
// [SECTION] Sampling: Anim::timingOf, sample, sampleActive, sampleActiveCached (seed §2.4, §2.4b)
// [SECTION] Anim:: primitives: syncRefs, tickIncremental, tickAbsolute,
//           overlayCssStyle, overlayCssComputed (seed §2.1–§2.6): anim/AnimationPlayer.hpp;
//           evaluateKeyframes (seed §2.5): anim/KeyframeEval.hpp
//
// Sampling follows Web Animations 1 (anim/Timing.hpp) and differs from the
// seed only where the seed had no answer:
//  - iterations are fractional (2.5 iterations end at progress 0.5);
//  - reverse and alternate-reverse run as Web Animations says;
//  - `fill` decides whether the effect applies before and after the active
//    interval (AnimSample::inEffect). The seed had only fillForwards, so a
//    delayed animation never showed its first frame during the delay.
//
// CSS's animation-timing-function (ActiveCssAnimation::ease) applies per
// keyframe segment (CSS Animations 1), so the sampler returns *un-eased*
// progress and evaluateKeyframes applies `ease` inside each segment.
//
// Bad numbers are clamped, never crash, never yield NaN:
//   duration   NaN or < 0  -> 0  (+infinity kept: the first iteration never ends)
//   delay      NaN or +-inf -> 0
//   iterations NaN          -> 1 (the CSS initial value)
//              < 0 (seed: -1) or +inf -> infinite
//   elapsed    NaN          -> 0
//              +inf         -> past every end; even an infinite animation
//                              reports its after phase (Web Animations puts
//                              local time +inf at the +inf boundary, forwards)
// animation-play-state does not enter sampling: a paused animation's elapsed
// simply does not advance.
#pragma once

#include <zenit/anim/KeyframeEval.hpp>
#include <zenit/anim/Timing.hpp>
#include <zenit/core/Diagnostic.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Lerp.hpp>
#include <zenit/core/Types.hpp>
#include <zenit/style/Atom.hpp>
#include <zenit/style/Keyframes.hpp>
#include <zenit/style/Style.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] Imperative: UIAnimation, AnimState (seed §1.1)
// ---------------------------------------------------------------------------

class Layout;  // the layout layer's node; setter tracks receive it as an opaque pointer

// An animation written in C++: tracks of values over `duration` seconds,
// played by name on a node (Layout::addAnimation / playAnimation, seed §3).
//
// Two kinds of track:
//  - setter tracks (the seed's Track<T>): call a function with the
//    interpolated value, typically writing getInlineBase(), which makes the
//    node re-resolve its style that frame (seed §6, §10.2);
//  - overlay tracks (addTrack(Prop, from, to, easing)): write the node's
//    draw-time overlay, like CSS animations, so no style is re-resolved and
//    base values stay untouched (scumble's overlay model). After the
//    animation ends the last value stays (like a setter's write) until
//    cancelAnimation or removeAnimation.
class UIAnimation {
 public:
  struct TrackBase {
    virtual ~TrackBase() = default;
    virtual void apply(float raw_t, Layout* target) = 0;  // raw_t: progress in [0, 1] before easing
  };

  template <typename T>
  struct Track : TrackBase {
    T start_val, end_val;
    std::function<void(Layout*, T)> setter;
    TransitionFunction transition;

    Track(T start, T end, std::function<void(Layout*, T)> set, TransitionFunction ease)
        : start_val(std::move(start)),
          end_val(std::move(end)),
          setter(std::move(set)),
          transition(std::move(ease)) {}
    void apply(float raw_t, Layout* target) override {
      const float ratio = getRatio(raw_t, transition);
      if (setter) setter(target, lerpProp(start_val, end_val, ratio));
    }
  };

  // A track that writes one property of the draw-time overlay.
  struct PropTrackBase {
    Prop prop{};
    TransitionFunction transition;
    virtual ~PropTrackBase() = default;
    virtual void apply(float raw_t, ComputedStyle& overlay) const = 0;
  };

  template <typename T>
  struct PropTrack : PropTrackBase {
    T from, to;
    PropTrack(Prop p, T a, T b, const TransitionFunction& ease) : from(std::move(a)), to(std::move(b)) {
      prop = p;
      transition = ease;
    }
    void apply(float raw_t, ComputedStyle& overlay) const override {
      const float ratio = getRatio(raw_t, transition);
      visitProp(prop, overlay, [&](auto& field) {
        if constexpr (std::is_same_v<std::decay_t<decltype(field)>, T>) field = lerpProp(from, to, ratio);
      });
    }
  };

  explicit UIAnimation(float durationSeconds = 0.0f) : duration(durationSeconds) {}

  // The fields are ordered for the frame, not by topic: what a checked
  // step compares every frame (stillSeen, src/anim/steady/Steady.cpp:
  // duration, blocksInput, direction, iterations and the two track lists)
  // fills the first 56 bytes, which one or two cache lines hold (three when
  // they were spread over the class). "(seed)" marks the seed's fields;
  // the others are beyond it. Aligning the class to a line would make it
  // one, but aligned allocations scatter the heap around them: measured
  // slower.
  float duration;          // seconds per iteration (seed)
  bool blocksInput{true};  // the node ignores input while this plays, delay included (seed §11)
  PlaybackDirection direction{PlaybackDirection::Normal};  // alternate: odd iterations run backwards
  double iterations{1.0};                                  // fractional; +infinity = forever
  std::vector<std::unique_ptr<TrackBase>> tracks;          // setter tracks (seed)
  std::vector<std::unique_ptr<PropTrackBase>> propTracks;  // overlay tracks
  float delay{0.0f};                 // seconds before the first frame, applied on every play (seed §3.1)
  bool finishOnReverse{false};       // also call onFinished when a reverse play reaches 0 (§11 opt-in)
  std::function<void()> onFinished;  // a forward play reached the end, copied before the call (seed)
  // A promise that, while the animation plays, its fields (duration,
  // iterations, direction, blocksInput) and its tracks (their number,
  // values and easings) stay as they are, and its tracks stay alive.
  // Without it every frame compares those fields and reads the track's
  // values, so an edit shows on the next frame. With it, an animation that
  // is its node's only one, with one float overlay track (opacity, rotate,
  // scale…), no setter track and blocksInput false, is stepped from a copy
  // of the fields and values taken when its steady frames begin: a frame
  // then reads nothing of the animation but its track's easing (whose
  // parameters, if it has any), and costs about a quarter fewer
  // instructions. The copy is taken again after every call of the node's
  // animation functions (addAnimation, playAnimation, …, setAnimationRate
  // included) and whenever an iteration begins or the animation ends, so an
  // edit made anyway shows by then (docs/animation.md, "Animations that do
  // not change while they play").
  bool unchangedWhilePlaying{false};

  // Adds a setter track (seed §1.1, §9.2). T needs a lerpProp overload.
  template <typename T>
  Track<T>& addTrack(T start, T end, std::function<void(Layout*, T)> setter,
                     TransitionFunction transition = TransitionFunction::Linear) {
    auto t = std::make_unique<Track<T>>(std::move(start), std::move(end), std::move(setter),
                                        std::move(transition));
    Track<T>& ref = *t;
    tracks.push_back(std::move(t));
    return ref;
  }

  // Adds an overlay track for `prop`. T must be the property's type
  // (PropType<P>: float for opacity, Value for translateX, Color for colors…)
  // and the property animatable (PF_ANIM); otherwise nothing is added, the
  // misuse is logged and false returned.
  template <typename T>
  bool addTrack(Prop prop, T from, T to, TransitionFunction transition = TransitionFunction::Linear);

  // Seconds of the whole active interval: duration × iterations (may be +infinity).
  double activeDuration() const;
};

namespace detail {
// A ComputedStyle used only to ask a property's type through visitProp.
inline const ComputedStyle& typeProbe() {
  static const ComputedStyle probe;
  return probe;
}
}  // namespace detail

template <typename T>
bool UIAnimation::addTrack(Prop prop, T from, T to, TransitionFunction transition) {
  if (static_cast<std::size_t>(prop) >= kPropCount) {
    logApi(Severity::Error, "UIAnimation::addTrack", "property id out of range");
    return false;
  }
  bool sameType = false;
  visitProp(prop, detail::typeProbe(),
            [&](const auto& field) { sameType = std::is_same_v<std::decay_t<decltype(field)>, T>; });
  if (!sameType || !hasFlag(prop, PF_ANIM)) {
    logApi(Severity::Error, "UIAnimation::addTrack",
           std::string(cssName(prop)) +
               (sameType ? " is not animatable" : ": the values are not of the property's type"));
    return false;
  }
  propTracks.push_back(
      std::make_unique<PropTrack<T>>(prop, std::move(from), std::move(to), std::move(transition)));
  return true;
}

// Per-animation runtime state (seed §1.1), one per name registered on a node.
struct AnimState {
  std::shared_ptr<UIAnimation> anim;
  double elapsed{0.0};       // seconds into the active interval (seed: float; double so it never drifts)
  double delayElapsed{0.0};  // seed: the delay still to wait, counting down
  bool playing{false};
  bool reverse{false};

  // Beyond the seed (playback control, scumble's table).
  bool paused{false};   // pauseAnimation: frozen; playAnimation resumes
  double rate{1.0};     // setAnimationRate: multiplies dt (negative plays backwards)
  float lastT{0.0f};    // the progress the tracks were last applied at
  bool applied{false};  // overlay tracks hold a value (cleared by cancel)
};

// ---------------------------------------------------------------------------
// [SECTION] Keyframe definition: Keyframe, KeyframeAnimation (seed §1.2)
// ---------------------------------------------------------------------------
// Defined in style/Keyframes.hpp (the @keyframes parser fills them), included above.

// ---------------------------------------------------------------------------
// [SECTION] Active instance: ActiveCssAnimation (seed §1.3)
// ---------------------------------------------------------------------------

namespace Anim {
// Everything the overlay needs to know about an animation at its elapsed time.
struct AnimSample {
  timing::Phase phase{timing::Phase::Before};  // Before (delay), Active, After (done)
  bool inEffect{false};                        // the fill mode lets the effect apply now (else skip it)
  bool finished{false};                        // the active phase is over (never, for infinite iterations)
  bool beforeFlag{false};                      // Web Animations before flag, for step easings at the ends
  float progress{0.0f};                        // directed, un-eased progress in [0, 1] (== sampleActive)
  double currentIteration{0};                  // 0-based; +infinity after a zero-length infinite run
};
}  // namespace Anim

// The running instance of one `animation:` entry (seed §1.3): its timing and
// elapsed time. The seed's fields come first, as the seed writes them;
// `alternate` and `fillForwards` are writable. With `reversed` and
// `fillBackwards` they hold the four values of animation-direction and
// animation-fill-mode, each in one place (direction() and fill() read them
// as the CSS keywords).
struct ActiveCssAnimation {
  std::string name;          // @keyframes name (seed)
  double elapsed{0.0};       // s since start (seed: float; double is exact after days of frames)
  double startTime{0.0};     // UIContext time at creation (absolute ticking, seed §2.3)
  double duration{1.0};      // s per iteration (seed)
  double delay{0.0};         // s; negative starts part-way in (seed)
  double iterations{1.0};    // seed: int, -1 = infinite; here also fractional, and +inf
  bool alternate{false};     // odd iterations run backwards (seed): alternate, alternate-reverse
  bool fillForwards{false};  // the end value stays after the active phase (seed): forwards, both
  bool finished{false};      // set by ticking once the active phase is over (seed)
  TransitionFunction ease{
      TransitionFunction::Linear};  // animation-timing-function, per keyframe segment (seed)

  // Beyond the seed.
  bool reversed{false};                         // iterations run backwards first: reverse, alternate-reverse
  bool fillBackwards{false};                    // the start value shows during the delay: backwards, both
  PlayState playState{PlayState::Running};      // animation-play-state
  const KeyframeAnimation* keyframes{nullptr};  // resolved once at sync: Theme entry (stable address)
  std::uint64_t themeGeneration{0};             // Theme::generation() when `keyframes` was looked up
  Atom nameAtom{Atom::None};                    // interned name, for events
  bool started{false};                          // animationstart has been reported
  double reportedIteration{0.0};                // last iteration reported by animationiteration

  // sampleActiveCached's cache (seed §2.4b), which every frame's sample
  // goes through: the sample at cachedSampleElapsed (its progress and
  // finished are the seed's cachedLocalT and cachedFinished).
  mutable double cachedSampleElapsed{std::numeric_limits<double>::quiet_NaN()};
  mutable Anim::AnimSample cachedSample;
  mutable Anim::KeyframeCursor cursor;  // segment hints for the keyframe evaluation (a cache)

  // animation-direction and animation-fill-mode as the CSS keywords.
  PlaybackDirection direction() const {
    return alternate ? (reversed ? PlaybackDirection::AlternateReverse : PlaybackDirection::Alternate)
                     : (reversed ? PlaybackDirection::Reverse : PlaybackDirection::Normal);
  }
  FillMode fill() const {
    return fillForwards ? (fillBackwards ? FillMode::Both : FillMode::Forwards)
                        : (fillBackwards ? FillMode::Backwards : FillMode::None);
  }
  void setDirection(PlaybackDirection d) {
    alternate = d == PlaybackDirection::Alternate || d == PlaybackDirection::AlternateReverse;
    reversed = d == PlaybackDirection::Reverse || d == PlaybackDirection::AlternateReverse;
  }
  void setFill(FillMode f) {
    fillForwards = f == FillMode::Forwards || f == FillMode::Both;
    fillBackwards = f == FillMode::Backwards || f == FillMode::Both;
  }
  // Forget the cached sample; call after changing any timing field (syncRefs live edits).
  void invalidateSample() const { cachedSampleElapsed = std::numeric_limits<double>::quiet_NaN(); }
};

// ---------------------------------------------------------------------------
// [SECTION] Sampling (seed §2.4, §2.4b)
// ---------------------------------------------------------------------------

namespace Anim {

// Web Animations timing of `a` with the clamps in the header comment applied;
// always valid. Effect easing is linear (CSS eases per keyframe segment).
timing::Timing timingOf(const ActiveCssAnimation& a);

// Phase, fill, directed progress and iteration of `a` at a.elapsed.
// `progress` is the value the effect shows *if* it applies (as with fill:
// both); `inEffect` says whether the real fill mode lets it apply.
AnimSample sample(const ActiveCssAnimation& a);

// Seed §2.4: directed (un-eased) progress in [0, 1] at a.elapsed; `finished`
// is set once the active phase is over. During the delay: the backwards-fill
// value (0, or 1 for reverse / alternate-reverse); zero duration: finished
// at 1; infinite iterations: never finished; an interval ending on an
// iteration end gives that iteration's end (1), not the next one's 0.
float sampleActive(const ActiveCssAnimation& a, bool& finished);

// sample(a), cached on `elapsed` (seed §2.4b): repeated calls at the same
// elapsed (tick, then overlay; or frames with dt == 0) are free; a new
// elapsed recomputes. Timing edits need a.invalidateSample(). Every frame's
// sample of the node and part channels is this one.
inline const AnimSample& sampleCached(const ActiveCssAnimation& a) {
  if (!(a.cachedSampleElapsed == a.elapsed)) {
    a.cachedSample = sample(a);
    a.cachedSampleElapsed = a.elapsed;
  }
  return a.cachedSample;
}

// Seed §2.4b: sampleActive through that cache.
inline float sampleActiveCached(const ActiveCssAnimation& a, bool& finished) {
  const AnimSample& s = sampleCached(a);
  finished = s.finished;
  return s.progress;
}

}  // namespace Anim

// ---------------------------------------------------------------------------
// [SECTION] Anim:: primitives (seed §2.1–§2.6)
// ---------------------------------------------------------------------------

}  // namespace zenit
