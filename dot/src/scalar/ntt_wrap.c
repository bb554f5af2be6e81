/* The wrapped-around top of a cyclic product (ntt_wrap_fix in ntt_impl.h): the coefficients a
 * transform one length step too short folds onto the bottom ones, computed directly and taken
 * back out. Branch-free in the operands' values. */
#include "ntt_arith.h"

void ntt_wrap_fix(uint64_t *const x[NTT_PRIMES], size_t len, size_t ncoef, const dot_limb_t *up,
                  size_t un, const dot_limb_t *vp, size_t vn)
{
    int square = up == vp && un == vn; /* pointers and sizes: each product u_i u_k once, doubled */
    for (size_t j = len; j < ncoef; j++) {
        ntt_u128 lo = 0, hi = 0; /* sums of the products' low and high halves: no overflow */
        size_t end = square ? (j + 1) / 2 : un;
        for (size_t i = j - (vn - 1); i < end; i++) {
            ntt_u128 p = (ntt_u128)up[i] * vp[j - i];
            lo += (uint64_t)p;
            hi += p >> 64;
        }
        if (square) {
            lo <<= 1;
            hi <<= 1;
            if (j % 2 == 0) { /* the index, not a value */
                ntt_u128 p = (ntt_u128)up[j / 2] * up[j / 2];
                lo += (uint64_t)p;
                hi += p >> 64;
            }
        }
        hi += lo >> 64;
        uint64_t c0 = (uint64_t)lo, c1 = (uint64_t)hi, c2 = (uint64_t)(hi >> 64);
        x[0][j] = c0;
        x[1][j] = c1;
        x[2][j] = c2;
        uint64_t *d0 = &x[0][j - len], *d1 = &x[1][j - len], *d2 = &x[2][j - len];
        ntt_u128 s = (ntt_u128)*d0 - c0; /* c_(j - len) + c_j minus c_j: never negative */
        *d0 = (uint64_t)s;
        s = (ntt_u128)*d1 - c1 - ((uint64_t)(s >> 64) & 1);
        *d1 = (uint64_t)s;
        *d2 = *d2 - c2 - ((uint64_t)(s >> 64) & 1);
    }
}
