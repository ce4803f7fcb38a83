// Staggers: offsets spread over items by their distance from an origin, as
// delays, track positions or values ("each item 0.1 s later, from the
// center of a 4-column grid"). docs/clips.md, "Staggers".
//
//   Stagger s;                         // 0.1 s apart, from the first item
//   s.columns = 4;                     // a grid of four columns
//   s.origin = StaggerOrigin::Center;  // spreading from its center
//   double delays[12];
//   StaggerResult r = computeStagger(s, delays);
#pragma once

#include <zenit/core/Easing.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace zenit {

enum class StaggerOrigin : std::uint8_t {
  First,   // the first item
  Last,    // the last item
  Center,  // the middle of the grid (of the row without columns)
  Edges,   // the nearest edge of the grid: edge items first, the middle last
  Index,   // the item `index` (a cell past the items is allowed)
  Point,   // the cell point (pointX, pointY): column and row, fractional or outside
  Seeded,  // an order shuffled from `seed`: the same seed, the same order
};

// Which distance counts in a grid: straight-line, or along columns or rows only.
enum class StaggerAxis : std::uint8_t { Both, X, Y };

struct Stagger {
  // Seconds (or value units) between items one cell apart; with `amount`
  // the whole spread from the nearest item to the farthest. A negative
  // spacing reverses the order: the farthest items take `start` and the
  // nearest `start` plus the spread.
  double spacing{0.1};
  bool amount{false};
  double start{0.0};  // the nearest item's offset
  StaggerOrigin origin{StaggerOrigin::First};
  std::size_t index{0};             // StaggerOrigin::Index
  double pointX{0.0}, pointY{0.0};  // StaggerOrigin::Point, in cells
  std::uint64_t seed{0};            // StaggerOrigin::Seeded
  std::size_t columns{0};           // 0: the items form one row
  StaggerAxis axis{StaggerAxis::Both};
  TransitionFunction easing{};  // redistributes the offsets over the spread
};

enum class StaggerStatus : std::uint8_t {
  Ok,
  InvalidNumber,  // spacing, start or the point is not finite
  NotFinite,      // some offset would not be finite (an easing that overflows, say)
};

struct StaggerResult {
  StaggerStatus status{StaggerStatus::Ok};
  std::string message;  // empty when Ok
  explicit operator bool() const { return status == StaggerStatus::Ok; }
};

// Writes one offset per item of `out` (out.size() items, laid out in rows of
// `columns`). Item i is at column i % columns and row i / columns. With a
// distance d from the origin, and the nearest and farthest items at dmin and
// dmax: offset = start + spread * ease((d - dmin) / (dmax - dmin)), where the
// spread is spacing * (dmax - dmin), or spacing itself with `amount`. A
// refused stagger writes nothing.
StaggerResult computeStagger(const Stagger& stagger, std::span<double> out);

}  // namespace zenit
