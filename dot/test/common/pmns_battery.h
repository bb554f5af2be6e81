/*
 * The PMNS correctness battery, shared by the native test (test_pmns.c) and the emulated one
 * (emul/test_pmns_ifma.c): one variant's kernels on one parameter file, against GMP (mpz_mul +
 * mpz_mod), with edge operands (0, 1, 2, p-2, p-1), random ones, in-place calls, coefficient
 * bounds on every element, element equality with the scalar full reference, and chains of
 * products without conversion. Header-only (static functions) so each test program takes exactly
 * the kernels it names.
 */
#ifndef DOT_TEST_PMNS_BATTERY_H
#define DOT_TEST_PMNS_BATTERY_H

#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "pmns_impl.h"

#define PMNSB_WORDS (PMNS_MAX_S * PMNS_MAX_N)
#define PMNSB_EDGES 5
#define PMNSB_RANDOM 6

/* Every coefficient in [0, rho): digits below 2^52, the value below 2^r. */
static int pmnsb_bounded(const dot_pmns *pm, const uint64_t *x)
{
    for (size_t k = 0; k < pm->n; k++)
        for (size_t d = 0; d < pm->s; d++) {
            uint64_t digit = x[d * pm->n + k];
            size_t below = d * PMNS_W >= pm->r ? 0 : pm->r - d * PMNS_W;
            if (below < 64 && digit >> below)
                return 0;
            if (digit >> PMNS_W)
                return 0;
        }
    return 1;
}

static void pmnsb_to_mpz(const dot_pmns *pm, mpz_t z, const uint64_t *limbs)
{
    mpz_import(z, pm->limbs, -1, sizeof limbs[0], 0, 0, limbs);
}

static void pmnsb_from_mpz(const dot_pmns *pm, uint64_t *limbs, const mpz_t z)
{
    memset(limbs, 0, pm->limbs * sizeof limbs[0]);
    mpz_export(limbs, NULL, -1, sizeof limbs[0], 0, 0, z);
}

/* The edge operands, then random ones below p. */
static void pmnsb_operand(const dot_pmns *pm, mpz_t a, const mpz_t p, size_t i, gmp_randstate_t rs)
{
    static const long edge[PMNSB_EDGES] = {0, 1, 2, -2, -1};
    if (i < PMNSB_EDGES) {
        mpz_set_si(a, edge[i]);
        if (edge[i] < 0)
            mpz_add(a, a, p);
    } else {
        mpz_urandomm(a, rs, p);
    }
    (void)pm;
}

/* x converted back equals the oracle's value. */
static int pmnsb_equals(const dot_pmns *pm, const uint64_t *x, const mpz_t want)
{
    uint64_t got[PMNS_MAX_LIMBS];
    mpz_t g;
    mpz_init(g);
    dot_pmns_to_int(pm, got, x);
    pmnsb_to_mpz(pm, g, got);
    int ok = mpz_cmp(g, want) == 0;
    mpz_clear(g);
    return ok;
}

/* PMNSB_WHOLE_OR_SPLIT: the kernels as loaded; PMNSB_NO_SPLIT: the product in one piece even
 * where the parameter set allows the split (pmns_impl.h); PMNSB_LAST_WHOLE: the split product
 * with the last stage whole; so every shape is checked. */
enum { PMNSB_WHOLE_OR_SPLIT, PMNSB_NO_SPLIT, PMNSB_LAST_WHOLE };

