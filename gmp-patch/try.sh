#!/bin/bash
# tests/devel/try (GMP's development checker: every size up to its limit, overlaps, alignments,
# red zones, against tests/refmpn.c) on the routed functions: try.sh <build tree>.
# try reaches mpn_mul_basecase and mpn_sqr_basecase through gmp-impl.h, so it checks the
# 4x4 -> libdot dispatch, not only GMP's own basecase.
set -euo pipefail
obj=$1
# Sizes: add_n/sub_n and their carry-in forms 1-64 (every size reaches libdot: 64 limbs span
# several SIMD blocks and carry/borrow chains across them; try's default 1-500 costs about 70 s of
# CPU per function here), each under libdot's default crossover and forced to either kernel at
# every size (DOT_CROSSOVER=0: the vector kernel, max: the add-with-carry chain); basecases 1-72:
# the routed 4x4 and 4-limb cases, libdot's schoolbook window where the CPU has IFMA (dot.h,
# dot_basecase_tuning: products from 16 limbs, squares from 28, up to 64; a longer u in chunks)
# and GMP's own code around it, once more with the window off (DOT_BASECASE=off).
#
# A run is "function sizes setting [repetitions [plain]]". Each repetition goes through every
# size, alignment and overlap once with fresh random data (try_many's outer loop). Guarded (the
# default), try puts a PROT_NONE page after every operand (a read or write past it faults) and
# makes the sources read-only around each call (a write to a source faults): two mprotect calls
# per source per call, which is nearly all of its time on this VM (an mpn_add_nc run at 5
# repetitions: 154 s of the 161 s of CPU it had used partway through were system time, and the
# run took 4:26; with -z, 5 s in all). "plain" is
# try -z, no red zones: values only. So each kernel path runs guarded once (one repetition under
# DOT_CROSSOVER=0 and max, the two kernels a default crossover picks between by n alone; the
# window's products and squares at their default), and the values get 5 repetitions plain under
# all three settings (1.3 million checks for add_n/sub_n, 2.6 million for the carry-in forms).
# mpn_mul_basecase goes through every vn up to un (2,628 size pairs, each at every alignment and
# overlap): one repetition, guarded with the window on, plain with it off (GMP's own code, and
# the 4x4 kernel the guarded run already covers).
# The longest run (the guarded products) goes first, so that two at a time end together.
runs=("mpn_mul_basecase 1-72 default 1" "mpn_sqr_basecase 1-72 default")
for x in 0 max; do
  for f in mpn_add_n mpn_sub_n mpn_add_nc mpn_sub_nc; do runs+=("$f 1-64 $x 1"); done
done
for x in default 0 max; do
  for f in mpn_add_n mpn_sub_n mpn_add_nc mpn_sub_nc; do runs+=("$f 1-64 $x 5 plain"); done
done
runs+=("mpn_mul_basecase 1-72 basecase=off 1 plain" "mpn_sqr_basecase 1-72 basecase=off 10 plain")
# TRY_RUNS="function:sizes:setting[:reps[:plain]] ..." replaces the list, TRY_REPS sets try's
# repetitions for runs that name none (default 10) (the per-DOT_ISA runs of mk/safety.mk)
if [[ -n ${TRY_RUNS:-} ]]; then runs=(); for r in $TRY_RUNS; do runs+=("${r//:/ }"); done; fi
for r in "${runs[@]}"; do
  set -- $r
  [[ $# -ge 3 && $# -le 5 && ${5:-plain} == plain && ${4:-1} =~ ^[1-9][0-9]*$ ]] ||
    { echo "try.sh: bad run \"$r\" (function sizes setting [repetitions [plain]])" >&2; exit 2; }
done
make -C "$obj/tests/devel" try > "$obj/try.out" 2>&1 || { tail -20 "$obj/try.out"; exit 1; }
# The runs are independent processes: NPROC at a time (default 2), each with its own log, their
# lines printed in list order once all have ended; the first failure (in list order) is reported.
one() {
  local i=$1 log=$obj/try.$1.out
  set -- ${runs[$i]}
  local xenv=() reps=${4:-${TRY_REPS:-}} zones=()
  [[ ${5:-} == plain ]] && zones=(-z)
  case $3 in
    default) ;;
    basecase=*) xenv=(DOT_BASECASE="${3#basecase=}") ;;
    *) xenv=(DOT_CROSSOVER="$3") ;;
  esac
  # try's seed is fixed unless -R is given; -W: no progress spinner in a log. It exits non-zero
  # on the first mismatch.
  (cd "$obj/tests/devel" && env "${xenv[@]}" ./try -W "${zones[@]}" ${reps:+-r "$reps"} -s "$2" "$1") > "$log" 2>&1
  echo $? > "$log.rc"
}
setting() { case $1 in default) echo "default settings" ;; basecase=*) echo "DOT_BASECASE=${1#basecase=}" ;;
  *) echo "DOT_CROSSOVER=$1" ;; esac; }
guard() { if [[ $1 == plain ]]; then echo "plain: no red zones"; else echo "red zones, read-only sources"; fi; }
rm -f "$obj"/try.[0-9]*.out "$obj"/try.[0-9]*.out.rc
for i in "${!runs[@]}"; do
  while (($(jobs -pr | wc -l) >= ${NPROC:-2})); do wait -n; done
  one "$i" &
done
wait
for i in "${!runs[@]}"; do
  set -- ${runs[$i]}
  log=$obj/try.$i.out
  cat "$log" >> "$obj/try.out"
  [[ $(cat "$log.rc" 2>/dev/null) == 0 ]] || { tail -30 "$log"; echo "try $1 ($(setting "$3"), $(guard "${5:-}")): FAIL"; exit 1; }
  count=$(grep -E "^$1 [0-9]+$" "$log" | tail -1 | cut -d" " -f2 || true)
  [[ -n $count ]] || { echo "try $1: no test count printed (see $log)"; exit 1; }
  echo "  try $1 (sizes $2, $(setting "$3")${4:+, $4 repetition$( (($4 > 1)) && echo s)}, $(guard "${5:-}")${DOT_ISA:+, DOT_ISA=$DOT_ISA}): passed $count tests"
done
