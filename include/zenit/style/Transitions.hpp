// CSS Transitions on one node's style: the seed's `style_` (seed §6, §7.5,
// §10.1), following CSS Transitions 1 §3 "Starting of transitions".
//
// [SECTION] AnimValue: one animatable value, typed by the Prop it belongs to
// [SECTION] RunningTransition: one property in transition
// [SECTION] StyleState: after-change style, drawn style, running transitions
//
// The node calls setTarget(after, now) on every style change event and
// tick(now) once per frame, both with the UIContext clock (absolute double
// seconds, so nothing drifts). Everything here is pure style-layer state: no
// Layout, no globals, no rendering.
//
// Deviations from CSS Transitions 1 (docs/transitions.md says why):
//  - No set of completed transitions: the before-change style of a node is
//    its own drawn style, so a completed transition can never restart.
//  - transition-behavior is always `normal`: discrete pairs (auto <-> length,
//    z-index auto, inset <-> outset shadows, keyword enums) never transition.
//  - padding, margin and border-radius are one property each (four sides):
//    an `auto` side makes the whole property discrete.
//  - The boundary follows Web Animations (CSS Transitions 2, Chromium): at
//    exactly the start time the timing function is evaluated at 0; strictly
//    before it (the delay) the start value shows.
//  - A non-finite duration or delay (never produced by the parser) means no
//    transition: the property snaps.
#pragma once

#include <zenit/core/Color.hpp>
#include <zenit/core/Easing.hpp>
#include <zenit/core/Types.hpp>
#include <zenit/core/Value.hpp>
#include <zenit/style/Style.hpp>

#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] AnimValue
// ---------------------------------------------------------------------------

// True for the value types an animatable (PF_ANIM) property may have.
template <class T>
inline constexpr bool kAnimValueType =
    std::is_same_v<T, float> || std::is_same_v<T, Color> || std::is_same_v<T, Value> ||
    std::is_same_v<T, Spacing> || std::is_same_v<T, Corners> || std::is_same_v<T, ShadowList> ||
    std::is_same_v<T, GradientImage> || std::is_same_v<T, ZIndex> || std::is_same_v<T, Visibility>;

