#!/usr/bin/env bash
# Rebuilds this sample history from the result files the repository committed over time (git
# history, not new measurements): each file is taken as it was committed, condensed into a history
# entry (dotbench history --add), then the trend report is rendered into build/history/.
#   usage: results/history/make-sample.sh   (DOTBENCH=path/to/dotbench, default build/harness/dotbench)
set -euo pipefail
cd "$(dirname "$0")/../.."
dotbench=${DOTBENCH:-build/harness/dotbench}
[ -x "$dotbench" ] || { echo "make-sample.sh: no dotbench launcher at $dotbench (make java builds it)" >&2; exit 2; }
# commit that added the file : path at that commit (the quick suites only: one profile per series)
sources=(
  d93946a:results/gmpbench-quick-zen4.json
  ae5cd43:results/gmpbench-quick-zen4-192bcc8.json
  6b0b196:results/gmpbench-quick-zen4-ee422f1.json
  087ef45:results/jmh-short-zen4.json
  b4f039c:results/jmh-short-zen4-62d6120.json
  6b0b196:results/jmh-short-zen4-ee422f1.json
  2aa01a3:results/speed-quick-zen4.json
  6b0b196:results/speed-quick-zen4-ee422f1.json
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=()
for s in "${sources[@]}"; do
  out="$work/${s%%:*}-$(basename "${s#*:}")"
  git show "$s" > "$out"
  args+=(--add "$out")
done
rm -f results/history/*.json
"$dotbench" history "${args[@]}" results/history
