#!/usr/bin/env bash
# Generates the low-level bindings with jextract, from the real C headers, into OUTDIR (a source
# root: OUTDIR/dotbench/bindings/generated/LIBRARY/...):
#
#   generate.sh JEXTRACT OUTDIR BUILD_DIR
#
# BUILD_DIR holds the stock builds whose headers are read (BUILD_DIR/gmp/stock/include,
# BUILD_DIR/openssl/stock/include). Each LIBRARY below has its allowlists beside this script:
#   LIBRARY.functions  functions to bind (one C symbol a line)
#   LIBRARY.structs    structs whose layouts are needed (optional)
#   LIBRARY.constants  macros and enum constants (optional)
#
# Why function *types*: jextract binds every function it generates to one global SymbolLookup,
# resolved when the function is first used, and a stock and a patched libgmp cannot both be in
# it. So each allowlisted function becomes a function-pointer typedef, NAME_fn, whose jextract
# class carries the descriptor and an invoker that takes the function's address, which the typed
# layer finds through each library variant's own SymbolLookup. The typedefs are not written by
# hand: gcc -aux-info prints every prototype as the compiler read it from the real headers, and
# the allowlisted ones are rewritten into typedefs (NAME -> (*NAME_fn)).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jextract=${1:?usage: generate.sh JEXTRACT OUTDIR BUILD_DIR}
out=${2:?missing OUTDIR}
build=${3:?missing BUILD_DIR}
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# generate LIBRARY INCLUDE_DIR... -- HEADER...
generate() {
  local library=$1 includes=() h fn decl name kind list
  shift
  while [ "$1" != "--" ]; do
    [ -d "$1" ] || { echo "generate.sh: $library: no folder $1 (build it first: make libs)" >&2; exit 1; }
    includes+=("-I" "$1"); shift
  done
  shift
  for h in "$@"; do echo "#include <$h>"; done > "$work/$library.c"
  gcc -fsyntax-only -aux-info "$work/$library.prototypes" "${includes[@]}" "$work/$library.c"
  # what jextract reads: the real headers, then one typedef per allowlisted function
  {
    cat "$work/$library.c"
    while read -r fn; do
      decl=$(sed -n "s|^/\* [^*]* \*/ extern \(.*[ *]\)$fn (\([^;]*\));.*|typedef \1(*${fn}_fn) (\2);|p" "$work/$library.prototypes" | head -1)
      [ -n "$decl" ] || { echo "generate.sh: $fn (in $library.functions) is not declared in $*" >&2; exit 1; }
      echo "$decl"
    done < "$here/$library.functions"
  } > "$work/$library.h"
  local args=(--output "$out" -t "dotbench.bindings.generated.$library" --header-class-name "${library}_h" "${includes[@]}")
  while read -r fn; do args+=(--include-typedef "${fn}_fn"); done < "$here/$library.functions"
  for kind in struct constant; do
    list="$here/$library.${kind}s"
    [ -f "$list" ] || continue
    while read -r name; do args+=("--include-$kind" "$name"); done < "$list"
  done
  "$jextract" "${args[@]}" "$work/$library.h"
}

generate dot "$root/dot/include" -- dot.h
generate gmp "$build/gmp/stock/include" -- gmp.h
generate openssl "$build/openssl/stock/include" -- \
  openssl/crypto.h openssl/err.h openssl/bio.h openssl/pem.h openssl/evp.h openssl/rsa.h openssl/dsa.h openssl/bn.h
# the harness's native helper, libdotbench_native.so
generate gmpbench "$root/harness/src/main/c" "$build/gmp/stock/include" -- gmpbench_work.h gmp_fns.h
# the NTT suite's kernels and timed loop, libdotbench_ntt.so
generate ntt "$root/harness/src/main/c" -- ntt_loop.h
# the JMH suite's native loops, libdotbench_kloop.so
generate kloop "$root/jmh/src/main/c" -- kernel_loop.h
# the C library's environment, which libcrypto reads OPENSSL_ia32cap from when it loads
generate libc -- stdlib.h
