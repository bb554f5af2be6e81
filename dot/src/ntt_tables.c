/* The primes, their roots of unity, the twiddle tables and the reconstruction constants. Built
 * once from a handful of constants; only sizes, never operands, reach this code. */
#include <pthread.h>
#include "ntt_arith.h"

#define NTT_ROOT_LOG 20 /* 3 2^20 divides p - 1 for each prime */

/* p = c 3 2^20 + 1 < 2^50, the three largest such primes, largest first, and an element of order
 * 3 2^20 modulo each */
static const uint64_t primes[NTT_PRIMES] = {0x3fffffd500001, 0x3fffffc600001, 0x3fffff9300001};
static const uint64_t roots[NTT_PRIMES] = {0x2fe9994b32af4, 0x5e77da244ac6, 0x1526280100754};

static ntt_tables tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t p)
{
    return (uint64_t)((ntt_u128)a * b % p);
}

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t p)
{
    uint64_t r = 1;
    for (; e; e >>= 1, a = mulmod(a, a, p))
        if (e & 1)
            r = mulmod(r, a, p);
    return r;
}

static uint64_t invmod(uint64_t a, uint64_t p) { return powmod(a, p - 2, p); }

static ntt_const constant(uint64_t w, uint64_t p)
{
    return (ntt_const){w, (uint64_t)(((ntt_u128)w << 52) / p)};
}

static void put(uint64_t *w, uint64_t *w_shoup, size_t i, uint64_t x, uint64_t p)
{
    ntt_const c = constant(x, p);
    w[i] = c.w;
    w_shoup[i] = c.w_shoup;
}

static void build_prime(ntt_prime *q, uint64_t p, uint64_t root3)
{
    q->p = p;
    q->two_p = 2 * p;
    q->neg_p = (UINT64_C(1) << 52) - p;
    uint64_t inv = 1; /* Newton's iteration for p^-1 mod 2^64: each step doubles the good bits */
    for (int i = 0; i < 6; i++)
        inv *= 2 - p * inv;
    q->p_inv = inv & NTT_MASK52;
    q->c50 = constant((UINT64_C(1) << 50) % p, p);
    uint64_t r52 = powmod(2, 52, p), half = invmod(2, p), third = invmod(3, p);
    for (int k = 0; k <= NTT_LOG_MAX; k++) {
        uint64_t s = mulmod(r52, powmod(half, (uint64_t)k, p), p);
        q->scale[0][k] = constant(s, p);
        q->scale[1][k] = constant(mulmod(s, third, p), p);
    }
    uint64_t root2 = powmod(root3, 3, p); /* order 2^20, so that w_3m^3 = w_m */
    q->cube = constant(powmod(root3, (uint64_t)1 << NTT_ROOT_LOG, p), p);
    for (size_t m = 1; m < NTT_MAX; m <<= 1) {
        uint64_t w = powmod(root2, ((uint64_t)1 << NTT_ROOT_LOG) / (2 * m), p), wi = invmod(w, p);
        uint64_t v = powmod(root3, ((uint64_t)1 << NTT_ROOT_LOG) / m, p), vi = invmod(v, p);
        uint64_t x = 1, xi = 1, y = 1, yi = 1;
        for (size_t k = 0; k < m; k++) {
            put(q->fwd, q->fwd_shoup, m + k, x, p);
            put(q->inv, q->inv_shoup, m + k, xi, p);
            put(q->r3_w1, q->r3_w1_shoup, m + k, y, p);
            put(q->r3_w2, q->r3_w2_shoup, m + k, mulmod(y, y, p), p);
            put(q->r3_i1, q->r3_i1_shoup, m + k, yi, p);
            put(q->r3_i2, q->r3_i2_shoup, m + k, mulmod(yi, yi, p), p);
            x = mulmod(x, w, p);
            xi = mulmod(xi, wi, p);
            y = mulmod(y, v, p);
            yi = mulmod(yi, vi, p);
        }
    }
}

static void build_small_stages(ntt_prime *q)
{
    for (int s = 0; s < 3; s++) {
        size_t m = (size_t)4 >> s;
        for (size_t l = 0; l < 8; l++) {
            size_t i = m + (l & (m - 1));
            q->small_fwd[s][l] = q->fwd[i];
            q->small_fwd_shoup[s][l] = q->fwd_shoup[i];
            q->small_inv[s][l] = q->inv[i];
            q->small_inv_shoup[s][l] = q->inv_shoup[i];
        }
    }
}

/* w mod p as the residue of least absolute value, exactly (|w| <= p / 2 < 2^49) */
static double centred(uint64_t w, uint64_t p)
{
    w %= p;
    return w > p / 2 ? -(double)(p - w) : (double)w;
}

void ntt_prime_derive_doubles(ntt_prime *q)
{
    uint64_t p = q->p;
    for (size_t i = 1; i < NTT_MAX; i++) {
        q->d_fwd[i] = centred(q->fwd[i], p);
        q->d_inv[i] = centred(q->inv[i], p);
        q->d_r3_w1[i] = centred(q->r3_w1[i], p);
        q->d_r3_w2[i] = centred(q->r3_w2[i], p);
        q->d_r3_i1[i] = centred(q->r3_i1[i], p);
        q->d_r3_i2[i] = centred(q->r3_i2[i], p);
    }
    q->d_cube = centred(q->cube.w, p);
    q->d_c50 = centred(q->c50.w, p);
}

static void build(void)
{
    for (int i = 0; i < NTT_PRIMES; i++) {
        build_prime(&tables.prime[i], primes[i], roots[i]);
        build_small_stages(&tables.prime[i]);
        ntt_prime_derive_doubles(&tables.prime[i]);
    }
    uint64_t p0 = primes[0], p1 = primes[1], p2 = primes[2];
    tables.p0_inv_mod_p1 = constant(invmod(p0 % p1, p1), p1);
    tables.p0_mod_p2 = constant(p0 % p2, p2);
    tables.p01_inv_mod_p2 = constant(invmod(mulmod(p0 % p2, p1 % p2, p2), p2), p2);
    ntt_u128 p01 = (ntt_u128)p0 * p1;
    tables.p01_lo = (uint64_t)p01;
    tables.p01_hi = (uint64_t)(p01 >> 64);
}

const ntt_tables *ntt_tables_get(void)
{
    pthread_once(&tables_once, build);
    return &tables;
}
