// For tests and benchmarks only (not part of the API): what the steady
// step and the draw's leaf paths do with a node.
#pragma once

#include <cstdint>
#include <optional>

namespace zenit {
class Layout;
namespace steady {
enum class Kind : std::uint8_t;  // src/anim/steady/Record.hpp
}  // namespace steady

namespace detail {

struct LayoutProbe {
  // The node is stepped from its parent's list (parked), not visited by the walk.
  static bool listed(const Layout& n);
  // Its record's kind while listed.
  static std::optional<steady::Kind> listedAs(const Layout& n);
  // The node draws its children from its leaf run: they are all simple
  // leaves (a plain box, or one rectangle that only opacity and a
  // translation change), and since the last draw that read them they
  // changed only by their steady steps, the tree was not laid out again,
  // and no child waits for the next update.
  static bool drawsLeafRun(const Layout& n);
  // Leaf runs on (the default) or off, for every tree. Off, each draw reads
  // every node and records the same commands: for comparisons and measurement.
  static void setLeafRuns(bool on);
  static bool leafRuns();
  // How many times a draw built a leaf run (read every child anew): a run
  // left standing builds nothing.
  static std::uint64_t leafRunsBuilt();
};

}  // namespace detail
}  // namespace zenit
