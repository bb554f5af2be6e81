/* The AVX-512 add/sub sources, compiled against SIMDe plus the shim (emulate512.h), against
 * GMP: the same battery the native variants pass. */
#include <stdio.h>
#include "../common/addsub_battery.h"
#include "../common/check.h"
#include "dot_impl.h"

int main(void)
{
    printf("avx512 (emulated with SIMDe):\n");
    const dot_aors_case cases[4] = {
        {"avx512 add_n (+c)", dot_avx512_add_n, 0, dot_avx512_add_nc, 0},
        {"avx512 sub_n (+c)", dot_avx512_sub_n, 1, dot_avx512_sub_nc, 0},
        {"avx512 add_n_ct (+c)", dot_avx512_add_n_ct, 0, dot_avx512_add_nc_ct, 0},
        {"avx512 sub_n_ct (+c)", dot_avx512_sub_n_ct, 1, dot_avx512_sub_nc_ct, 0},
    };
    for (int i = 0; i < 4; i++)
        dot_addsub_battery(&cases[i], 100000UL);
    return dot_check_summary();
}
