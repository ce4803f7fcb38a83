// Fuzz target: the `animation` / `transition` shorthands and their
// longhands (parseDeclaration), and inline style attributes (parseStyleAttribute).
//
// Input: the first byte picks the property (or, from 128 up, a whole style
// attribute); the rest is the value text.
//
// Invariants: no crash or sanitizer report; a rejected declaration leaves
// the style untouched and says why; every used list entry has a finite,
// non-negative duration, a finite delay and a non-negative, non-NaN
// iteration count (what AnimationRef / TransitionRef promise); the
// computed value serialises to text that parses again.
#include "FuzzCommon.hpp"

#include <zenit/style/Parser.hpp>
#include <zenit/style/Style.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace zenit;

namespace {

constexpr std::string_view kProps[] = {"animation",
                                       "transition",
                                       "animation-name",
                                       "animation-duration",
                                       "animation-delay",
                                       "animation-iteration-count",
                                       "animation-direction",
                                       "animation-fill-mode",
                                       "animation-play-state",
                                       "animation-timing-function",
                                       "transition-property",
                                       "transition-duration",
                                       "transition-delay",
                                       "transition-timing-function",
                                       "transition-behavior",
                                       "animation"};

void checkLists(const ComputedStyle& cs) {
  for (const AnimationRef& a : cs.animations) {
    ZENIT_FUZZ_CHECK(std::isfinite(a.duration) && a.duration >= 0.0);
    ZENIT_FUZZ_CHECK(std::isfinite(a.delay));
    ZENIT_FUZZ_CHECK(!std::isnan(a.iterations) && a.iterations >= 0.0);
  }
  for (const TransitionRef& t : cs.transitions) {
    ZENIT_FUZZ_CHECK(std::isfinite(t.duration) && t.duration >= 0.0);
    ZENIT_FUZZ_CHECK(std::isfinite(t.delay));
  }
}

// The computed value of `name` printed and parsed back must be accepted.
void roundTrip(std::string_view name, const ComputedStyle& cs) {
  const std::optional<std::string> text = serializeCssProperty(name, cs, 100.0f, 100.0f);
  if (!text) return;
  Style again;
  std::vector<Diagnostic> diags;
  if (!parseDeclaration(name, *text, again, &diags)) {
    std::fprintf(stderr, "%.*s serialised as \"%s\", which does not parse: %s\n",
                 static_cast<int>(name.size()), name.data(), text->c_str(),
                 diags.empty() ? "" : diags.front().message.c_str());
    fuzz::fail("serialised value parses");
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::installCheckingSink();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  if (mode >= 128) {
    std::vector<Diagnostic> diags;
    const DeclarationBlock block = parseStyleAttribute(text, &diags);
    for (const Diagnostic& d : diags) ZENIT_FUZZ_CHECK(d.line >= 1 && d.col >= 1);
    ComputedStyle cs;
    overlayComputed(cs, block.normal);
    overlayComputed(cs, block.importantValues());
    checkLists(cs);
    roundTrip("animation", cs);
    roundTrip("transition", cs);
    return 0;
  }

  const std::string_view prop = kProps[mode % std::size(kProps)];
  Style style;
  std::vector<Diagnostic> diags;
  const bool ok = parseDeclaration(prop, text, style, &diags);
  if (!ok) {
    ZENIT_FUZZ_CHECK(!diags.empty());
    ZENIT_FUZZ_CHECK(style == Style{});
    return 0;
  }
  ComputedStyle cs;
  overlayComputed(cs, style);
  checkLists(cs);
  roundTrip(prop, cs);
  roundTrip(prop.starts_with("animation") ? "animation" : "transition", cs);
  return 0;
}
