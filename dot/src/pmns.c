/* The PMNS API of dot_pmns.h: loading, with the kernels chosen from dot_isa(), and products.
 * Conversions: pmns_convert.c; parameter files and their sizes: pmns_params.c; the kernels' tables
 * built from them: pmns_tables.c. */
#include <string.h>
#include <x86intrin.h>
#include "dot_impl.h"
#include "pmns_impl.h"

dot_pmns *dot_pmns_load(const char *path)
{
    dot_pmns *pm = dot_pmns_read(path);
    if (!pm)
        return NULL;
    int ifma = strcmp(dot_isa(), "ifma") == 0;
    pm->mul = ifma ? pmns_ifma_mul : pmns_scalar_mul;
    pm->reduce = ifma ? pmns_ifma_reduce : pmns_scalar_reduce;
    pm->mul8 = ifma ? pmns_ifma_mul8 : pmns_scalar_mul8;
    return pm;
}

void dot_pmns_mul(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y)
{
    pm->mul(pm, r, x, y, 0);
}

void dot_pmns_mul_trunc(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y)
{
    pm->mul(pm, r, x, y, 1);
}

void dot_pmns_mul_batch(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y)
{
    pm->mul8(pm, r, x, y, 0);
}

void dot_pmns_mul_trunc_batch(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y)
{
    pm->mul8(pm, r, x, y, 1);
}

uint64_t dot_pmns_mul_loop(const dot_pmns *pm, int trunc, int batch, uint64_t *x, const uint64_t *y,
                           uint64_t iterations)
{
    pmns_mul_fn *mul = batch ? pm->mul8 : pm->mul;
    trunc = trunc != 0;
    _mm_lfence();
    uint64_t t0 = __rdtsc();
    _mm_lfence();
    for (uint64_t i = 0; i < iterations; i++)
        mul(pm, x, x, y, trunc);
    _mm_lfence();
    uint64_t t1 = __rdtsc();
    return t1 - t0;
}
