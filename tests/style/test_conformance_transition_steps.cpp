// Step boundaries of a transition at instants that are not binary fractions
// of a second, found by the browser conformance suite
// (tests/conformance/zenit/transitions.json, delay-steps-jump-start). The
// browser keeps time in whole microseconds, so 250 ms after the start is
// exactly a quarter of a 1 s transition; in double seconds 0.575 - 0.325 is
// 0.24999999999999994 and steps(4) stays one step behind.
#include <zenit/style/Transitions.hpp>

#include "support/zenit_test.hpp"

using namespace zenit;
using zenit::test::Approx;

TEST_CASE(
    "A steps() transition takes each step at its instant, also when the instant is a decimal number of "
    "seconds "
    "(conformance delay-steps-jump-start)",
    "[style][transitions][conformance]") {
  // .box { left: 0px; transition: left 1s steps(4, jump-start) 200ms }, left: 1000px at 0.125 s.
  // Chromium: 250px from 200 ms after the change, 500px from 450 ms, 750px from 700 ms.
  TransitionRef ref;
  ref.property = "left";
  ref.known = true;
  ref.prop = Prop::left;
  ref.duration = 1.0;
  ref.delay = 0.2;
  ref.ease = *TransitionFunction::stepsOf(4, StepPosition::JumpStart);
  ComputedStyle from;
  from.position = Position::Absolute;
  from.left = Px(0.0f);
  from.transitions = {ref};
  StyleState st;
  st.setTarget(from, 0.0);  // the first style snaps
  ComputedStyle to = from;
  to.left = Px(1000.0f);
  const double change = 0.125;
  st.setTarget(to, change);

  st.tick(change + 0.2);
  CHECK(st.currentStyle.left.px == Approx(250.0f));
  st.tick(change + 0.45);
  CHECK(st.currentStyle.left.px == Approx(500.0f));
  st.tick(change + 0.7);
  CHECK(st.currentStyle.left.px == Approx(750.0f));
}
