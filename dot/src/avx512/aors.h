/*
 * DoT add/sub with AVX-512F+VL, w = 8 limbs a vector. Phase 2's masks come straight out of the
 * unsigned compares into mask registers; phase 3 adds each lane's receiver bit, shifted out of a
 * broadcast of the group's bits; the tail is a masked load and store, so no lane past the end is
 * touched. Four vectors (32 limbs) share one pass through dot_lookahead.
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

/* 1 in the lanes of vector k whose receiver bit is set in the broadcast `bits`, else 0: shifting
 * each lane's own bit to the top and back costs two vector ops, where moving the bits into a
 * mask register for a masked add measured about 15% slower overall on zen4. */
DOT_ALWAYS_INLINE __m512i avx512_receivers(__m512i bits, int k)
{
    const int b = DOT_AVX512_W * k;
    const __m512i to_top = _mm512_set_epi64(56 - b, 57 - b, 58 - b, 59 - b, 60 - b, 61 - b, 62 - b,
                                            63 - b);
    return _mm512_srli_epi64(_mm512_sllv_epi64(bits, to_top), 63);
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
    const __m512i bits = _mm512_set1_epi64((long long)recv);
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __m512i out = op == DOT_OP_ADD ? _mm512_add_epi64(r[k], avx512_receivers(bits, k))
                                       : _mm512_sub_epi64(r[k], avx512_receivers(bits, k));
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
