/*
 * DoT add/sub with SSE4.2, w = 2 limbs a vector: the AVX2 scheme at half width (pcmpgtq on
 * sign-flipped values, movmskpd, receiver bits matched per lane). Four vectors (8 limbs) share
 * one pass through dot_lookahead; an odd last limb goes through the add-with-carry chain.
 */
#ifndef DOT_SSE_AORS_H
#define DOT_SSE_AORS_H

#include <nmmintrin.h>
#include "../chain/aors.h"
#include "../lookahead.h"

#define DOT_SSE_W 2
#define DOT_SSE_GROUP 4

DOT_ALWAYS_INLINE __m128i sse_phase1(__m128i a, __m128i b, dot_op op, uint64_t *g, uint64_t *p)
{
    const __m128i sign = _mm_set1_epi64x((long long)INT64_MIN);
    __m128i r, gen, prop;
    if (op == DOT_OP_ADD) {
        r = _mm_add_epi64(a, b);
        gen = _mm_cmpgt_epi64(_mm_xor_si128(a, sign), _mm_xor_si128(r, sign));
        prop = _mm_cmpeq_epi64(r, _mm_set1_epi64x(-1));
    } else {
        r = _mm_sub_epi64(a, b);
        gen = _mm_cmpgt_epi64(_mm_xor_si128(b, sign), _mm_xor_si128(a, sign));
        prop = _mm_cmpeq_epi64(r, _mm_setzero_si128());
    }
    *g = (uint64_t)_mm_movemask_pd(_mm_castsi128_pd(gen));
    *p = (uint64_t)_mm_movemask_pd(_mm_castsi128_pd(prop));
    return r;
}

DOT_ALWAYS_INLINE __m128i sse_apply(__m128i r, __m128i bits, int k, dot_op op)
{
    const __m128i sel = _mm_set_epi64x(2LL << (2 * k), 1LL << (2 * k));
    __m128i m = _mm_cmpeq_epi64(_mm_and_si128(bits, sel), sel);
    return op == DOT_OP_ADD ? _mm_sub_epi64(r, m) : _mm_add_epi64(r, m);
}

/* The driver's primitives (DOT_DEFINE_VECTOR_AORS, dot_impl.h): one vector's unaligned load and
 * store, and the group's receiver bits in every lane. */
DOT_ALWAYS_INLINE __m128i sse_load(const dot_limb_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}
DOT_ALWAYS_INLINE void sse_store(dot_limb_t *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }
DOT_ALWAYS_INLINE __m128i sse_broadcast(uint64_t bits) { return _mm_set1_epi64x((long long)bits); }

DOT_DEFINE_VECTOR_AORS(sse, __m128i, DOT_SSE_W, DOT_SSE_GROUP)

#endif
