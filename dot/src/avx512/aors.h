/*
 * DoT add/sub with AVX-512F+VL, w = 8 limbs a vector. Phase 2's masks come straight out of the
 * unsigned compares into mask registers; phase 3 adds each lane's receiver bit, shifted out of a
 * broadcast of the group's bits. Four vectors (32 limbs) share one pass through dot_lookahead; the
 * last n % 8 limbs go through the add-with-carry chain (the driver in dot_impl.h), which costs
 * less than a masked vector pass.
 */
#ifndef DOT_AVX512_AORS_H
#define DOT_AVX512_AORS_H

#include "../chain/aors.h"
#include "../lookahead.h"
#include "../isa512.h"

#define DOT_AVX512_W 8
#define DOT_AVX512_GROUP 4

DOT_ALWAYS_INLINE __m512i avx512_phase1(__m512i a, __m512i b, dot_op op, uint64_t *g, uint64_t *p)
{
    __m512i r;
    if (op == DOT_OP_ADD) {
        r = _mm512_add_epi64(a, b);
        *g = (uint64_t)_mm512_cmplt_epu64_mask(r, a);
        *p = (uint64_t)_mm512_cmpeq_epi64_mask(r, _mm512_set1_epi64(-1));
    } else {
        r = _mm512_sub_epi64(a, b);
        *g = (uint64_t)_mm512_cmplt_epu64_mask(a, b);
        *p = (uint64_t)_mm512_cmpeq_epi64_mask(r, _mm512_setzero_si512());
    }
    return r;
}

/* 1 in the lanes of vector k whose receiver bit is set in the broadcast `bits`, else 0: each
 * lane's own bit shifted to the top and back, two vector ops that stay in vector registers (the
 * alternatives, a masked add or masks merged with kunpck, move the bits through mask registers;
 * the README's "variants tried and not kept" says how they compared). */
DOT_ALWAYS_INLINE __m512i avx512_receivers(__m512i bits, int k)
{
    const int b = DOT_AVX512_W * k;
    const __m512i to_top = _mm512_set_epi64(56 - b, 57 - b, 58 - b, 59 - b, 60 - b, 61 - b, 62 - b,
                                            63 - b);
    return _mm512_srli_epi64(_mm512_sllv_epi64(bits, to_top), 63);
}

/* Phase 3: add (sub) each receiving lane's carry (borrow) to vector k. */
DOT_ALWAYS_INLINE __m512i avx512_apply(__m512i r, __m512i bits, int k, dot_op op)
{
    return op == DOT_OP_ADD ? _mm512_add_epi64(r, avx512_receivers(bits, k))
                            : _mm512_sub_epi64(r, avx512_receivers(bits, k));
}

/* The driver's primitives (DOT_DEFINE_VECTOR_AORS, dot_impl.h): one vector's unaligned load and
 * store, and the group's receiver bits in every lane. */
DOT_ALWAYS_INLINE __m512i avx512_load(const dot_limb_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}
DOT_ALWAYS_INLINE void avx512_store(dot_limb_t *p, __m512i v) { _mm512_storeu_si512((void *)p, v); }
DOT_ALWAYS_INLINE __m512i avx512_broadcast(uint64_t bits)
{
    return _mm512_set1_epi64((long long)bits);
}

DOT_DEFINE_VECTOR_AORS(avx512, __m512i, DOT_AVX512_W, DOT_AVX512_GROUP)

#endif
