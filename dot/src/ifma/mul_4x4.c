/* {rp, 8} = {up, 4} * {vp, 4} with IFMA: 64->52 conversion on entry (A in a vector, B in general
 * registers because its digits are only broadcast), 10 independent IFMAs, vertical column sums,
 * and on exit the even and odd columns repacked as two 64-bit numbers and added with one DoT
 * addition (carry pass and 52->64 in one). See vnc.h. */
#include "vnc.h"

void dot_ifma_mul_4x4(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    uint64_t b[5];
    vnc_from64_scalar(b, vp);
    vnc_rows rows = vnc_gather_mul(vnc_from64(vnc_load4(up)), b);
    vnc_products p = vnc_multiply(&rows, 5);
    vnc_cols cols = vnc_reduce_mul(&p, vnc_align_hi_mul(&p));
    _mm512_storeu_si512((void *)rp, vnc_to64_add(cols));
}
