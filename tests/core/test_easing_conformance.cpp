// Easing against Chromium: every case of tests/conformance/chromium/easing.json,
// turned into tests/core/easing_cases.inc by tests/conformance/gen_easing_cases.py.
#include <zenit/core/Easing.hpp>

#include <cmath>
#include <string>

#include "support/zenit_test.hpp"

using namespace zenit;

namespace {

struct EasingSample {
  double p;       // input progress
  double output;  // Chromium's output progress
};

struct EasingCase {
  const char* id;
  const char* easing;
  bool valid;                   // CSS.supports('animation-timing-function', easing)
  const char* computed;         // getComputedStyle serialisation, nullptr when invalid
  const EasingSample* samples;  // active/after phase, before flag clear
  int sampleCount;
  bool hasBefore;
  double beforeOutput;  // progress 0 in the before phase, before flag set
};

#include "easing_cases.inc"

// Chromium solves cubic-bezier until x is within 1e-7 of the input, so on
// steep curves its output is off the exact curve by up to ~7e-7 (e.g.
// cubic-bezier(0, 1, 1, 0) at t = 0.001); ours is within 1e-7 of exact.
// 1e-6 covers both and still fails any real disagreement.
constexpr double kChromiumSampleTolerance = 1e-6;

}  // namespace

TEST_CASE("Chromium conformance: validity, serialisation and samples of every easing case",
          "[core][easing][conformance]") {
  int checked = 0;
  for (const EasingCase& c : kEasingCases) {
    INFO(c.id << ": " << c.easing);
    std::string error;
    const auto fn = parseEasing(c.easing, &error);
    if (!c.valid) {
      CHECK_FALSE(fn.has_value());
      CHECK_FALSE(error.empty());
      continue;
    }
    REQUIRE(fn.has_value());
    if (c.computed) CHECK(Debug::toString(*fn) == c.computed);
    for (int i = 0; i < c.sampleCount; ++i) {
      const EasingSample& s = c.samples[i];
      INFO("p = " << s.p << ", Chromium " << s.output);
      CHECK(std::fabs(getRatio(s.p, *fn) - s.output) <= kChromiumSampleTolerance);
    }
    if (c.hasBefore)
      CHECK(std::fabs(getRatio(0.0, *fn, /*before=*/true) - c.beforeOutput) <= kChromiumSampleTolerance);
    ++checked;
  }
  CHECK(checked >= 12);  // the table was generated and included
}

TEST_CASE("Chromium conformance: the computed serialisation parses back to the same easing",
          "[core][easing][conformance]") {
  for (const EasingCase& c : kEasingCases) {
    if (!c.valid || !c.computed) continue;
    INFO(c.id << ": " << c.computed);
    const auto original = parseEasing(c.easing);
    const auto reparsed = parseEasing(c.computed);
    REQUIRE(original.has_value());
    REQUIRE(reparsed.has_value());
    for (int i = 0; i < c.sampleCount; ++i)
      CHECK(getRatio(c.samples[i].p, *reparsed) == getRatio(c.samples[i].p, *original));
  }
}
