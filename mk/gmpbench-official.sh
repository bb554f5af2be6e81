#!/bin/bash
# Builds GMPbench 0.2's own programs against each GMP variant, from a tarball the user supplies.
#
#   mk/gmpbench-official.sh TARBALL OUT_DIR PROGRAM_MS VARIANT...
#   mk/gmpbench-official.sh --check TARBALL      only the tarball check
#
# TARBALL is checked against the official release's SHA-256 and unpacked into OUT_DIR/src. Each
# variant's programs go to OUT_DIR/bin/VARIANT/, compiled as runbench compiles them (gcc -O3
# -fomit-frame-pointer) but linked against build/gmp/VARIANT/lib/libgmp.so (runbench's default
# is a static -lgmp; these variants are shared libraries, and so are the harness's). ldd must
# resolve libgmp to that variant's file, else the build fails.
#
# PROGRAM_MS is the CPU time each program aims its timed loop at: 10000 is GMPbench's own 1e4 and
# leaves the programs exactly as released; a smaller value shortens every test and the result
# file records it. Exit status: 0 built; 2 bad arguments; 3 no tarball, or not the official one.
set -euo pipefail

SHA256=b77e936a5b1cde2fb4ce2d591463ebcbb6113b23384dc168e0600622e083b42d
PROGRAMS="multiply divide gcd gcdext rsa pi"
HOWTO="GMPbench 0.2 is not part of dotbench; download ftp://ftp.gmplib.org/pub/misc/gmpbench-0.2.tar.bz2
(or take the copy in the GitHub repository iamsubhrajit10/Large-Number-Arithmetic-Operations at
subtraction/misc/bench/gmpbench-0.2.tar.bz2) and pass it: make gmpbench-official GMPBENCH_TARBALL=/path/to/gmpbench-0.2.tar.bz2"

check_only=false
if [ "${1:-}" = --check ]; then
  check_only=true
  set -- "${2:-}" - 1 -
fi
if [ $# -lt 4 ]; then
  echo "usage: $0 TARBALL OUT_DIR PROGRAM_MS VARIANT..." >&2
  exit 2
fi
tarball=$1 out=$2 program_ms=$3
shift 3

if [ -z "$tarball" ] || [ ! -f "$tarball" ]; then
  echo "gmpbench-official: no GMPbench tarball${tarball:+ at $tarball}." >&2
  echo "$HOWTO" >&2
  exit 3
fi
actual=$(sha256sum "$tarball" | cut -d' ' -f1)
if [ "$actual" != "$SHA256" ]; then
  echo "gmpbench-official: $tarball has SHA-256 $actual, not the GMPbench 0.2 release's $SHA256." >&2
  echo "$HOWTO" >&2
  exit 3
fi
if $check_only; then
  exit 0
fi
if ! [[ "$program_ms" =~ ^[1-9][0-9]*$ ]]; then
  echo "gmpbench-official: PROGRAM_MS must be a positive whole number of milliseconds, got '$program_ms'" >&2
  exit 2
fi

rm -rf "$out/src"
mkdir -p "$out/src"
tar -xjf "$tarball" -C "$out/src" --strip-components=1
src=$out/src
# Each program computes its iteration count as (1e4 / t) once; that literal becomes a macro whose
# default is 1e4 again, so only an explicit PROGRAM_MS changes what the programs do.
for p in $PROGRAMS; do
  n=$(grep -c '(1e4 / t)' "$src/$p.c" || true)
  if [ "$n" != 1 ]; then
    echo "gmpbench-official: expected one '(1e4 / t)' in $p.c, found $n: not the GMPbench 0.2 sources" >&2
    exit 3
  fi
  sed -i 's|(1e4 / t)|(GMPBENCH_PROGRAM_MS / t)|' "$src/$p.c"
done
if [ "$program_ms" = 10000 ]; then target=1e4; else target=$program_ms.0; fi

for v in "$@"; do
  lib=build/gmp/$v/lib
  if [ ! -f "$lib/libgmp.so" ]; then
    echo "gmpbench-official: variant $v is not built ($lib/libgmp.so is missing): run make libs" >&2
    exit 3
  fi
  libdir=$(realpath "$lib")
  want=$(realpath "$lib/libgmp.so")
  bin=$out/bin/$v
  mkdir -p "$bin"
  for p in gmpver $PROGRAMS; do
    extra=""
    [ "$p" = pi ] && extra=-lm
    gcc -O3 -fomit-frame-pointer -DGMPBENCH_PROGRAM_MS="$target" -I"build/gmp/$v/include" \
      "$src/$p.c" -o "$bin/$p" -L"$libdir" -Wl,-rpath,"$libdir" -lgmp $extra
    got=$(ldd "$bin/$p" | awk '$1 ~ /^libgmp\.so/ { print $3 }')
    if [ -z "$got" ] || [ "$(realpath "$got")" != "$want" ]; then
      echo "gmpbench-official: $bin/$p loads libgmp from '${got:-nowhere}', not $want" >&2
      exit 3
    fi
  done
  echo "gmpbench-official: $v: $("$bin/gmpver"), programs in $bin (ldd: $want)"
done
echo "$program_ms" > "$out/bin/program_ms"
