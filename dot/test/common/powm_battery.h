/* The exponentiation battery shared by the native test (dot_powm and the IFMA kernel) and the
 * emulated one (the IFMA kernel under SIMDe): for every modulus size 1..max_n limbs (past 64, the
 * sizes powm_size_tested names), against GMP's mpz_powm, moduli of every shape (random odd,
 * all-ones limbs, 2^(64n-1) + 1, a short top limb), bases 0, 1, m - 1 and random, exponents 0, 1,
 * 2, random of up to three times the modulus's length (3 limbs past 64) and with zero limbs on
 * top, the result written between guard limbs, and once in place
 * over the base; and the same for two bases and one modulus (powm2_battery: dot_powm2's shape). */
#ifndef DOT_TEST_POWM_BATTERY_H
#define DOT_TEST_POWM_BATTERY_H

#include <gmp.h>
#include <string.h>
#include "check.h"
#include "dot.h"

typedef void (*dot_powm_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                            const dot_limb_t *, size_t);

/* Past POWM_DENSE_MAX limbs (the IFMA kernel's register product from 12 vectors, from about
 * 103 limbs its wide one, powm_amm_wide.h, and from 129 the wide one's second instance) the
 * batteries test the sizes powm_size_tested names,
 * with random exponents of at most POWM_WIDE_E limbs: each product's code is the same at every
 * size of its range, and what changes with n (vector counts, a ymm on top, the wide product's
 * first group of k mod 8 steps) is covered by them. */
#define POWM_DENSE_MAX 64
#define POWM_WIDE_E 3
static inline int powm_size_tested(size_t n)
{
    static const size_t wide[] = {72,  79,  80,  88,  96,  101, 102, 103, 104, 105, 111, 120,
                                  127, 128, 129, 130, 131, 136, 160, 192, 199, 240, 255, 256};
    if (n <= POWM_DENSE_MAX + 1)
        return 1;
    for (size_t i = 0; i < sizeof wide / sizeof *wide; i++)
        if (wide[i] == n)
            return 1;
    return 0;
}

/* The longest random exponent, in limbs, at a modulus of n limbs. */
static inline size_t powm_max_en(size_t n) { return n <= POWM_DENSE_MAX ? 3 * n : POWM_WIDE_E; }

#define POWM_GUARD 3
#define POWM_SENTINEL UINT64_C(0x5a5a5a5a5a5a5a5a)
#define POWM_MAX_E (3 * DOT_POWM_MAX + 2)

static const char *const powm_shapes[] = {"random", "all-ones", "2^(64n-1)+1", "short top limb"};

/* A modulus of n limbs of the given shape: odd, > 1, top limb non-zero. */
static inline void powm_modulus(dot_limb_t *m, size_t n, int shape, dot_rng *r)
{
    for (size_t i = 0; i < n; i++)
        m[i] = shape == 1 ? ~(dot_limb_t)0 : shape == 2 ? 0 : dot_rng_next(r);
    if (shape == 2)
        m[n - 1] = (dot_limb_t)1 << 63;
    if (shape == 3)
        m[n - 1] = 1 + dot_rng_below(r, 1000);
    m[0] |= 1;
    if (n == 1 && m[0] == 1)
        m[0] = 3;
}

/* An exponent of bits bits (0: zero) in en limbs, its top bit set, random bits below it. */
static inline void powm_exponent_of(dot_limb_t *e, size_t bits, size_t en, dot_rng *r)
{
    for (size_t i = 0; i < en; i++) {
        e[i] = 64 * i < bits ? dot_rng_next(r) : 0;
        if (64 * i < bits && bits < 64 * i + 64)
            e[i] >>= 64 * i + 64 - bits;
    }
    if (bits)
        e[(bits - 1) / 64] |= (dot_limb_t)1 << ((bits - 1) % 64);
}

/* Whether every limb of {out, n} still holds POWM_SENTINEL: a declined call leaves rp alone. */
static inline int powm_untouched(const dot_limb_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (out[i] != POWM_SENTINEL)
            return 0;
    return 1;
}

/* Expected b^e mod m into want (n limbs) from GMP. */
static inline void powm_oracle(dot_limb_t *want, const dot_limb_t *b, const dot_limb_t *e,
                               size_t en, const dot_limb_t *m, size_t n)
{
    mpz_t zb, ze, zm, zr;
    mpz_inits(zb, ze, zm, zr, NULL);
    mpz_import(zb, n, -1, sizeof *b, 0, 0, b);
    mpz_import(ze, en, -1, sizeof *e, 0, 0, e);
    mpz_import(zm, n, -1, sizeof *m, 0, 0, m);
    mpz_powm(zr, zb, ze, zm);
    memset(want, 0, n * sizeof *want);
    mpz_export(want, NULL, -1, sizeof *want, 0, 0, zr);
    mpz_clears(zb, ze, zm, zr, NULL);
}

