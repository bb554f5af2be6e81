#!/bin/bash
# GMP's product, Karatsuba and exponentiation tests under the extreme windows DOT_BASECASE allows
# (dot.h):
#   window-check.sh <build tree>        (after check.sh, whose make check built the programs)
# The window and the Karatsuba thresholds are run-time values in DoTMP (patch 0002), so every value
# libdot accepts must give right products: the smallest window and thresholds (12 limbs), the
# largest (64, Karatsuba at 65), GMP's own schoolbook up to 65 limbs, and GMP's own thresholds
# with libdot's window; with them, libdot's exponentiation from 7 limbs (DOT_POWM_MIN), from 64
# (the register product's and the wide one's sizes alone: DOT_POWM_MAX is 256) and off, the last
# with the 4-limb kernel off too (mpz/t-powm, patch
# 0005; make check runs it on). Where libdot runs no IFMA kernel the window is
# not applied, and the runs check GMP's own code only (said below). Planted: a value libdot refuses must abort the
# programs, which shows they read DOT_BASECASE through the libdot inside this GMP.
set -euo pipefail
obj=$1
programs=(mpz/t-mul mpn/t-toom22 mpn/t-toom2-sqr mpn/t-toom32 mpn/t-toom42 mpn/t-toom33 mpz/t-powm)
windows=("mul=12,sqr=12,karatsuba_mul=12,karatsuba_sqr=12,powm=7"
         "mul=64,sqr=64,karatsuba_mul=65,karatsuba_sqr=65,powm=64"
         "mul=off,sqr=off,karatsuba_mul=65,karatsuba_sqr=65,powm=off,powm4=off"
         "karatsuba_mul=own,karatsuba_sqr=own")
for p in "${programs[@]}"; do
  [ -x "$obj/tests/$p" ] || { echo "window-check.sh: $obj/tests/$p is not built (run check.sh first)" >&2; exit 2; }
done
log=$obj/window-check.out
: > "$log"
for w in "${windows[@]}"; do
  for p in "${programs[@]}"; do
    (cd "$obj/tests" && DOT_BASECASE=$w "./$p") >> "$log" 2>&1 ||
      { tail -20 "$log"; echo "window-check.sh: $p failed with DOT_BASECASE=$w" >&2; exit 1; }
  done
done
status=0
out=$(cd "$obj/tests" && DOT_BASECASE=mul=11 ./mpz/t-mul 2>&1) || status=$?
[[ $status != 0 && $out == *"libdot: DOT_BASECASE=mul=11"* ]] ||
  { echo "window-check.sh: planted DOT_BASECASE=mul=11 did not abort mpz/t-mul (exit $status): $out" >&2; exit 1; }
echo "  window-check: ${#programs[@]} programs x ${#windows[@]} windows passed; planted mul=11 aborted (exit $status)"
grep -qw avx512ifma /proc/cpuinfo ||
  echo "  (this CPU has no IFMA: libdot applied no window, the runs checked GMP's own code)"
