#!/usr/bin/env bash
# Runs a long command with its time said up front and progress while it runs: "NAME: the previous
# run on this machine took M:SS" (build/timings/NAME.seconds, spaces as "-", written after each successful run),
# then every TIMED_TICK seconds (default 60) the time elapsed and about how much is left. The
# command's exit status is kept; a failed run records no timing.
#   usage: mk/timed.sh NAME COMMAND [ARG...]
set -uo pipefail
name=${1:?usage: mk/timed.sh NAME COMMAND [ARG...]}
shift
[ $# -gt 0 ] || { echo "usage: mk/timed.sh NAME COMMAND [ARG...]" >&2; exit 2; }
timings=${TIMED_DIR:-build/timings}
record="$timings/${name// /-}.seconds"
tick=${TIMED_TICK:-60}
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
previous=""
if [ -f "$record" ] && previous=$(cat "$record") && [[ $previous =~ ^[0-9]+$ ]]; then
  echo "$name: the previous run on this machine took $(mmss "$previous")" >&2
else
  previous=""
  echo "$name: no previous timing on this machine (one is kept in $record after this run)" >&2
fi
start=$SECONDS
(
  # the sleep is killed with the ticker, so no stray process holds the output open afterwards
  trap 'kill "$nap" 2>/dev/null; exit 0' TERM
  while :; do
    sleep "$tick" &
    nap=$!
    wait "$nap"
    elapsed=$((SECONDS - start))
    if [ -z "$previous" ]; then
      echo "$name: $(mmss "$elapsed") elapsed" >&2
    elif [ "$elapsed" -le "$previous" ]; then
      echo "$name: $(mmss "$elapsed") elapsed, about $(mmss $((previous - elapsed))) left" >&2
    else
      echo "$name: $(mmss "$elapsed") elapsed, $(mmss $((elapsed - previous))) longer than the previous run" >&2
    fi
  done
) &
ticker=$!
"$@"
status=$?
kill "$ticker" 2>/dev/null
wait "$ticker" 2>/dev/null
took=$((SECONDS - start))
if [ $status -eq 0 ]; then
  mkdir -p "$timings"
  echo "$took" > "$record.tmp" && mv -f "$record.tmp" "$record"
  echo "$name: took $(mmss "$took")" >&2
else
  echo "$name: failed after $(mmss "$took") (exit $status); no timing recorded" >&2
fi
exit $status
