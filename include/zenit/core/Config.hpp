// ZenitUI configuration: the programmer-error assert, small shared macros and
// forEachPrefetching.
//
// Two tiers of errors (STYLE.md habit 6):
//  - ZENIT_ASSERT(cond, "message") for programmer bugs; overridable by
//    defining ZENIT_ASSERT before including any ZenitUI header.
//  - zenit::Diagnostic values (core/Diagnostic.hpp) for bad input; returned
//    to the caller and logged, never thrown on the frame path.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace zenit::detail {
[[noreturn]] inline void assertFail(const char* cond, const char* msg, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: ZenitUI assertion failed: %s (%s)\n", file, line, msg, cond);
  std::abort();
}
}  // namespace zenit::detail

#ifndef ZENIT_ASSERT
#ifdef NDEBUG
#define ZENIT_ASSERT(cond, msg) static_cast<void>(0)
#else
#define ZENIT_ASSERT(cond, msg) \
  ((cond) ? static_cast<void>(0) : ::zenit::detail::assertFail(#cond, msg, __FILE__, __LINE__))
#endif
#endif

// ZENIT_ALWAYS_INLINE: a function the per-frame path must not pay a call for
// (an evaluator whose switches fold away once inlined, a helper split out of
// a hot function for readability). GCC and Clang honour it; elsewhere it is
// a plain `inline`.
#if defined(__GNUC__) || defined(__clang__)
#define ZENIT_ALWAYS_INLINE [[gnu::always_inline]] inline
#define ZENIT_ALWAYS_INLINE_LAMBDA __attribute__((always_inline))  // after a lambda's parameter list
#else
#define ZENIT_ALWAYS_INLINE inline
#define ZENIT_ALWAYS_INLINE_LAMBDA
#endif

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
