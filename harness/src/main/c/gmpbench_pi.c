/*
 * GMPbench's pi: the Chudnovsky series summed by binary splitting, organised the way GMPbench
 * 0.2's pi.c organises it, so that the workload makes the same kinds of GMP calls:
 *
 *   1/pi = 12/C^(3/2) * sum_k (-1)^k (6k)! (A + Bk) / ((3k)! (k!)^3 C^(3k))
 *
 * with term ratio -g(k)/p(k), g(k) = (2k-1)(6k-1)(6k-5) and p(k) = k^3 C^3/24. A node of the
 * splitting over terms (a, b] holds P = prod p, G = prod g and Q (the partial sum scaled by P);
 * merging a left node 1 with a right node 2 gives P = P1 P2, G = G1 G2, Q = Q1 P2 + Q2 G1.
 *
 * What makes it GMPbench's rather than the textbook splitting:
 *  - every P and G also carries its factorisation (from a sieve of smallest prime factors), and
 *    before each merge the common factor of P2 and G1 is divided out of both (mpz_divexact).
 *    Dividing a node's P, G and Q by the same number leaves every later quotient unchanged, and
 *    Q1 P2 + Q2 G1 is then divisible by it too, so only the operand sizes shrink;
 *  - G is not formed on the rightmost path of the tree, where nothing reads it;
 *  - the final step is floating point: pi = (C/12) sqrt(C) P / (Q + A P) with mpf_div,
 *    mpf_sqrt_ui and mpf_mul at digits * log2(10) bits.
 *
 * The sieve is built when the test is set up, outside the timed loop.
 */
#include "gmpbench_pi.h"

#include <stdlib.h>
#include <string.h>

#define CHUD_A 13591409UL
#define CHUD_B 545140134UL
#define CHUD_C 640320UL
#define CHUD_C3_OVER_24 10939058860032000UL    /* 640320^3 / 24 = 2^15 3^2 5^3 23^3 29^3 */
#define DIGITS_PER_TERM 14.1816474627254776555 /* log10(640320^3 / 1728) */
#define BITS_PER_DIGIT 3.32192809488736234787  /* log2(10) */

/* A factorisation: primes ascending, each with its exponent. */
typedef struct factors {
    unsigned long *prime;
    unsigned long *power;
    size_t n, cap;
} factors;

struct dotbench_pi {
    const dotbench_gmp *g;
    unsigned long digits, terms, prec_bits;
    unsigned *spf; /* smallest prime factor of 0..limit */
    unsigned long limit;
};

static void fac_reserve(factors *f, size_t n)
{
    if (n <= f->cap)
        return;
    size_t cap = f->cap ? f->cap : 8;
    while (cap < n)
        cap *= 2;
    f->prime = realloc(f->prime, cap * sizeof *f->prime);
    f->power = realloc(f->power, cap * sizeof *f->power);
    if (f->prime == NULL || f->power == NULL)
        abort();
    f->cap = cap;
}

static void fac_free(factors *f)
{
    free(f->prime), free(f->power);
    memset(f, 0, sizeof *f);
}

/* Appends the factorisation of n times `times` (n's primes must all exceed f's last prime). */
static void fac_append(factors *f, const struct dotbench_pi *pi, unsigned long n,
                       unsigned long times)
{
    while (n > 1) {
        unsigned long p = pi->spf[n], e = 0;
        while (n % p == 0)
            n /= p, e++;
        fac_reserve(f, f->n + 1);
        f->prime[f->n] = p;
        f->power[f->n++] = e * times;
    }
}

/* f = f * h (h unchanged): a merge from the back, in f's own storage. */
static void fac_mul(factors *f, const factors *h)
{
    size_t n = f->n + h->n, i = 0, j = 0;
    while (i < f->n && j < h->n) { /* shared primes make the product shorter */
        if (f->prime[i] < h->prime[j]) {
            i++;
        } else if (h->prime[j] < f->prime[i]) {
            j++;
        } else {
            i++, j++, n--;
        }
    }
    fac_reserve(f, n);
    size_t out = n;
    i = f->n, j = h->n;
    while (j > 0) {
        out--;
        if (i > 0 && f->prime[i - 1] > h->prime[j - 1]) {
            f->prime[out] = f->prime[i - 1], f->power[out] = f->power[i - 1], i--;
        } else if (i > 0 && f->prime[i - 1] == h->prime[j - 1]) {
            f->prime[out] = f->prime[i - 1], f->power[out] = f->power[i - 1] + h->power[j - 1], i--,
            j--;
        } else {
            f->prime[out] = h->prime[j - 1], f->power[out] = h->power[j - 1], j--;
        }
    }
    f->n = n; /* f's remaining [0, i) already sit in place */
}

