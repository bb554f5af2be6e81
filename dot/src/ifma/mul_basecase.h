/*
 * Schoolbook product of two 64-bit-limb numbers of up to DOT_MUL_BASECASE_MAX limbs with AVX-512
 * IFMA: the operand sizes GMP's mpn_mul_basecase takes (below its Karatsuba threshold and the
 * leaves of its Toom recursion). Not yet routed into DoTMP.
 *
 * 1. Entry: each operand to radix-2^52 digits, eight a vector. Digit j starts at bit 52j, in limb
 *    52j/64 at offset 52j%64; eight digits span at most seven limbs, loaded once (masked past the
 *    end) and permuted into place, then shifted together with the next limb.
 * 2. Columns: output vector c holds columns 8c..8c+7. Lane t of column vector c receives the low
 *    half of a_i * b_(8c+t-i) and the high half of a_i * b_(8c+t-i-1), for every digit a_i: one
 *    broadcast of a_i and two unaligned loads of b's digits (zero-padded on both sides) per IFMA
 *    pair. Four accumulators (low/high, even/odd i) keep four IFMAs in flight; no shifting
 *    accumulator, so no IFMA waits for another one's shift.
 * 3. Normalisation: column sums (< 2^60) to 52-bit digits in two carry rounds, each vector's
 *    carries moved one lane up (valignq) and added. A second-round sum that still exceeds 52 bits
 *    (a digit of all ones taking a carry: rare on random operands, common on runs of all-ones
 *    limbs) sends the call to the scalar carry pass instead.
 * 4. Exit: digits back to 64-bit limbs. Limb q takes the digit j = floor(64q/52) from bit
 *    64q - 52j and the next one or two digits above it; eight limbs need at most twelve digits,
 *    two vectors of them, gathered with permutes.
 */
#ifndef DOT_IFMA_MUL_BASECASE_H
#define DOT_IFMA_MUL_BASECASE_H

#include "../isa512.h"
#include "../dot_impl.h"

/* 0 only in the emulated test's planted control, which must then see carry cascades go wrong. */
#ifndef DOT_BASECASE_CASCADE_CHECK
#define DOT_BASECASE_CASCADE_CHECK 1
#endif

#define BC_MASK52 ((UINT64_C(1) << 52) - 1)
#define BC_MAX_DIGITS ((64 * DOT_MUL_BASECASE_MAX + 51) / 52)
#define BC_MAX_COLS (2 * BC_MAX_DIGITS)
#define BC_MAX_COL_VECS ((BC_MAX_COLS + 7) / 8)

/* n limbs (n >= 1) to k = ceil(64n/52) digits, written as whole vectors: d gets 8 * ceil(k/8)
 * digits, zeros past the number. The digit pattern repeats every 16 digits (13 limbs): vector m
 * starts at limb floor(6.5m), at offset 0 when m is even and 32 when odd. */
static inline void to_digits(uint64_t *d, const dot_limb_t *x, size_t n, size_t k)
{
    const __m512i idx[2] = {_mm512_setr_epi64(0, 0, 1, 2, 3, 4, 4, 5),
                            _mm512_setr_epi64(0, 1, 2, 2, 3, 4, 5, 6)};
    const __m512i right[2] = {_mm512_setr_epi64(0, 52, 40, 28, 16, 4, 56, 44),
                              _mm512_setr_epi64(32, 20, 8, 60, 48, 36, 24, 12)};
    const __m512i one = _mm512_set1_epi64(1), sixty_four = _mm512_set1_epi64(64);
    const __m512i mask = _mm512_set1_epi64((long long)BC_MASK52);
    for (size_t m = 0; 8 * m < k; m++) {
        size_t q0 = 13 * m / 2, left = n > q0 ? n - q0 : 0;
        __mmask8 live = left >= 8 ? 0xFF : (__mmask8)((1u << left) - 1);
        __m512i w = _mm512_maskz_loadu_epi64(live, x + q0);
        __m512i lo = _mm512_permutexvar_epi64(idx[m & 1], w);
        __m512i hi = _mm512_permutexvar_epi64(_mm512_add_epi64(idx[m & 1], one), w);
        /* a left shift by 64 (offset 0) gives zero: the digit lies in one limb */
        __m512i digit = _mm512_or_si512(
            _mm512_srlv_epi64(lo, right[m & 1]),
            _mm512_sllv_epi64(hi, _mm512_sub_epi64(sixty_four, right[m & 1])));
        _mm512_storeu_si512((void *)(d + 8 * m), _mm512_and_si512(digit, mask));
    }
}

