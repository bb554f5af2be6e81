#!/usr/bin/env bash
# The benchmark job's measurements: the quick suites (one result file each, RUNDIR/SUITE.json) and
# the deterministic instruction-count gate (RUNDIR/icount.status: pass or fail, its log beside it).
# Needs the libraries and the launcher built first (make java libs).
#   usage: .ci/bench-run.sh RUNDIR     SUITES="gmpbench speed" (default), ICOUNT=0 skips the gate,
#                                      GMPBENCH_ARGS, SPEED_ARGS: more options for a suite (e.g.
#                                      GMPBENCH_ARGS="--tests multiply" for a short check),
#                                      DOTBENCH=launcher (default build/harness/dotbench)
set -euo pipefail
run=${1:?usage: .ci/bench-run.sh RUNDIR}
dotbench=${DOTBENCH:-build/harness/dotbench}
[ -x "$dotbench" ] || { echo "bench-run: no dotbench launcher at $dotbench (make java builds it)" >&2; exit 2; }
mkdir -p "$run"
for suite in ${SUITES:-gmpbench speed}; do
  case $suite in
    gmpbench) minutes="about 3"; read -ra extra <<< "${GMPBENCH_ARGS:-}" ;;
    speed) minutes="about 1-2"; read -ra extra <<< "${SPEED_ARGS:-}" ;;
    *) echo "bench-run: unknown suite $suite (gmpbench or speed)" >&2; exit 2 ;;
  esac
  echo "bench-run: $suite --quick ${extra[*]} (all tests: $minutes minutes on the 2-vCPU build VM) ..."
  start=$SECONDS
  "$dotbench" "$suite" --quick "${extra[@]}" --out "$run/$suite.json"
  echo "bench-run: $suite done in $((SECONDS - start)) s"
done
if [ "${ICOUNT:-1}" = 1 ]; then
  echo "bench-run: instruction-count gate (make test-icount) ..."
  if make test-icount > "$run/icount.log" 2>&1; then echo pass > "$run/icount.status"; else echo fail > "$run/icount.status"; fi
  echo "bench-run: instruction counts $(cat "$run/icount.status") (log: $run/icount.log)"
fi
