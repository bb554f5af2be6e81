/*
 * The IFMA exponentiation's product for moduli wider than the register kernel's (powm_amm.h,
 * PW_REG_VECS vectors: up to 126 digits, about 102 limbs): pw_amm_wide_*, a * b / R mod m below 2m
 * in radix-2^52 digits, as powm.h's section 1 states it, with the positions in memory instead of
 * registers, up to PW_MAX_VECS vectors (DOT_POWM_MAX's 256 limbs).
 *
 * The steps go in groups of eight, one vector's worth of positions: the group at position i (on a
 * vector boundary of acc) reads acc's vectors from i once and writes them back once, with the
 * eight a_(i+g) b terms and the eight q_(i+g) m terms in (four IFMA sums a vector, from copies of
 * b and m moved up by 0 to 8 digits: the low half of a digit product lands at its position, the
 * high half one above). Vector 0 is all the group's own positions, vector 1 the next group's
 * vector 0, kept in a register from one group to the next. The chain runs in general registers:
 * each step's s is its lane of vector 0 with the group's a b terms in (made a group ahead), the
 * carry out of the position below it and the q m terms of the group's earlier steps (one mulx
 * each); q = s m' mod 2^52 clears it, and the carry out is (s + lo(q m_0)) >> 52. The first
 * k mod 8 steps go one at a time, through memory, so that the groups after them start on vector
 * boundaries. A position takes at most four terms below 2^52 a step for k + 2 steps, and s a lane,
 * at most 16 terms and the carry more: below 2^63 for k up to 505 digits (DOT_POWM_MAX's 318 among
 * them), so that s + 2^52 - 1 and the normalisation's sums stay below 2^64. Normalisation is one
 * pass in general registers at the end, the same instructions for any value: the constant-time
 * exponentiation uses this product as it is. The copies of b and m are rows of span digits, span a
 * constant in each instance (pw_amm_wide_20 up to 20 vectors, the 128 limbs of FFDH-8192 and
 * RSA-15360's halves, pw_amm_wide_40 past them), so that every row is at a fixed offset from one
 * base and the stack a call takes grows with the modulus only from one instance to the next.
 */
#ifndef DOT_IFMA_POWM_AMM_WIDE_H
#define DOT_IFMA_POWM_AMM_WIDE_H

#include <string.h>   /* memcpy */
#include "powm_amm.h" /* pw_ctx, PW_MAX_VECS, PW_DIGITS */

/* 0 in the emulated test's planted control only: a group's later steps leave the q m terms of its
 * earlier ones out of their s */
#ifndef DOT_POWM_WIDE_CHAIN
#define DOT_POWM_WIDE_CHAIN 1
#endif

/* steps a group takes: 8, one vector, so that each group's vector 0 is the vector 1 the group
 * before stored, at the same aligned address */
#define PW_WIDE_GROUP 8
/* the digits of a row of the copies of b and m (moved up by 0..8 digits) for products of up to
 * vecs vectors: 8 (vecs + 2) */
#define PW_WIDE_SPAN(vecs) (8 * ((vecs) + 2))

/* lane l of x (l a constant once unrolled) */
static inline __attribute__((always_inline)) uint64_t pw_lane(__m512i x, int l)
{
    const __m128i pair = l < 2   ? _mm512_castsi512_si128(x)
                         : l < 4 ? _mm512_extracti32x4_epi32(x, 1)
                         : l < 6 ? _mm512_extracti32x4_epi32(x, 2)
                                 : _mm512_extracti32x4_epi32(x, 3);
    return (uint64_t)(l & 1 ? _mm_extract_epi64(pair, 1) : _mm_cvtsi128_si64(pair));
}

/* The a b terms of the group of G steps at positions i.. (a = a_i's address) that land in the
 * vector at o digits past position i: four sums, so that no chain of IFMAs is longer than G / 2.
 * bs: the copies of b, rows of span digits (row g moved up by g). */
static inline __attribute__((always_inline)) __m512i
pw_wide_aterms(const uint64_t *a, const int G, const uint64_t *bs, size_t span, size_t o)
{
    __m512i t[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512()};
#pragma GCC unroll 8
    for (int g = 0; g < G; g++) {
        const __m512i ag = _mm512_set1_epi64((long long)a[g]);
        t[g & 1] = _mm512_madd52lo_epu64(t[g & 1], ag,
                                         _mm512_load_si512((const void *)(bs + g * span + o)));
        t[2 + (g & 1)] = _mm512_madd52hi_epu64(
            t[2 + (g & 1)], ag, _mm512_load_si512((const void *)(bs + (g + 1) * span + o)));
    }
    return _mm512_add_epi64(_mm512_add_epi64(t[0], t[1]), _mm512_add_epi64(t[2], t[3]));
}