/* gcd = the common part of a and b, removed from both. */
static void fac_split_gcd(factors *a, factors *b, factors *gcd)
{
    gcd->n = 0;
    size_t i = 0, j = 0, ka = 0, kb = 0;
    while (i < a->n && j < b->n) {
        if (a->prime[i] < b->prime[j]) {
            i++;
        } else if (b->prime[j] < a->prime[i]) {
            j++;
        } else {
            unsigned long e = a->power[i] < b->power[j] ? a->power[i] : b->power[j];
            fac_reserve(gcd, gcd->n + 1);
            gcd->prime[gcd->n] = a->prime[i];
            gcd->power[gcd->n++] = e;
            a->power[i++] -= e;
            b->power[j++] -= e;
        }
    }
    /* drop the exponents that fell to zero */
    for (i = 0; i < a->n; i++)
        if (a->power[i])
            a->prime[ka] = a->prime[i], a->power[ka++] = a->power[i];
    a->n = ka;
    for (j = 0; j < b->n; j++)
        if (b->power[j])
            b->prime[kb] = b->prime[j], b->power[kb++] = b->power[j];
    b->n = kb;
}

/* z = prod prime[i]^power[i] over i in [lo, hi): word products at the leaves, a balanced tree of mpz_mul above. */
static void fac_product(const dotbench_gmp *g, mpz_ptr z, const factors *f, size_t lo, size_t hi)
{
    if (hi - lo <= 8) {
        unsigned long word = 1;
        g->mpz_set_ui(z, 1);
        for (size_t i = lo; i < hi; i++)
            for (unsigned long e = 0; e < f->power[i]; e++) {
                unsigned long next;
                if (__builtin_mul_overflow(word, f->prime[i], &next)) {
                    g->mpz_mul_ui(z, z, word);
                    next = f->prime[i];
                }
                word = next;
            }
        g->mpz_mul_ui(z, z, word);
        return;
    }
    size_t mid = lo + (hi - lo) / 2;
    mpz_t right;
    g->mpz_init(right);
    fac_product(g, z, f, lo, mid);
    fac_product(g, right, f, mid, hi);
    g->mpz_mul(z, z, right);
    g->mpz_clear(right);
}

/* The node over terms (a, b]: P, Q and (when need_g) G, with the factorisations of P and G. */
static void split(const struct dotbench_pi *pi, unsigned long a, unsigned long b, int need_g,
                  mpz_ptr P, mpz_ptr Q, mpz_ptr G, factors *fp, factors *fg)
{
    const dotbench_gmp *g = pi->g;
    if (b - a == 1) {
        unsigned long k = b;
        /* p(k) = k^3 C^3/24: the constant's primes 2, 3, 5, 23, 29 merged with k^3's. A number
         * below 2^32 has at most 9 distinct primes, so the leaf's lists live on the stack. */
        unsigned long cp[] = {2, 3, 5, 23, 29}, ce[] = {15, 2, 3, 3, 3}, kp[9], ke[9];
        factors cf = {cp, ce, 5, 5}, kf = {kp, ke, 0, 9};
        fac_append(&kf, pi, k, 3);
        fp->n = 0;
        fac_mul(fp, &kf);
        fac_mul(fp, &cf);
        g->mpz_set_ui(P, k * k * k);
        g->mpz_mul_ui(P, P, CHUD_C3_OVER_24);
        /* g(k) = (2k-1)(6k-1)(6k-5): pairwise coprime factors, so their factorisations just merge */
        unsigned long f3[3] = {2 * k - 1, 6 * k - 5, 6 * k - 1};
        fg->n = 0;
        for (int i = 0; i < 3; i++) {
            unsigned long op[9], oe[9];
            factors one = {op, oe, 0, 9};
            fac_append(&one, pi, f3[i], 1);
            fac_mul(fg, &one);
        }
        g->mpz_set_ui(G, f3[0] * f3[1] * f3[2]);
        g->mpz_mul_ui(Q, G, CHUD_A + CHUD_B * k);
        if (k & 1)
            g->mpz_neg(Q, Q);
        return;
    }
    unsigned long m = a + (b - a) / 2;
    mpz_t P2, Q2, G2, t;
    factors fp2 = {0}, fg2 = {0}, common = {0};
    g->mpz_init(P2), g->mpz_init(Q2), g->mpz_init(G2), g->mpz_init(t);
    split(pi, a, m, 1, P, Q, G, fp, fg);
    split(pi, m, b, need_g, P2, Q2, G2, &fp2, &fg2);
    fac_split_gcd(&fp2, fg, &common);
    if (common.n) {
        fac_product(g, t, &common, 0, common.n);
        g->mpz_divexact(P2, P2, t);
        g->mpz_divexact(G, G, t);
    }
    /* Q = Q1 P2 + Q2 G1, P = P1 P2, G = G1 G2 */
    g->mpz_mul(Q, Q, P2);
    g->mpz_mul(Q2, Q2, G);
    g->mpz_add(Q, Q, Q2);
    g->mpz_mul(P, P, P2);
    fac_mul(fp, &fp2);
    if (need_g) {
        g->mpz_mul(G, G, G2);
        fac_mul(fg, &fg2);
    }
    g->mpz_clear(P2), g->mpz_clear(Q2), g->mpz_clear(G2), g->mpz_clear(t);
    fac_free(&fp2), fac_free(&fg2), fac_free(&common);
}

