/* Radix-2^52 5x5-digit product with IFMA: the 4x4 kernel without the radix conversions; B's digits
 * are broadcast straight from memory. See vnc.h. */
#include "vnc.h"

void dot_ifma_mul_5x5_r52(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    vnc_rows rows = vnc_gather_mul(_mm512_maskz_loadu_epi64(0x1F, up), vp);
    VNC_PHASE_END(1, vnc_keep_rows(&rows, 5, 1));
    vnc_products p = vnc_multiply_mul(&rows);
    VNC_PHASE_END(2, vnc_keep_products(&p, 5));
    vnc_cols cols = vnc_reduce_mul(&p);
    VNC_PHASE_END(4, vnc_keep_cols(cols));
    vnc_cols digits = vnc_normalize(cols);
    _mm512_storeu_si512((void *)rp, digits.lo);
    _mm512_mask_storeu_epi64(rp + 8, 0x03, digits.hi);
}
