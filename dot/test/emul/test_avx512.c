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

/* Whole-operand cascades (all ones + 1, zero - 1) at every size up to 64 limbs: the kernel without
 * the check must get some of them wrong, or the battery could not tell that the check works. */
static void planted_no_cascade_check(void)
{
    dot_limb_t u[64], v[64], want[64], got[64];
    unsigned wrong = 0;
    for (size_t n = 1; n <= 64; n++)
        for (int is_sub = 0; is_sub < 2; is_sub++) {
            for (size_t i = 0; i < n; i++) {
                u[i] = is_sub ? 0 : ~(dot_limb_t)0;
                v[i] = i == 0;
            }
            dot_limb_t cw = is_sub ? mpn_sub_n(want, u, v, (mp_size_t)n)
                                   : mpn_add_n(want, u, v, (mp_size_t)n);
            dot_limb_t cg = avx512_lane_aors(got, u, v, n, 0, is_sub ? DOT_OP_SUB : DOT_OP_ADD);
            wrong += cw != cg || memcmp(want, got, n * sizeof *got) != 0;
        }
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
