/* Every add/sub kernel of every variant this CPU runs, and the dispatched entry points,
 * against GMP. Variants this CPU lacks are covered by the emulated build (emul/). */
#include <stdio.h>
#include <stdlib.h>
#include "common/addsub_battery.h"
#include "common/check.h"
#include "dot_impl.h"

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
