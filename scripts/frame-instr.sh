#!/usr/bin/env bash
# Instructions per node and frame of the frame workloads, under callgrind:
# exact and repeatable where nanoseconds are not. Each workload runs
#   zenit_frame_driver WORKLOAD 1000 FRAMES
# with collection toggled around the frames (60 warm-up frames excluded):
# 20 frames, and 30 for `transition` (one whole cycle of its class toggle).
# The parser's row is `zenit_frame_driver parse 500000 2`, per byte.
# `nth-list` (not in the default set) is a 10,000-item list with
# :nth-child() rules and one item inserted in its middle every frame:
# `zenit_frame_driver nth-list 10000 20`, per frame and per restyled node;
# `nth-type-list` the same with :nth-of-type() and :nth-last-of-type().
# `composite` (not in the default set) is pulse's 1000 nodes drawn by a
# Compositor from one commit, a node and frame; `commit` a forced commit of
# them, a node (docs/compositor.md).
#
#   scripts/frame-instr.sh [BUILD_DIR] [WORKLOAD...]
#
# BUILD_DIR defaults to build/release (cmake --preset release, target
# zenit_frame_driver). Without workloads it prints every one of
# docs/performance.md's instruction table.
set -euo pipefail

cd "$(dirname "$0")/.."
build=build/release
if [ $# -gt 0 ] && [ -d "$1" ]; then
  build="$1"
  shift
fi
driver="$build/bench/zenit_frame_driver"
[ -x "$driver" ] || { echo "frame-instr.sh: $driver not built (cmake --build $build --target zenit_frame_driver)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "frame-instr.sh: valgrind not found" >&2; exit 2; }

workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(pulse opacity transition imperative-overlay imperative-fixed static parts clip parse)

out=$(mktemp /tmp/frame-instr.XXXXXX)
trap 'rm -f "$out"' EXIT
count() {  # total instructions collected between the driver's two toggles
  valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out" "$driver" "$@" >/dev/null 2>&1
  sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$out" | head -1
}

printf '| workload | instructions |\n|---|---:|\n'
for w in "${workloads[@]}"; do
  if [ "$w" = parse ]; then
    bytes=$("$driver" parse 500000 0 | awk '{print $2}')
    n=$(count parse 500000 2)
    printf '| parse (a byte) | %s |\n' "$(awk -v n="$n" -v b="$bytes" 'BEGIN { printf "%.2f", n / (2 * b) }')"
    continue
  fi
  if [ "$w" = nth-list ] || [ "$w" = nth-type-list ]; then
    n=$(count "$w" 10000 20)
    restyled=$("$driver" "$w" 10000 20 | sed -n 's/.*resolves \([0-9]*\).*/\1/p')
    printf '| %s (a frame) | %s |\n| %s (a restyled node) | %s |\n' "$w" \
      "$(awk -v n="$n" 'BEGIN { printf "%.0f", n / 20 }')" "$w" "$(awk -v n="$n" -v r="$restyled" 'BEGIN { printf "%.1f", n / r }')"
    continue
  fi
  if [ "$w" = commit ]; then  # the compositor's commit, a changed node (docs/compositor.md)
    n=$(count commit 1000 20)
    printf '| commit (a changed node) | %s |\n' "$(awk -v n="$n" 'BEGIN { printf "%.1f", n / (1000 * 20) }')"
    continue
  fi
  frames=20
  [ "$w" = transition ] && frames=30
  n=$(count "$w" 1000 "$frames")
  printf '| %s (a node and frame) | %s |\n' "$w" "$(awk -v n="$n" -v f="$frames" 'BEGIN { printf "%.1f", n / (1000 * f) }')"
done
