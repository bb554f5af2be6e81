/* Scalar residue arithmetic of the NTT family, branch-free (see ntt_impl.h for the ranges). */
#ifndef DOT_NTT_ARITH_H
#define DOT_NTT_ARITH_H

#include "ntt_impl.h"

typedef unsigned __int128 ntt_u128;

/* x - m if x >= m, else x; x, m < 2^63. The mask comes from the sign bit, not a comparison, so
 * the compiler has no branch to emit. */
DOT_ALWAYS_INLINE uint64_t ntt_reduce(uint64_t x, uint64_t m)
{
    uint64_t t = x - m;
    return t + (m & (uint64_t) - (int64_t)(t >> 63));
}

/* x w mod p in [0, 2p) for x < 2^52 (Shoup's method, radix 2^52). */
DOT_ALWAYS_INLINE uint64_t ntt_mul_shoup(uint64_t x, ntt_const c, uint64_t p)
{
    uint64_t q = (uint64_t)(((ntt_u128)x * c.w_shoup) >> 52);
    return x * c.w - q * p;
}

/* a b 2^-52 mod p in [0, 2p) for a, b < 2p (Montgomery, R = 2^52): a b - m p is a multiple of
 * 2^52, so its quotient is hi(a b) - hi(m p), which lies in (-p, p). */
DOT_ALWAYS_INLINE uint64_t ntt_mul_mont(uint64_t a, uint64_t b, const ntt_prime *q)
{
    ntt_u128 ab = (ntt_u128)a * b;
    uint64_t m = ((uint64_t)ab * q->p_inv) & NTT_MASK52;
    uint64_t mp_hi = (uint64_t)(((ntt_u128)m * q->p) >> 52);
    return (uint64_t)(ab >> 52) + q->p - mp_hi;
}

#endif
