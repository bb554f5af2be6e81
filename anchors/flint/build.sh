#!/usr/bin/env bash
# Builds FLINT 3.1.3 (the Debian source package flint 3.1.3-2's upstream tarball, without
# Debian's patches) into build/flint, outside libdot, for the NTT anchor benchmark.
# The .dsc is pinned by its SHA-256; the tarball must match the SHA-256 the .dsc lists.
# Needs libmpfr-dev (installed here through apt-get when missing) and an AVX2 + FMA CPU for
# FLINT's fft_small (the build stops with a message otherwise).
# usage: anchors/flint/build.sh BUILD_DIR        exit: 0 built, 1 failed, 3 no AVX2/FMA
set -euo pipefail
out=${1:?usage: build.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)
mirror=http://deb.debian.org/debian/pool/main/f/flint
dsc=flint_3.1.3-2.dsc
dsc_sha256=d6be52bc290a6b81cb4aaa4dd75d34d9edba096785d256704e4740a2f7555c7f
tarball=flint_3.1.3.orig.tar.gz

if ! grep -qw avx2 /proc/cpuinfo || ! grep -qw fma /proc/cpuinfo; then
  echo "flint: this CPU has no AVX2/FMA, fft_small cannot run here" >&2
  exit 3
fi
if [ -f "$out/install/lib/libflint.so" ]; then
  echo "flint: already built in $out/install"
  exit 0
fi
if ! dpkg-query -W -f='${Status}' libmpfr-dev 2>/dev/null | grep -q 'install ok installed'; then
  sudo=$([ "$(id -u)" = 0 ] || echo sudo)
  echo "flint: installing libmpfr-dev"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libmpfr-dev
fi
mkdir -p "$out/dl"
cd "$out/dl"
for f in "$dsc" "$tarball"; do
  [ -s "$f" ] || { echo "flint: fetching $mirror/$f"; curl -fsS -m 600 -o "$f.part" "$mirror/$f"; mv "$f.part" "$f"; }
done
echo "$dsc_sha256  $dsc" | sha256sum -c --quiet || { echo "flint: $dsc does not match its pinned SHA-256" >&2; exit 1; }
want=$(awk '/^Checksums-Sha256:/{s=1;next} s&&/^ /{if($3=="'"$tarball"'")print $1} s&&!/^ /{s=0}' "$dsc")
[ -n "$want" ] || { echo "flint: $dsc lists no SHA-256 for $tarball" >&2; exit 1; }
echo "$want  $tarball" | sha256sum -c --quiet || { echo "flint: $tarball does not match the SHA-256 in $dsc" >&2; exit 1; }
echo "flint: $tarball verified against $dsc (SHA-256 $want)"
rm -rf "$out/src" && mkdir -p "$out/src" && tar xzf "$tarball" -C "$out/src" --strip-components=1
# x86-64-v3: AVX2, FMA, BMI2 (what a Zen 3 has); fft_small needs AVX2 and FMA (FLINT adds
# -march=native itself). GCC 12 cannot compile crt_helpers.h's 8-limb inline-asm addition in
# fft_small/mpn_mul.c at -O3 or with -funroll-loops ("impossible constraints"): that file gets
# -O2 -fno-unroll-loops (mpn_mul-O2.cmake); no link-time optimisation, whose partitions hit the
# same error at the final link.
cmake -S "$out/src" -B "$out/obj" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
  -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=OFF -DCMAKE_PROJECT_INCLUDE="$here/mpn_mul-O2.cmake" \
  -DCMAKE_C_FLAGS="-O2 -march=x86-64-v3" -DCMAKE_INSTALL_PREFIX="$out/install" > "$out/cmake.log"
grep -q "fft_small module is available - yes" "$out/cmake.log" ||
  { echo "flint: cmake did not enable fft_small (see $out/cmake.log)" >&2; exit 1; }
echo "flint: compiling (thousands of files; progress in percent)"
cmake --build "$out/obj" -j "$(nproc)" > "$out/build.log" 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
  sleep 30
  pct=$(grep -oE '^\[ *[0-9]+%\]' "$out/build.log" | tail -1 | tr -d '[] ')
  echo "flint: ${pct:-0%} compiled"
done
wait "$pid" || { tail -20 "$out/build.log" >&2; echo "flint: the build failed (see $out/build.log)" >&2; exit 1; }
cmake --install "$out/obj" > /dev/null
[ -f "$out/install/lib/libflint.so" ] || { echo "flint: the build produced no libflint.so" >&2; exit 1; }
echo "flint: built into $out/install"
