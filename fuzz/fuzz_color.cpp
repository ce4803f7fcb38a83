// Fuzz target: parseColor, then toCss on what it accepts.
//
// Invariants: no crash or sanitizer report; an accepted colour has every
// channel finite, alpha in [0, 1], and for a legacy colour every channel in
// [0, 1]; its serialisation parses again, as a colour of the same kind
// (legacy or not), and prints the same.
#include "FuzzCommon.hpp"

#include <zenit/core/Color.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace zenit;

namespace {
bool unit(float v) { return std::isfinite(v) && v >= 0.0f && v <= 1.0f; }
bool channel(float v, bool legacy) { return legacy ? unit(v) : std::isfinite(v); }
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::installCheckingSink();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::optional<Color> c = parseColor(text);
  if (!c) return 0;
  ZENIT_FUZZ_CHECK(channel(c->r, c->legacy) && channel(c->g, c->legacy) && channel(c->b, c->legacy) &&
                   unit(c->a));
  const std::string css = toCss(*c);
  const std::optional<Color> back = parseColor(css);
  if (!back) {
    std::fprintf(stderr, "serialised as \"%s\", which does not parse\n", css.c_str());
    fuzz::fail("toCss output parses");
  }
  ZENIT_FUZZ_CHECK(back->legacy == c->legacy);
  // The serialisation is a fixed point: the 8-bit colour it names prints
  // the same again (toCss rounds the way browsers do, so compare its output).
  if (toCss(*back) != css) {
    std::fprintf(stderr, "\"%s\" parses back to a colour printed as \"%s\"\n", css.c_str(),
                 toCss(*back).c_str());
    fuzz::fail("toCss output round-trips");
  }
  return 0;
}
