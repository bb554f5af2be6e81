#!/bin/bash
# Proves that the dot variants of libgmp and libcrypto reach libdot and the stock ones do not:
#   calls.sh <gmp|openssl> <root of build/>
# For each variant a probe (gmp-patch/test/probe.c, openssl-patch/test/probe.c) runs under gdb,
# with a breakpoint on every libdot entry point (local symbols inside the library) that counts its
# hits, and one on the probe's probe_mark that prints the counts after each step. In one process
# it runs a warm-up step, then each operation on 4-limb operands 0 times and R times (its setup
# in both); the hits of the R step minus those of the 0 step, divided by R, are the calls per
# operation. One gdb session a variant: a session costs about half a second here, and one per
# operation and repetition count made this script most of a minute a library. Expected per
# operation on a dot variant:
#   gmp:     mpz_add -> 1 dot_add_n, mpz_sub -> 1 dot_sub_n, mpz_mul 4x4 -> 1 dot_mul_4x4,
#            mpz_mul square -> 1 dot_sqr_4x4, mpn_sec_add_1 -> 1 dot_add_n_ct; where the marker
#            shows libdot's schoolbook window in use (basecase=mul:...): mpz_mul 24x24 -> 1
#            dot_mul_basecase, a 40-limb square -> 1 dot_sqr_basecase, and mpn_sec_mul 24x24 ->
#            none (side-channel silent code keeps GMP's basecase); without it, none of them (for
#            these three only the two basecase entry points are counted: where Karatsuba runs
#            instead, its additions go through dot_add_n/dot_sub_n); mpz_powm modulo a 16- and
#            an 8-limb number -> 1 dot_powm_takes, then 1 dot_powm and 1 dot_ifma_powm where the
#            marker shows a window (powm:N-64) from N <= 16 or 8 limbs, neither without (the
#            patched mpn_powm asks dot_powm_takes first); modulo a 6-limb number -> none (below
#            DOT_POWM_MIN: not asked); modulo a 4-limb number -> 1 dot_powm_takes, then 1
#            dot_powm and 1 dot_mulx_powm4 where the marker shows powm4=on (libdot's 4-limb
#            kernel), neither without (for these four only the powm entry points are counted:
#            GMP's own exponentiation and the base's reduction add and subtract through
#            dot_add_n/dot_sub_n)
#   openssl: BN_add -> 1 dot_add_n_ct, BN_sub -> 1 dot_sub_n_ct, BN_mul 4x4 -> 1 dot_mul_4x4,
#            BN_sqr -> 1 dot_sqr_4x4; BN_mod_exp_mont_consttime modulo a 16- and an 8-limb number
#            (4-limb exponent) -> 1 dot_powm_ct_takes, then 1 dot_powm_ct and 1 dot_ifma_powm_ct
#            where the marker shows a window from N <= 16 or 8 limbs, neither where it does not
#            (patch 0004 asks dot_powm_ct_takes first), modulo a 6-limb number -> none (below
#            DOT_POWM_MIN: not asked), modulo a 4-limb number -> 1 dot_powm_ct_takes, then 1
#            dot_powm_ct and 1 dot_mulx_powm4_ct where the marker shows powm4=on, neither where
#            it does not (for these four only the powm entry points are counted);
#            BN_mod_exp_mont_consttime_x2 modulo two 16-limb numbers -> 1 dot_powm_ct_x2 and 1
#            dot_ifma_powm_ct_x2 where the window takes 16 limbs, neither where it does not (patch
#            0005 asks dot_powm_ct_takes first), modulo two 4-limb numbers -> 1 dot_powm_ct_x2 and
#            1 dot_mulx_powm4_ct_x2 with powm4=on, neither without (only the pair entry points are
#            counted: the calls after a declined pair, dot_powm_ct_takes among them, depend on
#            OpenSSL's own RSAZ dispatch); BN_mod_exp_mont
#            with that exponent (montpowmN) -> 1 dot_powm_takes (patch 0006 asks it for 2 to 64
#            limbs), then 1 dot_powm and 1 dot_ifma_powm or dot_mulx_powm4 as for mpz_powm, neither
#            where it declines; with the exponent 65537 (pubpowmN) the same where dot_powm's
#            exponent rule takes 17 bits at N limbs (bits (N - window start + 1) >= 32), 1
#            dot_powm_takes alone where it does not; the same with a Montgomery context for the
#            modulus (keypowmN, as an RSA key's public operation) -> 1 dot_powm_rr_takes, then 1
#            dot_powm_rr and 1 dot_ifma_powm_rr where the window takes N limbs (the caller's R^2
#            serves these moduli, so the exponent's length is not asked), 1 dot_powm_rr_takes
#            alone where it does not; BN_mod_exp2_mont (exp2powmN, DSA
#            verification's double exponentiation) -> 1 dot_powm2_takes, 1 dot_powm2 and 1
#            dot_ifma_powm2 where the window takes N limbs (patch 0007), else 1 dot_powm2_takes
#            (declined: OpenSSL's simultaneous exponentiation runs)
# and no other libdot call; on a stock variant no call, no dot_ symbol and no marker. Every
# variant must print the same results.
set -euo pipefail
lib=$1
build=$(realpath "$2")
root=$(dirname "$(dirname "$(realpath "$0")")")
work=$build/obj/$lib/calls
mkdir -p "$work"
R=5
entries=(dot_add_n dot_sub_n dot_add_n_ct dot_sub_n_ct dot_mul_4x4 dot_sqr_4x4 dot_mul_basecase
  dot_sqr_basecase dot_powm_takes dot_powm dot_ifma_powm dot_powm_rr_takes dot_powm_rr dot_ifma_powm_rr
  dot_powm2_takes dot_powm2 dot_ifma_powm2
  dot_powm_ct_takes dot_powm_ct dot_ifma_powm_ct
  dot_powm_ct_x2 dot_ifma_powm_ct_x2 dot_mulx_powm4 dot_mulx_powm4_ct dot_mulx_powm4_ct_x2)
