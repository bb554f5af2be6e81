/* dot_mul_basecase (the dispatched entry point) and both of its kernels against GMP's mpn_mul at
 * every size pair up to DOT_MUL_BASECASE_MAX; the IFMA kernel where this CPU runs it. The
 * emulated test (emul/test_mul_ifma.c) runs the IFMA kernel everywhere, with a planted control. */
#include <stdio.h>
#include "common/mul_basecase_battery.h"
#include "dot_impl.h"

int main(void)
{
    printf("dot_mul_basecase (dispatched to %s):\n", dot_isa());
    mulb_battery("dot_mul_basecase", dot_mul_basecase, DOT_MUL_BASECASE_MAX, 4, 1);
    mulb_battery("scalar kernel", dot_scalar_mul_basecase, DOT_MUL_BASECASE_MAX, 1, 2);
    if (dot_isa_supported("ifma"))
        mulb_battery("ifma kernel", dot_ifma_mul_basecase, DOT_MUL_BASECASE_MAX, 4, 3);
    else
        printf("  ifma kernel: this CPU has no IFMA (the emulated test covers it)\n");
    return dot_check_summary();
}
