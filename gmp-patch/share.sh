#!/bin/bash
# Where GMPbench-style tests spend their time in add/sub, measured inside GMP:
#   gmp-patch/share.sh [BASE CAND] [TEST...]      e.g. gmp-patch/share.sh stock dot 'multiply(8192,8192)'
# BASE and CAND are build/gmp folders (default stock and dot); TEST is a test or program name as
# `dotbench gmpbench --tests` takes them (default: every test). Each test runs alone on each
# library in gmpbench_native under `perf record -e cpu-clock` (software sampling: no hardware
# counters needed). Per test it prints the share of samples in add/sub code (GMP's mpn_add_n,
# mpn_sub_n, mpn_add_nc, mpn_sub_nc, and in CAND libdot's dot_*add_n*/dot_*sub_n* kernels that
# they call) and the add/sub time of CAND over BASE inside GMP, taking the rest of the test as equal
# in both: (c / (1 - c)) / (b / (1 - b)) for shares b and c. Below 1: CAND's add/sub costs less.
# Needs `make java` (the driver) and perf.
set -euo pipefail
root=$(dirname "$(dirname "$(realpath "$0")")")
. "$root/gmp-patch/test_names.sh"
base=stock cand=dot
if [ $# -ge 2 ] && [ -d "$root/build/gmp/$1" ] && [ -d "$root/build/gmp/$2" ]; then
  base=$1 cand=$2
  shift 2
fi
driver=$root/build/harness/gmpbench_native
[ -x "$driver" ] || { echo "share.sh: $driver is not built (make java)" >&2; exit 3; }
command -v perf >/dev/null || { echo "share.sh: perf is not installed (apt-get install linux-perf)" >&2; exit 3; }
for v in "$base" "$cand"; do
  [ -f "$root/build/gmp/$v/lib/libgmp.so" ] || { echo "share.sh: build/gmp/$v is not built (make libs-gmp)" >&2; exit 3; }
done
if [ $# -eq 0 ]; then
  mapfile -t tests < <("$driver" --list)
else
  tests=()
  for t in "$@"; do
    mapfile -t expanded < <(test_names "$driver" "$t")
    [ ${#expanded[@]} -gt 0 ] || { echo "share.sh: unknown test '$t'" >&2; exit 2; }
    tests+=("${expanded[@]}")
  done
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the share of one library's samples in add/sub symbols, as a fraction
share() {
  perf record -q -e cpu-clock -F 4000 -o "$tmp/perf.data" -- \
    "$driver" --min-time 0.2 --samples 3 --tests "$2" "$1=$root/build/gmp/$1/lib/libgmp.so" >/dev/null 2>&1 ||
    { echo "share.sh: perf record failed (kernel.perf_event_paranoid is $(cat /proc/sys/kernel/perf_event_paranoid))" >&2; exit 1; }
  perf report -i "$tmp/perf.data" --no-children --sort sym --stdio 2>/dev/null |
    awk '/^ +[0-9.]+%/ { p = $1; sub("%", "", p); s = $NF
           if (s ~ /^(__gmpn_(add|sub)_nc?|dot_([a-z0-9]+_)?(add|sub)_nc?(_ct)?)$/) sum += p }
         END { printf "%.4f\n", sum / 100 }'
}
printf '%-28s %8s %8s  %s\n' test "$base" "$cand" "add/sub time $cand/$base"
for t in "${tests[@]}"; do
  b=$(share "$base" "$t")
  c=$(share "$cand" "$t")
  awk -v t="$t" -v b="$b" -v c="$c" 'BEGIN {
    r = (b > 0.005 && c > 0.005 && b < 1 && c < 1) ? sprintf("%.2f", (c / (1 - c)) / (b / (1 - b))) : "-"
    printf "%-28s %7.1f%% %7.1f%%  %s\n", t, 100 * b, 100 * c, r }'
done
