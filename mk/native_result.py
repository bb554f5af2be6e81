#!/usr/bin/python3
"""Wraps the body a C program measured into a dotbench result file (results/README.md).

usage: native_result.py --suite NAME --command TEXT --body BODY.json --out RESULT.json

BODY.json holds what the program knows: settings, variants, tests, comparisons and optionally
libdot (version, isa). This adds schema, suite, command and the provenance the harness records
(CPU model and flags, kernel, OS, compiler, git commit; jdk is an object of nulls: no JVM ran),
then writes RESULT.json atomically (a temporary file beside it, fsync, rename). Anything that
cannot be read is null, never guessed. The functions are imported by dot/test/icount/fig3c.py.
"""
import argparse
import datetime
import json
import os
import pathlib
import socket
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def first_line(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=5, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    return lines[0] if lines else None


def read(path):
    try:
        return pathlib.Path(path).read_text().strip()
    except OSError:
        return None


def cpuinfo(field):
    text = read("/proc/cpuinfo") or ""
    for line in text.splitlines():
        if line.startswith(field) and ":" in line:
            return line.split(":", 1)[1].strip()
    return None


def os_pretty_name():
    for line in (read("/etc/os-release") or "").splitlines():
        if line.startswith("PRETTY_NAME="):
            return line[len("PRETTY_NAME="):].strip('"')
    return None


def provenance(libdot=None):
    flags = cpuinfo("flags")
    commit = first_line(["git", "-C", str(ROOT), "rev-parse", "HEAD"])
    dirty = first_line(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"])
    p = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z"),
        "hostname": socket.gethostname() or None,
        "cpu": {"model": cpuinfo("model name"), "logical_cpus": os.cpu_count(), "flags": flags.split() if flags else []},
        "kernel": {"release": read("/proc/sys/kernel/osrelease"), "version": read("/proc/version")},
        "os": os_pretty_name(),
        "jdk": {"version": None, "vendor": None, "vm": None, "home": None},
        "compiler": first_line([os.environ.get("CC", "cc"), "--version"]),
        "git": {"commit": commit, "dirty": dirty is not None},
    }
    if p["cpu"]["model"] is None:
        del p["cpu"]["model"]
    if libdot is not None:
        p["libdot"] = libdot
    return p


def result(suite, command, body, elapsed_s=None):
    """A whole result document from a program's body (which is not modified)."""
    doc = {"schema": "dotbench-result", "schema_version": 1, "suite": suite, "command": command}
    if elapsed_s is not None:
        doc["elapsed_s"] = elapsed_s
    doc["provenance"] = provenance(body.get("libdot"))
    for key in ("settings", "variants", "tests", "comparisons"):
        if key not in body:
            raise ValueError(f"the body has no {key!r}")
        doc[key] = body[key]
    for key, value in body.items():
        if key not in doc and key != "libdot":
            doc[key] = value
    return doc


def write_atomically(doc, out):
    out = pathlib.Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + out.name + ".", dir=out.parent)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, out)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--body", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--elapsed-s", type=float)
    a = ap.parse_args(argv)
    try:
        body = json.loads(pathlib.Path(a.body).read_text())
        doc = result(a.suite, a.command, body, a.elapsed_s)
    except (OSError, ValueError) as e:
        print(f"native_result.py: {a.body}: {e}", file=sys.stderr)
        return 1
    write_atomically(doc, a.out)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
