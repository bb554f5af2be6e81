/*
 * GMPbench 0.2's pi program as a workload: one call does what that program times per call, from
 * nothing to the mpf value of pi. 1/pi = 12/C^(3/2) sum_k (-1)^k (6k)! (A + Bk) / ((3k)! k!^3 C^3k):
 * term k is term k-1 times -g(k)/p(k), g(k) = (2k-1)(6k-1)(6k-5), p(k) = k^3 C^3/24. Terms 1..n,
 * n = floor(digits / 14.18...), are summed by binary splitting: a node over (a, b] holds P = prod
 * p, G = prod g and Q (the partial sum times P); left node 1 and right node 2 merge into P = P1 P2,
 * G = G1 G2, Q = Q1 P2 + Q2 G1. The call:
 *  - builds a sieve of the odd numbers up to max(6n, 10005) (smallest prime, its exponent, what
 *    is left without that power), through which every odd factor of a p(k) or g(k) factorises;
 *  - splits (0, n], the left child taking floor(0.5224 (b - a)) terms; every P and G carries the
 *    factorisation of its odd part (no G is even), and from depth 4 down (the root is depth 0) the
 *    common part of P2 and G1 is multiplied out (leaves of up to 32 primes, one mpz_mul_ui per
 *    unit of exponent, halves multiplied above) and divided out of both with mpz_tdiv_q, which
 *    leaves pi unchanged and shrinks the operands. G is not formed on the rightmost path (nothing
 *    reads it). Nodes live on a stack indexed by right turns, their mpz storage reused;
 *  - frees the sieve and forms pi = (C/12) sqrt(C) P / (Q + A P) at digits*log2(10)+16 bits with
 *    Newton iterations for 1/x and 1/sqrt(x) (below), not mpf_div or mpf_sqrt.
 * pi.c also calls mpz_sizeinbase(., 10) on P and Q and ignores the answers (O(1)): left out.
 */
#include "gmpbench_pi.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHUD_A 13591409UL
#define CHUD_B 545140134UL
#define CHUD_C 640320UL
#define DIGITS_PER_TERM 14.1816474627254776555 /* log10(640320^3 / 1728) */
#define BITS_PER_DIGIT 3.32192809488736234787  /* log2(10) */
#define LEFT_SHARE 0.5224                      /* of a node's terms, to its left child */
#define FIRST_REDUCED_DEPTH 4                  /* common factors are removed from this depth down */
#define PRODUCT_LEAF 32      /* primes per leaf of the common factor's product tree */
#define SEED_BITS 53         /* a Newton iteration starts from a double */
#define C_ODD_PRIMES 10005UL /* 3 * 5 * 23 * 29: C^3/24 = 2^15 * 10005^3 / 3 */

/* A factorisation: primes ascending, each with its exponent. */
typedef struct factors {
    unsigned long *prime;
    unsigned long *power;
    size_t n, cap;
} factors;

/* An odd number's entry in the sieve: its smallest prime, that prime's exponent and the index
 * (m / 2) of the odd number m left once the prime power is divided out (0: m = 1). */
typedef struct sieve_entry {
    long prime, power, rest;
} sieve_entry;

/* One stack slot: a node's P, Q, G and the factorisations of P's and G's odd parts. */
typedef struct node {
    mpz_t P, Q, G;
    factors fp, fg;
} node;

typedef struct work {
    const dotbench_gmp *g;
    sieve_entry *sieve; /* index m / 2 for odd m */
    factors shared;     /* a merge's common factor, and its value */
    mpz_t common;
} work;

struct dotbench_pi {
    const dotbench_gmp *g;
    unsigned long digits, terms, prec_bits;
};

static void fac_reserve(factors *f, size_t n)
{
    if (n <= f->cap)
        return;
    size_t cap = f->cap ? f->cap : 32;
    while (cap < n)
        cap *= 2;
    f->prime = realloc(f->prime, cap * sizeof *f->prime);
    f->power = realloc(f->power, cap * sizeof *f->power);
    if (f->prime == NULL || f->power == NULL)
        abort();
    f->cap = cap;
}

static void fac_free(factors *f) { free(f->prime), free(f->power), memset(f, 0, sizeof *f); }

