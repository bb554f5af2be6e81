/*
 * b^e mod m for a modulus of 4 limbs (193 to 256 bits), in general registers with BMI2 and ADX
 * (dot_powm, dot_powm_ct and dot_powm_ct_x2 at n = 4, dot.h): the 256-bit CRT halves of RSA-512
 * and GMPbench's rsa 512, which GMP runs through its size-generic schoolbook and REDC loops and
 * OpenSSL through its one-limb-at-a-time bn_mul_mont, each a call and a loop per product. The
 * products and squares are mont4.h's.
 *
 * 1. The constant-time exponentiation (p4_fixed): fixed windows over every bit of the exponent's
 *    en limbs, a table of every power b^0..b^(2^w - 1), each read whole at every use (p4_gather,
 *    masks from the index by arithmetic, no compare), the width w from 1 to 5 that costs the
 *    fewest products. Two of them (the pair, for an RSA private operation's halves) run their
 *    products side by side: each product is one chain of dependent multiplies, and the other
 *    product's chain fills its wait.
 * 2. The sliding window (p4_sliding, for GMP's mpn_powm, which is not constant time either):
 *    windows of up to w bits that start and end at a set bit, a table of the odd powers.
 */
#ifndef DOT_MULX_POWM4_H
#define DOT_MULX_POWM4_H

#include "../exp_window.h" /* exp_bit, exp_bits, exp_bit_length, exp_window_width, ... */
#include "mont4.h"

#define P4_MAX_WINDOW 6

/* out = table[v], every entry read: a mask from v and the entry's index by arithmetic (all ones
 * where they are equal) picks the one */
static inline void p4_gather(dot_limb_t out[4], const dot_limb_t (*table)[4], unsigned entries,
                             unsigned v)
{
    dot_limb_t acc[4] = {0};
    for (unsigned i = 0; i < entries; i++) {
        const dot_limb_t d = (dot_limb_t)(i ^ v), hit = ((d | (0 - d)) >> 63) - 1;
        for (int j = 0; j < 4; j++)
            acc[j] |= table[i][j] & hit;
    }
    memcpy(out, acc, sizeof acc);
}

/* The constant-time exponentiation (1. above) of ways (1 or 2) bases, each to its exponent of en
 * limbs modulo its own 4-limb modulus; a pair's products run side by side. */
static inline __attribute__((always_inline)) void p4_fixed(const int ways, dot_limb_t *const *rp,
                                                           const dot_limb_t *const *bp,
                                                           const dot_limb_t *const *ep, size_t en,
                                                           const dot_limb_t *const *mp)
{
    static const dot_limb_t one[4] = {1};
    p4_mod md[2];
    dot_limb_t table[2][1 << (P4_MAX_WINDOW - 1)][4], acc[2][4], t[2][4];
    const size_t eb = 64 * en;
    const unsigned w = exp_window_width(eb, P4_MAX_WINDOW, 1), entries = 1u << w;
    for (int k = 0; k < ways; k++) {
        p4_prepare(&md[k], mp[k], 1);
        memcpy(t[k], bp[k], sizeof t[k]);
        p4_mul(table[k][0], one, md[k].rr, &md[k]);
        p4_mul(table[k][1], t[k], md[k].rr, &md[k]);
    }
    for (unsigned i = 2; i < entries; i++)
        for (int k = 0; k < ways; k++)
            p4_mul(table[k][i], table[k][i - 1], table[k][1], &md[k]);
    size_t pos = eb - (eb % w ? eb % w : w);
    for (int k = 0; k < ways; k++)
        p4_gather(acc[k], (const dot_limb_t(*)[4])table[k], entries,
                  exp_bits(ep[k], pos, (unsigned)(eb - pos)));
    while (pos > 0) {
        pos -= w;
        for (unsigned s = 0; s < w; s++)
            for (int k = 0; k < ways; k++)
                p4_sqr(acc[k], acc[k], &md[k]);
        for (int k = 0; k < ways; k++) {
            p4_gather(t[k], (const dot_limb_t(*)[4])table[k], entries, exp_bits(ep[k], pos, w));
            p4_mul(acc[k], acc[k], t[k], &md[k]);
        }
    }
    for (int k = 0; k < ways; k++)
        p4_finish(rp[k], acc[k], &md[k]);
}

/* The sliding window (2. above). */
static inline void p4_sliding(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                              const dot_limb_t *mp)
{
    static const dot_limb_t one[4] = {1};
    p4_mod md;
    p4_prepare(&md, mp, 0);
    dot_limb_t table[1 << (P4_MAX_WINDOW - 1)][4], acc[4], b[4];
    const size_t eb = exp_bit_length(ep, en);
    if (eb == 0) { /* e = 0: 1 */
        p4_mul(acc, one, md.rr, &md);
        p4_finish(rp, acc, &md);
        return;
    }
    const unsigned w = exp_sliding_width(ep, eb, P4_MAX_WINDOW);
    memcpy(b, bp, sizeof b);
    p4_mul(table[0], b, md.rr, &md);
    if (w > 1) {
        p4_sqr(acc, table[0], &md); /* b^2 */
        for (unsigned i = 1; i < 1u << (w - 1); i++)
            p4_mul(table[i], table[i - 1], acc, &md);
    }
    /* left to right: a zero bit is one square; a window from a set bit down to the lowest set
     * bit within w bits is as many squares and one product with its odd power */
    int started = 0;
    for (size_t pos = eb; pos-- > 0;) {
        if (!exp_bit(ep, pos)) {
            p4_sqr(acc, acc, &md);
            continue;
        }
        size_t low;
        const unsigned value = exp_sliding_next(ep, pos, w, &low);
        if (started) {
            for (size_t s = low; s <= pos; s++)
                p4_sqr(acc, acc, &md);
            p4_mul(acc, acc, table[value >> 1], &md);
        } else {
            memcpy(acc, table[value >> 1], sizeof acc);
            started = 1;
        }
        pos = low;
    }
    p4_finish(rp, acc, &md);
}

/* The three entry points' bodies (dot_impl.h). */
static inline void mulx_powm4(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                              const dot_limb_t *mp)
{
    p4_sliding(rp, bp, ep, en, mp);
}

static inline void mulx_powm4_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep,
                                 size_t en, const dot_limb_t *mp)
{
    p4_fixed(1, &rp, &bp, &ep, en, &mp);
}

static inline void mulx_powm4_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                                    const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                                    const dot_limb_t *e2, const dot_limb_t *m2, size_t en)
{
    dot_limb_t *rp[2] = {r1, r2};
    const dot_limb_t *bp[2] = {b1, b2}, *ep[2] = {e1, e2}, *mp[2] = {m1, m2};
    p4_fixed(2, rp, bp, ep, en, mp);
}

#endif
