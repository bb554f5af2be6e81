/* Portable reference: one limb at a time, carry computed explicitly. The oracle for every other
 * variant, and the "plain C loop" of the benchmark. Branch-free, so it is its own _ct flavour. */
#include "../dot_impl.h"

dot_limb_t dot_scalar_add_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    dot_limb_t carry = 0;
    for (size_t i = 0; i < n; i++) {
        dot_limb_t u = up[i];
        dot_limb_t s = u + vp[i];
        dot_limb_t c1 = s < u;
        dot_limb_t r = s + carry;
        carry = c1 | (r < s);
        rp[i] = r;
    }
    return carry;
}

dot_limb_t dot_scalar_add_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    return dot_scalar_add_n(rp, up, vp, n);
}
