/* dot_ifma_mul_basecase and dot_ifma_sqr_basecase: the schoolbook product and square of
 * mul_basecase.h. */
#include "mul_basecase.h"

void dot_ifma_mul_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                           size_t vn)
{
    ifma_mul_basecase(rp, up, un, vp, vn);
}

void dot_ifma_sqr_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t n)
{
    ifma_sqr_basecase(rp, up, n);
}
