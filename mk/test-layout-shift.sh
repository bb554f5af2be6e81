#!/usr/bin/env bash
# The layout controls are what they claim, and the check that says so can fail. Stock GMP and
# stock OpenSSL relinked 64 bytes on (mk/layout-shift.sh, into a temporary folder) pass
# mk/layout-check.sh against stock; the planted ones must not: stock against a byte copy of itself
# (nothing moved), stock against dot (other code), and a shift of 0 (refused: that is NAME~copy).
# DoTMP relinks as well (its Makefile spells the object mpn/add_n$U.lo). Padding before one object
# (OBJ:BYTES) moves that object's function by BYTES and leaves a function linked before it in
# place; an object not on the link line is refused. mod64:32 moves every function by 32 bytes
# modulo 64 but those of the few objects aligned to 64 (a whole shift moves none after the first
# of those); mod64 with another amount than 16, 32 or 48 is refused.
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
expect "gmp: dot relinked 64 bytes on" 0 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/dot" "$build/gmp/dot" "$work/gmp/dot~shift" 64
expect "gmp: it is dot's code at other addresses" 0 "$here/layout-check.sh" \
    "$build/gmp/dot/lib/libgmp.so" "$work/gmp/dot~shift/lib/libgmp.so"
address() { nm "$1" | awk -v f="$2" '$3 == f {print $1}'; }
expect "gmp: stock with 32 bytes before mpn/powm.lo" 0 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/stock" "$build/gmp/stock" "$work/gmp/stock~powm" mpn/powm.lo:32
before=$(readlink -f "$build/gmp/stock/lib/libgmp.so") after=$(readlink -f "$work/gmp/stock~powm/lib/libgmp.so")
moved=$((0x$(address "$after" __gmpn_powm) - 0x$(address "$before" __gmpn_powm)))
stayed=$((0x$(address "$after" __gmpn_add_n) - 0x$(address "$before" __gmpn_add_n)))
if [ "$moved" = 32 ] && [ "$stayed" = 0 ]; then
    echo "  ok   gmp: mpn_powm moved 32 bytes, mpn_add_n (linked before it) stayed"
else
    echo "  FAIL gmp: mpn_powm moved $moved bytes (expected 32), mpn_add_n $stayed (expected 0)"
    failed=1
fi
expect "gmp: stock moved 32 bytes modulo 64" 0 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/stock" "$build/gmp/stock" "$work/gmp/stock~half" mod64:32
expect "gmp: it is stock's code at other addresses" 0 "$here/layout-check.sh" "$before" "$work/gmp/stock~half/lib/libgmp.so"
# how many functions moved by 32 bytes modulo 64, by another amount, and not at all
mod64_moves() {
    join <(nm -D --defined-only "$1" | awk '$2 == "T" {print $3, $1}' | sort) \
        <(nm -D --defined-only "$2" | awk '$2 == "T" {print $3, $1}' | sort) | /usr/bin/python3 -c '
import collections, sys
moved = collections.Counter((int(b, 16) - int(a, 16)) % 64 for _, a, b in (l.split() for l in sys.stdin))
print(moved[32], sum(moved.values()) - moved[32] - moved[0], moved[0])'
}
read -r by32 other stayed <<<"$(mod64_moves "$before" "$work/gmp/stock~half/lib/libgmp.so")"
if [ "${by32:-0}" -gt 0 ] && [ "${other:-1}" = 0 ] && [ "${stayed:-99}" -le 16 ]; then
    echo "  ok   gmp: $by32 functions moved 32 bytes modulo 64, $stayed (in objects aligned to 64) did not"
else
    echo "  FAIL gmp: modulo 64, $by32 functions moved by 32, $other by another amount, $stayed not at all"
    failed=1
fi
expect "gmp: stock relinked 32 bytes on (a whole shift)" 0 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/stock" "$build/gmp/stock" "$work/gmp/stock~32" 32
read -r by32 other stayed <<<"$(mod64_moves "$before" "$work/gmp/stock~32/lib/libgmp.so")"
if [ "${stayed:-0}" -gt 16 ]; then
    echo "  ok   planted: a whole 32-byte shift leaves $stayed functions at their offset modulo 64"
else
    echo "  FAIL planted: a whole 32-byte shift left only ${stayed:-?} functions at their offset modulo 64"
    failed=1
fi
expect "planted: mod64 by 20 bytes is refused" 2 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/stock" "$build/gmp/stock" "$work/m20" mod64:20
expect "planted: padding before an object not on the link line is refused" 1 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/stock" "$build/gmp/stock" "$work/nothere" mpn/nothere.lo:32
expect "planted: a shift of 0 is refused" 2 \
    "$here/layout-shift.sh" gmp "$build/obj/gmp/stock" "$build/gmp/stock" "$work/zero" 0
exit $failed