// clang-format off
#define ZENIT_DETAIL_ANIM_STORABLE(T, name, def, css, flags)        \
  static_assert(((flags) & PF_ANIM) == 0 || kAnimValueType<T>,     \
                "PF_ANIM property " #name " has a type AnimValue cannot hold");
BUBBLE_STYLE_PROPS(ZENIT_DETAIL_ANIM_STORABLE)
#undef ZENIT_DETAIL_ANIM_STORABLE
// clang-format on

// One value of an animatable property, the member named by its Prop's type
// active. 240 bytes (a GradientImage) instead of a whole ComputedStyle.
union AnimValue {
  float number;  // float properties (opacity, scale-x, rotate, flex-grow …)
  Color color;
  Value length;
  Spacing spacing;
  Corners corners;
  ShadowList shadows;
  GradientImage gradient;
  ZIndex zIndex;
  Visibility visibility;

  constexpr AnimValue() : number(0.0f) {}  // the members' own initialisers would make it deleted

  // Each makes the member of the value's type active.
  constexpr explicit AnimValue(float v) : number(v) {}
  constexpr explicit AnimValue(const Color& v) : color(v) {}
  constexpr explicit AnimValue(const Value& v) : length(v) {}
  constexpr explicit AnimValue(const Spacing& v) : spacing(v) {}
  constexpr explicit AnimValue(const Corners& v) : corners(v) {}
  constexpr explicit AnimValue(const ShadowList& v) : shadows(v) {}
  constexpr explicit AnimValue(const GradientImage& v) : gradient(v) {}
  constexpr explicit AnimValue(const ZIndex& v) : zIndex(v) {}
  constexpr explicit AnimValue(Visibility v) : visibility(v) {}

  // The member of type T; it must be the active one.
  template <class T>
  const T& as() const {
    return get(std::type_identity<T>{});
  }

 private:
  const float& get(std::type_identity<float>) const { return number; }
  const Color& get(std::type_identity<Color>) const { return color; }
  const Value& get(std::type_identity<Value>) const { return length; }
  const Spacing& get(std::type_identity<Spacing>) const { return spacing; }
  const Corners& get(std::type_identity<Corners>) const { return corners; }
  const ShadowList& get(std::type_identity<ShadowList>) const { return shadows; }
  const GradientImage& get(std::type_identity<GradientImage>) const { return gradient; }
  const ZIndex& get(std::type_identity<ZIndex>) const { return zIndex; }
  const Visibility& get(std::type_identity<Visibility>) const { return visibility; }
};
static_assert(std::is_trivially_copyable_v<AnimValue>);

// Whether two values of a property interpolate (CSS Transitions 1:
// "transitionable": an animation type neither not-animatable nor discrete
// for this pair).
bool transitionable(float a, float b);
bool transitionable(const Color& a, const Color& b);
bool transitionable(const Value& a, const Value& b);
bool transitionable(const Spacing& a, const Spacing& b);
bool transitionable(const Corners& a, const Corners& b);
bool transitionable(const ShadowList& a, const ShadowList& b);
bool transitionable(const GradientImage& a, const GradientImage& b);
bool transitionable(const ZIndex& a, const ZIndex& b);
bool transitionable(Visibility a, Visibility b);

// ---------------------------------------------------------------------------
// [SECTION] RunningTransition
// ---------------------------------------------------------------------------

// Completion and phase tests allow this much clock error (seconds), so that
// `(now + delay) + duration` and the caller's `now + (delay + duration)`
// agree on when a transition ends.
inline constexpr double kTransitionTimeTolerance = 1e-9;

// One property in transition (CSS Transitions 1 "running transition").
// Times are absolute seconds on the caller's clock.
struct RunningTransition {
  double startTime{0.0};                  // spec "start time": change time + (shortened) delay
  double endTime{0.0};                    // spec "end time": start time + (shortened) duration
  TransitionFunction ease;                // matching transition timing function
  AnimValue start;                        // spec "start value"
  AnimValue end;                          // spec "end value": the after-change value
  AnimValue reversingAdjustedStart;       // spec "reversing-adjusted start value"
  double reversingShorteningFactor{1.0};  // spec "reversing shortening factor", in [0, 1]
  double changeTime{0.0};                 // the style change event that started it
  Prop prop{};                            // which property; selects the AnimValue member

  double duration() const { return endTime - startTime; }  // after shortening, >= 0
  double delay() const { return startTime - changeTime; }  // after shortening, may be < 0
};

namespace detail {
struct TransitionSteps;  // the steady step's access (src/style/TransitionSteps.hpp)
}  // namespace detail

// ---------------------------------------------------------------------------
// [SECTION] StyleState
// ---------------------------------------------------------------------------

// A node's style over time (seed: `node.style_`). Read the two styles
// freely; change them only through setTarget / snapTo, which keep the
// invariant: a property not in transition has currentStyle == targetStyle.
class StyleState {
 public:
  ComputedStyle targetStyle;   // after-change style: what the node should look like now (seed §4.1)
  ComputedStyle currentStyle;  // what is drawn (base): targetStyle with running transitions applied
  float transitionTimer{
      1.0f};  // seed §6: min time progress of running transitions, < 1 while any run; 1 idle

  bool inTransition() const { return !running_.empty(); }  // seed §6: transitionTimer < 1
  bool hasStyle() const { return hasStyle_; }              // false until the first setTarget / snapTo

  // A style change event at `now`: `after` becomes targetStyle and, per
  // property, transitions start, continue, reverse, restart or are
  // cancelled as CSS Transitions 1 §3 says (parameters from
  // after.transitions). The first call on a node snaps (a node that had no
  // style before starts no transitions). Properties in `snap` jump to
  // `after` and lose their transition (seed §6: values written by
  // imperative animations). Returns the properties whose currentStyle changed.
  PropSet setTarget(const ComputedStyle& after, double now, PropSet snap = {});
  // The same, when the caller knows which properties of `after` may differ
  // from the previous targetStyle (`mayDiffer`; `after` may be targetStyle
  // itself, written over by StyleResolver::resolve, which reports them as
  // StyleCache::changedRows()). The others are not compared. Debug builds
  // check the claim.
  PropSet setTarget(const ComputedStyle& after, double now, PropSet snap, PropSet mayDiffer);
  // The same, matching properties against `transitions`, which equals
  // after.transitions: a copy many nodes share (StyleResolver::lastTransitions),
  // whose lines stay in the caches, in place of each node's own.
  PropSet setTarget(const ComputedStyle& after, double now, PropSet snap, PropSet mayDiffer,
                    const TransitionList& transitions);

  void snapTo(const ComputedStyle& after);  // targetStyle = currentStyle = after, no transitions
  void snapToTarget();                      // cancel every transition: currentStyle = targetStyle

  // Advances every running transition to `now` and removes the completed
  // ones. Returns the properties whose currentStyle value changed. Allocates
  // nothing; free when nothing transitions.
  PropSet tick(double now);

  PropSet runningProps() const { return runningSet_; }                     // properties in transition
  std::span<const RunningTransition> running() const { return running_; }  // in no particular order
  const RunningTransition* find(Prop p) const;  // nullptr when p is not in transition

 private:
  friend struct detail::TransitionSteps;

  template <class T>
  bool applyTyped(Prop p, T& cur, const T& after, const TransitionList& list, double now, bool forceSnap);
  void removeAt(std::size_t i);
  std::size_t indexOf(Prop p) const;

  std::vector<RunningTransition> running_;  // capacity kept across transitions: steady state never allocates
  PropSet runningSet_;                      // props of running_, for O(1) membership
  bool hasStyle_{false};
};

}  // namespace zenit