dotbench_pi *dotbench_pi_new(const dotbench_gmp *g, unsigned long digits)
{
    dotbench_pi *pi = calloc(1, sizeof *pi);
    if (pi == NULL)
        return NULL;
    pi->g = g;
    pi->digits = digits;
    pi->terms = (unsigned long)(digits / DIGITS_PER_TERM) + 1;
    pi->prec_bits = (unsigned long)(digits * BITS_PER_DIGIT) + 64;
    pi->limit = 6 * pi->terms;
    pi->spf = calloc(pi->limit + 1, sizeof *pi->spf);
    if (pi->spf == NULL) {
        free(pi);
        return NULL;
    }
    for (unsigned long i = 2; i <= pi->limit; i++)
        if (pi->spf[i] == 0)
            for (unsigned long j = i; j <= pi->limit; j += i)
                if (pi->spf[j] == 0)
                    pi->spf[j] = (unsigned)i;
    return pi;
}

void dotbench_pi_free(dotbench_pi *pi)
{
    if (pi != NULL)
        free(pi->spf);
    free(pi);
}

unsigned long dotbench_pi_prec_bits(const dotbench_pi *pi) { return pi->prec_bits; }

void dotbench_pi_compute(const dotbench_pi *pi, mpf_ptr out)
{
    const dotbench_gmp *g = pi->g;
    mpz_t P, Q, G;
    factors fp = {0}, fg = {0};
    g->mpz_init(P), g->mpz_init(Q), g->mpz_init(G);
    split(pi, 0, pi->terms, 0, P, Q, G, &fp, &fg);
    fac_free(&fp), fac_free(&fg);
    /* pi = (C/12) sqrt(C) P / (Q + A P) */
    g->mpz_addmul_ui(Q, P, CHUD_A);
    g->mpz_mul_ui(P, P, CHUD_C / 12);
    mpf_t num, den;
    g->mpf_init2(num, pi->prec_bits), g->mpf_init2(den, pi->prec_bits);
    g->mpf_set_z(num, P);
    g->mpf_set_z(den, Q);
    g->mpf_div(den, num, den);
    g->mpf_sqrt_ui(num, CHUD_C);
    g->mpf_mul(den, den, num);
    g->mpf_swap(out, den);
    g->mpf_clear(num), g->mpf_clear(den);
    g->mpz_clear(P), g->mpz_clear(Q), g->mpz_clear(G);
}

void dotbench_pi_digits(const dotbench_pi *pi, mpz_ptr z, mpf_srcptr value)
{
    const dotbench_gmp *g = pi->g;
    mpz_t scale;
    mpf_t scaled;
    g->mpz_init(scale);
    g->mpz_ui_pow_ui(scale, 10, pi->digits);
    g->mpf_init2(scaled, pi->prec_bits + 64);
    g->mpf_set_z(scaled, scale);
    g->mpf_mul(scaled, scaled, value);
    g->mpz_set_f(z, scaled);
    g->mpf_clear(scaled);
    g->mpz_clear(scale);
}
