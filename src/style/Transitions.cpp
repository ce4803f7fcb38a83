// CSS Transitions 1 on one node's style (style/Transitions.hpp).
//
// [SECTION] transitionable: which value pairs interpolate
// [SECTION] Sampling a running transition (§4 Application, §5 Completion)
// [SECTION] Matching transition-property value and combined duration (§3)
// [SECTION] StyleState: the style change event (§3 steps 1–4) and tick
#include <zenit/style/Transitions.hpp>

#include "core/EaseEval.hpp"
#include "style/TransitionSteps.hpp"

#include <zenit/core/Config.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>

namespace zenit {

// ---------------------------------------------------------------------------
// [SECTION] transitionable
// https://drafts.csswg.org/css-transitions-1/#transitionable
// A pair is transitionable when its animation type is neither "not
// animatable" nor "discrete" for these two values.
// ---------------------------------------------------------------------------

bool transitionable(float, float) { return true; }
bool transitionable(const Color&, const Color&) { return true; }

// auto / none against a length is discrete (CSS Values: by computed value,
// keywords do not interpolate with lengths).
bool transitionable(const Value& a, const Value& b) { return a.isLength() && b.isLength(); }

bool transitionable(const Spacing& a, const Spacing& b) {
  return transitionable(a.top, b.top) && transitionable(a.right, b.right) &&
         transitionable(a.bottom, b.bottom) && transitionable(a.left, b.left);
}

bool transitionable(const Corners& a, const Corners& b) {
  return transitionable(a.topLeft, b.topLeft) && transitionable(a.topRight, b.topRight) &&
         transitionable(a.bottomRight, b.bottomRight) && transitionable(a.bottomLeft, b.bottomLeft);
}

// CSS Backgrounds: `inset` present in one shadow and absent in the other of
// a pair is discrete (the spec's own example of a non-transitionable pair);
// a shorter list (`none` too) is padded with transparent zero shadows.
bool transitionable(const ShadowList& a, const ShadowList& b) { return shadowListsInterpolate(a, b); }

// CSS Images 4: two gradients of one kind and shape with as many stops
// interpolate stop by stop; any other pair (`none` too) is discrete.
bool transitionable(const GradientImage& a, const GradientImage& b) { return gradientsInterpolate(a, b); }

// CSS 2 z-index is by computed value: integers interpolate, `auto` is discrete.
bool transitionable(const ZIndex& a, const ZIndex& b) { return !a.isAuto && !b.isAuto; }

// CSS Transitions 1 "visibility": interpolable when one endpoint is visible.
bool transitionable(Visibility a, Visibility b) {
  return a == Visibility::Visible || b == Visibility::Visible;
}

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Sampling a running transition
// ---------------------------------------------------------------------------

// The largest float below 1: transitionTimer stays < 1 while anything runs,
// even when the time progress rounds up in float.
constexpr float kBelowOne = 0x1.fffffep-1f;

enum class Phase : std::uint8_t { Before, Active, After };

struct Sample {
  Phase phase;
  double eased;        // transformed progress p (Before: 0, After: 1)
  float timeProgress;  // linear time progress in [0, 1), for transitionTimer
};

// https://drafts.csswg.org/css-transitions-1/#application
// https://drafts.csswg.org/css-transitions-1/#complete
// The phase at `now` and, when Active, the timing function's input.
template <class Record>
Phase phaseAt(const Record& r, double now, double& input) {
  // 1. At or after the end time the transition has completed: the end value
  //    shows and the caller removes it (§5).
  if (now >= r.endTime - kTransitionTimeTolerance) return Phase::After;
  // 2. Before the start time (the delay phase) the current value is the
  //    start value: transitions fill backwards.
  if (now < r.startTime) return Phase::Before;
  // 3. Otherwise p is the timing function's output for
  //    (now - start time) / (end time - start time). Step 1 guarantees a
  //    positive denominator here.
  input = (now - r.startTime) / (r.endTime - r.startTime);
  return Phase::Active;
}

// A running transition at `now` (a SteadyTransition's copy is stepped by
// TransitionSteps::step: phaseAt, then its evaluator easeFnOf resolved,
// the same bits as getRatio).
Sample sampleTransition(const RunningTransition& r, double now) {
  double input = 0.0;
  switch (phaseAt(r, now, input)) {
    case Phase::After: return {Phase::After, 1.0, 1.0f};
    case Phase::Before: return {Phase::Before, 0.0, 0.0f};
    case Phase::Active: break;
  }
  return {Phase::Active, getRatio(input, r.ease), std::min(static_cast<float>(input), kBelowOne)};
}

// Overshooting timing functions are clamped by the property's range after
// interpolation (opacity to [0, 1], non-negative lengths to >= 0), as CSS
// clamps computed values. Mixed px/% values are left for the used value.
void clampToRange(Prop p, float& v) {
  if (hasFlag(p, PF_UNIT))
    v = std::clamp(v, 0.0f, 1.0f);
  else if (hasFlag(p, PF_NONNEG))
    v = std::max(v, 0.0f);
}
void clampToRange(Prop p, Value& v) {
  if (!hasFlag(p, PF_NONNEG) || !v.isLength()) return;
  if (v.units == Value::kPx)
    v.px = std::max(v.px, 0.0f);
  else if (v.units == Value::kPct)
    v.pct = std::max(v.pct, 0.0f);
}
void clampToRange(Prop p, Spacing& s) {
  clampToRange(p, s.top);
  clampToRange(p, s.right);
  clampToRange(p, s.bottom);
  clampToRange(p, s.left);
}
void clampToRange(Prop p, Corners& c) {
  clampToRange(p, c.topLeft);
  clampToRange(p, c.topRight);
  clampToRange(p, c.bottomRight);
  clampToRange(p, c.bottomLeft);
}
void clampToRange(Prop, Color&) {}  // lerpProp already clamps alpha; channels stay in gamut
void clampToRange(Prop, ShadowList&) {}
void clampToRange(Prop, GradientImage&) {}
void clampToRange(Prop, ZIndex&) {}
void clampToRange(Prop, Visibility&) {}

// The current value of `r` for a sample.
template <class T>
T currentValue(const RunningTransition& r, const Sample& s) {
  switch (s.phase) {
    case Phase::Before: return r.start.as<T>();
    case Phase::After: return r.end.as<T>();
    case Phase::Active: break;
  }
  T v = lerpProp(r.start.as<T>(), r.end.as<T>(), static_cast<float>(s.eased));
  clampToRange(r.prop, v);
  return v;
}

// Writes the current value of `r` into its property of `style`; true when
// the stored value changed.
bool writeCurrent(ComputedStyle& style, const RunningTransition& r, const Sample& s) {
  bool changed = false;
  visitProp(r.prop, style, [&](auto& field) {
    using T = std::remove_cvref_t<decltype(field)>;
    if constexpr (kAnimValueType<T>) {
      const T v = currentValue<T>(r, s);
      if (!(field == v)) {
        field = v;
        changed = true;
      }
    }
  });
  return changed;
}

// ---------------------------------------------------------------------------
// [SECTION] Matching transition-property value and combined duration
// ---------------------------------------------------------------------------

// https://drafts.csswg.org/css-transitions-1/#matching-transition-property-value
// The last entry of the after-change style's transition list that matches
// the property: `all` or its own name. Unknown names match nothing. The
// list already carries one duration / delay / timing function per name
// (list matching happened when it was built).
const TransitionRef* matchingTransitionValue(const TransitionList& list, Prop p) {
  for (auto it = list.rbegin(); it != list.rend(); ++it)
    if (it->known && (it->all || it->prop == p)) return &*it;
  return nullptr;
}

// https://drafts.csswg.org/css-transitions-1/#transition-combined-duration
// max(matching duration, 0) + matching delay. A non-finite time gives 0:
// the property snaps instead of transitioning forever or never.
double combinedDuration(const TransitionRef& m) {
  if (!std::isfinite(m.duration) || !std::isfinite(m.delay)) return 0.0;
  return std::max(m.duration, 0.0) + m.delay;
}

// A new running transition (§3 step 1, 4.3 and 4.4 differ only in the
// reversing-adjusted start value and the reversing shortening factor).
template <class T>
RunningTransition makeTransition(Prop p, const T& from, const T& to, const T& reversingAdjustedStart,
                                 double factor, const TransitionRef& m, double now) {
  RunningTransition t;
  // start time = change time + delay; a negative delay is scaled by the
  // reversing shortening factor, a non-negative one kept in full (4.3).
  const double delay = m.delay < 0.0 ? m.delay * factor : m.delay;
  t.changeTime = now;
  t.startTime = now + delay;
  // end time = start time + duration × reversing shortening factor.
  t.endTime = t.startTime + std::max(m.duration, 0.0) * factor;
  t.ease = m.ease;
  t.start = AnimValue(from);
  t.end = AnimValue(to);
  t.reversingAdjustedStart = AnimValue(reversingAdjustedStart);
  t.reversingShorteningFactor = factor;
  t.prop = p;
  return t;
}

// Properties whose values differ between two computed styles.
PropSet diffProps(const ComputedStyle& a, const ComputedStyle& b) {
  PropSet d;
#define ZENIT_DETAIL_DIFF(T, name, def, css, flags) \
  if (!(a.name == b.name)) d.set(Prop::name);
  BUBBLE_STYLE_PROPS(ZENIT_DETAIL_DIFF)
#undef ZENIT_DETAIL_DIFF
  return d;
}

// The same, over `which` only.
PropSet diffProps(const ComputedStyle& a, const ComputedStyle& b, PropSet which) {
  if (which == PropSet::all()) return diffProps(a, b);
  PropSet d;
  which.forEach([&](Prop p) {
    visitProp2(p, a, b, [&](const auto& x, const auto& y) {
      if (!(x == y)) d.set(p);
    });
  });
  return d;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] StyleState
// ---------------------------------------------------------------------------

const RunningTransition* StyleState::find(Prop p) const {
  if (!runningSet_.test(p)) return nullptr;
  return &running_[indexOf(p)];
}

std::size_t StyleState::indexOf(Prop p) const {
  // runningSet_ says p is present; the list holds one entry per property
  // and is as short as the number of properties in transition.
  std::size_t i = 0;
  while (running_[i].prop != p) ++i;
  return i;
}

void StyleState::removeAt(std::size_t i) {
  runningSet_.reset(running_[i].prop);
  if (i + 1 != running_.size()) running_[i] = std::move(running_.back());
  running_.pop_back();  // keeps capacity
}

void StyleState::snapTo(const ComputedStyle& after) {
  targetStyle = after;
  snapToTarget();
}

void StyleState::snapToTarget() {
  running_.clear();  // keeps capacity
  runningSet_ = {};
  currentStyle = targetStyle;
  transitionTimer = 1.0f;
  hasStyle_ = true;
}

PropSet StyleState::tick(double now) {
  if (running_.empty()) {
    transitionTimer = 1.0f;
    return {};
  }
  PropSet changed;
  float timer = 1.0f;
  std::size_t keep = 0;
  for (std::size_t i = 0; i < running_.size(); ++i) {
    RunningTransition& r = running_[i];
    const Sample s = sampleTransition(r, now);
    if (writeCurrent(currentStyle, r, s)) changed.set(r.prop);
    if (s.phase == Phase::After) {  // §5: completed transitions leave the running set
      runningSet_.reset(r.prop);
      continue;
    }
    timer = std::min(timer, s.timeProgress);
    if (keep != i) running_[keep] = std::move(r);
    ++keep;
  }
  running_.erase(running_.begin() + static_cast<std::ptrdiff_t>(keep), running_.end());
  transitionTimer = timer;
  return changed;
}

bool detail::TransitionSteps::take(StyleState& s, SteadyTransition& out) {
  if (s.running_.size() != 1) return false;
  const RunningTransition& r = s.running_.front();
  bool isFloat = false;
  visitProp(r.prop, s.currentStyle, [&](auto& field) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(field)>, float>) {
      out.value = &field;
      isFloat = true;
    }
  });
  if (!isFloat) return false;
  out.current = *out.value;
  out.startTime = r.startTime;
  out.endTime = r.endTime;
  out.from = r.start.as<float>();
  out.to = r.end.as<float>();
  out.prop = r.prop;
  const TransitionFunction* shared = sharedEasing(r.ease);
  out.ease = shared != nullptr ? shared : &r.ease;
  out.easeFn = easeFnOf(r.ease);
  return true;
}

