/*
 * b^e mod m with AVX-512 IFMA in radix 2^52 (dot_powm, dot.h): Montgomery form with R = 2^(52k),
 * k = ceil((bits(m) + 2) / 52) digits, so R > 4m and every value may stay "almost" reduced
 * (below 2m) from one product to the next; only the result is reduced fully.
 *
 * 1. The product (pw_amm): a * b / R mod m, below 2m, for a and b below 2m in 52-bit digits. The
 *    digits of b and of m sit in nv vectors (nv = k/8 + 1: one lane past the top digit, which the
 *    shift below reads). For each digit a_i, with a_i b's low halves already in the accumulator
 *    and its high halves beside it: the Montgomery digit q = (acc_0 + a_i b_0) m' mod 2^52 made in
 *    the vector unit from t, lane 0's value without a_i b_0, in every lane, and the term
 *    u_i = lo52(a_i b_0) m', computed in a general register off the chain (IFMA reads 52 bits of
 *    each source, so q needs no masking); the halves of q * m added; then lane 0 (now a multiple
 *    of 2^52) drops out: every vector moves one lane down (valignq) and takes the high halves,
 *    lane 0's carry and the next digit's a_(i+1) b low halves. The next t is summed from lane 1,
 *    lane 0's high halves and its carry in a 128-bit lane beside the shift, so the next q does not
 *    wait for it. Lanes stay below 2^60 (four terms under 2^52 an iteration, at most 63
 *    iterations).
 * 2. Normalisation: each lane keeps its low 52 bits and passes the rest one lane up, in vector
 *    registers, until no lane has anything to pass: one round on random values; a run of all-ones
 *    digits takes one round a digit (the planted control in the tests drops the repeat).
 * 3. The exponentiation: a sliding window of up to w bits (w from 1 to 6, whichever costs the
 *    fewest products for this exponent length), left to right over the exponent, a table of the
 *    odd powers b..b^(2^w - 1) in Montgomery form; each window starts at a set bit and ends at
 *    one, so its value is odd: as many squarings as it has bits and one product. Not constant time (nor is GMP's mpn_powm, which this
 *    serves; mpn_sec_powm keeps GMP's own code).
 * 4. R^2 mod m (to enter Montgomery form) without a division: 2^(bits-1) doubled modulo m in 64-bit
 *    limbs up to 2^(52k + c), c from 32 to 63, then squared and multiplied by 2^(52k + 1) along the
 *    binary digits of 52k, each product adding its operands' offsets over R.
 *
 * The vector count is a compile-time constant in each instance (pw_amm_1..8): with a run-time
 * count gcc kept the accumulators in memory.
 */
#ifndef DOT_IFMA_POWM_H
#define DOT_IFMA_POWM_H

#include "../chain/aors.h" /* chain_aors: the add-with-carry chain */
#include "mul_basecase.h"  /* to_digits, to_limbs, BC_MASK52 */

/* 1 but in the emulated test's planted control: there normalisation makes one round only. */
#ifndef DOT_POWM_FULL_NORMALISE
#define DOT_POWM_FULL_NORMALISE 1
#endif

#define PW_MAX_VECS 8 /* 63 digits and the lane past them: moduli of up to 3274 bits */
/* digit buffers: whole vectors, plus the 16 digits to_limbs may read past the number */
#define PW_DIGITS (8 * PW_MAX_VECS + 16)
#define PW_MAX_WINDOW 6

typedef struct {
    size_t k;        /* digits; R = 2^(52k) */
    uint64_t mprime; /* -m^-1 mod 2^52 */
    uint64_t m[PW_DIGITS] __attribute__((aligned(64)));
} pw_ctx;

typedef void (*pw_amm_fn)(uint64_t *r, const uint64_t *a, const uint64_t *b, const pw_ctx *c);

static inline __attribute__((always_inline)) void
pw_amm(uint64_t *r, const uint64_t *a, const uint64_t *b, const pw_ctx *c, const int nv)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i mprime = _mm512_set1_epi64((long long)c->mprime);
    const __m512i lane0 = _mm512_setr_epi64(-1, 0, 0, 0, 0, 0, 0, 0);
    const uint64_t b0 = b[0];
    /* lo: the accumulator, a_i b's low halves already in; hi: a_i b's high halves */
    __m512i lo[PW_MAX_VECS], hi[PW_MAX_VECS], bv[PW_MAX_VECS];
    const __m512i a0 = _mm512_set1_epi64((long long)a[0]);
