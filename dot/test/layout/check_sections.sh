#!/bin/bash
# libdot is linked into the patched GMP and OpenSSL. Its code must sit in plain .text sections:
# the linker gathers .text.unlikely, .text.startup, .text.hot and .text.exit input sections at
# the front of the output .text, so any of them in libdot would shift every function of the
# patched library against the stock build and change the libraries' code alignment.
#   check_sections.sh ARCHIVE...    exit 0 when no archive member has such a section, 1 otherwise
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: check_sections.sh ARCHIVE..." >&2; exit 2; }
bad=0
for a in "$@"; do
  [ -f "$a" ] || { echo "check_sections.sh: $a: no such file" >&2; exit 2; }
  found=$(objdump -h "$a" | awk '/file format/ {m=$1} $2 ~ /^\.text\.(unlikely|startup|hot|exit)/ {print "  " m " " $2}')
  if [ -n "$found" ]; then
    echo "FAIL $a: sections the linker places at the front of .text:"
    echo "$found"
    bad=1
  else
    echo "ok   $a: all code in plain .text"
  fi
done
exit $bad
