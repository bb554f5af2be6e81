#!/usr/bin/env bash
# The layout controls are what they claim, and the check that says so can fail. Stock GMP and
# stock OpenSSL relinked 64 bytes on (mk/layout-shift.sh, into a temporary folder) pass
# mk/layout-check.sh against stock; the planted ones must not: stock against a byte copy of itself
# (nothing moved), stock against dot (other code), and a shift of 0 (refused: that is NAME~copy).
#
#   mk/test-layout-shift.sh BUILD     (BUILD: the build folder, with gmp/, openssl/ and obj/)
set -uo pipefail
build=${1:?usage: $0 BUILD}
here=$(dirname "$0")
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
for lib in gmp:libgmp.so openssl:libcrypto.so; do
    kind=${lib%%:*} so=${lib#*:}
    stock=$build/$kind/stock/lib/$so
    expect "$kind: stock relinked 64 bytes on" 0 \
        "$here/layout-shift.sh" "$kind" "$build/obj/$kind/stock" "$build/$kind/stock" "$work/$kind/stock~shift" 64
    expect "$kind: it is stock's code at other addresses" 0 "$here/layout-check.sh" "$stock" "$work/$kind/stock~shift/lib/$so"
    grep -q "every one moved" "$work/out" || failed=1
    cp "$stock" "$work/copy.so"
    expect "$kind: planted: a byte copy is not a layout control" 1 "$here/layout-check.sh" "$stock" "$work/copy.so"
    expect "$kind: planted: dot is not a layout control of stock" 1 "$here/layout-check.sh" "$stock" "$build/$kind/dot/lib/$so"
done
expect "planted: a shift of 0 is refused" 2 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/stock" "$build/gmp/stock" "$work/zero" 0
exit $failed
