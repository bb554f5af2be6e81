#!/bin/bash
# share-objects.py gives libcrypto.a only what is the same compilation: on a planted object tree
# the one pair whose recipe and prerequisites match (names swapped) and whose shared object is
# current is copied with its time stamp; the controls (another flag in the static recipe, another
# prerequisite, a shared object older than its source, none built) are left for make.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/crypto"
fail() { echo "share-objects.sh: $*" >&2; exit 1; }
rule() {  # rule KIND NAME PREREQS FLAGS
  printf 'crypto/libcrypto-%s-%s.o: %s\n\t$(CC) %s -c -o $@ crypto/%s.c\n' "$1" "$2" "$3" "$4" "$2"
}
{
  rule shlib same "crypto/same.c" "-fPIC -O3"; rule lib same "crypto/same.c" "-fPIC -O3"
  rule shlib flags "crypto/flags.c" "-fPIC -O3"; rule lib flags "crypto/flags.c" "-O3"
  rule shlib deps "crypto/deps.c" "-fPIC"; rule lib deps "crypto/deps.c crypto/extra.h" "-fPIC"
  rule shlib stale "crypto/stale.c" "-fPIC"; rule lib stale "crypto/stale.c" "-fPIC"
  rule shlib unbuilt "crypto/unbuilt.c" "-fPIC"; rule lib unbuilt "crypto/unbuilt.c" "-fPIC"
} > "$t/Makefile"
for s in same flags deps stale unbuilt; do echo "int $s;" > "$t/crypto/$s.c"; done
touch "$t/crypto/extra.h"
for s in same flags deps stale; do
  echo "object $s" > "$t/crypto/libcrypto-shlib-$s.o"
  touch -d '1 minute ago' "$t/crypto/$s.c" "$t/crypto/extra.h"
done
echo "crypto/libcrypto-shlib-same.o: crypto/same.c" > "$t/crypto/libcrypto-shlib-same.d"
touch -d '1 hour ago' "$t/crypto/libcrypto-shlib-stale.o"

out=$("$here/../share-objects.py" "$t")
[[ $out == "share-objects: 1 libcrypto objects shared with the shared build, 4 left to make" ]] ||
  fail "unexpected summary: $out"
cmp -s "$t/crypto/libcrypto-shlib-same.o" "$t/crypto/libcrypto-lib-same.o" || fail "the identical pair was not shared"
[[ $(stat -c %Y "$t/crypto/libcrypto-lib-same.o") == $(stat -c %Y "$t/crypto/libcrypto-shlib-same.o") ]] ||
  fail "the shared copy lost its time stamp"
grep -qx "crypto/libcrypto-lib-same.o: crypto/same.c" "$t/crypto/libcrypto-lib-same.d" ||
  fail "the dependency file was not copied with the static object's name"
for s in flags deps stale unbuilt; do
  [[ ! -e $t/crypto/libcrypto-lib-$s.o ]] || fail "the planted pair '$s' was shared; it is not the same compilation"
done
echo "share-objects: the identical pair shared; 4 planted differing or stale pairs left to make"
