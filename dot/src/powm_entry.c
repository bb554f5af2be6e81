/* dot_powm, dot_powm_rr, dot_powm2, dot_powm_ct, dot_powm_ct_x2 (dot.h): the window check in front
 * of the IFMA exponentiation (ifma/powm.h). The window is the basecase table's powm_from
 * (basecase_window.c): SIZE_MAX, so no size, on every variant but ifma, with DOT_BASECASE=off or
 * powm=off, and on families not measured.
 * Moduli of 4 limbs go to the general-register kernel (mulx/powm4.c) where the table's powm4 says
 * so: on every CPU with BMI2 and ADX unless DOT_BASECASE is off or says powm4=off (not dot_powm2:
 * that kernel has no second base). dot_powm_takes, dot_powm_rr_takes, dot_powm2_takes and
 * dot_powm_ct_takes answer the rules alone, for a library to ask before it prepares the operands. */
#include "dot_impl.h"
#include "exp_window.h" /* exp_bit_length */

#ifdef DOT_DEBUG
/* Whether {x, n} < {mp, n}. */
static int below(const dot_limb_t *x, const dot_limb_t *mp, size_t n)
{
    size_t i = n;
    while (i > 0 && x[i - 1] == mp[i - 1])
        i--;
    return i > 0 && x[i - 1] < mp[i - 1];
}

static void check_powm(const char *fn, const dot_limb_t *rp, const dot_limb_t *bp,
                       const dot_limb_t *ep, size_t en, const dot_limb_t *mp, size_t n)
{
    dot_contract(n >= 1 && en >= 1, fn, "n >= 1, en >= 1");
    dot_contract((mp[0] & 1) && mp[n - 1] != 0 && (n > 1 || mp[0] > 1), fn,
                 "m odd, m > 1, mp[n - 1] != 0");
    dot_contract(below(bp, mp, n), fn, "b < m");
    dot_contract(!dot_overlap(rp, n, ep, en) && !dot_overlap(rp, n, mp, n), fn,
                 "rp overlaps e or m");
}
#endif

/* Whether n lies in the window w. */
static inline int in_window(const dot_basecase_tuning *w, size_t n)
{
    return n >= w->powm_from && n <= DOT_POWM_MAX;
}

/* The largest modulus at which dot_powm takes an exponent of 2 bits (one square, at most one
 * product): past it the set-up's products, which grow with the modulus, are not repaid
 * (results/powm-256-zen5-*.txt). */
#define SQUARE_EXPONENT_MAX 128
/* The shortest exponent, in bits, dot_powm gives the 4-limb kernel: shorter ones ran below GMP's
 * asm mpz_powm (results/powm-256-zen5-*.txt) */
#define POWM4_MIN_BITS 33

/* Whether the sliding window's exponent of bits bits is long enough for the IFMA kernel at n
 * limbs: its set-up (R^2 mod m, the digits) costs a few products, which a short exponent (a
 * public one, 3 or 65537) does not repay near the window's start. bits (n - powm_from + 1) >= 32:
 * 32 bits at powm_from limbs, 16 a limb above, 2 from 15 limbs above, any from 31 above
 * (bench_powm's public exponents against GMP's asm mpz_powm, results/powm-public-zen5-*.txt),
 * but never e = 0 or 1 (GMP answers those at once), nor 2 bits past SQUARE_EXPONENT_MAX. */
static inline int long_enough(const dot_basecase_tuning *w, size_t bits, size_t n)
{
    const size_t from = w->powm_from;
    if (bits < 2 || (bits == 2 && n > SQUARE_EXPONENT_MAX))
        return 0;
    return n < from || n - from >= 31 || bits * (n - from + 1) >= 32;
}

/* Whether the 4-limb kernel takes a modulus of n limbs. */
static inline int powm4(const dot_basecase_tuning *w, size_t n)
{
    return n == DOT_POWM4 && w->powm4;
}

/* dot_powm's rule, which dot_powm_takes answers: the 4-limb kernel with an exponent of
 * POWM4_MIN_BITS or more, or the IFMA one with an exponent long_enough. */
static inline int sliding_takes(const dot_basecase_tuning *w, const dot_limb_t *ep, size_t en,
                                size_t n)
{
    const size_t bits = exp_bit_length(ep, en);
    return (powm4(w, n) && bits >= POWM4_MIN_BITS) || (in_window(w, n) && long_enough(w, bits, n));
}

/* dot_powm_rr's rule, which dot_powm_rr_takes answers: dot_powm's, or any exponent in the IFMA
 * window where rr serves, the set-up left a long-division step or two (make bench-exp-mont: the
 * entry points against OpenSSL's BN_mod_exp_mont with a context, results/powm-rr-zen5-*.txt). */
static inline int rr_takes(const dot_basecase_tuning *w, const dot_limb_t *ep, size_t en,
                           const dot_limb_t *mp, size_t n)
{
    return sliding_takes(w, ep, en, n) || (in_window(w, n) && dot_powm_rr_serves(mp, n));
}

/* dot_powm2's rule, which dot_powm2_takes answers: the IFMA window, with the longer exponent
 * long_enough (the set-up, one R^2 mod m, is the same; long_enough grows with the bit length). */
static inline int double_takes(const dot_basecase_tuning *w, const dot_limb_t *e1, size_t e1n,
                               const dot_limb_t *e2, size_t e2n, size_t n)
{
    return in_window(w, n) && (long_enough(w, exp_bit_length(e1, e1n), n) ||
                               long_enough(w, exp_bit_length(e2, e2n), n));
}

/* dot_powm_ct's and dot_powm_ct_x2's rule, which dot_powm_ct_takes answers: the 4-limb kernel, or
 * the IFMA one at any size of the window. */
