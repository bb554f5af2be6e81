/* {rp, 8} = {up, 4}^2 with IFMA: 15 distinct digit products (10 cross, 5 squares) in three
 * vectors, so six IFMAs instead of the product's ten. See vnc.h. */
#include "vnc.h"

void dot_ifma_sqr_4x4(dot_limb_t *rp, const dot_limb_t *up)
{
    vnc_rows rows = vnc_gather_sqr(vnc_from64(vnc_load4(up)));
    VNC_PHASE_END(1, vnc_keep_rows(&rows, 3, 0));
    vnc_products p = vnc_multiply_sqr(&rows);
    VNC_PHASE_END(2, vnc_keep_products(&p, 3));
    vnc_sqr_hi hi = vnc_align_hi_sqr(&p);
    VNC_PHASE_END(3, vnc_keep_products(&p, 3); vnc_keep(hi.cross); vnc_keep(hi.square));
    vnc_cols cols = vnc_reduce_sqr(&p, hi);
    VNC_PHASE_END(4, vnc_keep_cols(cols));
    _mm512_storeu_si512((void *)rp, vnc_to64_add(cols));
}
