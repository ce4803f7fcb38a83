#!/usr/bin/env bash
# Style checks: clang-format (the tree must already be formatted) and
# clang-tidy with the checked-in .clang-tidy over the library's sources.
#   scripts/lint.sh            check both; exit 1 on any finding
#   scripts/lint.sh --fix      reformat the tree in place, then run clang-tidy
# clang-tidy reads build/dev/compile_commands.json (configured if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
fix=0
[ "${1:-}" = "--fix" ] && fix=1
for tool in clang-format clang-tidy; do
  command -v "$tool" >/dev/null || { echo "lint: $tool is missing (Debian: apt-get install clang-format clang-tidy)"; exit 2; }
done
mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
status=0
if [ $fix = 1 ]; then
  clang-format -i "${files[@]}"
else
  bad=()
  for f in "${files[@]}"; do clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f"); done
  if [ ${#bad[@]} -gt 0 ]; then
    echo "lint: not formatted (scripts/lint.sh --fix): ${bad[*]}"
    status=1
  fi
fi
[ -f build/dev/compile_commands.json ] || cmake --preset dev >/dev/null
mapfile -t sources < <(git ls-files 'src/*.cpp' | grep -v '^src/render/sdl/')
out=$(printf '%s\n' "${sources[@]}" | xargs -P 2 -n 4 clang-tidy -p build/dev --quiet 2>/dev/null || true)
if grep -q 'warning:\|error:' <<<"$out"; then
  grep -A3 'warning:\|error:' <<<"$out"
  status=1
fi
[ $status = 0 ] && echo "lint: clean (${#files[@]} files formatted, ${#sources[@]} sources tidy)"
exit $status
