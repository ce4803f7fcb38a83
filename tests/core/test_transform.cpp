// 2D transforms: CSS's clockwise rotate (y down) and the translate -> rotate
// -> scale order of the individual transform properties.
#include <zenit/core/Transform.hpp>

#include "support/zenit_test.hpp"

#include <cmath>

using namespace zenit;

namespace {
// Catch2 v2 resolves the shim's Approx to the vector matcher, so compare by hand.
bool near(float a, float b, float eps = 1e-4f) { return std::fabs(a - b) <= eps; }

void checkMatrix(const Affine2D& m, float a, float b, float c, float d, float e, float f) {
  INFO("matrix(" << m.a << ", " << m.b << ", " << m.c << ", " << m.d << ", " << m.e << ", " << m.f << ")");
  CHECK(near(m.a, a));
  CHECK(near(m.b, b));
  CHECK(near(m.c, c));
  CHECK(near(m.d, d));
  CHECK(near(m.e, e));
  CHECK(near(m.f, f));
}
constexpr float kHalfSqrt2 = 0.70710678f;
}  // namespace

TEST_CASE("rotation: CSS rotate(90deg) is matrix(0, 1, -1, 0, 0, 0) [core][transform]") {
  checkMatrix(Affine2D::fromMat3(rotation(90.0f)), 0.0f, 1.0f, -1.0f, 0.0f, 0.0f, 0.0f);
  checkMatrix(Affine2D::fromMat3(rotation(-90.0f)), 0.0f, -1.0f, 1.0f, 0.0f, 0.0f, 0.0f);
  checkMatrix(Affine2D::fromMat3(rotation(450.0f)), 0.0f, 1.0f, -1.0f, 0.0f, 0.0f, 0.0f);
  // Clockwise on screen with y down: +x turns to +y.
  const Vec2 p = apply(rotation(90.0f), Vec2{1.0f, 0.0f});
  CHECK(near(p.x, 0.0f, 1e-6f));
  CHECK(near(p.y, 1.0f));
  CHECK(std::abs(Affine2D::fromMat3(rotation(90.0f)).a) < 1e-12f);  // no float-pi residue (-4e-8)
}

TEST_CASE("composeTransform: translate(100px) rotate(45deg) [core][transform]") {
  checkMatrix(
      Affine2D::fromMat3(composeTransform({100.0f, 0.0f}, 45.0f, {0.0f, 0.0f}, {1.0f, 1.0f}, {0.0f, 0.0f})),
      kHalfSqrt2, kHalfSqrt2, -kHalfSqrt2, kHalfSqrt2, 100.0f, 0.0f);
  // The other order, rotate(45deg) translate(100px), moves along the rotated axis.
  checkMatrix(Affine2D::fromMat3(rotation(45.0f) * translation({100.0f, 0.0f})), kHalfSqrt2, kHalfSqrt2,
              -kHalfSqrt2, kHalfSqrt2, 100.0f * kHalfSqrt2, 100.0f * kHalfSqrt2);
  // translate(10px, 20px) rotate(90deg) scale(2, 3) = matrix(0, 2, -3, 0, 10, 20).
  checkMatrix(
      Affine2D::fromMat3(composeTransform({10.0f, 20.0f}, 90.0f, {0.0f, 0.0f}, {2.0f, 3.0f}, {0.0f, 0.0f})),
      0.0f, 2.0f, -3.0f, 0.0f, 10.0f, 20.0f);
  checkMatrix(Affine2D::fromMat3(scaling({2.0f, 3.0f})), 2.0f, 0.0f, 0.0f, 3.0f, 0.0f, 0.0f);
}

TEST_CASE("composeTransform: about the origin, the origin stays put [core][transform]") {
  const Mat3 m = composeTransform({0.0f, 0.0f}, 90.0f, {0.0f, 0.0f}, {1.0f, 1.0f}, {50.0f, 50.0f});
  const Vec2 corner = apply(m, Vec2{0.0f, 0.0f});  // top-left of a 100x100 box -> top-right
  CHECK(near(corner.x, 100.0f));
  CHECK(near(corner.y, 0.0f));
  const Vec2 centre = apply(m, Vec2{50.0f, 50.0f});
  CHECK(near(centre.x, 50.0f));
  CHECK(near(centre.y, 50.0f));
  // Scaling about the centre grows the box both ways.
  const Vec2 grown = apply(composeTransform({0.0f, 0.0f}, 0.0f, {0.0f, 0.0f}, {2.0f, 2.0f}, {50.0f, 50.0f}),
                           Vec2{0.0f, 0.0f});
  CHECK(near(grown.x, -50.0f));
  CHECK(near(grown.y, -50.0f));
}

TEST_CASE("Affine2D: matrix() numbers, product and apply agree with Mat3 [core][transform]") {
  const Mat3 a = composeTransform({5.0f, -7.0f}, 30.0f, {0.0f, 0.0f}, {1.5f, 0.5f}, {3.0f, 4.0f});
  const Mat3 b = composeTransform({-2.0f, 9.0f}, -70.0f, {0.0f, 0.0f}, {2.0f, 2.0f}, {0.0f, 1.0f});
  const Affine2D fa = Affine2D::fromMat3(a), fb = Affine2D::fromMat3(b);
  const Affine2D product = fa * fb;
  const Affine2D expected = Affine2D::fromMat3(a * b);
  checkMatrix(product, expected.a, expected.b, expected.c, expected.d, expected.e, expected.f);
  const Vec2 p{3.5f, -1.25f};
  const Vec2 q1 = fa.apply(p), q2 = apply(a, p);
  CHECK(near(q1.x, q2.x));
  CHECK(near(q1.y, q2.y));
  CHECK(Affine2D::fromMat3(fa.toMat3()) == fa);
  CHECK(Affine2D{}.isIdentity());
  CHECK_FALSE(fa.isIdentity());
}
