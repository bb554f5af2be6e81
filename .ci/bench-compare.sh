#!/usr/bin/env bash
# Compares a run against the base branch's latest run in the history store, renders the trend
# report of the base branch's history plus this run, and writes the pull-request comment.
#   usage: .ci/bench-compare.sh RUNDIR STORE BASE_BRANCH OUTDIR
# Writes OUTDIR/comment.md, OUTDIR/compare-SUITE.md, OUTDIR/history/history.{html,md} and the run
# in the dashboards' formats, OUTDIR/export/FORMAT.json (dotbench export).
# COMMENT_LIMIT (default 60000): the comment's size past which the per-figure tables are left out.
# Exit status: 0 no regression; 1 a regression (dotbench compare exit 10) or an instruction-count
# change (RUNDIR/icount.status says fail); 2 bad usage. Everything is written before it exits.
set -euo pipefail
usage="usage: .ci/bench-compare.sh RUNDIR STORE BASE_BRANCH OUTDIR"
run=${1:?$usage}
store=${2:?$usage}
base_branch=${3:?$usage}
out=${4:?$usage}
dotbench=${DOTBENCH:-build/harness/dotbench}
[ -x "$dotbench" ] || { echo "bench-compare: no dotbench launcher at $dotbench (make java builds it)" >&2; exit 2; }
shopt -s nullglob
results=("$run"/*.json)
[ ${#results[@]} -gt 0 ] || { echo "bench-compare: no result file in $run" >&2; exit 2; }
mkdir -p "$out"
comment="$out/comment.md"
failures=()
{
  echo "# dotbench: benchmarks of $(git rev-parse --short HEAD 2>/dev/null || echo 'this commit') against $base_branch"
  echo
} > "$comment.tmp"
for f in "${results[@]}"; do
  suite=$(basename "$f" .json)
  base="$store/$base_branch/latest/$suite.json"
  if [ ! -f "$base" ]; then
    echo "No $suite run of $base_branch in the history store yet: nothing to compare against." >> "$comment.tmp"
    echo >> "$comment.tmp"
    continue
  fi
  status=0
  "$dotbench" compare --out "$out/compare-$suite.md" "$base" "$f" > /dev/null || status=$?
  case $status in
    0) ;;
    10) failures+=("$suite: regression") ;;
    11) ;;
    *) echo "bench-compare: dotbench compare of $suite failed (exit $status)" >&2; exit "$status" ;;
  esac
  sed "s|^## dotbench compare|## $suite: dotbench compare|" "$out/compare-$suite.md" >> "$comment.tmp"
  echo >> "$comment.tmp"
done
if [ -f "$run/icount.status" ]; then
  if [ "$(cat "$run/icount.status")" = pass ]; then
    echo "**Instruction counts**: unchanged against results/icount-baseline.tsv (make test-icount)." >> "$comment.tmp"
  else
    echo "**Instruction counts changed** against results/icount-baseline.tsv: see icount.log in the artifacts; after a deliberate change run make icount-baseline and commit the file." >> "$comment.tmp"
    failures+=("instruction counts changed")
  fi
  echo >> "$comment.tmp"
fi
mkdir -p "$out/export"
for format in bencher github-action-benchmark github-action-benchmark-smaller jmh; do
  "$dotbench" export --format "$format" --out "$out/export/$format.json" "${results[@]}" > /dev/null
done
history_inputs=("$run")
[ -d "$store/$base_branch/entries" ] && history_inputs=("$store/$base_branch/entries" "$run")
"$dotbench" history --out-dir "$out/history" "${history_inputs[@]}"
{
  cat "$out/history/history-changes.md"
  echo
  echo "Trend charts: history/history.html in this run's artifacts."
} >> "$comment.tmp"
# GitHub refuses comments over 65536 characters: past COMMENT_LIMIT the folded tables of every
# figure give way to a pointer to compare-SUITE.md in the artifacts.
limit=${COMMENT_LIMIT:-60000}
if [ "$(wc -c < "$comment.tmp")" -gt "$limit" ]; then
  sed -i '/^<details>/,/^<\/details>/c\(The folded table of every figure is left out to fit the comment limit: compare-SUITE.md in the artifacts.)' "$comment.tmp"
fi
mv -f "$comment.tmp" "$comment"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$comment" >> "$GITHUB_STEP_SUMMARY"; fi
echo "bench-compare: $comment"
if [ ${#failures[@]} -gt 0 ]; then
  printf 'bench-compare: FAILED: %s\n' "${failures[@]}" >&2
  exit 1
fi
