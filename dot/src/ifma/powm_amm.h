/*
 * The product of the IFMA exponentiation (powm.h, sections 1 and 2, and 5's normalisation):
 * pw_amm_ways, a * b / R mod m below 2m in radix-2^52 digits, one product or a pair (section 6),
 * instanced per vector count and per normalisation (rounds while a lane overflows, or the
 * constant-time bit pass, pw_pass_bits).
 */
#ifndef DOT_IFMA_POWM_AMM_H
#define DOT_IFMA_POWM_AMM_H

#include "mul_basecase.h" /* BC_MASK52 */

/* 1 but in the emulated test's planted control: there normalisation makes one round only. */
#ifndef DOT_POWM_FULL_NORMALISE
#define DOT_POWM_FULL_NORMALISE 1
#endif

/* the register kernel's vectors: 126 digits and the two lanes past them, moduli of up to 6550
 * bits (the bit pass's masks take 128 lanes); past them the wide product (powm_amm_wide.h), up to
 * PW_MAX_VECS: 318 digits, 16534 bits (DOT_POWM_MAX's 256 limbs). At 12 to 16 vectors the register
 * kernel, its operands no longer all in registers, still led the wide product; at 17 they were
 * even, from 18 the wide product led (results/powm-wide-zen5-9d8156a.txt) */
#define PW_REG_VECS 16
#define PW_MAX_VECS 40
/* digit buffers: whole vectors, plus the 16 digits to_limbs may read past the number */
#define PW_DIGITS (8 * PW_MAX_VECS + 16)
#define PW_MAX_WINDOW 6

typedef struct {
    size_t k;        /* digits; R = 2^(52k) */
    uint64_t mprime; /* -m^-1 mod 2^52 */
    uint64_t m[PW_DIGITS] __attribute__((aligned(64)));
} pw_ctx;

typedef void (*pw_amm_fn)(uint64_t *r, const uint64_t *a, const uint64_t *b, const pw_ctx *c);

/* The constant-time end of normalisation (powm.h, 5.): after one round every lane is below
 * 2^52 + 2^9, so what is left to pass is one bit from each lane of 2^52 or more (g) up through
 * the lanes of 52 one bits above it (p), which a lane of 2^52 or more never is. One add resolves
 * every chain, one bit a lane: the carries in are (2g + p) ^ p, DoT's add of masks (64-bit masks
 * up to 64 lanes, 128-bit ones above). */
static inline __attribute__((always_inline)) void pw_pass_bits(__m512i *lo, __m256i *lt,
                                                               const int nz, const int half)
{
    const __m512i high = _mm512_set1_epi64((long long)~BC_MASK52), one = _mm512_set1_epi64(1);
    const __m512i mask = _mm512_set1_epi64((long long)BC_MASK52);
    const __m256i high4 = _mm512_castsi512_si256(high), one4 = _mm512_castsi512_si256(one);
    typedef unsigned __int128 u128;
    u128 g = 0, p = 0;
#pragma GCC unroll 16
    for (int j = 0; j < nz; j++) {
        const u128 gj = _mm512_test_epi64_mask(lo[j], high);
        g |= gj << (8 * j);
        p |= (_mm512_test_epi64_mask(_mm512_add_epi64(lo[j], one), high) & ~gj) << (8 * j);
    }
    if (half) {
        const u128 gt = _mm256_test_epi64_mask(*lt, high4);
        g |= gt << (8 * nz);
        p |= (_mm256_test_epi64_mask(_mm256_add_epi64(*lt, one4), high4) & ~gt) << (8 * nz);
    }
    /* the top of 128 bits only where there are more than 64 lanes (nz is a constant) */
    const u128 cin = 8 * nz + 4 * half > 64
                         ? ((g << 1) + p) ^ p
                         : (uint64_t)(((uint64_t)g << 1) + (uint64_t)p) ^ (uint64_t)p;
#pragma GCC unroll 16
    for (int j = 0; j < nz; j++)
        lo[j] = _mm512_and_si512(
            _mm512_mask_add_epi64(lo[j], (__mmask8)(cin >> (8 * j)), lo[j], one), mask);
    if (half)
        *lt = _mm256_and_si256(_mm256_mask_add_epi64(*lt, (__mmask8)(cin >> (8 * nz)), *lt, one4),
                               _mm512_castsi512_si256(mask));
}

