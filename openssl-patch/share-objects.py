#!/usr/bin/env python3
"""Gives libcrypto.a the objects already compiled for libcrypto.so, where the two are the same.

usage: share-objects.py OBJDIR

OpenSSL's generated Makefile compiles every libcrypto source twice when both libraries are built:
once as crypto/.../libcrypto-shlib-X.o for the shared library and once as libcrypto-lib-X.o for
the static one. On linux-x86_64 both recipes carry the same flags (-fPIC and -DOPENSSL_PIC
included), so the two objects are the same compilation. For each pair whose recipe and
prerequisites are identical once the object names are swapped, and whose shlib object is built
and newer than every prerequisite, this copies the shlib object (and its dependency file, names
swapped) to the lib name with its time stamp, so make finds the lib object up to date. A pair
that differs in any way is left alone and make compiles it as usual; the count of each kind is
printed. The dot variants of build.sh build libcrypto.a for OpenSSL's internal tests; this halves
their compile time.
"""

import os
import re
import shutil
import sys

SHLIB = "libcrypto-shlib-"
LIB = "libcrypto-lib-"


def rules(makefile):
    """Maps each object target to (prerequisites, recipe lines) for the libcrypto objects."""
    out = {}
    target = None
    with open(makefile, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("\t"):
                if target is not None:
                    out[target][1].append(line)
                continue
            target = None
            m = re.match(r"^(\S*/(?:%s|%s)[^:\s]*\.o):(.*)$" % (SHLIB, LIB), line)
            if m:
                target = m.group(1)
                out[target] = (m.group(2).split(), [])
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    obj = sys.argv[1]
    table = rules(os.path.join(obj, "Makefile"))
    shared = differ = 0
    for target, (prereqs, recipe) in table.items():
        if SHLIB not in target:
            continue
        twin = target.replace(SHLIB, LIB)
        if twin not in table:
            continue
        twin_prereqs, twin_recipe = table[twin]
        if [p.replace(SHLIB, LIB) for p in prereqs] != twin_prereqs or \
                [r.replace(SHLIB, LIB) for r in recipe] != twin_recipe:
            differ += 1
            continue
        src, dst = os.path.join(obj, target), os.path.join(obj, twin)
        if not os.path.exists(src):
            differ += 1
            continue
        built = os.stat(src).st_mtime_ns
        newest = max(os.stat(os.path.join(obj, p)).st_mtime_ns for p in prereqs)
        if built < newest:
            differ += 1
            continue
        shared += 1
        if os.path.exists(dst) and os.stat(dst).st_mtime_ns >= newest:
            continue
        shutil.copy2(src, dst)
        dep = src[:-2] + ".d"
        if os.path.exists(dep):
            with open(dep, encoding="utf-8") as f:
                text = f.read().replace(SHLIB, LIB)
            with open(dst[:-2] + ".d", "w", encoding="utf-8") as f:
                f.write(text)
            shutil.copystat(dep, dst[:-2] + ".d")
    print("share-objects: %d libcrypto objects shared with the shared build, %d left to make"
          % (shared, differ))
    if shared == 0 and differ == 0:
        print("share-objects: no libcrypto object pairs in %s/Makefile; make compiles both"
              % obj, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
