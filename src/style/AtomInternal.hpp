// The intern table's hash, shared with the parser's per-sheet name cache so
// that a name new to both is hashed once. Not installed.
#pragma once

#include <zenit/style/Atom.hpp>

#include <cstdint>
#include <cstring>
#include <string_view>

namespace zenit::detail {

// A word at a time: the name's bytes as one, two or a few overlapping
// 8-byte words (never a byte outside the name), each mixed in with a
// multiply, then a finaliser that carries the high bits down, since both
// tables index by the low bits. Names are short: a handful of
// instructions, where a byte at a time costs four per byte.
[[gnu::always_inline]] inline std::uint64_t atomHash(std::string_view s) {
  const char* p = s.data();
  std::size_t n = s.size();
  const auto load64 = [](const char* q) {
    std::uint64_t w;
    std::memcpy(&w, q, sizeof w);
    return w;
  };
  const auto load32 = [](const char* q) {
    std::uint32_t w;
    std::memcpy(&w, q, sizeof w);
    return std::uint64_t{w};
  };
  const auto mix = [](std::uint64_t h, std::uint64_t w) { return (h ^ w) * 0xBF58476D1CE4E5B9ull; };
  std::uint64_t h = 0x9E3779B97F4A7C15ull * (n + 1);
  if (n >= 8) {
    for (; n > 8; p += 8, n -= 8) h = mix(h, load64(p));
    h = mix(h, load64(p + n - 8));  // the last word, overlapping the one before when n % 8 != 0
  } else if (n >= 4) {
    h = mix(h, load32(p) | load32(p + n - 4) << 32);
  } else if (n > 0) {
    h = mix(h, std::uint64_t{static_cast<unsigned char>(p[0])} |
                   std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                   std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16);
  }
  h ^= h >> 31;
  h *= 0x94D049BB133111EBull;
  h ^= h >> 29;
  return h;
}

// intern(name) when `hash` is atomHash(name), which it must be.
Atom internHashed(std::string_view name, std::uint64_t hash);

}  // namespace zenit::detail
