/* The portable schoolbook product and square behind dot_mul_basecase and dot_sqr_basecase where
 * the CPU has no IFMA: rows of 64x64-bit products, one limb of v each, added in with a carry
 * limb; the square takes each cross product once, doubles the sum and adds the squares. */
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

void dot_scalar_sqr_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t n)
{
    /* cross products u_i * u_j (i < j) into rp[1 .. 2n-2] */
    for (size_t i = 0; i < 2 * n; i++)
        rp[i] = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        dot_limb_t carry = 0;
        for (size_t j = i + 1; j < n; j++) {
            unsigned __int128 t = (unsigned __int128)up[i] * up[j] + rp[i + j] + carry;
            rp[i + j] = (dot_limb_t)t;
            carry = (dot_limb_t)(t >> 64);
        }
        rp[i + n] = carry;
    }
    /* twice that, plus u_i^2 at limbs 2i and 2i + 1: the doubling's top bit and the squares'
     * carries run up through one carry word */
    dot_limb_t shifted_out = 0;
    unsigned __int128 carry = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned __int128 sq = (unsigned __int128)up[i] * up[i];
        for (size_t h = 0; h < 2; h++) {
            dot_limb_t x = rp[2 * i + h];
            dot_limb_t doubled = (x << 1) | shifted_out;
            shifted_out = x >> 63;
            carry += (unsigned __int128)doubled + (dot_limb_t)(sq >> (64 * h));
            rp[2 * i + h] = (dot_limb_t)carry;
            carry >>= 64;
        }
    }
}
