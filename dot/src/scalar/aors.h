/* Portable reference: one limb at a time, carry (borrow) computed explicitly. The oracle for every
 * other variant, and the "plain C loop" of the benchmark. Branch-free, so the _ct flavour is the
 * same code. */
#ifndef DOT_SCALAR_AORS_H
#define DOT_SCALAR_AORS_H

#include "../dot_impl.h"

DOT_ALWAYS_INLINE dot_limb_t scalar_aors(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                         size_t n, dot_limb_t cin, dot_op op, dot_flavour flavour)
{
    (void)flavour;
    dot_limb_t carry = cin;
    for (size_t i = 0; i < n; i++) {
        dot_limb_t u = up[i], v = vp[i], r;
        if (op == DOT_OP_ADD) {
            dot_limb_t s = u + v;
            r = s + carry;
            carry = (s < u) | (r < s);
        } else {
            dot_limb_t d = u - v;
            r = d - carry;
            carry = (u < v) | (d < carry);
        }
        rp[i] = r;
    }
    return carry;
}

#endif
