/* Schoolbook product for the sizes where the NTT does not pay (ntt_basecase_mul in ntt_impl.h):
 * rows of 64x64 -> 128-bit products, no branch on values. */
#include "ntt_arith.h"

void ntt_basecase_mul(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                      size_t vn)
{
    dot_limb_t c = 0;
    for (size_t i = 0; i < un; i++) {
        ntt_u128 t = (ntt_u128)up[i] * vp[0] + c;
        rp[i] = (dot_limb_t)t;
        c = (dot_limb_t)(t >> 64);
    }
    rp[un] = c;
    for (size_t j = 1; j < vn; j++) {
        c = 0;
        for (size_t i = 0; i < un; i++) {
            ntt_u128 t = (ntt_u128)up[i] * vp[j] + rp[i + j] + c;
            rp[i + j] = (dot_limb_t)t;
            c = (dot_limb_t)(t >> 64);
        }
        rp[un + j] = c;
    }
}
