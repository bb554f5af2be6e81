#!/usr/bin/env bash
# Runs make targets one after another, each announced as "== [i/N] TARGET", and says what each
# took, in wall time and in CPU time (user + system of everything it ran: on a loaded machine
# the wall time grows, the CPU time much less): a table at the end (and after a failure, up to the failed one) and a copy in
# STEPS_RECORD (default build/timings/test-steps.tsv, written after a complete successful run),
# so the slowest suites of `make test` are named by the run itself.
#   usage: mk/steps.sh TARGET...      (MAKE names the make to call; default make)
# STEPS_PARALLEL: the steps whose own prerequisites may build STEPS_JOBS at a time (make -j; the
# Makefile names those checked to be safe under it), the others run with one job.
set -uo pipefail
[ $# -gt 0 ] || { echo "usage: mk/steps.sh TARGET..." >&2; exit 2; }
make_cmd=${MAKE:-make}
record=${STEPS_RECORD:-build/timings/test-steps.tsv}
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
# milliseconds since the epoch, from bash's EPOCHREALTIME (SECONDS counts whole seconds, so a
# step of 0.1 s that crossed a second boundary would read 1 s)
now_ms() { local t=${EPOCHREALTIME/[.,]/}; echo $((10#$t / 1000)); }
# whole seconds, rounded, of a span in milliseconds
ms_to_s() { echo $((($1 + 500) / 1000)); }
# sets CPU_NOW: the CPU milliseconds (user + system) of this shell's finished children so far, from
# `times` (run in this shell: a command substitution's fork would start from zero). Steps are
# rounded to whole seconds only after the difference: rounding the running totals could give a
# step that used 0.1 s a second of its own.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
children_cpu() {
  local line
  times > "$times_file"
  line=$(tail -1 "$times_file")
  CPU_NOW=$(awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%d\n", t * 1000 + 0.5 }' <<<"$line")
}
names=()
took=()
cpu=()
table() {
  local i
  echo "== time per step (wall, CPU)" >&2
  for i in "${!names[@]}"; do
    printf '   %8s %8s  %s\n' "$(mmss "${took[$i]}")" "$(mmss "${cpu[$i]}")" "${names[$i]}" >&2
  done
}
total=$#
i=0
for target in "$@"; do
  i=$((i + 1))
  echo "== [$i/$total] $target" >&2
  start=$(now_ms)
  children_cpu
  cpu0=$CPU_NOW
  jobs=()
  case " ${STEPS_PARALLEL:-} " in *" $target "*) jobs=(-j"${STEPS_JOBS:-2}") ;; esac
  $make_cmd --no-print-directory "${jobs[@]}" "$target"
  status=$?
  names+=("$target")
  took+=("$(ms_to_s $(($(now_ms) - start)))")
  children_cpu
  cpu+=("$(ms_to_s $((CPU_NOW - cpu0)))")
  if [ $status -ne 0 ]; then
    table
    echo "== step $target failed (exit $status)" >&2
    exit $status
  fi
done
table
mkdir -p "$(dirname "$record")"
for i in "${!names[@]}"; do printf '%s\t%s\t%s\n' "${names[$i]}" "${took[$i]}" "${cpu[$i]}"; done > "$record.tmp" &&
  mv -f "$record.tmp" "$record"
