#!/bin/bash
# Checks that the diagnostics tools work and count what they claim (run by make test-libs):
# sizes.sh on rsa(512), whose add/sub calls all have 4 limbs (256-bit moduli), must say so and
# print the in-place share; a shim that did not load would print nothing and fail. swap.sh must time both copies, check
# their answers against each other (gmpbench_native exits 1 otherwise) and print the ratio;
# window.sh must print a ratio per candidate and refuse a bad one before it runs anything;
# try.sh must refuse a malformed run before it runs any.
set -euo pipefail
root=$(dirname "$(dirname "$(dirname "$(realpath "$0")")")")
out=$("$root/gmp-patch/sizes.sh" stock 'rsa(512)')
echo "$out"
grep -Eq '^mpn_sub_n: [1-9][0-9]* calls; .*sizes with >= 2%: 4:100%; in place \(rp == up or vp\): [0-9]+% of calls, ' <<<"$out" \
  || { echo "diagnostics: sizes.sh did not find rsa(512)'s 4-limb subtractions" >&2; exit 1; }
out=$("$root/gmp-patch/swap.sh" dot stock 'rsa(512)')
echo "$out" | grep '^ratio'
grep -Eq '^ratio dot\+stock-addsub/dot rsa [0-9]+\.[0-9]+$' <<<"$out" \
  || { echo "diagnostics: swap.sh printed no ratio" >&2; exit 1; }
out=$("$root/gmp-patch/window.sh" --rounds 1 --samples 1 --tests 'multiply(8192)' table mul=off,sqr=off)
echo "$out" | tail -3
grep -Eq '^  table +[0-9]+\.[0-9]+ \[' <<<"$out" && grep -Eq '^  mul=off,sqr=off +[0-9]+\.[0-9]+ \[' <<<"$out" \
  || { echo "diagnostics: window.sh printed no ratio for each candidate" >&2; exit 1; }
# planted: a window libdot would abort on is refused before any run, naming it
status=0
out=$("$root/gmp-patch/window.sh" --rounds 1 table mul=11 2>&1) || status=$?
[[ $status == 2 && $out == *"candidate 'mul=11' refused"* && $out != *round* ]] \
  || { echo "diagnostics: window.sh did not refuse mul=11 up front (exit $status): $out" >&2; exit 1; }
for bad in mpn_add_n:1-8:0:1:guarded mpn_add_n:1-8:0:0 mpn_add_n:1-8; do
  status=0
  out=$(TRY_RUNS="mpn_add_n:1-8:0:1 $bad" "$root/gmp-patch/try.sh" "$root/build/obj/gmp/dot" 2>&1) || status=$?
  [[ $status == 2 && $out == *"bad run \"${bad//:/ }\""* && $out != *passed* ]] \
    || { echo "diagnostics: try.sh did not refuse the run $bad up front (exit $status): $out" >&2; exit 1; }
done
echo "diagnostics: sizes.sh, swap.sh, window.sh and try.sh's run list OK"
