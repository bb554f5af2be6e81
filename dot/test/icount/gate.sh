#!/usr/bin/env bash
# Instruction-count gate: deterministic on noisy shared machines, where timings are not.
# Runs each workload program under valgrind (callgrind), reads the instructions executed by
# every labelled piece, and compares them with the committed baseline. A piece fails when its
# count moved by more than the tolerance either way: more is a regression; fewer means the
# baseline is stale and must be refreshed on purpose.
#
#   gate.sh BASELINE WORKLOAD...           compare (what make test runs)
#   gate.sh --update BASELINE WORKLOAD...  rewrite the baseline from this machine
#
# The counts depend on the compiler and valgrind versions, which the baseline records; a
# baseline from other versions fails with a note to refresh it. DOT_ICOUNT_TOLERANCE is the
# allowed relative change in percent (default 1).
#
# DOT_ICOUNT_RELATIONS names a file of promises between pieces, one a line: "A<TAB>B<TAB>SLACK"
# holds when A's count is at most B's plus SLACK (e.g. a patched library's small product against
# stock's), checked on the counts just measured; a piece that was not measured breaks it. A line
# with a fourth field "planted" is a false promise the check must reject (the control).
set -u
update=0
if [ "${1:-}" = "--update" ]; then update=1; shift; fi
if [ $# -lt 2 ]; then echo "usage: $0 [--update] BASELINE WORKLOAD..." >&2; exit 2; fi
baseline=$1; shift
tolerance=${DOT_ICOUNT_TOLERANCE:-1}
gcc_version=$(${CC:-cc} -dumpfullversion 2>/dev/null || echo unknown)
valgrind_version=$(valgrind --version 2>/dev/null || echo unknown)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measured=$work/measured.tsv
for w in "$@"; do
  rm -f "$work"/cg.out*
  if ! valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$w" >"$work/log" 2>&1; then
    echo "workload $w failed under valgrind:" >&2; tail -20 "$work/log" >&2; exit 1
  fi
  # each client-request dump is one file: its trigger names the piece, its totals count it
  for f in "$work"/cg.out.*; do
    awk '/^desc: Trigger: Client Request: / {sub(/^desc: Trigger: Client Request: /, ""); label=$0}
         /^totals:/ {count=$2}
         END {if (label != "") print label "\t" count}' "$f"
  done >>"$measured"
done
sort -o "$measured" "$measured"

if [ "$update" = 1 ]; then
  { echo "# instruction counts (valgrind callgrind), refreshed with: make icount-baseline"
    echo "# gcc $gcc_version"
    echo "# $valgrind_version"
    cat "$measured"; } >"$baseline"
  echo "wrote $(wc -l <"$measured") counts to $baseline"
  exit 0
fi

if [ ! -f "$baseline" ]; then echo "no baseline $baseline: run make icount-baseline" >&2; exit 1; fi
base_gcc=$(sed -n 's/^# gcc //p' "$baseline")
base_vg=$(sed -n 's/^# \(valgrind-.*\)/\1/p' "$baseline")
if [ "$base_gcc" != "$gcc_version" ] || [ "$base_vg" != "$valgrind_version" ]; then
  echo "baseline $baseline was counted with gcc $base_gcc and $base_vg; this machine has gcc" \
       "$gcc_version and $valgrind_version: counts are not comparable. Refresh it on purpose" \
       "with: make icount-baseline"
  echo "0 passed, 1 failed"
  exit 1
fi

relations_ok=1
if [ -n "${DOT_ICOUNT_RELATIONS:-}" ]; then
  awk -F'\t' '
    FNR == NR { count[$1] = $2; next }
    /^#/ || NF == 0 { next }
    { if (!($1 in count) || !($2 in count)) { printf "  FAIL promise %s <= %s + %s: not measured\n", $1, $2, $3; failed++; next }
      a = count[$1] + 0; b = count[$2] + 0
      holds = a <= b + $3
      planted = $4 == "planted"
      ok = planted ? !holds : holds
      printf "  %s %s %-32s %10d <= %-28s %10d + %s\n", ok ? "ok  " : "FAIL", planted ? "planted" : "promise",
             $1, a, $2, b, $3
      if (ok) passed++; else failed++ }
    END { printf "%d promises checked (planted ones rejected), %d failed\n", passed, failed; exit failed > 0 }' \
    "$measured" "$DOT_ICOUNT_RELATIONS" || relations_ok=0
fi

awk -F'\t' -v tol="$tolerance" '
  FNR == NR { if ($0 !~ /^#/) base[$1] = $2; next }
  { seen[$1] = 1
    if (!($1 in base)) { printf "  NEW  %-40s %12d (not in the baseline)\n", $1, $2; failed++; next }
    change = 100 * ($2 - base[$1]) / base[$1]
    ok = change <= tol && change >= -tol
    printf "  %s %-40s %12d  baseline %12d  %+7.2f%%\n", ok ? "ok  " : "FAIL", $1, $2, base[$1], change
    if (ok) passed++; else failed++ }
  END { for (k in base) if (!(k in seen)) { printf "  GONE %-40s (in the baseline, not measured)\n", k; failed++ }
        printf "%d passed, %d failed\n", passed, failed
        exit failed > 0 }' "$baseline" "$measured" && [ "$relations_ok" = 1 ]
