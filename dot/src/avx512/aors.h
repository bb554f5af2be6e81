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
 * lane's own bit shifted to the top and back, two vector ops. The alternatives that move the bits
 * through mask registers (a masked add, masks merged with kunpck) measured slower on zen4, where
 * transfers between general and mask registers are dear. */
DOT_ALWAYS_INLINE __m512i avx512_receivers(__m512i bits, int k)
{
    const int b = DOT_AVX512_W * k;
    const __m512i to_top = _mm512_set_epi64(56 - b, 57 - b, 58 - b, 59 - b, 60 - b, 61 - b, 62 - b,
                                            63 - b);
    return _mm512_srli_epi64(_mm512_sllv_epi64(bits, to_top), 63);
}

DOT_ALWAYS_INLINE uint64_t avx512_group(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                        int vecs, uint64_t cin, dot_op op,
                                        dot_flavour flavour)
{
    __m512i r[DOT_AVX512_GROUP];
    uint64_t G = 0, P = 0;
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __m512i a = _mm512_loadu_si512((const void *)(up + DOT_AVX512_W * k));
        __m512i b = _mm512_loadu_si512((const void *)(vp + DOT_AVX512_W * k));
        uint64_t g, p;
        r[k] = avx512_phase1(a, b, op, &g, &p);
        G |= g << (DOT_AVX512_W * k);
        P |= p << (DOT_AVX512_W * k);
    }
    unsigned L = (unsigned)(DOT_AVX512_W * vecs);
    uint64_t cout;
    uint64_t recv = dot_lookahead(G, P, L, cin, &cout, flavour);
    const __m512i bits = _mm512_set1_epi64((long long)recv);
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __m512i out = op == DOT_OP_ADD ? _mm512_add_epi64(r[k], avx512_receivers(bits, k))
                                       : _mm512_sub_epi64(r[k], avx512_receivers(bits, k));
        _mm512_storeu_si512((void *)(rp + DOT_AVX512_W * k), out);
    }
    return cout;
}

DOT_DEFINE_VECTOR_AORS(avx512, DOT_AVX512_W, DOT_AVX512_GROUP)

#endif
