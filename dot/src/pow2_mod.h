/*
 * x 2^d mod m for the sliding-window exponentiations' set-up (ifma/powm.h): R^2 mod m begins as a
 * power of two reduced modulo m, which doubling reaches one bit at a time (an add and a compare
 * of n limbs a bit); this reaches it up to 63 bits at a time, each step one quotient digit of a
 * long division. Not constant time: the division and its corrections follow m's and x's values,
 * so the constant-time forms keep the doublings.
 */
#ifndef DOT_POW2_MOD_H
#define DOT_POW2_MOD_H

#include <stddef.h>
#include <stdint.h>
#include "dot.h"

/* {hi, lo} / d for hi < d: the quotient, which fits a limb */
static inline dot_limb_t pow2_div(dot_limb_t hi, dot_limb_t lo, dot_limb_t d)
{
    dot_limb_t q, r;
    __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
    (void)r;
    return q;
}

/* {out, n} = {in, n} << s, 0 <= s < 64; returns the bits shifted out at the top */
static inline dot_limb_t pow2_lshift(dot_limb_t *out, const dot_limb_t *in, size_t n, unsigned s)
{
    if (s == 0) {
        for (size_t i = n; i-- > 0;)
            out[i] = in[i];
        return 0;
    }
    const dot_limb_t top = in[n - 1] >> (64 - s);
    for (size_t i = n - 1; i > 0; i--)
        out[i] = in[i] << s | in[i - 1] >> (64 - s);
    out[0] = in[0] << s;
    return top;
}

/* {x, n} = {x, n} >> s, 0 <= s < 64 */
static inline void pow2_rshift(dot_limb_t *x, size_t n, unsigned s)
{
    if (s == 0)
        return;
    for (size_t i = 0; i + 1 < n; i++)
        x[i] = x[i] >> s | x[i + 1] << (64 - s);
    x[n - 1] >>= s;
}

/* {x, n} = x 2^d mod m for x < m, m's top limb m[n - 1] not zero, n <= DOT_POWM_MAX. Both are
 * shifted left until m's top bit is set (x stays below m), so that the top two limbs of z = x 2^j
 * over m's top limb v never underestimate the step's quotient q (Knuth's long division). They
 * overestimate it by at most one: z's top two limbs are below 2^j (v + 1), so the estimate
 * exceeds z / m by less than 2^j / v <= 1. After subtracting that multiple of m the remainder
 * lies in [-m, m), and one addition of m brings it into [0, m). correct = 0 leaves the addition
 * out: the tests' planted control (dot/test/test_pow2_mod.c). */
static inline void pow2_mod_shift_with(dot_limb_t *x, const dot_limb_t *m, size_t n, size_t d,
                                       const int correct)
{
    dot_limb_t mn[DOT_POWM_MAX], z[DOT_POWM_MAX + 1];
    const unsigned sh = (unsigned)__builtin_clzll(m[n - 1]);
    pow2_lshift(mn, m, n, sh);
    pow2_lshift(x, x, n, sh);
    while (d > 0) {
        const unsigned j = d < 63 ? (unsigned)d : 63;
        d -= j;
        z[n] = pow2_lshift(z, x, n, j); /* below 2^j <= mn[n - 1]: the quotient fits */
        const dot_limb_t q = pow2_div(z[n], z[n - 1], mn[n - 1]);
        dot_limb_t hi = 0, borrow = 0;
        for (size_t i = 0; i < n; i++) {
            const unsigned __int128 p = (unsigned __int128)q * mn[i] + hi;
            const dot_limb_t lo = (dot_limb_t)p, s = z[i] - lo;
            hi = (dot_limb_t)(p >> 64);
            const dot_limb_t b = (z[i] < lo) + (s < borrow);
            z[i] = s - borrow;
            borrow = b;
        }
        /* z's top limb: 0, or -1 where q was one too large */
        if (correct && z[n] - hi - borrow != 0) {
            dot_limb_t carry = 0;
            for (size_t i = 0; i < n; i++) {
                const dot_limb_t s = z[i] + carry, t = s + mn[i];
                carry = (s < carry) + (t < s);
                z[i] = t;
            }
        }
        for (size_t i = 0; i < n; i++)
            x[i] = z[i];
    }
    pow2_rshift(x, n, sh);
}

static inline void pow2_mod_shift(dot_limb_t *x, const dot_limb_t *m, size_t n, size_t d)
{
    pow2_mod_shift_with(x, m, n, d, 1);
}

#endif
