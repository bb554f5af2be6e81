/* Portable reference 4-limb square: the 6 distinct cross products once, doubled by a shift,
 * plus the 4 squares on the diagonal (10 products instead of 16). */
#include "../dot_impl.h"

typedef unsigned __int128 dot_u128;

void dot_scalar_sqr_4x4(dot_limb_t *rp, const dot_limb_t *up)
{
    dot_limb_t t[8] = {0};
    /* cross products u[i]*u[j], i < j, accumulated at position i+j */
    for (int i = 0; i < 3; i++) {
        dot_limb_t carry = 0;
        for (int j = i + 1; j < 4; j++) {
            dot_u128 p = (dot_u128)up[i] * up[j] + t[i + j] + carry;
            t[i + j] = (dot_limb_t)p;
            carry = (dot_limb_t)(p >> 64);
        }
        t[i + 4] = carry;
    }
    /* double them */
    dot_limb_t top = 0;
    for (int k = 0; k < 8; k++) {
        dot_limb_t next = t[k] >> 63;
        t[k] = (t[k] << 1) | top;
        top = next;
    }
    /* add the diagonal squares */
    dot_limb_t carry = 0;
    for (int i = 0; i < 4; i++) {
        dot_u128 sq = (dot_u128)up[i] * up[i];
        dot_u128 lo = (dot_u128)t[2 * i] + (dot_limb_t)sq + carry;
        t[2 * i] = (dot_limb_t)lo;
        dot_u128 hi = (dot_u128)t[2 * i + 1] + (dot_limb_t)(sq >> 64) + (dot_limb_t)(lo >> 64);
        t[2 * i + 1] = (dot_limb_t)hi;
        carry = (dot_limb_t)(hi >> 64);
    }
    for (int i = 0; i < 8; i++)
        rp[i] = t[i];
}
