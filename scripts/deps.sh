#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages ZenitUI needs, skipping those already
# installed. As root it runs apt-get; otherwise it names what to install.
#   scripts/deps.sh [build|test|bench|fuzz|lint]...   (build is always included)
set -euo pipefail

pkgs=(g++ cmake ninja-build pkg-config git ca-certificates
      libfmt-dev libglm-dev libsdl2-dev libstb-dev fonts-dejavu-core)
for want in "$@"; do
  case "$want" in
    build) ;;
    test)  pkgs+=(catch2 python3) ;;
    bench) pkgs+=(libbenchmark-dev valgrind python3) ;;
    fuzz)  pkgs+=(clang libclang-rt-dev) ;;
    lint)  pkgs+=(clang-format clang-tidy) ;;
    *) echo "deps.sh: unknown group '$want' (build, test, bench, fuzz, lint)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "deps.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "deps.sh: these packages are missing: ${missing[*]}" >&2
  echo "deps.sh: install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
