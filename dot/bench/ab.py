#!/usr/bin/env python3
"""Before/after of two builds of a libdot benchmark (bench_addsub), run alternately.

usage: dot/bench/ab.py [--runs N] [--out DIR] [--columns A,B,...] [--control NAME] [--tolerance F]
                       BEFORE AFTER [-- BENCH_ARGS...]
       dot/bench/ab.py --report DIR [--columns ...] [--control ...] [--tolerance F]

BEFORE and AFTER are two bench_addsub binaries (say, built at two commits). They run one after the
other, N times each (default 6), with BENCH_ARGS (--small, --quick, ...); every table is kept in DIR
(default: a new folder under /tmp, printed) as before.I.txt and after.I.txt, and --report DIR reads
them again. For each table and size it prints after/before of the medians over the runs, per column
(default: every column), the control column (default gmp, the same library in both builds) first:
a change in a column means something only beside the control's.

A shared VM switches between faster and slower states for tens of seconds at a time, and a state
moves the control and the vector kernels by different factors: when the states fall unevenly on the
two builds, medians compare states, not code. So each run gets a state, the median over its rows of
the control column, and a run whose state is off the median of all runs' states by more than the
tolerance (default 0.05) is left out of the medians; the report says which. Fewer than two runs
left on either side is an error: run more.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s")


def parse(text):
    """{(table title, limbs, column): value} from one bench_addsub output. A table is its title line
    (what comes before ': TSC cycles per'), a header whose labels sit right-aligned over their
    figures, then rows of 'bits limbs figure ...  | speedups'."""
    values, title, spans, header = {}, None, None, None
    for line in text.splitlines():
        if "TSC cycles per" in line and ":" in line:
            title, spans = line.split(":")[0].strip(), None
            continue
        if title and line.lstrip().startswith("bits") and "limbs" in line:
            header = line.split("|")[0]
            continue
        m = ROW.match(line)
        if not (title and m):
            continue
        left = line.split("|")[0]
        if spans is None:  # a column spans from the figure before it to the end of its own
            if header is None:
                raise ValueError(f"'{title}': a row before the header")
            token_ends = [f.end() for f in re.finditer(r"\S+", left)]
            spans = list(zip(token_ends[1:-1], token_ends[2:]))
            names = [header[a:b].strip() for a, b in spans]
            aligned = all(header[a:a + 1] == " " and header[b:b + 1] in ("", " ") for a, b in spans) and (
                " ".join(names).split() == header.split()[2:])  # every word of the header in some span
            if not aligned or len(set(names)) != len(names) or not all(names):
                raise ValueError(f"'{title}': the header's labels do not sit over their figures (a bench_addsub "
                                 f"from before 9e8d1cb?): {names}")
        figures = left.split()[2:]
        if len(figures) != len(names):
            raise ValueError(f"a row of '{title}' has {len(figures)} figures, the header {len(names)}")
        limbs = int(m.group(2))
        for name, fig in zip(names, figures):
            values[(title, limbs, name)] = float(fig)
    if not values:
        raise ValueError("no bench_addsub table in the output")
    return values


def state(run, control):
    """The median of the control column over the run's rows (its machine state)."""
    figs = [v for (_, _, c), v in run.items() if c == control]
    if not figs:
        raise ValueError(f"no column named '{control}'")
    return statistics.median(figs)


