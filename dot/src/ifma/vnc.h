/*
 * Vertical-and-crosswise multiplication (the paper's Algorithm 2) with AVX-512 IFMA: the building
 * blocks shared by the ifma multiply and square kernels, the Gueron-Krasnov baseline and the
 * phase benchmark.
 *
 * Numbers are five radix-2^52 digits (260 bits, enough for four 64-bit limbs) in lanes 0..4 of a
 * zmm register, lanes 5..7 zero. Their product has ten columns.
 *
 * Layout: vector lane = output column. Each product vector holds at most one partial product per
 * column, in that column's lane, and is computed with vpmadd52luq/vpmadd52huq against a zero
 * accumulator, so no IFMA waits for another. The column sums are then plain vertical adds, and
 * the hi halves reach their next column by rotating one summed vector up one lane; the paper's
 * flat pair list would need a horizontal reduction per column instead. Columns 0..7 live in one
 * register ("lo plane"), columns 8 and 9 in lanes 0 and 1 of a second ("hi plane").
 *
 * 512-bit vectors because ten columns fit in one register plus two lanes of a second; with ymm
 * every plane would need three registers and every fold, carry step and shuffle three times over.
 */
#ifndef DOT_IFMA_VNC_H
#define DOT_IFMA_VNC_H

#include "../isa512.h"
#include <string.h>
#include "../dot_impl.h"

#define VNC_MASK52 ((UINT64_C(1) << 52) - 1)

/* Column sums (or, after vnc_normalize, digits): lo = columns 0..7, hi lanes 0..1 = columns 8..9;
 * what hi holds in lanes 2..7 is never read into a result. */
typedef struct vnc_cols {
    __m512i lo, hi;
} vnc_cols;

/* Phase 1, entry conversion: four 64-bit limbs (lanes 0..3, rest zero) to five 52-bit digits.
 * Digit k starts at bit 52k: the bits of limb 52k/64 from offset 52k%64, topped up from the next
 * limb. A shift count of 64 yields zero, which clears lanes 5..7 and the missing neighbours. */
DOT_ALWAYS_INLINE __m512i vnc_from64(__m512i limbs)
{
    const __m512i low_idx = _mm512_setr_epi64(0, 0, 1, 2, 3, 0, 0, 0);
    const __m512i low_shift = _mm512_setr_epi64(0, 52, 40, 28, 16, 64, 64, 64);
    const __m512i high_idx = _mm512_setr_epi64(0, 1, 2, 3, 0, 0, 0, 0);
    const __m512i high_shift = _mm512_setr_epi64(64, 12, 24, 36, 64, 64, 64, 64);
    __m512i low = _mm512_srlv_epi64(_mm512_permutexvar_epi64(low_idx, limbs), low_shift);
    __m512i high = _mm512_sllv_epi64(_mm512_permutexvar_epi64(high_idx, limbs), high_shift);
    return _mm512_ternarylogic_epi64(low, high, _mm512_set1_epi64(VNC_MASK52), 0xA8); /* (a|b)&c */
}

/* Scalar form of the same conversion, for an operand whose digits are only broadcast into IFMAs.
 * An IFMA reads only the low 52 bits of each input, so no digit is masked, and the digits that
 * start on a byte boundary (0 at byte 0, 2 at byte 13) are plain loads the broadcast can take
 * straight from memory. */
DOT_ALWAYS_INLINE void vnc_from64_scalar(uint64_t d[5], const dot_limb_t v[4])
{
    d[0] = v[0];
    d[1] = (v[0] >> 52) | (v[1] << 12);
    memcpy(&d[2], (const unsigned char *)v + 13, sizeof d[2]);
    d[3] = (v[2] >> 28) | (v[3] << 36);
    d[4] = v[3] >> 16;
}

/* Lanes of A rotated up by j (lane c holds digit c-j mod 8; digits 5..7 are zero). */
DOT_ALWAYS_INLINE __m512i vnc_rotate(__m512i a, int j)
{
    const __m512i lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    return _mm512_permutexvar_epi64(
        _mm512_and_si512(_mm512_sub_epi64(lane, _mm512_set1_epi64(j)), _mm512_set1_epi64(7)), a);
}

/* The partial products of a product: row j is A rotated up by j times digit b_j, so lane c holds
 * a_{c-j} * b_j, column c. Row 4 wraps: its lane 0 holds a4*b4, which belongs to column 8. */
typedef struct vnc_rows {
    __m512i a[6], b[5]; /* a[5]: a product's A rotated up by 5, for the hi halves of row 4 */
} vnc_rows;

typedef struct vnc_products {
    __m512i lo[5], hi[5];
} vnc_products;

