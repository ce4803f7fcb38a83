// Where something in a stylesheet was written. Apart from StyleSheet.hpp so
// that the rules it holds (Timeline.hpp) can name it.
#pragma once

#include <cstdint>

namespace zenit {

// Where something was written: StyleSheet::files[file], 1-based line and byte column.
struct SourceLoc {
  std::uint32_t file{0};
  std::uint32_t line{0};
  std::uint32_t col{0};
  bool operator==(const SourceLoc&) const = default;
};

}  // namespace zenit