/* One case: fn against GMP, the result between guards; then once more in place over b. Returns 1
 * when both agree and no guard changed. */
static inline int powm_case(dot_powm_fn fn, const dot_limb_t *b, const dot_limb_t *e, size_t en,
                            const dot_limb_t *m, size_t n)
{
    dot_limb_t want[DOT_POWM_MAX], buf[DOT_POWM_MAX + 2 * POWM_GUARD], inplace[DOT_POWM_MAX];
    powm_oracle(want, b, e, en, m, n);
    for (size_t i = 0; i < n + 2 * POWM_GUARD; i++)
        buf[i] = POWM_SENTINEL;
    fn(buf + POWM_GUARD, b, e, en, m, n);
    int ok = memcmp(buf + POWM_GUARD, want, n * sizeof *want) == 0;
    for (size_t i = 0; i < POWM_GUARD; i++)
        ok = ok && buf[i] == POWM_SENTINEL && buf[POWM_GUARD + n + i] == POWM_SENTINEL;
    memcpy(inplace, b, n * sizeof *b);
    fn(inplace, inplace, e, en, m, n);
    return ok && memcmp(inplace, want, n * sizeof *want) == 0;
}

/* Cases 0..15 at each size are the 16 families: every pair of modulus shape, base kind and
 * exponent kind (powm_battery's loop). */
#define POWM_FAMILIES 16

/* per_size cases at each n from min_n to max_n; returns the number that failed. Beyond the 16
 * families, DOT_TEST_DIVISOR divides the count (the sanitizer runs, where an exponentiation costs
 * several times more), never below them. */
static inline unsigned long powm_battery(const char *name, dot_powm_fn fn, size_t min_n,
                                         size_t max_n, int per_size, uint64_t seed)
{
    if (per_size > POWM_FAMILIES) {
        unsigned long scaled = dot_test_cases((unsigned long)per_size);
        per_size = scaled > POWM_FAMILIES ? (int)scaled : POWM_FAMILIES;
    }
    dot_rng r;
    dot_rng_seed(&r, seed);
    unsigned long bad = 0, cases = 0;
    dot_limb_t m[DOT_POWM_MAX], b[DOT_POWM_MAX], e[POWM_MAX_E];
    for (size_t n = min_n; n <= max_n; n++) {
        if (!powm_size_tested(n))
            continue;
        for (int t = 0; t < per_size; t++) {
            int shape = t % 4, base = t / 4 % 4,
                ex = (t + t / 4 + t / 16) % 4; /* 16 cases: each pair */
            powm_modulus(m, n, shape, &r);
            /* b < m: random limbs below the top one, which stays under m's */
            for (size_t i = 0; i < n; i++)
                b[i] = dot_rng_next(&r);
            b[n - 1] = m[n - 1] > 1 ? dot_rng_below(&r, m[n - 1]) : 0;
            if (base == 0 || base == 1) {
                memset(b, 0, n * sizeof *b);
                b[0] = (dot_limb_t)base;
            } else if (base == 2) {
                memcpy(b, m, n * sizeof *b);
                b[0] -= 1; /* m is odd: no borrow */
            }
            size_t en = 1 + dot_rng_below(&r, powm_max_en(n));
            for (size_t i = 0; i < en; i++)
                e[i] = dot_rng_next(&r);
            if (ex == 0) {
                en = 1 + dot_rng_below(&r, 3);
                memset(e, 0, en * sizeof *e);
                e[0] = dot_rng_below(&r, 3); /* 0, 1 or 2, with zero limbs above */
            } else if (ex == 1) {
                e[en - 1] = 0; /* a zero top limb */
                en += 2;
                e[en - 2] = e[en - 1] = 0;
            } else if (ex == 2) {
                en = 1;
                e[0] >>= dot_rng_below(&r, 64); /* short exponents: narrow windows */
            }
            cases++;
            if (!powm_case(fn, b, e, en, m, n) && bad++ < 5)
                CHECK(0,
                      "%s: %zu-limb %s modulus, case %d: differs from mpz_powm or wrote "
                      "outside the result",
                      name, n, powm_shapes[shape], t);
        }
    }
    CHECK(bad == 0, "%s: %lu of %lu exponentiations wrong", name, bad, cases);
    printf("  %-34s %lu exponentiations (moduli of %zu to %zu limbs): %s\n", name, cases, min_n,
           max_n, bad ? "FAILED" : "ok");
    return bad;
}