def report(before, after, columns, control, tolerance, out=sys.stdout):
    """Prints the after/before table of the runs in the common state."""
    runs = [("before", i, r) for i, r in enumerate(before)] + [("after", i, r) for i, r in enumerate(after)]
    states = {(side, i): state(r, control) for side, i, r in runs}
    typical = statistics.median(states.values())
    out_of_state = {k for k, s in states.items() if abs(s / typical - 1) > tolerance}
    kept = {side: [r for s, i, r in runs if s == side and (s, i) not in out_of_state] for side in ("before", "after")}
    print(f"# runs: {len(before)} before, {len(after)} after; each run's state (median of its {control} column) "
          f"against the median of all, {typical:.3f}:", file=out)
    for side, i, _ in runs:
        mark = "  left out" if (side, i) in out_of_state else ""
        print(f"#   {side} {i + 1}: {states[(side, i)]:.3f} ({states[(side, i)] / typical:.3f}){mark}", file=out)
    for side in ("before", "after"):
        if len(kept[side]) < 2:
            raise ValueError(f"only {len(kept[side])} {side} run(s) in the common state (tolerance {tolerance}): "
                             "run more (--runs) or widen --tolerance")
    first = kept["before"][0]
    every = kept["before"] + kept["after"]
    common = set.intersection(*({c for (_, _, c) in r} for r in every))
    names = [c for c in dict.fromkeys(c for (_, _, c) in first) if c in common]  # the first run's order

    def cells(run):
        return {k for k in run if k[2] in common}

    if any(cells(r) != cells(first) for r in every):
        raise ValueError("the runs' tables differ in their titles or sizes: not two builds of one benchmark mode")
    chosen = [control] + [c for c in (columns or names) if c != control]
    missing = [c for c in chosen if c not in common]
    if missing:
        raise ValueError(f"no column named {missing}; the columns: {names}")
    width = max(9, *(len(c) for c in chosen))
    for t in dict.fromkeys(t for (t, _, _) in first):
        print(f"\n{t}: after/before of the medians over {len(kept['after'])} and {len(kept['before'])} runs", file=out)
        print("%6s" % "limbs" + "".join(f" {c:>{width}}" for c in chosen), file=out)
        for n in sorted({n for (tt, n, _) in first if tt == t}):
            row = []
            for c in chosen:
                b = statistics.median(r[(t, n, c)] for r in kept["before"])
                a = statistics.median(r[(t, n, c)] for r in kept["after"])
                row.append(f" {a / b:>{width}.3f}")
            print("%6d" % n + "".join(row), file=out)


def load(folder):
    runs = {"before": [], "after": []}
    for side in runs:
        i = 1
        while os.path.exists(os.path.join(folder, f"{side}.{i}.txt")):
            with open(os.path.join(folder, f"{side}.{i}.txt")) as f:
                runs[side].append(parse(f.read()))
            i += 1
    if not runs["before"] or not runs["after"]:
        raise ValueError(f"{folder}: no before.1.txt / after.1.txt")
    return runs["before"], runs["after"]


def main(argv):
    args_in, bench_args = (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("binaries", nargs="*")
    p.add_argument("--runs", type=int, default=6)
    p.add_argument("--out")
    p.add_argument("--report")
    p.add_argument("--columns", help="comma-separated column names (default: all)")
    p.add_argument("--control", default="gmp")
    p.add_argument("--tolerance", type=float, default=0.05)
    a = p.parse_args(args_in)
    columns = [c.strip() for c in a.columns.split(",")] if a.columns else None
    try:
        if a.report:
            if a.binaries:
                raise ValueError("--report takes no binaries")
            before, after = load(a.report)
        else:
            if len(a.binaries) != 2:
                raise ValueError("two binaries, BEFORE and AFTER")
            if a.runs < 2:
                raise ValueError("--runs must be 2 or more")
            for b in a.binaries:
                if not os.access(b, os.X_OK):
                    raise ValueError(f"{b}: not an executable")
            folder = a.out or tempfile.mkdtemp(prefix="ab-")
            os.makedirs(folder, exist_ok=True)
            print(f"# tables kept in {folder}", file=sys.stderr)
            before, after = [], []
            for i in range(1, a.runs + 1):
                for side, binary, runs in (("before", a.binaries[0], before), ("after", a.binaries[1], after)):
                    print(f"# run {i}/{a.runs}: {side} ({binary})", file=sys.stderr)
                    done = subprocess.run([binary, *bench_args], capture_output=True, text=True)
                    if done.returncode != 0:
                        raise ValueError(f"{binary} {' '.join(bench_args)} exited {done.returncode}: "
                                         f"{done.stderr.strip()[-300:]}")
                    with open(os.path.join(folder, f"{side}.{i}.txt"), "w") as f:
                        f.write(done.stdout)
                    runs.append(parse(done.stdout))
        report(before, after, columns, a.control, a.tolerance)
    except (ValueError, OSError) as e:
        print(f"ab.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
