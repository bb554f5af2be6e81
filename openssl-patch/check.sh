#!/bin/bash
# OpenSSL's own BN/RSA/DH/DSA tests on one dot build tree: check.sh <build tree>.
#   recipes: test_bn test_exp test_internal_bn test_rsa test_mp_rsa test_dh test_dsa
#   evp_test on the rsa/dh/dsa/ffdhe data files of test_evp (the recipe itself would also run
#   every cipher, ML-DSA and SLH-DSA file), with the recipe's default-and-legacy config
#   exp_oracle (test/exp_oracle.c): BN_mod_exp_mont, BN_mod_exp_mont_consttime, its pair and
#   BN_mod_exp2_mont, which patches 0004 to 0007 give libdot, against BN_mod_exp_recp at 1 to 66
#   limbs
# Then proves the programs ran against this tree's library, not the system's libcrypto (without
# util/shlib_wrap.sh they silently load /lib/x86_64-linux-gnu/libcrypto.so.3): each shared test
# program resolves libcrypto.so.3 inside the tree under shlib_wrap.sh, and each statically
# linked one (linked with libcrypto.a) contains the libdot kernels.
set -euo pipefail
obj=$(realpath "$1")
src=$(cd "$obj" && realpath "$(sed -n 's/^SRCDIR=//p' Makefile)")
recipes="test_bn test_exp test_internal_bn test_rsa test_mp_rsa test_dh test_dsa"
evp_files="evppkey_rsa.txt evppkey_rsa_common.txt evppkey_rsa_kem.txt evppkey_rsa_sigalg.txt
  evppkey_ffdhe.txt evppkey_dh.txt evppkey_dsa.txt evppkey_dsa_sigalg.txt evppkey_dsa_rfc6979.txt"
# check.sh <build tree> RECIPE...: only those recipes, no evp_test files (the per-DOT_ISA runs of
# mk/safety.mk); DOT_ISA passes through to the programs
if (($# > 1)); then recipes="${*:2}" evp_files=""; fi
log=$obj/tests${DOT_ISA:+.$DOT_ISA}.out
: > "$log"

make -C "$obj" link-utils >> "$log" 2>&1
# Verbose, so that every subtest's line is in the log: a recipe or subtest that is skipped, or a
# recipe name that matches nothing, must not pass as "Result: PASS" does.
HARNESS_VERBOSE=yes make -C "$obj" run_tests TESTS="$recipes" >> "$log" 2>&1 \
  || { grep -E 'not ok|Failed|FAIL' "$log" | head -20; echo "  recipes: FAIL (see $log)"; exit 1; }
grep -E '^Result: PASS' "$log" > /dev/null || { echo "  recipes: no PASS line (see $log)"; exit 1; }
n=$(wc -w <<<"$recipes")
# the last Files= line is the recipes' (run_tests first runs its own FIPS-config preparation)
files=$(grep -E '^Files=' "$log" | tail -1)
[[ $files == "Files=$n,"* ]] || { echo "  recipes: $files but $n recipes asked for (see $log)"; exit 1; }
for r in $recipes; do
  grep -qE "^[0-9]+-$r(\.t)? \.+ ?\$" "$log" || grep -qE "^[0-9]+-$r(\.t)? \.+ ok" "$log" \
    || { echo "  recipe $r: did not run (see $log)"; exit 1; }
done
# skipped subtests: "ok N - name # skip reason" in TAP; a skipped recipe: "skipped: reason". The
# ones expected: run_tests's own FIPS-config preparation, which a non-FIPS build always skips, and
# 15-test_rsa.t's msblob and PVK conversions in its second pass (cmd pkey skips them always), once
# each when test_rsa runs.
expected_skips='^00-prep_fipsmodule_cnf\.t \.\. skipped'
if [[ " $recipes " == *" test_rsa "* ]] && (($(grep -cE '# skip Skipping msblob conversion test$' "$log") == 1)) &&
  (($(grep -cE '# skip Skipping PVK conversion test$' "$log") == 1)); then
  expected_skips+='|# skip Skipping (msblob|PVK) conversion test$'
fi
skipped() { grep -iE '^\s*ok [0-9]+ .*# skip|\.\. skipped' "$log" | grep -vE "$expected_skips" || true; }
skips=$(skipped | grep -c . || true)
((skips == 0)) || { skipped | head; echo "  recipes: $skips skipped (see $log)"; exit 1; }
subtests=$(grep -cE '^\s*ok [0-9]+ ' "$log" || true)
echo "  recipes $recipes${DOT_ISA:+ (DOT_ISA=$DOT_ISA)}: $(grep -E '^Files=' "$log" | tail -1), $subtests subtests ok, 0 skipped"

# the environment test/run_tests.pl gives every recipe
export OPENSSL_CONF=$src/apps/openssl.cnf OPENSSL_CONF_INCLUDE=$obj/test \
  OPENSSL_MODULES=$obj/providers OPENSSL_ENGINES=$obj/engines
for f in $evp_files; do
  "$obj/util/wrap.pl" "$obj/test/evp_test" -config "$src/test/default-and-legacy.cnf" \
    "$src/test/recipes/30-test_evp_data/$f" >> "$log" 2>&1 || { echo "  evp_test $f: FAIL (see $log)"; exit 1; }
done
[[ -z $evp_files ]] || echo "  evp_test $(echo $evp_files | wc -w) data files: passed"

# patches 0006 and 0007's exponentiations (BN_mod_exp_mont, BN_mod_exp2_mont) against OpenSSL code
# they do not reach (openssl-patch/test/exp_oracle.c), with the full run only
if [[ -n $evp_files ]]; then
  cc -O1 -Wall -Werror -I"$obj/include" -I"$src/include" "$(dirname "$(realpath "$0")")/test/exp_oracle.c" \
    -L"$obj" -lcrypto -o "$obj/exp_oracle" >> "$log" 2>&1 || { echo "  exp_oracle: does not build (see $log)"; exit 1; }
  "$obj/util/shlib_wrap.sh" "$obj/exp_oracle" 2>> "$log" || { echo "  exp_oracle: FAIL (see $log)"; exit 1; }
fi

for t in bntest exptest evp_test; do
  lib=$("$obj/util/shlib_wrap.sh" ldd "$obj/test/$t" | awk '$1 == "libcrypto.so.3" { print $3 }')
  [[ $(realpath "$lib") == "$(realpath "$obj/libcrypto.so.3")" ]] \
    || { echo "  test/$t loads $lib, not $obj/libcrypto.so.3"; exit 1; }
done
# (grep reads whole files here: `nm | grep -q` fails under pipefail when grep exits first)
grep -q ' T dotssl_marker$' <(nm "$obj/libcrypto.so.3") || { echo "  libcrypto.so.3 has no dotssl_marker"; exit 1; }
for t in bn_internal_test rsa_test rsa_mp_test dhtest dsatest; do
  ! grep -q libcrypto <(ldd "$obj/test/$t") || { echo "  test/$t links libcrypto dynamically"; exit 1; }
  grep -q ' t dot_add_n_ct$' <(nm "$obj/test/$t") || { echo "  test/$t lacks libdot (not the patched libcrypto.a)"; exit 1; }
done
echo "  shared tests load $obj/libcrypto.so.3; static tests contain the patched libcrypto.a"
