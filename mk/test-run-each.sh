#!/usr/bin/env bash
# mk/run-each.sh on planted programs: outputs in the given order whatever order they finish in,
# a failure reported after the others ran, settings passed, -t, bad options refused, programs
# that really run at once (the planted serial run, -j 1, must fail that check), and -f starting
# one first (the same serial run passes with the signal started first).
set -uo pipefail
here=$(dirname "$0")
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "test-run-each.sh: $*" >&2; exit 1; }
printf '#!/bin/sh\nsleep 1; echo one-a; echo one-b\n' > "$d/slow"
# shellcheck disable=SC2016  # $SETTING expands in the planted program, not here
printf '#!/bin/sh\necho two $SETTING\n' > "$d/quick"
printf '#!/bin/sh\necho three; exit 3\n' > "$d/bad"
# waiter passes only if signal runs while it waits (3 s): with one job at a time it times out
# shellcheck disable=SC2016  # the planted program's own arithmetic
printf '#!/bin/sh\ni=0; while [ ! -e %s/flag ]; do i=$((i+1)); [ $i -gt 30 ] && exit 9; sleep 0.1; done; echo waited\n' "$d" > "$d/waiter"
printf '#!/bin/sh\ntouch %s/flag; echo signalled\n' "$d" > "$d/signal"
chmod +x "$d"/*

status=0
out=$("$here/run-each.sh" -j 3 -e SETTING=set "$d/slow" "$d/quick" "$d/bad" 2>&1) || status=$?
expected="== $d/slow
one-a
one-b
== $d/quick
two set
== $d/bad
three
run-each.sh: $d/bad failed (exit 3)
run-each.sh: 1 of 3 failed: $d/bad (exit 3);"
[[ $status == 1 && $out == "$expected" ]] || fail "ordered run with a failure gave exit $status and:
$out"
out=$("$here/run-each.sh" -t 1 "$d/slow" "$d/quick") || fail "-t 1 run failed: $out"
[[ $out == "== $d/slow
one-b
== $d/quick
two" ]] || fail "-t 1 kept more than the last line: $out"
for bad in "-j 0" "-t x" "-e novalue"; do
  # shellcheck disable=SC2086  # the option and its value are two words on purpose
  "$here/run-each.sh" $bad "$d/quick" > /dev/null 2>&1; s=$?
  [[ $s == 2 ]] || fail "'$bad' was not refused (exit $s)"
done
"$here/run-each.sh" -j 2 "$d/waiter" "$d/signal" > /dev/null || fail "two jobs did not run at once"
rm -f "$d/flag"
"$here/run-each.sh" -j 1 "$d/waiter" "$d/signal" > /dev/null 2>&1 && fail "the planted serial run (-j 1) passed the check for running at once"
# -f: signal started first, so one job at a time gets past waiter; outputs still in the given order
rm -f "$d/flag"
out=$("$here/run-each.sh" -j 1 -f "$d/signal" "$d/waiter" "$d/signal" 2>&1) || fail "-f did not start signal first: $out"
[[ $out == "== $d/waiter
waited
== $d/signal
signalled" ]] || fail "-f changed the order of the outputs: $out"
"$here/run-each.sh" -f "$d/absent" "$d/quick" > /dev/null 2>&1; s=$?
[[ $s == 2 ]] || fail "-f naming no given program was not refused (exit $s)"
echo "run-each.sh: outputs in order, failures named after all ran, settings and -t applied, programs run at once, -f started first"