/* Phase-truncated builds, for dot/bench/bench_phases.c only: compiled with DOT_PHASES=k, a kernel
 * returns right after its phase k. The results of that phase are kept alive by an empty asm that
 * claims to read them, so the compiler can neither drop the work done so far nor add any. libdot
 * never defines DOT_PHASES, and then VNC_PHASE_END is nothing. */
#ifdef DOT_PHASES
#define VNC_PHASE_END(k, keep)                                                                     \
    do {                                                                                           \
        if ((k) == DOT_PHASES) {                                                                   \
            keep;                                                                                  \
            return;                                                                                \
        }                                                                                          \
    } while (0)
DOT_ALWAYS_INLINE void vnc_keep(__m512i v) { __asm__ volatile("" : : "v"(v)); }
DOT_ALWAYS_INLINE void vnc_keep_rows(const vnc_rows *r, int n, int extra_a)
{
#pragma GCC unroll 5 /* rolled, the loop would push the rows through memory */
    for (int j = 0; j < n; j++) {
        vnc_keep(r->a[j]);
        vnc_keep(r->b[j]);
    }
    if (extra_a)
        vnc_keep(r->a[n]);
}
DOT_ALWAYS_INLINE void vnc_keep_products(const vnc_products *p, int n)
{
#pragma GCC unroll 5
    for (int j = 0; j < n; j++) {
        vnc_keep(p->lo[j]);
        vnc_keep(p->hi[j]);
    }
}
DOT_ALWAYS_INLINE void vnc_keep_cols(vnc_cols c)
{
    vnc_keep(c.lo);
    vnc_keep(c.hi);
}
#else
#define VNC_PHASE_END(k, keep) ((void)0)
#endif

/* Phase 1, gather: rows of a 5x5-digit product; b_j are broadcasts of the digits of B, from
 * memory (a broadcast through a load port, not a move from a general register). Row j's lo
 * halves take A rotated up by j, its hi halves A rotated up by j+1: each hi product then lands in
 * the lane of the column it belongs to, so phase 3 (align the hi halves) needs no instruction of
 * its own. That is one rotation more and one
 * rotation of the summed hi halves less, off the critical path. */
DOT_ALWAYS_INLINE vnc_rows vnc_gather_mul(__m512i a, const uint64_t b[5])
{
    vnc_rows r;
    r.a[0] = a;
#pragma GCC unroll 6 /* unrolled, the rows stay in registers instead of a stack array */
    for (int j = 1; j < 6; j++)
        r.a[j] = vnc_rotate(a, j);
#pragma GCC unroll 5
    for (int j = 0; j < 5; j++)
        r.b[j] = _mm512_set1_epi64((long long)b[j]);
    return r;
}

/* Phase 2 of a product: every partial product against a zero accumulator; the ten IFMAs are
 * independent. Lane c of lo[j] is lo(a_{c-j} * b_j), of hi[j] hi(a_{c-1-j} * b_j): both column c.
 * Lanes that wrapped round (c < j, resp. c <= j) hold zero digits, except the lanes 0 and 1 that
 * carry columns 8 and 9: lo[4] lane 0 (a4*b4), hi[3] lane 0 (a4*b3), hi[4] lanes 0, 1 (a3*b4,
 * a4*b4). */
DOT_ALWAYS_INLINE vnc_products vnc_multiply_mul(const vnc_rows *r)
{
    const __m512i zero = _mm512_setzero_si512();
    vnc_products p;
#pragma GCC unroll 5
    for (int j = 0; j < 5; j++) {
        p.lo[j] = _mm512_madd52lo_epu64(zero, r->a[j], r->b[j]);
        p.hi[j] = _mm512_madd52hi_epu64(zero, r->a[j + 1], r->b[j]);
    }
    return p;
}

/* Phase 4 of a product, reduce columns: plain vertical sums. The three vectors that hold columns
 * 8 and 9 in lanes 0 and 1 are summed apart; that sum is the hi plane, and its lanes 2..7 (columns
 * 2..7) go into the lo plane. */
DOT_ALWAYS_INLINE vnc_cols vnc_reduce_mul(const vnc_products *p)
{
    __m512i s = _mm512_add_epi64(_mm512_add_epi64(_mm512_add_epi64(p->lo[0], p->lo[1]),
                                                  _mm512_add_epi64(p->lo[2], p->lo[3])),
                                 _mm512_add_epi64(_mm512_add_epi64(p->hi[0], p->hi[1]), p->hi[2]));
    __m512i t = _mm512_add_epi64(_mm512_add_epi64(p->lo[4], p->hi[3]), p->hi[4]);
    vnc_cols c;
    c.lo = _mm512_mask_add_epi64(s, 0xFC, s, t);
    c.hi = t;
    return c;
}

