/*
 * 4x4-limb product with AVX2 (vpmuludq: four 32x32->64 products a vector), organised by output
 * column like the IFMA kernel. Digits are 30 bits (nine per operand), so a product is below 2^60
 * and a column of at most nine of them stays below 2^64: no product is split into halves and no
 * carry is handled until the end.
 *
 * Column block K (columns 4K..4K+3, one ymm) is the sum over i of a_i (broadcast) times the four
 * digits b_{4K-i} .. b_{4K-i+3}: a window loaded straight from a zero-padded copy of B, so lining
 * the digits up with the columns costs loads, not shuffles. 27 vpmuludq in all.
 *
 * Exit: column c (below 2^64) sits at bit 30c. Every third column is 90 bits from the next, so
 * columns c = 0, 1, 2 (mod 3) form three 8-limb numbers by shifting and ORing, with no carries,
 * and the product is their sum: two add-with-carry chains in general registers.
 *
 * Measured on zen4 (bench_mul, median of 301 samples): 81 TSC cycles per call, against 25 for the
 * scalar Comba kernel, 30 for IFMA and 31 for GMP's mpn_mul_n. Kept out of the dispatch table.
 */
#include <immintrin.h>
#include <x86intrin.h>
#include "../dot_impl.h"

#define AVX2_DIGIT_BITS 30
#define AVX2_DIGITS 9
#define AVX2_MASK30 ((UINT64_C(1) << AVX2_DIGIT_BITS) - 1)
#define AVX2_COLS 17 /* 2 * 9 - 1 */
#define AVX2_PAD 3   /* windows start up to three digits before b_0 */

/* Digit k of the 256-bit number in v: bits 30k .. 30k+29. */
DOT_ALWAYS_INLINE uint64_t avx2_digit(const dot_limb_t v[4], int k)
{
    int bit = AVX2_DIGIT_BITS * k, limb = bit / 64, off = bit % 64;
    uint64_t d = v[limb] >> off;
    if (off > 64 - AVX2_DIGIT_BITS && limb < 3)
        d |= v[limb + 1] << (64 - off);
    return d & AVX2_MASK30;
}

/* The window of four digits of B starting at digit d (-3 <= d <= 8), from B's digits in three
 * vectors bv[0..2] (b0..b3, b4..b7, b8 and zeros) with a zero vector at each end. */
DOT_ALWAYS_INLINE __m256i avx2_window(const __m256i bv[5], int d)
{
    int q = (d + 4) / 4, r = (d + 4) % 4; /* bv index, counting the leading zero vector */
    __m256i lo = bv[q], hi = bv[q + 1];
    switch (r) {
    case 0: return lo;
    case 1: /* lanes lo1 lo2 lo3 hi0 */
        return _mm256_blend_epi32(_mm256_permute4x64_epi64(lo, 0x39), _mm256_permute4x64_epi64(hi, 0x39), 0xC0);
    case 2: return _mm256_permute2x128_si256(lo, hi, 0x21);
    default: /* lanes lo3 hi0 hi1 hi2 */
        return _mm256_blend_epi32(_mm256_permute4x64_epi64(lo, 0x93), _mm256_permute4x64_epi64(hi, 0x93), 0xFC);
    }
}

void dot_avx2_mul_4x4(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    uint64_t a[AVX2_DIGITS], b[AVX2_DIGITS];
#pragma GCC unroll 9
    for (int k = 0; k < AVX2_DIGITS; k++) {
        a[k] = avx2_digit(up, k);
        b[k] = avx2_digit(vp, k);
    }
    /* in memory, so that the broadcasts come from there */
    __asm__("" : : "r"(a) : "memory");
    const __m256i bv[5] = {_mm256_setzero_si256(), _mm256_loadu_si256((const __m256i *)b),
                           _mm256_loadu_si256((const __m256i *)(b + 4)),
                           _mm256_setr_epi64x((long long)b[8], 0, 0, 0), _mm256_setzero_si256()};
    uint64_t col[20];
#pragma GCC unroll 5
    for (int K = 0; K < 5; K++) {
        __m256i acc = _mm256_setzero_si256();
#pragma GCC unroll 9
        for (int i = 0; i < AVX2_DIGITS; i++) {
            int d = 4 * K - i; /* lane l of the window holds b_{d+l} */
            if (d < -AVX2_PAD || d > AVX2_DIGITS - 1)
                continue; /* the window holds no digit of B */
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(_mm256_set1_epi64x((long long)a[i]),
                                                         avx2_window(bv, d)));
        }
        _mm256_storeu_si256((__m256i *)(col + 4 * K), acc);
    }
    /* three carry-free numbers (a ninth limb takes the pieces past bit 512, which are zero) */
    uint64_t x[3][9] = {{0}};
#pragma GCC unroll 17
    for (int c = 0; c < AVX2_COLS; c++) {
        int bit = AVX2_DIGIT_BITS * c, limb = bit / 64, off = bit % 64;
        x[c % 3][limb] |= col[c] << off;
        if (off)
            x[c % 3][limb + 1] |= col[c] >> (64 - off);
    }
    /* one chain after the other: interleaved, the two carries would leave the carry flag */
    unsigned long long s[8], t;
    unsigned char c = 0;
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        c = _addcarry_u64(c, x[0][i], x[1][i], &s[i]);
    c = 0;
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
        c = _addcarry_u64(c, s[i], x[2][i], &t);
        rp[i] = t;
    }
}
