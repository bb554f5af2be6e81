#!/usr/bin/env bash
# Constant-time check of the NTT products of the scalar and AVX2 variants (valgrind cannot run
# AVX-512): valgrind counts the instructions a product executes on random, all-ones and all-zero
# operands; the three counts must match. The AVX2 rows run where valgrind's CPU has AVX2 and FMA. As a control that the method sees a data-dependent branch, a schoolbook that
# skips zero limbs must count differently on zeros.
# usage: ct_ntt_check.sh PATH/TO/ct_ntt_probe
set -u
probe=$1
. "$(dirname "$0")/ct_count.sh"
isas=scalar
if DOT_ISA=avx2 valgrind -q "$probe" mul 40 random 2>/dev/null | grep -q "ops=avx2"; then
  isas="scalar avx2"
else
  echo "  (avx2 rows skipped: valgrind's CPU here does not run the AVX2 transforms)"
fi
for isa in $isas; do
  export DOT_ISA=$isa
  for case in "mul 20" "mul 150" "mul_transform 33" "mul_transform 200" "sqr 100" "mont 32" "mont 64"; do
    set -- $case
    read -r a b c <<< "$(counts "$1" "$2" -- random ones zeros)"
    verdict "$([ "$a" = "$b" ] && [ "$a" = "$c" ] && [ "$a" -gt 0 ] && echo 1)" \
      "$isa $1 n=$2: $a instructions on random operands, $b on all-ones, $c on zeros"
  done
done
export DOT_ISA=scalar
read -r a c <<< "$(counts leaky 64 -- random zeros)"
verdict "$([ "$a" != "$c" ] && [ "$a" -gt 0 ] && [ "$c" -gt 0 ] && echo 1)" \
  "control: a schoolbook skipping zero limbs differs: $a vs $c instructions"
summary
