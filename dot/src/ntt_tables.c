/* The primes, their roots of unity, the twiddle tables and the reconstruction constants. Built
 * once from a handful of constants; only sizes, never operands, reach this code. */
#include <pthread.h>
#include "ntt_arith.h"

#define NTT_ROOT_LOG 20 /* 2^20 divides p - 1 for each prime */

/* p = c 2^20 + 1 < 2^50, the three largest such primes, and an element of order 2^20 mod each */
static const uint64_t primes[NTT_PRIMES] = {0x3fffffd900001, 0x3fffffd500001, 0x3fffffc600001};
static const uint64_t roots[NTT_PRIMES] = {0x32390d2b1ec2c, 0x320e4dbe040d2, 0x15cf00845ecfe};

static ntt_tables tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t p) { return (uint64_t)((ntt_u128)a * b % p); }

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t p)
{
    uint64_t r = 1;
    for (; e; e >>= 1, a = mulmod(a, a, p))
        if (e & 1)
            r = mulmod(r, a, p);
    return r;
}

static ntt_const constant(uint64_t w, uint64_t p)
{
    return (ntt_const){w, (uint64_t)(((ntt_u128)w << 52) / p)};
}

static void build_prime(ntt_prime *q, uint64_t p, uint64_t root)
{
    q->p = p;
    q->two_p = 2 * p;
    q->neg_p = (UINT64_C(1) << 52) - p;
    uint64_t inv = 1; /* Newton's iteration for p^-1 mod 2^64: each step doubles the good bits */
    for (int i = 0; i < 6; i++)
        inv *= 2 - p * inv;
    q->p_inv = inv & NTT_MASK52;
    q->c50 = constant((UINT64_C(1) << 50) % p, p);
    uint64_t r52 = powmod(2, 52, p), half = (p + 1) / 2;
    for (int k = 0; k <= NTT_LOG_MAX; k++)
        q->scale[k] = constant(mulmod(r52, powmod(half, (uint64_t)k, p), p), p);
    for (size_t m = 1; m < NTT_MAX; m <<= 1) {
        uint64_t w = powmod(root, ((uint64_t)1 << NTT_ROOT_LOG) / (2 * m), p);
        uint64_t wi = powmod(w, p - 2, p);
        uint64_t x = 1, xi = 1;
        for (size_t k = 0; k < m; k++) {
            ntt_const f = constant(x, p), b = constant(xi, p);
            q->fwd[m + k] = f.w;
            q->fwd_shoup[m + k] = f.w_shoup;
            q->inv[m + k] = b.w;
            q->inv_shoup[m + k] = b.w_shoup;
            x = mulmod(x, w, p);
            xi = mulmod(xi, wi, p);
        }
    }
}

static void build(void)
{
    for (int i = 0; i < NTT_PRIMES; i++)
        build_prime(&tables.prime[i], primes[i], roots[i]);
    uint64_t p0 = primes[0], p1 = primes[1], p2 = primes[2];
    tables.p0_inv_mod_p1 = constant(powmod(p0 % p1, p1 - 2, p1), p1);
    tables.p0_mod_p2 = constant(p0 % p2, p2);
    tables.p01_inv_mod_p2 = constant(powmod(mulmod(p0 % p2, p1 % p2, p2), p2 - 2, p2), p2);
    ntt_u128 p01 = (ntt_u128)p0 * p1;
    tables.p01_lo = (uint64_t)p01;
    tables.p01_hi = (uint64_t)(p01 >> 64);
}

const ntt_tables *ntt_tables_get(void)
{
    pthread_once(&tables_once, build);
    return &tables;
}
