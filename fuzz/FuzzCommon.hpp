// What every fuzz target shares: a silent log sink that still checks each
// diagnostic, and the check that turns a broken invariant into a crash the
// fuzzer records.
#pragma once

#include <zenit/core/Diagnostic.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace zenit::fuzz {

// Aborts with a message: libFuzzer saves the input as a crash.
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}
#define ZENIT_FUZZ_CHECK(cond) ((cond) ? static_cast<void>(0) : ::zenit::fuzz::fail(#cond))

// Replaces the stderr sink (printing would dominate the run time) with one
// that checks what every diagnostic promises: a message, and a position
// whenever it names a file.
inline void installCheckingSink() {
  setLogSink([](const Diagnostic& d) {
    const std::string text = d.format();
    if (d.message.empty() || d.message.find_first_of("\r\n") != std::string::npos) {
      std::fprintf(stderr, "diagnostic: [%s]\n", text.c_str());
      fail("a diagnostic is one non-empty line");
    }
  });
}

}  // namespace zenit::fuzz
