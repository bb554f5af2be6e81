/*
 * Internal layout of the NTT family (dot_ntt.h): the primes and their tables, one variant's
 * transforms, and the steps that every variant shares.
 *
 * Residues live in 64-bit words below 2^52. Three primes p < 2^50 with 3 2^20 | p - 1: 4p < 2^52
 * keeps every lazy value an IFMA operand, and p0 p1 p2 > 2^149 exceeds every coefficient of a
 * product of 64-bit limbs, n (2^64 - 1)^2 for n < 2^21.
 * Transform lengths n are 2^k or 3 2^k (k >= NTT_LOG_MIN): the one just above a product's
 * coefficient count wastes at most a third of the transform instead of half.
 * Value ranges: limbs load to [0, 2p); the forward transform keeps [0, 2p); the pointwise
 * Montgomery product (R = 2^52) returns [0, 2p); the inverse transform returns [0, 4p).
 */
#ifndef DOT_NTT_IMPL_H
#define DOT_NTT_IMPL_H

#include <stdint.h>
#include "dot_impl.h"
#include "dot_ntt.h"

#define NTT_PRIMES 3
#define NTT_LOG_MAX 13 /* lengths up to 3 2^12 >= DOT_NTT_MAX_LIMBS */
#define NTT_MAX ((size_t)1 << NTT_LOG_MAX)
#define NTT_LOG_MIN 5 /* the vector transforms work on groups of 32 coefficients */
#define NTT_MASK52 ((UINT64_C(1) << 52) - 1)

/* A constant multiplier with its Shoup companion floor(w 2^52 / p). */
typedef struct {
    uint64_t w, w_shoup;
} ntt_const;

typedef struct {
    uint64_t p, two_p;
    uint64_t neg_p; /* 2^52 - p */
    uint64_t p_inv; /* p^-1 mod 2^52, for the pointwise Montgomery product */
    ntt_const c50;  /* 2^50 mod p: a limb is lo50 + 2^50 hi14 */
    /* [t][k] = 2^52 / (3^t 2^k) mod p: undoes the pointwise product's 2^-52 and the inverse's
     * factor n = 3^t 2^k */
    ntt_const scale[2][NTT_LOG_MAX + 1];
    /* [m + k] = w_2m^k (fwd) and w_2m^-k (inv) for m = 1, 2, 4 .. NTT_MAX / 2, k < m, where w_2m is
     * a primitive 2m-th root of unity with w_2m = w_4m^2: the twiddles of every length at once. */
    uint64_t fwd[NTT_MAX], fwd_shoup[NTT_MAX];
    uint64_t inv[NTT_MAX], inv_shoup[NTT_MAX];
    /* the radix-3 stage of length 3m: [m + j] = w_3m^j, w_3m^2j, w_3m^-j, w_3m^-2j (j < m), with
     * w_3m^3 = w_m as above; and the cube root of unity w_3m^m */
    uint64_t r3_w1[NTT_MAX], r3_w1_shoup[NTT_MAX], r3_w2[NTT_MAX], r3_w2_shoup[NTT_MAX];
    uint64_t r3_i1[NTT_MAX], r3_i1_shoup[NTT_MAX], r3_i2[NTT_MAX], r3_i2_shoup[NTT_MAX];
    ntt_const cube;
    /* for vector stages of half-length m = 4 >> s on 16 coefficients in two registers: lane l's
     * twiddle w_2m^(l mod m), forward and inverse */
    uint64_t small_fwd[3][8], small_fwd_shoup[3][8], small_inv[3][8], small_inv_shoup[3][8];
    /* The same constants as doubles for the AVX2 variant, each the residue of least absolute
     * value (|w| <= p / 2), derived from the integer ones above (ntt_prime_derive_doubles) */
    double d_fwd[NTT_MAX], d_inv[NTT_MAX];
    double d_r3_w1[NTT_MAX], d_r3_w2[NTT_MAX], d_r3_i1[NTT_MAX], d_r3_i2[NTT_MAX];
    double d_cube, d_c50;
} ntt_prime;

typedef struct {
    ntt_prime prime[NTT_PRIMES];
    /* Garner's reconstruction x = a0 + a1 p0 + a2 p0 p1 */
    ntt_const p0_inv_mod_p1, p0_mod_p2, p01_inv_mod_p2;
    uint64_t p01_lo, p01_hi; /* p0 p1 */
} ntt_tables;

/* Built on first use (thread-safe), never freed. */
const ntt_tables *ntt_tables_get(void);
/* q's double constants (d_*) from its integer ones; ntt_tables_get's tables have them already */
void ntt_prime_derive_doubles(ntt_prime *q);

/* One variant's transforms on n coefficients (a length ntt_size_for returns); arrays are 64-byte
 * aligned. Input and output ranges as above. A length 3m transform is one radix-3 stage and three
 * of length m. */
typedef struct {
    const char *name;
    /* The product takes the schoolbook below un vn < school_ratio * (transform length): the cost
     * of a transform coefficient in schoolbook limb products, as bench_ntt's full run prints it. */
    size_t school_ratio;
    /* a = the transform of the limbs {up, un} mod p, zero-padded to n (un <= n); decimation in
     * frequency: natural order in, bit-reversed out */
    void (*forward)(uint64_t *a, const dot_limb_t *up, size_t un, size_t n, const ntt_prime *q);
    /* a = a b 2^-52 mod p, coefficient by coefficient (the AVX2 variant: a b; its arrays hold
     * doubles from forward to reconstruct, and its reconstruct undoes its own factors) */
    void (*pointwise)(uint64_t *a, const uint64_t *b, size_t n, const ntt_prime *q);
    /* decimation in time: bit-reversed in, natural order out, times n */
    void (*inverse)(uint64_t *a, size_t n, const ntt_prime *q);
    /* r[i][j] (inverse outputs) -> limb i of the integer x_j < p0 p1 p2 < 2^150 with
     * x_j = r[i][j] 2^52 / n mod p_i (Garner's mixed radix, x_j = a0 + a1 p0 + a2 p0 p1), for
     * j < count at least (count <= n) */
    void (*reconstruct)(uint64_t *const r[NTT_PRIMES], size_t n, size_t count, const ntt_tables *t);
} ntt_ops;

