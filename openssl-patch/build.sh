#!/bin/bash
# Builds one OpenSSL variant: build.sh <variant> <pristine source tree> <root of build/>
#   variant: stock | stock-noasm | dot | dot-noasm | ntt (dot plus ntt/: opt-in, mk/ntt.mk)
# Installs libcrypto.so and the headers into <build>/openssl/<variant> (lib/, include/openssl/,
# manifest.json) from an out-of-tree build in <build>/obj/openssl/<variant>. Stock variants build
# only libcrypto.so; dot variants also build libcrypto.a, apps/openssl, the legacy provider and
# the test programs that openssl-patch/check.sh runs. Skips everything when the cache key matches
# the last build; relinks only when just libdot.a changed (mk/variant-build.sh).
# Environment: DOT_A, DOT_INCLUDE, DEB_VERSION, NPROC.
set -euo pipefail

library=openssl variant=$1 src=$(realpath "$2") build=$(realpath -m "$3")
here=$(dirname "$(realpath "$0")")
. "$here/../mk/variant-build.sh"

case $variant in
  stock|dot|ntt) asm_opt= ;;
  stock-noasm|dot-noasm) asm_opt=no-asm ;;
  *) echo "openssl: unknown variant $variant" >&2; exit 2 ;;
esac
variant_begin "$build"
upstream=$(sed -n 's/^MAJOR=//p;s/^MINOR=//p;s/^PATCH=//p' "$src/VERSION.dat" | paste -sd.)

# common/: applied to every variant, stock included (what makes the builds comparable); the
# numbered series: the dot variants only.
common=$(ls "$here"/common/[0-9][0-9][0-9][0-9]-*.patch)
patches=$(ls "$here"/[0-9][0-9][0-9][0-9]-*.patch)
# What check.sh runs (openssl-patch/README.md lists the recipes).
test_programs="test/bntest test/exptest test/bn_internal_test test/rsa_test test/rsa_x931_test
  test/rsa_mp_test test/dhtest test/dsatest test/dsa_no_digest_size_test test/evp_test"
libdot_hashes
if [[ $variant == dot* || $variant == ntt ]]; then
  patches="$common $patches"
  # ntt: the dot series plus the NTT Montgomery product for large moduli
  [[ $variant == ntt ]] && patches="$patches $(ls "$here"/ntt/[0-9][0-9][0-9][0-9]-*.patch)"
  patched_tree "openssl-${variant%-noasm}" "$src" "$build" $patches
  # libdot.a is linked into libcrypto.so and into every program that links libcrypto.a (the
  # internal tests); its symbols are hidden, so libcrypto.so does not re-export them.
  extra=("-I$DOT_INCLUDE" "-L$(dirname "$DOT_A")" "-l:$(basename "$DOT_A")")
  targets="libcrypto.so libcrypto.a apps/openssl providers/legacy.so util/wrap.pl util/shlib_wrap.sh
    $test_programs"
else
  patches=$common
  patched_tree openssl-stock "$src" "$build" $patches
  extra=()
  targets=libcrypto.so
fi

# Same target and options for every variant; only no-asm and the libdot include/link differ.
# -ffile-prefix-map takes the tree's path (as the Makefile names it, relative to obj) out of
# __FILE__ and the objects' file names, so an unpatched source compiles to the same bytes in every
# tree and a dot variant can take the stock twin's objects (from-stock.py).
# The paths compiled in (OPENSSLDIR, ENGINESDIR, MODULESDIR) are one folder's for every variant:
# nothing is installed there (libcrypto.so and the headers are copied by hand below; check.sh points
# OpenSSL at the build's own modules and configuration), and every variant then reads the same
# (absent) configuration file, and the objects that name those paths are the same in all of them.
srcdir=$(realpath -m --relative-to="$obj" "$tree")
configure=(perl "$tree/Configure" linux-x86_64 no-docs $asm_opt --prefix="$build/openssl/.paths" --libdir=lib
           "-ffile-prefix-map=$srcdir/=" "${extra[@]}")
variant_key "$upstream"

if key_current; then
  missing=
  for t in $targets; do [[ -e $obj/$t ]] || missing+=" $t"; done
  libdot_current && [[ -z $missing ]] && exit 0
  echo "openssl/$variant: libdot.a changed or targets missing:$missing; relinking"
  # everything that links libdot.a: the shared library and the programs
  rm -f "$obj"/libcrypto.so* "$obj"/apps/openssl "$obj"/providers/legacy.so $(for t in $test_programs; do echo "$obj/$t"; done)
else
  echo "openssl/$variant: configure and build"
  fresh_obj
  logged "$obj/configure.out" 30 in_obj "${configure[@]}"
  logged "$obj/make.out" 40 make -C "$obj" -j"$jobs" build_generated
  [[ $(sed -n 's/^SRCDIR=//p' "$obj/Makefile") == "$srcdir" ]] ||
    { echo "openssl/$variant: the Makefile's SRCDIR is not $srcdir, the path -ffile-prefix-map maps" >&2; exit 1; }
  # a dot variant takes what its stock twin (same asm flavour) compiled the same way; the twin's
  # lock held shared, so no build of it runs meanwhile
  twin=$build/obj/openssl/$([[ $variant == *-noasm ]] && echo stock-noasm || echo stock)
  if [[ $variant != stock* && -f $twin/Makefile ]]; then
    exec 7> "$twin.lock"
    flock -s 7
    "$here/from-stock.py" "$twin" "$obj" | tee -a "$obj/make.out"
    flock -u 7
  fi
fi
if [[ $targets != libcrypto.so ]]; then
  # the shared library first, then its objects stand in for libcrypto.a's identical ones
  logged "$obj/make.out" 40 make -C "$obj" -j"$jobs" libcrypto.so
  "$here/share-objects.py" "$obj"
fi
logged "$obj/make.out" 40 make -C "$obj" -j"$jobs" $targets

# Install by hand: `make install_sw` would build everything (libssl, all apps, engines).
mkdir -p "$prefix/lib" "$prefix/include/openssl"
cp -P "$obj"/libcrypto.so.3 "$obj"/libcrypto.so "$prefix/lib/"
cp "$tree"/include/openssl/*.h "$obj"/include/openssl/*.h "$prefix/include/openssl/"

cflags="$(sed -n 's/^CNF_CFLAGS=//p' "$obj/Makefile") $(sed -n 's/^CFLAGS=//p' "$obj/Makefile")"
write_manifest linux-x86_64 "$cflags" "$(for p in $patches; do echo "${p#$here/}"; done | paste -sd' ')"
