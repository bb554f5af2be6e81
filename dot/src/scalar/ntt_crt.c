/* Chinese remaindering of the NTT family, branch-free: Garner's mixed-radix digits (the scalar
 * reference of ntt_ops.digits), and the carry propagation every variant shares (ntt_combine). */
#include "ntt_arith.h"

void ntt_scalar_digits(uint64_t *const r[NTT_PRIMES], size_t n, const ntt_tables *t)
{
    ntt_const s0 = ntt_scale_for(&t->prime[0], n), s1 = ntt_scale_for(&t->prime[1], n);
    ntt_const s2 = ntt_scale_for(&t->prime[2], n);
    const ntt_prime *q0 = &t->prime[0], *q1 = &t->prime[1], *q2 = &t->prime[2];
    uint64_t p0 = q0->p, p1 = q1->p, p2 = q2->p;
    for (size_t j = 0; j < n; j++) {
        uint64_t a0 = ntt_reduce(ntt_mul_shoup(r[0][j], s0, p0), p0);
        uint64_t y1 = ntt_reduce(ntt_mul_shoup(r[1][j], s1, p1), p1);
        uint64_t y2 = ntt_reduce(ntt_mul_shoup(r[2][j], s2, p2), p2);
        /* p0 is the largest prime, so a0 < 2 p1 and a0 < 2 p2 */
        uint64_t a1 = ntt_reduce(ntt_mul_shoup(y1 + p1 - ntt_reduce(a0, p1), t->p0_inv_mod_p1, p1), p1);
        uint64_t u = ntt_mul_shoup(a1, t->p0_mod_p2, p2) + ntt_reduce(a0, p2); /* < 3 p2 */
        r[0][j] = a0;
        r[1][j] = a1;
        r[2][j] = ntt_reduce(ntt_mul_shoup(y2 + 3 * p2 - u, t->p01_inv_mod_p2, p2), p2);
    }
}

/* x_j = a0 + a1 p0 + a2 p0 p1 < 2^150 is added into a carry below 2^88. */
void ntt_combine(dot_limb_t *rp, size_t rn, uint64_t *const a[NTT_PRIMES], size_t ncoef,
                 const ntt_tables *t)
{
    uint64_t p0 = t->prime[0].p;
    ntt_u128 carry = 0;
    for (size_t j = 0; j < rn; j++) {
        ntt_u128 s = carry;
        carry = 0;
        if (j < ncoef) { /* a bound on sizes, not on values */
            s += (ntt_u128)a[0][j] + (ntt_u128)a[1][j] * p0 + (ntt_u128)a[2][j] * t->p01_lo;
            carry = (ntt_u128)a[2][j] * t->p01_hi;
        }
        rp[j] = (dot_limb_t)s;
        carry += s >> 64;
    }
}