/* One column vector's four accumulators: low and high halves, for even and odd i. */
typedef struct {
    __m512i l0, h0, l1, h1;
} bc_acc;

/* Adds the IFMA halves of a_i times the digits at b - i (lane 0: the other operand's digit
 * 8c - i) for every i from i to end - 1, two i per round; returns end. */
DOT_ALWAYS_INLINE size_t bc_accumulate(bc_acc *s, const uint64_t *a, const uint64_t *b, size_t i,
                                       size_t end)
{
    for (; i + 1 < end; i += 2) {
        __m512i a0 = _mm512_set1_epi64((long long)a[i]);
        __m512i a1 = _mm512_set1_epi64((long long)a[i + 1]);
        s->l0 = _mm512_madd52lo_epu64(s->l0, a0, _mm512_loadu_si512((const void *)(b - i)));
        s->h0 = _mm512_madd52hi_epu64(s->h0, a0, _mm512_loadu_si512((const void *)(b - i - 1)));
        s->l1 = _mm512_madd52lo_epu64(s->l1, a1, _mm512_loadu_si512((const void *)(b - i - 1)));
        s->h1 = _mm512_madd52hi_epu64(s->h1, a1, _mm512_loadu_si512((const void *)(b - i - 2)));
    }
    if (i < end) {
        __m512i a0 = _mm512_set1_epi64((long long)a[i]);
        s->l0 = _mm512_madd52lo_epu64(s->l0, a0, _mm512_loadu_si512((const void *)(b - i)));
        s->h0 = _mm512_madd52hi_epu64(s->h0, a0, _mm512_loadu_si512((const void *)(b - i - 1)));
    }
    return end;
}

static inline __m512i bc_sum(const bc_acc *s)
{
    return _mm512_add_epi64(_mm512_add_epi64(s->l0, s->l1), _mm512_add_epi64(s->h0, s->h1));
}

/* cv column vectors of a (ka digits) times b (kb digits at bpad + 8, 8 zeros before, zeros up to
 * bpad + 8 + kb + 8 at least). */
static inline void columns(uint64_t *col, size_t cv, const uint64_t *a, size_t ka,
                           const uint64_t *bpad, size_t kb)
{
    for (size_t c = 0; c < cv; c++) {
        bc_acc s = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512()};
        size_t lo_i = 8 * c > kb ? 8 * c - kb : 0, hi_i = 8 * c + 8 < ka ? 8 * c + 8 : ka;
        bc_accumulate(&s, a, bpad + 8 + 8 * c, lo_i, hi_i > lo_i ? hi_i : lo_i);
        _mm512_storeu_si512((void *)(col + 8 * c), bc_sum(&s));
    }
}

/* Column sums to 52-bit digits, two carry rounds; 0 if a digit still overflows (then d is not
 * usable). */
static inline int normalize(uint64_t *d, const uint64_t *col, size_t cv)
{
    const __m512i mask = _mm512_set1_epi64((long long)BC_MASK52);
    __m512i carry1 = _mm512_setzero_si512(), carry2 = carry1;
    __mmask8 overflow = 0;
    for (size_t c = 0; c < cv; c++) {
        __m512i v = _mm512_loadu_si512((const void *)(col + 8 * c));
        __m512i h = _mm512_srli_epi64(v, 52);
        __m512i e = _mm512_add_epi64(_mm512_and_si512(v, mask), _mm512_alignr_epi64(h, carry1, 7));
        carry1 = h;
        __m512i h2 = _mm512_srli_epi64(e, 52);
        __m512i f = _mm512_add_epi64(_mm512_and_si512(e, mask), _mm512_alignr_epi64(h2, carry2, 7));
        carry2 = h2;
        overflow |= _mm512_test_epi64_mask(f, _mm512_set1_epi64((long long)~BC_MASK52));
        _mm512_storeu_si512((void *)(d + 8 * c), f);
    }
    return overflow == 0;
}

