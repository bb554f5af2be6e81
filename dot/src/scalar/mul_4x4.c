/* Portable reference 4x4-limb product: row-wise schoolbook with 128-bit partial products. */
#include "../dot_impl.h"

typedef unsigned __int128 dot_u128;

void dot_scalar_mul_4x4(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    dot_limb_t t[8] = {0};
    for (int j = 0; j < 4; j++) {
        dot_limb_t carry = 0;
        for (int i = 0; i < 4; i++) {
            dot_u128 p = (dot_u128)up[i] * vp[j] + t[i + j] + carry;
            t[i + j] = (dot_limb_t)p;
            carry = (dot_limb_t)(p >> 64);
        }
        t[j + 4] = carry;
    }
    for (int i = 0; i < 8; i++)
        rp[i] = t[i];
}
