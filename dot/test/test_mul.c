/* dot_mul_4x4, dot_sqr_4x4 and dot_mul_5x5_r52 of every variant this CPU can run, against GMP,
 * plus the IFMA kernels themselves (the dispatch table holds only those that win, but all of them
 * are benchmarked and must stay right) and the public entry points (whatever variant dispatch
 * picked). Variants the CPU lacks are named as skipped; the emulated build
 * (emul/test_mul_ifma.c) covers the IFMA kernels on any machine. */
#include <stdio.h>
#include "common/test_mul_battery.h"
#include "dot_impl.h"

int main(void)
{
    const unsigned long cases = 100000UL;
    for (const char *const *name = dot_isa_names(); *name; name++) {
        const dot_kernels *k = dot_kernels_for(*name);
        if (!k) {
            printf("  %-28s skipped: this CPU cannot run it\n", *name);
            continue;
        }
        char label[64];
        snprintf(label, sizeof label, "%s (mul from %s)", k->name, k->mul_from);
        mul_battery(label, k->mul_4x4, k->sqr_4x4, k->mul_5x5_r52, cases);
    }
    if (dot_isa_supported("ifma"))
        mul_battery("ifma kernels", dot_ifma_mul_4x4, dot_ifma_sqr_4x4, dot_ifma_mul_5x5_r52,
                    cases);
    else
        printf("  %-28s skipped: this CPU cannot run it\n", "ifma kernels");
    char label[64];
    snprintf(label, sizeof label, "dot_* entry points (%s)", dot_isa());
    mul_battery(label, dot_mul_4x4, dot_sqr_4x4, dot_mul_5x5_r52, cases);
    return dot_check_summary();
}
