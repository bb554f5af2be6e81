#!/usr/bin/env bash
# Adds one run to the history store fetched by history-fetch.sh and pushes it: the run's result
# files (RUNDIR/*.json) become STORE/SOURCE_BRANCH/latest/SUITE.json (what the next pull request
# is compared against) and a history entry each in STORE/SOURCE_BRANCH/entries/ (dotbench history
# --add). A push that loses a race with another run is rebased and retried.
#   usage: .ci/history-push.sh STORE RUNDIR SOURCE_BRANCH     (DOTBENCH, HISTORY_REMOTE, HISTORY_BRANCH as in the other scripts)
set -euo pipefail
store=${1:?usage: .ci/history-push.sh STORE RUNDIR SOURCE_BRANCH}
run=${2:?usage: .ci/history-push.sh STORE RUNDIR SOURCE_BRANCH}
source_branch=${3:?usage: .ci/history-push.sh STORE RUNDIR SOURCE_BRANCH}
dotbench=${DOTBENCH:-build/harness/dotbench}
remote=${HISTORY_REMOTE:-$(git remote get-url origin)}
branch=${HISTORY_BRANCH:-bench-history}
shopt -s nullglob
results=("$run"/*.json)
[ ${#results[@]} -gt 0 ] || { echo "history-push: no result file in $run" >&2; exit 2; }
mkdir -p "$store/$source_branch/latest" "$store/$source_branch/entries"
adds=()
for f in "${results[@]}"; do
  cp "$f" "$store/$source_branch/latest/$(basename "$f").tmp"
  mv -f "$store/$source_branch/latest/$(basename "$f").tmp" "$store/$source_branch/latest/$(basename "$f")"
  adds+=(--add "$f")
done
"$dotbench" history "${adds[@]}" --out-dir "$store/.render" "$store/$source_branch/entries" >/dev/null
rm -rf "$store/.render"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$store" add -A "$source_branch"
git -C "$store" -c user.name="dotbench CI" -c user.email="dotbench-ci@localhost" commit -q -m "$source_branch: results of $commit"
for attempt in 1 2 3; do
  if git -C "$store" push -q "$remote" "HEAD:refs/heads/$branch"; then
    echo "history-push: $source_branch results of $commit on $branch"
    exit 0
  fi
  echo "history-push: push rejected (attempt $attempt), rebasing on the remote's $branch" >&2
  git -C "$store" fetch -q "$remote" "refs/heads/$branch"
  git -C "$store" -c user.name="dotbench CI" -c user.email="dotbench-ci@localhost" rebase -q FETCH_HEAD
done
echo "history-push: could not push to $branch after 3 attempts" >&2
exit 1
