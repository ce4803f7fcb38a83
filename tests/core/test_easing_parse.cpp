// parseEasing and Debug::toString (include/zenit/core/Easing.hpp).
#include <zenit/core/Easing.hpp>

#include <cmath>
#include <string>
#include <string_view>

#include "support/zenit_test.hpp"

using namespace zenit;
// zenit::test::Approx names Catch::Approx, which Catch2 v2 only has as
// Catch::Detail::Approx (its Catch::Approx is the vector matcher).
#if ZENIT_CATCH_MAJOR >= 3
using Catch::Approx;
#else
using Catch::Detail::Approx;
#endif

namespace {

TransitionFunction parsed(std::string_view text) {
  std::string error;
  const auto f = parseEasing(text, &error);
  INFO("parseEasing(\"" << std::string(text) << "\"): " << error);
  REQUIRE(f.has_value());
  return *f;
}

std::string errorOf(std::string_view text) {
  std::string error;
  const auto f = parseEasing(text, &error);
  INFO("parseEasing(\"" << std::string(text) << "\") should fail");
  CHECK_FALSE(f.has_value());
  return error;
}

}  // namespace

TEST_CASE("parseEasing reads CSS keywords, ASCII case-insensitively", "[core][easing][parse]") {
  CHECK(parsed("linear") == TransitionFunction::Linear);
  CHECK(parsed("ease") == TransitionFunction::Ease);
  CHECK(parsed("EASE-IN") == TransitionFunction::EaseIn);
  CHECK(parsed("Ease-Out") == TransitionFunction::EaseOut);
  CHECK(parsed("ease-in-out") == TransitionFunction::EaseInOut);
  CHECK(parsed("step-start") == TransitionFunction::StepStart);
  CHECK(parsed("Step-End") == TransitionFunction::StepEnd);
}

TEST_CASE("parseEasing skips whitespace and comments as CSS does", "[core][easing][parse]") {
  CHECK(parsed("  \t\n ease-in /* trailing */ ") == TransitionFunction::EaseIn);
  CHECK(parsed("/* a */ cubic-bezier( /* b */ 0.1 ,0.7,\n1 , 0.1 /* c */ )") ==
        TransitionFunction::cubicBezier(0.1, 0.7, 1.0, 0.1).value());
  CHECK(parsed("steps(2,jump-both)") == TransitionFunction::stepsOf(2, StepPosition::JumpBoth).value());
  CHECK(parsed("ease /* an unterminated comment runs to the end") == TransitionFunction::Ease);
}

TEST_CASE("parseEasing reads the library names in kebab-case and run together (seed §9.1)",
          "[core][easing][parse]") {
  CHECK(parsed("ease-in-out-sine") == TransitionFunction::EaseInOutSine);
  CHECK(parsed("easeinoutsine") == TransitionFunction::EaseInOutSine);  // the seed's table spelling
  CHECK(parsed("easeOutBack") == TransitionFunction::EaseOutBack);
  CHECK(parsed("ease-in-expo") == TransitionFunction::EaseInExpo);
  CHECK(parsed("EASE-OUT-BOUNCE") == TransitionFunction::EaseOutBounce);
  // Every family in all three modes, both spellings, round-trips through toString.
  const TransitionFunction all[] = {
#define ZENIT_TEST_FAMILY(F) \
  TransitionFunction::EaseIn##F, TransitionFunction::EaseOut##F, TransitionFunction::EaseInOut##F,
      ZENIT_EASE_FAMILIES(ZENIT_TEST_FAMILY)
#undef ZENIT_TEST_FAMILY
  };
  for (const TransitionFunction& f : all) {
    const std::string kebab = Debug::toString(f);
    std::string together;
    for (char c : kebab)
      if (c != '-') together += c;
    CHECK(parsed(kebab) == f);
    CHECK(parsed(together) == f);
  }
  CHECK(Debug::toString(TransitionFunction::EaseInOutElastic) == "ease-in-out-elastic");
}

TEST_CASE("parseEasing reads functions and CSS numbers", "[core][easing][parse]") {
  const TransitionFunction b = parsed("CUBIC-BEZIER(.5, -2e0, +0.5, 3)");
  CHECK(b == TransitionFunction::cubicBezier(0.5, -2.0, 0.5, 3.0).value());
  CHECK(parsed("steps(4)") == TransitionFunction::stepsOf(4).value());
  CHECK(parsed("steps(+4, end)") == TransitionFunction::stepsOf(4, StepPosition::JumpEnd).value());
  CHECK(parsed("steps(3, jump-none)") == TransitionFunction::stepsOf(3, StepPosition::JumpNone).value());
  CHECK(parsed("steps(1, start)") == TransitionFunction::StepStart);
  CHECK(parsed("cubic-bezier(0.5, 1e-999, 0.5, 1)").p[1] == 0.0);  // underflow is 0, as CSS clamps
}

