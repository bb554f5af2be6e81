/* The ifma multiply/square sources compiled against SIMDe plus the shim (emulate512.h with
 * emulate_ifma.h), against GMP: the same battery the native variants pass. */
#include <stdio.h>
#include "../common/test_mul_battery.h"
#include "../common/mul_basecase_battery.h"
#include "dot_impl.h"
/* The planted control below: the schoolbook kernel without its carry-cascade check, compiled into
 * this file only (the kernel under test is the library's, linked in). */
#define DOT_BASECASE_CASCADE_CHECK 0
#include "ifma/mul_basecase.h"

/* All-ones operands make long runs of all-ones digits, where the second carry round overflows:
 * without the check some products (and some squares, through the square's own columns) must
 * come out wrong. */
static void planted_no_cascade_check(void)
{
    dot_limb_t u[32], v[32], want[64], got[64], got_sqr[64];
    unsigned wrong = 0, wrong_sqr = 0;
    for (size_t n = 1; n <= 32; n++) {
        for (size_t i = 0; i < n; i++)
            u[i] = v[i] = ~(dot_limb_t)0;
        mpn_mul(want, u, (mp_size_t)n, v, (mp_size_t)n);
        ifma_mul_basecase(got, u, n, v, n);
        ifma_sqr_basecase(got_sqr, u, n);
        wrong += memcmp(want, got, 2 * n * sizeof *got) != 0;
        wrong_sqr += memcmp(want, got_sqr, 2 * n * sizeof *got_sqr) != 0;
    }
    CHECK(wrong > 0, "planted control (basecase without the cascade check) not caught");
    CHECK(wrong_sqr > 0, "planted control (square without the cascade check) not caught");
    printf("  planted control (no cascade check)  wrong in %u of 32 all-ones products, %u of 32 "
           "squares: %s\n",
           wrong, wrong_sqr, wrong && wrong_sqr ? "caught" : "NOT CAUGHT");
}

int main(void)
{
    printf("ifma (emulated with SIMDe and the IFMA shim):\n");
    mul_battery("ifma", dot_ifma_mul_4x4, dot_ifma_sqr_4x4, dot_ifma_mul_5x5_r52, 100000UL);
    mulb_battery("ifma mul_basecase", dot_ifma_mul_basecase, 40, 2, 5);
    sqrb_battery("ifma sqr_basecase", dot_ifma_sqr_basecase, 64, 8, 6);
    planted_no_cascade_check();
    return dot_check_summary();
}
