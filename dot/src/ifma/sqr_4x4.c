/* {rp, 8} = {up, 4}^2 with IFMA: 15 distinct digit products (10 cross, 5 squares) in three
 * vectors, so six IFMAs instead of the product's ten. See vnc.h. */
#include "vnc.h"

void dot_ifma_sqr_4x4(dot_limb_t *rp, const dot_limb_t *up)
{
    vnc_rows rows = vnc_gather_sqr(vnc_from64(vnc_load4(up)));
    vnc_products p = vnc_multiply(&rows, 3);
    vnc_cols cols = vnc_reduce_sqr(&p, vnc_align_hi_sqr(&p));
    _mm512_storeu_si512((void *)rp, vnc_to64_add(cols));
}
