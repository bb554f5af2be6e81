#!/bin/bash
# Refuses a dot build whose CPU path (GMP_HOST) would send a sec_ path to libdot's fast add/sub:
#   sec_host.sh <configured build tree> <host>
# 0001 routes mpn_add_n/mpn_sub_n to dot_add_n/dot_sub_n, which are not constant-time; 0003
# routes the C sec_ call sites to the _ct flavours. An asm file of the chosen CPU path that
# stands on a sec_ path and itself CALLs mpn_add_n or mpn_sub_n (the Intel redc_1.asm files:
# coreinhm, coreisbr, coreihwl, core2, atom, bt1) is out of 0003's reach, so such a host is
# refused here. redc_1 is on a sec_ path only where the path has no native sbpi1_bdiv_r:
# sec_powm.c's MPN_REDC_1_SEC calls mpn_sbpi1_bdiv_r and mpn_cnd_sub_n when configure defined
# HAVE_NATIVE_mpn_sbpi1_bdiv_r, mpn_redc_1 otherwise, and no other sec_ file calls mpn_redc_1
# (GMP 6.3.0). So a path with both (Broadwell and later Intel hosts: coreibwl's sbpi1_bdiv_r.asm
# beside coreihwl's redc_1.asm) is accepted; a tree without config.h counts as having none.
set -euo pipefail
obj=$1 host=$2
# sec_powm, sec_div, sec_invert and the sec_ helpers reach these
sec_files="redc_1 redc_2 redc_n sbpi1_bdiv_r sec_* cnd_add_n cnd_sub_n cnd_swap sec_tabselect"
native_sbpi1=0
grep -qE '^#define HAVE_NATIVE_mpn_sbpi1_bdiv_r 1' "$obj/config.h" 2>/dev/null && native_sbpi1=1
bad=()
for pat in $sec_files; do
  [[ $pat == redc_1 && $native_sbpi1 == 1 ]] && continue
  for f in "$obj"/mpn/$pat.asm; do
    [[ -e $f ]] || continue
    if grep -qE 'CALL\(\s*mpn_(add|sub)_n\s*\)' "$f"; then
      bad+=("$(basename "$f") ($(readlink -f "$f" | sed 's|.*/mpn/||'))")
    fi
  done
done
if ((${#bad[@]})); then
  echo "gmp: GMP_HOST=$host is refused for the dot builds: its ${bad[*]} calls mpn_add_n/mpn_sub_n" \
       "on a sec_ path, which the patched GMP sends to libdot's fast (not constant-time) add/sub;" \
       "choose another GMP_HOST (e.g. zen3-pc-linux-gnu, or --disable-assembly's generic C)" >&2
  exit 2
fi
