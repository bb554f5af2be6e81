/* The steps of an NTT product, shared by every variant: transform each operand modulo each prime,
 * multiply pointwise, transform back, reconstruct. The schoolbook product takes the operands for
 * which the transforms cannot pay (ntt_ops.school_ratio). */
#include <stdlib.h>
#include "ntt_impl.h"

size_t ntt_size_for(size_t ncoef)
{
    for (size_t n = (size_t)1 << NTT_LOG_MIN;; n *= 2) {
        if (n >= ncoef)
            return n;
        if (n / 2 >= ((size_t)1 << NTT_LOG_MIN) && 3 * n / 2 >= ncoef)
            return 3 * n / 2;
    }
}

size_t ntt_size_below(size_t n)
{
    size_t below = 0;
    for (size_t m = (size_t)1 << NTT_LOG_MIN; m < n; m *= 2) {
        below = m;
        if (m / 2 >= ((size_t)1 << NTT_LOG_MIN) && 3 * m / 2 < n) /* 3 (m / 2) */
            below = 3 * m / 2;
    }
    return below;
}

int ntt_set_alloc(ntt_set *s, size_t n)
{
    uint64_t *block = aligned_alloc(64, NTT_PRIMES * n * sizeof(uint64_t));
    for (int i = 0; i < NTT_PRIMES; i++)
        s->r[i] = block ? block + i * n : NULL;
    return block ? 0 : -1;
}

void ntt_set_free(ntt_set *s)
{
    free(s->r[0]);
    for (int i = 0; i < NTT_PRIMES; i++)
        s->r[i] = NULL;
}

void ntt_transform(const ntt_ops *ops, const ntt_tables *t, ntt_set *s, const dot_limb_t *up,
                   size_t un, size_t n)
{
    for (int i = 0; i < NTT_PRIMES; i++) {
        ops->forward(s->r[i], up, un, n, &t->prime[i]);
    }
}

void ntt_finish(const ntt_ops *ops, const ntt_tables *t, ntt_set *s, const ntt_set *g,
                dot_limb_t *rp, size_t rn, size_t n, const dot_limb_t *up, size_t un,
                const dot_limb_t *vp, size_t vn)
{
    size_t ncoef = un + vn - 1, needed = ncoef < rn ? ncoef : rn;
    for (int i = 0; i < NTT_PRIMES; i++) {
        ops->pointwise(s->r[i], g->r[i], n, &t->prime[i]);
        ops->inverse(s->r[i], n, &t->prime[i]);
    }
    ops->reconstruct(s->r, n, ncoef > n ? n : needed, t);
    if (ncoef > n)
        ntt_wrap_fix(s->r, n, ncoef, up, un, vp, vn);
    ntt_combine(rp, rn, s->r, ncoef);
}

static void out_of_memory(void) { abort(); /* mpn_mul has no way to fail; neither has this */ }

static int school_wins(const ntt_ops *ops, size_t un, size_t vn)
{
    return un * vn < ops->school_ratio * ntt_size_for(un + vn - 1);
}

void ntt_mul_with(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t un,
                  const dot_limb_t *vp, size_t vn)
{
    if (school_wins(ops, un, vn))
        ntt_basecase_mul(rp, up, un, vp, vn);
    else
        ntt_mul_transform(ops, rp, up, un, vp, vn);
}

size_t ntt_product_length(const ntt_ops *ops, size_t un, size_t ncoef, int square)
{
    size_t n = ntt_size_for(ncoef), below = ntt_size_below(n), e = ncoef - below;
    size_t direct = e * (e + 1) / 2, saved = ops->school_ratio * (n - below);
    if (below >= un && (square ? 3 * direct < 2 * saved : 2 * direct < saved))
        return below;
    return n;
}

/* {rp, un + vn} = {up, un} {vp, vn}; the same operand twice squares (one transform set). */
static void product(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t un,
                    const dot_limb_t *vp, size_t vn)
{
    const ntt_tables *t = ntt_tables_get();
    int square = vp == up && vn == un; /* pointers and sizes, not values */
    size_t ncoef = un + vn - 1, n = ntt_product_length(ops, un, ncoef, square);
    size_t stride = ncoef > n ? (ncoef + 7) / 8 * 8 : n; /* room for the wrapped coefficients */
    ntt_set a, b;
    if (ntt_set_alloc(&a, stride) || (!square && ntt_set_alloc(&b, stride)))
        out_of_memory();
    ntt_transform(ops, t, &a, up, un, n);
    if (!square)
        ntt_transform(ops, t, &b, vp, vn, n);
    ntt_finish(ops, t, &a, square ? &a : &b, rp, un + vn, n, up, un, vp, vn);
    ntt_set_free(&a);
    if (!square)
        ntt_set_free(&b);
}

void ntt_mul_transform(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t un,
                       const dot_limb_t *vp, size_t vn)
{
    product(ops, rp, up, un, vp, vn);
}

void ntt_sqr_with(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t n)
{
    if (school_wins(ops, n, n))
        ntt_basecase_mul(rp, up, n, up, n);
    else
        ntt_sqr_transform(ops, rp, up, n);
}

void ntt_sqr_transform(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t n)
{
    product(ops, rp, up, n, up, n);
}
