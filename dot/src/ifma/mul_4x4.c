/* {rp, 8} = {up, 4} * {vp, 4} with IFMA: 64->52 conversion on entry (A in a vector; B's digits in
 * general registers, because they are only broadcast), 10 independent IFMAs whose hi halves land
 * in their own columns, vertical column sums, and on exit the even and odd columns repacked as two 64-bit numbers and added with one DoT
 * addition (carry pass and 52->64 in one). See vnc.h. */
#include "vnc.h"

void dot_ifma_mul_4x4(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    uint64_t b[5];
    vnc_from64_scalar(b, vp);
    /* in memory, so that the gather broadcasts them from there (see vnc_gather_mul) */
    __asm__("" : : "r"(b) : "memory");
    vnc_rows rows = vnc_gather_mul(vnc_from64(vnc_load4(up)), b);
    VNC_PHASE_END(1, vnc_keep_rows(&rows, 5, 1));
    vnc_products p = vnc_multiply_mul(&rows);
    VNC_PHASE_END(2, vnc_keep_products(&p, 5));
    vnc_cols cols = vnc_reduce_mul(&p);
    VNC_PHASE_END(4, vnc_keep_cols(cols));
    _mm512_storeu_si512((void *)rp, vnc_to64_add(cols));
}