/* One product or two run together (pw_amm2): ways products of the same digit count k, each with
 * its own operands, modulus and scalar chain, in one digit loop, so that one chain's latency is
 * hidden behind the other's work. */
typedef struct {
    uint64_t *r;
    const uint64_t *a, *b;
    const pw_ctx *c;
} pw_job;

static inline __attribute__((always_inline)) void
pw_amm_ways(const pw_job *job, const int ways, const int nz, const int half, const int ct)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m256i zero4 = _mm256_setzero_si256();
    /* b's digits one lane up and two lanes up (for the high halves): b1v, b2v; with half, lt,
     * bt1, bt2 and mt are the same for the ymm on top */
    __m512i lo[2][PW_REG_VECS], b1v[2][PW_REG_VECS], b2v[2][PW_REG_VECS];
    __m256i lt[2] = {zero4, zero4}, bt1[2] = {zero4, zero4}, bt2[2] = {zero4, zero4};
    __m256i mt[2] = {zero4, zero4};
    uint64_t s[2], x[2], lane2[2], mp12[2], b0[2], m0[2], m1[2], m2[2];
#pragma GCC unroll 2
    for (int w = 0; w < ways; w++) {
        const uint64_t *a = job[w].a, *b = job[w].b;
        __m512i b0v[PW_REG_VECS];
#pragma GCC unroll 16
        for (int j = 0; j < nz; j++)
            b0v[j] = _mm512_loadu_si512((const void *)(b + 8 * j));
#pragma GCC unroll 16
        for (int j = 0; j < nz; j++) {
            b1v[w][j] = _mm512_alignr_epi64(b0v[j], j ? b0v[j - 1] : zero, 7);
            b2v[w][j] = _mm512_alignr_epi64(b0v[j], j ? b0v[j - 1] : zero, 6);
        }
        __m256i bt0 = zero4;
        if (half) {
            const __m256i below = _mm512_extracti64x4_epi64(b0v[nz - 1], 1);
            bt0 = _mm256_loadu_si256((const void *)(b + 8 * nz));
            bt1[w] = _mm256_alignr_epi64(bt0, below, 3);
            bt2[w] = _mm256_alignr_epi64(bt0, below, 2);
        }
        /* positions 0.. with a_0 b and a_1 b in */
        const __m512i a0 = _mm512_set1_epi64((long long)a[0]);
        const __m512i a1 = _mm512_set1_epi64((long long)a[1]);
#pragma GCC unroll 16
        for (int j = 0; j < nz; j++) {
            __m512i t = _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(zero, a0, b0v[j]), a0,
                                              b1v[w][j]);
            lo[w][j] = _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(t, a1, b1v[w][j]), a1,
                                             b2v[w][j]);
        }
        if (half) {
            const __m256i a0t = _mm512_castsi512_si256(a0), a1t = _mm512_castsi512_si256(a1);
            __m256i t = _mm256_madd52hi_epu64(_mm256_madd52lo_epu64(zero4, a0t, bt0), a0t, bt1[w]);
            lt[w] = _mm256_madd52hi_epu64(_mm256_madd52lo_epu64(t, a1t, bt1[w]), a1t, bt2[w]);
        }
        const pw_ctx *c = job[w].c;
        mp12[w] = c->mprime << 12;
        b0[w] = b[0];
        m0[w] = c->m[0];
        m1[w] = c->m[1];
        m2[w] = c->m[2];
        if (half)
            mt[w] = _mm256_load_si256((const void *)(c->m + 8 * nz));
        const __m128i low = _mm512_castsi512_si128(lo[w][0]);
        s[w] = (uint64_t)_mm_cvtsi128_si64(low);    /* position 0, exact */
        x[w] = (uint64_t)_mm_extract_epi64(low, 1); /* position 1 but q_0's terms and carry */
        lane2[w] = (uint64_t)_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(lo[w][0], 1));
    }
    for (size_t i = 0; i < job[0].c->k; i++) {
#pragma GCC unroll 2
        for (int w = 0; w < ways; w++) {
            const uint64_t *a = job[w].a, *m = job[w].c->m;
            const uint64_t q12 = s[w] * mp12[w];
            /* s's high part, and 1 where its low 52 bits are not zero (q m_0 completes them to
             * 2^52), in one add: s stays below 2^62 (powm.h, 1.) */
            const uint64_t carry = (s[w] + BC_MASK52) >> 52;
            /* q12 m_0's high half and both of q12 m_1's, two mulx with q12 in rdx (the first
             * names one register for both halves, which mulx defines as keeping the high one):
             * gcc's own 128-bit products tie both halves to rdx:rax and spilled around them, and
             * made q12 m_1's low half with a third multiply (the CPU check requires BMI2 for
             * IFMA) */
            uint64_t hi_q_m0, lo_q_m1, hi_q_m1;
            __asm__("mulx %[m0], %[h0], %[h0]\n\tmulx %[m1], %[l1], %[h1]"
                    : [h0] "=&r"(hi_q_m0), [l1] "=&r"(lo_q_m1), [h1] "=r"(hi_q_m1)
                    : "d"(q12), [m0] "rm"(m0[w]), [m1] "rm"(m1[w]));
            const uint64_t s_next = x[w] + carry + (lo_q_m1 >> 12) + hi_q_m0;
            /* position i+2 but q_(i+1)'s terms and carry (a[k], a[k+1] are zero digits) */
            x[w] = lane2[w] + ((a[i + 2] * b0[w]) & BC_MASK52) + ((q12 * m2[w]) >> 12) + hi_q_m1;
            const __m512i q = _mm512_set1_epi64((long long)(q12 >> 12));
            const __m512i next = _mm512_set1_epi64((long long)a[i + 2]);
            __m512i hi[PW_REG_VECS];
#pragma GCC unroll 16
            for (int j = 0; j < nz; j++) {
                const __m512i mj = _mm512_load_si512((const void *)(m + 8 * j));
                /* a[i+2] b's halves, then q m's high half on top of them: one zero
                 * accumulator and no add a vector, and only the last product waits for q */
                const __m512i ab = _mm512_madd52hi_epu64(
                    _mm512_madd52lo_epu64(zero, next, b1v[w][j]), next, b2v[w][j]);
                lo[w][j] = _mm512_madd52lo_epu64(lo[w][j], q, mj);
                hi[j] = _mm512_madd52hi_epu64(ab, q, mj);
            }
            __m256i ht = zero4;
            if (half) {
                const __m256i qt = _mm512_castsi512_si256(q), nt = _mm512_castsi512_si256(next);
                const __m256i ab = _mm256_madd52hi_epu64(_mm256_madd52lo_epu64(zero4, nt, bt1[w]),
                                                         nt, bt2[w]);
                lt[w] = _mm256_madd52lo_epu64(lt[w], qt, mt[w]);
                ht = _mm256_madd52hi_epu64(ab, qt, mt[w]);
            }
#pragma GCC unroll 16
            for (int j = 0; j < nz; j++) {
                const __m512i above = j + 1 < nz ? lo[w][j + 1] : _mm512_castsi256_si512(lt[w]);
                lo[w][j] = _mm512_add_epi64(_mm512_alignr_epi64(above, lo[w][j], 1), hi[j]);
            }
            if (half)
                lt[w] = _mm256_add_epi64(_mm256_alignr_epi64(zero4, lt[w], 1), ht);
            lane2[w] = (uint64_t)_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(lo[w][0], 1));
            s[w] = s_next;
        }
    }
    /* one round always (its test would cost more than the round), more while a lane overflows */
    const __m512i mask = _mm512_set1_epi64((long long)BC_MASK52);
    const __m256i mask4 = _mm512_castsi512_si256(mask);