/* One step at position i alone (the first group's, while position i is not on a vector boundary),
 * through memory: s from acc, nw vectors of four IFMAs. */
static inline __attribute__((always_inline)) void pw_wide_step(uint64_t *at, size_t nw, uint64_t ai,
                                                               const uint64_t *bs,
                                                               const uint64_t *ms, size_t span,
                                                               uint64_t mp12, uint64_t *carry)
{
    const uint64_t s = at[0] + ((ai * bs[0]) & BC_MASK52) + *carry;
    const uint64_t q12 = s * mp12;
    *carry = (s + BC_MASK52) >> 52;
    const __m512i av = _mm512_set1_epi64((long long)ai),
                  qv = _mm512_set1_epi64((long long)(q12 >> 12));
    for (size_t o = 0; o < 8 * nw; o += 8) {
        __m512i u = _mm512_loadu_si512((const void *)(at + o));
        const __m512i h = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_setzero_si512(), av,
                                  _mm512_load_si512((const void *)(bs + span + o))),
            qv, _mm512_load_si512((const void *)(ms + span + o)));
        u = _mm512_madd52lo_epu64(u, av, _mm512_load_si512((const void *)(bs + o)));
        u = _mm512_madd52lo_epu64(u, qv, _mm512_load_si512((const void *)(ms + o)));
        _mm512_storeu_si512((void *)(at + o), _mm512_add_epi64(u, h));
    }
}

/* One group of G steps, positions i .. i + G - 1, at a vector boundary of acc (at: position i).
 * *v holds vector 0 (positions i..i+7, every earlier step in) on entry and vector 1, which is
 * the next group's vector 0, on return; a0 is the group's a b terms at vector 0 (pw_wide_aterms),
 * made a group ahead, and the next group's are returned. *carry: the carry into position i, then
 * out of position i + G - 1. Vector 0's positions are all consumed: it is not stored. The
 * critical path from one group to the next: the chain, vector 1's last q m terms, an add. */
static inline __attribute__((always_inline)) __m512i
pw_wide_group(uint64_t *at, size_t nw, const uint64_t *a, size_t left, __m512i *v, __m512i a0,
              const uint64_t *bs, const uint64_t *ms, size_t span, const uint64_t *m, uint64_t mp12,
              uint64_t *carry)
{
    const int G = PW_WIDE_GROUP;
    const __m512i zero = _mm512_setzero_si512();
    __m512i av[PW_WIDE_GROUP], qv[PW_WIDE_GROUP];
    const __m512i v0 = _mm512_add_epi64(*v, a0);
    uint64_t pos[PW_WIDE_GROUP];
#pragma GCC unroll 8
    for (int l = 0; l < G; l++)
        pos[l] = pw_lane(v0, l);
    /* vector 1's a b terms and the next group's vector 0's, off the chain */
    __m512i v1 = _mm512_add_epi64(_mm512_load_si512((const void *)(at + 8)),
                                  pw_wide_aterms(a, G, bs, span, 8));
    const __m512i a0_next = left > (size_t)G ? pw_wide_aterms(a + G, G, bs, span, 0) : zero;
    /* the chain in general registers: q_g from s_g, then q_g m's terms into the later steps'
     * lanes, lo(q m_j) at lane g + j and hi(q m_j) at g + j + 1: with q kept 12 bits up (as in
     * powm_amm.h) the low half of q12 m_j holds lo in its top 52 bits, the high half is hi;
     * vector 1's q m terms as each q comes */
    uint64_t cy = *carry;
    __m512i qlo = zero, qhi = zero;
#pragma GCC unroll 8
    for (int g = 0; g < G; g++) {
        const uint64_t s = pos[g] + cy;
        const uint64_t q12 = s * mp12;
        cy = (s + BC_MASK52) >> 52; /* s + lo(q m_0) is a multiple of 2^52 (powm.h, 1.) */
        av[g] = _mm512_set1_epi64((long long)a[g]);
        qv[g] = _mm512_set1_epi64((long long)(q12 >> 12));
        qlo = _mm512_madd52lo_epu64(qlo, qv[g],
                                    _mm512_load_si512((const void *)(ms + g * span + 8)));
        qhi = _mm512_madd52hi_epu64(qhi, qv[g],
                                    _mm512_load_si512((const void *)(ms + (g + 1) * span + 8)));
        unsigned __int128 t = (unsigned __int128)q12 * m[0];
#pragma GCC unroll 8
        for (int j = 0; g + j + 1 < G; j++) {
            const unsigned __int128 u = (unsigned __int128)q12 * m[j + 1];
            if (DOT_POWM_WIDE_CHAIN)
                pos[g + j + 1] += (uint64_t)(t >> 64) + ((uint64_t)u >> 12);
            t = u;
        }
    }
    *carry = cy;
    v1 = _mm512_add_epi64(v1, _mm512_add_epi64(qlo, qhi));
    _mm512_store_si512((void *)(at + 8), v1);
    *v = v1;
    /* the other vectors with all of the group's terms, four sums a vector */
    for (size_t o = 16; o < 8 * nw; o += 8) {
        __m512i lo = _mm512_load_si512((const void *)(at + o)), hi = zero;
        qlo = qhi = zero;
#pragma GCC unroll 8
        for (int g = 0; g < G; g++) {
            const uint64_t *const bg = bs + g * span + o, *const mg = ms + g * span + o;
            lo = _mm512_madd52lo_epu64(lo, av[g], _mm512_load_si512((const void *)bg));
            hi = _mm512_madd52hi_epu64(hi, av[g], _mm512_load_si512((const void *)(bg + span)));
            qlo = _mm512_madd52lo_epu64(qlo, qv[g], _mm512_load_si512((const void *)mg));
            qhi = _mm512_madd52hi_epu64(qhi, qv[g], _mm512_load_si512((const void *)(mg + span)));
        }
        _mm512_store_si512((void *)(at + o),
                           _mm512_add_epi64(_mm512_add_epi64(lo, hi), _mm512_add_epi64(qlo, qhi)));
    }
    return a0_next;
}

