// Counts global operator new calls in the benchmark binaries, so every case
// can report heap allocations per frame (DESIGN.md: none in steady state).
// The replacement forwards to malloc/free, so mallinfo2() sees every block.
#pragma once

#include <cstddef>

namespace zenit::bench {

std::size_t allocationCount();  // operator new / new[] calls since the program started
std::size_t heapInUse();        // bytes malloc has handed out and not had back (mallinfo2().uordblks)

}  // namespace zenit::bench
