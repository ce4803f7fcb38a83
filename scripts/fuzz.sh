#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset, clang) and runs each one
# for SECONDS, two at a time, starting from its seed corpus in
# fuzz/corpus/<target>/. New inputs go to build/fuzz/corpus/<target>/ (the
# checked-in seeds are never written), crashes to build/fuzz/artifacts/,
# full logs to build/fuzz/logs/. Prints executions and time per target;
# exits 1 if any target found a crash, leak, timeout or sanitizer report.
#   scripts/fuzz.sh SECONDS [TARGET...]     (targets: see fuzz/CMakeLists.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh SECONDS [TARGET...]" >&2
  exit 2
fi
seconds=$1
shift
# Every fuzz/fuzz_<name>.cpp is a target.
all=()
for src in fuzz/fuzz_*.cpp; do
  n=${src#fuzz/fuzz_}
  all+=("${n%.cpp}")
done
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

scripts/deps.sh fuzz
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j2

# Longest input each target reads (longer ones are truncated by libFuzzer).
max_len() {
  case "$1" in
    stylesheet) echo 8192 ;;
    layout) echo 2048 ;;
    shorthand) echo 512 ;;
    easing) echo 256 ;;
    color) echo 128 ;;
    *) echo 4096 ;;
  esac
}

# Options of one target. The layout target's inputs reach tens of thousands
# of coverage features each; libFuzzer's entropic scheduler then spends most
# of the time on bookkeeping (about 4x fewer executions), so it is off there.
extra_opts() {
  case "$1" in
    layout) echo -entropic=0 ;;
    *) echo ;;
  esac
}

out="$root/build/fuzz"
mkdir -p "$out/logs" "$out/artifacts"
# Relative @import paths in fuzzed sheets resolve inside an empty directory.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

run_one() {
  local t=$1 bin="$out/fuzz/fuzz_$1"
  if [ ! -x "$bin" ]; then
    echo "fuzz.sh: no target '$t' (built: ${all[*]})" >&2
    return 2
  fi
  mkdir -p "$out/corpus/$t" "$out/artifacts/$t"
  local start end
  start=$(date +%s)
  set +e
  (cd "$scratch" && "$bin" -max_total_time="$seconds" -max_len="$(max_len "$t")" -timeout=10 \
     -rss_limit_mb=2048 -print_final_stats=1 $(extra_opts "$t") -artifact_prefix="$out/artifacts/$t/" \
     "$out/corpus/$t" "$root/fuzz/corpus/$t") >"$out/logs/$t.log" 2>&1
  local rc=$?
  set -e
  end=$(date +%s)
  echo "$rc $((end - start))" >"$out/logs/$t.rc"
}

# Two at a time (the machine has two cores).
running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [ $running -ge 2 ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

status=0
printf '%-12s %14s %8s %10s %8s  %s\n' target executions seconds exec/s corpus result
for t in "${targets[@]}"; do
  [ -f "$out/logs/$t.rc" ] || { status=1; continue; }
  read -r rc secs <"$out/logs/$t.rc"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/logs/$t.log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/logs/$t.log" | tail -1)
  corpus=$(ls "$out/corpus/$t" | wc -l)
  result=ok
  if [ "$rc" -ne 0 ]; then
    status=1
    artifact=$(ls -t "$out/artifacts/$t" 2>/dev/null | head -1)
    result="FAILED (exit $rc) ${artifact:+$out/artifacts/$t/$artifact} — see $out/logs/$t.log"
  fi
  printf '%-12s %14s %8s %10s %8s  %s\n' "$t" "${execs:-?}" "$secs" "${rate:-?}" "$corpus" "$result"
done
exit $status
