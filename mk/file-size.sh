#!/usr/bin/env bash
# No hand-written file over 400 lines: a file that long holds more than one job and is split by
# responsibility (issue 12).
#
#   mk/file-size.sh [ROOT]      check the files git tracks in the work tree ROOT (default: .), and
#                               the new ones it does not ignore, so a long file fails before commit
#   mk/file-size.sh --control   the planted control: a scratch repository with a 401-line tracked
#                               file and a 450-line new one must fail naming both and nothing
#                               else; cut to 400 lines they must pass (make test-file-size runs it)
#
# Exit 0: every checked file within the limit; 1: files over it, listed as `LINES PATH`; 2: ROOT is
# not a git work tree, or nothing was left to check (a check of no files would pass anything).
# A line is a newline-terminated line, plus a last line without its newline.
#
# Exempt, because nobody writes them line by line:
#   bindings/src/generated/   jextract's output over the C headers, committed as generated
#   dot/test/fuzz/corpus/     the fuzzers' saved inputs (binary)
#   *.md                      prose (README, design notes, the patches' READMEs), not code
#   *.patch                   diffs against the pinned GMP and OpenSSL sources
#   *.json *.tsv *.txt *.csv  data: result sets and their history (results/), the icount
#                             baseline, PMNS parameter sets (dot/pmns/params/), measured tables
# The scripts under results/ (schema validators, samples) are hand-written and stay checked.
set -euo pipefail

MAX=400
EXEMPT_DIRS=(bindings/src/generated/ dot/test/fuzz/corpus/)
EXEMPT_EXTS=(md patch json tsv txt csv)

check() {
    local root=$1
    if ! git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        echo "file-size: $root is not a git work tree" >&2
        return 2
    fi
    local files=() f d e skip
    while IFS= read -r -d '' f; do
        skip=
        for d in "${EXEMPT_DIRS[@]}"; do [[ $f == "$d"* ]] && skip=1; done
        for e in "${EXEMPT_EXTS[@]}"; do [[ $f == *."$e" ]] && skip=1; done
        [[ -z $skip && -f $root/$f && ! -L $root/$f ]] && files+=("$root/$f")
    done < <(git -C "$root" ls-files -z --cached --others --exclude-standard | sort -zu)
    if [ ${#files[@]} -eq 0 ]; then
        echo "file-size: no file to check in $root" >&2
        return 2
    fi
    # one awk over all files: at each file's first line (and at the end) judge the previous one
    local over
    over=$(awk -v max="$MAX" -v strip="$root/" '
        function judge() { if (lines > max) printf "%6d %s\n", lines, substr(name, length(strip) + 1) }
        FNR == 1 && NR > 1 { judge() }
        { name = FILENAME; lines = FNR }
        END { if (NR) judge() }' "${files[@]}")
    if [ -n "$over" ]; then
        echo "file-size: over $MAX lines (split by responsibility; exemptions in mk/file-size.sh):" >&2
        echo "$over" >&2
        return 1
    fi
    echo "file-size: ${#files[@]} files in $root, none over $MAX lines"
}

lines() { # N PATH: a file of N lines
    mkdir -p "$(dirname "$2")"
    seq "$1" | sed 's/^/x /' >"$2"
}

control() {
    local tmp out rc
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' RETURN
    git -C "$tmp" init -q
    lines 401 "$tmp/dot/src/planted.c"                  # tracked, one line over
    lines 400 "$tmp/dot/src/edge.c"                     # exactly at the limit
    lines 900 "$tmp/bindings/src/generated/Big.java"    # exempt folder
    lines 900 "$tmp/results/big.json"                   # exempt extension
    git -C "$tmp" add .
    lines 450 "$tmp/harness/New.java"                   # new, not yet tracked
    set +e
    out=$(check "$tmp" 2>&1)
    rc=$?
    set -e
    if [ $rc -ne 1 ] || ! grep -q ' 401 dot/src/planted.c$' <<<"$out" ||
        ! grep -q ' 450 harness/New.java$' <<<"$out" || grep -q 'edge\|Big\|big' <<<"$out"; then
        echo "file-size: the planted control was not caught as it must be (exit $rc):" >&2
        echo "$out" >&2
        return 1
    fi
    lines 400 "$tmp/dot/src/planted.c"
    lines 400 "$tmp/harness/New.java"
    if ! out=$(check "$tmp" 2>&1); then
        echo "file-size: the control cut to $MAX lines still fails:" >&2
        echo "$out" >&2
        return 1
    fi
    echo "file-size: planted control: 401 and 450 lines reported, exactly $MAX passed, exemptions held"
}

case "${1:-}" in
--control) control ;;
-*)
    echo "usage: $0 [ROOT] | --control" >&2
    exit 2
    ;;
*) check "${1:-.}" ;;
esac
