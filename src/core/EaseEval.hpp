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

}  // namespace zenit
