#!/usr/bin/env bash
# Fetches the benchmark history store, branch $HISTORY_BRANCH (default bench-history) of
# $HISTORY_REMOTE (default: this repository's origin), into DIR, a repository of its own. A remote
# without that branch gives an empty store; a remote that cannot be reached is an error.
#   usage: .ci/history-fetch.sh DIR
set -euo pipefail
dir=${1:?usage: .ci/history-fetch.sh DIR}
remote=${HISTORY_REMOTE:-$(git remote get-url origin)}
branch=${HISTORY_BRANCH:-bench-history}
rm -rf "$dir"
git init -q "$dir"
status=0
git ls-remote --exit-code "$remote" "refs/heads/$branch" >/dev/null || status=$?
case $status in
  0)
    git -C "$dir" fetch -q "$remote" "refs/heads/$branch"
    git -C "$dir" checkout -q -B "$branch" FETCH_HEAD
    echo "history-fetch: $branch at $(git -C "$dir" rev-parse --short HEAD) into $dir" ;;
  2)
    git -C "$dir" checkout -q --orphan "$branch"
    echo "history-fetch: $remote has no branch $branch yet; starting an empty store in $dir" ;;
  *)
    echo "history-fetch: cannot reach $remote (git ls-remote exit $status)" >&2
    exit 1 ;;
esac
