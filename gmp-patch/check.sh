#!/bin/bash
# GMP's own suite on one build tree: check.sh <build tree> [SUBDIR...]
#   no SUBDIR: the whole `make check`; else only those test folders (e.g. tests/mpn tests/mpz:
#   the per-DOT_ISA runs of mk/safety.mk). DOT_ISA and DOT_CROSSOVER pass through to the programs.
# Passes only when every folder ran exactly the number of programs the pinned GMP 6.3.0 has, none
# failed, and the only skips are the expected ones; prints the totals.
set -euo pipefail
obj=$1
shift
# programs per test folder in GMP 6.3.0 (tests/cxx: 0, C++ is not configured). A new GMP
# version changes these on purpose.
declare -A expect=([tests]=8 [tests/mpn]=53 [tests/mpz]=64 [tests/mpq]=15 [tests/mpf]=28
                   [tests/rand]=7 [tests/misc]=3 [tests/cxx]=0)
# skipped by GMP itself where the CPU path has no native function to test (t-addaddmul: no
# mpn_addaddmul_1msb0 on x86_64)
allowed_skips=" t-addaddmul "
dirs=("$@")
if ((${#dirs[@]} == 0)); then dirs=("${!expect[@]}"); fi
for d in "${dirs[@]}"; do
  [[ -n ${expect[$d]+x} ]] || { echo "check.sh: unknown test folder $d (known: ${!expect[*]})" >&2; exit 2; }
  # automake's harness skips programs whose .log is newer than the program: start from none
  find "$obj/$d" -maxdepth 1 \( -name '*.log' -o -name '*.trs' \) -delete
done
out=$obj/check${DOT_ISA:+.$DOT_ISA}.out
if (($# == 0)); then
  make -C "$obj" -j"${NPROC:-2}" check > "$out" 2>&1 || status=$?
else
  # the library and the tests' helper library first, then each folder's check
  { make -C "$obj" -j"${NPROC:-2}" && make -C "$obj/tests" -j"${NPROC:-2}" libtests.la &&
    for d in "${dirs[@]}"; do make -C "$obj/$d" -j"${NPROC:-2}" check || exit 1; done; } > "$out" 2>&1 || status=$?
fi
if [[ ${status:-0} != 0 ]]; then
  grep -E '^(FAIL|ERROR)' -r "$obj/tests" --include='*.log' | head; tail -30 "$out"; exit 1
fi
fail=0 total=0 passed=0 skipped=0
for d in "${dirs[@]}"; do
  n=0
  for trs in "$obj/$d"/*.trs; do
    [[ -e $trs ]] || continue
    n=$((n + 1))
    name=$(basename "$trs" .trs)
    case $(sed -n 's/^:test-result: //p' "$trs") in
      PASS) passed=$((passed + 1)) ;;
      SKIP) skipped=$((skipped + 1))
            [[ $allowed_skips == *" $name "* ]] || { echo "  $d/$name: skipped unexpectedly"; fail=1; } ;;
      *) echo "  $d/$name: $(sed -n 's/^:test-result: //p' "$trs")"; fail=1 ;;
    esac
  done
  total=$((total + n))
  ((n == ${expect[$d]})) || { echo "  $d: $n programs ran, expected ${expect[$d]}"; fail=1; }
done
echo "  make check${DOT_ISA:+ (DOT_ISA=$DOT_ISA)} ${*:-}: $total programs, $passed passed, $skipped skipped (expected: t-addaddmul), $((total - passed - skipped)) failed"
exit $fail
