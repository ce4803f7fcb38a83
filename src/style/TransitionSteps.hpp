// The Transitions kind of the steady step (anim/steady) reads and steps a
// node's one running transition from a copy (not part of the API):
// SteadyTransition, and the StyleState calls it needs.
#pragma once

#include "core/EaseEval.hpp"

#include <zenit/style/Transitions.hpp>

#include <cstddef>

namespace zenit {

// One running transition of a float property, copied out of its StyleState
// (TransitionSteps::take) for a caller that steps many nodes from a
// dense list of these: TransitionSteps::step reads nothing but the record
// and writes the record and the property's field (not transitionTimer: see
// step). Valid while that StyleState is not changed by anything else
// (setTarget, snapTo, tick).
struct SteadyTransition {
  enum class Step : std::uint8_t {
    Unchanged,  // the value is the one shown already
    Changed,    // the value changed
    Declined,   // before the start time (the delay): nothing written; call tick
    Ended,      // at or after the end time: nothing written; call TransitionSteps::end (or tick)
  };
  float* value{nullptr};  // the property's field in currentStyle
  double startTime{0.0};
  double endTime{0.0};
  // The timing function: sharedEasing's preset when there is one, else
  // the running transition's own (which the record's validity keeps alive).
  const TransitionFunction* ease{nullptr};
  EaseFn easeFn{nullptr};  // easeFnOf(*ease): getRatio without its dispatch, the same bits
  float from{0.0f};
  float to{0.0f};
  float current{0.0f};  // *value as the last step left it (the step compares with this copy)
  Prop prop{};
};
static_assert(sizeof(SteadyTransition) <= 64, "a dense list holds one per node: keep it to a line");

namespace detail {

struct TransitionSteps {
  // True, with `out` filled, when exactly one transition of `s` runs and
  // its property is a float (opacity, scale, rotate …); false otherwise.
  static bool take(StyleState& s, SteadyTransition& out);
  // What StyleState::tick(now) does to that state's value while the record's
  // transition is in its active phase, bit for bit; Declined (nothing
  // written) before its start time, Ended from its end on. transitionTimer is
  // not written: it keeps the value it had when the record was taken (< 1,
  // as the transition runs) until the next tick, which sets it anew. That
  // saves each step a line of every node; nothing reads it meanwhile.
  static SteadyTransition::Step step(SteadyTransition& t, double now);
  // What tick does once the record's transition has Ended: its end value
  // shows, it completes (no transition runs after it) and transitionTimer
  // is 1. Reads the record, not the running transition; true when the
  // value changed.
  static bool end(StyleState& s, const SteadyTransition& t);
  // A compositor's sealed copy of `from` (src/layout/Sealed.hpp): what its
  // ticks and draws read, the current style and the running transitions.
  // The target style stays as it was: only a restyle reads it (setTarget,
  // snapTo), and a copy has none. Reuses `to`'s storage.
  static void copyTicking(StyleState& to, const StyleState& from) {
    to.currentStyle = from.currentStyle;
    to.transitionTimer = from.transitionTimer;
    to.running_ = from.running_;
    to.runningSet_ = from.runningSet_;
    to.hasStyle_ = from.hasStyle_;
  }
};

}  // namespace detail
}  // namespace zenit