static inline int fixed_takes(const dot_basecase_tuning *w, size_t n)
{
    return powm4(w, n) || in_window(w, n);
}

int dot_powm_ct_takes(size_t n)
{
#ifdef DOT_DEBUG
    dot_contract(n >= 1, __func__, "n >= 1");
#endif
    return fixed_takes(dot_basecase_active(), n);
}

int dot_powm_takes(const dot_limb_t *ep, size_t en, size_t n)
{
#ifdef DOT_DEBUG
    dot_contract(n >= 1 && en >= 1, __func__, "n >= 1, en >= 1");
#endif
    return sliding_takes(dot_basecase_active(), ep, en, n);
}

int dot_powm_rr_takes(const dot_limb_t *ep, size_t en, const dot_limb_t *mp, size_t n)
{
#ifdef DOT_DEBUG
    dot_contract(n >= 1 && en >= 1 && mp[n - 1] != 0, __func__, "n >= 1, en >= 1, mp[n - 1] != 0");
#endif
    return rr_takes(dot_basecase_active(), ep, en, mp, n);
}

int dot_powm2_takes(const dot_limb_t *e1, size_t e1n, const dot_limb_t *e2, size_t e2n, size_t n)
{
#ifdef DOT_DEBUG
    dot_contract(n >= 1 && e1n >= 1 && e2n >= 1, __func__, "n >= 1, e1n >= 1, e2n >= 1");
#endif
    return double_takes(dot_basecase_active(), e1, e1n, e2, e2n, n);
}

typedef void (*powm_kernel)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                            const dot_limb_t *, size_t);
typedef void (*powm4_kernel)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                             const dot_limb_t *);

/* Runs the 4-limb kernel or the IFMA one and returns 1 where the rule takes the call (with
 * sliding set, dot_powm's: sliding_takes; else fixed_takes); returns 0 otherwise. */
static inline int windowed(const char *fn, powm_kernel kernel, powm4_kernel kernel4, int sliding,
                           dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                           const dot_limb_t *mp, size_t n)
{
#ifdef DOT_DEBUG
    check_powm(fn, rp, bp, ep, en, mp, n);
#else
    (void)fn;
#endif
    const dot_basecase_tuning *w = dot_basecase_active();
    if (sliding ? !sliding_takes(w, ep, en, n) : !fixed_takes(w, n))
        return 0;
    if (powm4(w, n))
        kernel4(rp, bp, ep, en, mp);
    else
        kernel(rp, bp, ep, en, mp, n);
    return 1;
}

int dot_powm(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
             const dot_limb_t *mp, size_t n)
{
    return windowed(__func__, dot_ifma_powm, dot_mulx_powm4, 1, rp, bp, ep, en, mp, n);
}

int dot_powm_rr(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                const dot_limb_t *mp, size_t n, const dot_limb_t *rr)
{
#ifdef DOT_DEBUG
    check_powm(__func__, rp, bp, ep, en, mp, n);
    dot_contract(below(rr, mp, n), __func__, "rr < m");
    dot_contract(!dot_overlap(rp, n, rr, n), __func__, "rp overlaps rr");
#endif
    const dot_basecase_tuning *w = dot_basecase_active();
    if (!rr_takes(w, ep, en, mp, n))
        return 0;
    if (powm4(w, n))
        dot_mulx_powm4(rp, bp, ep, en, mp);
    else
        dot_ifma_powm_rr(rp, bp, ep, en, mp, n, rr);
    return 1;
}

int dot_powm_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1, const dot_limb_t *m1,
                   dot_limb_t *r2, const dot_limb_t *b2, const dot_limb_t *e2, const dot_limb_t *m2,
                   size_t en, size_t n)
{
#ifdef DOT_DEBUG
    check_powm(__func__, r1, b1, e1, en, m1, n);
    check_powm(__func__, r2, b2, e2, en, m2, n);
    dot_contract(!dot_overlap(r1, n, r2, n) && !dot_overlap(r1, n, b2, n) &&
                     !dot_overlap(r1, n, e2, en) && !dot_overlap(r1, n, m2, n) &&
                     !dot_overlap(r2, n, b1, n) && !dot_overlap(r2, n, e1, en) &&
                     !dot_overlap(r2, n, m1, n),
                 __func__, "r1 or r2 overlaps the other exponentiation's operands");
#endif
    const dot_basecase_tuning *w = dot_basecase_active();
    if (!fixed_takes(w, n))
        return 0;
    if (powm4(w, n))
        dot_mulx_powm4_ct_x2(r1, b1, e1, m1, r2, b2, e2, m2, en);
    else
        dot_ifma_powm_ct_x2(r1, b1, e1, m1, r2, b2, e2, m2, en, n);
    return 1;
}

int dot_powm_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                const dot_limb_t *mp, size_t n)
{
    return windowed(__func__, dot_ifma_powm_ct, dot_mulx_powm4_ct, 0, rp, bp, ep, en, mp, n);
}

int dot_powm2(dot_limb_t *rp, const dot_limb_t *b1, const dot_limb_t *e1, size_t e1n,
              const dot_limb_t *b2, const dot_limb_t *e2, size_t e2n, const dot_limb_t *mp,
              size_t n)
{
#ifdef DOT_DEBUG
    check_powm(__func__, rp, b1, e1, e1n, mp, n);
    check_powm(__func__, rp, b2, e2, e2n, mp, n);
#endif
    if (!double_takes(dot_basecase_active(), e1, e1n, e2, e2n, n))
        return 0;
    dot_ifma_powm2(rp, b1, e1, e1n, b2, e2, e2n, mp, n);
    return 1;
}
