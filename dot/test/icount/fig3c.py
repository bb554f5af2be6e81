#!/usr/bin/python3
"""Per-call instruction counts for the DoT paper's Figure 3(c), exact, from valgrind (callgrind).

usage: fig3c.py --libs BUILD --out RESULT.json [--work DIR] [--isas scalar,avx2]

BUILD holds the library builds (BUILD/gmp/VARIANT, BUILD/openssl/VARIANT: make libs). For each
of GMP and OpenSSL it builds dot/test/icount/fig3c_workload.c against every variant there, runs
it under callgrind (stock builds once; the dot builds once per libdot ISA, chosen with DOT_ISA),
and writes a dotbench result (suite "icount", results/README.md): per test (add_n(8) ...
bn_usub(512)) the instructions per call of each variant, and per stock/dot pair the ratio
stock/dot (above 1: the dot build executes fewer) with its instruction-count reduction.

Valgrind cannot run AVX-512, so libdot runs only what it can: the ISAs named by --isas. Each dot
run's marker must report the ISA asked for, or the script stops: a count must not be labelled
with an ISA that did not run. Counts are exact for this binary, compiler and valgrind; the loop
around the calls is measured on an empty function of the same shape and taken out.
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
sys.path.insert(0, str(ROOT / "mk"))
import native_result  # noqa: E402

CALLS = 100  # fig3c_workload.c's CALLS
SIZES = [8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512]
LIBS = {
    "gmp": {"define": "-DLIB_GMP", "link": "-lgmp", "ops": ["add_n", "sub_n"], "file": "libgmp.so"},
    "openssl": {"define": "-DLIB_OPENSSL", "link": "-lcrypto", "ops": ["bn_uadd", "bn_usub"], "file": "libcrypto.so"},
}
PAIRS = [("stock", "dot"), ("stock-noasm", "dot-noasm")]


def fail(message):
    print(f"fig3c.py: {message}", file=sys.stderr)
    sys.exit(1)


def build(lib, prefix, out, cc):
    spec = LIBS[lib]
    cmd = [cc, "-std=gnu11", "-O2", "-g", "-Wall", "-Wextra", "-I" + str(ROOT / "dot/test"), spec["define"],
           "-I" + str(prefix / "include"), "-o", str(out), str(HERE / "fig3c_workload.c"),
           str(ROOT / "dot/test/common/check.c"), "-L" + str(prefix / "lib"),
           "-Wl,-rpath," + str(prefix / "lib"), spec["link"], "-ldl"]
    subprocess.run(cmd, check=True)


def count(binary, isa, work):
    """label -> instructions, and the marker line, for one run under callgrind."""
    for old in work.glob("cg.out*"):
        old.unlink()
    env = dict(os.environ)
    env.pop("DOT_ISA", None)
    if isa:
        env["DOT_ISA"] = isa
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={work}/cg.out", str(binary)],
                         env=env, capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"{binary} failed under valgrind:\n{run.stderr[-2000:]}")
    marker = next((line[len("marker: "):] for line in run.stdout.splitlines() if line.startswith("marker: ")), None)
    counts = {}
    for dump in sorted(work.glob("cg.out.*")):
        label = total = None
        for line in dump.read_text().splitlines():
            if line.startswith("desc: Trigger: Client Request: "):
                label = line[len("desc: Trigger: Client Request: "):]
            elif line.startswith("totals:"):
                total = int(line.split()[1])
        if label is not None and total is not None:
            counts[label] = total
    return counts, marker


def variant_record(lib, variant, isa, prefix, marker):
    manifest = prefix / "manifest.json"
    return {
        "name": f"{lib}/{variant}" + (f"@{isa}" if isa else ""),
        "library": lib,
        "path": str(prefix / "lib" / LIBS[lib]["file"]),
        "version": json.loads(manifest.read_text()).get("upstream_version") if manifest.exists() else None,
        "marker": None if marker in (None, "none") else marker,
        "modified": marker not in (None, "none"),
        "manifest": json.loads(manifest.read_text()) if manifest.exists() else None,
        "libdot_isa": isa,
    }


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--libs", required=True, type=pathlib.Path)
    ap.add_argument("--out", required=True)
    ap.add_argument("--work", type=pathlib.Path, default=ROOT / "build/dot/icount/fig3c")
    ap.add_argument("--isas", default="scalar,avx2")
    a = ap.parse_args(argv)
    cc = os.environ.get("CC", "cc")
    isas = [i for i in a.isas.split(",") if i]
    a.work.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    variants, per_call, raw, loops = [], {}, {}, {}
    for lib, spec in LIBS.items():
        for variant in ("stock", "stock-noasm", "dot", "dot-noasm"):
            prefix = (a.libs / lib / variant).resolve()
            if not (prefix / "lib" / spec["file"]).exists():
                fail(f"no {prefix}/lib/{spec['file']}: build the libraries first (make libs)")
            binary = a.work / f"fig3c-{lib}-{variant}"
            build(lib, prefix, binary, cc)
            for isa in ([None] if variant.startswith("stock") else isas):
                with tempfile.TemporaryDirectory(dir=a.work) as tmp:
                    counts, marker = count(binary, isa, pathlib.Path(tmp))
                is_dot = not variant.startswith("stock")
                if is_dot and (marker is None or f"isa={isa}" not in marker.split()):
                    fail(f"{lib}/{variant} with DOT_ISA={isa}: the marker says {marker!r}, not isa={isa}")
                if not is_dot and marker not in (None, "none"):
                    fail(f"{lib}/{variant} is meant to be unmodified, but has a marker {marker!r}")
                record = variant_record(lib, variant, isa, prefix, marker)
                variants.append(record)
                name = record["name"]
                for n in SIZES:
                    loop = counts.get(f"loop({n})")
                    if loop is None:
                        fail(f"{name}: no loop({n}) piece in the callgrind output")
                    loops.setdefault(f"{lib}({n})", set()).add(loop)
                    for op in spec["ops"]:
                        test = f"{op}({n})"
                        if test not in counts:
                            fail(f"{name}: no {test} piece in the callgrind output")
                        raw.setdefault(test, {})[name] = counts[test] / CALLS
                        per_call.setdefault(test, {})[name] = (counts[test] - loop) / CALLS
    tests = []
    for lib, spec in LIBS.items():
        for op in spec["ops"]:
            for n in SIZES:
                test = f"{op}({n})"
                loop = sorted(loops[f"{lib}({n})"])
                tests.append({
                    "name": test, "op": op, "limbs": n, "bits": 64 * n, "failed": {},
                    "checked_by": "not checked here: an instruction count (make test-libs checks the answers)",
                    "instructions_per_call": per_call[test],
                    "instructions_per_call_with_loop": raw[test],
                    "loop_instructions_per_call": [x / CALLS for x in loop],
                })
    comparisons = []
    for lib, spec in LIBS.items():
        for base, cand in PAIRS:
            for isa in isas:
                b, c = f"{lib}/{base}", f"{lib}/{cand}@{isa}"
                ratios = {}
                for op in spec["ops"]:
                    for n in SIZES:
                        test = f"{op}({n})"
                        x, y = per_call[test][b], per_call[test][c]
                        ratios[test] = {"ratio": x / y, "ci_low": x / y, "ci_high": x / y, "noisy": False,
                                        "reduction_percent": 100 * (1 - y / x)}
                comparisons.append({"baseline": b, "candidate": c, "metric": "instructions per call",
                                    "tests": ratios})
    body = {
        "settings": {
            "profile": "full", "calls_per_piece": CALLS, "counter": "valgrind callgrind, Ir (instructions executed)",
            "statistic": "exact count per call, the loop around the calls taken out",
            "ci": "none: the counts are exact (the interval is the value)",
            "libdot_isas": isas,
            "why_these_isas": "valgrind cannot run AVX-512 (the paper's Figure 3(c) ran it), so libdot is "
                              "forced with DOT_ISA to what valgrind can run",
            "valgrind": native_result.first_line(["valgrind", "--version"]),
            "libs": str(a.libs.resolve()),
        },
        "variants": variants,
        "tests": tests,
        "comparisons": comparisons,
    }
    command = "dot/test/icount/fig3c.py --libs " + str(a.libs) + " --isas " + ",".join(isas)
    doc = native_result.result("icount", command, body, round(time.monotonic() - started, 1))
    native_result.write_atomically(doc, a.out)
    for comp in comparisons:
        for op in LIBS[comp["baseline"].split("/")[0]]["ops"]:
            vals = [comp["tests"][f"{op}({n})"]["reduction_percent"] for n in SIZES]
            print(f"{comp['candidate']:>24} vs {comp['baseline']:<20} {op:8} reduction "
                  + " ".join(f"{v:6.1f}" for v in vals))
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
