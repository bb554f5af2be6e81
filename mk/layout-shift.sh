#!/usr/bin/env bash
# The layout control: a library build relinked from its own objects with BYTES of padding in front
# of the first one, so every function sits BYTES (rounded up to the objects' alignment) further
# on, with not one instruction changed. Timed against the build it was made from, it shows what
# code placement alone does to a test: on the Intel VM a 64-byte shift of stock GMP moved
# pi(10000) by 1.8% (README, "Intel (AVX-512)"). The byte copy (NAME~copy) cannot show that.
#
#   mk/layout-shift.sh gmp|openssl OBJDIR VARIANT_DIR OUTDIR [BYTES]
#   e.g. mk/layout-shift.sh gmp build/obj/gmp/stock build/gmp/stock build/gmp/stock~shift 64
#
# OBJDIR is the variant's built tree (gmp-patch/build.sh and openssl-patch/build.sh leave it
# under build/obj/); the link line of libgmp.la (libtool) or libcrypto.so.3 is read back from its
# Makefile (make -n), so the objects, their order and the flags are the ones the variant was
# linked with. OUTDIR gets lib/ (the relinked library and its links), include/ (VARIANT_DIR's)
# and manifest.json (VARIANT_DIR's, with "variant" and "layout_control" set).
# mk/layout-check.sh then proves the result: the same functions, each the same size, all moved.
set -euo pipefail
if [ $# -lt 4 ] || [ $# -gt 5 ]; then
    echo "usage: $0 gmp|openssl OBJDIR VARIANT_DIR OUTDIR [BYTES]" >&2
    exit 2
fi
kind=$1 out=$4 bytes=${5:-64}
objdir=$(cd "$2" && pwd)
variant_dir=$(cd "$3" && pwd)
case "$kind" in
gmp) target=libgmp.la object=mpn/add_n.lo ;;
openssl) target=libcrypto.so.3 object=crypto/bn/libcrypto-shlib-bn_add.o ;;
*)
    echo "$0: the library is gmp or openssl, not '$kind'" >&2
    exit 2
    ;;
esac
if ! [[ $bytes =~ ^[0-9]+$ ]] || [ "$bytes" -lt 1 ] || [ "$bytes" -gt 4096 ]; then
    echo "$0: BYTES must be a whole number from 1 to 4096 (got '$bytes'); a shift of 0 is a byte copy: NAME~copy" >&2
    exit 2
fi
if [ ! -f "$objdir/Makefile" ] || [ ! -e "$objdir/$target" ]; then
    echo "$0: $objdir is not a built $kind tree (no Makefile or $target): build the variant first (make libs)" >&2
    exit 1
fi
if [ ! -f "$variant_dir/manifest.json" ] || [ ! -d "$variant_dir/include" ]; then
    echo "$0: $variant_dir is not an installed variant (no manifest.json or include/)" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# a local label, so the padding adds no symbol; 0xcc (int3) is never run
printf '\t.text\n\t.p2align 6\ndotbench_layout_pad:\n\t.fill %d, 1, 0xcc\n\t.section .note.GNU-stack,"",@progbits\n' \
    "$bytes" >"$work/pad.s"

# -W: pretend one object changed, so make prints (and -n does not run) the link of the target;
# backslash-continued lines are joined first
if ! grep -qF "$object" "$objdir/Makefile"; then
    echo "$0: $objdir/Makefile does not name $object, the object to relink from" >&2
    exit 1
fi
make -C "$objdir" -s -n -W "$object" "$target" | sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' >"$work/recipe"
if [ "$kind" = gmp ]; then
    (cd "$objdir" && ./libtool --tag=CC --mode=compile gcc -c "$work/pad.s" -o "$work/pad.lo") >"$work/log" 2>&1
    pad=$work/pad.lo
else
    gcc -c -fPIC "$work/pad.s" -o "$work/pad.o" >"$work/log" 2>&1
    pad=$work/pad.o
fi
# the one line that links the target, its output moved to $work and the padding object put
# before its first object
/usr/bin/python3 - "$work/recipe" "$target" "$work" "$pad" >"$work/relink" <<'EOF'
import re, shlex, sys
recipe, target, work, pad = sys.argv[1:]
lines = [l for l in open(recipe) if re.search(r"(^|\s)-o\s+" + re.escape(target) + r"(\s|$)", l)]
if len(lines) != 1:
    sys.exit(f"expected one line linking {target}, found {len(lines)}:\n" + "".join(open(recipe)))
words = shlex.split(lines[0])
out = words.index("-o") + 1
words[out] = f"{work}/{target}"
first = next((i for i, w in enumerate(words) if re.fullmatch(r"[\w./+-]+\.l?o", w) and i != out), None)
if first is None:
    sys.exit("the link line names no object:\n" + lines[0])
words.insert(first, pad)
print(shlex.join(words))
EOF
(cd "$objdir" && eval "$(cat "$work/relink")") >>"$work/log" 2>&1 || {
    tail -20 "$work/log" >&2
    echo "$0: relinking $objdir failed" >&2
    exit 1
}
if [ "$kind" = gmp ]; then
    built=$(cd "$work/.libs" && ls libgmp.so.*.*.*)
    built=$work/.libs/$built
else
    built=$work/libcrypto.so.3
fi

rm -rf "$out.tmp"
mkdir -p "$out.tmp/lib"
file=$(basename "$built")
cp "$built" "$out.tmp/lib/$file"
soname=$(objdump -p "$built" | awk '$1 == "SONAME" {print $2}')
[ "$soname" = "$file" ] || ln -s "$file" "$out.tmp/lib/$soname"
ln -s "$file" "$out.tmp/lib/${soname%%.so.*}.so"
cp -r "$variant_dir/include" "$out.tmp/include"
name=$(basename "$out")
/usr/bin/python3 - "$variant_dir/manifest.json" "$out.tmp/manifest.json" "$name" "$bytes" "$variant_dir" <<'EOF'
import json, sys
src, dst, name, nbytes, of = sys.argv[1:]
m = json.load(open(src))
m["variant"] = name
m["layout_control"] = (f"{of}/lib relinked from its own objects with {nbytes} bytes of padding "
                       "before the first: the same code at other addresses (mk/layout-shift.sh)")
with open(dst, "w") as f:
    json.dump(m, f, indent=2)
    f.write("\n")
EOF
rm -rf "$out"
mv "$out.tmp" "$out"
echo "$out: $variant_dir's library relinked $bytes bytes on"