#pragma GCC unroll 2
    for (int w = 0; w < ways; w++) {
        lo[w][0] = _mm512_mask_set1_epi64(lo[w][0], 1, (long long)s[w]);
        for (;;) {
            __m512i cy[PW_REG_VECS];
#pragma GCC unroll 16
            for (int j = 0; j < nz; j++)
                cy[j] = _mm512_srli_epi64(lo[w][j], 52);
            if (half) {
                const __m256i below = _mm512_extracti64x4_epi64(cy[nz - 1], 1);
                lt[w] = _mm256_add_epi64(
                    _mm256_and_si256(lt[w], mask4),
                    _mm256_alignr_epi64(_mm256_srli_epi64(lt[w], 52), below, 3));
            }
#pragma GCC unroll 16
            for (int j = nz - 1; j >= 0; j--) {
                const __m512i up = _mm512_alignr_epi64(cy[j], j ? cy[j - 1] : zero, 7);
                lo[w][j] = _mm512_add_epi64(_mm512_and_si512(lo[w][j], mask), up);
            }
            if (!DOT_POWM_FULL_NORMALISE) {
#pragma GCC unroll 16
                for (int j = 0; j < nz; j++)
                    lo[w][j] = _mm512_and_si512(lo[w][j], mask);
                lt[w] = _mm256_and_si256(lt[w], mask4);
                break;
            }
            if (ct) {
                pw_pass_bits(lo[w], &lt[w], nz, half);
                break;
            }
            __mmask8 over = half ? _mm256_test_epi64_mask(lt[w], _mm256_andnot_si256(mask4, lt[w]))
                                 : 0;
#pragma GCC unroll 16
            for (int j = 0; j < nz; j++)
                over |= _mm512_test_epi64_mask(lo[w][j], _mm512_andnot_si512(mask, lo[w][j]));
            if (DOT_LIKELY(!over))
                break;
        }
        uint64_t *r = job[w].r;
#pragma GCC unroll 16
        for (int j = 0; j < nz; j++)
            _mm512_storeu_si512((void *)(r + 8 * j), lo[w][j]);
        if (half) /* the slot's other four lanes zero, for to_limbs and the next product */
            _mm512_storeu_si512((void *)(r + 8 * nz), _mm512_zextsi256_si512(lt[w]));
    }
}

