#!/usr/bin/env bash
# Runs independent test programs JOBS at a time and prints each one's output whole, under its
# "== PROGRAM" line, in the order given (a program's output waits for those before it), so a log
# reads as if they had run one after another. Exits 1 after all have run when any failed, naming
# each failed one and its exit status.
#   usage: mk/run-each.sh [-j JOBS] [-t LINES] [-e NAME=VALUE]... [-f PROGRAM]... PROGRAM...
#   -j JOBS   programs at once (default: RUN_EACH_JOBS, else nproc)
#   -t LINES  print only the last LINES lines of each output (the whole output of a failed one)
#   -e NAME=VALUE  an environment setting every program runs with (repeatable)
#   -f PROGRAM     start this one of the PROGRAMs before the others (repeatable, in that order;
#                  its output keeps its place): the longest first, so that none of them starts
#                  last and runs on alone
# For correctness tests only: programs that time themselves would measure each other.
set -uo pipefail
jobs=${RUN_EACH_JOBS:-$(nproc 2>/dev/null || echo 2)}
tail_lines=
settings=()
first=()
while getopts "j:t:e:f:" opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    t) tail_lines=$OPTARG ;;
    e) [[ $OPTARG == [A-Za-z_]*=* ]] || { echo "run-each.sh: -e needs NAME=VALUE, got '$OPTARG'" >&2; exit 2; }
       settings+=("$OPTARG") ;;
    f) first+=("$OPTARG") ;;
    *) echo "usage: mk/run-each.sh [-j JOBS] [-t LINES] [-e NAME=VALUE]... [-f PROGRAM]... PROGRAM..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "run-each.sh: -j needs a positive count, got '$jobs'" >&2; exit 2; }
[[ -z $tail_lines || $tail_lines =~ ^[1-9][0-9]*$ ]] || { echo "run-each.sh: -t needs a positive count, got '$tail_lines'" >&2; exit 2; }
[[ $# -gt 0 ]] || { echo "run-each.sh: no programs given" >&2; exit 2; }
programs=("$@")
# the order they start in: the -f programs, then the rest as given
order=()
for f in "${first[@]}"; do
  found=
  for i in "${!programs[@]}"; do
    if [[ ${programs[$i]} == "$f" && " ${order[*]} " != *" $i "* ]]; then order+=("$i"); found=1; break; fi
  done
  [[ -n $found ]] || { echo "run-each.sh: -f $f is not one of the programs given (or is named twice)" >&2; exit 2; }
done
for i in "${!programs[@]}"; do
  [[ " ${order[*]} " == *" $i "* ]] || order+=("$i")
done

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Writes the exit status only once the output is complete (rename), so a status seen is final.
run_one() {
  env "${settings[@]}" "${programs[$1]}" > "$out/$1.log" 2>&1
  echo $? > "$out/$1.rc.tmp" && mv "$out/$1.rc.tmp" "$out/$1.rc"
}
failed=()
shown=0
# Prints, in order, every finished program not yet shown whose predecessors are all shown.
show_finished() {
  local rc
  while ((shown < ${#programs[@]})) && [[ -f $out/$shown.rc ]]; do
    rc=$(cat "$out/$shown.rc")
    echo "== ${programs[$shown]}"
    if [[ -n $tail_lines && $rc == 0 ]]; then tail -n "$tail_lines" "$out/$shown.log"; else cat "$out/$shown.log"; fi
    [[ $rc == 0 ]] || { echo "run-each.sh: ${programs[$shown]} failed (exit $rc)"; failed+=("${programs[$shown]} (exit $rc)"); }
    shown=$((shown + 1))
  done
}
for i in "${order[@]}"; do
  while (($(jobs -pr | wc -l) >= jobs)); do
    wait -n
    show_finished
  done
  run_one "$i" &
done
wait
show_finished
if ((${#failed[@]})); then
  printf 'run-each.sh: %d of %d failed:%s\n' "${#failed[@]}" "${#programs[@]}" "$(printf ' %s;' "${failed[@]}")" >&2
  exit 1
fi
