#!/bin/bash
# validate.py must not pass vacuously: no files, an empty directory, a file that is not UTF-8 (the
# files after it still checked), a broken JSON file; and it passes a committed result file.
set -uo pipefail
here=$(dirname "$(realpath "$0")")
v=("/usr/bin/python3" "$here/validate.py")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
expect() { # expect STATUS GREP_PATTERN DESCRIPTION -- ARGS...
  local want=$1 pat=$2 what=$3; shift 4
  out=$("${v[@]}" "$@" 2>&1); rc=$?
  if [[ $rc == "$want" ]] && grep -qE -- "$pat" <<<"$out" && ! grep -q Traceback <<<"$out"; then
    echo "  ok   $what"
  else
    echo "  FAIL $what (exit $rc):"; sed 's/^/       /' <<<"$out" | tail -5; failed=1
  fi
}
good=$(ls "$here"/../*.json | grep -v paper-reference | head -1)
mkdir "$tmp/empty" "$tmp/mixed"
printf '{"schema_version": "1.0", "name": "caf\xe9"}' > "$tmp/mixed/a-latin1.json"
echo '{ not json' > "$tmp/mixed/b-broken.json"
cp "$good" "$tmp/mixed/c-good.json"
expect 1 'no result files' "no arguments: fails" --
expect 1 'no result files' "empty directory: fails" -- "$tmp/empty"
expect 1 'FAIL .*a-latin1.json: not UTF-8' "non-UTF-8 file: reported, no traceback" -- "$tmp/mixed"
expect 1 'ok   .*c-good.json' "non-UTF-8 file: the files after it still checked" -- "$tmp/mixed"
expect 1 'FAIL .*b-broken.json' "broken JSON: reported" -- "$tmp/mixed"
expect 0 '1 passed, 0 failed' "a committed result file passes" -- "$good"
exit $failed