#pragma GCC unroll 8
    for (int j = 0; j < nv; j++) {
        bv[j] = _mm512_loadu_si512((const void *)(b + 8 * j));
        lo[j] = _mm512_madd52lo_epu64(zero, a0, bv[j]);
        hi[j] = _mm512_madd52hi_epu64(zero, a0, bv[j]);
    }
    __m512i t0 = zero; /* lane 0's value at the start of the iteration but a_i b_0, in every lane */
    for (size_t i = 0; i < c->k; i++) {
        const uint64_t u = (((a[i] * b0) & BC_MASK52) * c->mprime) & BC_MASK52;
        const __m512i q = _mm512_madd52lo_epu64(_mm512_set1_epi64((long long)u), t0, mprime);
#pragma GCC unroll 8
        for (int j = 0; j < nv; j++) {
            const __m512i mj = _mm512_load_si512((const void *)(c->m + 8 * j));
            lo[j] = _mm512_madd52lo_epu64(lo[j], q, mj);
            hi[j] = _mm512_madd52hi_epu64(hi[j], q, mj);
        }
        /* the next lane 0 (lane 1, lane 0's high halves and carry) summed in one 128-bit lane and
         * broadcast, beside the shift below rather than after it: the next q waits for this */
        const __m128i low = _mm512_castsi512_si128(lo[0]);
        t0 = _mm512_broadcastq_epi64(
            _mm_add_epi64(_mm_add_epi64(_mm_unpackhi_epi64(low, low), _mm_srli_epi64(low, 52)),
                          _mm512_castsi512_si128(hi[0])));
        /* the shift adds what waits beside it: the high halves, lane 0's carry and the next
         * digit's low halves (a[k] is a zero digit: the arrays hold whole vectors) */
        const __m512i next = _mm512_set1_epi64((long long)a[i + 1]);
        hi[0] = _mm512_add_epi64(hi[0], _mm512_and_si512(_mm512_srli_epi64(lo[0], 52), lane0));
#pragma GCC unroll 8
        for (int j = 0; j < nv; j++) {
            const __m512i above = j + 1 < nv ? lo[j + 1] : zero;
            const __m512i waiting = _mm512_madd52lo_epu64(hi[j], next, bv[j]);
            lo[j] = _mm512_add_epi64(_mm512_alignr_epi64(above, lo[j], 1), waiting);
            hi[j] = _mm512_madd52hi_epu64(zero, next, bv[j]);
        }
    }
    /* one round always (its test would cost more than the round), more while a lane overflows */
    const __m512i mask = _mm512_set1_epi64((long long)BC_MASK52);
    for (;;) {
        __m512i cy[PW_MAX_VECS];
#pragma GCC unroll 8
        for (int j = 0; j < nv; j++)
            cy[j] = _mm512_srli_epi64(lo[j], 52);
#pragma GCC unroll 8
        for (int j = nv - 1; j >= 0; j--) {
            const __m512i up = _mm512_alignr_epi64(cy[j], j ? cy[j - 1] : zero, 7);
            lo[j] = _mm512_add_epi64(_mm512_and_si512(lo[j], mask), up);
        }
        if (!DOT_POWM_FULL_NORMALISE) {
#pragma GCC unroll 8
            for (int j = 0; j < nv; j++)
                lo[j] = _mm512_and_si512(lo[j], mask);
            break;
        }
        __mmask8 over = 0;
#pragma GCC unroll 8
        for (int j = 0; j < nv; j++)
            over |= _mm512_test_epi64_mask(lo[j], _mm512_andnot_si512(mask, lo[j]));
        if (DOT_LIKELY(!over))
            break;
    }
#pragma GCC unroll 8
    for (int j = 0; j < nv; j++)
        _mm512_storeu_si512((void *)(r + 8 * j), lo[j]);
}

#define PW_AMM_INSTANCE(N)                                                                         \
    static void pw_amm_##N(uint64_t *r, const uint64_t *a, const uint64_t *b, const pw_ctx *c)     \
    {                                                                                              \
        pw_amm(r, a, b, c, N);                                                                     \
    }
PW_AMM_INSTANCE(1)
PW_AMM_INSTANCE(2)
PW_AMM_INSTANCE(3)
PW_AMM_INSTANCE(4)
PW_AMM_INSTANCE(5)
PW_AMM_INSTANCE(6)
PW_AMM_INSTANCE(7)
PW_AMM_INSTANCE(8)

static inline int pw_cmp(const dot_limb_t *x, const dot_limb_t *y, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (x[i] != y[i])
            return x[i] > y[i] ? 1 : -1;
    return 0;
}

/* x = 2x mod m, for x < m (n limbs) */
static inline void pw_double_mod(dot_limb_t *x, const dot_limb_t *m, size_t n)
{
    if (chain_aors(x, x, x, n, 0, DOT_OP_ADD, DOT_FAST) || pw_cmp(x, m, n) >= 0)
        chain_aors(x, x, m, n, 0, DOT_OP_SUB, DOT_FAST);
}

/* Bit pos of the exponent. */
static inline unsigned pw_bit(const dot_limb_t *ep, size_t pos)
{
    return (unsigned)(ep[pos / 64] >> (pos % 64) & 1);
}

/* The window width with the fewest products for an exponent of eb bits: about eb / (w + 1)
 * products after the squarings (a sliding window starts at a set bit and ends at one), and
 * 2^(w-1) to fill the table of odd powers. */