/* The rare path: every column's carry passed on one at a time, digits packed into rn limbs. */
static inline void scalar_limbs(dot_limb_t *rp, size_t rn, const uint64_t *col, size_t ncols)
{
    unsigned __int128 bits = 0;
    unsigned have = 0;
    uint64_t carry = 0;
    size_t q = 0;
    for (size_t c = 0; c < ncols && q < rn; c++) {
        uint64_t t = col[c] + carry;
        carry = t >> 52;
        bits |= (unsigned __int128)(t & BC_MASK52) << have;
        have += 52;
        if (have >= 64) {
            rp[q++] = (uint64_t)bits;
            bits >>= 64;
            have -= 64;
        }
    }
    for (; q < rn; q++) { /* the product fits: what is left is the buffered bits */
        rp[q] = (uint64_t)bits;
        bits >>= 64;
    }
}

/* 52-bit digits (zero-padded by at least 16 past the last one read) to rn limbs. */
static inline void to_limbs(dot_limb_t *rp, size_t rn, const uint64_t *d)
{
    const __m512i lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512i one = _mm512_set1_epi64(1), c52 = _mm512_set1_epi64(52);
    const __m512i c104 = _mm512_set1_epi64(104), magic = _mm512_set1_epi64(5042);
    /* the products below stay under 2^32, so 32-bit multiplies (AVX512F) do for 64-bit lanes */
    for (size_t p = 0; 8 * p < rn; p++) {
        /* limb q = 8p + lane starts in digit j = floor(16q/13) (16q * 5042 >> 16 is exact for
         * q < 256), at bit o = 64q - 52j */
        __m512i q = _mm512_add_epi64(_mm512_set1_epi64((long long)(8 * p)), lane);
        __m512i j = _mm512_srli_epi64(_mm512_mullo_epi32(_mm512_slli_epi64(q, 4), magic), 16);
        __m512i o = _mm512_sub_epi64(_mm512_slli_epi64(q, 6), _mm512_mullo_epi32(j, c52));
        size_t base = 16 * 8 * p / 13;
        __m512i rel = _mm512_sub_epi64(j, _mm512_set1_epi64((long long)base));
        __m512i lo = _mm512_loadu_si512((const void *)(d + base));
        __m512i hi = _mm512_loadu_si512((const void *)(d + base + 8));
        __m512i d0 = _mm512_permutex2var_epi64(lo, rel, hi);
        __m512i d1 = _mm512_permutex2var_epi64(lo, _mm512_add_epi64(rel, one), hi);
        __m512i d2 = _mm512_permutex2var_epi64(
            lo, _mm512_add_epi64(rel, _mm512_add_epi64(one, one)), hi);
        /* shift counts of 64 and more give zero: a limb within two digits ignores the third */
        __m512i limb = _mm512_or_si512(_mm512_srlv_epi64(d0, o),
                                       _mm512_sllv_epi64(d1, _mm512_sub_epi64(c52, o)));
        limb = _mm512_or_si512(limb, _mm512_sllv_epi64(d2, _mm512_sub_epi64(c104, o)));
        size_t left = rn - 8 * p;
        _mm512_mask_storeu_epi64(rp + 8 * p, left >= 8 ? 0xFF : (__mmask8)((1u << left) - 1), limb);
    }
}

/* The square's column vectors: each product a_i * a_j with i != j taken once and doubled, the
 * squares a_i^2 added after. Lane t of vector c (column K = 8c + t) needs the low half of
 * a_i * a_(K-i) for i < K - i and the high half of a_i * a_(K-1-i) for i < K - 1 - i. Every lane
 * wants every i below 4c; the four i from 4c on want only the lanes above 2(i - 4c) (low) and
 * 2(i - 4c) + 1 (high), hence the masks. a: k digits at apad + 8, zero-padded as for columns(). */
