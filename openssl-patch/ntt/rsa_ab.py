#!/usr/bin/python3
"""Summary of rsa_ab.sh's raw lines: rsa_ab.py BUILD RAW > SUMMARY (exit 0, or 1 on a check).

Raw lines: "round bits variant check sig=... bits=... lib=..." and "round bits variant op count
seconds". Checks that every run loaded build/openssl/<variant>/lib/libcrypto.so.3 and signed
with the key's stock signature. Per key size and operation: operations per CPU second of each
variant (median over the rounds) and the ratios ntt/stock, ntt/dot and dot/stock (>1: the first
is faster): the median of the per-round ratios and a distribution-free confidence interval for
it (order statistics of the per-round ratios, the narrowest pair whose binomial coverage is at
least 95%; the coverage is printed).
"""
import math
import os
import statistics
import sys
from collections import defaultdict


def median_ci(xs):
    xs = sorted(xs)
    n = len(xs)
    best = None
    # P(x_(k) <= median <= x_(n+1-k)) = 1 - 2 P(Bin(n, 1/2) < k)
    for k in range(1, n // 2 + 1):
        cover = 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2 ** n
        if cover >= 0.95:
            best = (xs[k - 1], xs[n - k], cover)
    if best is None:
        return statistics.median(xs), float("nan"), float("nan"), float("nan")
    return statistics.median(xs), best[0], best[1], best[2]


def main():
    build, raw = sys.argv[1], sys.argv[2]
    rate = defaultdict(dict)  # (bits, op, variant) -> {round: ops/s}
    sig = {}
    bad = []
    rounds = set()
    for line in open(raw):
        f = line.split()
        r, bits, v = int(f[0]), int(f[1]), f[2]
        rounds.add(r)
        if f[3] == "check":
            kv = dict(x.split("=", 1) for x in f[4:])
            want = os.path.realpath(f"{build}/openssl/{v}/lib/libcrypto.so.3")
            if os.path.realpath(kv["lib"]) != want:
                bad.append(f"round {r} RSA-{bits} {v}: loaded {kv['lib']}, not {want}")
            if int(kv["bits"]) != bits:
                bad.append(f"round {r} RSA-{bits} {v}: the key has {kv['bits']} bits")
            sig.setdefault((bits, v), set()).add(kv["sig"])
        else:
            rate[(bits, f[3], v)][r] = int(f[4]) / float(f[5])
    sizes = sorted({k[0] for k in rate})
    n_lib_bad = len(bad)
    for bits in sizes:
        sigs = set().union(*(sig.get((bits, v), set()) for v in ("stock", "dot", "ntt")))
        if len(sigs) != 1:
            bad.append(f"RSA-{bits}: the variants' signatures differ: {sorted(sigs)}")
    for b in bad:
        print("FAIL " + b)
    print(f"rounds: {len(rounds)}; signatures identical across variants for every key: {'no' if len(bad) > n_lib_bad else 'yes'}")
    print("ops/s: median over rounds of operations per CPU second; ratio: median of per-round ratios "
          "[95% CI from order statistics, coverage]")
    pairs = [("ntt", "stock"), ("ntt", "dot"), ("dot", "stock")]
    head = f"{'key':>9} {'op':8} {'stock':>9} {'dot':>9} {'ntt':>9}" + "".join(
        f"  {a + '/' + b:>29}" for a, b in pairs)
    print(head)
    for bits in sizes:
        for op in ("verify", "encrypt", "sign", "decrypt"):
            med = {v: statistics.median(rate[(bits, op, v)].values()) for v in ("stock", "dot", "ntt")}
            row = f"RSA-{bits:<5} {op:8} " + " ".join(f"{med[v]:9.1f}" for v in ("stock", "dot", "ntt"))
            for a, b in pairs:
                ra, rb = rate[(bits, op, a)], rate[(bits, op, b)]
                xs = [ra[r] / rb[r] for r in ra if r in rb]
                m, lo, hi, cov = median_ci(xs)
                row += f"  {m:6.3f}x [{lo:6.3f}, {hi:6.3f}] {cov * 100:3.0f}%"
            print(row)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
