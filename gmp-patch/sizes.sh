#!/bin/bash
# Operand sizes of the mpn_add_n / mpn_sub_n calls that GMPbench-style tests make:
#   gmp-patch/sizes.sh [VARIANT] [TEST...]      e.g. gmp-patch/sizes.sh stock 'multiply(30000,10000)' gcd
# VARIANT is a build/gmp folder (default stock); TEST is a test or a program name as
# `dotbench gmpbench --tests` takes them (default: every test). Each test runs a few times in
# gmpbench_native under an LD_PRELOAD shim (test/addsub_sizes.c) that counts sizes, so the
# shares are per call of the whole test, calibration included; each line ends with the share of
# calls and limbs made in place (rp == up or vp). Needs `make java` (the driver).
set -euo pipefail
root=$(dirname "$(dirname "$(realpath "$0")")")
. "$root/gmp-patch/test_names.sh"
variant=${1:-stock}
shift || true
lib=$root/build/gmp/$variant/lib/libgmp.so
driver=$root/build/harness/gmpbench_native
shim=$root/build/obj/gmp/sizes/addsub_sizes.so
[ -f "$lib" ] || { echo "sizes.sh: $lib is not built (make libs-gmp)" >&2; exit 3; }
[ -x "$driver" ] || { echo "sizes.sh: $driver is not built (make java)" >&2; exit 3; }
mkdir -p "$(dirname "$shim")"
if [ ! -f "$shim" ] || [ "$root/gmp-patch/test/addsub_sizes.c" -nt "$shim" ]; then
  cc -O2 -shared -fPIC -o "$shim" "$root/gmp-patch/test/addsub_sizes.c" -ldl
fi
if [ $# -eq 0 ]; then
  mapfile -t tests < <("$driver" --list)
else
  tests=("$@")
fi
for t in "${tests[@]}"; do
  # a program name expands to its tests
  mapfile -t expanded < <(test_names "$driver" "$t")
  [ ${#expanded[@]} -gt 0 ] || { echo "sizes.sh: unknown test '$t'" >&2; exit 2; }
  for one in "${expanded[@]}"; do
    echo "== $variant $one"
    DOTBENCH_SIZES_LIB=$lib LD_PRELOAD=$shim "$driver" --min-time 0.001 --samples 3 --tests "$one" "$variant=$lib" 2>&1 >/dev/null \
      | grep -E '^mpn_(add|sub)_n' || { echo "sizes.sh: no counts for $one (did the shim load?)" >&2; exit 1; }
  done
done
