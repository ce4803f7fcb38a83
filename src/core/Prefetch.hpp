// Prefetching for the per-frame loops over scattered objects (not part of
// the API): the cache-line hint and a loop that asks for a later entry's
// line while it works on this one.
#pragma once

#include <zenit/core/Config.hpp>

#include <cstddef>

// ZENIT_PREFETCH(p): asks for the cache line at p ahead of its use (a loop
// over scattered objects); never faults, whatever p is. Nothing elsewhere.
// ZENIT_PREFETCH_WRITE(p): the same for a line the loop will write, not read.
#if defined(__GNUC__) || defined(__clang__)
#define ZENIT_PREFETCH(p) __builtin_prefetch(p)
#define ZENIT_PREFETCH_WRITE(p) __builtin_prefetch(p, 1)
#else
#define ZENIT_PREFETCH(p) static_cast<void>(p)
#define ZENIT_PREFETCH_WRITE(p) static_cast<void>(p)
#endif

namespace zenit {
// each(i) for i in [0, n), in order; before each(i), a prefetch of
// address(i + Distance) while there is such an i: a loop over entries that
// point at scattered objects asks for a later entry's line while it works
// on this one. Two loops, so the body has no test for the prefetch.
template <std::size_t Distance, class Address, class Each>
ZENIT_ALWAYS_INLINE void forEachPrefetching(std::size_t n, Address address, Each each) {
  const std::size_t prefetching = n > Distance ? n - Distance : 0;
  std::size_t i = 0;
  for (; i < prefetching; ++i) {
    ZENIT_PREFETCH(address(i + Distance));
    each(i);
  }
  for (; i < n; ++i) each(i);
}
}  // namespace zenit
