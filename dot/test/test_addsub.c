/* Every add/sub kernel of every variant this CPU runs, and the dispatched entry points,
 * against GMP. Variants this CPU lacks are covered by the emulated build (emul/). */
#include <stdio.h>
#include <stdlib.h>
#include "common/addsub_battery.h"
#include "common/check.h"
#include <string.h>
#include <gmp.h>
#include "dot_impl.h"

/* The planted control below: the AVX2 fast flavour's lane-shift kernel without its cascade check,
 * compiled into this file only (the kernels under test are the library's, linked in). The AVX-512
 * kernel's control is in the emulated test (emul/test_avx512.c). */
#pragma GCC push_options
#pragma GCC target("avx2")
#define DOT_LANE_CASCADE_CHECK 0
#include "avx2/aors.h"

/* Whole-operand cascades (all ones + 1, zero - 1) at every size up to 64 limbs: the kernel without
 * the check must get some of them wrong, or the battery could not tell that the check works. */
static unsigned avx2_unchecked_wrong(void)
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
            dot_limb_t cg = avx2_lane_aors(got, u, v, n, 0, is_sub ? DOT_OP_SUB : DOT_OP_ADD);
            wrong += cw != cg || memcmp(want, got, n * sizeof *got) != 0;
        }
    return wrong;
}
#pragma GCC pop_options

static void planted_avx2_no_cascade_check(void)
{
    if (!dot_kernels_for("avx2")) {
        printf("avx2 planted control: not supported by this CPU\n");
        return;
    }
    unsigned wrong = avx2_unchecked_wrong();
    CHECK(wrong > 0, "planted control (avx2 lane shift without the cascade check) not caught");
    printf("  planted control (avx2, no cascade check)  wrong in %u of 128 cascades: %s\n", wrong,
           wrong ? "caught" : "NOT CAUGHT");
}

#define RANDOM_CASES 100000UL

static void battery_for(const char *variant, const dot_kernels *k)
{
    char labels[4][64];
    const char *ops[4] = {"add_n", "sub_n", "add_n_ct", "sub_n_ct"};
    dot_aors_fn fns[4] = {k->add_n, k->sub_n, k->add_n_ct, k->sub_n_ct};
    dot_aorsc_fn fncs[4] = {k->add_nc, k->sub_nc, k->add_nc_ct, k->sub_nc_ct};
    for (int i = 0; i < 4; i++) {
        snprintf(labels[i], sizeof labels[i], "%s %s (+c)", variant, ops[i]);
        dot_aors_case c = {.label = labels[i], .fn = fns[i], .is_sub = i % 2, .fnc = fncs[i]};
        dot_addsub_battery(&c, RANDOM_CASES);
    }
}

/* Both forms of the AVX-512 constant-time kernel, whichever one this family's tables hold. */
static void ct_mask_form(void)
{
    if (!dot_kernels_for("avx512")) {
        printf("avx512 ct mask form: not supported by this CPU, covered by the emulated test\n");
        return;
    }
    printf("avx512 constant-time kernels, mask form:\n");
    const dot_aors_case cases[2] = {
        {"avx512 mask add_n_ct (+c)", dot_avx512_mask_add_n_ct, 0, dot_avx512_mask_add_nc_ct, 0},
        {"avx512 mask sub_n_ct (+c)", dot_avx512_mask_sub_n_ct, 1, dot_avx512_mask_sub_nc_ct, 0},
    };
    for (int i = 0; i < 2; i++)
        dot_addsub_battery(&cases[i], RANDOM_CASES);
}

int main(void)
{
    const char *const *names = dot_isa_names();
    for (size_t i = 0; names[i]; i++) {
        const dot_kernels *k = dot_kernels_for(names[i]);
        if (!k) {
            printf("%s: not supported by this CPU, covered by the emulated test\n", names[i]);
            continue;
        }
        printf("%s (add/sub code of %s):\n", names[i], k->addsub_from);
        battery_for(names[i], k);
    }
    ct_mask_form();
    planted_avx2_no_cascade_check();
    printf("dispatched entry points (%s):\n", dot_settings());
    dot_kernels entry = {.add_n = dot_add_n,
                         .sub_n = dot_sub_n,
                         .add_n_ct = dot_add_n_ct,
                         .sub_n_ct = dot_sub_n_ct,
                         .add_nc = dot_add_nc,
                         .sub_nc = dot_sub_nc,
                         .add_nc_ct = dot_add_nc_ct,
                         .sub_nc_ct = dot_sub_nc_ct};
    battery_for("dot", &entry);
    return dot_check_summary();
}
