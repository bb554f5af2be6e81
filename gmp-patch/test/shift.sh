#!/usr/bin/env bash
# The layout control is one, and the check that says so can fail: stock relinked 64 bytes on
# (gmp-patch/shift.sh, into a temporary folder) passes gmp-patch/layout-check.sh against stock;
# the planted ones must not: stock against a byte copy of itself (nothing moved), stock against
# dot (other code), and shift.sh with a shift of 0 (refused: that is NAME~copy).
#
#   gmp-patch/test/shift.sh BUILD     (BUILD: the build folder with gmp/ and obj/gmp/)
set -uo pipefail
build=${1:?usage: $0 BUILD}
here=$(dirname "$0")/..
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
expect() { # expect WHAT EXIT_STATUS COMMAND...
    local what=$1 want=$2
    shift 2
    "$@" >"$work/out" 2>&1
    local got=$?
    if [ "$got" = "$want" ]; then
        echo "  ok   $what (exit $got)"
    else
        echo "  FAIL $what: exit $got, expected $want"
        sed 's/^/       /' "$work/out"
        failed=1
    fi
}
stock=$build/gmp/stock/lib/libgmp.so
expect "stock relinked 64 bytes on" 0 "$here/shift.sh" "$build/obj/gmp/stock" "$work/stock~shift" 64
expect "it is stock's code at other addresses" 0 "$here/layout-check.sh" "$stock" "$work/stock~shift/lib/libgmp.so"
grep -q "every one moved (64 bytes)" "$work/out" || { echo "  FAIL the shift was not 64 bytes:"; cat "$work/out"; failed=1; }
cp "$stock" "$work/copy.so"
expect "planted: a byte copy is not a layout control" 1 "$here/layout-check.sh" "$stock" "$work/copy.so"
expect "planted: dot is not a layout control of stock" 1 "$here/layout-check.sh" "$stock" "$build/gmp/dot/lib/libgmp.so"
expect "planted: a shift of 0 is refused" 2 "$here/shift.sh" "$build/obj/gmp/stock" "$work/zero" 0
exit $failed
