#!/bin/bash
# Secret-taint checks under memcheck (the ctgrind method; see taint_*.c).
#   check.sh kernels BIN         libdot's _ct and 4x4 kernels and the 4-limb constant-time
#                                exponentiation, once per DOT_ISA valgrind runs and with
#                                DOT_CROSSOVER=0 (vector kernels at every size); then the planted
#                                controls, which must be reported
#   check.sh gmp|openssl DIR     the library's sec paths on DIR/<lib>-{stock,stock-noasm,dot,
#                                dot-noasm}: a dot variant may show only what its stock
#                                counterpart shows (upstream findings, recorded, not ours to fix)
#                                and nothing in a libdot function, with the default crossovers
#                                and with DOT_CROSSOVER=0; the control must be reported
# Findings (kind and the three innermost functions) go to DIR/findings.<lib>.<variant>.<mode>.
set -uo pipefail
what=$1 bin=$2
VG=(valgrind --tool=memcheck --error-exitcode=99 --num-callers=12 --track-origins=no)
failed=0
ok() { echo "  ok   $*"; }
bad() { echo "  FAIL $*"; failed=1; }

# findings LOG: one line per memcheck report: kind | innermost function < caller < caller
findings() {
  awk '
    /== (Conditional jump or move depends|Use of uninitialised value|Syscall param)/ {
      sub(/^==[0-9]+== /, ""); kind = $0; n = 0; sig = ""; next }
    kind != "" && /==    (at|by) / {
      f = $4; if (f == "???") f = $NF; sig = sig (n ? " < " : "") f; n++
      if (n == 3) { print kind " | " sig; kind = "" }
      next }
    kind != "" { if (sig != "") print kind " | " sig; kind = "" }' "$1" | sort -u
}

# run LOG ARGS...: runs under memcheck, keeps stdout+stderr in LOG, returns the exit status
run() { local log=$1; shift; "${VG[@]}" "$@" > "$log" 2>&1; }

case $what in
kernels)
  dir=$(dirname "$bin")
  for isa in scalar chain sse avx2; do
    for x in default 0; do
      log=$dir/kernels.$isa.$x.log
      xenv=(DOT_ISA=$isa)
      [[ $x == default ]] || xenv+=(DOT_CROSSOVER=$x)
      env "${xenv[@]}" "${VG[@]}" "$bin" kernels > "$log" 2>&1
      rc=$?
      calls=$(grep -oE '[0-9]+ tainted (kernel )?calls' "$log" | awk '{s += $1} END {print s + 0}')
      if [[ $rc == 0 ]] && grep -q 'ERROR SUMMARY: 0 errors' "$log" && ((calls > 0)); then
        ok "DOT_ISA=$isa crossover $x: $calls tainted kernel calls, no finding ($(tail -1 "$log" | sed 's/^==[0-9]*== //'))"
      else
        bad "DOT_ISA=$isa crossover $x: exit $rc (see $log)"; grep -E 'FAIL|uninitialised' "$log" | head -5
      fi
    done
  done
  # the planted controls and the fast flavour must be reported, each with its kind of finding
  for c in "control-branch:Conditional jump or move depends on uninitialised" \
           "control-address:Use of uninitialised value of size 8" \
           "control-fast:Conditional jump or move depends on uninitialised" \
           "control-powm4:Conditional jump or move depends on uninitialised"; do
    mode=${c%%:*} kind=${c#*:} log=$dir/$mode.log
    run "$log" "$bin" "$mode"
    rc=$?
    if [[ $rc == 99 ]] && grep -q "$kind" "$log" && grep -q 'tainted calls' "$log"; then
      ok "$mode: reported ($kind: $(grep -c "$kind" "$log"))"
    else
      bad "$mode: not reported as '$kind' (exit $rc, see $log)"
    fi
  done
  ;;
gmp|openssl)
  dir=$bin lib=$what
  # each probe must load its own variant's library (through its RUNPATH), never the system's
  so=$([[ $lib == gmp ]] && echo libgmp.so || echo libcrypto.so)
  for v in stock stock-noasm dot dot-noasm; do
    rp=$(readelf -d "$dir/$lib-$v" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]/\1/p')
    got=$(ldd "$dir/$lib-$v" | awk -v so="$so" 'index($1, so) == 1 { print $3 }')
    if [[ -z $rp || -z $got || $(dirname "$(realpath -m "$got")") != "$(realpath -m "$rp")" ]]; then
      bad "$lib/$v: the probe loads '$got', not the library in '$rp'"
    fi
  done
  if [[ $lib == gmp ]]; then modes=(sec sec-modulus) control=control; else modes=(consttime consttime-base) control=control; fi
  # The dot variants run each mode twice: with the default crossovers and with DOT_CROSSOVER=0.
  # Under valgrind (no AVX-512) the default keeps the fast add/sub on the add-with-carry chain,
  # which is constant-time itself, so a sec_ path that reaches the fast flavour shows only when
  # the vector kernel runs at every size (the generic sqr_basecase's mpn_add_n did, before 0003
  # routed it to the _ct flavour).
  for v in stock stock-noasm dot dot-noasm; do
    crossovers=(default)
    [[ $v == dot* ]] && crossovers=(default 0)
    for m in "${modes[@]}"; do
      for x in "${crossovers[@]}"; do
        tag=$m
        [[ $x == default ]] || tag=$m.crossover$x
        log=$dir/$lib.$v.$tag.log out=$dir/findings.$lib.$v.$tag
        if [[ $x == default ]]; then run "$log" "$dir/$lib-$v" "$m"; else DOT_CROSSOVER=$x run "$log" "$dir/$lib-$v" "$m"; fi
        rc=$?
        findings "$log" > "$out"
        n=$(wc -l < "$out")
        if ! grep -qE ' checks, 0 failed' "$log"; then
          bad "$lib/$v $tag: wrong or untainted results (exit $rc, see $log)"; continue
        fi
        if [[ $v == stock* ]]; then
          echo "  info $lib/$v $tag: $n distinct findings (upstream, recorded in $out)"
          continue
        fi
        ref=$dir/findings.$lib.stock${v#dot}.$m
        extra=$(comm -23 "$out" "$ref")
        ours=$(grep -E '(^|[ <|] )dot_' "$out" || true)
        if [[ -z $extra && -z $ours ]]; then
          ok "$lib/$v $tag: $n distinct findings, all also in stock${v#dot} (upstream), none in libdot"
        else
          bad "$lib/$v $tag: findings not in stock${v#dot} or inside libdot (see $log):"
          printf '%s\n%s\n' "$extra" "$ours" | sed '/^$/d;s/^/       /' | head -10
        fi
      done
    done
    log=$dir/$lib.$v.$control.log
    run "$log" "$dir/$lib-$v" "$control"
    rc=$?
    if [[ $rc == 99 ]] && grep -q ' checks, 0 failed' "$log"; then
      ok "$lib/$v control (not constant-time): reported, $(findings "$log" | wc -l) distinct findings"
    else
      bad "$lib/$v control: not reported (exit $rc, see $log)"
    fi
  done
  ;;
*) echo "usage: check.sh kernels BIN | check.sh gmp|openssl DIR" >&2; exit 2 ;;
esac
[[ $failed == 0 ]] && echo "  taint $what: passed" || echo "  taint $what: FAILED"
exit $failed
