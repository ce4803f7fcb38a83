#!/usr/bin/env bash
# Builds ZenitUI with ASan + UBSan and runs every test: unit tests, the
# browser conformance suites, the consumer builds. The README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
cmake --preset ci
cmake --build --preset ci -j2
ctest --preset ci -j2
