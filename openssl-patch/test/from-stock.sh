#!/bin/bash
# from-stock.py takes only what is the same compilation.
#   from-stock.sh            planted trees: stock and dot builds of eleven sources, compiled by gcc;
#                            only the two unchanged ones (one header names its tree in a comment)
#                            are taken, and they are the bytes dot's own recipe makes; the others
#                            are left to make: a patched source, a patched header, a header naming
#                            its tree in a string, a header libdot's folder could shadow, a -D value
#                            that differs, another code option, a stale stock object, a tree not
#                            mapped out of __FILE__, __DATE__
#   from-stock.sh BUILD      the real builds: every 25th object each dot variant took is compiled
#                            again with the variant's own recipe and must be the same bytes; no
#                            libcrypto.so names a source tree (the map took)
set -euo pipefail
here=$(dirname "$(realpath "$0")")
fail() { echo "from-stock.sh: $*" >&2; exit 1; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# recompile OBJ's TARGET with OBJ's own recipe into $t and compare with the object there
same_as_recipe() {
  local obj=$1 target=$2 src cmd
  src=$(sed -n "s|^$target: \([^ ]*\.c\).*|\1|p" "$obj/Makefile")
  cmd=$(make -n -C "$obj" --no-print-directory -W "$src" "$target" | grep -F -- "-o $target ")
  cmd=$(sed -E "s| -MMD -MF [^ ]+| |; s| -o $target | -o $t/again.o |" <<< "$cmd")
  (cd "$obj" && eval "$cmd") || fail "$obj: recompiling $target failed"
  cmp -s "$t/again.o" "$obj/$target"
}

if [[ $# -eq 1 ]]; then
  build=$1 checked=0
  for v in dot dot-noasm; do
    obj=$build/obj/openssl/$v
    [[ -s $obj/from-stock.txt ]] || fail "$obj/from-stock.txt: no object was taken from stock"
    while read -r _ target; do
      same_as_recipe "$obj" "$target" || fail "$v: $target, taken from stock, is not what its recipe makes"
      checked=$((checked + 1))
    done < <(awk 'NR % 25 == 1' "$obj/from-stock.txt")
  done
  for v in stock stock-noasm dot dot-noasm; do
    ! grep -qaE 'src/openssl-(stock|dot)-[0-9a-f]{16}/[A-Za-z]' "$build/openssl/$v/lib/libcrypto.so" ||
      fail "$v: libcrypto.so names its source tree (-ffile-prefix-map did not take)"
  done
  echo "from-stock: $checked objects taken from stock recompiled by the dot variants' recipes: the same bytes"
  exit 0
fi

# planted: src-{stock,dot} trees, obj-{stock,dot} builds, libdot's folder shadowing one header
mkdir -p "$t"/src-{stock,dot}/{x,include} "$t"/obj-{stock,dot}/x "$t/libdot"
# DIR is a -D value, the same in every recipe but macro's, whose source alone uses it
for s in same twin patched header shadow macro flags stale nomap date literal; do
  use=0
  [[ $s == macro ]] && use='(int)sizeof(DIR)'
  [[ $s == date ]] && use='(int)sizeof(__DATE__)'
  printf '#include "%s.h"\nint %s(int v) { return v * K + (int)sizeof(__FILE__) + %s; }\n' \
    "$s" "$s" "$use" > "$t/src-stock/x/$s.c"
  echo "#define K 3" > "$t/src-stock/include/$s.h"
done
cp -a "$t/src-stock/." "$t/src-dot/"
# each tree's path in a header: on a comment line (as OpenSSL's generated headers have it) it is
# the same text; in a string it is not
for k in stock dot; do
  printf '/*\n * Generated from ../src-%s/include/twin.h.in\n */\n#define K 3\n' "$k" > "$t/src-$k/include/twin.h"
  printf '#define K 3\nstatic const char *where = "../src-%s";\n' "$k" > "$t/src-$k/include/literal.h"
done
echo 'int patched_too;' >> "$t/src-dot/x/patched.c"
echo "#define K 4" > "$t/src-dot/include/header.h"
echo "#define K 5" > "$t/libdot/shadow.h"
makefile() {  # makefile KIND: the build's Makefile
  local k=$1 s o
  echo "SRCDIR=../src-$k"
  for s in same twin patched header shadow macro flags stale nomap date literal; do
    o=-O2 map="-ffile-prefix-map=../src-$k/="
    [[ $k == dot && $s == flags ]] && o=-O1
    [[ $s == nomap ]] && map=
    dir=/prefix
    [[ $s == macro ]] && dir=/prefix/$k
    printf 'x/%s.o: ../src-%s/x/%s.c\n\t$(CC) %s -I../src-%s/include -DDIR="\\"%s\\"" %s %s -MMD -MF x/%s.d -c -o $@ ../src-%s/x/%s.c\n' \
      "$s" "$k" "$s" "$([[ $k == dot ]] && echo "-I$t/libdot")" "$k" "$dir" "$o" "$map" "$s" "$k" "$s"
  done
}
makefile stock > "$t/obj-stock/Makefile"
makefile dot > "$t/obj-dot/Makefile"
make -s -C "$t/obj-stock" x/{same,twin,patched,header,shadow,macro,flags,stale,nomap,date,literal}.o
touch -d '1 hour ago' "$t/obj-stock/x/stale.o"
out=$("$here/../from-stock.py" "$t/obj-stock" "$t/obj-dot")
want="from-stock: 2 of 11 objects taken from $t/obj-stock (the same compilation); left to make:"
want+=" 1 includes a name libdot's folder holds, 1 not current in stock, 1 other -D values,"
want+=" 1 other code options, 3 other source text, 1 tree not mapped out of __FILE__,"
want+=" 1 uses the build's time"
[[ $out == "$want" ]] || fail "unexpected summary: $out"
for s in same twin; do
  [[ -f $t/obj-dot/x/$s.o ]] || fail "the unchanged $s.o was not taken"
  same_as_recipe "$t/obj-dot" "x/$s.o" || fail "the taken $s.o is not what dot's recipe makes"
  grep -q "src-dot/x/$s.c" "$t/obj-dot/x/$s.d" || fail "$s.d does not name dot's tree"
done
for s in patched header shadow macro flags stale nomap date literal; do
  [[ ! -e $t/obj-dot/x/$s.o ]] || fail "the planted $s.o was taken; it is not the same compilation"
done
[[ $(make -s -C "$t/obj-dot" -q x/same.o; echo $?) == 0 ]] || fail "make does not find the taken object current"
# the byte check's control: stock's patched.o put in dot's place is not what dot's recipe makes
cp "$t/obj-stock/x/patched.o" "$t/obj-dot/x/patched.o"
! same_as_recipe "$t/obj-dot" x/patched.o || fail "the byte check passed stock's patched.o in dot's build"
echo "from-stock: the two unchanged objects taken, the bytes dot's recipe makes; 9 planted ones left"
echo "  to make; stock's patched object in dot's place fails the byte check"
