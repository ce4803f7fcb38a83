// The intern table's hash, shared with the parser's per-sheet name cache so
// that a name new to both is hashed once. Not installed.
#pragma once

#include <zenit/style/Atom.hpp>

#include <cstdint>
#include <string_view>

namespace zenit::detail {

// FNV-1a over the name's bytes: names are short, and the table keeps only
// the hash's top and bottom bits, so nothing faster would pay.
inline std::uint64_t atomHash(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

// intern(name) when `hash` is atomHash(name), which it must be.
Atom internHashed(std::string_view name, std::uint64_t hash);

}  // namespace zenit::detail
