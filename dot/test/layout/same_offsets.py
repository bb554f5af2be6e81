#!/usr/bin/env python3
"""Do the patched library's own functions keep the stock build's code layout?

    same_offsets.py STOCK.so PATCHED.so

Walks the functions both libraries define, in the stock library's address order, and compares
each one's offset from the start of .text. The patch may move what follows a function it
changes (a routed mpn_add_n is smaller than GMP's asm one), but nothing may move before the
first such function: a shift there comes from something else in the link, e.g. libdot code in
sections the linker places at the front. Prints the first moved function and the share of
functions whose offset modulo 64 (a cache line) is unchanged; exits 1 when a function moved
before any changed one.
"""
import subprocess
import sys


def functions(lib):
    text = None
    for line in subprocess.run(["readelf", "-SW", lib], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 3 and parts[1] == ".text":
            text = int(parts[3], 16)
    if text is None:
        sys.exit(f"same_offsets.py: {lib}: no .text section")
    out = {}
    for line in subprocess.run(["nm", "-S", "--defined-only", lib], check=True,
                               capture_output=True, text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tT" and not parts[3].endswith(".localalias"):
            out.setdefault(parts[3], (int(parts[0], 16) - text, int(parts[1], 16)))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: same_offsets.py STOCK.so PATCHED.so")
    stock, patched = functions(sys.argv[1]), functions(sys.argv[2])
    common = sorted((off, name) for name, (off, _) in stock.items() if name in patched)
    changed_seen = None
    kept = 0
    for off, name in common:
        p_off, p_size = patched[name]
        if p_off % 64 == off % 64:
            kept += 1
        if p_size != stock[name][1] and changed_seen is None:
            changed_seen = name
        if p_off != off and changed_seen is None:
            print(f"FAIL {sys.argv[2]}: {name} moved by {p_off - off} bytes before any "
                  f"function the patch changes")
            return 1
    first = changed_seen or "none"
    print(f"ok   {sys.argv[2]}: same offsets up to the first changed function ({first}); "
          f"{kept}/{len(common)} functions keep their offset modulo 64")
    return 0


if __name__ == "__main__":
    sys.exit(main())
