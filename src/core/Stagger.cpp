// Staggers (include/zenit/core/Stagger.hpp): distances from an origin in a
// grid of cells, spread over [start, start + spread] through an easing.
#include <zenit/core/Stagger.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace zenit {

namespace {

// splitmix64: a well-mixed 64-bit sequence from a seed (a fixed algorithm,
// so the same seed gives the same order on every platform).
std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct Grid {
  std::size_t count{0};
  double columns{1.0};
  double rows{1.0};
};

double columnOf(const Grid& g, std::size_t i) { return std::fmod(static_cast<double>(i), g.columns); }
double rowOf(const Grid& g, std::size_t i) { return std::floor(static_cast<double>(i) / g.columns); }

// The distance of item i from the origin, in cells (or its rank in a seeded order).
struct Distances {
  const Stagger& s;
  Grid g;
  double width{1.0};  // columns actually used: fewer when the items do not fill a row
  double ox{0.0}, oy{0.0};
  std::vector<std::uint32_t> rank;  // Seeded only

  double at(std::size_t i) const {
    const double x = columnOf(g, i);
    const double y = rowOf(g, i);
    if (s.origin == StaggerOrigin::Seeded) return static_cast<double>(rank[i]);
    if (s.origin == StaggerOrigin::Edges) {
      // To the nearest edge, along the axes that have more than one cell.
      const double dx = std::min(x, width - 1.0 - x);
      const double dy = std::min(y, g.rows - 1.0 - y);
      const bool useX = s.axis != StaggerAxis::Y && width > 1.0;
      const bool useY = s.axis != StaggerAxis::X && g.rows > 1.0;
      if (useX && useY) return std::min(dx, dy);
      if (useX) return dx;
      return useY ? dy : 0.0;
    }
    const double dx = x - ox;
    const double dy = y - oy;
    switch (s.axis) {
      case StaggerAxis::X: return std::abs(dx);
      case StaggerAxis::Y: return std::abs(dy);
      case StaggerAxis::Both: break;
    }
    return std::sqrt(dx * dx + dy * dy);
  }
};

StaggerResult refuse(StaggerStatus status, std::string message) {
  StaggerResult r;
  r.status = status;
  r.message = std::move(message);
  return r;
}

}  // namespace

StaggerResult computeStagger(const Stagger& s, std::span<double> out) {
  if (!std::isfinite(s.spacing))
    return refuse(StaggerStatus::InvalidNumber, "stagger spacing must be finite");
  if (!std::isfinite(s.start)) return refuse(StaggerStatus::InvalidNumber, "stagger start must be finite");
  if (s.origin == StaggerOrigin::Point && !(std::isfinite(s.pointX) && std::isfinite(s.pointY)))
    return refuse(StaggerStatus::InvalidNumber, "stagger point must be finite");
  const std::size_t n = out.size();
  if (n == 0) return {};

  Distances d{s, {}, 1.0, 0.0, 0.0, {}};
  d.g.count = n;
  d.g.columns = static_cast<double>(s.columns == 0 ? n : s.columns);
  d.g.rows = std::ceil(static_cast<double>(n) / d.g.columns);
  d.width = std::min(d.g.columns, static_cast<double>(n));
  switch (s.origin) {
    case StaggerOrigin::First: break;
    case StaggerOrigin::Last:
      d.ox = columnOf(d.g, n - 1);
      d.oy = rowOf(d.g, n - 1);
      break;
    case StaggerOrigin::Center:
      d.ox = (d.width - 1.0) / 2.0;
      d.oy = (d.g.rows - 1.0) / 2.0;
      break;
    case StaggerOrigin::Index:  // in one row an index past the items lies further along it
      d.ox = s.columns == 0 ? static_cast<double>(s.index) : columnOf(d.g, s.index);
      d.oy = s.columns == 0 ? 0.0 : rowOf(d.g, s.index);
      break;
    case StaggerOrigin::Point:
      d.ox = s.pointX;
      d.oy = s.pointY;
      break;
    case StaggerOrigin::Edges: break;
    case StaggerOrigin::Seeded: {
      // Each item's rank when the items are ordered by a hash of (seed, index).
      std::vector<std::uint32_t> order(n);
      std::iota(order.begin(), order.end(), 0u);
      std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const std::uint64_t ka = mix(s.seed ^ mix(a)), kb = mix(s.seed ^ mix(b));
        return ka != kb ? ka < kb : a < b;
      });
      d.rank.resize(n);
      for (std::size_t r = 0; r < n; ++r) d.rank[order[r]] = static_cast<std::uint32_t>(r);
      break;
    }
  }

  double lo = d.at(0), hi = lo;
  for (std::size_t i = 1; i < n; ++i) {
    const double v = d.at(i);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  const double range = hi - lo;
  const double spread = s.amount ? s.spacing : s.spacing * range;
  const bool reversed = spread < 0.0;
  const double size = std::abs(spread);
  // The offset of item i; a negative spread puts the farthest first, on the easing turned around.
  const auto offset = [&](std::size_t i) {
    const double u = range > 0.0 ? (d.at(i) - lo) / range : 0.0;
    const double eased = getRatio(reversed ? 1.0 - u : u, s.easing);
    return s.start + size * eased;
  };
  // Sampled in full before anything is written: a refused stagger writes nothing.
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(offset(i)))
      return refuse(StaggerStatus::NotFinite,
                    "stagger offset of item " + std::to_string(i) + " is not finite");
  for (std::size_t i = 0; i < n; ++i) out[i] = offset(i);
  return {};
}

}  // namespace zenit
