/*
 * DoT add/sub with AVX2, w = 4 limbs a vector, in two flavours that share phase 1 (one vector add
 * or subtract per 4 limbs) and differ in where the carries go, as the AVX-512 kernel's do
 * (avx512/aors.h). AVX2 has neither an unsigned 64-bit compare nor mask registers: the compares
 * run on sign-flipped values (x ^ 2^63 orders as signed the way x orders as unsigned).
 *
 * Fast flavour, the lane shift (avx2_lane_*): the carries stay in vector registers. A lane's
 * carry (borrow) out comes from one signed compare of the flipped operand and the flipped result
 * as -1 or 0; moved one lane up (vperm2i128 and vpalignr, the previous vector's lane 3 entering
 * lane 0), it is subtracted (added) in, phase 3. That is the exact answer unless a carry lands on
 * a propagating lane (sum all ones, difference zero), where it cascades: then, and only then, the
 * flipped lane overflows as a signed number, which one compare per vector detects. A group of
 * four vectors is checked before any of it is stored; from a group with a cascade on, the
 * lookahead kernel below does the rest of the call from the carry into that group (phase 4, rare
 * on random data). No general register sits between a vector's loads and its store. The last
 * n % 4 limbs go through the add-with-carry chain.
 *
 * Constant-time flavour, the lookahead (avx2_lookahead_*): lane masks come out through
 * vmovmskpd, dot_lookahead resolves every cascade of four vectors (16 limbs) with one add and no
 * branch on the data, and the carries go back in by matching a broadcast of the receiver bits
 * against each lane's own bit. The last n % 4 limbs go through the chain (the driver in
 * dot_impl.h).
 */
#ifndef DOT_AVX2_AORS_H
#define DOT_AVX2_AORS_H

#include <immintrin.h>
#include "../chain/aors.h"
#include "../lookahead.h"

#define DOT_AVX2_W 4
/* vectors per lookahead pass: with eight, the results, the receiver selectors and the constants
 * did not fit the 16 ymm registers (gcc reloaded selectors from memory and kept the carry on the
 * stack); four, with u loaded once (avx2_lookahead_load), run the `_ct` kernel 1.03x-1.38x faster
 * (results/libdot-avx2-ct-zen4-f57247c.txt) */
#define DOT_AVX2_GROUP 4
#define DOT_AVX2_LANE_GROUP 4 /* vectors per cascade check of the lane shift */
/* 0 only in the planted control of test_addsub.c, which must then see cascades go wrong. */
#ifndef DOT_LANE_CASCADE_CHECK
#define DOT_LANE_CASCADE_CHECK 1
#endif

DOT_ALWAYS_INLINE __m256i avx2_flip(__m256i x)
{
    return _mm256_xor_si256(x, _mm256_set1_epi64x((long long)INT64_MIN));
}

/* Phase 1 and the phase-2 masks of one vector. */
DOT_ALWAYS_INLINE __m256i avx2_lookahead_phase1(__m256i a, __m256i b, dot_op op, uint64_t *g,
                                                uint64_t *p)
{
    __m256i r, gen, prop;
    if (op == DOT_OP_ADD) {
        r = _mm256_add_epi64(a, b);
        /* carry out iff r < a (unsigned) */
        gen = _mm256_cmpgt_epi64(avx2_flip(a), avx2_flip(r));
        prop = _mm256_cmpeq_epi64(r, _mm256_set1_epi64x(-1));
    } else {
        r = _mm256_sub_epi64(a, b);
        /* borrow out iff a < b (unsigned) */
        gen = _mm256_cmpgt_epi64(avx2_flip(b), avx2_flip(a));
        prop = _mm256_cmpeq_epi64(r, _mm256_setzero_si256());
    }
    *g = (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(gen));
    *p = (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(prop));
    return r;
}

/* Phase 3: add (sub) one to the lanes of vector k whose receiver bit is set in `bits`. */
DOT_ALWAYS_INLINE __m256i avx2_lookahead_apply(__m256i r, __m256i bits, int k, dot_op op)
{
    const __m256i sel = _mm256_setr_epi64x(1LL << (4 * k), 2LL << (4 * k), 4LL << (4 * k),
                                           8LL << (4 * k));
    __m256i m = _mm256_cmpeq_epi64(_mm256_and_si256(bits, sel), sel); /* -1 where receiving */
    return op == DOT_OP_ADD ? _mm256_sub_epi64(r, m) : _mm256_add_epi64(r, m);
}

/* The driver's primitives (DOT_DEFINE_VECTOR_AORS, dot_impl.h): one vector's unaligned load and
 * store, and the group's receiver bits in every lane. */
DOT_ALWAYS_INLINE __m256i avx2_lookahead_load(const dot_limb_t *p)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    /* hides the load's origin from gcc, which would otherwise load u twice (once folded into the
     * add, once into the flip): three loads a vector instead of two */
    __asm__("" : "+x"(v));
    return v;
}
DOT_ALWAYS_INLINE void avx2_lookahead_store(dot_limb_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}
DOT_ALWAYS_INLINE __m256i avx2_lookahead_broadcast(uint64_t bits)
{
    return _mm256_set1_epi64x((long long)bits);
}

DOT_DEFINE_VECTOR_AORS(avx2_lookahead, __m256i, DOT_AVX2_W, DOT_AVX2_GROUP)

