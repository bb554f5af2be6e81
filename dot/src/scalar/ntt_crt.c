/* Chinese remaindering and carry propagation of the NTT family (ntt_crt in ntt_impl.h): Garner's
 * mixed-radix form, x = a0 + a1 p0 + a2 p0 p1 with a_i < p_i, added into a sliding carry. Every
 * step is branch-free; shared by all variants. */
#include "ntt_arith.h"

void ntt_crt(dot_limb_t *rp, size_t rn, uint64_t *const r[NTT_PRIMES], size_t ncoef, int logn,
             const ntt_tables *t)
{
    const ntt_prime *q0 = &t->prime[0], *q1 = &t->prime[1], *q2 = &t->prime[2];
    uint64_t p0 = q0->p, p1 = q1->p, p2 = q2->p;
    ntt_u128 carry = 0;
    for (size_t j = 0; j < rn; j++) {
        ntt_u128 s = carry;
        carry = 0;
        if (j < ncoef) { /* a bound on sizes, not on values */
            uint64_t y0 = ntt_reduce(ntt_mul_shoup(r[0][j], q0->scale[logn], p0), p0);
            uint64_t y1 = ntt_reduce(ntt_mul_shoup(r[1][j], q1->scale[logn], p1), p1);
            uint64_t y2 = ntt_reduce(ntt_mul_shoup(r[2][j], q2->scale[logn], p2), p2);
            /* p0 is the largest prime, so a0 < 2 p1 and a0 < 2 p2 */
            uint64_t a0 = y0;
            uint64_t a1 = ntt_reduce(ntt_mul_shoup(y1 + p1 - ntt_reduce(a0, p1), t->p0_inv_mod_p1, p1), p1);
            uint64_t u = ntt_mul_shoup(a1, t->p0_mod_p2, p2) + ntt_reduce(a0, p2); /* < 3 p2 */
            uint64_t a2 = ntt_reduce(ntt_mul_shoup(y2 + 3 * p2 - u, t->p01_inv_mod_p2, p2), p2);
            s += (ntt_u128)a0 + (ntt_u128)a1 * p0 + (ntt_u128)a2 * t->p01_lo;
            carry = (ntt_u128)a2 * t->p01_hi;
        }
        rp[j] = (dot_limb_t)s;
        carry += s >> 64;
    }
}