/* pw_amm_N: N zmm vectors; pw_amm_N_half: N zmm vectors and a ymm (four lanes) above them; the
 * _ct ones normalise in constant time */
#define PW_AMM_INSTANCE(N, SUFFIX, HALF, CT)                                                       \
    static void pw_amm_##N##SUFFIX(uint64_t *r, const uint64_t *a, const uint64_t *b,              \
                                   const pw_ctx *c)                                                \
    {                                                                                              \
        const pw_job job = {r, a, b, c};                                                           \
        pw_amm_ways(&job, 1, N, HALF, CT);                                                         \
    }
#define PW_AMM_INSTANCES(N)                                                                        \
    PW_AMM_INSTANCE(N, , 0, 0)                                                                     \
    PW_AMM_INSTANCE(N, _half, 1, 0) PW_AMM_INSTANCE(N, _ct, 0, 1) PW_AMM_INSTANCE(N, _half_ct, 1, 1)
PW_AMM_INSTANCES(1)
PW_AMM_INSTANCES(2)
PW_AMM_INSTANCES(3)
PW_AMM_INSTANCES(4)
PW_AMM_INSTANCES(5)
PW_AMM_INSTANCES(6)
PW_AMM_INSTANCES(7)
PW_AMM_INSTANCES(8)
PW_AMM_INSTANCES(9)
PW_AMM_INSTANCES(10)
PW_AMM_INSTANCES(11)
PW_AMM_INSTANCES(12)
PW_AMM_INSTANCES(13)
PW_AMM_INSTANCES(14)
PW_AMM_INSTANCES(15)
PW_AMM_INSTANCE(16, , 0, 0)
PW_AMM_INSTANCE(16, _ct, 0, 1)

/* pw_amm2_N[_half]: two constant-time products of N zmm vectors (and a ymm) run together, for
 * pw_fixed's pairs (powm.h); up to PW_PAIR_MAX_VECS vectors, where one product's chain latency
 * leaves the vector unit idle (past that the pair runs one product after the other) */
#define PW_PAIR_MAX_VECS 5
typedef void (*pw_amm2_fn)(const pw_job *job);
#define PW_AMM2_INSTANCE(N, SUFFIX, HALF)                                                          \
    static void pw_amm2_##N##SUFFIX(const pw_job *job) { pw_amm_ways(job, 2, N, HALF, 1); }
#define PW_AMM2_INSTANCES(N) PW_AMM2_INSTANCE(N, , 0) PW_AMM2_INSTANCE(N, _half, 1)
PW_AMM2_INSTANCES(1)
PW_AMM2_INSTANCES(2)
PW_AMM2_INSTANCES(3)
PW_AMM2_INSTANCES(4)
PW_AMM2_INSTANCE(5, , 0)

#endif