namespace {
// tick's loop for one transition (currentValue, writeCurrent) in its
// active phase, from the timing function's output.
ZENIT_ALWAYS_INLINE SteadyTransition::Step writeSteady(SteadyTransition& t, double eased) {
  float v = lerpProp(t.from, t.to, static_cast<float>(eased));
  clampToRange(t.prop, v);
  if (t.current == v) return SteadyTransition::Step::Unchanged;
  t.current = v;
  *t.value = v;
  return SteadyTransition::Step::Changed;
}

// The step of a record outside its active phase.
SteadyTransition::Step outside(Phase phase) {
  return phase == Phase::After ? SteadyTransition::Step::Ended : SteadyTransition::Step::Declined;
}
}  // namespace

SteadyTransition::Step detail::TransitionSteps::step(SteadyTransition& t, double now) {
  double input = 0.0;
  const Phase phase = phaseAt(t, now, input);
  if (phase != Phase::Active) return outside(phase);
  return writeSteady(t, t.easeFn(input, *t.ease, false));
}

// tick's loop for the one transition in its After phase: currentValue is
// the end value (the record's `to`), writeCurrent stores it if it differs,
// the transition leaves the running set, and the timer of no transition is 1.
bool detail::TransitionSteps::end(StyleState& s, const SteadyTransition& t) {
  ZENIT_ASSERT(s.running_.size() == 1 && s.running_.front().prop == t.prop &&
                   std::bit_cast<std::uint32_t>(s.running_.front().end.as<float>()) ==
                       std::bit_cast<std::uint32_t>(t.to),
               "TransitionSteps::end: the record is not the transition that runs");
  const bool changed = !(*t.value == t.to);
  if (changed) *t.value = t.to;
  s.running_.clear();  // keeps capacity
  s.runningSet_ = {};
  s.transitionTimer = 1.0f;
  return changed;
}