TEST_CASE("parseEasing resolves linear() stops as CSS Easing 2 says", "[core][easing][parse][linear]") {
  // Missing inputs spread evenly between known ones; first/last default to 0%/100%.
  TransitionFunction f = parsed("linear(0, 0.25, 0.5 50%, 0.6, 0.7, 0.8, 1)");
  REQUIRE(f.stopCount() == 7);
  CHECK(f.stop(1).input == Approx(0.25));
  CHECK(f.stop(3).input == Approx(0.625));
  CHECK(f.stop(4).input == Approx(0.75));
  CHECK(f.stop(5).input == Approx(0.875));
  CHECK(f.stop(6).input == 1.0);
  // A second percentage adds a point with the same output.
  f = parsed("linear(0, 0.5 25% 75%, 1)");
  REQUIRE(f.stopCount() == 4);
  CHECK(f.stop(1) == LinearStop{0.5, 0.25});
  CHECK(f.stop(2) == LinearStop{0.5, 0.75});
  // An input lower than a previous one is raised to it (also a second percentage).
  f = parsed("linear(0 50%, 1 20%)");
  CHECK(f.stop(1).input == 0.5);
  f = parsed("linear(0, 0.5 60% 40%, 1)");
  CHECK(f.stop(2).input == 0.6);
  // The last stop defaults to the largest input when that is past 100%.
  f = parsed("linear(0, 0.5 150%, 1)");
  CHECK(f.stop(2).input == 1.5);
  // The number may follow the percentages; inputs may be negative.
  f = parsed("linear(-20% 0, 120% 1)");
  CHECK(f.stop(0) == LinearStop{0.0, -0.2});
  CHECK(f.stop(1) == LinearStop{1.0, 1.2});
  CHECK(getRatio(0.5, f) == Approx(0.5));
}

TEST_CASE("parseEasing reads spring() with commas or spaces, velocity optional",
          "[core][easing][parse][spring]") {
  const TransitionFunction expected = TransitionFunction::spring(1.0, 100.0, 10.0, 0.0).value();
  CHECK(parsed("spring(1, 100, 10, 0)") == expected);
  CHECK(parsed("spring(1 100 10 0)") == expected);
  CHECK(parsed("spring(1, 100, 10)") == expected);
  CHECK(parsed("Spring( 2 300 20 -5 )") == TransitionFunction::spring(2.0, 300.0, 20.0, -5.0).value());
}

