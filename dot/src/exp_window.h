/*
 * Exponent scanning shared by libdot's exponentiations (ifma/powm.h, mulx/powm4.h, and the entry
 * points' exponent rule, powm_entry.c): an exponent's bit length, its bits at given positions,
 * the window width with the fewest products, and a sliding window's next window. The positions
 * are public in the constant-time forms; the bits' values are not, and nothing here branches on
 * them but what serves the sliding window only (exp_sliding_next, exp_sliding_width).
 */
#ifndef DOT_EXP_WINDOW_H
#define DOT_EXP_WINDOW_H

#include <stddef.h>
#include <stdint.h>
#include "dot.h"

/* Bit pos of the exponent. */
static inline unsigned exp_bit(const dot_limb_t *ep, size_t pos)
{
    return (unsigned)(ep[pos / 64] >> (pos % 64) & 1);
}

/* The bit length of the exponent {ep, en}, zero limbs on top allowed: 0 for e = 0. */
static inline size_t exp_bit_length(const dot_limb_t *ep, size_t en)
{
    while (en > 0 && ep[en - 1] == 0)
        en--;
    return en ? 64 * en - (size_t)__builtin_clzll(ep[en - 1]) : 0;
}

/* The w bits of the exponent from bit pos up, as a number. */
static inline unsigned exp_bits(const dot_limb_t *ep, size_t pos, unsigned w)
{
    unsigned v = 0;
    for (unsigned b = w; b-- > 0;)
        v = v << 1 | exp_bit(ep, pos + b);
    return v;
}

/* The width with the fewest products for an exponent of eb bits. A sliding window (fixed = 0, w
 * from 1 to max_w) starts at a set bit and ends at one: about eb / (w + 1) products after the
 * squarings and 2^(w-1) to fill the table of odd powers. A fixed window (fixed = 1, w from 1 to
 * max_w - 1, since the constant-time gather reads the whole table for each product) costs eb / w
 * products and 2^w - 2 to fill a table of every power. */
static inline unsigned exp_window_width(size_t eb, unsigned max_w, int fixed)
{
    unsigned best = 1;
    size_t best_cost = SIZE_MAX;
    for (unsigned w = 1; w <= (fixed ? max_w - 1 : max_w); w++) {
        const size_t cost = fixed ? eb / w + ((size_t)1 << w)
                                  : eb / (w + 1) + ((size_t)1 << (w - 1));
        if (cost < best_cost) {
            best_cost = cost;
            best = w;
        }
    }
    return best;
}

/* The sliding window that starts at the set bit pos: down to the lowest set bit within w bits.
 * Returns its value (odd) and sets *low to its lowest bit's position. */
static inline unsigned exp_sliding_next(const dot_limb_t *ep, size_t pos, unsigned w, size_t *low)
{
    size_t l = pos + 1 >= w ? pos + 1 - w : 0;
    while (!exp_bit(ep, l))
        l++;
    unsigned value = 0;
    for (size_t b = pos + 1; b-- > l;)
        value = value << 1 | exp_bit(ep, b);
    *low = l;
    return value;
}

/* The products a sliding window of w bits spends on the exponent {ep, eb bits}, squarings apart
 * (as many for every w): 2^(w-1) to fill the table of odd powers when w > 1 (b^2 and b^3 up), and
 * one a window after the first. */
static inline size_t exp_sliding_products(const dot_limb_t *ep, size_t eb, unsigned w)
{
    size_t products = w > 1 ? (size_t)1 << (w - 1) : 0, windows = 0;
    for (size_t pos = eb; pos-- > 0;) {
        if (!exp_bit(ep, pos))
            continue;
        size_t low;
        (void)exp_sliding_next(ep, pos, w, &low);
        windows++;
        pos = low;
    }
    return products + (windows ? windows - 1 : 0);
}

/* The sliding window's width for the exponent {ep, eb bits}: exp_window_width's estimate, or one
 * bit a window where that costs no more products. The estimate assumes random bits; a public
 * exponent has few set bits (65537: two), where the estimate (17 bits: w = 2) fills a table that
 * no window reads. One bit a window costs a product a set bit after the first and no table; it
 * is weighed against the estimate's products, counted, only where it beats the estimate's
 * expected count: a dense exponent (a random one) costs a popcount a limb and no pass over its
 * bits. */
static inline unsigned exp_sliding_width(const dot_limb_t *ep, size_t eb, unsigned max_w)
{
    const unsigned estimate = exp_window_width(eb, max_w, 0);
    if (estimate == 1)
        return 1;
    size_t ones = 0;
    for (size_t i = 0; i < (eb + 63) / 64; i++)
        ones += (size_t)__builtin_popcountll(ep[i]);
    if (ones - 1 > eb / (estimate + 1) + ((size_t)1 << (estimate - 1)))
        return estimate;
    return ones - 1 <= exp_sliding_products(ep, eb, estimate) ? 1 : estimate;
}

#endif
