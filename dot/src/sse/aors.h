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

/* One lookahead group of `vecs` full vectors. */
DOT_ALWAYS_INLINE uint64_t sse_group(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                     int vecs, uint64_t cin, dot_op op,
                                     dot_flavour flavour)
{
    __m128i r[DOT_SSE_GROUP];
    uint64_t G = 0, P = 0;
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(up + DOT_SSE_W * k));
        __m128i b = _mm_loadu_si128((const __m128i *)(vp + DOT_SSE_W * k));
        uint64_t g, p;
        r[k] = sse_phase1(a, b, op, &g, &p);
        G |= g << (DOT_SSE_W * k);
        P |= p << (DOT_SSE_W * k);
    }
    unsigned L = (unsigned)(DOT_SSE_W * vecs);
    uint64_t cout;
    uint64_t recv = dot_lookahead(G, P, L, cin, &cout, flavour);
    __m128i bits = _mm_set1_epi64x((long long)recv);
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        _mm_storeu_si128((__m128i *)(rp + DOT_SSE_W * k), sse_apply(r[k], bits, k, op));
    }
    return cout;
}

DOT_DEFINE_VECTOR_AORS(sse, DOT_SSE_W, DOT_SSE_GROUP)

#endif
