// The parse benchmark's workload: a deterministic .zstyle sheet of a given size.
//
// The reference sheet is 2,000 style rules and 200 @keyframes blocks (each
// three offsets with opacity and a transform), about 0.5 MB. Other sizes
// repeat the same unit (10 rules, one @keyframes block) until the size is
// reached, so every size has the same mix and MB/s figures compare.
#pragma once

#include <cstddef>
#include <string>

namespace zenit::bench {

// What generateSheet wrote.
struct SheetShape {
  std::size_t rules{0};      // style rules
  std::size_t keyframes{0};  // @keyframes blocks
};

// A sheet of at least `bytes` bytes (whole units; the same text for the same
// `bytes` on every run and platform). Every declaration is valid.
std::string generateSheet(std::size_t bytes, SheetShape* shape = nullptr);

// The reference size: 2,000 rules and 200 @keyframes blocks.
inline constexpr std::size_t kReferenceUnits = 200;

// A sheet of exactly `units` units (10 rules + 1 @keyframes each).
std::string generateSheetUnits(std::size_t units, SheetShape* shape = nullptr);

}  // namespace zenit::bench
