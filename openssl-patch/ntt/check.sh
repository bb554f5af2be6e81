#!/bin/bash
# OpenSSL's own recipes on the ntt variant: check.sh BUILD [MIN_BITS]
#   1. openssl-patch/check.sh on build/obj/openssl/ntt (test_bn test_exp test_internal_bn
#      test_rsa test_mp_rsa test_dh test_dsa, evp_test on the RSA/DH/DSA data files) and the
#      test_rsapss recipe, with DOTSSL_NTT_MIN_BITS=MIN_BITS (default 0: every odd modulus the
#      tests use goes through dot_ntt_mont, not only the few above the default threshold); the
#      counts are checked: 7 recipe files and 1 for test_rsapss, each "Result: PASS".
#      With MIN_BITS 0, test/exptest and test/rsa_test must stop at dot_ntt_mont_mul under gdb.
#   2. a bad DOTSSL_NTT_MIN_BITS stops the process with its one-line message.
#   3. one RSA-6144 verify under gdb (calls.sh): with DOTSSL_NTT_MIN_BITS=6144 every Montgomery
#      product goes to dot_ntt_mont_mul and none to bn_mul_mont; with DOTSSL_NTT_MIN_BITS=off none
#      does (the default threshold depends on the CPU: bn_ntt.c). Needs build/ntt-rsa/rsa6144.der
#      and bench_rsa (made here when missing).
# exit: 0 passed, 1 failed, 2 bad usage
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: check.sh BUILD [MIN_BITS]" >&2; exit 2; }
build=$(realpath "$1") min_bits=${2:-0}
here=$(dirname "$(realpath "$0")")
obj=$build/obj/openssl/ntt
log=$obj/tests.out
[[ -f $obj/libcrypto.so.3 ]] || { echo "check: no ntt build in $obj (make libs-openssl-ntt)" >&2; exit 2; }

export DOTSSL_NTT_MIN_BITS=$min_bits
echo "openssl/ntt: recipes with DOTSSL_NTT_MIN_BITS=$min_bits"
"$here/../check.sh" "$obj"
cp "$log" "$obj/tests-min$min_bits.out"
files=$(grep -E '^Files=' "$log" | tail -1 | sed -E 's/^Files=([0-9]+),.*/\1/')
[[ $files == 7 ]] || { echo "  recipes: $files test files ran, expected 7" >&2; exit 1; }
rlog=$obj/tests-rsapss-min$min_bits.out
HARNESS_JOBS=${NPROC:-2} make -C "$obj" run_tests TESTS=test_rsapss > "$rlog" 2>&1 \
  || { grep -E 'not ok|Failed' "$rlog" | head; echo "  test_rsapss: FAIL (see $rlog)" >&2; exit 1; }
grep -q '^Result: PASS' "$rlog" && grep -qE '^Files=1, Tests=[1-9]' "$rlog" \
  || { echo "  test_rsapss: no pass line for one file (see $rlog)" >&2; exit 1; }
echo "  test_rsapss: $(grep -E '^Files=' "$rlog" | tail -1)"
# the recipes' programs did reach the NTT: each stops at dot_ntt_mont_mul under gdb (exptest
# loads libcrypto.so.3, rsa_test has libcrypto.a and libdot linked in)
for t in exptest rsa_test; do
  printf '%s\n' "set breakpoint pending on" "break dot_ntt_mont_mul" "run" "kill" > "$obj/gdb.reach.cmd"
  "$obj/util/shlib_wrap.sh" gdb -nx -batch -x "$obj/gdb.reach.cmd" "$obj/test/$t" 2>&1 \
    | grep -q "^Breakpoint 1, .*dot_ntt_mont_mul" \
    || { echo "  test/$t never reaches dot_ntt_mont_mul with DOTSSL_NTT_MIN_BITS=$min_bits" >&2; exit 1; }
done
echo "  test/exptest and test/rsa_test reach dot_ntt_mont_mul"
unset DOTSSL_NTT_MIN_BITS

work=$build/ntt-rsa
mkdir -p "$work"
[[ -x $work/bench_rsa ]] || cc -O2 -Wall -I"$build/openssl/stock/include" -o "$work/bench_rsa" \
  "$here/bench_rsa.c" -L"$build/openssl/stock/lib" -lcrypto -ldl
[[ -s $work/rsa6144.der ]] || "$here/rsa_key.py" 6144 "$work/rsa6144.der"

msg=$(DOTSSL_NTT_MIN_BITS=6k LD_LIBRARY_PATH=$build/openssl/ntt/lib "$work/bench_rsa" "$work/rsa6144.der" 0.01 2>&1 >/dev/null) && rc=0 || rc=$?
[[ $rc == 134 && $msg == "libcrypto: DOTSSL_NTT_MIN_BITS=6k: expected a decimal bit count"* ]] \
  || { echo "  DOTSSL_NTT_MIN_BITS=6k: exit $rc, message \"$msg\"; expected an abort with its message" >&2; exit 1; }
echo "  DOTSSL_NTT_MIN_BITS=6k: refused (\"$msg\")"

# calls.sh prints: key op bn_mul_mont_fixed_top dot_ntt_mont_mul bn_mul_mont ...
row() { "$here/calls.sh" "$build" ntt 6144 | awk '$2 == "verify" { print $3, $4, $5 }'; }
read -r fixed ntt asm <<< "$(DOTSSL_NTT_MIN_BITS=6144 row)"
[[ $fixed -gt 0 && $ntt == "$fixed" && $asm == 0 ]] \
  || { echo "  RSA-6144 verify, 6144: $fixed products, $ntt through dot_ntt_mont_mul, $asm through bn_mul_mont; expected all through the NTT" >&2; exit 1; }
echo "  RSA-6144 verify, DOTSSL_NTT_MIN_BITS=6144: $fixed Montgomery products, $ntt through dot_ntt_mont_mul, $asm through bn_mul_mont"
read -r fixed ntt asm <<< "$(DOTSSL_NTT_MIN_BITS=off row)"
[[ $fixed -gt 0 && $ntt == 0 && $asm == "$fixed" ]] \
  || { echo "  RSA-6144 verify, off: $fixed products, $ntt through dot_ntt_mont_mul, $asm through bn_mul_mont; expected none through the NTT" >&2; exit 1; }
echo "  RSA-6144 verify, DOTSSL_NTT_MIN_BITS=off: $fixed Montgomery products, $ntt through dot_ntt_mont_mul, $asm through bn_mul_mont"
