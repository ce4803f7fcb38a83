#!/usr/bin/env bash
# Instructions per byte of the .zstyle parser, under callgrind: stable where
# MB/s is noisy. Only zenit_parse_bench_parse is collected (the parse call;
# not generating the sheet, not freeing it).
#
#   scripts/parse-instr.sh [BUILD_DIR] [--size-mb X] [--theme] [--annotate]
#
# BUILD_DIR defaults to build/rel (configure it with -DCMAKE_BUILD_TYPE=Release).
# --theme collects zenit_parse_bench_theme instead (parse + Theme::loadString).
# --annotate also prints the top functions (callgrind_annotate, inclusive).
set -euo pipefail

cd "$(dirname "$0")/.."
build=build/rel
size=0.5
fn=zenit_parse_bench_parse
annotate=0
while [ $# -gt 0 ]; do
  case "$1" in
    --size-mb) size="$2"; shift 2 ;;
    --theme) fn=zenit_parse_bench_theme; shift ;;
    --annotate) annotate=1; shift ;;
    -*) echo "parse-instr.sh: unknown option $1" >&2; exit 2 ;;
    *) build="$1"; shift ;;
  esac
done

exe="$build/tools/parse-bench/zenit-parse-bench"
[ -x "$exe" ] || { echo "parse-instr.sh: $exe not built (cmake --build $build --target zenit-parse-bench)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "parse-instr.sh: valgrind not found" >&2; exit 2; }

out=$(mktemp /tmp/parse-instr.XXXXXX)
trap 'rm -f "$out" "$out.log"' EXIT
extra=()
[ "$fn" = zenit_parse_bench_theme ] && extra=(--theme)
valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no --toggle-collect="$fn" \
  "$exe" --size-mb "$size" --repeat 1 "${extra[@]}" >"$out.log" 2>&1 || { cat "$out.log" >&2; exit 1; }

bytes=$(sed -n 's/^sheet: \([0-9]*\) bytes.*/\1/p' "$out.log")
instr=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$out")
[ -n "$bytes" ] && [ -n "$instr" ] || { echo "parse-instr.sh: no figures in the callgrind output" >&2; exit 1; }
awk -v i="$instr" -v b="$bytes" -v f="$fn" 'BEGIN { printf "%s: %d instructions, %d bytes, %.1f instructions/byte\n", f, i, b, i / b }'
if [ "$annotate" = 1 ]; then
  callgrind_annotate --inclusive=yes "$out" 2>/dev/null | sed -n '1,60p'
fi
