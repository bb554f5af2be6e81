/* dot_mul_basecase and dot_sqr_basecase (the dispatched entry points) and both kernels of each
 * against GMP's mpn_mul / mpn_sqr at every size (pair) up to DOT_MUL_BASECASE_MAX; the IFMA
 * kernels where this CPU runs them. The emulated test (emul/test_mul_ifma.c) runs the IFMA
 * kernels everywhere, with planted controls. */
#include <stdio.h>
#include "common/mul_basecase_battery.h"
#include "dot_impl.h"

/* dot_mul_basecase with u longer than DOT_MUL_BASECASE_MAX (taken in chunks): random shapes,
 * vn up to the maximum, un up to 4.5 times it, against mpn_mul. */
static void long_u(void)
{
    enum { MAXU = 9 * DOT_MUL_BASECASE_MAX / 2 };
    static dot_limb_t u[MAXU], v[DOT_MUL_BASECASE_MAX], want[MAXU + DOT_MUL_BASECASE_MAX];
    static dot_limb_t buf[MAXU + DOT_MUL_BASECASE_MAX + 2 * MULBC_GUARD];
    dot_rng r;
    dot_rng_seed(&r, 9);
    unsigned long bad = 0, cases = 0;
    for (int t = 0; t < 600; t++) {
        size_t vn = 1 + dot_rng_below(&r, DOT_MUL_BASECASE_MAX);
        size_t un = DOT_MUL_BASECASE_MAX + 1 + dot_rng_below(&r, MAXU - DOT_MUL_BASECASE_MAX);
        int kind = t % 3;
        for (size_t i = 0; i < un; i++)
            u[i] = mulb_limb(&r, kind);
        for (size_t i = 0; i < vn; i++)
            v[i] = mulb_limb(&r, kind);
        mpn_mul(want, u, (mp_size_t)un, v, (mp_size_t)vn);
        for (size_t i = 0; i < sizeof buf / sizeof buf[0]; i++)
            buf[i] = MULBC_SENTINEL;
        dot_mul_basecase(buf + MULBC_GUARD, u, un, v, vn);
        int guards;
        cases++;
        if (!mulb_same(buf, want, un + vn, &guards) && bad++ < 5)
            CHECK(0, "dot_mul_basecase: %zu x %zu limbs, %s: %s", un, vn, mulb_kinds[kind],
                  guards ? "differs from GMP" : "wrote outside the product");
    }
    CHECK(bad == 0, "dot_mul_basecase, long u: %lu of %lu products wrong", bad, cases);
    printf("  %-34s %lu products (un up to %d): %s\n", "dot_mul_basecase, long u", cases, (int)MAXU,
           bad ? "FAILED" : "ok");
}

int main(void)
{
    printf("dot_mul_basecase (dispatched to %s):\n", dot_isa());
    mulb_battery("dot_mul_basecase", dot_mul_basecase, DOT_MUL_BASECASE_MAX, 4, 1);
    long_u();
    mulb_battery("scalar kernel", dot_scalar_mul_basecase, DOT_MUL_BASECASE_MAX, 1, 2);
    sqrb_battery("dot_sqr_basecase", dot_sqr_basecase, DOT_MUL_BASECASE_MAX, 40, 4);
    sqrb_battery("scalar square kernel", dot_scalar_sqr_basecase, DOT_MUL_BASECASE_MAX, 10, 5);
    if (dot_isa_supported("ifma")) {
        mulb_battery("ifma kernel", dot_ifma_mul_basecase, DOT_MUL_BASECASE_MAX, 4, 3);
        sqrb_battery("ifma square kernel", dot_ifma_sqr_basecase, DOT_MUL_BASECASE_MAX, 40, 6);
    } else
        printf("  ifma kernels: this CPU has no IFMA (the emulated test covers them)\n");
    return dot_check_summary();
}