/* Phase 1, gather for a square: the 10 distinct cross products a_i*a_j (i < j) fit two vectors
 * with one product per column lane (rows 0, 2 and 3 of the triangle occupy disjoint columns; row 1
 * is the second vector); the five squares a_i^2 go in a third, a0..a3 in the even lanes 0..6 and
 * a4 in lane 1, whose products belong to columns 8 and 9. Index 5 selects a zero digit. */
DOT_ALWAYS_INLINE vnc_rows vnc_gather_sqr(__m512i a)
{
    vnc_rows r;
    r.a[0] = _mm512_permutexvar_epi64(_mm512_setr_epi64(5, 1, 2, 3, 4, 3, 4, 4), a);
    r.b[0] = _mm512_permutexvar_epi64(_mm512_setr_epi64(5, 0, 0, 0, 0, 2, 2, 3), a);
    r.a[1] = _mm512_permutexvar_epi64(_mm512_setr_epi64(5, 5, 5, 2, 3, 4, 5, 5), a);
    r.b[1] = _mm512_permutexvar_epi64(_mm512_set1_epi64(1), a);
    r.a[2] = _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 4, 1, 5, 2, 5, 3, 5), a);
    r.b[2] = r.a[2];
    return r;
}

/* Phase 2 of a square: the three product vectors, each against a zero accumulator. */
DOT_ALWAYS_INLINE vnc_products vnc_multiply_sqr(const vnc_rows *r)
{
    const __m512i zero = _mm512_setzero_si512();
    vnc_products p;
#pragma GCC unroll 3
    for (int j = 0; j < 3; j++) {
        p.lo[j] = _mm512_madd52lo_epu64(zero, r->a[j], r->b[j]);
        p.hi[j] = _mm512_madd52hi_epu64(zero, r->a[j], r->b[j]);
    }
    return p;
}

/* Rotate up one lane: lane c takes lane c-1; lane 0 takes lane 7. */
DOT_ALWAYS_INLINE __m512i vnc_up1(__m512i v)
{
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(7, 0, 1, 2, 3, 4, 5, 6), v);
}

/* Phase 3 for a square: cross and square hi halves, each rotated up one lane. */
typedef struct vnc_sqr_hi {
    __m512i cross, square;
} vnc_sqr_hi;

DOT_ALWAYS_INLINE vnc_sqr_hi vnc_align_hi_sqr(const vnc_products *p)
{
    vnc_sqr_hi h;
    h.cross = vnc_up1(_mm512_add_epi64(p->hi[0], p->hi[1]));
    h.square = vnc_up1(p->hi[2]);
    return h;
}

/* Phase 4 for a square: the cross columns are doubled once, after summing (doubling a digit
 * before an IFMA would overflow its 52-bit input). Cross lane 0 is empty, so after the rotation it
 * holds exactly the cross hi halves of column 7, i.e. column 8's share. Square lo halves sit in
 * even lanes, their hi halves (rotated) in odd ones; a4^2 comes from lane 1 of both halves. */
DOT_ALWAYS_INLINE vnc_cols vnc_reduce_sqr(const vnc_products *p, vnc_sqr_hi h)
{
    __m512i cross = _mm512_add_epi64(_mm512_add_epi64(p->lo[0], p->lo[1]), h.cross);
    cross = _mm512_add_epi64(cross, cross);
    __m512i squares_lo = _mm512_mask_blend_epi64(0xAA, p->lo[2], h.square);
    __m512i squares_hi = _mm512_maskz_unpackhi_epi64(0x03, p->lo[2], p->hi[2]);
    vnc_cols c;
    c.lo = _mm512_mask_add_epi64(squares_lo, 0xFE, squares_lo, cross);
    c.hi = _mm512_mask_add_epi64(squares_hi, 0x01, squares_hi, cross);
    return c;
}

/* Phase 5 for a radix-2^52 result (the 5x5 product): the one short carry pass. Every column is below 2^56, so after one vector step
 * (low 52 bits plus the carry bits of the column below) each digit is at most 2^52 + 8, and what
 * is left is a single carry per column, resolved for all ten at once with the
 * carry-lookahead-by-addition identity in a general register (no branch, no per-column loop). */
