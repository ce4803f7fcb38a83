// ZenitUI configuration: the programmer-error assert and the inline macro.
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
