/* Chinese remaindering of the NTT family, branch-free: each coefficient's integer from its
 * residues by Garner's mixed radix, as three limbs (the scalar reference of
 * ntt_ops.reconstruct), and the carry propagation every variant shares (ntt_combine). */
#include "ntt_arith.h"

void ntt_scalar_reconstruct(uint64_t *const r[NTT_PRIMES], size_t n, size_t count,
                            const ntt_tables *t)
{
    const ntt_prime *q0 = &t->prime[0], *q1 = &t->prime[1], *q2 = &t->prime[2];
    ntt_const s0 = ntt_scale_for(q0, n), s1 = ntt_scale_for(q1, n), s2 = ntt_scale_for(q2, n);
    uint64_t p0 = q0->p, p1 = q1->p, p2 = q2->p;
    for (size_t j = 0; j < count; j++) {
        uint64_t a0 = ntt_reduce(ntt_mul_shoup(r[0][j], s0, p0), p0);
        uint64_t y1 = ntt_reduce(ntt_mul_shoup(r[1][j], s1, p1), p1);
        uint64_t y2 = ntt_reduce(ntt_mul_shoup(r[2][j], s2, p2), p2);
        /* p0 is the largest prime, so a0 < 2 p1 and a0 < 2 p2 */
        uint64_t a1 = ntt_reduce(ntt_mul_shoup(y1 + p1 - ntt_reduce(a0, p1), t->p0_inv_mod_p1, p1),
                                 p1);
        uint64_t u = ntt_mul_shoup(a1, t->p0_mod_p2, p2) + ntt_reduce(a0, p2); /* < 3 p2 */
        uint64_t a2 = ntt_reduce(ntt_mul_shoup(y2 + 3 * p2 - u, t->p01_inv_mod_p2, p2), p2);
        ntt_u128 lo = (ntt_u128)a0 + (ntt_u128)a1 * p0 + (ntt_u128)a2 * t->p01_lo;
        ntt_u128 hi = (lo >> 64) + (ntt_u128)a2 * t->p01_hi;
        r[0][j] = (uint64_t)lo;
        r[1][j] = (uint64_t)hi;
        r[2][j] = (uint64_t)(hi >> 64);
    }
}

/* Limb j of the sum is x0_j + x1_(j-1) + x2_(j-2) plus a carry of at most 2 (terms past the
 * ncoef coefficients are zero). */
void ntt_combine(dot_limb_t *rp, size_t rn, uint64_t *const x[NTT_PRIMES], size_t ncoef)
{
    const uint64_t *x0 = x[0], *x1 = x[1], *x2 = x[2];
    size_t n = ncoef < rn ? ncoef : rn, j;
    ntt_u128 sum = 0;
    for (j = 0; j < n && j < 2; j++) { /* sizes, not values, pick the path */
        sum += (ntt_u128)x0[j] + (j ? x1[j - 1] : 0);
        rp[j] = (dot_limb_t)sum;
        sum >>= 64;
    }
    for (; j < n; j++) {
        sum += (ntt_u128)x0[j] + x1[j - 1] + x2[j - 2];
        rp[j] = (dot_limb_t)sum;
        sum >>= 64;
    }
    for (; j < rn; j++) { /* the last coefficients' upper limbs */
        sum += (ntt_u128)(j - 1 < ncoef ? x1[j - 1] : 0) + (j - 2 < ncoef ? x2[j - 2] : 0);
        rp[j] = (dot_limb_t)sum;
        sum >>= 64;
    }
}
