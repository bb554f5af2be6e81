/* The AVX-512 and IFMA baselines compiled against SIMDe plus the shim, against GMP: the same
 * batteries as the native test. */
#include <stdio.h>
#include "../common/addsub_battery.h"
#include "../common/test_mul_battery.h"
#include "dot_baselines.h"

int main(void)
{
    printf("avx512/ifma baselines (emulated with SIMDe and the shim):\n");
    const dot_aors_case cases[4] = {
        {"ren avx512 add_n", dot_baseline_ren_add_n_avx512, 0, NULL, 1},
        {"ren avx512 sub_n", dot_baseline_ren_sub_n_avx512, 1, NULL, 1},
        {"ksa avx512 add_n", dot_baseline_ksa_add_n_avx512, 0, NULL, 1},
        {"ksa avx512 sub_n", dot_baseline_ksa_sub_n_avx512, 1, NULL, 1},
    };
    for (int i = 0; i < 4; i++)
        dot_addsub_battery(&cases[i], 100000UL);
    mul_battery("gueron-krasnov ifma", dot_baseline_gk_mul_4x4, NULL, NULL, 100000UL);
    return dot_check_summary();
}