// https://drafts.csswg.org/css-transitions-1/#starting
PropSet StyleState::setTarget(const ComputedStyle& after, double now, PropSet snap) {
  return setTarget(after, now, snap, PropSet::all());
}

PropSet StyleState::setTarget(const ComputedStyle& after, double now, PropSet snap, PropSet mayDiffer) {
  return setTarget(after, now, snap, mayDiffer, after.transitions);
}

PropSet StyleState::setTarget(const ComputedStyle& after, double now, PropSet snap, PropSet mayDiffer,
                              const TransitionList& transitions) {
  // (A list holding a NaN equals nothing, itself included.)
  ZENIT_ASSERT(
      &transitions == &after.transitions || transitions == after.transitions || !(transitions == transitions),
      "setTarget: the transition list given is not after's");
  // An element that had no style at the previous style change event starts
  // no transitions.
  if (!hasStyle_) {
    const PropSet changed = diffProps(currentStyle, after);
    snapTo(after);
    return changed;
  }
  // The before-change style: the previous computed values with declarative
  // animations (our running transitions) updated to the current time.
  // Transitions that end at or before `now` complete first (§5).
  PropSet changed = tick(now);

  // Only a property whose value changes or that is in transition can do
  // anything in steps 1–4; the rest keep currentStyle == after already.
  // Outside the running set currentStyle is the previous target (the class
  // invariant), so only `mayDiffer` can differ there.
  ZENIT_ASSERT((diffProps(currentStyle, after).bits & ~(mayDiffer | runningSet_).bits) == 0,
               "setTarget: a property outside mayDiffer changed");
  const PropSet work = diffProps(currentStyle, after, mayDiffer) | runningSet_;
  work.forEach([&](Prop p) {
    bool c = false;
    visitProp2(p, currentStyle, after, [&](auto& cur, const auto& aft) {
      using T = std::remove_cvref_t<decltype(cur)>;
      if constexpr (kAnimValueType<T>) {
        c = applyTyped(p, cur, aft, transitions, now, snap.test(p));
      } else if (!(cur == aft)) {  // not animatable: the new value applies at once
        cur = aft;
        c = true;
      }
    });
    if (c) changed.set(p);
  });
  if (&after != &targetStyle) targetStyle = after;  // Layout passes its target, resolved in place
  // Transitions started at `now` show their value at `now` (a negative delay
  // starts part-way); ones that are already over complete here.
  changed |= tick(now);
  return changed;
}

