#!/bin/bash
# tests/devel/try (GMP's development checker: every size up to its limit, overlaps, alignments,
# red zones, against tests/refmpn.c) on the routed functions: try.sh <build tree>.
# try reaches mpn_mul_basecase and mpn_sqr_basecase through gmp-impl.h, so it checks the
# 4x4 -> libdot dispatch, not only GMP's own basecase.
set -euo pipefail
obj=$1
make -C "$obj/tests/devel" try > "$obj/try.out" 2>&1 || { tail -20 "$obj/try.out"; exit 1; }
for f in mpn_add_n mpn_sub_n mpn_mul_basecase mpn_sqr_basecase; do
  # try's seed is fixed unless -R is given; -W: no progress spinner in a log. It exits non-zero
  # on the first mismatch.
  (cd "$obj/tests/devel" && ./try -W "$f") >> "$obj/try.out" 2>&1 || { tail -30 "$obj/try.out"; echo "try $f: FAIL"; exit 1; }
  echo "  try $f: passed"
done
