#!/bin/bash
# Builds one GMP variant: build.sh <variant> <pristine source tree> <root of build/>
#   variant: stock | stock-noasm | dot | dot-noasm
# Installs into <build>/gmp/<variant> (lib/libgmp.so, include/gmp.h, manifest.json) from a VPATH
# build in <build>/obj/gmp/<variant>. Skips everything when the cache key (source version, patch
# series hash, configure line, libdot header) matches the last build; relinks only when just
# libdot.a changed. Environment: GMP_HOST, DOT_A, DOT_INCLUDE, DEB_VERSION, NPROC.
set -euo pipefail

variant=$1 src=$(realpath "$2") build=$(realpath -m "$3")
here=$(dirname "$(realpath "$0")")
. "$here/../mk/patched-tree.sh"
host=${GMP_HOST:-zen3-pc-linux-gnu}
jobs=${NPROC:-2}
prefix=$build/gmp/$variant
obj=$build/obj/gmp/$variant
# Several make invocations in one working tree may build the same variant: one at a time.
mkdir -p "$build/obj/gmp"
exec 9> "$build/obj/gmp/$variant.lock"
flock 9

case $variant in
  stock|dot) asm_opt= ;;
  stock-noasm|dot-noasm) asm_opt=--disable-assembly ;;
  *) echo "gmp: unknown variant $variant" >&2; exit 2 ;;
esac

upstream=$(sed -n 's/^#define __GNU_MP_VERSION[ \t]*\([0-9]*\).*/\1/p' "$src/gmp-h.in").$(sed -n 's/^#define __GNU_MP_VERSION_MINOR[ \t]*\([0-9]*\).*/\1/p' "$src/gmp-h.in").$(sed -n 's/^#define __GNU_MP_VERSION_PATCHLEVEL[ \t]*\([0-9]*\).*/\1/p' "$src/gmp-h.in")

# Stock builds from the pristine tree; dot builds from a copy with the series applied, kept
# per series hash so a changed patch gets a fresh tree.
patches=$(ls "$here"/[0-9][0-9][0-9][0-9]-*.patch)
if [[ $variant == dot* ]]; then
  patched_tree gmp-dot "$src" "$build" $patches
  # libdot is linked in statically (its symbols are hidden, so libgmp.so does not re-export them)
  extra=(CPPFLAGS="-I$DOT_INCLUDE" LIBS="$DOT_A")
  dot_h_hash=$(sha256sum "$DOT_INCLUDE/dot.h" | cut -c1-16)
  dot_a_hash=$(sha256sum "$DOT_A" | cut -c1-16)
else
  series_hash=none tree=$src extra=() dot_h_hash=none dot_a_hash=none
fi

# Same --build/--host for every variant: config.guess names CPUs inconsistently (facts 3.2), and
# stock and dot must take the same asm paths and the same configure-chosen CFLAGS.
# --disable-static: the harness loads the .so and halves the compile time; the tests link shared.
configure=("$tree/configure" --build="$host" --host="$host" $asm_opt --disable-static
           --prefix="$prefix" "${extra[@]}")
key=$(printf '%s\n' "$upstream" "${DEB_VERSION:-}" "$series_hash" "$dot_h_hash" "${configure[*]}" | sha256sum | cut -c1-16)

if [[ -f $obj/.key && $(cat "$obj/.key") == "$key" && -f $prefix/manifest.json ]]; then
  if [[ $(cat "$obj/.dot-a" 2>/dev/null) == "$dot_a_hash" ]]; then
    exit 0
  fi
  echo "gmp/$variant: libdot.a changed, relinking"
  rm -f "$obj"/libgmp.la "$obj"/.libs/libgmp.so*
else
  echo "gmp/$variant: configure and build"
  rm -rf "$obj" "$prefix"
  mkdir -p "$obj"
  (cd "$obj" && "${configure[@]}" > configure.out 2>&1) || { tail -30 "$obj/configure.out"; exit 1; }
fi
# a CPU path whose sec_ asm calls mpn_add_n directly would reach libdot's fast flavour: refused
[[ $variant != dot* ]] || "$here/sec_host.sh" "$obj" "$host"
make -C "$obj" -j"$jobs" > "$obj/make.out" 2>&1 || { tail -40 "$obj/make.out"; exit 1; }
make -C "$obj" install > "$obj/install.out" 2>&1 || { tail -20 "$obj/install.out"; exit 1; }

cflags=$(sed -n 's/^CFLAGS = //p' "$obj/Makefile")
patch_names=
[[ $variant == dot* ]] && patch_names=$(basename -a $patches | paste -sd' ')
M_LIBRARY=gmp M_VARIANT=$variant M_UPSTREAM=$upstream M_DEBIAN=${DEB_VERSION:-} \
M_SERIES=$series_hash M_PATCHES=$patch_names M_CONFIGURE="${configure[*]}" M_CFLAGS=$cflags \
M_HOST=$host M_CC="$(${CC:-gcc} --version | head -1)" M_DOT_A=$dot_a_hash \
  python3 "$here/manifest.py" > "$prefix/manifest.json"
echo "$key" > "$obj/.key"
echo "$dot_a_hash" > "$obj/.dot-a"