TEST_CASE("parseEasing rejects bad input with a clear error", "[core][easing][parse]") {
  struct Row {
    const char* text;
    const char* error;
  };
  const Row rows[] = {
      // The value as a whole
      {"", "empty easing"},
      {"  /* only a comment */ ", "empty easing"},
      {"1", "expected an easing keyword or function, got '1'"},
      {"50%", "expected an easing keyword or function, got '50%'"},
      {",", "expected an easing keyword or function, got ','"},
      {"ease ease", "unexpected 'ease' after the easing"},
      {"linear(0, 1) 2", "unexpected '2' after the easing"},
      {"bogus", "unknown easing 'bogus'"},
      {"ease-inout-sine", "unknown easing 'ease-inout-sine'"},
      {"initial", "unknown easing 'initial'"},
      {"linear (0, 1)", "unexpected '(' after the easing"},
      {"calc(1)", "unknown easing function 'calc()'"},
      // Function arguments in general
      {"steps(4", "missing ')' to close 'steps('"},
      {"cubic-bezier(0,,1,1)", "empty argument in cubic-bezier()"},
      {"cubic-bezier(0,1,1,)", "empty argument in cubic-bezier()"},
      {"cubic-bezier(calc(0.5), 0, 1, 1)", "'calc()' is not supported inside cubic-bezier()"},
      {"steps(4 !)", "unexpected '!' in steps()"},
      {"steps((4))", "unexpected '(' in steps()"},
      // cubic-bezier()
      {"cubic-bezier(0.5, 0, 0.5)", "cubic-bezier() takes 4 numbers, got 3"},
      {"cubic-bezier()", "cubic-bezier() takes 4 numbers, got 0"},
      {"cubic-bezier(0 0 1 1)", "cubic-bezier() numbers must be separated by commas"},
      {"cubic-bezier(0 0, 1, 1, 1)", "cubic-bezier() numbers must be separated by commas"},
      {"cubic-bezier(50%, 0, 1, 1)", "cubic-bezier() expects a number, got '50%'"},
      {"cubic-bezier(0, 1px, 1, 1)", "cubic-bezier() expects a number, got '1px'"},
      {"cubic-bezier(0.5, 1e999, 0.5, 1)", "cubic-bezier() numbers must be finite"},
      {"cubic-bezier(1.5, 0, 1, 1)", "cubic-bezier() x1 must be in [0, 1], got 1.5"},
      {"cubic-bezier(0, 0, -0.1, 1)", "cubic-bezier() x2 must be in [0, 1], got -0.1"},
      // steps()
      {"steps()", "steps() takes a step count and an optional position, e.g. steps(4, jump-end)"},
      {"steps(4 end)", "steps() takes a step count and an optional position, e.g. steps(4, jump-end)"},
      {"steps(4, end, 1)", "steps() takes a step count and an optional position, e.g. steps(4, jump-end)"},
      {"steps(2.0)", "steps() count must be an integer, got '2.0'"},
      {"steps(1e1)", "steps() count must be an integer, got '1e1'"},
      {"steps(four)", "steps() count must be an integer, got 'four'"},
      {"steps(-1)", "steps() count must be at least 1, got -1"},
      {"steps(0, jump-start)", "steps() count must be at least 1, got 0"},
      {"steps(3000000000)", "steps() count is too large: 3000000000"},
      {"steps(4, middle)", "unknown step position 'middle'"},
      {"steps(4, 1)", "unknown step position '1'"},
      {"steps(1, jump-none)", "steps(1, jump-none) needs at least 2 steps"},
      // linear()
      {"linear()", "linear() needs at least 2 stops, got 0"},
      {"linear(0.5)", "linear() needs at least 2 stops, got 1"},
      {"linear(0 0% 100%)", "linear() needs at least 2 comma-separated stops, got '0 0% 100%'"},
      {"linear(0, 50%, 1)", "linear() stop '50%' needs an output number"},
      {"linear(0 1, 1)", "linear() stop has more than one number: '0 1'"},
      {"linear(0 10% 20% 30%, 1)", "linear() stop has more than two percentages: '0 10% 20% 30%'"},
      {"linear(0, 0% 0.5 100%, 1)", "linear() stop percentages must be next to each other: '0% 0.5 100%'"},
      {"linear(0, ease, 1)", "linear() expects numbers and percentages, got 'ease'"},
      {"linear(0, 1 5px)", "linear() expects numbers and percentages, got '5px'"},
      {"linear(0, 1e999)", "linear() numbers must be finite"},
      // spring()
      {"spring(1, 100)", "spring() takes 3 or 4 numbers (mass, stiffness, damping[, velocity]), got 2"},
      {"spring(1 2 3 4 5)", "spring() takes 3 or 4 numbers (mass, stiffness, damping[, velocity]), got 5"},
      {"spring(1 100, 10 0)", "spring() numbers must be all comma-separated or all space-separated"},
      {"spring(1, 100, 10px)", "spring() expects a number, got '10px'"},
      {"spring(1, 1e999, 10)", "spring() numbers must be finite"},
      {"spring(0, 100, 10)", "spring() mass must be > 0, got 0"},
      {"spring(1, -100, 10)", "spring() stiffness must be > 0, got -100"},
      {"spring(1, 100, 0)", "spring() damping must be > 0 (an undamped spring never settles), got 0"},
      {"spring(1e-300, 1e300, 1)", "spring() parameters are out of range"},
  };
  for (const Row& r : rows) CHECK(errorOf(r.text) == r.error);
  CHECK_FALSE(parseEasing("bogus").has_value());  // the error pointer is optional
}

