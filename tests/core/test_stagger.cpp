// Staggers (core/Stagger.hpp): distances from each origin in rows and
// grids, spacing per item or as an amount, negative spacing, easing, and
// the refusals.
#include <zenit/core/Stagger.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "support/zenit_test.hpp"

using namespace zenit;
using zenit::test::Approx;

namespace {

std::vector<double> spread(const Stagger& s, std::size_t n) {
  std::vector<double> out(n, -99.0);
  const StaggerResult r = computeStagger(s, out);
  INFO(r.message);
  REQUIRE(r);
  return out;
}

void checkNear(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("item " << i);
    CHECK(got[i] == Approx(want[i]).margin(1e-12));
  }
}

}  // namespace

TEST_CASE("stagger: a row from the first, the last, the center and an index") {
  Stagger s;
  checkNear(spread(s, 5), {0, 0.1, 0.2, 0.3, 0.4});
  s.origin = StaggerOrigin::Last;
  checkNear(spread(s, 4), {0.3, 0.2, 0.1, 0});
  s.origin = StaggerOrigin::Center;
  checkNear(spread(s, 5), {0.2, 0.1, 0, 0.1, 0.2});
  // An even row's center lies between two items: both are nearest.
  checkNear(spread(s, 4), {0.1, 0, 0, 0.1});
  s.origin = StaggerOrigin::Index;
  s.index = 1;
  checkNear(spread(s, 4), {0.1, 0, 0.1, 0.2});
  s.index = 9;  // past the items: the last is nearest
  checkNear(spread(s, 3), {0.2, 0.1, 0});
}

TEST_CASE("stagger: amount is the whole spread; start moves every offset") {
  Stagger s;
  s.amount = true;
  s.spacing = 1.0;
  s.start = 0.5;
  checkNear(spread(s, 5), {0.5, 0.75, 1.0, 1.25, 1.5});
  checkNear(spread(s, 1), {0.5});
}

TEST_CASE("stagger: negative spacing puts the farthest first, never below the start") {
  Stagger s;
  s.spacing = -0.1;
  s.origin = StaggerOrigin::Center;
  checkNear(spread(s, 7), {0, 0.1, 0.2, 0.3, 0.2, 0.1, 0});
  // With an easing, turned around.
  Stagger e;
  e.spacing = -0.1;
  e.easing = *parseEasing("ease-in-quad");
  const std::vector<double> got = spread(e, 7);
  CHECK(got.front() == Approx(0.6));
  CHECK(got.back() == Approx(0.0).margin(1e-12));
  CHECK(got[1] == Approx(0.6 * (5.0 / 6.0) * (5.0 / 6.0)));  // the spread times ease(1 - 1/6)
}

TEST_CASE("stagger: the 12-item grid from its center") {
  Stagger s;
  s.columns = 4;
  s.origin = StaggerOrigin::Center;  // (1.5, 1)
  const std::vector<double> got = spread(s, 12);
  // Nearest: the two middle items of the middle row, 0.5 cells away.
  CHECK(got[5] == Approx(0.0).margin(1e-12));
  CHECK(got[6] == Approx(0.0).margin(1e-12));
  // Corners: sqrt(1.5^2 + 1) cells away, 0.5 past the nearest.
  const double corner = 0.1 * (std::sqrt(1.5 * 1.5 + 1.0) - 0.5);
  for (const std::size_t i : {0u, 3u, 8u, 11u}) CHECK(got[i] == Approx(corner));
  CHECK(got[4] == Approx(0.1));  // 1.5 cells along the row
  CHECK(got[1] == Approx(0.1 * (std::sqrt(0.25 + 1.0) - 0.5)));
}

TEST_CASE("stagger: an axis measures along columns or rows only; edges from the border") {
  Stagger s;
  s.columns = 4;
  s.origin = StaggerOrigin::First;
  s.axis = StaggerAxis::Y;
  checkNear(spread(s, 8), {0, 0, 0, 0, 0.1, 0.1, 0.1, 0.1});
  s.axis = StaggerAxis::X;
  checkNear(spread(s, 8), {0, 0.1, 0.2, 0.3, 0, 0.1, 0.2, 0.3});

  Stagger edges;
  edges.origin = StaggerOrigin::Edges;
  checkNear(spread(edges, 6), {0, 0.1, 0.2, 0.2, 0.1, 0});
  edges.columns = 5;  // a 5 x 5 grid: the ring, then the inner ring, then the middle
  const std::vector<double> grid = spread(edges, 25);
  CHECK(grid[0] == 0.0);
  CHECK(grid[6] == Approx(0.1));
  CHECK(grid[12] == Approx(0.2));
  CHECK(grid[7] == Approx(0.1));
}

TEST_CASE("stagger: a point may lie between or outside cells") {
  Stagger s;
  s.origin = StaggerOrigin::Point;
  s.pointX = -1.0;
  checkNear(spread(s, 3), {0, 0.1, 0.2});  // distances 1, 2, 3 less the nearest
  s.columns = 2;
  s.pointX = 0.5;
  s.pointY = 0.5;
  checkNear(spread(s, 4), {0, 0, 0, 0});  // every cell equally far
}

TEST_CASE("stagger: a seeded order is a permutation fixed by its seed") {
  Stagger s;
  s.origin = StaggerOrigin::Seeded;
  s.seed = 42;
  const std::vector<double> a = spread(s, 10);
  const std::vector<double> b = spread(s, 10);
  CHECK(a == b);
  std::vector<double> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size(); ++i) CHECK(sorted[i] == Approx(0.1 * static_cast<double>(i)));
  s.seed = 43;
  CHECK(spread(s, 10) != a);
}

TEST_CASE("stagger: refusals write nothing") {
  std::vector<double> out(3, 7.0);
  Stagger s;
  s.spacing = std::numeric_limits<double>::quiet_NaN();
  CHECK(computeStagger(s, out).status == StaggerStatus::InvalidNumber);
  s = Stagger{};
  s.start = std::numeric_limits<double>::infinity();
  CHECK(computeStagger(s, out).status == StaggerStatus::InvalidNumber);
  s = Stagger{};
  s.spacing = 1e308;
  s.start = 1e308;
  const StaggerResult r = computeStagger(s, out);
  CHECK(r.status == StaggerStatus::NotFinite);
  CHECK_FALSE(r.message.empty());
  CHECK(out == std::vector<double>(3, 7.0));
  CHECK(computeStagger(Stagger{}, std::span<double>{}));
}