extern const ntt_ops ntt_scalar_ops;
extern const ntt_ops ntt_ifma_ops;
extern const ntt_ops ntt_avx2_ops;
/* whether this CPU runs ntt_avx2_ops (AVX2 and FMA) */
int ntt_avx2_runs(void);
/* the ops dot_isa() selects */
const ntt_ops *ntt_active_ops(void);

/* {rp, rn} = sum over j < ncoef of x_j 2^(64 j), x_j given by its limbs x[i][j]; the sum must
 * fit in rn limbs (higher carries are dropped). */
void ntt_combine(dot_limb_t *rp, size_t rn, uint64_t *const x[NTT_PRIMES], size_t ncoef);
void ntt_scalar_reconstruct(uint64_t *const r[NTT_PRIMES], size_t n, size_t count,
                            const ntt_tables *t);
/* the scale constant of length n (ntt_prime.scale); inline, so that the vector objects need no
 * other object (the emulated test builds link them alone) */
static inline ntt_const ntt_scale_for(const ntt_prime *q, size_t n)
{
    int three = n % 3 == 0, k = 0;
    for (size_t m = three ? n / 3 : n; m > 1; m >>= 1)
        k++;
    return q->scale[three][k];
}
/* The cyclic product of length len < ncoef = un + vn - 1 <= 2 len, reconstructed into limbs x
 * (arrays of ncoef), holds c_k + c_(k+len) at k < ncoef - len: computes c_j for j >= len exactly
 * into x[.][j] and subtracts it from x[.][j - len]. Needs un >= vn and len >= un. */
void ntt_wrap_fix(uint64_t *const x[NTT_PRIMES], size_t len, size_t ncoef, const dot_limb_t *up,
                  size_t un, const dot_limb_t *vp, size_t vn);
/* {rp, un + vn} = {up, un} {vp, vn}, schoolbook, un >= vn >= 1, no overlap */
void ntt_basecase_mul(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                      size_t vn);

/* The steps of a product, with a given variant. A transform set is NTT_PRIMES arrays of n. */
typedef struct {
    uint64_t *r[NTT_PRIMES];
} ntt_set;
int ntt_set_alloc(ntt_set *s, size_t n); /* 0 on success */
void ntt_set_free(ntt_set *s);
/* the shortest transform length 2^k or 3 2^k, k >= NTT_LOG_MIN, with at least ncoef coefficients */
size_t ntt_size_for(size_t ncoef);
/* the longest transform length below n, or 0 */
size_t ntt_size_below(size_t n);
/* A product's transform length (un >= vn, ncoef = un + vn - 1): the one that holds all ncoef
 * coefficients, or the one below it when the few coefficients that then wrap around cost less
 * to compute directly (e(e+1)/2 limb products, half that for a square, each worth about two of
 * the schoolbook's: bench_ntt and bench_ntt_mont lost at 32 and 224 limbs and at 4096 bits
 * when counted as one) than the longer transforms (school_ratio limb products per coefficient
 * for nine transforms, two thirds of that for a square's six). */
size_t ntt_product_length(const ntt_ops *ops, size_t un, size_t ncoef, int square);
/* s = the forward transforms of {up, un} */
void ntt_transform(const ntt_ops *ops, const ntt_tables *t, ntt_set *s, const dot_limb_t *up,
                   size_t un, size_t n);
/* The product {up, un} {vp, vn} (un >= vn, ncoef = un + vn - 1 coefficients) from s, holding
 * the transforms of length n of up, and g, those of vp (g == s squares): s = s * g pointwise,
 * inverse transforms, the wrapped coefficients fixed if ncoef > n (then s's arrays hold ncoef),
 * and {rp, rn} from the coefficients; s is consumed. */
void ntt_finish(const ntt_ops *ops, const ntt_tables *t, ntt_set *s, const ntt_set *g,
                dot_limb_t *rp, size_t rn, size_t n, const dot_limb_t *up, size_t un,
                const dot_limb_t *vp, size_t vn);

struct dot_ntt_mont {
    size_t limbs;
    size_t len;              /* the transform length of a product of two limbs-limb numbers */
    size_t stride;           /* the arrays' length: room for wrapped coefficients */
    dot_limb_t *n, *ninv;    /* N and -N^-1 mod R */
    ntt_set n_hat, ninv_hat; /* the forward transforms of N and of -N^-1 mod R */
};

/* the transform path alone (no hand-over), un >= vn >= 1 */
void ntt_mul_transform(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t un,
                       const dot_limb_t *vp, size_t vn);
/* the schoolbook or the transform path, whichever ops->school_ratio says is cheaper */
void ntt_mul_with(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t un,
                  const dot_limb_t *vp, size_t vn);
void ntt_sqr_with(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t n);
void ntt_sqr_transform(const ntt_ops *ops, dot_limb_t *rp, const dot_limb_t *up, size_t n);

#endif