/* A pair kernel (dot_powm_ct_x2's shape) made a dot_powm_fn for the battery: each case runs beside
 * a partner exponentiation (its own modulus, base and exponent of the same en limbs), as the first
 * of the pair and as the second in turn; the partner's modulus has the case's bit length three
 * times in four (the pair runs together) and a top limb of at most 2 bits the fourth (mostly a
 * different digit count: one after the other). The partner's result is checked against GMP too;
 * powm_pair_bad counts where it differs. */
typedef void (*dot_powm_x2_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *,
                               const dot_limb_t *, dot_limb_t *, const dot_limb_t *,
                               const dot_limb_t *, const dot_limb_t *, size_t, size_t);
static dot_powm_x2_fn powm_pair_kernel;
static unsigned long powm_pair_calls, powm_pair_bad;

static inline void powm_pair(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                             const dot_limb_t *mp, size_t n)
{
    static dot_rng r;
    if (powm_pair_calls == 0)
        dot_rng_seed(&r, 99);
    dot_limb_t m2[DOT_POWM_MAX], b2[DOT_POWM_MAX], e2[POWM_MAX_E], r2[DOT_POWM_MAX],
        want[DOT_POWM_MAX];
    for (size_t i = 0; i < n; i++)
        m2[i] = dot_rng_next(&r);
    const int top = 63 - __builtin_clzll(mp[n - 1]);
    if (powm_pair_calls % 4 != 3)
        m2[n - 1] = (m2[n - 1] & (((dot_limb_t)1 << top) - 1)) | (dot_limb_t)1 << top;
    else
        m2[n - 1] = 1 + dot_rng_below(&r, 3);
    m2[0] |= 1;
    if (n == 1 && m2[0] == 1)
        m2[0] = 3;
    for (size_t i = 0; i < n; i++)
        b2[i] = dot_rng_next(&r);
    b2[n - 1] = m2[n - 1] > 1 ? dot_rng_below(&r, m2[n - 1]) : 0;
    for (size_t i = 0; i < en; i++)
        e2[i] = dot_rng_next(&r);
    powm_oracle(want, b2, e2, en, m2, n);
    if (powm_pair_calls++ % 2 == 0)
        powm_pair_kernel(rp, bp, ep, mp, r2, b2, e2, m2, en, n);
    else
        powm_pair_kernel(r2, b2, e2, m2, rp, bp, ep, mp, en, n);
    powm_pair_bad += memcmp(r2, want, n * sizeof *want) != 0;
}

/* powm_battery over a pair kernel; the partners' failures count with the cases'. */
static inline unsigned long powm_pair_battery(const char *name, dot_powm_x2_fn kernel, size_t min_n,
                                              size_t max_n, int per_size, uint64_t seed)
{
    powm_pair_kernel = kernel;
    powm_pair_bad = 0;
    unsigned long bad = powm_battery(name, powm_pair, min_n, max_n, per_size, seed);
    CHECK(powm_pair_bad == 0, "%s: %lu partner exponentiations wrong", name, powm_pair_bad);
    printf("  %-34s partners wrong: %lu\n", name, powm_pair_bad);
    return bad + powm_pair_bad;
}

/* Two bases, one modulus (dot_powm2's shape): {rp, n} = b1^e1 b2^e2 mod m. */
typedef void (*dot_powm2_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                             const dot_limb_t *, const dot_limb_t *, size_t, const dot_limb_t *,
                             size_t);

/* An exponent of kind 0 to 4 into e (up to POWM_MAX_E limbs): 0; 1 or 2; random of up to
 * powm_max_en limbs; the same with two zero limbs on top; one short limb. Returns en. */
static inline size_t powm2_exponent(dot_limb_t *e, int kind, size_t n, dot_rng *r)
{
    size_t en = kind == 0 || kind == 1 || kind == 4 ? 1 : 1 + dot_rng_below(r, powm_max_en(n));
    for (size_t i = 0; i < en; i++)
        e[i] = dot_rng_next(r);
    if (kind == 0 || kind == 1)
        e[0] = (dot_limb_t)kind + (kind ? dot_rng_below(r, 2) : 0);
    if (kind == 3) {
        e[en] = e[en + 1] = 0;
        en += 2;
    }
    if (kind == 4)
        e[0] >>= dot_rng_below(r, 64);
    return en;
}

