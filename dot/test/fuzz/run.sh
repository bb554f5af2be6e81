#!/bin/bash
# Runs the libFuzzer targets: run.sh <dir of the built targets> <seconds a target> TARGET...
# Each target starts from its committed seed corpus (dot/test/fuzz/corpus/<target>/, read only;
# what it finds goes to <dir>/work/<target>/) with a random seed, and must end without a finding.
# Then fuzz_addsub_planted (a wrong answer planted for one family of inputs) must be caught
# within the same time, with a fixed seed; its crash file is kept in <dir>/work/planted/.
set -uo pipefail
dir=$1 seconds=$2
shift 2
corpus=$(dirname "$(realpath "$0")")/corpus
# The targets and the planted run are independent processes: NPROC at a time (default 2); each
# writes its verdict to <dir>/<name>.verdict, printed in order once all have ended.
fuzz_one() {
  local t=$1 work=$dir/work/$1 log=$dir/$1.log rc runs
  mkdir -p "$work"
  "$dir/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$dir/work/$t-" "$work" "$corpus/$t" > "$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  if [[ $rc == 0 && -n $runs && $runs -gt 0 ]]; then
    echo "  ok   $t: $runs inputs in ${seconds} s, no difference from GMP ($(ls "$work" | wc -l) in the scratch corpus)"
  else
    echo "  FAIL $t: exit $rc (see $log; the input is saved as $dir/work/$t-crash-*)"
    grep -E 'fuzz_|ERROR|SUMMARY' "$log" | head -5
  fi > "$dir/$t.verdict"
}
planted() {
  local log=$dir/planted.log rc
  mkdir -p "$dir/work/planted"
  rm -f "$dir/work/planted"/crash-*
  rm -rf "$dir/work/planted-corpus" && mkdir -p "$dir/work/planted-corpus"
  "$dir/fuzz_addsub_planted" -max_total_time="$seconds" -seed=1 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$dir/work/planted/" "$dir/work/planted-corpus" "$corpus/fuzz_addsub" > "$log" 2>&1
  rc=$?
  if [[ $rc != 0 ]] && grep -q 'result differs from GMP' "$log" && ls "$dir/work/planted"/crash-* > /dev/null 2>&1; then
    echo "  ok   planted wrong answer: found ($(grep -m1 -o 'fuzz_addsub: result differs.*' "$log"); after $(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#') inputs)"
  else
    echo "  FAIL planted wrong answer: not found in ${seconds} s (exit $rc, see $log)"
  fi > "$dir/planted.verdict"
}
names=("$@" planted)
for n in "${names[@]}"; do rm -f "$dir/$n.verdict"; done
for n in "${names[@]}"; do
  while (($(jobs -pr | wc -l) >= ${NPROC:-2})); do wait -n; done
  if [[ $n == planted ]]; then planted & else fuzz_one "$n" & fi
done
wait
failed=0
for n in "${names[@]}"; do
  if [[ -s $dir/$n.verdict ]]; then cat "$dir/$n.verdict"; else echo "  FAIL $n: no verdict written"; failed=1; fi
  grep -q '^  FAIL' "$dir/$n.verdict" 2>/dev/null && failed=1
done
exit $failed
