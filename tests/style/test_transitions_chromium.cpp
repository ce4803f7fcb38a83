// Every Chromium-recorded transition case, replayed on a StyleState.
//
// The cases live in tests/conformance/chromium/transitions.json; the script
// tests/conformance/gen_transitions.py turns them into
// tests/conformance/chromium/transitions_cases.inc (one ChromiumTransitionCase
// each). The replay follows the recorder's procedure: the node gets its
// initial style 100 ms before the first change (so it is settled), each
// step's declarations are applied at the step's time, and the values are read
// at each sample time. Tolerances are the recorder's: numbers within 1e-3
// relative (at least 2e-3 absolute), colour channels within 1 of 255.
#include <zenit/style/Transitions.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <vector>

#include "support/zenit_test.hpp"

namespace {

using namespace zenit;

enum class Expect { Number, LengthPx, Color };

struct ExpectedValue {
  Prop prop;
  Expect kind;
  std::vector<double> v;  // Number / LengthPx: one value; Color: r, g, b (0..255), alpha
  const char* css;        // getComputedStyle's string, for messages
};

struct ChromiumSample {
  double tMs;
  std::vector<ExpectedValue> values;
  std::vector<Prop> active;  // properties with a running transition at tMs
};

struct CreatedTransition {
  Prop prop;
  double durationMs;
  double delayMs;
};

struct ChromiumStep {
  double atMs;
  void (*apply)(ComputedStyle&);
  std::vector<Prop> runningAfter;          // every running transition right after the change
  std::vector<CreatedTransition> created;  // the ones this change started
};

struct ChromiumTransitionCase {
  const char* id;
  void (*initial)(ComputedStyle&);
  std::vector<ChromiumStep> steps;
  std::vector<ChromiumSample> samples;
};

// One `transition` entry as the parser would build it.
TransitionRef transitionOf(std::string_view name, double duration, double delay,
                           const TransitionFunction& ease) {
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

#include "conformance/chromium/transitions_cases.inc"

constexpr double kNodeAppearsMs = -100.0;  // the recorder settles the initial style before the first change

constexpr double kNever = std::numeric_limits<double>::infinity();

double seconds(double ms) { return ms / 1000.0; }

bool near(double got, double want) { return std::abs(got - want) <= std::max(1e-3 * std::abs(want), 2e-3); }

void checkValue(const ComputedStyle& s, const ExpectedValue& e, double tMs) {
  INFO("property " << cssName(e.prop) << " at t=" << tMs << " ms, Chromium: " << e.css);
  visitProp(e.prop, s, [&](const auto& field) {
    using T = std::remove_cvref_t<decltype(field)>;
    if constexpr (std::is_same_v<T, float>) {
      REQUIRE(e.kind == Expect::Number);
      CAPTURE(field);
      CHECK(near(static_cast<double>(field), e.v[0]));
    } else if constexpr (std::is_same_v<T, Value>) {
      REQUIRE(e.kind == Expect::LengthPx);
      REQUIRE(field.isPureLength());
      CAPTURE(field.px);
      CHECK(near(static_cast<double>(field.px), e.v[0]));
    } else if constexpr (std::is_same_v<T, Color>) {
      REQUIRE(e.kind == Expect::Color);
      const double got[4] = {std::round(static_cast<double>(field.r) * 255.0),
                             std::round(static_cast<double>(field.g) * 255.0),
                             std::round(static_cast<double>(field.b) * 255.0), static_cast<double>(field.a)};
      CAPTURE(got[0], got[1], got[2], got[3]);
      CHECK(std::abs(got[0] - e.v[0]) <= 1.0);
      CHECK(std::abs(got[1] - e.v[1]) <= 1.0);
      CHECK(std::abs(got[2] - e.v[2]) <= 1.0);
      CHECK(std::abs(got[3] - e.v[3]) <= 1e-3);
    } else {
      FAIL("the generator emitted a property type this harness does not compare");
    }
  });
}

PropSet setOf(const std::vector<Prop>& props) {
  PropSet s;
  for (Prop p : props) s.set(p);
  return s;
}

// The cases with ease / ease-in need CSS Easing 2's cubic-bezier in getRatio.
bool easingsImplemented(const ChromiumTransitionCase& c) {
  ComputedStyle s;
  c.initial(s);
  std::vector<TransitionFunction> used;
  for (const TransitionRef& t : s.transitions) used.push_back(t.ease);
  for (const ChromiumStep& step : c.steps) {
    step.apply(s);
    for (const TransitionRef& t : s.transitions) used.push_back(t.ease);
  }
  return std::all_of(used.begin(), used.end(), [](const TransitionFunction& f) {
    return f.kind == EaseKind::Linear || getRatio(0.3, f) != 0.3;
  });
}

// The recorder's procedure, once per sample on a fresh node.
void replayPerSample(const ChromiumTransitionCase& c) {
  for (const ChromiumSample& sample : c.samples) {
    StyleState st;
    ComputedStyle style;
    c.initial(style);
    st.setTarget(style, seconds(kNodeAppearsMs));
    for (const ChromiumStep& step : c.steps) {
      if (step.atMs > sample.tMs) break;
      step.apply(style);
      st.setTarget(style, seconds(step.atMs));
    }
    st.tick(seconds(sample.tMs));
    for (const ExpectedValue& e : sample.values) checkValue(st.currentStyle, e, sample.tMs);
    INFO("running transitions at t=" << sample.tMs << " ms");
    CHECK(st.runningProps() == setOf(sample.active));
    CHECK(st.inTransition() == !sample.active.empty());
  }
}

// One node through the whole scenario, ticked at 60 Hz between the step and
// sample times, checking what each change started (durations and delays as
// Chromium's getComputedTiming reports them, reversing included).
void replayContinuously(const ChromiumTransitionCase& c) {
  StyleState st;
  ComputedStyle style;
  c.initial(style);
  st.setTarget(style, seconds(kNodeAppearsMs));

  std::size_t nextStep = 0, nextSample = 0;
  const double endMs = c.samples.back().tMs + 100.0;
  for (int frame = 0;; ++frame) {
    const double frameMs = kNodeAppearsMs + frame * (1000.0 / 60.0);
    // Step and sample times that fall before this frame happen first, in order.
    while (true) {
      const double stepMs = nextStep < c.steps.size() ? c.steps[nextStep].atMs : kNever;
      const double sampleMs = nextSample < c.samples.size() ? c.samples[nextSample].tMs : kNever;
      const double at = std::min(stepMs, sampleMs);
      if (at > frameMs) break;
      st.tick(seconds(at));
      if (stepMs <= sampleMs) {  // a sample at a step's time reads the state after the change
        const ChromiumStep& step = c.steps[nextStep++];
        step.apply(style);
        st.setTarget(style, seconds(step.atMs));
        INFO("change at t=" << step.atMs << " ms");
        CHECK(st.runningProps() == setOf(step.runningAfter));
        PropSet createdNow;
        for (const RunningTransition& r : st.running())
          if (r.changeTime == seconds(step.atMs)) createdNow.set(r.prop);
        CHECK(createdNow == [&] {
          PropSet s;
          for (const CreatedTransition& t : step.created) s.set(t.prop);
          return s;
        }());
        for (const CreatedTransition& t : step.created) {
          const RunningTransition* r = st.find(t.prop);
          REQUIRE(r != nullptr);
          CAPTURE(r->duration(), r->delay());
          CHECK(std::abs(r->duration() * 1000.0 - t.durationMs) <= 1e-6);
          CHECK(std::abs(r->delay() * 1000.0 - t.delayMs) <= 1e-6);
        }
      } else {
        const ChromiumSample& sample = c.samples[nextSample++];
        for (const ExpectedValue& e : sample.values) checkValue(st.currentStyle, e, sample.tMs);
        CHECK(st.runningProps() == setOf(sample.active));
      }
    }
    if (frameMs > endMs) break;
    st.tick(seconds(frameMs));
  }
  CHECK_FALSE(st.inTransition());
  CHECK(st.transitionTimer == 1.0f);
  CHECK(st.currentStyle == st.targetStyle);
}

void runChromiumCase(const ChromiumTransitionCase& c) {
  INFO("Chromium case " << c.id);
  if (!easingsImplemented(c)) {
    FAIL("no longer skippable: getRatio must evaluate this case's cubic-bezier easing yet");
    return;
  }
  replayPerSample(c);
  replayContinuously(c);
}

}  // namespace

#define ZENIT_DETAIL_CHROMIUM_TEST(var, id)                                                               \
  TEST_CASE("Chromium transition case " id " (CSS Transitions 1 §3)", "[style][transitions][chromium]") { \
    runChromiumCase(var);                                                                                 \
  }
ZENIT_CHROMIUM_TRANSITION_CASES(ZENIT_DETAIL_CHROMIUM_TEST)
#undef ZENIT_DETAIL_CHROMIUM_TEST
