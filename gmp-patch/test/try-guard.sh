#!/bin/bash
# Planted controls for try's guard (run by make test-libs after gmp-patch/try.sh): try.sh runs
# each kernel path guarded once and the values unguarded (try -z), so the guard must be shown to
# catch what it is there for. try_plant.c's mpn_add_n returns right values but reads past its
# sources (overread) or writes into them (src-write); preloaded into try, each must pass with -z
# (the values are right, and the shim did not break try) and fail guarded with a SIGSEGV trapped
# in the test function. try-guard.sh <GMP build tree with tests/devel/try built>
set -euo pipefail
obj=$(realpath "$1")
here=$(dirname "$(realpath "$0")")
dir=$obj/try-guard
mkdir -p "$dir"
[[ -x $obj/tests/devel/try ]] || { echo "try-guard: $obj/tests/devel/try is not built (gmp-patch/try.sh builds it)" >&2; exit 1; }
for plant in overread src-write; do
  so=$dir/$plant.so
  ${CC:-cc} -std=gnu11 -O1 -shared -fPIC -I"$obj" -DPLANT_$(tr a-z- A-Z_ <<<"$plant") \
    -o "$so" "$here/try_plant.c"
  # run plain|guarded: try on sizes 1-8, one repetition, its output in $dir/PLANT.MODE.out
  run() {
    local zones=()
    [[ $1 == plain ]] && zones=(-z)
    (cd "$obj/tests/devel" && LD_PRELOAD=$so ./try -W "${zones[@]}" -r 1 -s 1-8 mpn_add_n) > "$dir/$plant.$1.out" 2>&1
  }
  status=0; run plain || status=$?
  [[ $status == 0 ]] ||
    { tail -5 "$dir/$plant.plain.out"; echo "try-guard: the $plant plant failed try -z (exit $status): its values are wrong or try broke" >&2; exit 1; }
  status=0; run guarded || status=$?
  if [[ $status == 0 ]] || ! grep -q "SIGNAL TRAP: SIGSEGV" "$dir/$plant.guarded.out" ||
     ! grep -q "in test function: mpn_add_n" "$dir/$plant.guarded.out"; then
    tail -5 "$dir/$plant.guarded.out"
    echo "try-guard: guarded try did not catch the $plant plant (exit $status)" >&2; exit 1
  fi
  echo "try-guard: $plant plant passes try -z and faults under the guard, as it must"
done