case $lib in
  gmp)
    ops=(add sub mul sqr sec_add_1 mul24 sqr40 sec_mul24 powm16 powm8 powm6 powm4) so=libgmp.so ldlib=-lgmp prefix_marker=dotmp
    declare -A expect=([add]=dot_add_n [sub]=dot_sub_n [mul]=dot_mul_4x4 [sqr]=dot_sqr_4x4 [sec_add_1]=dot_add_n_ct
      [mul24]=dot_mul_basecase [sqr40]=dot_sqr_basecase [sec_mul24]=none
      [powm16]="dot_powm_takes dot_powm dot_ifma_powm" [powm8]="dot_powm_takes dot_powm dot_ifma_powm"
      [powm6]=none [powm4]="dot_powm_takes dot_powm dot_mulx_powm4") ;;
  openssl)
    ops=(add sub mul sqr ctpowm16 ctpowm8 ctpowm6 ctpowm4 x2ctpowm16 x2ctpowm4 montpowm16 montpowm8 montpowm6
      montpowm4 pubpowm16 pubpowm8 keypowm16 keypowm8 exp2powm16 exp2powm8) so=libcrypto.so ldlib=-lcrypto prefix_marker=dotssl
    declare -A expect=([add]=dot_add_n_ct [sub]=dot_sub_n_ct [mul]=dot_mul_4x4 [sqr]=dot_sqr_4x4
      [ctpowm16]="dot_powm_ct_takes dot_powm_ct dot_ifma_powm_ct"
      [ctpowm8]="dot_powm_ct_takes dot_powm_ct dot_ifma_powm_ct"
      [ctpowm6]=none [ctpowm4]="dot_powm_ct_takes dot_powm_ct dot_mulx_powm4_ct"
      [x2ctpowm16]="dot_powm_ct_x2 dot_ifma_powm_ct_x2" [x2ctpowm4]="dot_powm_ct_x2 dot_mulx_powm4_ct_x2"
      [montpowm16]="dot_powm_takes dot_powm dot_ifma_powm" [montpowm8]="dot_powm_takes dot_powm dot_ifma_powm"
      [montpowm6]=dot_powm_takes [montpowm4]="dot_powm_takes dot_powm dot_mulx_powm4"
      [pubpowm16]="dot_powm_takes dot_powm dot_ifma_powm" [pubpowm8]="dot_powm_takes dot_powm dot_ifma_powm"
      [keypowm16]="dot_powm_rr_takes dot_powm_rr dot_ifma_powm_rr"
      [keypowm8]="dot_powm_rr_takes dot_powm_rr dot_ifma_powm_rr"
      [exp2powm16]="dot_powm2_takes dot_powm2 dot_ifma_powm2"
      [exp2powm8]="dot_powm2_takes dot_powm2 dot_ifma_powm2") ;;
  *) echo "usage: calls.sh <gmp|openssl> <build>" >&2; exit 2 ;;
