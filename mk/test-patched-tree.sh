#!/bin/bash
# The patched tree (mk/variant-build.sh) takes a patch only as written: an exact patch applies, a
# hunk whose context differs from the tree, which patch's default fuzz would apply at a guessed
# place, stops the build with the patch named. Runs on a small planted tree in a temporary folder.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
library=planted variant=dot
# shellcheck source=mk/variant-build.sh
. "$here/variant-build.sh"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/pristine" "$t/build/src"
printf '%s\n' one two three four five six seven eight > "$t/pristine/f.txt"
hunk() {  # hunk <first context line>: a patch changing "five", with that line as its first context
  printf '%s\n' '--- a/f.txt' '+++ b/f.txt' '@@ -2,7 +2,7 @@' " $1" ' three' ' four' '-five' '+FIVE' \
    ' six' ' seven' ' eight'
}
hunk two > "$t/exact.patch"
hunk TWO > "$t/fuzzy.patch"

( patched_tree planted-exact "$t/pristine" "$t/build" "$t/exact.patch" >/dev/null 2>&1 &&
  grep -qx FIVE "$tree/f.txt" ) ||
  { echo "test-patched-tree.sh: an exact patch did not apply" >&2; exit 1; }
# the control: patch's default fuzz would take the planted hunk
patch --dry-run -s -p1 -d "$t/pristine" < "$t/fuzzy.patch" > /dev/null ||
  { echo "test-patched-tree.sh: the planted hunk does not even apply with fuzz; it tests nothing" >&2; exit 1; }
status=0
out=$( (patched_tree planted-fuzzy "$t/pristine" "$t/build" "$t/fuzzy.patch") 2>&1) || status=$?
case "$status $out" in
  "1 "*"planted/dot: fuzzy.patch does not apply to $t/pristine"*) ;;
  *) echo "test-patched-tree.sh: a hunk that needs fuzz was not refused (exit $status): $out" >&2; exit 1 ;;
esac
if compgen -G "$t/build/src/planted-fuzzy-*/.patched" > /dev/null; then
  echo "test-patched-tree.sh: a refused series left a tree marked patched" >&2; exit 1
fi
echo "patched tree: an exact patch applies; a hunk that needs fuzz is refused with the patch named"