// The numbered steps of CSS Transitions 1 §3 for one property whose
// before-change value is `cur` (currentStyle at `now`). Returns whether
// `cur` changed; new and replaced transitions are written by the tick that
// ends setTarget.
template <class T>
bool StyleState::applyTyped(Prop p, T& cur, const T& after, const TransitionList& list, double now,
                            bool forceSnap) {
  const bool running = runningSet_.test(p);
  // Cancelling a transition removes its effect: the after-change value shows.
  const auto cancelAndSnap = [&] {
    if (running) removeAt(indexOf(p));
    if (cur == after) return false;
    cur = after;
    return true;
  };
  if (forceSnap || !hasFlag(p, PF_ANIM)) return cancelAndSnap();

  const TransitionRef* m = matchingTransitionValue(list, p);
  const double combined = m ? combinedDuration(*m) : 0.0;

  // Step 1: no running transition, the value changes and is transitionable,
  // a matching transition-property value exists and the combined duration
  // is > 0: start a transition from the before-change value, with
  // reversing-adjusted start value = start value and factor 1.
  if (!running) {
    if (cur == after) return false;
    if (m && combined > 0.0 && transitionable(cur, after)) {
      running_.push_back(makeTransition(p, cur, after, cur, 1.0, *m, now));
      runningSet_.set(p);
      return false;
    }
    cur = after;  // otherwise the new value applies at once
    return true;
  }

  // Step 2 (completed transitions whose end value differs are forgotten)
  // has nothing to do: no set of completed transitions is kept (header).

  // Step 3: a running transition whose property is no longer matched by
  // transition-property is cancelled.
  if (!m) return cancelAndSnap();

  // Step 4: a running transition whose end value is the after-change value
  // keeps running with its own timing; otherwise:
  RunningTransition& r = running_[indexOf(p)];
  if (r.end.as<T>() == after) return false;

  // 4.1: the current value already is the after-change value, or the two do
  //      not interpolate: cancel.
  if (cur == after || !transitionable(cur, after)) return cancelAndSnap();

  // 4.2: combined duration <= 0 (or the values do not interpolate): cancel.
  if (!(combined > 0.0)) return cancelAndSnap();

  // 4.3: going back to the reversing-adjusted start value: cancel and start
  //      a shortened transition whose reversing-adjusted start value is the
  //      old end value and whose reversing shortening factor is
  //      |old output progress × old factor + (1 − old factor)| in [0, 1].
  if (r.reversingAdjustedStart.as<T>() == after) {
    const double oldOutput = sampleTransition(r, now).eased;
    const double oldFactor = r.reversingShorteningFactor;
    const double factor = std::clamp(std::abs(oldOutput * oldFactor + (1.0 - oldFactor)), 0.0, 1.0);
    const T oldEnd = r.end.as<T>();
    r = makeTransition(p, cur, after, oldEnd, factor, *m, now);
    return false;
  }

  // 4.4: otherwise cancel and start a new transition from the current value,
  //      with reversing-adjusted start value = start value and factor 1.
  r = makeTransition(p, cur, after, cur, 1.0, *m, now);
  return false;
}

}  // namespace zenit
