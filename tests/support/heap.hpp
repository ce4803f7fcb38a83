// Bytes the process holds on the heap now, for the soak tests' flat-memory
// checks: glibc's mallinfo2, or under AddressSanitizer (which replaces
// malloc) its own allocator's count.
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define ZENIT_SOAK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZENIT_SOAK_ASAN 1
#endif
#endif
#ifdef ZENIT_SOAK_ASAN
// Exported by both gcc's and clang's ASan runtime; declared here because
// gcc does not install <sanitizer/allocator_interface.h>.
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#else
#include <malloc.h>
#endif

namespace zenit::test {

inline std::size_t heapInUse() {
#ifdef ZENIT_SOAK_ASAN
  return __sanitizer_get_current_allocated_bytes();
#else
  return mallinfo2().uordblks;
#endif
}

}  // namespace zenit::test