/* per_size cases at each n from min_n to max_n (DOT_TEST_DIVISOR divides the count, never below
 * one) against GMP, b1^e1 mod m times b2^e2 mod m: the 25 pairs of exponent kinds, the modulus
 * shapes of powm_battery and bases random, 0, 1 or m - 1, each in turn from case to case across
 * the sizes; the result between guards, then in place over b1 and over b2. Returns the
 * failures. */
static inline unsigned long powm2_battery(const char *name, dot_powm2_fn fn, size_t min_n,
                                          size_t max_n, int per_size, uint64_t seed)
{
    const unsigned long scaled = dot_test_cases((unsigned long)per_size);
    per_size = scaled > 1 ? (int)scaled : 1;
    dot_rng r;
    dot_rng_seed(&r, seed);
    unsigned long bad = 0, cases = 0;
    dot_limb_t m[DOT_POWM_MAX], b[2][DOT_POWM_MAX], e[2][POWM_MAX_E], want[DOT_POWM_MAX],
        w2[DOT_POWM_MAX], buf[DOT_POWM_MAX + 2 * POWM_GUARD], inplace[DOT_POWM_MAX];
    for (size_t n = min_n; n <= max_n; n++) {
        if (!powm_size_tested(n))
            continue;
        for (int c = 0; c < per_size; c++) {
            const unsigned long t = cases;
            size_t en[2];
            powm_modulus(m, n, (int)(t % 4), &r);
            for (int j = 0; j < 2; j++) {
                const int kind = (int)(j ? t / 5 % 5 : t % 5), base = (int)((t + 3 * j) / 4 % 4);
                for (size_t i = 0; i < n; i++)
                    b[j][i] = base == 0 || base == 1 ? 0 : base == 2 ? m[i] : dot_rng_next(&r);
                b[j][0] -= base == 2; /* m - 1: m is odd */
                b[j][0] += base == 1;
                if (base == 3)
                    b[j][n - 1] = m[n - 1] > 1 ? dot_rng_below(&r, m[n - 1]) : 0;
                en[j] = powm2_exponent(e[j], kind, n, &r);
            }
            mpz_t zw, z2, zm;
            powm_oracle(want, b[0], e[0], en[0], m, n);
            powm_oracle(w2, b[1], e[1], en[1], m, n);
            mpz_inits(zw, z2, zm, NULL);
            mpz_import(zw, n, -1, sizeof *want, 0, 0, want);
            mpz_import(z2, n, -1, sizeof *w2, 0, 0, w2);
            mpz_import(zm, n, -1, sizeof *m, 0, 0, m);
            mpz_mul(zw, zw, z2);
            mpz_mod(zw, zw, zm);
            memset(want, 0, n * sizeof *want);
            mpz_export(want, NULL, -1, sizeof *want, 0, 0, zw);
            mpz_clears(zw, z2, zm, NULL);
            for (size_t i = 0; i < n + 2 * POWM_GUARD; i++)
                buf[i] = POWM_SENTINEL;
            fn(buf + POWM_GUARD, b[0], e[0], en[0], b[1], e[1], en[1], m, n);
            int ok = memcmp(buf + POWM_GUARD, want, n * sizeof *want) == 0;
            for (size_t i = 0; i < POWM_GUARD; i++)
                ok = ok && buf[i] == POWM_SENTINEL && buf[POWM_GUARD + n + i] == POWM_SENTINEL;
            memcpy(inplace, b[0], n * sizeof *inplace);
            fn(inplace, inplace, e[0], en[0], b[1], e[1], en[1], m, n);
            ok = ok && memcmp(inplace, want, n * sizeof *want) == 0;
            memcpy(inplace, b[1], n * sizeof *inplace);
            fn(inplace, b[0], e[0], en[0], inplace, e[1], en[1], m, n);
            ok = ok && memcmp(inplace, want, n * sizeof *want) == 0;
            cases++;
            if (!ok && bad++ < 5)
                CHECK(0,
                      "%s: %zu-limb %s modulus, case %lu: differs from GMP or wrote outside the "
                      "result",
                      name, n, powm_shapes[t % 4], t);
        }
    }
    CHECK(bad == 0, "%s: %lu of %lu double exponentiations wrong", name, bad, cases);
    printf("  %-34s %lu double exponentiations (moduli of %zu to %zu limbs): %s\n", name, cases,
           min_n, max_n, bad ? "FAILED" : "ok");
    return bad;
}

#endif
