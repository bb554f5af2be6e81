#!/bin/bash
# Isolates the add/sub kernels inside whole GMPbench-style tests:
#   gmp-patch/swap.sh BASE FROM [TEST...]    e.g. gmp-patch/swap.sh dot stock 'multiply(8192,8192)'
# runs gmpbench_native on two copies of build/gmp/BASE, the second one calling build/gmp/FROM's
# mpn_add_n/mpn_sub_n instead of its own (test/addsub_swap.c), interleaved, and prints the
# ratio "BASE+FROM-addsub / BASE". Tests as `dotbench gmpbench --tests` names them, joined by ';'
# for gmpbench_native (default: the multiply, divide and gcd programs' larger tests).
set -euo pipefail
root=$(dirname "$(dirname "$(realpath "$0")")")
[ $# -ge 2 ] || { echo "usage: swap.sh BASE FROM [TEST...]" >&2; exit 2; }
base=$1 from=$2
shift 2
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=('multiply(8192,8192)' 'multiply(131072,131072)' 'multiply(30000,10000)' 'divide(131072,65536)' 'divide(16777216,262144)' 'gcd(131072,131072)')
driver=$root/build/harness/gmpbench_native
for v in "$base" "$from"; do
  [ -f "$root/build/gmp/$v/lib/libgmp.so" ] || { echo "swap.sh: build/gmp/$v is not built (make libs-gmp)" >&2; exit 3; }
done
[ -x "$driver" ] || { echo "swap.sh: $driver is not built (make java)" >&2; exit 3; }
work=$root/build/obj/gmp/swap
mkdir -p "$work"
if [ ! -f "$work/addsub_swap.so" ] || [ "$root/gmp-patch/test/addsub_swap.c" -nt "$work/addsub_swap.so" ]; then
  cc -O2 -shared -fPIC -o "$work/addsub_swap.so" "$root/gmp-patch/test/addsub_swap.c" -ldl
fi
lib=$(readlink -f "$root/build/gmp/$base/lib/libgmp.so")
cp "$lib" "$work/a.so"
cp "$lib" "$work/b.so"
DOTBENCH_SWAP_A=$work/a.so DOTBENCH_SWAP_B=$work/b.so DOTBENCH_SWAP_FROM=$root/build/gmp/$from/lib/libgmp.so \
  LD_PRELOAD=$work/addsub_swap.so "$driver" --min-time 0.1 --samples 7 --tests "$(IFS=';'; echo "${tests[*]}")" \
  "$base=$work/a.so" "$base+$from-addsub=$work/b.so"
