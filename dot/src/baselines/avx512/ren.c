/* Ren et al. carry-select addition and subtraction with AVX-512F: eight limbs a vector, their
 * kill/propagate/generate cases from unsigned compares, resolved by one packed-byte addition in a
 * general register (ren_bytes.h), then a masked +1 (-1). A block's carry out feeds the next. */
#include "dot_baselines.h"
#include "../ren_bytes.h"
#include "../../isa512.h"

DOT_ALWAYS_INLINE dot_limb_t ren512(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                    size_t n, dot_op op)
{
    uint64_t carry = 0;
    const __m512i one = _mm512_set1_epi64(1);
    for (size_t i = 0; i < n; i += 8) {
        unsigned len = n - i < 8 ? (unsigned)(n - i) : 8;
        __mmask8 lanes = (__mmask8)((1u << len) - 1);
        __m512i a = _mm512_maskz_loadu_epi64(lanes, up + i);
        __m512i b = _mm512_maskz_loadu_epi64(lanes, vp + i);
        __m512i s;
        uint64_t gen, prop;
        if (op == DOT_OP_ADD) {
            s = _mm512_add_epi64(a, b);
            gen = _mm512_cmplt_epu64_mask(s, a);
            prop = _mm512_cmpeq_epi64_mask(s, _mm512_set1_epi64(-1));
        } else {
            s = _mm512_sub_epi64(a, b);
            gen = _mm512_cmplt_epu64_mask(a, b);
            prop = _mm512_cmpeq_epi64_mask(s, _mm512_setzero_si512()) & lanes;
        }
        __mmask8 recv = (__mmask8)ren_resolve(gen, prop, len, &carry);
        s = op == DOT_OP_ADD ? _mm512_mask_add_epi64(s, recv, s, one)
                             : _mm512_mask_sub_epi64(s, recv, s, one);
        _mm512_mask_storeu_epi64(rp + i, lanes, s);
    }
    return carry;
}

dot_limb_t dot_baseline_ren_add_n_avx512(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                         size_t n)
{
    return ren512(rp, up, vp, n, DOT_OP_ADD);
}

dot_limb_t dot_baseline_ren_sub_n_avx512(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                         size_t n)
{
    return ren512(rp, up, vp, n, DOT_OP_SUB);
}
