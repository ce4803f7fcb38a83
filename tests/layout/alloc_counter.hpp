// Counts global operator new calls in the layout test binary, so tests can
// assert that a steady-state frame path allocates nothing (design card:
// "No heap allocation per frame in steady state; a test counts them").
#pragma once

#include <cstddef>

namespace zenit::test {
// Number of operator new / new[] calls since the program started.
std::size_t allocationCount();
}  // namespace zenit::test
