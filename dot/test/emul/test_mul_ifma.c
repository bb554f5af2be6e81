/* The ifma multiply/square sources compiled against SIMDe plus the shim (emulate512.h with
 * emulate_ifma.h), against GMP: the same battery the native variants pass. */
#include <stdio.h>
#include "../common/test_mul_battery.h"
#include "dot_impl.h"

int main(void)
{
    printf("ifma (emulated with SIMDe and the IFMA shim):\n");
    mul_battery("ifma", dot_ifma_mul_4x4, dot_ifma_sqr_4x4, dot_ifma_mul_5x5_r52, 100000UL);
    return dot_check_summary();
}
