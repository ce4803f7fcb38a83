// Counts global operator new calls in every test binary, so a test can
// assert that a steady-state path allocates nothing (design card: "No heap
// allocation per frame in steady state; a test counts them"). The counter
// replaces operator new/delete with malloc/free, so ASan still sees every block.
#pragma once

#include <cstddef>
#include <utility>

namespace zenit::test {

// Number of operator new / new[] calls since the program started.
std::size_t allocationCount();

// Number of allocations made while running f().
template <class F>
std::size_t allocationsIn(F&& f) {
  const std::size_t before = allocationCount();
  std::forward<F>(f)();
  return allocationCount() - before;
}

}  // namespace zenit::test
