// The counting operator new is the tests' (tests/support/alloc_counter.cpp,
// compiled into the bench support library); this adds the heap byte count.
#include "alloc_count.hpp"

#include "support/alloc_counter.hpp"

#include <malloc.h>

namespace zenit::bench {
std::size_t allocationCount() { return zenit::test::allocationCount(); }
std::size_t heapInUse() { return mallinfo2().uordblks; }
}  // namespace zenit::bench