/* The wide product for up to vecs vectors (a constant in each instance below, whose frame holds
 * the buffers: acc of 2 span digits, bs and ms of G + 1 rows of span) */
static inline __attribute__((always_inline)) void
pw_amm_wide_core(uint64_t *r, const uint64_t *a, const uint64_t *b, const pw_ctx *c,
                 const size_t vecs, uint64_t *acc, uint64_t *bs, uint64_t *ms)
{
    const int G = PW_WIDE_GROUP;
    const size_t span = PW_WIDE_SPAN(vecs);
    const size_t k = c->k, nv = (k + 2 + 7) / 8, nw = (k + G + 1 + 7) / 8;
    /* the first f = k mod G steps one at a time, then groups of G: position p at
     * acc[p + off], so that every group starts on a vector boundary */
    const size_t f = k % G, off = (G - f) % G;
    /* positions 0 .. k + 8nw - 1 (the last group writes up to there), zero to start; b and m moved
     * up by g digits (row g, position j holds digit j - g), zero elsewhere: 8nw digits a row */
    const __m512i zero = _mm512_setzero_si512();
    for (size_t j = 0; j < off + k + 8 * nw; j += 8)
        _mm512_store_si512((void *)(acc + j), zero);
    for (int g = 0; g <= G; g++) {
        uint64_t *const bg = bs + g * span, *const mg = ms + g * span;
        /* zero below digit g and from g + k to 8nw; b's and m's k digits between */
        for (int j = 0; j < g; j++)
            bg[j] = mg[j] = 0;
        memcpy(bg + g, b, k * sizeof *b);
        memcpy(mg + g, c->m, k * sizeof *b);
        for (size_t j = g + k; j < 8 * nw; j++)
            bg[j] = mg[j] = 0;
    }
    const uint64_t mp12 = c->mprime << 12;
    uint64_t carry = 0;
    for (size_t i = 0; i < f; i++)
        pw_wide_step(acc + off + i, nw, a[i], bs, ms, span, mp12, &carry);
    __m512i v = _mm512_load_si512((const void *)(acc + off + f));
    __m512i a0 = pw_wide_aterms(a + f, G, bs, span, 0);
    for (size_t i = f; i < k; i += G)
        a0 = pw_wide_group(acc + off + i, nw, a + i, k - i, &v, a0, bs, ms, span, c->m, mp12,
                           &carry);
    /* positions k.. with the last carry in, one digit at a time; the result is below 2m < R, so
     * its digits past k - 1 are zero; 8nv of them are written */
    uint64_t cy = carry;
    for (size_t j = 0; j < 8 * nv; j++) {
        const uint64_t x = acc[off + k + j] + cy;
        r[j] = x & BC_MASK52;
        cy = x >> 52;
    }
}

/* up to 20 vectors (128 limbs), and up to PW_MAX_VECS */
#define PW_WIDE_MID_VECS 20
_Static_assert(PW_REG_VECS < PW_WIDE_MID_VECS && PW_WIDE_MID_VECS < PW_MAX_VECS,
               "the wide instances follow the register product's");
