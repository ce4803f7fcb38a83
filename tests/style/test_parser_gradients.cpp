// background-image and the background shorthand's gradient (CSS Images 3
// and 4): what the parser keeps, how getComputedStyle prints it back (the
// strings below are Chromium's, recorded with tests/conformance/generate),
// and located errors that drop the declaration.
#include <zenit/style/Style.hpp>

#include "parser_test_util.hpp"
#include "support/zenit_test.hpp"

using namespace zenit;
using namespace zenit::test;

namespace {

GradientImage imageOf(std::string_view value) {
  return styleOf(".x { background-image: " + std::string(value) + " }").backgroundImage.value;
}

// The value as getComputedStyle prints it.
std::string computed(std::string_view value) {
  ComputedStyle s;
  s.backgroundImage = imageOf(value);
  return serializeProp(Prop::backgroundImage, s);
}

constexpr Color kRed{1, 0, 0, 1};
constexpr Color kBlue{0, 0, 1, 1};

}  // namespace

TEST_CASE("gradients: linear-gradient keeps its direction and stops", "[style][parser][gradients]") {
  const GradientImage g = imageOf("linear-gradient(45deg, red, blue 30%, rgba(0, 0, 255, 0.5) 20px)");
  CHECK(g.kind == GradientKind::Linear);
  CHECK_FALSE(g.repeating);
  CHECK(g.angle == 45.0f);
  REQUIRE(g.count == 3);
  CHECK(g.stops[0].color == kRed);
  CHECK_FALSE(g.isPositioned(0));
  CHECK(g.stops[1].color == kBlue);
  CHECK(g.stops[1].at == PxPct{0.0f, 30.0f});
  CHECK(g.stops[2].at == PxPct{20.0f, 0.0f});
  CHECK(g.stops[2].color.a == 0.5f);
  const GradientImage to = imageOf("linear-gradient(to top left, red, blue)");
  CHECK(to.toSides == (GradientImage::kTop | GradientImage::kLeft));
  CHECK(imageOf("linear-gradient(red, blue)").angle == 180.0f);
  CHECK(imageOf("linear-gradient(0.25turn, red, blue)").angle == 90.0f);
  CHECK(imageOf("repeating-linear-gradient(red, blue 10px)").repeating);
  CHECK(imageOf("none").isNone());
}

