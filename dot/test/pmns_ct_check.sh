#!/usr/bin/env bash
# Constant-time check of the scalar PMNS kernels (the IFMA ones share their structure, but
# valgrind has no AVX-512): valgrind counts the instructions from_int, to_int, mul and mul_trunc
# execute on random operands and on 0, 1 and p-1; the counts must match. Control: GMP's
# mpz_mul + mpz_mod must count differently on random operands and on 0.
# usage: pmns_ct_check.sh PATH/TO/pmns_ct_probe PARAMFILE...
set -u
probe=$1
shift
. "$(dirname "$0")/ct_count.sh"
export DOT_ISA=scalar

for params in "$@"; do
  for op in from_int to_int mul mul_trunc; do
    r=$(count "$params" "$op" random)
    same=1
    for mode in zero one pminus1; do
      c=$(count "$params" "$op" "$mode")
      [ "$c" = "$r" ] && [ "$r" -gt 0 ] || same=0
    done
    verdict "$same" "$(basename "$params") $op: $r instructions on random, 0, 1 and p-1 alike"
  done
  r=$(count "$params" control random)
  z=$(count "$params" control zero)
  verdict "$([ "$r" != "$z" ] && [ "$r" -gt 0 ] && [ "$z" -gt 0 ] && echo 1)" \
    "control: mpz_mul+mpz_mod on $(basename "$params") differs: $r vs $z instructions"
done
summary
