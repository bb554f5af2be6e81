#!/bin/bash
# GMP's own suite on one build tree: check.sh <build tree>. Passes when every test program
# passed or was skipped by GMP itself, and prints the totals.
set -euo pipefail
obj=$1
# automake's harness skips programs whose .log is newer than the program: start from none
find "$obj/tests" \( -name '*.log' -o -name '*.trs' \) -delete
make -C "$obj" -j"${NPROC:-2}" check > "$obj/check.out" 2>&1 || { grep -E '^(FAIL|ERROR)' -r "$obj/tests" --include='*.log' | head; tail -30 "$obj/check.out"; exit 1; }
awk '/^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR):/ { n[$2] += $3 } END {
  printf "  make check: %d programs, %d passed, %d skipped, %d failed\n", n["TOTAL:"], n["PASS:"], n["SKIP:"], n["FAIL:"] + n["ERROR:"] + n["XPASS:"]
  exit (n["TOTAL:"] > 0 && n["FAIL:"] + n["ERROR:"] + n["XPASS:"] == 0) ? 0 : 1 }' "$obj/check.out"