static inline unsigned pw_window(size_t eb)
{
    unsigned best = 1;
    size_t best_cost = SIZE_MAX;
    for (unsigned w = 1; w <= PW_MAX_WINDOW; w++) {
        size_t cost = eb / (w + 1) + ((size_t)1 << (w - 1));
        if (cost < best_cost) {
            best_cost = cost;
            best = w;
        }
    }
    return best;
}

/* {rp, n} = {bp, n}^{ep, en} mod {mp, n}: m odd, m > 1, mp[n - 1] != 0, b < m,
 * 1 <= n <= DOT_POWM_MAX; rp may be bp. e = 0 gives 1. */
static inline void ifma_powm(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                             const dot_limb_t *mp, size_t n)
{
    static const pw_amm_fn amm_of[PW_MAX_VECS + 1] = {
        NULL, pw_amm_1, pw_amm_2, pw_amm_3, pw_amm_4, pw_amm_5, pw_amm_6, pw_amm_7, pw_amm_8};
    size_t bits = 64 * n - (size_t)__builtin_clzll(mp[n - 1]);
    pw_ctx c;
    c.k = (bits + 2 + 51) / 52;
    const size_t nv = c.k / 8 + 1;
    const pw_amm_fn amm = amm_of[nv];
    memset(c.m, 0, sizeof c.m);
    to_digits(c.m, mp, n, c.k);
    uint64_t inv = mp[0]; /* m^-1 mod 2^64 by Newton's iteration: 3, 6, 12, 24, 48, 96 bits */
    for (int i = 0; i < 5; i++)
        inv *= 2 - mp[0] * inv;
    c.mprime = (0 - inv) & BC_MASK52;

    /* R^2 mod m (4. above) */
    size_t t = 52 * c.k, tb = 64 - (size_t)__builtin_clzll(t);
    size_t s = tb > 6 ? tb - 6 : 0, c0 = t >> s;
    dot_limb_t x[DOT_POWM_MAX];
    uint64_t one[PW_DIGITS] = {1}, r1[PW_DIGITS] = {0}, rr[PW_DIGITS] = {0};
    uint64_t acc[PW_DIGITS] = {0};
    memset(x, 0, n * sizeof *x);
    x[(bits - 1) / 64] = (dot_limb_t)1 << ((bits - 1) % 64);
    /* x = 2^(52k + off) mod m, off from bits - 1 - 52k (negative) to c0 */
    for (long off = (long)bits - 1 - (long)t; off < (long)c0;) {
        pw_double_mod(x, mp, n);
        if (++off == 1)
            to_digits(r1, x, n, c.k);
    }
    to_digits(rr, x, n, c.k);
    for (size_t i = s; i-- > 0;) {
        amm(rr, rr, rr, &c);
        if (t >> i & 1)
            amm(rr, rr, r1, &c);
    }

    /* the odd powers b, b^3, ..., b^(2^w - 1) in Montgomery form */
    uint64_t table[1 << (PW_MAX_WINDOW - 1)][8 * PW_MAX_VECS] __attribute__((aligned(64)));
    size_t top = en;
    while (top > 0 && ep[top - 1] == 0)
        top--;
    size_t eb = top ? 64 * top - (size_t)__builtin_clzll(ep[top - 1]) : 0;
    const unsigned w = pw_window(eb);
    uint64_t bd[PW_DIGITS] = {0};
    to_digits(bd, bp, n, c.k);
    amm(table[0], bd, rr, &c);
    if (w > 1) {
        amm(acc, table[0], table[0], &c); /* b^2 */
        for (unsigned i = 1; i < 1u << (w - 1); i++)
            amm(table[i], table[i - 1], acc, &c);
    }
    /* left to right: a zero bit is one square; a window of up to w bits from a set bit down to the
     * lowest set bit within reach is as many squares and one product with its odd power */
    int started = 0;
    for (size_t pos = eb; pos-- > 0;) {
        if (!pw_bit(ep, pos)) {
            amm(acc, acc, acc, &c);
            continue;
        }
        size_t low = pos + 1 >= w ? pos + 1 - w : 0;
        while (!pw_bit(ep, low))
            low++;
        unsigned value = 0;
        for (size_t b = pos + 1; b-- > low;)
            value = value << 1 | pw_bit(ep, b);
        if (started) {
            for (size_t sq = low; sq <= pos; sq++)
                amm(acc, acc, acc, &c);
            amm(acc, acc, table[value >> 1], &c);
        } else {
            /* 8nv digits: acc's zeros past them stay for to_limbs */
            memcpy(acc, table[value >> 1], 8 * nv * sizeof *acc);
            started = 1;
        }
        pos = low;
    }
    if (!started) /* e = 0: 1, R in Montgomery form */
        amm(acc, one, rr, &c);
    amm(acc, acc, one, &c); /* out of Montgomery form: at most m */
    to_limbs(rp, n, acc);
    if (pw_cmp(rp, mp, n) >= 0)
        chain_aors(rp, rp, mp, n, 0, DOT_OP_SUB, DOT_FAST);
}

#endif
