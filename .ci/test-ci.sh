#!/usr/bin/env bash
# The benchmark workflow's scripts, run here as the workflow runs them, on two commits of this
# repository's own history (the GMPbench-style results committed at d93946a and 6b0b196) with a
# local bare repository standing in for the remote that holds the history branch:
#   1. push to main at the first commit: the store is empty, the run is stored;
#   2. a pull request at the second commit: compared against main's latest, comment and trend report;
#   3. controls: a planted 20% slowdown of "dot" and a failed instruction-count gate must fail the gate;
#   4. push to main at the second commit: the store holds both runs.
#   usage: .ci/test-ci.sh   (DOTBENCH=launcher, default build/harness/dotbench)
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTBENCH=${DOTBENCH:-$PWD/build/harness/dotbench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "test-ci: FAIL: $*" >&2; exit 1; }
export HISTORY_REMOTE="$work/remote.git" HISTORY_BRANCH=bench-history
git init -q --bare "$HISTORY_REMOTE"
mkdir -p "$work/run1" "$work/run2" "$work/slow" "$work/icount"
git show d93946a:results/gmpbench-quick-zen4.json > "$work/run1/gmpbench.json"
git show 6b0b196:results/gmpbench-quick-zen4-ee422f1.json > "$work/run2/gmpbench.json"

echo "== 1. push to main at the first commit"
.ci/history-fetch.sh "$work/store" | grep -q "no branch bench-history yet" || fail "an empty remote should give an empty store"
.ci/bench-compare.sh "$work/run1" "$work/store" main "$work/out1" >/dev/null
grep -q "No gmpbench run of main in the history store yet" "$work/out1/comment.md" || fail "first run: no base to compare with"
.ci/history-push.sh "$work/store" "$work/run1" main
git --git-dir="$HISTORY_REMOTE" cat-file -e bench-history:main/latest/gmpbench.json || fail "main's latest run is not on the history branch"

echo "== 2. pull request at the second commit"
.ci/history-fetch.sh "$work/store"
status=0
.ci/bench-compare.sh "$work/run2" "$work/store" main "$work/out2" 2>"$work/pr.err" || status=$?
direct=0
"$DOTBENCH" compare "$work/run1/gmpbench.json" "$work/run2/gmpbench.json" >/dev/null || direct=$?
case "$direct:$status" in 0:0|10:1) ;; *) fail "gate exit $status disagrees with dotbench compare's $direct" ;; esac
# (dotbench compare finds regressions between these two commits: the small multiplies of every
# variant, stock included, run slower in the second run)
echo "gate exit $status, as dotbench compare's $direct says (10: a regression between the two commits)"
grep -q "^## gmpbench: dotbench compare" "$work/out2/comment.md" || fail "comment lacks the comparison"
grep -q "^## dotbench history" "$work/out2/comment.md" || fail "comment lacks the history summary"
grep -q "2 run(s) at 2 commit(s)" "$work/out2/history/history.md" || fail "trend report should hold main's run and this one"
[ "$(grep -c '<svg ' "$work/out2/history/history.html")" -ge 96 ] || fail "trend report: one chart per series expected"
for format in bencher github-action-benchmark jmh; do
  /usr/bin/python3 results/schema/export/validate.py "$format" "$work/out2/export/$format.json" >/dev/null || fail "export/$format.json does not match its schema"
done
chars=$(wc -c < "$work/out2/comment.md")
[ "$chars" -le 65536 ] || fail "comment of $chars characters is over GitHub's 65536 limit"

COMMENT_LIMIT=8000 .ci/bench-compare.sh "$work/run2" "$work/store" main "$work/out2s" >/dev/null 2>&1 || true
small=$(wc -c < "$work/out2s/comment.md")
if [ "$small" -gt 8000 ] || grep -q '<details>' "$work/out2s/comment.md" || ! grep -q 'left out to fit the comment limit' "$work/out2s/comment.md"; then
  fail "a comment over COMMENT_LIMIT keeps its folded tables ($small characters)"
fi

echo "== 3. controls: a planted slowdown and a failed instruction-count gate fail the gate"
python3 - "$work/run2/gmpbench.json" "$work/slow/gmpbench.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for test in doc["tests"]:
    for sample in test.get("samples", {}).get("dot", []):
        sample["cpu_ns"] = int(sample["cpu_ns"] * 1.25)
json.dump(doc, open(sys.argv[2], "w"))
PY
status=0
.ci/bench-compare.sh "$work/slow" "$work/store" main "$work/out3" 2>"$work/slow.err" >/dev/null || status=$?
if [ $status != 1 ] || ! grep -q "gmpbench: regression" "$work/slow.err"; then fail "a 20% slowdown of dot passed the gate (exit $status)"; fi
cp "$work/run1/gmpbench.json" "$work/icount/"
echo fail > "$work/icount/icount.status"
status=0
.ci/bench-compare.sh "$work/icount" "$work/store" main "$work/out4" 2>"$work/icount.err" >/dev/null || status=$?
if [ $status != 1 ] || ! grep -q "instruction counts changed" "$work/icount.err"; then fail "a failed instruction-count gate passed (exit $status)"; fi

echo "== 4. push to main at the second commit"
.ci/history-push.sh "$work/store" "$work/run2" main
.ci/history-fetch.sh "$work/store"
[ "$(find "$work/store/main/entries" -name '*.json' | wc -l)" = 2 ] || fail "the store should hold two entries"
"$DOTBENCH" history --out-dir "$work/out5" "$work/store/main/entries" | grep -q "2 run(s)" || fail "history of the store"
echo "test-ci: the workflow's scripts passed on two commits (comment: $chars characters)"