esac

# counted OP ENTRY: whether OP's check counts ENTRY's calls. The large operations count only
# their own entry points (their additions go wherever GMP's or OpenSSL's own code sends them):
# the gdb script disables the other breakpoints for their steps, since under a DOT_ISA without
# IFMA an exponentiation makes thousands of add/sub calls, each a stop of the traced process.
counted() {
  case $1 in
    mul24 | sqr40 | sec_mul24) [[ $2 == dot_*_basecase ]] ;;
    x2*) [[ $2 == *_x2 ]] ;;
    *powm*) [[ $2 == dot*_powm* ]] ;;
    *) true ;;
  esac
}
# bp_switch ON: the gdb commands that enable entry i's breakpoint where ON's character i is 1 and
# disable it where it is 0
bp_switch() {
  local i
  for i in "${!entries[@]}"; do
    if [[ ${1:i:1} == 1 ]]; then echo "enable \$b$i"; else echo "disable \$b$i"; fi
  done
}
# counts <probe> <steps...>: one line per step, the hit count of every entry point after it
# (cumulative, in the order of entries; an entry the step's operation does not count keeps its
# count through the step); the probe's output goes to $work/out
counts() {
  local probe=$1 i j on
  shift
  # which entries each step counts, as a word of 0s and 1s (step j runs the operation of "$j")
  local -a enabled=()
  for j in "$@"; do
    on=
    for i in "${!entries[@]}"; do if counted "${j%%:*}" "${entries[$i]}"; then on+=1; else on+=0; fi; done
    enabled+=("$on")
  done
  {
    echo "set breakpoint pending on"
    echo "set \$s = 0"
    for i in "${!entries[@]}"; do
      echo "set \$c$i = 0"
      echo "break ${entries[$i]}"; echo "set \$b$i = \$bpnum"
      echo "commands"; echo "silent"; echo "set \$c$i = \$c$i + 1"; echo "continue"; echo "end"
    done
    echo "break probe_mark"; echo "commands"; echo "silent"
    printf 'printf "mark'; for i in "${!entries[@]}"; do printf ' %%d'; done; printf '\\n"'
    for i in "${!entries[@]}"; do printf ', $c%d' "$i"; done; echo
    # after the mark of step j - 1, the breakpoints step j counts (where they change)
    echo "set \$s = \$s + 1"
    for j in "${!enabled[@]}"; do
      if ((j > 0)) && [[ ${enabled[$j]} != "${enabled[$((j - 1))]}" ]]; then
        echo "if \$s == $j"; bp_switch "${enabled[$j]}"; echo "end"
      fi
    done
    echo "continue"; echo "end"
    bp_switch "${enabled[0]}"
    echo "run $* > $work/out"
  } > "$work/gdb.cmd"
  gdb -nx -batch -x "$work/gdb.cmd" "$probe" 2>/dev/null | sed -n 's/^mark //p'
}

