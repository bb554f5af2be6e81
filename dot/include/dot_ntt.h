/*
 * libdot NTT multiplication: integer products through number-theoretic transforms modulo three
 * ~50-bit primes (residues in radix 2^52, so that AVX-512 IFMA multiplies them), recombined by
 * the Chinese remainder theorem. Limbs as in dot.h.
 *
 * Every function here is constant-time in its operands' values: which instructions run and
 * which addresses they touch depend on the sizes only.
 * The transform variant follows dot_isa(): "ifma" runs the IFMA transforms, any other variant
 * (DOT_ISA=scalar included) the scalar ones.
 */
#ifndef DOT_NTT_H
#define DOT_NTT_H

#include "dot.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest un + vn the products accept (the longest transform is 3 2^12 coefficients). */
#define DOT_NTT_MAX_LIMBS 12288

/* {rp, un + vn} = {up, un} * {vp, vn}: mpn_mul's contract, un >= vn >= 1, no overlap between rp
 * and an input, plus un + vn <= DOT_NTT_MAX_LIMBS. Small or very unbalanced operands are
 * multiplied by a schoolbook product inside. */
DOT_API void dot_ntt_mul(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                         size_t vn);
/* {rp, 2n} = {up, n}^2; n >= 1, 2n <= DOT_NTT_MAX_LIMBS, rp does not overlap up. */
DOT_API void dot_ntt_sqr(dot_limb_t *rp, const dot_limb_t *up, size_t n);

/* Montgomery multiplication modulo one known odd N: the transforms of N and of -N^-1 mod R,
 * R = 2^(64 limbs), are computed once by dot_ntt_mont_new. */
typedef struct dot_ntt_mont dot_ntt_mont;
/* N = {n, limbs}: odd, n[limbs-1] != 0, 1 <= limbs <= DOT_NTT_MAX_LIMBS / 4. NULL if N is not
 * acceptable or memory runs out. */
DOT_API dot_ntt_mont *dot_ntt_mont_new(const dot_limb_t *n, size_t limbs);
/* {r, limbs} = a * b * R^-1 mod N, in [0, N), for a and b in [0, N). r may equal a or b. */
DOT_API void dot_ntt_mont_mul(const dot_ntt_mont *m, dot_limb_t *r, const dot_limb_t *a,
                              const dot_limb_t *b);
DOT_API void dot_ntt_mont_free(dot_ntt_mont *m);

#ifdef __cplusplus
}
#endif

#endif
