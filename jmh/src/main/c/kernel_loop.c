/* The loops declared in kernel_loop.h. */
#include "kernel_loop.h"

uint64_t dotbench_kloop_addsub(addsub_fn f, limb_t *rp, const limb_t *up, const limb_t *vp,
                               size_t n, int64_t reps)
{
    uint64_t sum = 0;
    for (int64_t i = 0; i < reps; i++)
        sum += f(rp, up, vp, n);
    return sum;
}

uint64_t dotbench_kloop_mul_n(mul_n_fn f, limb_t *rp, const limb_t *up, const limb_t *vp, size_t n,
                              int64_t reps)
{
    for (int64_t i = 0; i < reps; i++)
        f(rp, up, vp, n);
    return rp[0];
}

uint64_t dotbench_kloop_sqr_n(sqr_n_fn f, limb_t *rp, const limb_t *up, size_t n, int64_t reps)
{
    for (int64_t i = 0; i < reps; i++)
        f(rp, up, n);
    return rp[0];
}

uint64_t dotbench_kloop_mul4(mul4_fn f, limb_t *rp, const limb_t *up, const limb_t *vp,
                             int64_t reps)
{
    for (int64_t i = 0; i < reps; i++)
        f(rp, up, vp);
    return rp[0];
}

uint64_t dotbench_kloop_sqr4(sqr4_fn f, limb_t *rp, const limb_t *up, int64_t reps)
{
    for (int64_t i = 0; i < reps; i++)
        f(rp, up);
    return rp[0];
}

uint64_t dotbench_kloop_bn3(bn3_fn f, void *r, const void *a, const void *b, int64_t reps)
{
    uint64_t failures = 0;
    for (int64_t i = 0; i < reps; i++)
        failures += f(r, a, b) != 1;
    return failures;
}

limb_t dotbench_kloop_empty(limb_t *rp, const limb_t *up, const limb_t *vp, size_t n)
{
    (void)rp;
    (void)up;
    (void)vp;
    return (limb_t)n;
}
