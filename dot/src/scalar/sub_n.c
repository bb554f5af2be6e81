/* Portable reference subtraction; see add_n.c. */
#include "../dot_impl.h"

dot_limb_t dot_scalar_sub_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    dot_limb_t borrow = 0;
    for (size_t i = 0; i < n; i++) {
        dot_limb_t u = up[i], v = vp[i];
        dot_limb_t d = u - v;
        dot_limb_t b1 = u < v;
        dot_limb_t r = d - borrow;
        borrow = b1 | (d < borrow);
        rp[i] = r;
    }
    return borrow;
}

dot_limb_t dot_scalar_sub_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    return dot_scalar_sub_n(rp, up, vp, n);
}
