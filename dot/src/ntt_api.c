/* The public entry points of dot_ntt.h: the variant follows dot_isa(), resolved once. */
#include <stdatomic.h>
#include <string.h>
#include "ntt_impl.h"

static _Atomic(const ntt_ops *) active_ops;

const ntt_ops *ntt_active_ops(void)
{
    const ntt_ops *ops = atomic_load_explicit(&active_ops, memory_order_acquire);
    if (DOT_LIKELY(ops != NULL))
        return ops;
    ops = strcmp(dot_isa(), "ifma") == 0 ? &ntt_ifma_ops : &ntt_scalar_ops;
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
