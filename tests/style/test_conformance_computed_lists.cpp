// animation-* and transition-* longhands as getComputedStyle prints them
// (serializeCssProperty's contract), for shorthands the browser conformance
// suite records (tests/conformance/zenit/shorthands.json). CSS keeps an
// animation entry named `none` in every longhand list, keeps
// `transition-property: none`, and prints transition-property names as
// written; the used lists the resolver keeps drop or expand them.
#include "parser_test_util.hpp"

#include <zenit/style/StyleResolver.hpp>
#include <zenit/style/Theme.hpp>

#include <string>
#include <string_view>
#include <vector>

using namespace zenit;
using zenit::test::QuietLog;

namespace {

// `.x { <declarations> }` resolved on one element, read back as `longhand`.
std::string computed(std::string_view declarations, std::string_view longhand) {
  Theme theme;
  {
    QuietLog quiet;
    REQUIRE(theme.loadString(".x { " + std::string(declarations) + " }", "t.zstyle").ok());
  }
  StyleResolver resolver{theme};
  std::vector<Atom> classes{intern("x")};
  StyleCache cache;
  StyleElement el;
  el.type = intern("Box");
  el.classes = classes;
  el.cache = &cache;
  ComputedStyle out;
  resolver.resolve(el, nullptr, cache, out);
  return serializeCssProperty(longhand, out, 0.0f, 0.0f).value_or("(unknown)");
}

}  // namespace

TEST_CASE(
    "computed animation-*: an entry with no name keeps its values (conformance shorthands anim-21, anim-25)",
    "[style][serialize][conformance]") {
  // Chromium: `animation: alternate 1s` computes to name none, duration 1s, direction alternate.
  CHECK(computed("animation: alternate 1s;", "animation-direction") == "alternate");
  CHECK(computed("animation: alternate 1s;", "animation-duration") == "1s");
  CHECK(computed("animation: infinite 1s;", "animation-iteration-count") == "infinite");
}

TEST_CASE(
    "computed animation-*: a none entry keeps its place in every list (conformance shorthands anim-38, "
    "anim-39)",
    "[style][serialize][conformance]") {
  CHECK(computed("animation: none, kf 1s;", "animation-name") == "none, kf");
  CHECK(computed("animation: none, kf 1s;", "animation-duration") == "0s, 1s");
  CHECK(computed("animation: kf 1s, none;", "animation-name") == "kf, none");
}

TEST_CASE("computed transition-property: none stays none (conformance shorthands trans-07, trans-08)",
          "[style][serialize][conformance]") {
  CHECK(computed("transition: none;", "transition-property") == "none");
  CHECK(computed("transition: none 1s;", "transition-duration") == "1s");
}

TEST_CASE(
    "computed transition-property: transform, translate, rotate, scale print as written "
    "(conformance shorthands trans-36, trans-37, trans-38)",
    "[style][serialize][conformance]") {
  CHECK(computed("transition: transform 1s ease-in;", "transition-property") == "transform");
  CHECK(computed("transition: transform 1s ease-in;", "transition-duration") == "1s");
  CHECK(computed("transition: all 0.3s ease-in-out, transform 1s;", "transition-property") ==
        "all, transform");
  CHECK(computed("transition: translate 1s, rotate 2s, scale 3s;", "transition-property") ==
        "translate, rotate, scale");
  CHECK(computed("transition: translate 1s, rotate 2s, scale 3s;", "transition-duration") == "1s, 2s, 3s");
}
