/* Ren et al. carry-select addition and subtraction with AVX2: eight limbs (two vectors) per
 * packed-byte resolution (ren_bytes.h). AVX2 has no unsigned compare and no mask registers: the
 * compares run on sign-flipped values and the masks leave through vmovmskpd; the receiving lanes
 * come back by matching a broadcast of the receiver bits against each lane's bit. */
#include <immintrin.h>
#include "dot_baselines.h"
#include "../ren_bytes.h"

DOT_ALWAYS_INLINE __m256i ren_lanes_below(unsigned count)
{
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(count), _mm256_setr_epi64x(0, 1, 2, 3));
}

DOT_ALWAYS_INLINE dot_limb_t ren256(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                    size_t n, dot_op op)
{
    const __m256i sign = _mm256_set1_epi64x((long long)INT64_MIN);
    const __m256i sel = _mm256_setr_epi64x(1, 2, 4, 8);
    uint64_t carry = 0;
    for (size_t i = 0; i < n; i += 8) {
        unsigned len = n - i < 8 ? (unsigned)(n - i) : 8;
        __m256i s[2], lanes[2];
        uint64_t gen = 0, prop = 0;
        for (int h = 0; h < 2; h++) {
            unsigned have = len > 4u * h ? len - 4u * h : 0;
            lanes[h] = ren_lanes_below(have);
            __m256i a = _mm256_maskload_epi64((const long long *)(up + i + 4 * h), lanes[h]);
            __m256i b = _mm256_maskload_epi64((const long long *)(vp + i + 4 * h), lanes[h]);
            __m256i g, p;
            if (op == DOT_OP_ADD) {
                s[h] = _mm256_add_epi64(a, b);
                g = _mm256_cmpgt_epi64(_mm256_xor_si256(a, sign), _mm256_xor_si256(s[h], sign));
                p = _mm256_cmpeq_epi64(s[h], _mm256_set1_epi64x(-1));
            } else {
                s[h] = _mm256_sub_epi64(a, b);
                g = _mm256_cmpgt_epi64(_mm256_xor_si256(b, sign), _mm256_xor_si256(a, sign));
                p = _mm256_and_si256(_mm256_cmpeq_epi64(s[h], _mm256_setzero_si256()), lanes[h]);
            }
            gen |= (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(g)) << (4 * h);
            prop |= (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(p)) << (4 * h);
        }
        uint64_t recv = ren_resolve(gen, prop, len, &carry);
        for (int h = 0; h < 2 && 4u * h < len; h++) {
            __m256i bits = _mm256_set1_epi64x((long long)(recv >> (4 * h)));
            __m256i m = _mm256_cmpeq_epi64(_mm256_and_si256(bits, sel),
                                           sel); /* -1 where receiving */
            __m256i out = op == DOT_OP_ADD ? _mm256_sub_epi64(s[h], m) : _mm256_add_epi64(s[h], m);
            _mm256_maskstore_epi64((long long *)(rp + i + 4 * h), lanes[h], out);
        }
    }
    return carry;
}

dot_limb_t dot_baseline_ren_add_n_avx2(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                       size_t n)
{
    return ren256(rp, up, vp, n, DOT_OP_ADD);
}

dot_limb_t dot_baseline_ren_sub_n_avx2(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                       size_t n)
{
    return ren256(rp, up, vp, n, DOT_OP_SUB);
}
