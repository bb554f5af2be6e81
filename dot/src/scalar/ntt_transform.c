/* Scalar reference transforms of the NTT family: the same arithmetic, constants and value ranges
 * as the vector variants (ntt_impl.h), one coefficient at a time. */
#include "ntt_arith.h"

#define LIMB_LO50 ((UINT64_C(1) << 50) - 1)

static void load(uint64_t *a, const dot_limb_t *up, size_t un, size_t n, const ntt_prime *q)
{
    size_t i;
    for (i = 0; i < un; i++) /* lo50 < 2^50 < 2p and the product < 2p: the sum is below 4p */
        a[i] = ntt_reduce((up[i] & LIMB_LO50) + ntt_mul_shoup(up[i] >> 50, q->c50, q->p), q->two_p);
    for (; i < n; i++)
        a[i] = 0;
}

static ntt_const at(const uint64_t *w, const uint64_t *w_shoup, size_t i)
{
    return (ntt_const){w[i], w_shoup[i]};
}

/* Gentleman-Sande butterflies on a power-of-two length n; x, y in [0, 2p) give x + y and
 * (x - y) w, both in [0, 2p). */
static void forward2(uint64_t *a, size_t n, const ntt_prime *q)
{
    for (size_t m = n / 2; m >= 1; m >>= 1)
        for (size_t s = 0; s < n; s += 2 * m)
            for (size_t k = 0; k < m; k++) {
                uint64_t x = a[s + k], y = a[s + k + m];
                a[s + k] = ntt_reduce(x + y, q->two_p);
                a[s + k + m] = ntt_mul_shoup(x - y + q->two_p, at(q->fwd, q->fwd_shoup, m + k),
                                             q->p);
            }
}

/* Cooley-Tukey butterflies; x, y in [0, 4p): x reduced to [0, 2p), t = y w in [0, 2p), then
 * x + t and x - t + 2p, both in [0, 4p). */
static void inverse2(uint64_t *a, size_t n, const ntt_prime *q)
{
    for (size_t m = 1; m < n; m <<= 1)
        for (size_t s = 0; s < n; s += 2 * m)
            for (size_t k = 0; k < m; k++) {
                uint64_t x = ntt_reduce(a[s + k], q->two_p);
                uint64_t t = ntt_mul_shoup(a[s + k + m], at(q->inv, q->inv_shoup, m + k), q->p);
                a[s + k] = x + t;
                a[s + k + m] = x - t + q->two_p;
            }
}

/* Length 3m, first stage: (a, b, c) at j, j + m, j + 2m, each in [0, 2p), become
 * a + b + c, (a - c + w3 (b - c)) w^j and (a - b - w3 (b - c)) w^2j, w = w_3m, each in [0, 2p);
 * then three transforms of length m. */
static void forward(uint64_t *a, const dot_limb_t *up, size_t un, size_t n, const ntt_prime *q)
{
    load(a, up, un, n, q);
    if (n % 3) {
        forward2(a, n, q);
        return;
    }
    size_t m = n / 3;
    uint64_t p = q->p, p2 = q->two_p, p4 = 2 * q->two_p;
    for (size_t j = 0; j < m; j++) {
        uint64_t x = a[j], y = a[j + m], z = a[j + 2 * m];
        uint64_t t = ntt_mul_shoup(y - z + p2, q->cube, p);
        a[j] = ntt_reduce(ntt_reduce(x + y + z, p4), p2);
        uint64_t u = ntt_reduce(x - z + p2, p2) + t;        /* [0, 4p) */
        uint64_t v = ntt_reduce(x - y + p2, p2) + (p2 - t); /* (0, 4p) */
        a[j + m] = ntt_mul_shoup(u, at(q->r3_w1, q->r3_w1_shoup, m + j), p);
        a[j + 2 * m] = ntt_mul_shoup(v, at(q->r3_w2, q->r3_w2_shoup, m + j), p);
    }
    for (int b = 0; b < 3; b++)
        forward2(a + b * m, m, q);
}

/* Length 3m: three inverse transforms of length m, then the inverse of forward's first stage on
 * (x, y, z) in [0, 4p): y w^-j and z w^-2j in [0, 2p), x reduced to [0, 2p), then
 * x + y + z, x - y + w3 (z - y) and x - z - w3 (z - y), each reduced from [0, 6p) to [0, 4p). */
static void inverse(uint64_t *a, size_t n, const ntt_prime *q)
{
    if (n % 3) {
        inverse2(a, n, q);
        return;
    }
    size_t m = n / 3;
    for (int b = 0; b < 3; b++)
        inverse2(a + b * m, m, q);
    uint64_t p = q->p, p2 = q->two_p, p4 = 2 * q->two_p;
    for (size_t j = 0; j < m; j++) {
        uint64_t x = ntt_reduce(a[j], p2);
        uint64_t y = ntt_mul_shoup(a[j + m], at(q->r3_i1, q->r3_i1_shoup, m + j), p);
        uint64_t z = ntt_mul_shoup(a[j + 2 * m], at(q->r3_i2, q->r3_i2_shoup, m + j), p);
        uint64_t t = ntt_mul_shoup(z - y + p2, q->cube, p);
        a[j] = ntt_reduce(x + y + z, p4);
        a[j + m] = ntt_reduce(x - y + p2 + t, p4);
        a[j + 2 * m] = ntt_reduce(x - z + p2 + (p2 - t), p4);
    }
}

static void pointwise(uint64_t *a, const uint64_t *b, size_t n, const ntt_prime *q)
{
    for (size_t i = 0; i < n; i++)
        a[i] = ntt_mul_mont(a[i], b[i], q);
}

const ntt_ops ntt_scalar_ops = {"scalar", 95, forward, pointwise, inverse, ntt_scalar_reconstruct};