/* One variant's kernels (mul, reduce) on the parameter file `path`; chain products per flavour. */
static void pmns_battery_shape(const char *label, const char *path, pmns_mul_fn *mul,
                               pmns_reduce_fn *reduce, size_t chain, int shape)
{
    dot_pmns *pm = dot_pmns_read(path);
    CHECK(pm != NULL, "%s: %s does not load", label, path);
    if (!pm)
        return;
    if (shape == PMNSB_NO_SPLIT)
        pm->split = pm->split8 = pm->split_v = 0;
    if (shape == PMNSB_LAST_WHOLE)
        pm->split_v = 0;
    pm->mul = mul;
    pm->reduce = reduce;
    unsigned long before = dot_check_failures();
    const size_t count = PMNSB_EDGES + PMNSB_RANDOM;
    uint64_t limbs[PMNS_MAX_LIMBS], (*x)[PMNSB_WORDS] = calloc(count, sizeof *x);
    uint64_t r[PMNSB_WORDS], ref[PMNSB_WORDS], acc[PMNSB_WORDS];
    mpz_t p, a[PMNSB_EDGES + PMNSB_RANDOM], want;
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 14 + pm->bits + pm->s);
    mpz_inits(p, want, NULL);
    dot_pmns_modulus(pm, limbs);
    pmnsb_to_mpz(pm, p, limbs);
    CHECK(dot_pmns_words(pm) == pm->n * pm->s && mpz_sizeinbase(p, 2) == pm->bits, "%s: sizes",
          label);

    for (size_t i = 0; i < count; i++) {
        mpz_init(a[i]);
        pmnsb_operand(pm, a[i], p, i, rs);
        pmnsb_from_mpz(pm, limbs, a[i]);
        dot_pmns_from_int(pm, x[i], limbs);
        CHECK(pmnsb_bounded(pm, x[i]), "%s: from_int operand %zu out of bounds", label, i);
        CHECK(pmnsb_equals(pm, x[i], a[i]), "%s: to_int(from_int(a)) != a, operand %zu", label, i);
    }
    for (int trunc = 0; trunc < 2; trunc++) {
        const char *fl = trunc ? "mul_trunc" : "mul";
        for (size_t i = 0; i < count; i++)
            for (size_t j = 0; j < count; j++) {
                mul(pm, r, x[i], x[j], trunc);
                pmns_scalar_mul(pm, ref, x[i], x[j], 0);
                mpz_mul(want, a[i], a[j]);
                mpz_mod(want, want, p);
                CHECK(pmnsb_bounded(pm, r), "%s %s: product %zu,%zu out of bounds", label, fl, i,
                      j);
                CHECK(pmnsb_equals(pm, r, want), "%s %s: product %zu,%zu wrong", label, fl, i, j);
                CHECK(memcmp(r, ref, pm->n * pm->s * sizeof r[0]) == 0,
                      "%s %s: product %zu,%zu differs from the scalar full element", label, fl, i,
                      j);
            }
        /* in place: r = x and r = y */
        memcpy(acc, x[count - 1], sizeof acc);
        mul(pm, acc, acc, x[count - 2], trunc);
        mpz_mul(want, a[count - 1], a[count - 2]);
        mpz_mod(want, want, p);
        CHECK(pmnsb_equals(pm, acc, want), "%s %s: in place (r = x) wrong", label, fl);
        mul(pm, acc, x[count - 3], acc, trunc);
        mpz_mul(want, want, a[count - 3]);
        mpz_mod(want, want, p);
        CHECK(pmnsb_equals(pm, acc, want), "%s %s: in place (r = y) wrong", label, fl);

        /* chains without conversion: squarings and products by p-1 and a random operand */
        memcpy(acc, x[count - 1], sizeof acc);
        mpz_set(want, a[count - 1]);
        int bounded = 1;
        for (size_t step = 1; step <= chain; step++) {
            size_t other = step % 3 == 0 ? count - 1 : PMNSB_EDGES - 1;
            if (step % 3 == 1) {
                mul(pm, acc, acc, acc, trunc);
                mpz_mul(want, want, want);
            } else {
                mul(pm, acc, acc, x[other], trunc);
                mpz_mul(want, want, a[other]);
            }
            mpz_mod(want, want, p);
            bounded &= pmnsb_bounded(pm, acc);
            if (step % 250 == 0 || step == chain)
                CHECK(pmnsb_equals(pm, acc, want), "%s %s: chain wrong at step %zu", label, fl,
                      step);
        }
        CHECK(bounded, "%s %s: a chained product left the coefficient bound", label, fl);
    }
    printf("  %-44s %s (%zu-bit, n=%zu, s=%zu)\n", label,
           dot_check_failures() == before ? "ok" : "FAILED", pm->bits, pm->n, pm->s);
    for (size_t i = 0; i < count; i++)
        mpz_clear(a[i]);
    mpz_clears(p, want, NULL);
    gmp_randclear(rs);
    free(x);
    dot_pmns_free(pm);
}

static void pmns_battery(const char *label, const char *path, pmns_mul_fn *mul,
                         pmns_reduce_fn *reduce, size_t chain)
{
    pmns_battery_shape(label, path, mul, reduce, chain, PMNSB_WHOLE_OR_SPLIT);
}

/* A batch kernel (mul8: 8 products, elements consecutive) on `path`: lanes holding edge and
 * random operands in every arrangement tried, against the scalar single product element by
 * element and against GMP; in place (r = x, r = y); 8 independent chains of `chain` products. */
