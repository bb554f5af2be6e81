#!/bin/bash
# Builds one GMP variant: build.sh <variant> <pristine source tree> <root of build/>
#   variant: stock | stock-noasm | dot | dot-noasm
# Installs into <build>/gmp/<variant> (lib/libgmp.so, include/gmp.h, manifest.json) from a VPATH
# build in <build>/obj/gmp/<variant>. Skips everything when the cache key (source version, patch
# series hash, configure line, libdot header) matches the last build; relinks only when just
# libdot.a changed (mk/variant-build.sh). Environment: GMP_HOST, DOT_A, DOT_INCLUDE, DEB_VERSION, NPROC.
set -euo pipefail

library=gmp variant=$1 src=$(realpath "$2") build=$(realpath -m "$3")
here=$(dirname "$(realpath "$0")")
. "$here/../mk/variant-build.sh"
host=${GMP_HOST:-zen3-pc-linux-gnu}

case $variant in
  stock|dot) asm_opt= ;;
  stock-noasm|dot-noasm) asm_opt=--disable-assembly ;;
  *) echo "gmp: unknown variant $variant" >&2; exit 2 ;;
esac
variant_begin "$build"

gmp_version() { sed -n "s/^#define __GNU_MP_VERSION$1[ \t]*\([0-9]*\).*/\1/p" "$src/gmp-h.in"; }
upstream=$(gmp_version "").$(gmp_version _MINOR).$(gmp_version _PATCHLEVEL)

# Stock builds from the pristine tree; dot builds from a copy with the series applied, kept
# per series hash so a changed patch gets a fresh tree.
patches=$(ls "$here"/[0-9][0-9][0-9][0-9]-*.patch)
libdot_hashes
if [[ $variant == dot* ]]; then
  patched_tree gmp-dot "$src" "$build" $patches
  # libdot is linked in statically (its symbols are hidden, so libgmp.so does not re-export them)
  extra=(CPPFLAGS="-I$DOT_INCLUDE" LIBS="$DOT_A")
else
  series_hash=none tree=$src extra=()
fi

# Same --build/--host for every variant: config.guess names CPUs inconsistently (facts 3.2), and
# stock and dot must take the same asm paths and the same configure-chosen CFLAGS.
# --disable-static: the harness loads the .so and halves the compile time; the tests link shared.
# Under dash where the machine has it (Debian's /bin/sh): configure writes the shell it ran under
# into libtool and the Makefiles, and libtool runs once per object, test program and test run;
# dash starts and forks markedly faster than bash, and libgmp.so comes out byte-identical
# (gmp-patch/README.md has the figures).
shell=()
[[ -x /bin/dash ]] && shell=(env CONFIG_SHELL=/bin/dash /bin/dash)
configure=("${shell[@]}" "$tree/configure" --build="$host" --host="$host" $asm_opt --disable-static
           --prefix="$prefix" "${extra[@]}")
variant_key "$upstream"

if key_current; then
  libdot_current && exit 0
  echo "gmp/$variant: libdot.a changed, relinking"
  rm -f "$obj"/libgmp.la "$obj"/.libs/libgmp.so*
else
  echo "gmp/$variant: configure and build"
  fresh_obj
  logged "$obj/configure.out" 30 in_obj "${configure[@]}"
fi
# a CPU path whose sec_ asm calls mpn_add_n directly would reach libdot's fast flavour: refused
[[ $variant != dot* ]] || "$here/sec_host.sh" "$obj" "$host"
logged "$obj/make.out" 40 make -C "$obj" -j"$jobs"
logged "$obj/install.out" 20 make -C "$obj" install

patch_names=
[[ $variant == dot* ]] && patch_names=$(basename -a $patches | paste -sd' ')
write_manifest "$host" "$(sed -n 's/^CFLAGS = //p' "$obj/Makefile")" "$patch_names"
