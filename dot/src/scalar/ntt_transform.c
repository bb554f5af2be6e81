/* Scalar reference transforms of the NTT family: the same arithmetic, constants and value ranges
 * as the vector variants (ntt_impl.h), one coefficient at a time. */
#include "ntt_arith.h"

#define LIMB_LO50 ((UINT64_C(1) << 50) - 1)

static void load(uint64_t *a, const dot_limb_t *up, size_t un, int logn, const ntt_prime *q)
{
    size_t n = (size_t)1 << logn, i;
    for (i = 0; i < un; i++) /* lo50 < 2^50 < 2p and the product < 2p: the sum is below 4p */
        a[i] = ntt_reduce((up[i] & LIMB_LO50) + ntt_mul_shoup(up[i] >> 50, q->c50, q->p), q->two_p);
    for (; i < n; i++)
        a[i] = 0;
}

/* Gentleman-Sande butterflies; x, y in [0, 2p) give x + y and (x - y) w, both in [0, 2p). */
static void forward(uint64_t *a, int logn, const ntt_prime *q)
{
    size_t n = (size_t)1 << logn;
    for (size_t m = n / 2; m >= 1; m >>= 1)
        for (size_t s = 0; s < n; s += 2 * m)
            for (size_t k = 0; k < m; k++) {
                uint64_t x = a[s + k], y = a[s + k + m];
                a[s + k] = ntt_reduce(x + y, q->two_p);
                ntt_const w = {q->fwd[m + k], q->fwd_shoup[m + k]};
                a[s + k + m] = ntt_mul_shoup(x - y + q->two_p, w, q->p);
            }
}

static void pointwise(uint64_t *a, const uint64_t *b, int logn, const ntt_prime *q)
{
    size_t n = (size_t)1 << logn;
    for (size_t i = 0; i < n; i++)
        a[i] = ntt_mul_mont(a[i], b[i], q);
}

/* Cooley-Tukey butterflies; x, y in [0, 4p): x reduced to [0, 2p), t = y w in [0, 2p), then
 * x + t and x - t + 2p, both in [0, 4p). */
static void inverse(uint64_t *a, int logn, const ntt_prime *q)
{
    size_t n = (size_t)1 << logn;
    for (size_t m = 1; m < n; m <<= 1)
        for (size_t s = 0; s < n; s += 2 * m)
            for (size_t k = 0; k < m; k++) {
                uint64_t x = ntt_reduce(a[s + k], q->two_p);
                ntt_const w = {q->inv[m + k], q->inv_shoup[m + k]};
                uint64_t t = ntt_mul_shoup(a[s + k + m], w, q->p);
                a[s + k] = x + t;
                a[s + k + m] = x - t + q->two_p;
            }
}

const ntt_ops ntt_scalar_ops = {"scalar", load, forward, pointwise, inverse, ntt_scalar_digits};
