/* The AVX-512 add/sub sources, compiled against SIMDe plus the shim (emulate512.h), against
 * GMP: the same battery the native variants pass. */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "../common/addsub_battery.h"
#include "../common/check.h"
/* The planted control below: the fast flavour's lane-shift kernel without its cascade check,
 * compiled into this file only (the kernels under test are the library's, linked in). */
#define DOT_LANE_CASCADE_CHECK 0
#include "avx512/aors.h"

/* The unchecked lane shift as dot_whole_cascades_wrong calls it. */
static dot_limb_t avx512_unchecked(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                   size_t n, int is_sub)
{
    return avx512_lane_aors(rp, up, vp, n, 0, is_sub ? DOT_OP_SUB : DOT_OP_ADD);
}

/* Whole-operand cascades up to 64 limbs: the kernel without the check must get some wrong, or the
 * battery could not tell that the check works. */
static void planted_no_cascade_check(void)
{
    unsigned wrong = dot_whole_cascades_wrong(avx512_unchecked, 64);
    CHECK(wrong > 0, "planted control (lane shift without the cascade check) not caught");
    printf("  planted control (no cascade check)  wrong in %u of 128 cascades: %s\n", wrong,
           wrong ? "caught" : "NOT CAUGHT");
}

int main(void)
{
    printf("avx512 (emulated with SIMDe):\n");
    const dot_aors_case cases[6] = {
        {"avx512 add_n (+c)", dot_avx512_add_n, 0, dot_avx512_add_nc, 0},
        {"avx512 sub_n (+c)", dot_avx512_sub_n, 1, dot_avx512_sub_nc, 0},
        {"avx512 add_n_ct (+c)", dot_avx512_add_n_ct, 0, dot_avx512_add_nc_ct, 0},
        {"avx512 sub_n_ct (+c)", dot_avx512_sub_n_ct, 1, dot_avx512_sub_nc_ct, 0},
        {"avx512 mask add_n_ct (+c)", dot_avx512_mask_add_n_ct, 0, dot_avx512_mask_add_nc_ct, 0},
        {"avx512 mask sub_n_ct (+c)", dot_avx512_mask_sub_n_ct, 1, dot_avx512_mask_sub_nc_ct, 0},
    };
    for (int i = 0; i < 6; i++)
        dot_addsub_battery(&cases[i], 100000UL);
    planted_no_cascade_check();
    return dot_check_summary();
}