fail=0
rm -f "$work"/ref.*
# CALLS_VARIANTS: a subset (the per-DOT_ISA runs of mk/safety.mk take the dot pair; their
# results are then compared with each other). Under DOT_ISA, a dot marker must name that variant.
for v in ${CALLS_VARIANTS:-stock stock-noasm dot dot-noasm}; do
  prefix=$build/$lib/$v
  probe=$work/probe-$v
  cc -O1 -g -Wall -I"$prefix/include" -I"$root/gmp-patch/test" "$root/$lib-patch/test/probe.c" -o "$probe" -L"$prefix/lib" -Wl,-rpath,"$prefix/lib" $ldlib -ldl
  # the probe must load this variant's library, not the system one
  grep -q "$prefix/lib/$so" <(ldd "$probe") || { echo "$lib/$v: probe does not load $prefix/lib"; fail=1; continue; }
  marker=$("$probe" marker 1)
  syms=$(nm "$prefix/lib/$so" | grep -c ' [tT] dot_' || true)
  line="$lib/$v: marker=\"$marker\" dot_symbols=$syms"
  if [[ $v == dot* ]]; then
    [[ $marker == "$prefix_marker "* && $syms -gt 0 ]] || { echo "$line: FAIL (no marker or no libdot code)"; fail=1; }
    [[ -z ${DOT_ISA:-} || $marker == *"isa=$DOT_ISA "* ]] || { echo "$line: FAIL (DOT_ISA=$DOT_ISA not in force)"; fail=1; }
  else
    [[ $marker == none && $syms -eq 0 ]] || { echo "$line: FAIL (stock build contains libdot)"; fail=1; }
  fi
  echo "$line"
  steps=("${ops[0]}:0")
  for op in "${ops[@]}"; do steps+=("$op:0" "$op:$R"); done
  mapfile -t marks < <(counts "$probe" "${steps[@]}")
  if ((${#marks[@]} != ${#steps[@]})); then
    echo "$lib/$v: the probe stopped after ${#marks[@]} of ${#steps[@]} steps (${steps[*]}):"
    tail -5 "$work/out"; fail=1; continue
  fi
  for k in "${!ops[@]}"; do
    op=${ops[$k]}
    before=(${marks[$((2 * k))]}) base=(${marks[$((2 * k + 1))]}) many=(${marks[$((2 * k + 2))]})
    per=""
    for i in "${!entries[@]}"; do
      counted "$op" "${entries[$i]}" || { per+="${entries[$i]}=- "; continue; }
      # the R step's hits less the 0 step's: R operations
      d=$(( (many[i] - base[i]) - (base[i] - before[i]) ))
      (( d % R == 0 )) || { echo "$lib/$v $op: ${entries[$i]} hit $d times in $R runs"; fail=1; }
      got=$(( d / R ))
      # as many calls as the expectation names the entry point
      want=0
      if [[ $v == dot* ]]; then
        for e in ${expect[$op]}; do [[ $e == "${entries[$i]}" ]] && want=$((want + 1)); done
      fi
      # the schoolbook window only where libdot runs its IFMA kernels (the marker says so)
      [[ ${entries[$i]} == dot_*_basecase && $marker != *"basecase=mul:"* ]] && want=0
      # the entry points and kernels only where the marker shows a window that takes the
      # modulus, or for 4 limbs where it shows powm4=on: the patched mpn_powm, BN_mod_exp_mont
      # and BN_mod_exp2_mont ask dot_powm_takes first, BN_mod_exp_mont_consttime and its pair
      # dot_powm_ct_takes, and call on only where the answer takes the call
      if [[ $op == *powm4 ]]; then
        if [[ ${entries[$i]} != *_takes ]]; then
          [[ $marker == *" powm4=on"* ]] || want=0
        fi
      elif [[ $op == *powm* && ${entries[$i]} == dot_*powm* ]]; then
        from=$(sed -n 's/.*,powm:\([0-9]*\)-.*/\1/p' <<< "$marker") n=${op##*powm} takes=1
        [[ -n $from ]] && (( from <= n )) || takes=0
        # pubpowm's 17-bit exponent: dot_powm's rule (dot.h), bits (n - from + 1) >= 32
        [[ $op != pubpowm* || $takes == 0 ]] || (( n - from >= 31 || 17 * (n - from + 1) >= 32 )) || takes=0
        # declined: the question asked all the same, nothing else
        ((takes)) || [[ ${entries[$i]} == *_takes ]] || want=0
      fi
      [[ $got == "$want" ]] || { echo "$lib/$v $op: ${entries[$i]} called $got times per operation, expected $want"; fail=1; }
      per+="${entries[$i]}=$got "
    done
    result=$(sed -n "s/^$op $R //p" "$work/out")
    ref=$(cat "$work/ref.$op" 2>/dev/null || { echo "$result" > "$work/ref.$op"; echo "$result"; })
    [[ $result == "$ref" ]] || { echo "$lib/$v $op: result $result differs from stock's $ref"; fail=1; }
    echo "  $op: $per"
  done
done
rm -f "$work"/ref.*
exit $fail
