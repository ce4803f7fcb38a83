// Parser: skew(), skewX(), skewY() and matrix() in `transform`, folded into
// the rows (translate, rotate, skew, scale) exactly when the list is in that
// order, and decomposed from the product otherwise. Each list is checked by
// the matrix its rows compose to (composeTransform, as drawn), against the
// product of its functions worked out here in double.
#include "parser_test_util.hpp"

#include <zenit/core/Transform.hpp>
#include <zenit/style/Style.hpp>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

using namespace zenit;
using namespace zenit::test;

namespace {

constexpr double kRad = std::numbers::pi / 180.0;

// A 2D affine transform, CSS matrix(a, b, c, d, e, f) order.
struct M {
  double a{1}, b{0}, c{0}, d{1}, e{0}, f{0};
  M operator*(const M& o) const {
    return M{a * o.a + c * o.b, b * o.a + d * o.b,     a * o.c + c * o.d,
             b * o.c + d * o.d, a * o.e + c * o.f + e, b * o.e + d * o.f + f};
  }
};
M translate(double x, double y) { return M{1, 0, 0, 1, x, y}; }
M scale(double x, double y) { return M{x, 0, 0, y, 0, 0}; }
M rotate(double deg) {
  return M{std::cos(deg * kRad), std::sin(deg * kRad), -std::sin(deg * kRad), std::cos(deg * kRad), 0, 0};
}
M skew(double xDeg, double yDeg) { return M{1, std::tan(yDeg * kRad), std::tan(xDeg * kRad), 1, 0, 0}; }

// The matrix the rows of `transform: LIST` draw with (origin 0 0, px only).
M drawn(const std::string& list) {
  const Style s = styleOf(".x { transform: " + list + " }");
  REQUIRE(s.translateX.is_set);
  const Affine2D m = Affine2D::fromMat3(composeTransform(
      Vec2{s.translateX.value.px, s.translateY.value.px}, s.rotate.value, Vec2{s.skewX.value, s.skewY.value},
      Vec2{s.scaleX.value, s.scaleY.value}, Vec2{0.0f, 0.0f}));
  return M{m.a, m.b, m.c, m.d, m.e, m.f};
}

void checkSame(const std::string& list, const M& want) {
  const M got = drawn(list);
  INFO(list << " drew matrix(" << got.a << ", " << got.b << ", " << got.c << ", " << got.d << ", " << got.e
            << ", " << got.f << "), want matrix(" << want.a << ", " << want.b << ", " << want.c << ", "
            << want.d << ", " << want.e << ", " << want.f << ")");
  const double tol = 1e-4;
  CHECK(std::fabs(got.a - want.a) < tol);
  CHECK(std::fabs(got.b - want.b) < tol);
  CHECK(std::fabs(got.c - want.c) < tol);
  CHECK(std::fabs(got.d - want.d) < tol);
  CHECK(std::fabs(got.e - want.e) < 1e-3);
  CHECK(std::fabs(got.f - want.f) < 1e-3);
}

}  // namespace

TEST_CASE("transform: skew functions in the row order fold into the skew rows exactly",
          "[style][parser][transform]") {
  const Style a = styleOf(".x { transform: skewX(20deg) }");
  CHECK(a.skewX == Opt<float>(20.0f));
  CHECK(a.skewY == Opt<float>(0.0f));
  CHECK(a.rotate == Opt<float>(0.0f));
  const Style b = styleOf(".x { transform: skewY(-0.1turn) }");
  CHECK(std::fabs(b.skewY.value + 36.0f) < 1e-4f);
  const Style c = styleOf(".x { transform: skew(10deg, 5deg) }");
  CHECK(c.skewX == Opt<float>(10.0f));
  CHECK(c.skewY == Opt<float>(5.0f));
  CHECK(styleOf(".x { transform: skew(10deg) }").skewY == Opt<float>(0.0f));
  // translate · rotate · skew · scale keeps each function in its row.
  const Style d = styleOf(".x { transform: translate(5px, 6px) rotate(30deg) skewX(15deg) scale(2, 3) }");
  CHECK(d.translateX == Opt<Value>(Px(5)));
  CHECK(d.rotate == Opt<float>(30.0f));
  CHECK(d.skewX == Opt<float>(15.0f));
  CHECK(d.scaleX == Opt<float>(2.0f));
  CHECK(d.scaleY == Opt<float>(3.0f));
  // A uniform scale commutes with a skew.
  CHECK(styleOf(".x { transform: scale(2) skewX(10deg) }").skewX == Opt<float>(10.0f));
  // none resets the skew rows with the others.
  CHECK(styleOf(".x { transform: skewX(10deg); transform: none }").skewX == Opt<float>(0.0f));
  checkSame("skewX(20deg)", skew(20, 0));
  checkSame("skew(10deg, 5deg)", skew(10, 5));
  checkSame("translate(5px, 6px) rotate(30deg) skewX(15deg) scale(2, 3)",
            translate(5, 6) * rotate(30) * skew(15, 0) * scale(2, 3));
}