/* Lanes 0-2 of c moved to lanes 1-3, lane 3 of prev into lane 0. */
DOT_ALWAYS_INLINE __m256i avx2_lane_up(__m256i prev, __m256i c)
{
    __m256i straddle = _mm256_permute2x128_si256(prev, c, 0x21); /* prev 2, prev 3, c 0, c 1 */
    return _mm256_alignr_epi8(c, straddle, 8);                   /* prev 3, c 0, c 1, c 2 */
}

/* Lane 3 of c (-1 or 0) as 1 or 0: the carry out of the vector whose carries c holds. */
DOT_ALWAYS_INLINE dot_limb_t avx2_lane_top(__m256i c)
{
    return (dot_limb_t)_mm256_movemask_pd(_mm256_castsi256_pd(c)) >> 3;
}

/* `vecs` (1..4) vectors at rp, up, vp. *carries holds the previous vector's lane carries (only
 * lane 3 matters: the carry into this group); on success the group is stored, *carries receives
 * its last vector's and the result is 1. A cascade stores nothing and returns 0. The results stay
 * flipped (x ^ 2^63) until the store: a + b (a - b) flipped is a's flipped value plus (minus) b,
 * and adding or subtracting the carries commutes with the flip, so the signed compares need no
 * other flip. */
DOT_ALWAYS_INLINE int avx2_lane_group(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                      int vecs, __m256i *carries, dot_op op)
{
    __m256i r[DOT_AVX2_LANE_GROUP], c[DOT_AVX2_LANE_GROUP];
    __m256i wrapped = _mm256_setzero_si256();
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __m256i a = avx2_flip(_mm256_loadu_si256((const __m256i *)(up + DOT_AVX2_W * k)));
        __m256i b = _mm256_loadu_si256((const __m256i *)(vp + DOT_AVX2_W * k));
        /* carry out iff a > a + b, borrow out iff a - b > a (unsigned: both wrap past a) */
        r[k] = op == DOT_OP_ADD ? _mm256_add_epi64(a, b) : _mm256_sub_epi64(a, b);
        c[k] = op == DOT_OP_ADD ? _mm256_cmpgt_epi64(a, r[k]) : _mm256_cmpgt_epi64(r[k], a);
    }
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        /* lane j receives lane j-1's carry (-1); lane 0 the previous vector's lane 3. A lane
         * wrapped iff its flipped value overflowed: it went down on +1 (up on -1). */
        __m256i in = avx2_lane_up(k ? c[k - 1] : *carries, c[k]);
        __m256i taken = op == DOT_OP_ADD ? _mm256_sub_epi64(r[k], in) : _mm256_add_epi64(r[k], in);
        wrapped = _mm256_or_si256(wrapped, op == DOT_OP_ADD ? _mm256_cmpgt_epi64(r[k], taken)
                                                            : _mm256_cmpgt_epi64(taken, r[k]));
        r[k] = avx2_flip(taken);
    }
    if (__builtin_expect(DOT_LANE_CASCADE_CHECK && !_mm256_testz_si256(wrapped, wrapped), 0))
        return 0;
    DOT_UNROLL
    for (int k = 0; k < vecs; k++)
        _mm256_storeu_si256((__m256i *)(rp + DOT_AVX2_W * k), r[k]);
    *carries = c[vecs - 1];
    return 1;
}

/* The rest of a call from the group that cascaded: the lookahead kernel, out of line, so that
 * its registers stay out of the fast path. */
__attribute__((noinline, cold)) static dot_limb_t avx2_lane_resume(dot_limb_t *rp,
                                                                   const dot_limb_t *up,
                                                                   const dot_limb_t *vp, size_t n,
                                                                   dot_limb_t cin, dot_op op)
{
    return avx2_lookahead_aors(rp, up, vp, n, cin, op, DOT_CT);
}

/* The fast flavour: groups of four vectors, then single vectors, then the n % 4 last limbs
 * through the chain. After a cascade the rest of the call goes through the lookahead kernel
 * (operands that cascade once tend to cascade again, and its branch-free form takes them at its
 * own speed). */
DOT_ALWAYS_INLINE dot_limb_t avx2_lane_aors(dot_limb_t *rp, const dot_limb_t *up,
                                            const dot_limb_t *vp, size_t n, dot_limb_t cin,
                                            dot_op op)
{
    __m256i carries = _mm256_set1_epi64x(-(long long)cin);
    const size_t group = DOT_AVX2_W * DOT_AVX2_LANE_GROUP;
    size_t i = 0;
    for (; i + group <= n; i += group)
        if (!avx2_lane_group(rp + i, up + i, vp + i, DOT_AVX2_LANE_GROUP, &carries, op))
            goto cascade;
    for (; i + DOT_AVX2_W <= n; i += DOT_AVX2_W)
        if (!avx2_lane_group(rp + i, up + i, vp + i, 1, &carries, op))
            goto cascade;
    if (i == n)
        return avx2_lane_top(carries);
    return chain_aors(rp + i, up + i, vp + i, n - i, avx2_lane_top(carries), op, DOT_FAST);
cascade:
    return avx2_lane_resume(rp + i, up + i, vp + i, n - i, avx2_lane_top(carries), op);
}

/* The core DOT_DEFINE_AORS instantiates (add_n.c, sub_n.c): the flavour is a constant there. */
DOT_ALWAYS_INLINE dot_limb_t avx2_aors(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                       size_t n, dot_limb_t cin, dot_op op, dot_flavour flavour)
{
    return flavour == DOT_FAST ? avx2_lane_aors(rp, up, vp, n, cin, op)
                               : avx2_lookahead_aors(rp, up, vp, n, cin, op, flavour);
}

#endif
