/*
 * A modulus made ready for the IFMA exponentiation's products (powm.h, sections 1, 4, 5 and 8):
 * its radix-2^52 digits, m', R^2 mod m (by long division, by constant-time doublings, or from the
 * caller's 2^(128n) mod m) and the products that serve its digit count; the way back out of
 * Montgomery form; the digit buffers' spans; the constant-time helpers the set-up and the end use.
 */
#ifndef DOT_IFMA_POWM_MOD_H
#define DOT_IFMA_POWM_MOD_H

#include <string.h>        /* memcpy, memset */
#include "../chain/aors.h" /* chain_aors: the add-with-carry chain */
#include "../pow2_mod.h"   /* pow2_mod_shift */
#include "dot_impl.h"      /* dot_powm_digits, dot_powm_rr_serves */
#include "mul_basecase.h"  /* to_digits, to_limbs, BC_MASK52 */
#include "powm_amm.h"      /* pw_ctx, PW_DIGITS, PW_MAX_VECS */
#include "powm_amm_wide.h" /* pw_products */

/* to_limbs finds a limb's first digit exactly for limbs below 256; PW_MAX_VECS's digits hold
 * DOT_POWM_MAX limbs with the two lanes past them */
_Static_assert(DOT_POWM_MAX <= 256 && (64 * DOT_POWM_MAX + 2 + 51) / 52 + 2 <= 8 * PW_MAX_VECS,
               "the digit buffers and to_limbs hold DOT_POWM_MAX limbs");

/* x = t where keep is all ones, x unchanged where it is zero (n limbs) */
static inline void pw_select(dot_limb_t *x, const dot_limb_t *t, dot_limb_t keep, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = (t[i] & keep) | (x[i] & ~keep);
}

/* x = 2x mod m, for x < m (n limbs), in constant time: the subtraction is always made and the
 * result chosen by a mask, so that nothing depends on m's value (the constant-time set-up's
 * doublings; the sliding window's set-up divides instead, pow2_mod.h) */
static inline void pw_double_mod(dot_limb_t *x, const dot_limb_t *m, size_t n)
{
    const dot_limb_t carry = chain_aors(x, x, x, n, 0, DOT_OP_ADD, DOT_FAST);
    dot_limb_t t[DOT_POWM_MAX];
    const dot_limb_t borrow = chain_aors(t, x, m, n, 0, DOT_OP_SUB, DOT_FAST);
    pw_select(x, t, 0 - (carry | (borrow ^ 1)), n);
}

/* The digits of a buffer that the products of nv vectors and to_limbs read: whole vectors and the
 * 16 digits to_limbs may read past the number (PW_DIGITS for DOT_POWM_MAX) */
#define PW_SPAN_OF(nv) (8 * (nv) + 16)
/* x zero over those digits (the buffers are sized for the modulus, on the stack) */
static inline void pw_zero(uint64_t *x, size_t nv) { memset(x, 0, PW_SPAN_OF(nv) * sizeof *x); }

/* A modulus made ready for the products: its digits, m', R^2 mod m, and the products that fit
 * its digit count (one, and for constant-time pairs two at once, NULL past PW_PAIR_MAX_VECS). */
typedef struct {
    pw_ctx c;
    size_t nv;
    pw_amm_fn amm;
    pw_amm2_fn amm2;
    uint64_t rr[PW_DIGITS];
} pw_mod;

/* The bit length of an n-limb number whose top limb p[n - 1] is not zero. */
static inline size_t pw_bit_length(const dot_limb_t *p, size_t n)
{
    return 64 * n - (size_t)__builtin_clzll(p[n - 1]);
}

static inline void pw_prepare(pw_mod *md, const dot_limb_t *mp, size_t n, const int ct,
                              const dot_limb_t *rr64)
{
    pw_ctx *c = &md->c;
    const size_t bits = pw_bit_length(mp, n);
    c->k = dot_powm_digits(mp, n);
    md->nv = pw_products(c->k, ct, &md->amm, &md->amm2);
    pw_zero(c->m, md->nv);
    to_digits(c->m, mp, n, c->k);
    uint64_t inv = mp[0]; /* m^-1 mod 2^64 by Newton's iteration: 3, 6, 12, 24, 48, 96 bits */
    for (int i = 0; i < 5; i++)
        inv *= 2 - mp[0] * inv;
    c->mprime = (0 - inv) & BC_MASK52;

    size_t t = 52 * c->k, tb = 64 - (size_t)__builtin_clzll(t), top = ct ? 6 : 7;
    pw_zero(md->rr, md->nv);
    if (rr64 && dot_powm_rr_serves(mp, n)) {
        /* R^2 from the caller's 2^(128n) mod m (8. above): one long-division step or two */
        dot_limb_t y[DOT_POWM_MAX];
        memcpy(y, rr64, n * sizeof *y);
        pow2_mod_shift(y, mp, n, 2 * t - 128 * n);
        to_digits(md->rr, y, n, c->k);
        return;
    }
    /* R^2 mod m (4. above): c0, the top 6 bits of 52k, reached by doubling, or the top 7 bits
     * by long division where nothing need be constant time */
    size_t s = tb > top ? tb - top : 0, c0 = t >> s;
    dot_limb_t x[DOT_POWM_MAX];
    uint64_t r1[PW_SPAN_OF(md->nv)] __attribute__((aligned(64)));
    pw_zero(r1, md->nv);
    memset(x, 0, n * sizeof *x);
    x[(bits - 1) / 64] = (dot_limb_t)1 << ((bits - 1) % 64);
    if (ct) {
        /* x = 2^(52k + off) mod m, off from bits - 1 - 52k (negative) to c0 */
        for (long off = (long)bits - 1 - (long)t; off < (long)c0;) {
            pw_double_mod(x, mp, n);
            if (++off == 1)
                to_digits(r1, x, n, c->k);
        }
    } else {
        pow2_mod_shift(x, mp, n, t + 2 - bits); /* 2^(52k + 1) */
        to_digits(r1, x, n, c->k);
        pow2_mod_shift(x, mp, n, c0 - 1);
    }
    to_digits(md->rr, x, n, c->k);
    for (size_t i = s; i-- > 0;) {
        md->amm(md->rr, md->rr, md->rr, c);
        if (t >> i & 1)
            md->amm(md->rr, md->rr, r1, c);
    }
}

/* Out of Montgomery form into {rp, n}, reduced fully: acc (below 2m) times 1 is at most m, and
 * equals m only where the value is 0: then rp - m. */
static inline void pw_finish(dot_limb_t *rp, uint64_t *acc, const pw_mod *md, const dot_limb_t *mp,
                             size_t n, const int ct)
{
    uint64_t one[PW_SPAN_OF(md->nv)] __attribute__((aligned(64)));
    pw_zero(one, md->nv);
    one[0] = 1;
    md->amm(acc, acc, one, &md->c);
    to_limbs(rp, n, acc);
    dot_limb_t diff[DOT_POWM_MAX];
    const dot_limb_t borrow = chain_aors(diff, rp, mp, n, 0, DOT_OP_SUB, DOT_FAST);
    if (ct)
        pw_select(rp, diff, 0 - (borrow ^ 1), n);
    else if (!borrow)
        memcpy(rp, diff, n * sizeof *rp);
}

#endif
