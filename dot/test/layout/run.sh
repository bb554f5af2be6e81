#!/bin/bash
# The layout checks and their planted controls:
#   run.sh LIBDOT_A BUILD_DIR
# 1. libdot.a has no section the linker would put at the front of a library's .text;
# 2. every patched GMP/OpenSSL library built under BUILD_DIR keeps the stock build's offsets up
#    to the first function the patch changes;
# and each check fails on a planted library that breaks it.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
[ $# -eq 2 ] || { echo "usage: run.sh LIBDOT_A BUILD_DIR" >&2; exit 2; }
libdot=$1 build=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

"$here/check_sections.sh" "$libdot"

cc -O2 -fPIC -c "$here/plant.c" -o "$tmp/plain.o"
cc -O2 -fPIC -DPLANT_FRONT -c "$here/plant.c" -o "$tmp/front.o"
ar rcs "$tmp/front.a" "$tmp/front.o"
if "$here/check_sections.sh" "$tmp/front.a" >/dev/null; then
  echo "FAIL planted control: a cold function in .text.unlikely was not reported" >&2; exit 1
fi
echo "ok   planted control: a cold function in .text.unlikely is reported"
cc -shared "$tmp/plain.o" -o "$tmp/plain.so"
cc -shared "$tmp/front.o" -o "$tmp/front.so"
if python3 "$here/same_offsets.py" "$tmp/plain.so" "$tmp/front.so" >/dev/null; then
  echo "FAIL planted control: functions moved by a front section were not reported" >&2; exit 1
fi
echo "ok   planted control: functions moved by a front section are reported"

pairs=(gmp/stock:gmp/dot:libgmp.so gmp/stock-noasm:gmp/dot-noasm:libgmp.so
       openssl/stock:openssl/dot:libcrypto.so openssl/stock-noasm:openssl/dot-noasm:libcrypto.so)
for pair in "${pairs[@]}"; do
  IFS=: read -r stock patched lib <<<"$pair"
  if [ -f "$build/$stock/lib/$lib" ] && [ -f "$build/$patched/lib/$lib" ]; then
    python3 "$here/same_offsets.py" "$build/$stock/lib/$lib" "$build/$patched/lib/$lib"
  else
    echo "skip $patched: not built (make libs)"
  fi
done
