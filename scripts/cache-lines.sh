#!/usr/bin/env bash
# Cache lines a frame fetches per node, from callgrind's cache simulation:
# exact and repeatable, unlike wall-clock time on a shared machine. The
# caches are pinned to this machine's L1d (32 KiB, 8-way) and L3 (32 MiB,
# 16-way), 64-byte lines; callgrind has no L2.
#
# usage: scripts/cache-lines.sh [build-dir] [workload] [N] [frames]
#   defaults: build/release pulse 50000 4
# Prints, per node and frame: instructions, L1d misses (lines from beyond
# L1: at N = 50,000 a frame's data is far larger than L1 and L2) and L3
# misses (lines from memory).
set -euo pipefail
build=${1:-build/release}
workload=${2:-pulse}
n=${3:-50000}
frames=${4:-4}
driver="$build/bench/zenit_frame_driver"
if [[ ! -x "$driver" ]]; then
  echo "cache-lines.sh: $driver not found; build the zenit_frame_driver target first" >&2
  exit 1
fi
out=$(mktemp)
trap 'rm -f "$out" "$out.log"' EXIT
valgrind --tool=callgrind --cache-sim=yes --D1=32768,8,64 --LL=33554432,16,64 --collect-atstart=no \
  --callgrind-out-file="$out" "$driver" "$workload" "$n" "$frames" >"$out.log" 2>&1
# "Collected : Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw"
grep -E '^==[0-9]+== Collected' "$out.log" | awk -v n="$n" -v f="$frames" -v w="$workload" '{
  k = n * f
  printf "%s/%d: %.1f instructions, %.2f L1d misses (%.2f read, %.2f write), %.2f L3 misses per node and frame\n",
         w, n, $4 / k, ($8 + $9) / k, $8 / k, $9 / k, ($11 + $12) / k
}'
