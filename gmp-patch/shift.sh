#!/usr/bin/env bash
# The layout control: a GMP build relinked from its own objects with BYTES of padding in front of
# the first one, so every function of the library sits BYTES (rounded up to the objects' alignment)
# further on, with not one instruction changed. Timed against the build it was made from, it shows
# what code placement alone does to a test: on the Intel VM, a 64-byte shift of stock moved
# pi(10000) by 1.8% (README, "Intel (AVX-512)"). The byte copy (NAME~copy) cannot show that.
#
#   gmp-patch/shift.sh OBJDIR OUTDIR [BYTES]     e.g. build/obj/gmp/stock build/gmp/stock~shift 64
#
# OBJDIR is the variant's configured and built tree (gmp-patch/build.sh leaves it under
# build/obj/gmp/NAME); its libtool link line is read back from its Makefile (make -n), so the
# objects and flags are the ones the variant was linked with. OUTDIR gets lib/, include/ (the
# variant's own) and manifest.json (the variant's, with "variant" and "layout_control" set).
# gmp-patch/layout-check.sh then proves the result: the same functions, each the same size, moved.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 OBJDIR OUTDIR [BYTES]" >&2
    exit 2
fi
objdir=$(cd "$1" && pwd)
out=$2
bytes=${3:-64}
if ! [[ $bytes =~ ^[0-9]+$ ]] || [ "$bytes" -lt 1 ] || [ "$bytes" -gt 4096 ]; then
    echo "$0: BYTES must be a whole number from 1 to 4096 (got '$bytes'); a shift of 0 is a byte copy: NAME~copy" >&2
    exit 2
fi
if [ ! -f "$objdir/Makefile" ] || [ ! -x "$objdir/libtool" ] || [ ! -f "$objdir/libgmp.la" ]; then
    echo "$0: $objdir is not a built GMP tree (no Makefile, libtool or libgmp.la): run make libs-gmp first" >&2
    exit 1
fi
installed=$(sed -n "s/^libdir='\(.*\)'$/\1/p" "$objdir/libgmp.la")
variant_dir=$(dirname "$installed")
if [ ! -f "$variant_dir/manifest.json" ] || [ ! -d "$variant_dir/include" ]; then
    echo "$0: $objdir was installed to $variant_dir, which has no manifest.json or include/" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# a local label, so the padding adds no symbol; 0xcc (int3) is never run
printf '\t.text\n\t.p2align 6\ndotbench_layout_pad:\n\t.fill %d, 1, 0xcc\n\t.section .note.GNU-stack,"",@progbits\n' \
    "$bytes" >"$work/pad.s"

# -W: pretend one object changed, so make prints (and -n does not run) the link of libgmp.la
link=$(make -C "$objdir" -s -n -W assert.lo libgmp.la | { grep -e '--mode=link' || true; })
if [ "$(printf '%s\n' "$link" | grep -c -e '--mode=link')" != 1 ]; then
    echo "$0: expected one libtool link line for libgmp.la in $objdir/Makefile, found:" >&2
    printf '%s\n' "$link" >&2
    exit 1
fi
relink=$(printf '%s\n' "$link" |
    sed -e "s| -o libgmp.la | -o $work/libgmp.la |" -e "s| -rpath \([^ ]*\) | -rpath \1 $work/pad.lo |")
case "$relink" in
*" -o $work/libgmp.la "*"-rpath "*" $work/pad.lo "*) ;;
*)
    echo "$0: the link line did not take the new output and the padding object:" >&2
    printf '%s\n' "$link" >&2
    exit 1
    ;;
esac
(
    cd "$objdir"
    ./libtool --tag=CC --mode=compile gcc -c "$work/pad.s" -o "$work/pad.lo" >"$work/log" 2>&1
    eval "$relink" >>"$work/log" 2>&1
) || {
    tail -20 "$work/log" >&2
    echo "$0: relinking $objdir failed" >&2
    exit 1
}
so=$(cd "$work/.libs" && ls libgmp.so.*.*.*)

rm -rf "$out.tmp"
mkdir -p "$out.tmp/lib"
cp "$work/.libs/$so" "$out.tmp/lib/$so"
soname=$(objdump -p "$out.tmp/lib/$so" | awk '$1 == "SONAME" {print $2}')
ln -s "$so" "$out.tmp/lib/$soname"
ln -s "$so" "$out.tmp/lib/libgmp.so"
cp -r "$variant_dir/include" "$out.tmp/include"
name=$(basename "$out")
/usr/bin/python3 - "$variant_dir/manifest.json" "$out.tmp/manifest.json" "$name" "$bytes" "$variant_dir" <<'EOF'
import json, sys
src, dst, name, nbytes, of = sys.argv[1:]
m = json.load(open(src))
m["variant"] = name
m["layout_control"] = (f"{of}/lib relinked from its own objects with {nbytes} bytes of padding "
                       "before the first: the same code at other addresses (gmp-patch/shift.sh)")
json.dump(m, open(dst, "w"), indent=2)
open(dst, "a").write("\n")
EOF
rm -rf "$out"
mv "$out.tmp" "$out"
echo "$out: $variant_dir's libgmp relinked $bytes bytes on"
