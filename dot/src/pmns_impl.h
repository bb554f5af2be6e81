/* Internal declarations of the PMNS family (dot_pmns.h): the loaded parameter set with the tables
 * the kernels read, and each variant's two kernels. The derivation of every table and bound is in
 * dot/pmns/genparams.py. */
#ifndef DOT_PMNS_IMPL_H
#define DOT_PMNS_IMPL_H

#include "dot_pmns.h"

#define PMNS_W 52
#define PMNS_MASK52 ((UINT64_C(1) << PMNS_W) - 1)
#define PMNS_MAX_S 4
#define PMNS_MAX_N 256
#define PMNS_MAX_LIMBS 256

/* r = cols reduced: cols holds C's 2s unnormalised column sums per coefficient (plane c at
 * cols[c n .. c n + n-1]), the result has coefficients in [0, rho). trunc selects the flavour. */
typedef void pmns_reduce_fn(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc);
/* r = x * y, the product's columns then the reduction. */
typedef void pmns_mul_fn(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                         int trunc);

/* Element and table layout: digit planes. An element's digit d of coefficient k is x[d n + k].
 * The "ext" tables are indexed t = n + k - i in [1, 2n) for output coefficient k and input
 * coefficient i: they hold the coefficient j = t mod n, times lambda when t < n (the term wrapped
 * past X^n), so a run of 8 output coefficients reads 8 consecutive words. Digit d of ext entry t
 * is at ext[d 2n + t]. */
struct dot_pmns {
    size_t bits, n, s, limbs, r, lambda;
    uint64_t *p;       /* limbs */
    uint64_t *g;       /* G_k = gamma^k phi^-1 mod p, limbs words each */
    uint64_t *t;       /* conversion table: T_i as an element, at t[i n s] */
    uint64_t *m_ext;   /* |m_j| times the wrap weight, s digit planes of 2n */
    uint64_t *negmask; /* 2n: all 52 low bits set where m_j < 0 (use ~q there), else 0 */
    uint64_t *mp_ext;  /* m'_j times the wrap weight mod phi, s digit planes of 2n */
    uint64_t *init;    /* INIT_k = phi z_k - (phi-1) Wneg_k, 2s digit planes of n */
    /* The 2-way split of the IFMA kernels (dot/src/ifma/pmns_mul.c), h = n/2: the lambda-circulant
     * matrix of a multiplier is [[U, lambda W], [W, U]] in h x h Toeplitz blocks, and the product
     * takes three h x h Toeplitz products, U A0, W A1 and (U + W)(A0 + A1), instead of four.
     * mp_uw: the table of U' + W' for M' (mod phi), s digit planes of 2h, entry h + k - i.
     * split: whether the parameter set allows it (h a multiple of 8, (lambda + 1) rho <= phi so
     * U + W has s digits, and signed column sums within 64 bits: (3 + lambda) s n + 1 < 2^11). */
    uint64_t *mp_uw;
    int split;
    int split8; /* the same for the batch kernel, which needs only n even */
    /* The split of the last stage, V = C + Q M + phi z (single IFMA kernel; needs split too):
     * V0 = C0 + U_M Q0 + lambda W_M Q1, V1 = C1 + (U_M + W_M)(Q0 + Q1) - U_M Q0 - W_M Q1, each
     * block product with M's signs by the complement trick (q xor the entry's sign mask), and
     * Q0 + Q1 in s digits plus a carry bit. uwm: |U_M + W_M|, s digit planes of 2h (entry
     * h + k - i), neguw its sign masks; init_v: per output coefficient, phi z_k, the complement
     * trick's constants of the three block products, and phi/2, mod 2^(104 s) (2s digit planes
     * of n), so that V / phi is the floor of the sum even with the truncated flavour's
     * shortfall (below phi/2; dot/src/ifma/pmns_mul.c). split_v: these tables were built
     * (n >= 32, |U_M + W_M| fits s digits, column sums within 64 bits). */
    uint64_t *uwm, *neguw, *init_v;
    int split_v;
    pmns_mul_fn *mul;
    pmns_reduce_fn *reduce;
    pmns_mul_fn *mul8; /* the batch form: 8 products, elements consecutive (dot_pmns_mul_batch) */
};

/* Reads and checks a parameter file and builds the tables; kernels left NULL. */
dot_pmns *dot_pmns_read(const char *path);

/* The parameter file reader's state (pmns_params.c): pmns_fail reports the first failure on stderr
 * and clears ok; later ones are silent. */
typedef struct {
    const char *path;
    char *text;
    int ok;
} pmns_reader;
void pmns_fail(pmns_reader *rd, const char *what, const char *key);
/* The kernels' tables from a file's values (pmns_tables.c): m (|m_j|, s digits each; signs in
 * mneg), mprime, init and t as read; a value out of range fails rd. */
void pmns_build_tables(pmns_reader *rd, dot_pmns *pm, const uint64_t *m, const unsigned char *mneg,
                       const uint64_t *mp, const uint64_t *init, const uint64_t *t);

/* ext[d 2n + t] for t in [1, 2n) from an element x (see above); the digits of lambda x_j are
 * renormalised (lambda rho < phi, so they fit in s digits). */
static inline void pmns_ext(const dot_pmns *pm, uint64_t *ext, const uint64_t *x)
{
    const size_t n = pm->n, s = pm->s;
    for (size_t j = 0; j < n; j++) {
        uint64_t carry = 0;
        for (size_t d = 0; d < s; d++) {
            uint64_t digit = x[d * n + j];
            ext[d * 2 * n + n + j] = digit;
            uint64_t v = digit * pm->lambda + carry;
            ext[d * 2 * n + j] = v & PMNS_MASK52;
            carry = v >> PMNS_W;
        }
    }
}

pmns_mul_fn pmns_scalar_mul, pmns_ifma_mul, pmns_scalar_mul8, pmns_ifma_mul8;
pmns_reduce_fn pmns_scalar_reduce, pmns_ifma_reduce;
/* The scalar reduction computing the halves of weight >= low only: low = 0 is the full flavour,
 * s-1 the truncated one; the tests show low = s gives wrong results (Theorem 2 is tight). */
/* The 2s column sums of x*y mod E (the reduction's input). */
void pmns_scalar_product(const dot_pmns *pm, uint64_t *cols, const uint64_t *x, const uint64_t *y);
void pmns_scalar_reduce_from(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, size_t low);

#endif