DOT_ALWAYS_INLINE vnc_cols vnc_normalize(vnc_cols c)
{
    const __m512i mask = _mm512_set1_epi64(VNC_MASK52);
    const __m512i bit52 = _mm512_set1_epi64((long long)(UINT64_C(1) << 52));
    const __m512i zero = _mm512_setzero_si512();
    __m512i carry_lo = _mm512_srli_epi64(c.lo, 52), carry_hi = _mm512_srli_epi64(c.hi, 52);
    /* lane c gets the carry of column c-1: lo plane from itself, hi plane from lo lane 7 */
    __m512i in_lo = _mm512_permutex2var_epi64(carry_lo, _mm512_setr_epi64(8, 0, 1, 2, 3, 4, 5, 6),
                                              zero);
    __m512i in_hi = _mm512_permutex2var_epi64(
        carry_lo, _mm512_setr_epi64(7, 8, 9, 10, 11, 12, 13, 14), carry_hi);
    __m512i lo = _mm512_add_epi64(_mm512_and_si512(c.lo, mask), in_lo);
    __m512i hi = _mm512_add_epi64(_mm512_and_si512(c.hi, mask), in_hi);
    uint64_t gen = (uint64_t)_mm512_test_epi64_mask(lo, bit52) |
                   (uint64_t)_mm512_test_epi64_mask(hi, bit52) << 8;
    uint64_t prop = (uint64_t)_mm512_cmpeq_epi64_mask(lo, mask) |
                    (uint64_t)_mm512_cmpeq_epi64_mask(hi, mask) << 8;
    uint64_t recv = ((gen << 1) + prop) ^ prop;
    const __m512i one = _mm512_set1_epi64(1);
    vnc_cols d;
    d.lo = _mm512_and_si512(_mm512_mask_add_epi64(lo, (__mmask8)recv, lo, one), mask);
    d.hi = _mm512_and_si512(_mm512_mask_add_epi64(hi, (__mmask8)(recv >> 8), hi, one), mask);
    return d;
}

/* Phase 5 for a 64-bit result: carry pass and exit conversion in one. The columns are not
 * normalised first. Column c sits at bit 52c and is below 2^56, so the even columns (bits 0, 104,
 * 208, ...) never overlap one another, nor do the odd ones: each set is an 8-limb number X, Y
 * made by shifting and ORing, with no carries. The product is X + Y, one DoT addition: lane-wise
 * add, generate and propagate masks, carry-lookahead-by-addition in a general register, and a
 * masked +1 on the receiving limbs: cheaper than normalising the digits (two vector passes) and
 * repacking 52 -> 64 bits. */
DOT_ALWAYS_INLINE __m512i vnc_to64_add(vnc_cols c)
{
    /* X limb i is (one column << s) | (another >> t); Y limb i needs one column, shifted either way.
     * Index 8, 9 name columns 8, 9 (hi plane lanes 0, 1); shifting by 64 gives zero. */
    __m512i xl = _mm512_permutex2var_epi64(c.lo, _mm512_setr_epi64(0, 2, 2, 4, 6, 6, 8, 8), c.hi);
    __m512i xr = _mm512_permutex2var_epi64(c.lo, _mm512_setr_epi64(0, 0, 2, 0, 4, 6, 0, 8), c.hi);
    __m512i yp = _mm512_permutex2var_epi64(c.lo, _mm512_setr_epi64(1, 1, 3, 3, 5, 7, 7, 9), c.hi);
    __m512i x = _mm512_or_si512(
        _mm512_sllv_epi64(xl, _mm512_setr_epi64(0, 40, 64, 16, 56, 64, 32, 64)),
        _mm512_srlv_epi64(xr, _mm512_setr_epi64(64, 64, 24, 64, 48, 8, 64, 32)));
    __m512i y = _mm512_or_si512(
        _mm512_sllv_epi64(yp, _mm512_setr_epi64(52, 64, 28, 64, 4, 44, 64, 20)),
        _mm512_srlv_epi64(yp, _mm512_setr_epi64(64, 12, 64, 36, 64, 64, 20, 64)));
    __m512i s = _mm512_add_epi64(x, y);
    uint64_t gen = (uint64_t)_mm512_cmplt_epu64_mask(s, x);
    uint64_t prop = (uint64_t)_mm512_cmpeq_epi64_mask(s, _mm512_set1_epi64(-1));
    /* the product fits 512 bits, so no carry leaves limb 7 */
    uint64_t recv = ((gen << 1) + prop) ^ prop;
    return _mm512_mask_sub_epi64(s, (__mmask8)recv, s, _mm512_set1_epi64(-1));
}

/* Loads four 64-bit limbs into lanes 0..3 (lanes 4..7 zero). */
DOT_ALWAYS_INLINE __m512i vnc_load4(const dot_limb_t *p)
{
    return _mm512_maskz_loadu_epi64(0x0F, p);
}

#endif
