/*
 * DoT add/sub with AVX2, w = 4 limbs a vector. AVX2 has neither an unsigned 64-bit compare nor
 * mask registers: the compare runs on sign-flipped values, lane masks come out through
 * vmovmskpd, and the carries go back in by matching a broadcast of the receiver bits against each
 * lane's own bit. Eight vectors (32 limbs) share one pass through dot_lookahead; the last
 * n % 4 limbs go through the add-with-carry chain (the driver in dot_impl.h).
 */
#ifndef DOT_AVX2_AORS_H
#define DOT_AVX2_AORS_H

#include <immintrin.h>
#include "../chain/aors.h"
#include "../lookahead.h"

#define DOT_AVX2_W 4
#define DOT_AVX2_GROUP 8 /* vectors per lookahead pass */

/* Phase 1 and the phase-2 masks of one vector. */
DOT_ALWAYS_INLINE __m256i avx2_phase1(__m256i a, __m256i b, dot_op op, uint64_t *g, uint64_t *p)
{
    const __m256i sign = _mm256_set1_epi64x((long long)INT64_MIN);
    __m256i r, gen, prop;
    if (op == DOT_OP_ADD) {
        r = _mm256_add_epi64(a, b);
        /* carry out iff r < a (unsigned) */
        gen = _mm256_cmpgt_epi64(_mm256_xor_si256(a, sign), _mm256_xor_si256(r, sign));
        prop = _mm256_cmpeq_epi64(r, _mm256_set1_epi64x(-1));
    } else {
        r = _mm256_sub_epi64(a, b);
        /* borrow out iff a < b (unsigned) */
        gen = _mm256_cmpgt_epi64(_mm256_xor_si256(b, sign), _mm256_xor_si256(a, sign));
        prop = _mm256_cmpeq_epi64(r, _mm256_setzero_si256());
    }
    *g = (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(gen));
    *p = (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(prop));
    return r;
}

/* Phase 3: add (sub) one to the lanes of vector k whose receiver bit is set in `bits`. */
DOT_ALWAYS_INLINE __m256i avx2_apply(__m256i r, __m256i bits, int k, dot_op op)
{
    const __m256i sel = _mm256_setr_epi64x(1LL << (4 * k), 2LL << (4 * k), 4LL << (4 * k),
                                           8LL << (4 * k));
    __m256i m = _mm256_cmpeq_epi64(_mm256_and_si256(bits, sel), sel); /* -1 where receiving */
    return op == DOT_OP_ADD ? _mm256_sub_epi64(r, m) : _mm256_add_epi64(r, m);
}

/* The driver's primitives (DOT_DEFINE_VECTOR_AORS, dot_impl.h): one vector's unaligned load and
 * store, and the group's receiver bits in every lane. */
DOT_ALWAYS_INLINE __m256i avx2_load(const dot_limb_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}
DOT_ALWAYS_INLINE void avx2_store(dot_limb_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}
DOT_ALWAYS_INLINE __m256i avx2_broadcast(uint64_t bits)
{
    return _mm256_set1_epi64x((long long)bits);
}

DOT_DEFINE_VECTOR_AORS(avx2, __m256i, DOT_AVX2_W, DOT_AVX2_GROUP)

#endif
