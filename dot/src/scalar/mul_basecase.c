/* The portable schoolbook product behind dot_mul_basecase where the CPU has no IFMA: one row of
 * 64x64-bit products a limb of v, added in with a carry limb. */
#include "../dot_impl.h"

void dot_scalar_mul_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                             size_t vn)
{
    for (size_t i = 0; i < un; i++)
        rp[i] = 0;
    for (size_t j = 0; j < vn; j++) {
        dot_limb_t carry = 0;
        for (size_t i = 0; i < un; i++) {
            unsigned __int128 t = (unsigned __int128)up[i] * vp[j] + rp[i + j] + carry;
            rp[i + j] = (dot_limb_t)t;
            carry = (dot_limb_t)(t >> 64);
        }
        rp[un + j] = carry;
    }
}
