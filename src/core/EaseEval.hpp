// The easings' per-frame evaluators (not part of the API): getRatio
// resolved once per stored easing, presets many records can share, and
// evaluations side by side. Each gives getRatio's result bit for bit
// (tests/core/test_easing.cpp).
#pragma once

#include <zenit/core/Easing.hpp>

#include <cstddef>

namespace zenit {

// getRatio specialised for one kind: the same result, bit for bit, without
// the dispatch on `kind` (a named family's formula is inlined). Resolve it
// once where an easing is stored (easeFnOf) and call it per frame with the
// same TransitionFunction.
using EaseFn = double (*)(double t, const TransitionFunction& fn, bool before);
EaseFn easeFnOf(const TransitionFunction& fn);
// A static TransitionFunction that every evaluator reads as it reads `fn`
// (the same results, bit for bit), or nullptr: the keyword curves, linear,
// step-start, step-end and the named families. A dense record of many
// nodes can point at it instead of holding a copy of `fn` (88 bytes).
const TransitionFunction* sharedEasing(const TransitionFunction& fn);

// One evaluation for easeBatch: fn(t, *ease, false), fn = easeFnOf(*ease).
struct EaseCall {
  EaseFn fn;
  const TransitionFunction* ease;
  double t;
};
inline constexpr std::size_t kEaseBatch = 4;  // evaluations easeBatch takes at once
// out[i] = calls[i].fn(calls[i].t, *calls[i].ease, false) for i < n <=
// kEaseBatch, bit for bit. The cubic-bezier curves that start Newton from a
// Hermite table (`ease`, `ease-in-out`) take that start and their first step
// side by side: each solve is one long chain of dependent operations, and
// independent chains overlap where one call after another would wait.
void easeBatch(const EaseCall* calls, std::size_t n, double* out);

}  // namespace zenit