#define PW_WIDE_INSTANCE(vecs)                                                                     \
    static void pw_amm_wide_##vecs(uint64_t *r, const uint64_t *a, const uint64_t *b,              \
                                   const pw_ctx *c)                                                \
    {                                                                                              \
        uint64_t acc[2 * PW_WIDE_SPAN(vecs)] __attribute__((aligned(64)));                         \
        uint64_t bs[(PW_WIDE_GROUP + 1) * PW_WIDE_SPAN(vecs)] __attribute__((aligned(64)));        \
        uint64_t ms[(PW_WIDE_GROUP + 1) * PW_WIDE_SPAN(vecs)] __attribute__((aligned(64)));        \
        pw_amm_wide_core(r, a, b, c, vecs, acc, bs, ms);                                           \
    }
PW_WIDE_INSTANCE(20)
PW_WIDE_INSTANCE(40)
_Static_assert(PW_WIDE_MID_VECS == 20 && PW_MAX_VECS == 40,
               "the instances serve those vector counts");

/* The products that serve k digits (k + 2 lanes: whole zmm vectors, or a ymm on top where four
 * lanes or fewer are left over): the register kernel's instance up to PW_REG_VECS vectors (the
 * constant-time ones with ct), and for constant-time pairs its pair instance up to
 * PW_PAIR_MAX_VECS (NULL past it, or without ct); past PW_REG_VECS the wide product for both
 * (it is constant time as it is) and no pair. Returns the vector count, nv. */
static inline size_t pw_products(size_t k, const int ct, pw_amm_fn *amm, pw_amm2_fn *amm2)
{
    static const pw_amm_fn amm_of[2][PW_REG_VECS + 1] = {
        {NULL, pw_amm_1, pw_amm_2, pw_amm_3, pw_amm_4, pw_amm_5, pw_amm_6, pw_amm_7, pw_amm_8,
         pw_amm_9, pw_amm_10, pw_amm_11, pw_amm_12, pw_amm_13, pw_amm_14, pw_amm_15, pw_amm_16},
        {NULL, pw_amm_1_ct, pw_amm_2_ct, pw_amm_3_ct, pw_amm_4_ct, pw_amm_5_ct, pw_amm_6_ct,
         pw_amm_7_ct, pw_amm_8_ct, pw_amm_9_ct, pw_amm_10_ct, pw_amm_11_ct, pw_amm_12_ct,
         pw_amm_13_ct, pw_amm_14_ct, pw_amm_15_ct, pw_amm_16_ct}};
    static const pw_amm_fn half_of[2][PW_REG_VECS] = {
        {NULL, pw_amm_1_half, pw_amm_2_half, pw_amm_3_half, pw_amm_4_half, pw_amm_5_half,
         pw_amm_6_half, pw_amm_7_half, pw_amm_8_half, pw_amm_9_half, pw_amm_10_half, pw_amm_11_half,
         pw_amm_12_half, pw_amm_13_half, pw_amm_14_half, pw_amm_15_half},
        {NULL, pw_amm_1_half_ct, pw_amm_2_half_ct, pw_amm_3_half_ct, pw_amm_4_half_ct,
         pw_amm_5_half_ct, pw_amm_6_half_ct, pw_amm_7_half_ct, pw_amm_8_half_ct, pw_amm_9_half_ct,
         pw_amm_10_half_ct, pw_amm_11_half_ct, pw_amm_12_half_ct, pw_amm_13_half_ct,
         pw_amm_14_half_ct, pw_amm_15_half_ct}};
    static const pw_amm2_fn pair_of[PW_PAIR_MAX_VECS + 1] = {NULL,      pw_amm2_1, pw_amm2_2,
                                                             pw_amm2_3, pw_amm2_4, pw_amm2_5};
    static const pw_amm2_fn pair_half_of[PW_PAIR_MAX_VECS] = {NULL, pw_amm2_1_half, pw_amm2_2_half,
                                                              pw_amm2_3_half, pw_amm2_4_half};
    const size_t lanes = k + 2, nz = lanes / 8, nv = (lanes + 7) / 8;
    const int half = nz >= 1 && lanes % 8 >= 1 && lanes % 8 <= 4;
    *amm = nv > PW_WIDE_MID_VECS ? pw_amm_wide_40
           : nv > PW_REG_VECS    ? pw_amm_wide_20
           : half                ? half_of[ct][nz]
                                 : amm_of[ct][nv];
    *amm2 = !ct || nv > PW_REG_VECS ? NULL
            : half                  ? (nz < PW_PAIR_MAX_VECS ? pair_half_of[nz] : NULL)
                                    : (nv <= PW_PAIR_MAX_VECS ? pair_of[nv] : NULL);
    return nv;
}

#endif
