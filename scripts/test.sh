#!/usr/bin/env bash
# Builds ZenitUI with ASan + UBSan and runs every test: unit tests, the
# browser conformance suites, the consumer builds; runs the threaded tests
# under ThreadSanitizer; then builds the demo as the README's demo command
# does. The README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
cmake --preset ci
cmake --build --preset ci -j2
ctest --preset ci -j2
# The code with threads (the compositor, clip players on threads) again
# under ThreadSanitizer, which cannot share a build with ASan.
cmake --preset tsan
cmake --build --preset tsan -j2
ctest --preset tsan -j2
# The demo's build, as scripts/demo.sh makes it (Release, warnings as
# errors): optimised builds warn where Debug ones do not.
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DZENIT_BUILD_TESTS=OFF -DZENIT_BUILD_BENCH=OFF >/dev/null
cmake --build build/demo -j2