TEST_CASE("Debug::toString prints as Chromium's getComputedStyle", "[core][easing][parse]") {
  // Keywords stay keywords; the same curve written as cubic-bezier() does not.
  CHECK(Debug::toString(TransitionFunction::Ease) == "ease");
  CHECK(Debug::toString(parsed("cubic-bezier(0.25, 0.1, 0.25, 1)")) == "cubic-bezier(0.25, 0.1, 0.25, 1)");
  CHECK(Debug::toString(parsed("cubic-bezier(.5,-2,.50,3.0)")) == "cubic-bezier(0.5, -2, 0.5, 3)");
  // Steps: end positions are omitted; step-start keeps the legacy "start".
  CHECK(Debug::toString(parsed("steps(4, jump-end)")) == "steps(4)");
  CHECK(Debug::toString(parsed("steps(4, end)")) == "steps(4)");
  CHECK(Debug::toString(parsed("step-end")) == "steps(1)");
  CHECK(Debug::toString(parsed("step-start")) == "steps(1, start)");
  CHECK(Debug::toString(parsed("steps(3, start)")) == "steps(3, start)");
  CHECK(Debug::toString(parsed("steps(3, jump-start)")) == "steps(3, jump-start)");
  CHECK(Debug::toString(parsed("steps(3, jump-none)")) == "steps(3, jump-none)");
  // linear(): every resolved point with its percentage.
  CHECK(Debug::toString(parsed("linear(0, 0.5 25% 75%, 1)")) == "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%)");
  CHECK(Debug::toString(parsed("linear(0, 0.3, 1)")) == "linear(0 0%, 0.3 50%, 1 100%)");
  CHECK(Debug::toString(parsed("linear(0, 0.2, 0.4, 1)")) ==
        "linear(0 0%, 0.2 33.3333%, 0.4 66.6667%, 1 100%)");
  CHECK(Debug::toString(parsed("spring(1 100 10)")) == "spring(1, 100, 10, 0)");
  CHECK(Debug::toString(TransitionFunction::Linear) == "linear");
}

TEST_CASE("parse -> toString -> parse gives the same value", "[core][easing][parse]") {
  const char* texts[] = {"linear",
                         "ease",
                         "ease-in",
                         "ease-out",
                         "ease-in-out",
                         "step-start",
                         "step-end",
                         "cubic-bezier(0.1, 0.7, 1, 0.1)",
                         "cubic-bezier(0.5, -2, 0.5, 3)",
                         "steps(4)",
                         "steps(5, start)",
                         "steps(2, jump-both)",
                         "steps(7, jump-none)",
                         "linear(0, 1)",
                         "linear(0, 1.2 40%, 0.9 70%, 1)",
                         "linear(0 -20%, 1 120%)",
                         "linear(0, 0.25 10% 90%, 1)",
                         "ease-out-back",
                         "easeinoutelastic",
                         "spring(1, 100, 10, 0)",
                         "spring(2.5 300 12 -4)"};
  for (const char* text : texts) {
    const TransitionFunction first = parsed(text);
    const std::string printed = Debug::toString(first);
    INFO(text << " -> " << printed);
    const TransitionFunction second = parsed(printed);
    CHECK(second == first);
    CHECK(Debug::toString(second) == printed);
  }
}

TEST_CASE("parseEasing survives truncated and random input, always explaining a rejection",
          "[core][easing][parse]") {
  const std::string valid[] = {"cubic-bezier(0.1, 0.7, 1, 0.1)",
                               "steps(4, jump-start)",
                               "linear(0, 0.25 10% 90%, 1)",
                               "spring(1 100 10 -5)",
                               "ease-in-out-bounce",
                               "/* c */ ease-in /* d"};
  const auto check = [](std::string_view text) {
    std::string error;
    const auto f = parseEasing(text, &error);
    if (f) {
      CHECK(std::isfinite(getRatio(0.5, *f)));
    } else {
      CHECK_FALSE(error.empty());
    }
  };
  for (const std::string& v : valid)
    for (std::size_t n = 0; n <= v.size(); ++n) check(std::string_view(v).substr(0, n));
  // Deterministic pseudo-random strings over the characters easings use.
  const std::string_view alphabet = "0123456789.,+-eE%() /*abcdijlmnprstuxyz-\t\\!";
  unsigned state = 12345u;
  for (int i = 0; i < 3000; ++i) {
    std::string s;
    const int len = static_cast<int>(state % 24u);
    for (int j = 0; j < len; ++j) {
      state = state * 1664525u + 1013904223u;
      s += alphabet[(state >> 8) % alphabet.size()];
    }
    state = state * 1664525u + 1013904223u;
    check(s);
  }
}

TEST_CASE("Debug::toString of a spring() prints every parameter so that it parses back",
          "[core][easing][parse][spring]") {
  // Six significant digits printed a mass of 1.2e-28 as 0, which is rejected.
  const std::optional<TransitionFunction> tiny = parseEasing("spring(1.2354e-28 100 10)");
  REQUIRE(tiny.has_value());
  const std::string text = Debug::toString(*tiny);
  const std::optional<TransitionFunction> back = parseEasing(text);
  INFO(text);
  REQUIRE(back.has_value());
  CHECK(*back == *tiny);
  CHECK(Debug::toString(*parseEasing("spring(2 300 20 -5)")) == "spring(2, 300, 20, -5)");
}
