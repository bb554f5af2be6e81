/*
 * Two-level Kogge-Stone addition and subtraction with AVX-512F (y-cruncher's organisation, from
 * the DoT paper's description). Level 1, per vector of eight limbs and independent of the others:
 * a Kogge-Stone prefix over the lanes (distances 1, 2, 4) turns the per-limb generate/propagate
 * vectors into "carries out of lane i with no carry in" and "lanes 0..i all propagate". Level 2,
 * in a general register across the four vectors of a block: each vector's carry in from the one
 * below, then every lane's carry = internal carry OR (all-propagate-below AND carry in).
 */
#include "dot_baselines.h"
#include "dot_impl.h"
#include "../../isa512.h"

#define KSA_GROUPS 4

/* Lanes moved up by d (lane i takes lane i-d); the d lowest take `fill`. */
DOT_ALWAYS_INLINE __m512i ksa_up(__m512i v, int d, __m512i fill)
{
    const __m512i idx = _mm512_sub_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7),
                                         _mm512_set1_epi64(d));
    return _mm512_mask_permutexvar_epi64(fill, (__mmask8)(0xFF << d), idx, v);
}

DOT_ALWAYS_INLINE dot_limb_t ksa512(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                    size_t n, dot_op op)
{
    const __m512i zero = _mm512_setzero_si512(), ones = _mm512_set1_epi64(-1);
    uint64_t carry = 0;
    for (size_t i = 0; i < n; i += 8 * KSA_GROUPS) {
        __m512i s[KSA_GROUPS], G[KSA_GROUPS], P[KSA_GROUPS];
        __mmask8 lanes[KSA_GROUPS];
        uint64_t group_gen = 0, group_prop = 0;
        int groups = 0;
        /* level 1 */
        for (; groups < KSA_GROUPS && i + 8 * groups < n; groups++) {
            size_t at = i + 8 * groups;
            unsigned len = n - at < 8 ? (unsigned)(n - at) : 8;
            __mmask8 m = lanes[groups] = (__mmask8)((1u << len) - 1);
            __m512i a = _mm512_maskz_loadu_epi64(m, up + at),
                    b = _mm512_maskz_loadu_epi64(m, vp + at);
            __m512i g, p;
            if (op == DOT_OP_ADD) {
                s[groups] = _mm512_add_epi64(a, b);
                g = _mm512_maskz_mov_epi64(_mm512_cmplt_epu64_mask(s[groups], a), ones);
                p = _mm512_maskz_mov_epi64(_mm512_cmpeq_epi64_mask(s[groups], ones), ones);
            } else {
                s[groups] = _mm512_sub_epi64(a, b);
                g = _mm512_maskz_mov_epi64(_mm512_cmplt_epu64_mask(a, b), ones);
                p = _mm512_maskz_mov_epi64(_mm512_cmpeq_epi64_mask(s[groups], zero) & m, ones);
            }
            for (int d = 1; d < 8; d <<= 1) {
                g = _mm512_ternarylogic_epi64(g, p, ksa_up(g, d, zero), 0xF8); /* g | (p & up) */
                p = _mm512_and_si512(p, ksa_up(p, d, ones)); /* nothing below lane 0 blocks */
            }
            G[groups] = g;
            P[groups] = p;
            unsigned top = len -
                           1; /* the group's carry out and all-propagate sit in its top lane */
            group_gen |= (uint64_t)((_mm512_test_epi64_mask(g, g) >> top) & 1) << groups;
            group_prop |= (uint64_t)((_mm512_test_epi64_mask(p, p) >> top) & 1) << groups;
        }
        /* level 2 */
        for (int k = 0; k < groups; k++) {
            __m512i cin = carry ? ones : zero;
            __m512i c = _mm512_or_si512(ksa_up(G[k], 1, zero),
                                        _mm512_and_si512(ksa_up(P[k], 1, ones), cin));
            __m512i out = op == DOT_OP_ADD ? _mm512_sub_epi64(s[k], c) : _mm512_add_epi64(s[k], c);
            _mm512_mask_storeu_epi64(rp + i + 8 * k, lanes[k], out);
            carry = ((group_gen >> k) & 1) | (((group_prop >> k) & 1) & carry);
        }
    }
    return carry;
}

dot_limb_t dot_baseline_ksa_add_n_avx512(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                         size_t n)
{
    return ksa512(rp, up, vp, n, DOT_OP_ADD);
}

dot_limb_t dot_baseline_ksa_sub_n_avx512(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                         size_t n)
{
    return ksa512(rp, up, vp, n, DOT_OP_SUB);
}
