/* Portable reference radix-2^52 5x5-digit product: column sums in 128 bits, then one carry pass. */
#include "../dot_impl.h"

typedef unsigned __int128 dot_u128;

#define DOT_R52_MASK ((UINT64_C(1) << 52) - 1)

void dot_scalar_mul_5x5_r52(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    dot_u128 col[10] = {0};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            col[i + j] += (dot_u128)up[i] * vp[j];
    dot_u128 carry = 0;
    for (int c = 0; c < 10; c++) {
        dot_u128 v = col[c] + carry;
        rp[c] = (dot_limb_t)v & DOT_R52_MASK;
        carry = v >> 52;
    }
}
