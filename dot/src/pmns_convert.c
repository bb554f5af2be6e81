/*
 * PMNS conversions of dot_pmns.h: portable code around the variant's reduction
 * (dot/pmns/genparams.py, bound (8)):
 *   from_int(a) = reduce(sum_i a_i T_i), a_i the r-bit chunks of a;
 *   to_int(x) = sum_k x_k G_k mod p, reduced by a fixed sequence of masked subtractions.
 * Neither branches on the data nor indexes memory with it.
 */
#include <string.h>
#include "pmns_impl.h"

/* Bits [at, at + width) of {a, limbs}, width <= 52 (zero past the end). */
static uint64_t bits_at(const uint64_t *a, size_t limbs, size_t at, size_t width)
{
    size_t word = at / 64, shift = at % 64;
    uint64_t v = word < limbs ? a[word] >> shift : 0;
    if (shift && word + 1 < limbs)
        v |= a[word + 1] << (64 - shift);
    return v & ((UINT64_C(1) << width) - 1);
}

void dot_pmns_from_int(const dot_pmns *pm, uint64_t *x, const uint64_t *a)
{
    const size_t n = pm->n, s = pm->s;
    uint64_t cols[2 * PMNS_MAX_S * PMNS_MAX_N] = {0};
    for (size_t i = 0; i < n; i++) {
        const uint64_t *t = pm->t + i * n * s;
        for (size_t u = 0; u < s && u * PMNS_W < pm->r; u++) {
            size_t width = pm->r - u * PMNS_W < PMNS_W ? pm->r - u * PMNS_W : PMNS_W;
            uint64_t digit = bits_at(a, pm->limbs, i * pm->r + u * PMNS_W, width);
            for (size_t k = 0; k < n; k++)
                for (size_t w = 0; w < s; w++) {
                    unsigned __int128 prod = (unsigned __int128)digit * t[w * n + k];
                    cols[(u + w) * n + k] += (uint64_t)prod & PMNS_MASK52;
                    cols[(u + w + 1) * n + k] += (uint64_t)(prod >> PMNS_W);
                }
        }
    }
    pm->reduce(pm, x, cols, 0);
}

/* {acc, len} -= {p, limbs} << shift when that does not go below zero; masked, no branch. */
static void sub_shifted_if_fits(uint64_t *acc, uint64_t *tmp, size_t len, const uint64_t *p,
                                size_t limbs, size_t shift)
{
    const size_t word = shift / 64, bit = shift % 64;
    uint64_t borrow = 0;
    for (size_t i = 0; i < len; i++) {
        uint64_t lo = i >= word && i - word < limbs ? p[i - word] << bit : 0;
        uint64_t hi = bit && i >= word + 1 && i - word - 1 < limbs ? p[i - word - 1] >> (64 - bit)
                                                                   : 0;
        uint64_t sub = lo | hi;
        uint64_t d = acc[i] - sub;
        uint64_t b1 = acc[i] < sub;
        tmp[i] = d - borrow;
        borrow = b1 | (d < borrow);
    }
    uint64_t keep = borrow - 1; /* all ones when acc >= p << shift */
    for (size_t i = 0; i < len; i++)
        acc[i] = (tmp[i] & keep) | (acc[i] & ~keep);
}

void dot_pmns_to_int(const dot_pmns *pm, uint64_t *a, const uint64_t *x)
{
    const size_t n = pm->n, s = pm->s, limbs = pm->limbs;
    const size_t xlimbs = (pm->r + 63) / 64, len = limbs + xlimbs + 1;
    uint64_t acc[PMNS_MAX_LIMBS + PMNS_MAX_S + 2], tmp[PMNS_MAX_LIMBS + PMNS_MAX_S + 2];
    memset(acc, 0, len * sizeof *acc);
    for (size_t k = 0; k < n; k++) {
        uint64_t xk[PMNS_MAX_S + 1] = {0};
        for (size_t d = 0; d < s; d++) { /* 52-bit digits to 64-bit limbs */
            size_t at = d * PMNS_W;
            uint64_t digit = x[d * n + k];
            xk[at / 64] |= digit << (at % 64);
            if (at % 64 > 64 - PMNS_W)
                xk[at / 64 + 1] |= digit >> (64 - at % 64);
        }
        const uint64_t *g = pm->g + k * limbs;
        for (size_t j = 0; j < xlimbs; j++) {
            uint64_t carry = 0;
            for (size_t i = 0; i < limbs; i++) {
                unsigned __int128 v = (unsigned __int128)g[i] * xk[j] + acc[i + j] + carry;
                acc[i + j] = (uint64_t)v;
                carry = (uint64_t)(v >> 64);
            }
            for (size_t i = limbs + j; i < len; i++) {
                unsigned __int128 v = (unsigned __int128)acc[i] + carry;
                acc[i] = (uint64_t)v;
                carry = (uint64_t)(v >> 64);
            }
        }
    }
    /* acc < n rho p < 2^(r + log2 n + 1) p */
    size_t top = pm->r + 1;
    for (size_t v = n; v > 1; v >>= 1)
        top++;
    for (size_t shift = top + 1; shift-- > 0;)
        sub_shifted_if_fits(acc, tmp, len, pm->p, limbs, shift);
    memcpy(a, acc, limbs * sizeof *a);
}
