/*
 * DoT add/sub with AVX-512F+VL, w = 8 limbs a vector. Phase 2's masks come straight out of the
 * unsigned compares into mask registers; phase 3 is a masked +1 (-1); the tail is a masked load
 * and store, so no lane past the end is touched. Four vectors (32 limbs) share one pass through
 * dot_lookahead.
 */
#ifndef DOT_AVX512_AORS_H
#define DOT_AVX512_AORS_H

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

DOT_ALWAYS_INLINE uint64_t avx512_group(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                        int vecs, size_t tail, uint64_t cin, dot_op op,
                                        dot_flavour flavour)
{
    __m512i r[DOT_AVX512_GROUP];
    __mmask8 lanes = (__mmask8)((1u << tail) - 1);
    uint64_t G = 0, P = 0;
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __m512i a, b;
        if (tail) {
            a = _mm512_maskz_loadu_epi64(lanes, up);
            b = _mm512_maskz_loadu_epi64(lanes, vp);
        } else {
            a = _mm512_loadu_si512((const void *)(up + DOT_AVX512_W * k));
            b = _mm512_loadu_si512((const void *)(vp + DOT_AVX512_W * k));
        }
        uint64_t g, p;
        r[k] = avx512_phase1(a, b, op, &g, &p);
        G |= g << (DOT_AVX512_W * k);
        P |= p << (DOT_AVX512_W * k);
    }
    unsigned L = tail ? (unsigned)tail : (unsigned)(DOT_AVX512_W * vecs);
    if (tail)
        P &= lanes; /* lanes past the end must not propagate */
    uint64_t cout;
    uint64_t recv = dot_lookahead(G, P, L, cin, &cout, flavour);
    const __m512i one = _mm512_set1_epi64(1);
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __mmask8 m = (__mmask8)(recv >> (DOT_AVX512_W * k));
        __m512i out = op == DOT_OP_ADD ? _mm512_mask_add_epi64(r[k], m, r[k], one)
                                       : _mm512_mask_sub_epi64(r[k], m, r[k], one);
        if (tail)
            _mm512_mask_storeu_epi64(rp, lanes, out);
        else
            _mm512_storeu_si512((void *)(rp + DOT_AVX512_W * k), out);
    }
    return cout;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_aors(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                         size_t n, dot_op op, dot_flavour flavour)
{
    const size_t group = DOT_AVX512_W * DOT_AVX512_GROUP;
    uint64_t carry = 0;
    size_t i = 0;
    for (; i + group <= n; i += group)
        carry = avx512_group(rp + i, up + i, vp + i, DOT_AVX512_GROUP, 0, carry, op, flavour);
    for (; i + DOT_AVX512_W <= n; i += DOT_AVX512_W)
        carry = avx512_group(rp + i, up + i, vp + i, 1, 0, carry, op, flavour);
    if (i < n)
        carry = avx512_group(rp + i, up + i, vp + i, 1, n - i, carry, op, flavour);
    return carry;
}

#endif
