/* Every add/sub kernel of every variant this CPU runs, and the dispatched entry points,
 * against GMP. Variants this CPU lacks are covered by the emulated build (emul/). */
#include <stdio.h>
#include <stdlib.h>
#include "common/addsub_battery.h"
#include "common/check.h"

#define RANDOM_CASES 100000UL

static void battery_for(const char *variant, const dot_kernels *k)
{
    char labels[4][64];
    const char *ops[4] = {"add_n", "sub_n", "add_n_ct", "sub_n_ct"};
    dot_aors_fn fns[4] = {k->add_n, k->sub_n, k->add_n_ct, k->sub_n_ct};
    for (int i = 0; i < 4; i++) {
        snprintf(labels[i], sizeof labels[i], "%s %s", variant, ops[i]);
        dot_aors_case c = {labels[i], fns[i], i % 2};
        dot_addsub_battery(&c, RANDOM_CASES);
    }
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
    printf("dispatched entry points (dot_isa() = %s):\n", dot_isa());
    dot_kernels entry = {.add_n = dot_add_n, .sub_n = dot_sub_n, .add_n_ct = dot_add_n_ct,
                         .sub_n_ct = dot_sub_n_ct};
    battery_for("dot", &entry);
    return dot_check_summary();
}
