#!/usr/bin/env python3
"""dot/bench/ab.py on planted tables whose right answer is known, its state filter's control, its
refusals, and the real bench_addsub's format.
usage: test_ab.py BENCH_ADDSUB"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
AB = os.path.join(HERE, "..", "..", "bench", "ab.py")
failures = 0


def check(ok, what):
    global failures
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    failures += not ok


def table(gmp, kernel, long_label, aligned=True):
    """A bench_addsub-shaped output: one table, three columns, a label longer than 9 characters
    (aligned=False: bench_addsub before 9e8d1cb, every column 9 wide, so the long label overflows
    and ends past its figures)."""
    labels = ["gmp", "kernel", "avx512 ct shift"]
    widths = [max(9, len(x)) if aligned else 9 for x in labels]
    lines = ["libdot (planted)", "", "add_n, random operands: TSC cycles per limb (median of 3 samples)"]
    lines.append("%6s %5s" % ("bits", "limbs") + "".join(f" {x:>{w}}" for x, w in zip(labels, widths))
                 + "  | speedup vs gmp:")
    for n in (8, 16, 512):
        figs = [gmp * n ** 0.1, kernel * n ** 0.1, long_label * n ** 0.1]
        lines.append("%6d %5d" % (n * 64, n) + "".join(f" {f:>{w}.3f}" for f, w in zip(figs, widths))
                     + "  |                     1.00x")
    return "\n".join(lines) + "\n"


def ab(*args):
    return subprocess.run([sys.executable, AB, *args], capture_output=True, text=True)


def ratios(stdout, column):
    """{limbs: after/before} of one column from ab.py's report."""
    lines = stdout.splitlines()
    head = next(i for i, x in enumerate(lines) if x.lstrip().startswith("limbs"))
    names = ["gmp", "kernel", "avx512 ct shift"]  # the report prints the control first
    col = names.index(column)
    out = {}
    for x in lines[head + 1:]:
        if not x.strip():
            break
        # the labels' widths are fixed by the longest name (15): split by place
        cells = [x[6 + 16 * k: 6 + 16 * (k + 1)] for k in range(len(names))]
        out[int(x[:6])] = float(cells[col])
    return out


with tempfile.TemporaryDirectory() as d:
    # before: two runs in a slow state (every figure 1.3x), two in the usual one; after: four in the
    # usual state, its kernel 10% faster, the long-labelled column 20% slower, the control the same
    plan = {"before": [1.3, 1.3, 1.0, 1.0], "after": [1.0, 1.0, 1.0, 1.0]}
    for side, states in plan.items():
        for i, s in enumerate(states, 1):
            k = 0.9 if side == "after" else 1.0
            w = 1.2 if side == "after" else 1.0
            with open(os.path.join(d, f"{side}.{i}.txt"), "w") as f:
                f.write(table(6.0 * s, 2.0 * s * k, 3.0 * s * w))
    r = ab("--report", d)
    check(r.returncode == 0, f"report on planted tables runs (exit {r.returncode}) {r.stderr.strip()}")
    if r.returncode == 0:
        k, c, w = ratios(r.stdout, "kernel"), ratios(r.stdout, "gmp"), ratios(r.stdout, "avx512 ct shift")
        check(all(abs(v - 0.9) < 0.002 for v in k.values()), f"the kernel's 10% gain read as 0.900: {k}")
        check(all(abs(v - 1.0) < 0.002 for v in c.values()), f"the control reads 1.000: {c}")
        check(all(abs(v - 1.2) < 0.002 for v in w.values()), f"a long label's column found, 1.200: {w}")
        check(r.stdout.count("left out") == 2, "the two runs in the slow state left out")
    # control: without the state filter (any state kept) the same tables must read otherwise
    r = ab("--report", d, "--tolerance", "10")
    k = ratios(r.stdout, "kernel") if r.returncode == 0 else {}
    check(r.returncode == 0 and all(v < 0.85 for v in k.values()),
          f"control: with every run kept the kernel reads below 0.85 (the states, not the code): {k}")
    # refusals
    r = ab("--report", d, "--columns", "nosuch")
    check(r.returncode == 1 and "no column named" in r.stderr, "an unknown column is refused by name")
    r = ab("--report", d, "--tolerance", "0.0001", "--control", "kernel")
    check(r.returncode == 1 and "run more" in r.stderr, "too few runs in one state is an error, not a figure")
    r = ab("--report", os.path.join(d, "none"))
    check(r.returncode == 1 and "before.1.txt" in r.stderr, "a folder without runs is refused")
    other = os.path.join(d, "other")  # the after side from another mode (other sizes)
    os.makedirs(other)
    for side in ("before", "after"):
        for i in (1, 2):
            text = table(6.0, 2.0, 3.0)
            if side == "after":
                text = re.sub(r"^(\s*\d+\s+)512 ", r"\g<1>511 ", text, flags=re.M)  # limbs 512 -> 511
            with open(os.path.join(other, f"{side}.{i}.txt"), "w") as f:
                f.write(text)
    r = ab("--report", other)
    check(r.returncode == 1 and "differ" in r.stderr, "tables of different sizes are refused, not compared")
    old = os.path.join(d, "old")
    os.makedirs(old)
    for side in ("before", "after"):
        for i in (1, 2):
            with open(os.path.join(old, f"{side}.{i}.txt"), "w") as f:
                f.write(table(6.0, 2.0, 3.0, aligned=False))
    r = ab("--report", old)
    check(r.returncode == 1 and "do not sit over their figures" in r.stderr,
          "a header whose labels do not sit over their figures is refused, not guessed at")
    r = ab("--runs", "1", sys.argv[1], sys.argv[1])
    check(r.returncode == 1 and "--runs" in r.stderr, "one run a side is refused")

    # the real format: the same binary twice, two runs each, --quick (every run kept: this checks
    # the parsing, not the figures, and a state change between four short runs must not fail it)
    r = ab("--runs", "2", "--tolerance", "10", "--out", os.path.join(d, "real"), sys.argv[1], sys.argv[1],
           "--", "--quick")
    columns = ("gmp", "dot", "C loop", "adc chain", "sse ct", "avx2 ct")
    check(r.returncode == 0 and all(f" {c}" in r.stdout for c in columns) and r.stdout.count("limbs") == 4,
          f"bench_addsub --quick, the same binary twice: its four tables and columns {columns} parsed "
          f"(exit {r.returncode})")
    if r.returncode != 0:
        print(r.stderr[-500:])

print(f"{'all passed' if not failures else f'{failures} failed'}")
sys.exit(1 if failures else 0)