static inline void square_columns(uint64_t *col, size_t cv, const uint64_t *apad, size_t k)
{
    static const __mmask8 lo_live[4] = {0xFE, 0xF8, 0xE0, 0x80};
    static const __mmask8 hi_live[4] = {0xFC, 0xF0, 0xC0, 0x00};
    const __m512i even = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
    const __m512i odd = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    const uint64_t *a = apad + 8;
    for (size_t c = 0; c < cv; c++) {
        bc_acc s = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512()};
        size_t lo_i = 8 * c > k ? 8 * c - k : 0, all_i = 4 * c < k ? 4 * c : k;
        size_t end_i = 4 * c + 4 < k ? 4 * c + 4 : k;
        const uint64_t *b = a + 8 * c; /* b - i: digit 8c - i in lane 0 */
        size_t i = bc_accumulate(&s, a, b, lo_i, all_i > lo_i ? all_i : lo_i);
        for (; i < end_i; i++) {
            __m512i a0 = _mm512_set1_epi64((long long)a[i]);
            size_t r = i - 4 * c;
            s.l1 = _mm512_mask_madd52lo_epu64(s.l1, lo_live[r], a0,
                                              _mm512_loadu_si512((const void *)(b - i)));
            s.h1 = _mm512_mask_madd52hi_epu64(s.h1, hi_live[r], a0,
                                              _mm512_loadu_si512((const void *)(b - i - 1)));
        }
        __m512i twice = bc_sum(&s);
        twice = _mm512_add_epi64(twice, twice);
        /* columns 8c..8c+7 hold the squares of digits 4c..4c+3: low half at 2i, high at 2i + 1 */
        __m512i d = _mm512_loadu_si512((const void *)(a + 8 * (c / 2)));
        __m512i sq_lo = _mm512_madd52lo_epu64(_mm512_setzero_si512(), d, d);
        __m512i sq_hi = _mm512_madd52hi_epu64(_mm512_setzero_si512(), d, d);
        __m512i diag = _mm512_permutex2var_epi64(sq_lo, (c & 1) ? odd : even, sq_hi);
        _mm512_storeu_si512((void *)(col + 8 * c), _mm512_add_epi64(twice, diag));
    }
}

DOT_ALWAYS_INLINE void ifma_mul_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t un,
                                         const dot_limb_t *vp, size_t vn)
{
    _Alignas(64) uint64_t a[BC_MAX_DIGITS + 8], bpad[8 + BC_MAX_DIGITS + 8 + 8];
    _Alignas(64) uint64_t col[8 * BC_MAX_COL_VECS], d[8 * BC_MAX_COL_VECS + 16];
    size_t ka = (64 * un + 51) / 52, kb = (64 * vn + 51) / 52;
    size_t cv = (ka + kb + 7) / 8;
    to_digits(a, up, un, ka);
    _mm512_storeu_si512((void *)bpad, _mm512_setzero_si512());
    to_digits(bpad + 8, vp, vn, kb);
    size_t kb_whole = 8 * ((kb + 7) / 8);
    _mm512_storeu_si512((void *)(bpad + 8 + kb_whole), _mm512_setzero_si512());
    columns(col, cv, a, ka, bpad, kb);
    if (!normalize(d, col, cv) && DOT_BASECASE_CASCADE_CHECK) {
        scalar_limbs(rp, un + vn, col, ka + kb);
        return;
    }
    _mm512_storeu_si512((void *)(d + 8 * cv), _mm512_setzero_si512());
    _mm512_storeu_si512((void *)(d + 8 * cv + 8), _mm512_setzero_si512());
    to_limbs(rp, un + vn, d);
}

/* {rp, 2n} = {up, n}^2: the product's steps with the square's columns. */
DOT_ALWAYS_INLINE void ifma_sqr_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t n)
{
    _Alignas(64) uint64_t apad[8 + BC_MAX_DIGITS + 8 + 8];
    _Alignas(64) uint64_t col[8 * BC_MAX_COL_VECS], d[8 * BC_MAX_COL_VECS + 16];
    size_t k = (64 * n + 51) / 52;
    size_t cv = (2 * k + 7) / 8;
    _mm512_storeu_si512((void *)apad, _mm512_setzero_si512());
    to_digits(apad + 8, up, n, k);
    size_t k_whole = 8 * ((k + 7) / 8);
    _mm512_storeu_si512((void *)(apad + 8 + k_whole), _mm512_setzero_si512());
    square_columns(col, cv, apad, k);
    if (!normalize(d, col, cv) && DOT_BASECASE_CASCADE_CHECK) {
        scalar_limbs(rp, 2 * n, col, 2 * k);
        return;
    }
    _mm512_storeu_si512((void *)(d + 8 * cv), _mm512_setzero_si512());
    _mm512_storeu_si512((void *)(d + 8 * cv + 8), _mm512_setzero_si512());
    to_limbs(rp, 2 * n, d);
}

#endif
