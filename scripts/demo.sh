#!/usr/bin/env bash
# Builds and runs the demo: in a window when there is a display, otherwise
# headless, writing PNG frames (see the demo's --help). The README's demo command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DZENIT_BUILD_TESTS=OFF -DZENIT_BUILD_BENCH=OFF >/dev/null
cmake --build build/demo -j2
if [ -x build/demo/examples/demo/zenit-demo ]; then
  exec build/demo/examples/demo/zenit-demo "$@"
fi
exec build/demo/examples/hello/zenit-hello "$@"
