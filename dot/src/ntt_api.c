/* The public entry points of dot_ntt.h: the variant follows dot_isa(), resolved once: ifma runs
 * the IFMA transforms; avx2 and avx512 run the AVX2 ones where the CPU has FMA too; the others
 * run the scalar reference. */
#include <stdatomic.h>
#include <string.h>
#include "ntt_impl.h"

static _Atomic(const ntt_ops *) active_ops;

int ntt_avx2_runs(void)
{
    dot_cpu cpu = dot_cpu_detect();
    return cpu.avx2 && cpu.fma;
}

const ntt_ops *ntt_active_ops(void)
{
    const ntt_ops *ops = atomic_load_explicit(&active_ops, memory_order_acquire);
    if (DOT_LIKELY(ops != NULL))
        return ops;
    const char *isa = dot_isa();
    if (strcmp(isa, "ifma") == 0)
        ops = &ntt_ifma_ops;
    else if ((strcmp(isa, "avx2") == 0 || strcmp(isa, "avx512") == 0) && ntt_avx2_runs())
        ops = &ntt_avx2_ops;
    else
        ops = &ntt_scalar_ops;
    atomic_store_explicit(&active_ops, ops, memory_order_release);
    return ops;
}

void dot_ntt_mul(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp, size_t vn)
{
    ntt_mul_with(ntt_active_ops(), rp, up, un, vp, vn);
}

void dot_ntt_sqr(dot_limb_t *rp, const dot_limb_t *up, size_t n)
{
    ntt_sqr_with(ntt_active_ops(), rp, up, n);
}
