/*
 * PMNS product and Montgomery-like internal reduction, portable reference (dot_pmns.h).
 *
 * Contract: x, y elements (coefficients in [0, rho)); r receives x*y*phi^-1 with coefficients in
 * [0, rho); r may equal x or y. Every loop bound and table index depends on the parameter set
 * only, never on the data. Digits are 52 bits so the same tables serve the IFMA kernels; each
 * 52x52-bit digit product is split into its lo and hi halves, added into 64-bit column sums (the
 * parameter check keeps 4 s n + 1 halves per column below 2^64).
 */
#include <string.h>
#include "pmns_impl.h"

typedef unsigned __int128 u128;

static inline void madd52(uint64_t *lo, uint64_t *hi, uint64_t a, uint64_t b)
{
    u128 prod = (u128)a * b;
    *lo += (uint64_t)prod & PMNS_MASK52;
    *hi += (uint64_t)(prod >> PMNS_W);
}

/* Carry-propagates columns [from, to) of one coefficient (stride n), leaving 52-bit digits;
 * returns the carry out. */
static uint64_t propagate(uint64_t *col, size_t n, size_t from, size_t to, uint64_t carry)
{
    for (size_t c = from; c < to; c++) {
        uint64_t v = col[c * n] + carry;
        col[c * n] = v & PMNS_MASK52;
        carry = v >> PMNS_W;
    }
    return carry;
}

void pmns_scalar_reduce_from(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, size_t low)
{
    const size_t n = pm->n, s = pm->s;
    uint64_t v[2 * PMNS_MAX_S * PMNS_MAX_N], q[PMNS_MAX_S * PMNS_MAX_N];
    uint64_t clow[PMNS_MAX_S * PMNS_MAX_N];

    /* C mod phi, coefficient-wise: the low s columns, normalised. */
    memcpy(clow, cols, s * n * sizeof *clow);
    for (size_t k = 0; k < n; k++)
        propagate(clow + k, n, 0, s, 0);

    /* Q = C M' mod (E, phi): only the digit products of weight < s. */
    memset(q, 0, s * n * sizeof *q);
    for (size_t k = 0; k < n; k++) {
        for (size_t i = 0; i < n; i++)
            for (size_t u = 0; u < s; u++)
                for (size_t w = 0; u + w < s; w++) {
                    uint64_t hi = 0;
                    madd52(&q[(u + w) * n + k], &hi, clow[u * n + i],
                           pm->mp_ext[w * 2 * n + n + k - i]);
                    if (u + w + 1 < s)
                        q[(u + w + 1) * n + k] += hi;
                }
        propagate(q + k, n, 0, s, 0);
    }

    /* V = C + Q~ |M| + INIT without the halves of weight < low. */
    for (size_t c = 0; c < 2 * s; c++)
        for (size_t k = 0; k < n; k++)
            v[c * n + k] = cols[c * n + k] + pm->init[c * n + k];
    for (size_t k = 0; k < n; k++) {
        for (size_t i = 0; i < n; i++) {
            const size_t t = n + k - i;
            for (size_t u = 0; u < s; u++) {
                uint64_t qd = q[u * n + i] ^ pm->negmask[t];
                for (size_t w = 0; w < s; w++) {
                    if (u + w + 1 < low)
                        continue;
                    uint64_t lo = 0, hi = 0;
                    madd52(&lo, &hi, qd, pm->m_ext[w * 2 * n + t]);
                    if (u + w >= low)
                        v[(u + w) * n + k] += lo;
                    v[(u + w + 1) * n + k] += hi;
                }
            }
        }
        /* V / phi rounded up: exact for the full flavour (the low digits are zero), Theorem 2's
         * reconstruction for the truncated one (dot/pmns/genparams.py, bound (7)). */
        uint64_t carry = propagate(v + k, n, 0, s, 0);
        uint64_t any = 0;
        for (size_t c = 0; c < s; c++)
            any |= v[c * n + k];
        propagate(v + k, n, s, 2 * s, carry + (any != 0));
    }
    memcpy(r, v + s * n, s * n * sizeof *r);
}

void pmns_scalar_reduce(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc)
{
    pmns_scalar_reduce_from(pm, r, cols, trunc ? pm->s - 1 : 0);
}

void pmns_scalar_product(const dot_pmns *pm, uint64_t *cols, const uint64_t *x, const uint64_t *y)
{
    const size_t n = pm->n, s = pm->s;
    uint64_t ext[PMNS_MAX_S * 2 * PMNS_MAX_N];
    pmns_ext(pm, ext, y);
    memset(cols, 0, 2 * s * n * sizeof *cols);
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < n; i++)
            for (size_t u = 0; u < s; u++)
                for (size_t w = 0; w < s; w++)
                    madd52(&cols[(u + w) * n + k], &cols[(u + w + 1) * n + k], x[u * n + i],
                           ext[w * 2 * n + n + k - i]);
}

void pmns_scalar_mul(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                     int trunc)
{
    uint64_t cols[2 * PMNS_MAX_S * PMNS_MAX_N];
    pmns_scalar_product(pm, cols, x, y);
    pmns_scalar_reduce(pm, r, cols, trunc);
}

/* The batch form: the 8 products one after the other. */
void pmns_scalar_mul8(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                      int trunc)
{
    const size_t words = pm->n * pm->s;
    for (size_t l = 0; l < 8; l++)
        pmns_scalar_mul(pm, r + l * words, x + l * words, y + l * words, trunc);
}
