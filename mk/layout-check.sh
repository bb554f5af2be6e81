#!/usr/bin/env bash
# Proves a layout control is one: B exports the same functions as A, each the same size, and
# every one of them at another address (mk/layout-shift.sh makes such a B).
#
#   mk/layout-check.sh A.so B.so
#
# Fails (exit 1, saying why) for a byte copy (nothing moved), for another build (other functions
# or other sizes) and for a partial move. mk/test-layout-shift.sh runs it on stock~shift, and on
# a copy and on dot as the planted failures.
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 A.so B.so" >&2
    exit 2
fi
for f in "$1" "$2"; do
    if [ ! -f "$f" ]; then
        echo "$0: no library $f" >&2
        exit 2
    fi
done
functions() { nm -D -S --defined-only "$1" | awk '$3 == "T" && NF == 4 {print $4, $1, $2}' | sort; }
/usr/bin/python3 - "$1" "$2" <(functions "$1") <(functions "$2") <<'EOF'
import sys
a_name, b_name, a_file, b_file = sys.argv[1:]
def read(path):
    return {name: (int(addr, 16), int(size, 16)) for name, addr, size in (l.split() for l in open(path))}
a, b = read(a_file), read(b_file)
problems = []
if not a:
    problems.append(f"{a_name} exports no functions")
if set(a) != set(b):
    only_a, only_b = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    problems.append(f"other functions: {len(only_a)} only in A (e.g. {only_a[:3]}), {len(only_b)} only in B (e.g. {only_b[:3]})")
common = sorted(set(a) & set(b))
resized = [n for n in common if a[n][1] != b[n][1]]
if resized:
    problems.append(f"{len(resized)} functions of another size (e.g. {resized[:3]}): not the same code")
stayed = [n for n in common if a[n][0] == b[n][0]]
if stayed:
    problems.append(f"{len(stayed)} of {len(common)} functions at the same address (e.g. {stayed[:3]}): not moved")
if problems:
    print(f"layout-check: {b_name} is not a layout control of {a_name}:")
    for p in problems:
        print("  " + p)
    sys.exit(1)
shifts = sorted({b[n][0] - a[n][0] for n in common})
print(f"layout-check: {len(common)} functions, the same sizes, every one moved "
      f"({', '.join(str(s) for s in shifts[:4])}{' ...' if len(shifts) > 4 else ''} bytes)")
EOF
