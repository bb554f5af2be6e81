#!/bin/bash
# Which Montgomery paths one RSA operation reaches in a libcrypto variant:
#   calls.sh BUILD VARIANT BITS...      (after rsa_ab.sh has built bench_rsa and the keys)
# Runs `bench_rsa KEY once OP REPS` under gdb with a counting breakpoint on each entry point below
# (local symbols inside libcrypto.so.3), for REPS = 0 and REPS = R; the difference divided by R
# is the calls per operation (the set-up, one of each operation, cancels out):
#   bn_mul_mont_fixed_top   every Montgomery product through BN_mod_mul_montgomery and friends
#   dot_ntt_mont_mul        of those, the ones the ntt variant hands to libdot's NTT
#   bn_mul_mont             of those, the ones the x86_64 assembler does
#   bn_mul_mont_gather5, bn_power5   the constant-time exponentiation's own assembler, which
#                           BN_mod_exp_mont_consttime calls directly (not through the above)
#   ossl_rsaz_mod_exp_avx512_x2      the IFMA RSA code for 1024/1536/2048-bit CRT halves
# exit: 0 done, 1 a count is not a whole number per operation, 2 bad usage
set -euo pipefail
[[ $# -ge 3 ]] || { echo "usage: calls.sh BUILD VARIANT BITS..." >&2; exit 2; }
build=$(realpath "$1") variant=$2
shift 2
work=$build/ntt-rsa
R=2
entries=(bn_mul_mont_fixed_top dot_ntt_mont_mul bn_mul_mont bn_mul_mont_gather5 bn_power5 ossl_rsaz_mod_exp_avx512_x2)
[[ -x $work/bench_rsa ]] || { echo "calls: no $work/bench_rsa (run rsa_ab.sh first)" >&2; exit 2; }
cmd=$(mktemp "$work/gdb.XXXXXX") # one per run: several may run at once
trap 'rm -f "$cmd"' EXIT

# hits KEY OP REPS: the hit count of every entry point, in the order of entries
hits() {
  {
    echo "set breakpoint pending on"
    echo "set environment LD_LIBRARY_PATH=$build/openssl/$variant/lib"
    for e in "${entries[@]}"; do echo "break $e"; echo "commands"; echo "silent"; echo "continue"; echo "end"; done
    echo "run $1 once $2 $3"
    echo "info breakpoints"
  } > "$cmd"
  gdb -nx -batch -x "$cmd" "$work/bench_rsa" 2>/dev/null | awk -v n="${#entries[@]}" '
    BEGIN { for (i = 1; i <= n; i++) c[i] = 0 }
    /^[0-9]+ +breakpoint/ { cur = $1 }
    /breakpoint already hit/ { c[cur] = $4 }
    END { for (i = 1; i <= n; i++) printf "%d ", c[i]; print "" }'
}

fail=0
echo "calls per operation, $variant variant (DOTSSL_NTT_MIN_BITS=${DOTSSL_NTT_MIN_BITS:-default}):"
printf '%-10s %-8s' key op; printf ' %s' "${entries[@]}"; echo
for bits in "$@"; do
  for op in verify encrypt sign decrypt; do
    read -r -a base <<< "$(hits "$work/rsa$bits.der" "$op" 0)"
    read -r -a many <<< "$(hits "$work/rsa$bits.der" "$op" $R)"
    printf '%-10s %-8s' "RSA-$bits" "$op"
    for i in "${!entries[@]}"; do
      d=$((many[i] - base[i]))
      if ((d % R)); then printf ' %s=%d/%d' "${entries[$i]}" "$d" "$R"; fail=1; else printf ' %d' $((d / R)); fi
    done
    echo
  done
done
exit $fail