TEST_CASE("gradients: getComputedStyle's strings, as Chromium prints them", "[style][serialize][gradients]") {
  CHECK(computed("linear-gradient(red, blue)") == "linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("linear-gradient(to bottom, red, blue)") ==
        "linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("linear-gradient(180deg, red, blue)") == "linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("linear-gradient(to right, red, blue)") ==
        "linear-gradient(to right, rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("linear-gradient(to top left, red, blue)") ==
        "linear-gradient(to left top, rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("linear-gradient(0.25turn, red 10%, blue 20px)") ==
        "linear-gradient(90deg, rgb(255, 0, 0) 10%, rgb(0, 0, 255) 20px)");
  CHECK(computed("linear-gradient(red 10% 20%, blue)") ==
        "linear-gradient(rgb(255, 0, 0) 10%, rgb(255, 0, 0) 20%, rgb(0, 0, 255))");
  CHECK(computed("linear-gradient(red, 30%, blue)") ==
        "linear-gradient(rgb(255, 0, 0), 30%, rgb(0, 0, 255))");
  CHECK(computed("linear-gradient(red, blue calc(10px + 50%))") ==
        "linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255) calc(50% + 10px))");
  CHECK(computed("radial-gradient(red, blue)") == "radial-gradient(rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("radial-gradient(circle, red, blue)") ==
        "radial-gradient(circle, rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("radial-gradient(ellipse farthest-corner at 50% 50%, red, blue)") ==
        "radial-gradient(rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("radial-gradient(circle 20px at left top, red, blue)") ==
        "radial-gradient(20px at 0% 0%, rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("radial-gradient(10px 20% at 30px 40%, red, blue)") ==
        "radial-gradient(10px 20% at 30px 40%, rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("radial-gradient(closest-side, red, blue)") ==
        "radial-gradient(closest-side, rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("radial-gradient(at right, red, blue)") ==
        "radial-gradient(at 100% 50%, rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("conic-gradient(red, blue)") == "conic-gradient(rgb(255, 0, 0), rgb(0, 0, 255))");
  CHECK(computed("conic-gradient(from 90deg at 25% 75%, red 0deg, blue 0.5turn)") ==
        "conic-gradient(from 90deg at 25% 75%, rgb(255, 0, 0) 0deg, rgb(0, 0, 255) 180deg)");
  CHECK(computed("repeating-linear-gradient(45deg, red 0 10px, blue 10px 20px)") ==
        "repeating-linear-gradient(45deg, rgb(255, 0, 0) 0px, rgb(255, 0, 0) 10px, rgb(0, 0, 255) 10px, "
        "rgb(0, 0, 255) 20px)");
  CHECK(computed("repeating-conic-gradient(red 0 25%, blue 0 50%)") ==
        "repeating-conic-gradient(rgb(255, 0, 0) 0deg, rgb(255, 0, 0) 25%, rgb(0, 0, 255) 0deg, "
        "rgb(0, 0, 255) 50%)");
  CHECK(computed("repeating-radial-gradient(circle, red, blue 10px)") ==
        "repeating-radial-gradient(circle, rgb(255, 0, 0), rgb(0, 0, 255) 10px)");
  CHECK(computed("linear-gradient(red)") == "linear-gradient(rgb(255, 0, 0))");
  CHECK(computed("none") == "none");
}

TEST_CASE("gradients: the background shorthand takes a colour and a gradient", "[style][parser][gradients]") {
  const Style s = styleOf(".x { background: linear-gradient(red, blue) #0f0 }");
  CHECK(s.backgroundColor.value == Color{0, 1, 0, 1});
  CHECK(s.backgroundImage.value.kind == GradientKind::Linear);
  const Style t = styleOf(".x { background: #0f0 conic-gradient(red, blue) }");
  CHECK(t.backgroundImage.value.kind == GradientKind::Conic);
  // A colour alone resets the image, as the shorthand's initial value.
  const Style u = styleOf(".x { background-image: linear-gradient(red, blue); background: red }");
  CHECK(u.backgroundImage.is_set);
  CHECK(u.backgroundImage.value.isNone());
  CHECK(u.backgroundImage.value == GradientImage{});
  const Style v = styleOf(".x { background: none }");
  CHECK(v.backgroundImage.is_set);
  CHECK(v.backgroundImage.value.isNone());
}

TEST_CASE("gradients: kMaxGradientStops stops fit; more is an error", "[style][parser][gradients]") {
  CHECK(imageOf("linear-gradient(red, red, red, red, blue, blue, blue, blue)").count == kMaxGradientStops);
  CHECK(imageOf("linear-gradient(red 0 10%, red, red, blue, blue, blue, blue)").count == kMaxGradientStops);
  CHECK(oneDiag("background-image: linear-gradient(red, red, red, red, blue, blue, blue, blue, green)") ==
        "invalid value for background-image: a gradient holds at most 8 colour stops and hints (a stop with "
        "two positions counts twice)");
}

TEST_CASE("gradients: a bad gradient drops the declaration, reported where it is",
          "[style][parser][gradients]") {
  const auto diags = [](std::string_view text) { return parse(text).diagnostics; };
  const auto dropped = [](std::string_view text) {
    return !parse(text).rules[0].decls.normal.backgroundImage.is_set;
  };
  // 0        1         2         3         4         5         6
  // 1234567890123456789012345678901234567890123456789012345678901234
  // .x { background-image: linear-gradient(10px, red, blue) }
  CHECK(diags(".x { background-image: linear-gradient(10px, red, blue) }") ==
        std::vector<Diagnostic>{
            err(1, 40, "invalid value for background-image: expected an angle (e.g. 45deg), found `10px`")});
  CHECK(dropped(".x { background-image: linear-gradient(10px, red, blue) }"));
  // .x { background-image: linear-gradient(red, blue 1em) }
  CHECK(diags(".x { background-image: linear-gradient(red, blue 1em) }") ==
        std::vector<Diagnostic>{
            err(1, 50, "invalid value for background-image: em is not supported here; use px")});
  // .x { background-image: radial-gradient(red, 10%, 20%, blue) }
  CHECK(diags(".x { background-image: radial-gradient(red, 10%, 20%, blue) }") ==
        std::vector<Diagnostic>{err(
            1, 24, "invalid value for background-image: a colour hint must stand between two colour stops")});
  // .x { background-image: linear-gradient(in oklab, red, blue) }
  CHECK(diags(".x { background-image: linear-gradient(in oklab, red, blue) }") ==
        std::vector<Diagnostic>{
            err(1, 40,
                "invalid value for background-image: colour interpolation methods (`in <space>`) are not "
                "supported: stops interpolate in sRGB")});
  // .x { background-image: linear-gradient(red, blue), linear-gradient(blue, red) }
  CHECK(
      diags(".x { background-image: linear-gradient(red, blue), linear-gradient(blue, red) }") ==
      std::vector<Diagnostic>{err(
          1, 50, "invalid value for background-image: only one background image is supported (no layers)")});
  CHECK(oneDiag("background-image: linear-gradient()") ==
        "invalid value for background-image: a gradient needs at least one colour stop");
  CHECK(oneDiag("background-image: radial-gradient(circle 10px 20px, red, blue)") ==
        "invalid value for background-image: a circle takes one radius");
  CHECK(oneDiag("background-image: conic-gradient(from 10px, red, blue)") ==
        "invalid value for background-image: expected an angle (e.g. 45deg), found `10px`");
  CHECK(oneDiag("background-image: radial-gradient(at right 10px top, red, blue)") ==
        "invalid value for background-image: only one- and two-value positions are supported after `at`, "
        "found `top`");
  CHECK(oneDiag("background-image: linear-gradient(red, blue,)") ==
        "invalid value for background-image: empty argument in the gradient (a stray comma)");
  CHECK_FALSE(oneDiag("background: url(a.png)").empty());
}