TEST_CASE("transform: other orders and matrix() decompose into rotate, skewX and scale",
          "[style][parser][transform]") {
  // Lists the rows cannot follow function by function: the product is kept.
  checkSame("scale(2, 1) rotate(45deg)", scale(2, 1) * rotate(45));
  checkSame("skewX(20deg) rotate(30deg)", skew(20, 0) * rotate(30));
  checkSame("skewX(10deg) skewY(20deg)", skew(10, 0) * skew(0, 20));
  checkSame("scale(1, 2) skewY(30deg) translate(10px, 4px)", scale(1, 2) * skew(0, 30) * translate(10, 4));
  checkSame("matrix(1, 0.5, -0.5, 1, 10, 20)", M{1, 0.5, -0.5, 1, 10, 20});
  checkSame("matrix(-1, 0, 0, 1, 0, 0)", M{-1, 0, 0, 1, 0, 0});  // a mirror: det < 0
  checkSame("rotate(10deg) matrix(2, 0.3, 0.1, 0.5, 3, 4) skewX(-12deg)",
            rotate(10) * M{2, 0.3, 0.1, 0.5, 3, 4} * skew(-12, 0));
  checkSame("matrix(0, 0, 0, 0, 7, 8)", M{0, 0, 0, 0, 7, 8});  // scale(0) with a translation
  // A translation alone stays in the translate rows.
  const Style t = styleOf(".x { transform: matrix(1, 0, 0, 1, 12, -3) }");
  CHECK(t.translateX == Opt<Value>(Px(12)));
  CHECK(t.translateY == Opt<Value>(Px(-3)));
  CHECK(t.skewX == Opt<float>(0.0f));
  // A decomposed product: rotate(θ) · skewX(k) · scale(sx, sy), skewY 0.
  const Style g = styleOf(".x { transform: scale(2, 1) rotate(90deg) }");
  CHECK(g.skewY == Opt<float>(0.0f));
  CHECK(std::fabs(g.rotate.value - 90.0f) < 1e-4f);
  CHECK(std::fabs(g.scaleX.value - 1.0f) < 1e-5f);
  CHECK(std::fabs(g.scaleY.value - 2.0f) < 1e-5f);
}

TEST_CASE("transform: bad skew and matrix values are located errors", "[style][parser][transform]") {
  CHECK(oneDiag("transform: skewX(90deg)") ==
        "invalid value for transform: a skew of 90 degrees (or an odd multiple) has no finite matrix");
  CHECK(oneDiag("transform: matrix(1, 0, 0, 1)") ==
        "invalid value for transform: matrix() takes six numbers (with commas)");
  CHECK(oneDiag("transform: matrix(1, 0, 0, 1, 0, 0, 0)") ==
        "invalid value for transform: matrix() takes six numbers (with commas)");
  CHECK(oneDiag("transform: matrix(1, 0, 0, 1, 0px, 0)") ==
        "invalid value for transform: expected a number, found `0px`");
  CHECK(oneDiag("transform: skew(10px)") ==
        "invalid value for transform: expected an angle (e.g. 45deg), found `10px`");
  CHECK(oneDiag("transform: matrix(1, 2, 2, 4, 0, 0)") ==
        "invalid value for transform: this transform flattens the box onto a line, which the transform rows "
        "cannot hold");
  CHECK(oneDiag("transform: skewX(10deg) translate(10%)") ==
        "invalid value for transform: a percentage translate after skew() or matrix() cannot be represented; "
        "put translate() first");
}
