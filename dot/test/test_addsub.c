/* Every add/sub kernel of every variant this CPU runs, and the dispatched entry points,
 * against GMP. Variants this CPU lacks are covered by the emulated build (emul/). */
#include <stdio.h>
#include <stdlib.h>
#include "common/addsub_battery.h"
#include "common/check.h"
#include "dot_impl.h"

/* The planted control below: the AVX2 fast flavour's lane-shift kernel without its cascade check,
 * compiled into this file only (the kernels under test are the library's, linked in). The AVX-512
 * kernel's control is in the emulated test (emul/test_avx512.c). */
#pragma GCC push_options
#pragma GCC target("avx2")
#define DOT_LANE_CASCADE_CHECK 0
#include "avx2/aors.h"

/* The unchecked lane shift as dot_whole_cascades_wrong calls it. */
static dot_limb_t avx2_unchecked(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                 size_t n, int is_sub)
{
    return avx2_lane_aors(rp, up, vp, n, 0, is_sub ? DOT_OP_SUB : DOT_OP_ADD);
}
#pragma GCC pop_options

static void planted_avx2_no_cascade_check(void)
{
    if (!dot_kernels_for("avx2")) {
        printf("avx2 planted control: not supported by this CPU\n");
        return;
    }
    /* whole-operand cascades up to 64 limbs: the kernel without the check must get some wrong, or
     * the battery could not tell that the check works */
    unsigned wrong = dot_whole_cascades_wrong(avx2_unchecked, 64);
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
