#!/bin/sh
# Instructions per SoftwareRenderer frame on the spinner scene, full redraw
# against damaged redraw (docs/rendering.md, "Damage"). Callgrind counts
# render() alone: the driver toggles collection around each call.
#
#   bench/damage_instr.sh [path/to/zenit_frame_driver] [cards]
set -eu
DRIVER=${1:-build/damage-rel/bench/zenit_frame_driver}
CARDS=${2:-300}
count() {  # mode frames -> instructions per frame
  out=$(mktemp)
  valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out" \
    "$DRIVER" "$1" "$CARDS" "$2" >/dev/null 2>&1
  awk -v frames="$2" '/^(summary|totals):/ { printf "%.0f\n", $2 / frames; exit }' "$out"
  rm -f "$out"
}
full=$(count software-full 3)
damaged=$(count software-damage 100)
echo "full redraw:    $full instructions per frame"
echo "damaged redraw: $damaged instructions per frame"
awk -v f="$full" -v d="$damaged" 'BEGIN { printf "damaged / full: %.2f%%\n", 100 * d / f }'
