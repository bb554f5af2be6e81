#!/bin/bash
# End-to-end RSA through the libcrypto variants stock, dot and ntt, interleaved:
#   rsa_ab.sh BUILD OUT ROUNDS SECONDS BITS...
# For each round and each key size, one bench_rsa process per variant (LD_LIBRARY_PATH picks
# build/openssl/<variant>/lib; the order rotates every round), each timing sign, verify, encrypt
# and decrypt for SECONDS of CPU time. Keys: build/ntt-rsa/rsa<BITS>.der from rsa_key.py (made
# once, deterministic). Raw lines go to OUT.raw, the summary (median of per-round ratios and a
# distribution-free 95% CI) to OUT. Every run must report the library it was given and, per key,
# the same PKCS#1 v1.5 signature as stock.
# exit: 0 done, 1 a run failed or disagreed, 2 bad usage
set -euo pipefail
[[ $# -ge 5 ]] || { echo "usage: rsa_ab.sh BUILD OUT ROUNDS SECONDS BITS..." >&2; exit 2; }
build=$(realpath "$1") out=$2 rounds=$3 seconds=$4
shift 4
here=$(dirname "$(realpath "$0")")
variants=(stock dot ntt)
work=$build/ntt-rsa
mkdir -p "$work"
for v in "${variants[@]}"; do
  [[ -f $build/openssl/$v/lib/libcrypto.so.3 ]] || { echo "rsa_ab: no $build/openssl/$v (make libs-openssl libs-openssl-ntt)" >&2; exit 1; }
done
# one binary for all variants: they share the stock headers' ABI
cc -O2 -Wall -I"$build/openssl/stock/include" -o "$work/bench_rsa" "$here/bench_rsa.c" \
  -L"$build/openssl/stock/lib" -lcrypto -ldl
for bits in "$@"; do
  if [[ ! -s $work/rsa$bits.der ]]; then
    echo "rsa_ab: generating the RSA-$bits key"
    nice "$here/rsa_key.py" "$bits" "$work/rsa$bits.der"
  fi
done
: > "$out.raw"
for ((r = 1; r <= rounds; r++)); do
  for bits in "$@"; do
    for ((i = 0; i < ${#variants[@]}; i++)); do
      v=${variants[$(((i + r) % ${#variants[@]}))]}
      LD_LIBRARY_PATH=$build/openssl/$v/lib "$work/bench_rsa" "$work/rsa$bits.der" "$seconds" \
        | sed "s|^|$r $bits $v |" >> "$out.raw" || { echo "rsa_ab: $v RSA-$bits failed" >&2; exit 1; }
    done
  done
  echo "rsa_ab: round $r of $rounds done"
done
/usr/bin/python3 "$here/rsa_ab.py" "$build" "$out.raw" > "$out"
cat "$out"