/* f = the factorisation of odd m, each exponent times `times` (f has room for 9 primes). */
static void fac_of_odd(factors *f, const work *w, unsigned long m, unsigned long times)
{
    f->n = 0;
    for (long i = (long)(m / 2); i != 0; i = w->sieve[i].rest) {
        f->prime[f->n] = (unsigned long)w->sieve[i].prime;
        f->power[f->n++] = (unsigned long)w->sieve[i].power * times;
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

/* common = the shared part of a and b, taken out of both lists; returns its length. */
static size_t fac_split_common(factors *a, factors *b, factors *common)
{
    common->n = 0;
    for (size_t i = 0, j = 0; i < a->n && j < b->n;) {
        if (a->prime[i] < b->prime[j]) {
            i++;
        } else if (b->prime[j] < a->prime[i]) {
            j++;
        } else {
            unsigned long e = a->power[i] < b->power[j] ? a->power[i] : b->power[j];
            fac_reserve(common, common->n + 1);
            common->prime[common->n] = a->prime[i];
            common->power[common->n++] = e;
            a->power[i++] -= e;
            b->power[j++] -= e;
        }
    }
    factors *both[2] = {a, b}; /* drop the primes whose exponents fell to 0 */
    for (int l = 0; l < 2 && common->n; l++) {
        size_t k = 0;
        for (size_t i = 0; i < both[l]->n; i++)
            if (both[l]->power[i])
                both[l]->prime[k] = both[l]->prime[i], both[l]->power[k++] = both[l]->power[i];
        both[l]->n = k;
    }
    return common->n;
}

/* z = prod prime[i]^power[i] over [lo, hi): a leaf multiplies its primes in one power at a time
 * (mpz_mul_ui), larger ranges are halved and their two products multiplied. */
static void fac_value(const dotbench_gmp *g, mpz_ptr z, const factors *f, size_t lo, size_t hi)
{
    if (hi - lo > PRODUCT_LEAF) {
        size_t mid = lo + (hi - lo) / 2;
        mpz_t low;
        g->mpz_init(low);
        fac_value(g, low, f, lo, mid);
        fac_value(g, z, f, mid, hi);
        g->mpz_mul(z, z, low);
        g->mpz_clear(low);
        return;
    }
    g->mpz_set_ui(z, 1);
    for (size_t i = lo; i < hi; i++)
        for (unsigned long e = f->power[i]; e > 0; e--)
            g->mpz_mul_ui(z, z, f->prime[i]);
}

/* The sieve over the odd numbers up to limit, built as primes are met: an odd multiple m of a
 * prime q <= sqrt(limit) not yet claimed gets q, and m / q's entry says whether q divides it again. */
static sieve_entry *sieve_build(unsigned long limit)
{
    sieve_entry *s = calloc(limit / 2 + 1, sizeof *s);
    if (s == NULL)
        abort();
    for (unsigned long q = 3; q <= limit; q += 2) {
        if (s[q / 2].prime != 0)
            continue;
        s[q / 2].prime = (long)q, s[q / 2].power = 1;
        if (q > limit / q)
            continue;
        /* m = q * c for odd c >= q, c's entry at c / 2 (one step of c is one step of the index) */
        for (unsigned long m = q * q, c = q / 2; m <= limit; m += 2 * q, c++) {
            sieve_entry *e = &s[m / 2];
            if (e->prime != 0)
                continue;
            e->prime = (long)q;
            if (s[c].prime == (long)q)
                e->power = s[c].power + 1, e->rest = s[c].rest;
            else
                e->power = 1, e->rest = (long)c;
        }
    }
    return s;
}

/* The node over (k-1, k]: p(k), g(k), q(k) = (-1)^k g(k) (A + Bk), and the odd factorisations. */
static void leaf(const work *w, unsigned long k, node *n)
{
    const dotbench_gmp *g = w->g;
    g->mpz_set_ui(n->P, k);
    g->mpz_mul_ui(n->P, n->P, k);
    g->mpz_mul_ui(n->P, n->P, k);
    g->mpz_mul_ui(n->P, n->P, (CHUD_C / 24) * (CHUD_C / 24)); /* C^3/24 in two factors that */
    g->mpz_mul_ui(n->P, n->P, CHUD_C * 24);                   /* each fit a 32-bit long */
    g->mpz_set_ui(n->G, 2 * k - 1);
    g->mpz_mul_ui(n->G, n->G, 6 * k - 1);
    g->mpz_mul_ui(n->G, n->G, 6 * k - 5);
    g->mpz_set_ui(n->Q, k);
    g->mpz_mul_ui(n->Q, n->Q, CHUD_B);
    g->mpz_add_ui(n->Q, n->Q, CHUD_A);
    g->mpz_mul(n->Q, n->Q, n->G);
    if (k & 1)
        g->mpz_neg(n->Q, n->Q);

    /* a number below 2^32 has at most 9 distinct primes: the pieces live on the stack */
    unsigned long pr[9], pw[9];
    factors piece = {pr, pw, 0, 9};
    fac_reserve(&n->fp, 16);
    fac_of_odd(&n->fp, w, k >> __builtin_ctzl(k), 3); /* k's odd part */
    fac_of_odd(&piece, w, C_ODD_PRIMES, 3);
    fac_mul(&n->fp, &piece);
    n->fp.power[0]--; /* 3, the smallest odd prime, always present: the /3 */
    fac_reserve(&n->fg, 16);
    fac_of_odd(&n->fg, w, 2 * k - 1, 1);
    unsigned long others[2] = {6 * k - 1, 6 * k - 5}; /* pairwise coprime with 2k-1 */
    for (int i = 0; i < 2; i++) {
        fac_of_odd(&piece, w, others[i], 1);
        fac_mul(&n->fg, &piece);
    }
}

/* The node over (a, b] into n[0], its right child's into n[1] (and further right turns deeper). */
static void split(work *w, unsigned long a, unsigned long b, int need_g, int depth, node *n)
{
    if (b - a == 1) {
        leaf(w, b, n);
        return;
    }
    const dotbench_gmp *g = w->g;
    unsigned long m = (unsigned long)(a + (b - a) * LEFT_SHARE);
    node *r = n + 1;
    split(w, a, m, 1, depth + 1, n);
    split(w, m, b, need_g, depth + 1, r);
    if (depth >= FIRST_REDUCED_DEPTH && fac_split_common(&r->fp, &n->fg, &w->shared)) {
        fac_value(g, w->common, &w->shared, 0, w->shared.n);
        g->mpz_tdiv_q(r->P, r->P, w->common);
        g->mpz_tdiv_q(n->G, n->G, w->common);
    }
    g->mpz_mul(n->P, n->P, r->P);
    g->mpz_mul(n->Q, n->Q, r->P);
    g->mpz_mul(r->Q, r->Q, n->G);
    g->mpz_add(n->Q, n->Q, r->Q);
    fac_mul(&n->fp, &r->fp);
    if (need_g) {
        g->mpz_mul(n->G, n->G, r->G);
        fac_mul(&n->fg, &r->fg);
    }
}

/* The precisions a Newton iteration passes through up to `bits`: chain[0] = bits, each next one
 * half the last rounded up, down to one a double holds. Returns the index of that last one. */
static int newton_chain(unsigned long bits, unsigned long chain[64])
{
    int top = 0;
    for (chain[0] = bits; chain[top] > SEED_BITS; top++)
        chain[top + 1] = (chain[top] + 1) / 2;
    return top;
}

/* r = y / x (r may be x, not y). t -> 1/x by t += t (1 - x t) from 1/x at double precision, step i
 * at twice chain[i + 1] bits with its correction at chain[i + 1]; the last step forms y t and
 * corrects that instead (Karp-Markstein): r = y t + t (y - x y t). t, e: scratch of r's size. */
static void newton_div(const dotbench_gmp *g, mpf_ptr r, mpf_srcptr y, mpf_srcptr x, mpf_ptr t,
                       mpf_ptr e)
{
    unsigned long chain[64];
    int top = newton_chain(g->mpf_get_prec(r), chain);
    g->mpf_set_prec_raw(t, SEED_BITS);
    g->mpf_ui_div(t, 1, x);
    for (int i = top - 1; i >= 1; i--) {
        unsigned long half = chain[i + 1];
        g->mpf_set_prec_raw(e, 2 * half);
        g->mpf_mul(e, x, t), g->mpf_ui_sub(e, 1, e); /* 1 - x t */
        g->mpf_set_prec_raw(e, half);
        g->mpf_mul(e, e, t);
        g->mpf_set_prec_raw(t, 2 * half);
        g->mpf_add(t, t, e);
    }
    g->mpf_set_prec_raw(e, chain[0] / 2);
    g->mpf_mul(e, t, y);
    g->mpf_mul(r, x, e), g->mpf_sub(r, y, r); /* x is not read after this */
    g->mpf_mul(t, t, r), g->mpf_add(r, t, e);
}

/* r = sqrt(x): t -> 1/sqrt(x) by t += t (1 - x t^2) / 2 on the same chain of precisions, the last
 * step forming x t and correcting it: r = x t + t (x - (x t)^2) / 2. */
static void newton_sqrt_ui(const dotbench_gmp *g, mpf_ptr r, unsigned long x, mpf_ptr t, mpf_ptr e)
{
    unsigned long chain[64];
    int top = newton_chain(g->mpf_get_prec(r), chain);
    g->mpf_set_prec_raw(t, SEED_BITS);
    g->mpf_set_d(t, 1 / sqrt((double)x));
    for (int i = top - 1; i >= 1; i--) {
        unsigned long half = chain[i + 1];
        g->mpf_set_prec_raw(e, 2 * half);
        g->mpf_mul(e, t, t), g->mpf_mul_ui(e, e, x), g->mpf_ui_sub(e, 1, e); /* 1 - x t^2 */
        g->mpf_set_prec_raw(e, half);
        g->mpf_div_2exp(e, e, 1), g->mpf_mul(e, e, t);
        g->mpf_set_prec_raw(t, 2 * half);
        g->mpf_add(t, t, e);
    }
    g->mpf_set_prec_raw(e, chain[0] / 2);
    g->mpf_mul_ui(e, t, x);
    g->mpf_mul(r, e, e), g->mpf_ui_sub(r, x, r);
    g->mpf_mul(t, t, r), g->mpf_div_2exp(t, t, 1), g->mpf_add(r, t, e);
}

dotbench_pi *dotbench_pi_new(const dotbench_gmp *g, unsigned long digits)
{
    if (digits < 2 * DIGITS_PER_TERM) /* at least two terms, and more bits than a double */
        return NULL;
    dotbench_pi *pi = calloc(1, sizeof *pi);
    if (pi == NULL)
        return NULL;
    pi->g = g, pi->digits = digits;
    pi->terms = (unsigned long)(digits / DIGITS_PER_TERM);
    pi->prec_bits = (unsigned long)(digits * BITS_PER_DIGIT + 16);
    return pi;
}

void dotbench_pi_free(dotbench_pi *pi) { free(pi); }

unsigned long dotbench_pi_prec_bits(const dotbench_pi *pi) { return pi->prec_bits; }

void dotbench_pi_compute(const dotbench_pi *pi, mpf_ptr out)
{
    const dotbench_gmp *g = pi->g;
    unsigned long limit = 6 * pi->terms > C_ODD_PRIMES ? 6 * pi->terms : C_ODD_PRIMES;
    work w = {g, sieve_build(limit), {0}, {{0}}};
    /* a right child has at most half its parent's terms (rounded up): that bounds the right turns */
    size_t slots = 2;
    for (unsigned long t = pi->terms; t > 1; t = (t + 1) / 2)
        slots++;
    node *stack = calloc(slots, sizeof *stack);
    if (stack == NULL)
        abort();
    for (size_t i = 0; i < slots; i++)
        g->mpz_init(stack[i].P), g->mpz_init(stack[i].Q), g->mpz_init(stack[i].G);
    g->mpz_init(w.common);

    split(&w, 0, pi->terms, 0, 0, stack);

    free(w.sieve);
    fac_free(&w.shared);
    g->mpz_clear(w.common);
    for (size_t i = 0; i < slots; i++) {
        if (i > 0)
            g->mpz_clear(stack[i].P), g->mpz_clear(stack[i].Q);
        g->mpz_clear(stack[i].G);
        fac_free(&stack[i].fp), fac_free(&stack[i].fg);
    }
    /* pi = (C/12) sqrt(C) P / (Q + A P) */
    mpz_ptr P = stack[0].P, Q = stack[0].Q;
    g->mpz_addmul_ui(Q, P, CHUD_A);
    g->mpz_mul_ui(P, P, CHUD_C / 12);
    mpf_t num, den, t, e;
    g->mpf_init2(num, pi->prec_bits), g->mpf_init2(den, pi->prec_bits);
    g->mpf_set_z(num, P), g->mpz_clear(P);
    g->mpf_set_z(den, Q), g->mpz_clear(Q);
    free(stack);
    g->mpf_init2(t, pi->prec_bits), g->mpf_init2(e, pi->prec_bits);
    newton_div(g, den, num, den, t, e);
    newton_sqrt_ui(g, num, CHUD_C, t, e);
    g->mpf_mul(den, den, num);
    g->mpf_swap(out, den);
    g->mpf_clear(num), g->mpf_clear(den), g->mpf_clear(t), g->mpf_clear(e);
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
