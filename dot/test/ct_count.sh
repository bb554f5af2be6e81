# Sourced by the constant-time checks (ct_check.sh, ct_ntt_check.sh, pmns_ct_check.sh), which set
# `probe` first: counting under valgrind, and the ok/FAIL tally with its closing line.
passed=0
failed=0

count() { # probe arguments -> instructions executed inside the probe's probe_run
  local out
  out=$(mktemp)
  valgrind --tool=callgrind --toggle-collect=probe_run --callgrind-out-file="$out" \
    "$probe" "$@" >/dev/null 2>&1 || { echo "probe failed: $*" >&2; rm -f "$out"; echo -1; return; }
  awk '/^(summary|totals):/ {print $2; exit}' "$out"
  rm -f "$out"
}

# counts ARGS... -- MODE...: count ARGS MODE for each MODE, the runs side by side (they are
# independent processes; one at a time they kept one core busy while the other waited); the
# counts on one line, in the order of the modes
counts() {
  local args=() d i m line=
  while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
  [ $# -gt 0 ] || { echo "counts: no -- before the modes" >&2; echo -1; return; }
  shift
  d=$(mktemp -d)
  i=0
  for m in "$@"; do count "${args[@]}" "$m" > "$d/$i" & i=$((i + 1)); done
  wait
  i=0
  for m in "$@"; do line="$line${line:+ }$(cat "$d/$i")"; i=$((i + 1)); done
  rm -rf "$d"
  echo "$line"
}

verdict() { # ok message
  if [ "$1" = 1 ]; then passed=$((passed + 1)); echo "  ok   $2"; else failed=$((failed + 1)); echo "  FAIL $2"; fi
}

summary() { # the closing line, and the exit status of the check
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
}
