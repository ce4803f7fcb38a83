// Fuzz target: parseEasing, then getRatio and Debug::toString on what it accepts.
//
// Invariants: no crash or sanitizer report; an accepted easing gives a
// finite ratio for every finite input progress and NaN only for NaN; its
// serialisation parses again to a function of the same kind; a rejection
// always says why.
#include "FuzzCommon.hpp"

#include <zenit/core/Easing.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

using namespace zenit;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::installCheckingSink();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const std::optional<TransitionFunction> fn = parseEasing(text, &error);
  if (!fn) {
    ZENIT_FUZZ_CHECK(!error.empty());
    return 0;
  }
  static constexpr double kProbes[] = {0.0, 1e-12, 0.1, 0.25, 0.5, 0.75, 0.999999, 1.0, -0.5, 1.5, -1e6, 1e6};
  for (double t : kProbes) {
    for (bool before : {false, true}) {
      const double r = getRatio(t, *fn, before);
      ZENIT_FUZZ_CHECK(std::isfinite(r));
    }
  }
  ZENIT_FUZZ_CHECK(std::isnan(getRatio(std::numeric_limits<double>::quiet_NaN(), *fn)));
  (void)getRatio(std::numeric_limits<double>::infinity(), *fn);
  (void)getRatio(-std::numeric_limits<double>::infinity(), *fn);
  (void)getRatio(0.5f, *fn);

  const std::string css = Debug::toString(*fn);
  std::string again;
  const std::optional<TransitionFunction> back = parseEasing(css, &again);
  if (!back) {
    std::fprintf(stderr, "serialised as \"%s\", which does not parse: %s\n", css.c_str(), again.c_str());
    fuzz::fail("Debug::toString output parses");
  }
  ZENIT_FUZZ_CHECK(back->kind == fn->kind);
  return 0;
}
