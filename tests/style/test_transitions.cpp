// StyleState: CSS Transitions 1 §3 "Starting of transitions", §4
// "Application", §5 "Completion", and the seed's transitionTimer /
// inTransition (§6). A manual clock in seconds; linear easing unless a test
// is about easing.
//
// [SECTION] Starting, running, completing
// [SECTION] Interrupting running transitions (step 4)
// [SECTION] Matching transition-property values
// [SECTION] Value types
// [SECTION] Seed §6 names, snapping, robustness, cost
// [SECTION] setTarget: mayDiffer and a transition list given apart
// [SECTION] The steady step: TransitionSteps::step
#include <zenit/style/Transitions.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "style/TransitionSteps.hpp"
#include "support/zenit_test.hpp"

#include "support/alloc_counter.hpp"

namespace {

using namespace zenit;

using zenit::test::allocationsIn;

bool near(double got, double want, double eps = 1e-5) { return std::abs(got - want) <= eps; }
bool near(float got, double want, double eps = 1e-5) { return near(static_cast<double>(got), want, eps); }

// One `transition` entry as the parser builds it.
TransitionRef tr(std::string_view name, double duration, double delay = 0.0,
                 const TransitionFunction& ease = TransitionFunction::Linear) {
  TransitionRef r;
  r.property = std::string(name);
  r.all = name == "all";
  const std::optional<Prop> p = propFromCssName(name);
  r.known = r.all || p.has_value();
  if (p) r.prop = *p;
  r.duration = duration;
  r.delay = delay;
  r.ease = ease;
  return r;
}

// A positioned box at left 0, opacity 0, with the given transitions.
ComputedStyle box(TransitionList transitions) {
  ComputedStyle s;
  s.position = Position::Absolute;
  s.left = Px(0.0f);
  s.opacity = 0.0f;
  s.transitions = std::move(transitions);
  return s;
}

// A node already showing `s` (its first style snaps).
StyleState settled(const ComputedStyle& s) {
  StyleState st;
  st.setTarget(s, -1.0);
  return st;
}

// Every property not in transition shows its after-change value.
void checkInvariant(const StyleState& st) {
  for (std::size_t i = 0; i < kPropCount; ++i) {
    const Prop p = static_cast<Prop>(i);
    if (st.runningProps().test(p)) continue;
    visitProp2(p, st.currentStyle, st.targetStyle, [&](const auto& cur, const auto& tgt) {
      INFO("property " << cssName(p));
      CHECK(cur == tgt);
    });
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Starting, running, completing
// ---------------------------------------------------------------------------

TEST_CASE("A node's first style snaps: no transitions start (CSS Transitions 1 §3, seed §6)",
          "[style][transitions]") {
  StyleState st;
  CHECK_FALSE(st.hasStyle());
  ComputedStyle a = box({tr("opacity", 1.0)});
  a.opacity = 0.25f;
  const PropSet changed = st.setTarget(a, 0.0);
  CHECK(st.hasStyle());
  CHECK_FALSE(st.inTransition());
  CHECK(st.currentStyle == a);
  CHECK(st.targetStyle == a);
  CHECK(changed.test(Prop::opacity));  // differs from the default 1
  CHECK(changed.test(Prop::position));
  CHECK_FALSE(changed.test(Prop::width));
}

TEST_CASE("A linear transition interpolates and completes at its end time (CSS Transitions 1 §4, §5)",
          "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.opacity = 1.0f;

  const PropSet started = st.setTarget(to, 0.0);
  CHECK_FALSE(started.test(Prop::opacity));  // still at its start value at the change
  CHECK(st.inTransition());
  CHECK(st.runningProps().test(Prop::opacity));
  CHECK(st.targetStyle.opacity == 1.0f);
  CHECK(st.currentStyle.opacity == 0.0f);

  CHECK(st.tick(0.25).test(Prop::opacity));
  CHECK(near(st.currentStyle.opacity, 0.25));
  st.tick(0.5);
  CHECK(near(st.currentStyle.opacity, 0.5));

  CHECK(st.tick(1.0).test(Prop::opacity));  // end time: the end value, then removed
  CHECK(st.currentStyle.opacity == 1.0f);
  CHECK_FALSE(st.inTransition());
  CHECK(st.running().empty());
  CHECK(st.tick(1.5).empty());
  checkInvariant(st);
}

TEST_CASE("Several properties run with their own duration, delay and easing (CSS Transitions 1 §3)",
          "[style][transitions]") {
  ComputedStyle from = box({tr("opacity", 1.0), tr("left", 2.0), tr("width", 0.5, 0.25)});
  from.width = Px(0.0f);
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.left = Px(200.0f);
  to.width = Px(100.0f);
  st.setTarget(to, 0.0);
  CHECK(st.runningProps().count() == 3);
  CHECK(st.find(Prop::width)->startTime == 0.25);
  CHECK(st.find(Prop::width)->endTime == 0.75);

  st.tick(0.5);
  CHECK(near(st.currentStyle.opacity, 0.5));
  CHECK(near(st.currentStyle.left.px, 50.0, 1e-3));
  CHECK(near(st.currentStyle.width.px, 50.0, 1e-3));
  st.tick(1.0);
  CHECK(st.currentStyle.opacity == 1.0f);
  CHECK(st.currentStyle.width == Px(100.0f));
  CHECK(near(st.currentStyle.left.px, 100.0, 1e-3));
  CHECK(st.runningProps().count() == 1);
  st.tick(2.0);
  CHECK(st.currentStyle == st.targetStyle);
}

TEST_CASE(
    "A negative delay starts part-way; a positive delay shows the start value (CSS Transitions 1 §3 step 1, "
    "§4)",
    "[style][transitions]") {
  SECTION("negative delay") {
    const ComputedStyle from = box({tr("opacity", 1.0, -0.25)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    const PropSet changed = st.setTarget(to, 10.0);
    CHECK(changed.test(Prop::opacity));  // already a quarter of the way at the change
    CHECK(near(st.currentStyle.opacity, 0.25));
    CHECK(st.find(Prop::opacity)->startTime == 9.75);
    CHECK(st.find(Prop::opacity)->endTime == 10.75);
    st.tick(10.5);
    CHECK(near(st.currentStyle.opacity, 0.75));
  }
  SECTION("positive delay: transitions fill backwards") {
    const ComputedStyle from = box({tr("opacity", 1.0, 0.5)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    st.setTarget(to, 0.0);
    st.tick(0.25);
    CHECK(st.currentStyle.opacity == 0.0f);
    CHECK(st.inTransition());
    CHECK(st.transitionTimer == 0.0f);
    st.tick(1.0);
    CHECK(near(st.currentStyle.opacity, 0.5));
    st.tick(1.5);
    CHECK(st.currentStyle.opacity == 1.0f);
    CHECK_FALSE(st.inTransition());
  }
}

TEST_CASE("A zero combined duration snaps (CSS Transitions 1 §3: combined duration > 0s)",
          "[style][transitions]") {
  struct Case {
    double duration, delay;
  };
  for (const Case c : {Case{0.0, 0.0}, Case{1.0, -1.0}, Case{1.0, -2.0}, Case{-1.0, 0.0}}) {
    CAPTURE(c.duration, c.delay);
    const ComputedStyle from = box({tr("opacity", c.duration, c.delay)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    CHECK(st.setTarget(to, 0.0).test(Prop::opacity));
    CHECK_FALSE(st.inTransition());
    CHECK(st.currentStyle.opacity == 1.0f);
  }
  SECTION("zero duration after a positive delay still waits for the delay") {
    const ComputedStyle from = box({tr("opacity", 0.0, 0.5)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    st.setTarget(to, 0.0);
    CHECK(st.inTransition());
    st.tick(0.49);
    CHECK(st.currentStyle.opacity == 0.0f);
    st.tick(0.5);
    CHECK(st.currentStyle.opacity == 1.0f);
    CHECK_FALSE(st.inTransition());
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Interrupting running transitions (step 4)
// ---------------------------------------------------------------------------

TEST_CASE("Reversing a half-finished transition takes half the time (CSS Transitions 1 §3 step 4.3)",
          "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.opacity = 1.0f;
  st.setTarget(to, 0.0);
  st.tick(0.5);

  st.setTarget(from, 0.5);  // back to where it came from
  const RunningTransition* r = st.find(Prop::opacity);
  REQUIRE(r != nullptr);
  CHECK(r->reversingShorteningFactor == 0.5);
  CHECK(r->duration() == 0.5);
  CHECK(r->start.as<float>() == 0.5f);
  CHECK(r->end.as<float>() == 0.0f);
  CHECK(r->reversingAdjustedStart.as<float>() == 1.0f);  // the old end value
  st.tick(0.75);
  CHECK(near(st.currentStyle.opacity, 0.25));
  st.tick(1.0);
  CHECK(st.currentStyle.opacity == 0.0f);
  CHECK_FALSE(st.inTransition());
}

TEST_CASE("Reversing twice accumulates the shortening factor (CSS Transitions 1 §3 step 4.3)",
          "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.opacity = 1.0f;
  st.setTarget(to, 0.0);
  st.setTarget(from, 0.25);  // at 0.25: factor 0.25, 0.25 s back to 0
  CHECK(st.find(Prop::opacity)->reversingShorteningFactor == 0.25);
  st.setTarget(to, 0.35);  // 40 % of the way back: value 0.15
  const RunningTransition* r = st.find(Prop::opacity);
  REQUIRE(r != nullptr);
  // |0.4 × 0.25 + (1 − 0.25)| = 0.85: the share of the 0→1 distance still to go.
  CHECK(near(r->reversingShorteningFactor, 0.85, 1e-12));
  CHECK(near(r->duration(), 0.85, 1e-12));
  CHECK(near(r->start.as<float>(), 0.15));
  CHECK(r->reversingAdjustedStart.as<float>() == 0.0f);
  st.tick(0.35 + 0.425);
  CHECK(near(st.currentStyle.opacity, 0.575));
}

TEST_CASE(
    "Reversing keeps a positive delay in full and scales a negative one (CSS Transitions 1 §3 step 4.3)",
    "[style][transitions]") {
  SECTION("positive delay") {
    const ComputedStyle from = box({tr("opacity", 1.0, 0.5)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    st.setTarget(to, 0.0);
    st.setTarget(from, 1.0);  // half-way
    const RunningTransition* r = st.find(Prop::opacity);
    REQUIRE(r != nullptr);
    CHECK(r->delay() == 0.5);
    CHECK(r->duration() == 0.5);
    st.tick(1.25);
    CHECK(near(st.currentStyle.opacity, 0.5));  // the delay again, at the start value
    st.tick(1.75);
    CHECK(near(st.currentStyle.opacity, 0.25));
  }
  SECTION("negative delay") {
    const ComputedStyle from = box({tr("opacity", 1.0, -0.5)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    st.setTarget(to, 0.0);     // starts at 0.5
    st.setTarget(from, 0.25);  // at 0.75: factor 0.75
    const RunningTransition* r = st.find(Prop::opacity);
    REQUIRE(r != nullptr);
    CHECK(near(r->delay(), -0.375, 1e-12));
    CHECK(near(r->duration(), 0.75, 1e-12));
    CHECK(near(st.currentStyle.opacity, 0.75 * (1.0 - 0.5), 1e-5));  // 0.375 / 0.75 of the way back already
  }
}

TEST_CASE("Interrupting towards a new value starts from the current value (CSS Transitions 1 §3 step 4.4)",
          "[style][transitions]") {
  const ComputedStyle from = box({tr("left", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.left = Px(100.0f);
  st.setTarget(to, 0.0);
  ComputedStyle further = from;
  further.left = Px(200.0f);
  // No tick at 0.5 first: the before-change style is brought to 0.5 by setTarget itself.
  CHECK(st.setTarget(further, 0.5).test(Prop::left));
  const RunningTransition* r = st.find(Prop::left);
  REQUIRE(r != nullptr);
  CHECK(r->start.as<Value>() == Px(50.0f));
  CHECK(r->end.as<Value>() == Px(200.0f));
  CHECK(r->reversingShorteningFactor == 1.0);
  CHECK(r->duration() == 1.0);
  st.tick(1.0);
  CHECK(near(st.currentStyle.left.px, 125.0, 1e-4));
}

TEST_CASE("A running transition whose end value is unchanged keeps its timing (CSS Transitions 1 §3 step 4)",
          "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.opacity = 1.0f;
  st.setTarget(to, 0.0);
  ComputedStyle again = to;
  again.transitions = {tr("opacity", 4.0, 1.0)};  // new parameters do not touch a running transition
  again.width = Px(30.0f);                        // an unrelated, untransitioned change
  st.tick(0.5);
  const PropSet changed = st.setTarget(again, 0.5);
  CHECK(changed.test(Prop::width));
  CHECK_FALSE(changed.test(Prop::opacity));
  const RunningTransition* r = st.find(Prop::opacity);
  REQUIRE(r != nullptr);
  CHECK(r->changeTime == 0.0);
  CHECK(r->endTime == 1.0);
  st.tick(0.75);
  CHECK(near(st.currentStyle.opacity, 0.75));
}

TEST_CASE("Going back to the value shown cancels the transition (CSS Transitions 1 §3 step 4.1)",
          "[style][transitions]") {
  SECTION("during the delay the start value shows") {
    const ComputedStyle from = box({tr("opacity", 1.0, 1.0)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    st.setTarget(to, 0.0);
    st.setTarget(from, 0.5);
    CHECK_FALSE(st.inTransition());
    CHECK(st.currentStyle.opacity == 0.0f);
  }
  SECTION("values that cannot interpolate with the current value snap") {
    const ComputedStyle from = box({tr("left", 1.0)});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.left = Px(100.0f);
    st.setTarget(to, 0.0);
    ComputedStyle autoLeft = from;
    autoLeft.left = Value::makeAuto();
    CHECK(st.setTarget(autoLeft, 0.5).test(Prop::left));
    CHECK_FALSE(st.inTransition());
    CHECK(st.currentStyle.left.isAuto());
  }
}

TEST_CASE(
    "A running transition with a new combined duration of 0 is cancelled (CSS Transitions 1 §3 step 4.2)",
    "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.opacity = 1.0f;
  st.setTarget(to, 0.0);
  ComputedStyle other = from;
  other.opacity = 0.2f;
  other.transitions = {tr("opacity", 0.0)};
  st.setTarget(other, 0.5);
  CHECK_FALSE(st.inTransition());
  CHECK(st.currentStyle.opacity == 0.2f);
}

// ---------------------------------------------------------------------------
// [SECTION] Matching transition-property values
// ---------------------------------------------------------------------------

TEST_CASE("A property not listed in transition-property changes at once (CSS Transitions 1 §3 step 1)",
          "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.left = Px(1000.0f);
  CHECK(st.setTarget(to, 0.0).test(Prop::left));
  CHECK(st.currentStyle.left == Px(1000.0f));
  CHECK_FALSE(st.inTransition());
}

TEST_CASE("A transition whose property is no longer listed is cancelled (CSS Transitions 1 §3 step 3)",
          "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0), tr("left", 1.0)});
  StyleState st = settled(from);
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.left = Px(100.0f);
  st.setTarget(to, 0.0);
  st.tick(0.5);
  ComputedStyle unlisted = to;
  unlisted.transitions = {tr("left", 1.0)};
  const PropSet changed = st.setTarget(unlisted, 0.5);
  CHECK(changed.test(Prop::opacity));
  CHECK(st.currentStyle.opacity == 1.0f);  // jumps to the after-change value
  CHECK_FALSE(st.runningProps().test(Prop::opacity));
  CHECK(st.runningProps().test(Prop::left));
  checkInvariant(st);
}

TEST_CASE(
    "`all` matches every animatable property; the last matching entry wins; unknown names match nothing "
    "(CSS Transitions 1 §3 matching transition-property value)",
    "[style][transitions]") {
  ComputedStyle from = box({});
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.left = Px(100.0f);
  to.backgroundColor = Color::white();
  to.position = Position::Relative;  // not animatable: never transitions

  SECTION("all") {
    from.transitions = to.transitions = {tr("all", 1.0)};
    StyleState st = settled(from);
    st.setTarget(to, 0.0);
    PropSet expected;
    expected.set(Prop::opacity);
    expected.set(Prop::left);
    expected.set(Prop::backgroundColor);
    CHECK(st.runningProps() == expected);
    CHECK(st.currentStyle.position == Position::Relative);
  }
  SECTION("a later `all` overrides an earlier name") {
    to.transitions = {tr("opacity", 1.0), tr("all", 2.0)};
    StyleState st = settled(from);
    st.setTarget(to, 0.0);
    CHECK(st.find(Prop::opacity)->duration() == 2.0);
    CHECK(st.find(Prop::left)->duration() == 2.0);
  }
  SECTION("a later name overrides an earlier `all`") {
    to.transitions = {tr("all", 2.0), tr("opacity", 1.0),
                      tr("opacity", 3.0, 0.0, TransitionFunction::EaseIn)};
    StyleState st = settled(from);
    st.setTarget(to, 0.0);
    CHECK(st.find(Prop::opacity)->duration() == 3.0);
    CHECK(st.find(Prop::opacity)->ease == TransitionFunction::EaseIn);
    CHECK(st.find(Prop::left)->duration() == 2.0);
  }
  SECTION("unknown names are ignored") {
    to.transitions = {tr("left", 1.0), tr("not-a-property", 5.0)};
    CHECK_FALSE(to.transitions[1].known);
    StyleState st = settled(from);
    st.setTarget(to, 0.0);
    CHECK(st.runningProps().count() == 1);
    CHECK(st.currentStyle.opacity == 1.0f);
  }
}

TEST_CASE("Parameters come from the after-change style (CSS Transitions 1 §3, note on transition-* changes)",
          "[style][transitions]") {
  // li { transition: background-color linear 1s } li:hover { transition-duration: 2s }
  ComputedStyle idle;
  idle.backgroundColor = Color::rgba8(0, 0, 255);
  idle.transitions = {tr("background-color", 1.0)};
  ComputedStyle hover = idle;
  hover.backgroundColor = Color::rgba8(0, 128, 0);
  hover.transitions = {tr("background-color", 2.0)};
  StyleState st = settled(idle);
  st.setTarget(hover, 0.0);
  CHECK(st.find(Prop::backgroundColor)->duration() == 2.0);
  st.tick(5.0);
  st.setTarget(idle, 5.0);
  CHECK(st.find(Prop::backgroundColor)->duration() == 1.0);
}

// ---------------------------------------------------------------------------
// [SECTION] Value types
// ---------------------------------------------------------------------------

TEST_CASE(
    "Discrete pairs never transition (CSS Transitions 1 §3 transitionable, transition-behavior: normal)",
    "[style][transitions]") {
  ComputedStyle from = box({tr("all", 1.0)});
  from.width = Value::makeAuto();
  from.zIndex = ZIndex::makeAuto();
  from.boxShadow = Shadow{2, 2, 4, 0, Color::black(), false};
  ComputedStyle to = from;
  to.width = Px(100.0f);                                    // auto -> length
  to.zIndex = ZIndex::of(3);                                // auto -> integer
  to.boxShadow = Shadow{2, 2, 4, 0, Color::black(), true};  // outset -> inset
  to.display = Display::None;                               // not animatable
  StyleState st = settled(from);
  const PropSet changed = st.setTarget(to, 0.0);
  CHECK_FALSE(st.inTransition());
  CHECK(st.currentStyle == to);
  CHECK(changed.test(Prop::width));
  CHECK(changed.test(Prop::zIndex));
  CHECK(changed.test(Prop::boxShadow));
  CHECK(changed.test(Prop::display));
}

TEST_CASE("Each value type interpolates as CSS does (CSS Transitions 1 §4)", "[style][transitions]") {
  ComputedStyle from = box({tr("all", 1.0)});
  from.backgroundColor = Color::transparent();
  from.zIndex = ZIndex::of(1);
  from.padding = Spacing::all(Px(0.0f));
  from.visibility = Visibility::Hidden;
  from.boxShadow = ShadowList{};  // none
  ComputedStyle to = from;
  to.left = Pct(50.0f);
  to.backgroundColor = Color{1.0f, 0.0f, 0.0f, 1.0f};
  to.zIndex = ZIndex::of(5);
  to.padding = Spacing::all(Px(10.0f));
  to.visibility = Visibility::Visible;
  to.boxShadow = Shadow{4, 4, 8, 0, Color::black(), false};
  StyleState st = settled(from);
  st.setTarget(to, 0.0);
  CHECK(st.runningProps().count() == 6);
  st.tick(0.5);
  const ComputedStyle& c = st.currentStyle;
  CHECK(c.left.pct == 25.0f);  // px and % kept apart, as calc()
  CHECK(c.left.px == 0.0f);
  CHECK(near(c.backgroundColor.r, 1.0));  // premultiplied: no dark fringe from transparent black
  CHECK(near(c.backgroundColor.a, 0.5));
  CHECK(c.zIndex == ZIndex::of(3));
  CHECK(c.padding == Spacing::all(Px(5.0f)));
  CHECK(c.visibility == Visibility::Visible);  // visible over the whole interval
  REQUIRE(c.boxShadow.size() == 1);
  CHECK(near(c.boxShadow[0].offsetX, 2.0));
  CHECK(near(c.boxShadow[0].color.a, 0.5));
  st.tick(0.0);  // an earlier time is evaluated the same way: the start values
  CHECK(st.currentStyle.visibility == Visibility::Hidden);
}

TEST_CASE("Overshooting easings are clamped to the property's range (CSS Transitions 1 §4)",
          "[style][transitions]") {
  const TransitionFunction overshoot = *TransitionFunction::cubicBezier(0.5, -2, 0.5, 3);
  if (getRatio(0.15, overshoot) >= 0.0) {
    FAIL("no longer skippable: getRatio must evaluate cubic-bezier yet");
    return;
  }
  ComputedStyle from = box({tr("opacity", 1.0, 0.0, overshoot), tr("width", 1.0, 0.0, overshoot),
                            tr("left", 1.0, 0.0, overshoot)});
  from.opacity = 0.0f;
  from.width = Px(0.0f);
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.width = Px(100.0f);
  to.left = Px(100.0f);
  StyleState st = settled(from);
  st.setTarget(to, 0.0);
  st.tick(0.15);  // the easing is below 0 here
  CHECK(st.currentStyle.opacity == 0.0f);
  CHECK(st.currentStyle.width.px == 0.0f);
  CHECK(st.currentStyle.left.px < 0.0f);  // left is not clamped
}

// ---------------------------------------------------------------------------
// [SECTION] Seed §6 names, snapping, robustness, cost
// ---------------------------------------------------------------------------

TEST_CASE("transitionTimer is the least progress of the running transitions, 1 when idle (seed §6)",
          "[style][transitions]") {
  ComputedStyle from = box({tr("opacity", 1.0), tr("left", 2.0)});
  StyleState st = settled(from);
  CHECK(st.transitionTimer == 1.0f);
  CHECK_FALSE(st.inTransition());
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.left = Px(100.0f);
  st.setTarget(to, 0.0);
  CHECK(st.transitionTimer == 0.0f);
  CHECK(st.inTransition());
  st.tick(0.5);
  CHECK(st.transitionTimer == 0.25f);  // min(0.5, 0.25)
  st.tick(1.0);
  CHECK(st.transitionTimer == 0.5f);  // opacity done; left half-way
  st.tick(2.0 - 1e-8);                // would round to 1.0f; stays below 1 while anything runs
  CHECK(st.inTransition());
  CHECK(st.transitionTimer < 1.0f);
  st.tick(2.0);
  CHECK(st.transitionTimer == 1.0f);
  CHECK_FALSE(st.inTransition());
}

TEST_CASE("snapToTarget and setTarget's snap set cancel transitions (seed §6)", "[style][transitions]") {
  const ComputedStyle from = box({tr("opacity", 1.0), tr("left", 1.0)});
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.left = Px(100.0f);
  SECTION("snapToTarget") {
    StyleState st = settled(from);
    st.setTarget(to, 0.0);
    st.tick(0.5);
    st.snapToTarget();
    CHECK_FALSE(st.inTransition());
    CHECK(st.transitionTimer == 1.0f);
    CHECK(st.currentStyle == to);
  }
  SECTION("snap set: listed properties jump, the others transition") {
    StyleState st = settled(from);
    PropSet snap;
    snap.set(Prop::opacity);
    st.setTarget(to, 0.0, snap);
    CHECK(st.currentStyle.opacity == 1.0f);
    CHECK(st.runningProps().test(Prop::left));
    CHECK_FALSE(st.runningProps().test(Prop::opacity));
    ComputedStyle back = from;
    snap = {};
    snap.set(Prop::left);
    st.setTarget(back, 0.5, snap);  // cancels the running left transition
    CHECK(st.currentStyle.left == Px(0.0f));
    CHECK(st.runningProps().test(Prop::opacity));
  }
}

TEST_CASE("Time is absolute: frame-by-frame ticks equal one jump (seed §6, CSS Transitions 1 §4)",
          "[style][transitions]") {
  ComputedStyle from = box({tr("opacity", 1.0), tr("left", 2.0, 0.1)});
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.left = Px(333.0f);
  StyleState framed = settled(from), jumped = settled(from);
  framed.setTarget(to, 0.0);
  jumped.setTarget(to, 0.0);
  for (int frame = 1; frame <= 1500; ++frame) {
    const double now = frame / 1000.0;
    framed.tick(now);
    if (frame % 250 == 0) {
      jumped.tick(now);
      CHECK(framed.currentStyle == jumped.currentStyle);
      CHECK(framed.transitionTimer == jumped.transitionTimer);
    }
  }
}

TEST_CASE("Non-finite durations and delays start no transition (bad input never crashes)",
          "[style][transitions]") {
  const double nan = std::nan("");
  const double inf = std::numeric_limits<double>::infinity();
  for (const TransitionRef& t : {tr("opacity", nan), tr("opacity", inf), tr("opacity", 1.0, nan),
                                 tr("opacity", 1.0, -inf), tr("opacity", 1.0, inf)}) {
    CAPTURE(t.duration, t.delay);
    const ComputedStyle from = box({t});
    StyleState st = settled(from);
    ComputedStyle to = from;
    to.opacity = 1.0f;
    st.setTarget(to, 0.0);
    CHECK_FALSE(st.inTransition());
    CHECK(st.currentStyle.opacity == 1.0f);
  }
}

TEST_CASE("Every property not in transition shows its target value (invariant)", "[style][transitions]") {
  ComputedStyle a = box({tr("opacity", 1.0), tr("left", 0.5, -0.1), tr("all", 0.3)});
  ComputedStyle b = a;
  b.opacity = 1.0f;
  b.left = Px(50.0f);
  b.display = Display::None;
  b.margin = Spacing::all(Px(4.0f));
  ComputedStyle c = b;
  c.left = Value::makeAuto();
  c.transitions = {tr("opacity", 2.0)};
  StyleState st = settled(a);
  const ComputedStyle* sequence[] = {&b, &a, &c, &b, &a, &a, &c};
  double now = 0.0;
  for (const ComputedStyle* s : sequence) {
    st.setTarget(*s, now);
    checkInvariant(st);
    now += 0.2;
    st.tick(now);
    checkInvariant(st);
  }
}

TEST_CASE(
    "tick allocates nothing in steady state; an idle node pays nothing (seed §10.1, design quality bar)",
    "[style][transitions][alloc]") {
  // The counter itself works.
  CHECK(allocationsIn([] {
          int* volatile p = new int(1);  // volatile: an optimiser may not elide the pair
          delete p;
        }) == 1);

  ComputedStyle from = box({tr("all", 10.0)});
  ComputedStyle to = from;
  to.opacity = 1.0f;
  to.left = Px(100.0f);
  to.backgroundColor = Color::white();
  to.padding = Spacing::all(Px(8.0f));
  StyleState st = settled(from);
  st.setTarget(to, 0.0);
  REQUIRE(st.runningProps().count() == 4);

  double now = 0.0;
  CHECK(allocationsIn([&] {
          for (int frame = 0; frame < 120; ++frame) st.tick(now += 1.0 / 60.0);
        }) == 0);
  CHECK(allocationsIn([&] { st.setTarget(to, now); }) == 0);    // a style event that changes nothing
  CHECK(allocationsIn([&] { st.setTarget(from, now); }) == 0);  // reversing reuses the slots
  CHECK(st.runningProps().count() == 4);

  StyleState idle = settled(from);
  bool anyChange = false;
  CHECK(allocationsIn([&] {
          for (int frame = 0; frame < 120; ++frame) anyChange |= idle.tick(frame / 60.0).any();
        }) == 0);
  CHECK_FALSE(anyChange);
}

// ---------------------------------------------------------------------------
// [SECTION] setTarget: mayDiffer and a transition list given apart
// ---------------------------------------------------------------------------

namespace {
TEST_CASE("setTarget with mayDiffer: the properties named, and those in transition, are all it compares",
          "[style][transitions]") {
  // Two nodes take the same changes: one through the full comparison, one
  // told which properties changed (as Layout passes StyleCache::changedRows).
  ComputedStyle before = box({tr("left", 1.0), tr("opacity", 1.0)});
  StyleState full = settled(before);
  StyleState told = settled(before);
  ComputedStyle step1 = before;
  step1.left = Px(100.0f);
  step1.opacity = 1.0f;
  CHECK(full.setTarget(step1, 0.0) ==
        told.setTarget(step1, 0.0, {}, PropSet{PropSet::bit(Prop::left) | PropSet::bit(Prop::opacity)}));
  // Half-way, opacity's target changes back (a reversal); left, in
  // transition, is not named but still continues.
  ComputedStyle step2 = step1;
  step2.opacity = 0.0f;
  CHECK(full.setTarget(step2, 0.5) == told.setTarget(step2, 0.5, {}, PropSet{PropSet::bit(Prop::opacity)}));
  CHECK(full.runningProps() == told.runningProps());
  for (double t : {0.6, 0.9, 1.2}) {
    CHECK(full.tick(t) == told.tick(t));
    CHECK(full.currentStyle.left == told.currentStyle.left);
    CHECK(full.currentStyle.opacity == told.currentStyle.opacity);
  }
  CHECK(near(told.currentStyle.left.px, 100.0));
  CHECK(told.currentStyle.opacity == 0.0f);
}
}  // namespace

TEST_CASE("setTarget with the transition list given apart: the results of after's own",
          "[style][transitions]") {
  // As Layout passes the resolver's shared list (StyleResolver::lastTransitions):
  // a copy with the same entries, held elsewhere.
  ComputedStyle before = box({tr("left", 1.0), tr("opacity", 0.5, 0.1, TransitionFunction::EaseInOut)});
  const TransitionList shared = before.transitions;
  StyleState own = settled(before);
  StyleState given = settled(before);
  ComputedStyle after = before;
  after.left = Px(100.0f);
  after.opacity = 1.0f;
  const PropSet named{PropSet::bit(Prop::left) | PropSet::bit(Prop::opacity)};
  CHECK(own.setTarget(after, 0.0, {}, named) == given.setTarget(after, 0.0, {}, named, shared));
  CHECK(given.runningProps() == named);  // both matched in the list given
  given.tick(0.25);
  own.tick(0.25);
  CHECK(near(given.currentStyle.left.px, 25.0));
  CHECK(given.currentStyle.opacity > 0.0f);
  ComputedStyle back = after;
  back.opacity = 0.0f;
  CHECK(own.setTarget(back, 0.3, {}, PropSet{PropSet::bit(Prop::opacity)}) ==
        given.setTarget(back, 0.3, {}, PropSet{PropSet::bit(Prop::opacity)}, shared));
  for (double t : {0.35, 0.5, 0.8, 1.2}) {
    CHECK(own.tick(t) == given.tick(t));
    CHECK(own.currentStyle.left == given.currentStyle.left);
    CHECK(own.currentStyle.opacity == given.currentStyle.opacity);
    CHECK(own.runningProps() == given.runningProps());
  }
  CHECK_FALSE(given.inTransition());
}

// ---------------------------------------------------------------------------
// [SECTION] The steady step: TransitionSteps::step, what a parent's
// list of Transitions records runs in place of tick while one float
// property transitions
// ---------------------------------------------------------------------------

namespace {

bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

// One node of the steady test: a style whose one float property `prop`
// goes from `from` to `to`, stepped from its record, and a twin ticked.
struct SteadyNode {
  Prop prop;
  StyleState stepped;
  StyleState ticked;
  SteadyTransition record;
  bool steady = false;

  float& field(StyleState& st) const {
    float* f = nullptr;
    visitProp(prop, st.currentStyle, [&](auto& v) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(v)>, float>) f = &v;
    });
    return *f;
  }
};

}  // namespace

TEST_CASE("TransitionSteps::step: each record's value is the one tick gives, frame by frame",
          "[style][transitions][steady]") {
  const TransitionFunction overshoot = *TransitionFunction::cubicBezier(0.3, 4.0, 0.6, -1.0);
  const TransitionFunction overEase =
      *TransitionFunction::cubicBezier(0.25, -0.6, 0.25, 1.6);  // ease's table
  struct Spec {
    std::string_view name;
    float from, to;
    double duration, delay;
    TransitionFunction ease;
  };
  // Runs of `ease` and of `ease-in-out` (their fits), mixed ones, delays, a negative delay, and overshooting
  // curves that the property's range clamps (opacity to [0, 1], border-width to >= 0) or does not (scale).
  const std::vector<Spec> specs = {
      {"opacity", 0.2f, 1.0f, 0.3, 0.0, TransitionFunction::Ease},
      {"opacity", 1.0f, 0.2f, 0.25, 0.0, TransitionFunction::Ease},
      {"opacity", 0.0f, 0.7f, 0.4, 0.0, TransitionFunction::Ease},
      {"opacity", 0.5f, 0.9f, 0.35, 0.0, TransitionFunction::Ease},
      {"opacity", 0.2f, 1.0f, 0.3, 0.0, TransitionFunction::EaseInOut},
      {"opacity", 0.9f, 0.1f, 0.2, 0.0, TransitionFunction::EaseInOut},
      {"scale-x", 1.0f, 2.5f, 0.3, 0.0, TransitionFunction::EaseInOut},
      {"opacity", 0.3f, 0.6f, 0.5, 0.0, TransitionFunction::EaseInOut},
      {"opacity", 0.2f, 1.0f, 0.3, 0.1, TransitionFunction::Ease},
      {"opacity", 0.2f, 1.0f, 0.3, -0.1, TransitionFunction::Ease},
      {"opacity", 0.2f, 1.0f, 0.3, 0.0, overEase},
      {"border-width", 4.0f, 1.0f, 0.3, 0.0, overshoot},
      {"opacity", 0.8f, 0.2f, 0.3, 0.0, TransitionFunction::Linear},
      {"scale-y", 1.0f, 0.5f, 0.45, 0.0, overshoot},
      {"opacity", 0.2f, 1.0f, 0.3, 0.0, *TransitionFunction::stepsOf(4)},
      {"opacity", 0.2f, 1.0f, 0.3, 0.0, TransitionFunction::EaseIn},
      {"rotate", 0.0f, 90.0f, 0.3, 0.0, TransitionFunction::EaseOutBack},
  };
  std::vector<SteadyNode> nodes(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const Spec& sp = specs[i];
    SteadyNode& n = nodes[i];
    n.prop = *propFromCssName(sp.name);
    ComputedStyle from = box({tr(sp.name, sp.duration, sp.delay, sp.ease)});
    ComputedStyle to = from;
    visitProp(n.prop, from, [&](auto& v) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(v)>, float>) v = sp.from;
    });
    visitProp(n.prop, to, [&](auto& v) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(v)>, float>) v = sp.to;
    });
    n.stepped = settled(from);
    n.ticked = settled(from);
    n.stepped.setTarget(to, 0.0);
    n.ticked.setTarget(to, 0.0);
    n.steady = detail::TransitionSteps::take(n.stepped, n.record);
    REQUIRE(n.steady);
  }
  // Uneven frames; each node still steady is stepped from its record.
  double now = 0.0;
  for (int frame = 0; frame < 40; ++frame) {
    now += frame % 3 == 0 ? 0.013 : 1.0 / 60.0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      SteadyNode& node = nodes[i];
      if (!node.steady) {
        node.ticked.tick(now);
        continue;
      }
      const SteadyTransition::Step step = detail::TransitionSteps::step(node.record, now);
      const float before = node.field(node.ticked);
      node.ticked.tick(now);
      INFO("frame " << frame << " node " << i);
      if (step == SteadyTransition::Step::Ended) {
        // The end: the end value, no transition left, the timer 1, as tick leaves them.
        CHECK(detail::TransitionSteps::end(node.stepped, node.record) ==
              !sameBits(node.field(node.ticked), before));
        CHECK(node.stepped.transitionTimer == node.ticked.transitionTimer);
        CHECK_FALSE(node.ticked.inTransition());
        node.steady = false;
      } else if (step == SteadyTransition::Step::Declined) {
        // The delay: the general tick, and the record taken again.
        node.stepped.tick(now);
        CHECK(node.stepped.transitionTimer == node.ticked.transitionTimer);
        CHECK(node.stepped.inTransition());
        node.steady = detail::TransitionSteps::take(node.stepped, node.record);
      } else {
        const bool changed = !sameBits(node.field(node.ticked), before);
        CHECK(step == (changed ? SteadyTransition::Step::Changed : SteadyTransition::Step::Unchanged));
        CHECK(sameBits(node.record.current, node.field(node.stepped)));
      }
      CHECK(sameBits(node.field(node.stepped), node.field(node.ticked)));
      CHECK(node.stepped.inTransition() == node.ticked.inTransition());
    }
  }
  for (SteadyNode& n : nodes) {
    CHECK_FALSE(n.stepped.inTransition());
    CHECK(sameBits(n.field(n.stepped), n.field(n.ticked)));
  }
}
