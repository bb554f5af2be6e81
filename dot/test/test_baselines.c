/* The prior-work baselines (dot_baselines.h) that this CPU can run, against GMP: the add/sub
 * battery for the ADC, Ren et al. and two-level KSA adders, the multiply battery for
 * Gueron-Krasnov. The emulated build (emul/test_baselines512.c) covers the AVX-512 and IFMA ones
 * on any machine. */
#include <stdio.h>
#include "common/addsub_battery.h"
#include "common/test_mul_battery.h"
#include "dot_baselines.h"

int main(void)
{
    const unsigned long cases = 100000UL;
    const struct {
        const char *isa;
        dot_aors_case add, sub;
    } adders[] = {
        {"scalar",
         {"adc add_n", dot_baseline_adc_add_n, 0, NULL, 0},
         {"adc sub_n", dot_baseline_adc_sub_n, 1, NULL, 0}},
        {"avx2",
         {"ren avx2 add_n", dot_baseline_ren_add_n_avx2, 0, NULL, 1},
         {"ren avx2 sub_n", dot_baseline_ren_sub_n_avx2, 1, NULL, 1}},
        {"avx2",
         {"ksa avx2 add_n", dot_baseline_ksa_add_n_avx2, 0, NULL, 1},
         {"ksa avx2 sub_n", dot_baseline_ksa_sub_n_avx2, 1, NULL, 1}},
        {"avx512",
         {"ren avx512 add_n", dot_baseline_ren_add_n_avx512, 0, NULL, 1},
         {"ren avx512 sub_n", dot_baseline_ren_sub_n_avx512, 1, NULL, 1}},
        {"avx512",
         {"ksa avx512 add_n", dot_baseline_ksa_add_n_avx512, 0, NULL, 1},
         {"ksa avx512 sub_n", dot_baseline_ksa_sub_n_avx512, 1, NULL, 1}},
    };
    for (size_t i = 0; i < sizeof adders / sizeof adders[0]; i++) {
        if (!dot_isa_supported(adders[i].isa)) {
            printf("  %-28s skipped: this CPU cannot run %s\n", adders[i].add.label, adders[i].isa);
            continue;
        }
        dot_addsub_battery(&adders[i].add, cases);
        dot_addsub_battery(&adders[i].sub, cases);
    }
    if (dot_isa_supported("ifma"))
        mul_battery("gueron-krasnov ifma", dot_baseline_gk_mul_4x4, NULL, NULL, cases);
    else
        printf("  %-28s skipped: this CPU cannot run ifma\n", "gueron-krasnov ifma");
    return dot_check_summary();
}
