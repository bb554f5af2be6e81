#!/bin/bash
# Compares schoolbook windows for DoTMP (libdot's DOT_BASECASE, dot.h) inside whole GMPbench-style
# tests, without rebuilding anything:
#   gmp-patch/window.sh [--rounds R] [--samples N] [--tests 'A;B'] CANDIDATE...
# A candidate is a DOT_BASECASE value (e.g. mul=14,sqr=24) or "table" (unset: this CPU's row).
# Each round runs gmpbench_native once per candidate, in a rotated order, with stock and dot
# loaded and interleaved in that one process, so every figure is a ratio dot/stock measured in
# one process; the table gives each candidate's median over the rounds (total, base, app and each
# program), then the lowest and highest round of the widest scope (total where the tests have
# one). The window is resolved once per process, which is why each candidate needs its own.
set -euo pipefail
root=$(dirname "$(dirname "$(realpath "$0")")")
usage() { echo "usage: window.sh [--rounds R] [--samples N] [--tests 'A;B'] CANDIDATE..." >&2; exit 2; }
rounds=3 samples=3
tests='multiply(8192);multiply(131072);multiply(2097152);multiply(8192,8192);multiply(131072,131072);multiply(15000,10000);multiply(16777216,262144);divide(8192,4096);divide(131072,65536);gcd(131072,131072);gcdext(131072,131072);rsa(1024);rsa(2048);pi(100000)'
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) [ $# -ge 2 ] || usage; rounds=$2; shift 2 ;;
    --samples) [ $# -ge 2 ] || usage; samples=$2; shift 2 ;;
    --tests) [ $# -ge 2 ] || usage; tests=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage
[[ $rounds =~ ^[1-9][0-9]*$ && $samples =~ ^[1-9][0-9]*$ ]] || { echo "window.sh: --rounds and --samples take a positive whole number" >&2; exit 2; }
candidates=("$@")
driver=$root/build/harness/gmpbench_native
for v in stock dot; do
  [ -f "$root/build/gmp/$v/lib/libgmp.so" ] || { echo "window.sh: build/gmp/$v is not built (make libs-gmp)" >&2; exit 3; }
done
[ -x "$driver" ] || { echo "window.sh: $driver is not built (make java)" >&2; exit 3; }
# A bad candidate is refused before the first run: libdot aborts on it, naming it.
probe=$root/build/dot/libdot.so
for c in "${candidates[@]}"; do
  [ "$c" = table ] && continue
  if [ -f "$probe" ]; then
    out=$(DOT_BASECASE=$c python3 -c 'import ctypes, sys; l = ctypes.CDLL(sys.argv[1]); l.dot_settings.restype = ctypes.c_char_p; print(l.dot_settings().decode())' "$probe" 2>&1) ||
      { echo "window.sh: candidate '$c' refused: ${out%%$'\n'*}" >&2; exit 2; }
    [[ $out != *"DOT_BASECASE not applied"* ]] ||
      echo "window.sh: libdot runs no IFMA kernel here, so every candidate is GMP's own schoolbook: $out" >&2
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=${#candidates[@]}
echo "# window.sh: $n candidates x $rounds rounds, gmpbench_native --min-time 0.2 --samples $samples"
echo "# tests: $tests"
for ((r = 0; r < rounds; r++)); do
  for ((j = 0; j < n; j++)); do
    i=$(((j + r) % n))
    c=${candidates[$i]}
    env=(-u DOT_BASECASE)
    [ "$c" = table ] || env=(DOT_BASECASE="$c")
    printf '  round %d/%d, %s ...\n' $((r + 1)) "$rounds" "$c" >&2
    env "${env[@]}" "$driver" --min-time 0.2 --samples "$samples" --tests "$tests" \
      stock="$root/build/gmp/stock/lib/libgmp.so" dot="$root/build/gmp/dot/lib/libgmp.so" \
      > "$work/$i.$r.txt"
    grep -q '^ratio dot/stock ' "$work/$i.$r.txt" ||
      { echo "window.sh: no ratio from the run of '$c'; its output:" >&2; cat "$work/$i.$r.txt" >&2; exit 4; }
  done
done
# one row per candidate: the median, lowest and highest round of each scope's ratio
python3 - "$work" "$rounds" "${candidates[@]}" <<'EOF'
import statistics, sys
work, rounds, cands = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
scopes, table = [], {}
for i, c in enumerate(cands):
    for r in range(rounds):
        for line in open(f"{work}/{i}.{r}.txt"):
            f = line.split()
            if len(f) == 4 and f[0] == "ratio" and f[1] == "dot/stock":
                if f[2] not in scopes:
                    scopes.append(f[2])
                table.setdefault((c, f[2]), []).append(float(f[3]))
order = [s for s in ("total", "base", "app") if s in scopes]
order += [s for s in scopes if s not in order]
width = max(len(c) for c in cands)
print(f"{'candidate (DOT_BASECASE)':<{max(width, 24)}}  " + "  ".join(f"{s:>9}" for s in order))
for c in cands:
    cells = [statistics.median(table[(c, s)]) for s in order]
    print(f"{c:<{max(width, 24)}}  " + "  ".join(f"{v:9.4f}" for v in cells))
# the widest scope the tests have (total, or the one category or program they cover)
print(f"\nratio dot/stock {order[0]} per candidate: median [lowest, highest] over the rounds")
for c in cands:
    v = table[(c, order[0])]
    print(f"  {c:<{width}}  {statistics.median(v):.4f} [{min(v):.4f}, {max(v):.4f}]")
EOF
