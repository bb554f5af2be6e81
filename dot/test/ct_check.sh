#!/usr/bin/env bash
# Constant-time check of the _ct flavours: valgrind counts the instructions a kernel executes
# on random operands and on operands that cascade through every limb; the counts must match.
# As a control that the method can see a data-dependent branch, the fast flavour's counts must
# differ on a SIMD variant (its phase 4 sits behind a branch).
# usage: ct_check.sh PATH/TO/ct_probe
set -u
probe=$1
. "$(dirname "$0")/ct_count.sh"

for variant in scalar chain sse avx2; do
  for op in add_n_ct sub_n_ct; do
    for n in 1 3 4 5 8 16 17 33 64 100; do
      read -r a b <<< "$(counts "$variant" "$op" "$n" -- random cascade)"
      verdict "$([ "$a" = "$b" ] && [ "$a" -gt 0 ] && echo 1)" \
        "$variant $op n=$n: $a instructions on random input, $b on a full cascade"
    done
  done
done
for op in add_n sub_n; do
  read -r a b <<< "$(counts avx2 "$op" 64 -- random cascade)"
  verdict "$([ "$a" != "$b" ] && [ "$a" -gt 0 ] && [ "$b" -gt 0 ] && echo 1)" \
    "control: avx2 $op (fast) n=64 differs: $a vs $b instructions"
done
summary