static void pmns_batch_battery(const char *label, const char *path, pmns_mul_fn *mul8,
                               pmns_reduce_fn *reduce, size_t chain, int shape)
{
    enum { L = 8 };
    dot_pmns *pm = dot_pmns_read(path);
    CHECK(pm != NULL, "%s: %s does not load", label, path);
    if (!pm)
        return;
    if (shape == PMNSB_NO_SPLIT)
        pm->split = pm->split8 = 0;
    pm->mul = pmns_scalar_mul;
    pm->reduce = reduce;
    unsigned long before = dot_check_failures();
    const size_t words = pm->n * pm->s, count = PMNSB_EDGES + PMNSB_RANDOM;
    uint64_t limbs[PMNS_MAX_LIMBS];
    uint64_t *x = calloc(count * words, 8), *bx = calloc(L * words, 8), *by = calloc(L * words, 8);
    uint64_t *br = calloc(L * words, 8), *ref = calloc(words, 8);
    mpz_t p, a[PMNSB_EDGES + PMNSB_RANDOM], want[L];
    size_t ia[L], ib[L];
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 8 + pm->bits + pm->s);
    mpz_init(p);
    dot_pmns_modulus(pm, limbs);
    pmnsb_to_mpz(pm, p, limbs);
    for (size_t i = 0; i < count; i++) {
        mpz_init(a[i]);
        pmnsb_operand(pm, a[i], p, i, rs);
        pmnsb_from_mpz(pm, limbs, a[i]);
        dot_pmns_from_int(pm, x + i * words, limbs);
    }
    for (size_t l = 0; l < L; l++)
        mpz_init(want[l]);
    for (int trunc = 0; trunc < 2; trunc++) {
        const char *fl = trunc ? "mul_trunc batch" : "mul batch";
        /* arrangement t: lane l multiplies operands (t + l) and (t + 3 l + 1), mod count */
        for (size_t t = 0; t < count; t++) {
            for (size_t l = 0; l < L; l++) {
                ia[l] = (t + l) % count, ib[l] = (t + 3 * l + 1) % count;
                memcpy(bx + l * words, x + ia[l] * words, words * 8);
                memcpy(by + l * words, x + ib[l] * words, words * 8);
            }
            mul8(pm, br, bx, by, trunc);
            for (size_t l = 0; l < L; l++) {
                pmns_scalar_mul(pm, ref, x + ia[l] * words, x + ib[l] * words, 0);
                mpz_mul(want[l], a[ia[l]], a[ib[l]]);
                mpz_mod(want[l], want[l], p);
                CHECK(pmnsb_bounded(pm, br + l * words), "%s %s: lane %zu out of bounds", label, fl,
                      l);
                CHECK(pmnsb_equals(pm, br + l * words, want[l]),
                      "%s %s: arrangement %zu lane %zu wrong", label, fl, t, l);
                CHECK(memcmp(br + l * words, ref, words * 8) == 0,
                      "%s %s: arrangement %zu lane %zu differs from the scalar full element", label,
                      fl, t, l);
            }
        }
        /* in place, then chains: lane l squares or multiplies by operand l (an edge or random) */
        for (size_t l = 0; l < L; l++) {
            ia[l] = (l + 3) % count, ib[l] = l % count;
            memcpy(bx + l * words, x + ia[l] * words, words * 8);
            memcpy(by + l * words, x + ib[l] * words, words * 8);
            mpz_mul(want[l], a[ia[l]], a[ib[l]]);
            mpz_mod(want[l], want[l], p);
        }
        mul8(pm, bx, bx, by, trunc); /* r = x */
        int ok = 1;
        for (size_t l = 0; l < L; l++)
            ok &= pmnsb_equals(pm, bx + l * words, want[l]);
        CHECK(ok, "%s %s: in place (r = x) wrong", label, fl);
        mul8(pm, by, bx, by, trunc); /* r = y: lane l now holds a_ia a_ib^2 */
        ok = 1;
        for (size_t l = 0; l < L; l++) {
            mpz_mul(want[l], want[l], a[ib[l]]);
            mpz_mod(want[l], want[l], p);
            ok &= pmnsb_equals(pm, by + l * words, want[l]);
        }
        CHECK(ok, "%s %s: in place (r = y) wrong", label, fl);
        int bounded = 1;
        for (size_t l = 0; l < L; l++)
            memcpy(bx + l * words, x + ib[l] * words, words * 8);
        for (size_t step = 1; step <= chain; step++) {
            if (step % 2) {
                mul8(pm, by, by, by, trunc);
                for (size_t l = 0; l < L; l++)
                    mpz_mul(want[l], want[l], want[l]);
            } else {
                mul8(pm, by, by, bx, trunc);
                for (size_t l = 0; l < L; l++)
                    mpz_mul(want[l], want[l], a[ib[l]]);
            }
            for (size_t l = 0; l < L; l++) {
                mpz_mod(want[l], want[l], p);
                bounded &= pmnsb_bounded(pm, by + l * words);
            }
            if (step % 250 == 0 || step == chain)
                for (size_t l = 0; l < L; l++)
                    CHECK(pmnsb_equals(pm, by + l * words, want[l]),
                          "%s %s: chain lane %zu wrong at step %zu", label, fl, l, step);
        }
        CHECK(bounded, "%s %s: a chained product left the coefficient bound", label, fl);
    }
    printf("  %-44s %s (%zu-bit, n=%zu, s=%zu)\n", label,
           dot_check_failures() == before ? "ok" : "FAILED", pm->bits, pm->n, pm->s);
    for (size_t i = 0; i < count; i++)
        mpz_clear(a[i]);
    for (size_t l = 0; l < L; l++)
        mpz_clear(want[l]);
    mpz_clear(p);
    gmp_randclear(rs);
    free(x), free(bx), free(by), free(br), free(ref);
    dot_pmns_free(pm);
}

#endif
