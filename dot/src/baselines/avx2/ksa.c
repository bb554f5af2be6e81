/*
 * Two-level Kogge-Stone addition and subtraction with AVX2 (see ../avx512/ksa.c for the scheme):
 * level 1 is a Kogge-Stone prefix over the four lanes of each vector (distances 1 and 2, lane
 * moves by vpermq and a blend), level 2 runs across the four vectors of a block in a general
 * register, their masks leaving through vmovmskpd.
 */
#include <immintrin.h>
#include "dot_baselines.h"
#include "dot_impl.h"

#define KSA_GROUPS 4

/* Lanes moved up by 1 or 2; the vacated low lanes take `fill`. */
DOT_ALWAYS_INLINE __m256i ksa_up1(__m256i v, __m256i fill)
{
    return _mm256_blend_epi32(_mm256_permute4x64_epi64(v, _MM_SHUFFLE(2, 1, 0, 0)), fill, 0x03);
}

DOT_ALWAYS_INLINE __m256i ksa_up2(__m256i v, __m256i fill)
{
    return _mm256_blend_epi32(_mm256_permute4x64_epi64(v, _MM_SHUFFLE(1, 0, 0, 0)), fill, 0x0F);
}

DOT_ALWAYS_INLINE dot_limb_t ksa256(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                    size_t n, dot_op op)
{
    const __m256i zero = _mm256_setzero_si256(), ones = _mm256_set1_epi64x(-1);
    const __m256i sign = _mm256_set1_epi64x((long long)INT64_MIN);
    uint64_t carry = 0;
    for (size_t i = 0; i < n; i += 4 * KSA_GROUPS) {
        __m256i s[KSA_GROUPS], G[KSA_GROUPS], P[KSA_GROUPS], lanes[KSA_GROUPS];
        uint64_t group_gen = 0, group_prop = 0;
        int groups = 0;
        /* level 1 */
        for (; groups < KSA_GROUPS && i + 4 * groups < n; groups++) {
            size_t at = i + 4 * groups;
            unsigned len = n - at < 4 ? (unsigned)(n - at) : 4;
            __m256i m = lanes[groups] = _mm256_cmpgt_epi64(_mm256_set1_epi64x(len),
                                                           _mm256_setr_epi64x(0, 1, 2, 3));
            __m256i a = _mm256_maskload_epi64((const long long *)(up + at), m);
            __m256i b = _mm256_maskload_epi64((const long long *)(vp + at), m);
            __m256i g, p;
            if (op == DOT_OP_ADD) {
                s[groups] = _mm256_add_epi64(a, b);
                g = _mm256_cmpgt_epi64(_mm256_xor_si256(a, sign),
                                       _mm256_xor_si256(s[groups], sign));
                p = _mm256_cmpeq_epi64(s[groups], ones);
            } else {
                s[groups] = _mm256_sub_epi64(a, b);
                g = _mm256_cmpgt_epi64(_mm256_xor_si256(b, sign), _mm256_xor_si256(a, sign));
                p = _mm256_and_si256(_mm256_cmpeq_epi64(s[groups], zero), m);
            }
            g = _mm256_or_si256(g, _mm256_and_si256(p, ksa_up1(g, zero)));
            p = _mm256_and_si256(p, ksa_up1(p, ones)); /* nothing below lane 0 blocks */
            g = _mm256_or_si256(g, _mm256_and_si256(p, ksa_up2(g, zero)));
            p = _mm256_and_si256(p, ksa_up2(p, ones));
            G[groups] = g;
            P[groups] = p;
            unsigned top = len - 1;
            group_gen |= (uint64_t)((_mm256_movemask_pd(_mm256_castsi256_pd(g)) >> top) & 1)
                         << groups;
            group_prop |= (uint64_t)((_mm256_movemask_pd(_mm256_castsi256_pd(p)) >> top) & 1)
                          << groups;
        }
        /* level 2 */
        for (int k = 0; k < groups; k++) {
            __m256i cin = carry ? ones : zero;
            __m256i c = _mm256_or_si256(ksa_up1(G[k], zero),
                                        _mm256_and_si256(ksa_up1(P[k], ones), cin));
            __m256i out = op == DOT_OP_ADD ? _mm256_sub_epi64(s[k], c) : _mm256_add_epi64(s[k], c);
            _mm256_maskstore_epi64((long long *)(rp + i + 4 * k), lanes[k], out);
            carry = ((group_gen >> k) & 1) | (((group_prop >> k) & 1) & carry);
        }
    }
    return carry;
}

dot_limb_t dot_baseline_ksa_add_n_avx2(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                       size_t n)
{
    return ksa256(rp, up, vp, n, DOT_OP_ADD);
}

dot_limb_t dot_baseline_ksa_sub_n_avx2(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                       size_t n)
{
    return ksa256(rp, up, vp, n, DOT_OP_SUB);
}
