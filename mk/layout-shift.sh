#!/usr/bin/env bash
# The layout control: a library build relinked from its own objects with padding in the link, so
# functions sit at other addresses with not one instruction changed. Timed against the build it
# was made from, it shows what code placement alone does to a test: on the Intel VM a 64-byte
# shift of stock GMP moved pi(10000) by 1.8% (results/MEASUREMENTS.md, "Intel (AVX-512)"). The byte copy
# (NAME~copy) cannot show that.
#
#   mk/layout-shift.sh gmp|openssl OBJDIR VARIANT_DIR OUTDIR [BYTES | OBJ:BYTES[,...] | mod64:BYTES]
#   e.g. mk/layout-shift.sh gmp build/obj/gmp/stock build/gmp/stock build/gmp/stock~shift 64
#        mk/layout-shift.sh gmp build/obj/gmp/dot build/gmp/dot /tmp/dot-pad mpn/sbpi1_bdiv_r.lo:32
#        mk/layout-shift.sh gmp build/obj/gmp/stock build/gmp/stock /tmp/stock-half mod64:32
#
# BYTES (default 64): that much padding in front of the first object, so every function moves
# (rounded up to the objects' alignment). OBJ:BYTES: that much padding right before each named
# object of the link line instead, so the functions from that object on move and those before it
# stay: the way to put chosen functions at another build's offsets modulo 64 (a padded object
# aligned to 16 bytes moves by BYTES; one aligned to 64 absorbs less than 64). `nm` on the result
# says where everything landed. mod64:BYTES (16, 32 or 48): BYTES in front of the first object
# and again right after every object aligned to 64 bytes, which would otherwise absorb the shift:
# a whole shift leaves every function after the first such object (GMP's copyi, lshift, ...) at
# its offset modulo 64, and on the Intel VM that offset moved rsa by 1-2% (results/MEASUREMENTS.md); this form
# moves the functions of every object aligned to 16 bytes by BYTES modulo 64 (those aligned to 32
# by 32 or by 0 when BYTES is 16 or 48; those aligned to 64 stay).
#
# OBJDIR is the variant's built tree (gmp-patch/build.sh and openssl-patch/build.sh leave it
# under build/obj/); the link line of libgmp.la (libtool) or libcrypto.so.3 is read back from its
# Makefile (make -n), so the objects, their order and the flags are the ones the variant was
# linked with. OUTDIR gets lib/ (the relinked library and its links), include/ (VARIANT_DIR's)
# and manifest.json (VARIANT_DIR's, with "variant" and "layout_control" set).
# mk/layout-check.sh then proves a BYTES or mod64 result: the same functions, each the same size,
# all moved (padding before chosen objects leaves the functions linked before them in place, so
# the check refuses that result).
set -euo pipefail
if [ $# -lt 4 ] || [ $# -gt 5 ]; then
    echo "usage: $0 gmp|openssl OBJDIR VARIANT_DIR OUTDIR [BYTES | OBJ:BYTES[,...] | mod64:BYTES]" >&2
    exit 2
fi
kind=$1 out=$4 bytes=${5:-64} pads=()
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
valid_bytes() { [[ $1 =~ ^[0-9]+$ ]] && [ "$1" -ge 1 ] && [ "$1" -le 4096 ]; }
mod64=
if [[ $bytes == mod64:* ]]; then
    mod64=${bytes#mod64:}
    if [ "$mod64" != 16 ] && [ "$mod64" != 32 ] && [ "$mod64" != 48 ]; then
        echo "$0: mod64:BYTES takes 16, 32 or 48 (got '$bytes')" >&2
        exit 2
    fi
elif [[ $bytes == *:* ]]; then
    IFS=, read -ra pads <<<"$bytes"
    for p in "${pads[@]}"; do
        if ! [[ $p =~ ^[A-Za-z0-9_./+-]+\.l?o:[0-9]+$ ]] || ! valid_bytes "${p##*:}"; then
            echo "$0: '$p' is not OBJECT:BYTES (an object of the link line, e.g. mpn/powm.lo, and 1 to 4096 bytes)" >&2
            exit 2
        fi
    done
elif ! valid_bytes "$bytes"; then
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
# padding objects: a local label, so the padding adds no symbol; 0xcc (int3) is never run. The
# front pad starts on a 64-byte boundary; a pad before an object only on 8 bytes, so it moves
# that object by its own size (rounded up to the object's alignment), wherever the object before
# it ended.
pad_source() { # pad_source FILE BYTES ALIGN_LOG2
    printf '\t.text\n\t.p2align %d\ndotbench_layout_pad:\n\t.fill %d, 1, 0xcc\n\t.section .note.GNU-stack,"",@progbits\n' \
        "$3" "$2" >"$1"
}

# -W: pretend one object changed, so make prints (and -n does not run) the link of the target;
# backslash-continued lines are joined first
# (the dot trees spell it mpn/add_n$U.lo in the Makefile; make expands that to the same target)
if [ ! -e "$objdir/$object" ]; then
    echo "$0: $objdir has no $object, the object to relink from" >&2
    exit 1
fi
make -C "$objdir" -s -n -W "$object" "$target" | sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' >"$work/recipe"
# the one line that links the target, split into words with its output moved to $work
# ($work/link, JSON), and its objects in order ($work/objects)
/usr/bin/python3 - "$work/recipe" "$target" "$work" <<'EOF'
import json, re, shlex, sys
recipe, target, work = sys.argv[1:]
lines = [l for l in open(recipe) if re.search(r"(^|\s)-o\s+" + re.escape(target) + r"(\s|$)", l)]
if len(lines) != 1:
    sys.exit(f"expected one line linking {target}, found {len(lines)}:\n" + "".join(open(recipe)))
words = shlex.split(lines[0])
out = words.index("-o") + 1
words[out] = f"{work}/{target}"
objects = [w for i, w in enumerate(words) if i != out and re.fullmatch(r"[\w./+-]+\.l?o", w)]
if not objects:
    sys.exit("the link line names no object:\n" + lines[0])
json.dump(words, open(f"{work}/link", "w"))
open(f"{work}/objects", "w").write("\n".join(objects) + "\n")
EOF
: >"$work/log"
assemble() { # assemble NAME BYTES ALIGN_LOG2: prints the padding object's path
    pad_source "$work/$1.s" "$2" "$3"
    if [ "$kind" = gmp ]; then
        (cd "$objdir" && ./libtool --tag=CC --mode=compile gcc -c "$work/$1.s" -o "$work/$1.lo") >>"$work/log" 2>&1
        echo "$work/$1.lo"
    else
        gcc -c -fPIC "$work/$1.s" -o "$work/$1.o" >>"$work/log" 2>&1
        echo "$work/$1.o"
    fi
}
if [ -n "$mod64" ]; then
    # after which objects of the link line the shift must be put back: those aligned to 64 bytes
    mapfile -t pads < <(/usr/bin/python3 - "$work/objects" "$objdir" "$mod64" <<'EOF'
import os, re, subprocess, sys
objects_file, objdir, nbytes = sys.argv[1:]
objects = open(objects_file).read().split()
def text_alignment(obj):
    path = os.path.join(objdir, obj)
    if obj.endswith(".lo"):  # libtool: the PIC object sits in .libs/
        path = os.path.join(objdir, os.path.dirname(obj), ".libs", os.path.basename(obj)[:-3] + ".o")
    sections = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True, check=True).stdout
    m = re.search(r"\]\s+\.text\s+PROGBITS(?:\s+\S+){7}\s+(\d+)\s*$", sections, re.M)
    return int(m.group(1)) if m else 1
targets = [objects[0]] + [b for a, b in zip(objects, objects[1:]) if text_alignment(a) >= 64]
for t in targets:
    print(f"{t}:{nbytes}")
EOF
    )
fi
# the padding plan: "OBJECT PAD" lines, OBJECT "-" for the front
if [ ${#pads[@]} -eq 0 ]; then
    echo "- $(assemble pad "$bytes" 6)" >"$work/plan"
else
    : >"$work/plan"
    i=0
    for p in "${pads[@]}"; do
        echo "${p%:*} $(assemble "pad$i" "${p##*:}" 3)" >>"$work/plan"
        i=$((i + 1))
    done
fi
# the link line with the padding objects put in
/usr/bin/python3 - "$work/link" "$work/objects" "$work/plan" "$target" >"$work/relink" <<'EOF'
import json, shlex, sys
link, objects, plan, target = sys.argv[1:]
words = json.load(open(link))
first = words.index(open(objects).readline().strip())
for line in reversed(open(plan).read().split("\n")[:-1]):
    obj, pad = line.split(" ", 1)
    if obj == "-":
        words.insert(first, pad)
    elif words.count(obj) != 1:
        sys.exit(f"{obj} is not an object of the link line of {target}")
    else:
        words.insert(words.index(obj), pad)
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
src, dst, name, spec, of = sys.argv[1:]
m = json.load(open(src))
m["variant"] = name
where = (f"{spec} bytes of padding before the first" if ":" not in spec else
         f"{spec[6:]} bytes of padding before the first and after each object aligned to 64 bytes"
         if spec.startswith("mod64:") else
         "padding before chosen objects (" + ", ".join(
             f"{p.rsplit(':', 1)[1]} bytes before {p.rsplit(':', 1)[0]}" for p in spec.split(",")) + ")")
m["layout_control"] = (f"{of}/lib relinked from its own objects with {where}: "
                       "the same code at other addresses (mk/layout-shift.sh)")
with open(dst, "w") as f:
    json.dump(m, f, indent=2)
    f.write("\n")
EOF
rm -rf "$out"
mv "$out.tmp" "$out"
if [ -n "$mod64" ]; then
    echo "$out: $variant_dir's library relinked $mod64 bytes on modulo 64 (${#pads[@]} pads)"
elif [ ${#pads[@]} -eq 0 ]; then
    echo "$out: $variant_dir's library relinked $bytes bytes on"
else
    echo "$out: $variant_dir's library relinked with padding before ${pads[*]}"
fi
