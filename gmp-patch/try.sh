#!/bin/bash
# tests/devel/try (GMP's development checker: every size up to its limit, overlaps, alignments,
# red zones, against tests/refmpn.c) on the routed functions: try.sh <build tree>.
# try reaches mpn_mul_basecase and mpn_sqr_basecase through gmp-impl.h, so it checks the
# 4x4 -> libdot dispatch, not only GMP's own basecase.
set -euo pipefail
obj=$1
make -C "$obj/tests/devel" try > "$obj/try.out" 2>&1 || { tail -20 "$obj/try.out"; exit 1; }
# Sizes: add_n/sub_n 1-64 (every size reaches libdot: 64 limbs span several SIMD blocks and
# carry/borrow chains across them; try's default 1-500 costs about 70 s of CPU per function
# here); basecases 1-16, around the routed 4x4 and 4-limb cases (other sizes are GMP's own code).
for t in "mpn_add_n 1-64" "mpn_sub_n 1-64" "mpn_mul_basecase 1-16" "mpn_sqr_basecase 1-16"; do
  set -- $t
  # try's seed is fixed unless -R is given; -W: no progress spinner in a log. It exits non-zero
  # on the first mismatch.
  (cd "$obj/tests/devel" && ./try -W -s "$2" "$1") >> "$obj/try.out" 2>&1 || { tail -30 "$obj/try.out"; echo "try $1: FAIL"; exit 1; }
  echo "  try $1 (sizes $2): passed $(grep -E "^$1 [0-9]+$" "$obj/try.out" | tail -1 | cut -d" " -f2) tests"
done
