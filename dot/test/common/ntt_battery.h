/*
 * The NTT product battery, shared by the native test (test_ntt.c) and the emulated one
 * (emul/test_ntt_ifma.c): one variant's products (the transform path alone, and with the hand-over
 * to schoolbook) against GMP's mpn_mul and mpn_sqr. Header-only (static functions) so that each program takes exactly the variants it names.
 */
#ifndef DOT_TEST_NTT_BATTERY_H
#define DOT_TEST_NTT_BATTERY_H

#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "ntt_impl.h"

#define NTTB_MAX 1100 /* every operand size up to this one is reachable */
#define NTTB_GUARD UINT64_C(0xa5a5a5a5a5a5a5a5)

typedef enum { NTTB_RANDOM, NTTB_ONES, NTTB_SPARSE, NTTB_ZERO_RUNS } nttb_shape;

static void nttb_fill(dot_rng *r, dot_limb_t *p, size_t n, nttb_shape shape)
{
    for (size_t i = 0; i < n; i++) {
        switch (shape) {
        case NTTB_ONES: p[i] = ~UINT64_C(0); break;
        case NTTB_SPARSE:
            p[i] = dot_rng_below(r, 4) ? 0 : UINT64_C(1) << dot_rng_below(r, 64);
            break;
        case NTTB_ZERO_RUNS: p[i] = (i / 7) % 2 ? 0 : dot_rng_next(r) | UINT64_C(1) << 63; break;
        default: p[i] = dot_rng_next(r);
        }
    }
    if (shape == NTTB_ZERO_RUNS && n > 1)
        p[n - 1] = ~UINT64_C(0); /* zeros in the middle, a full top limb */
}

/* buffers for one check, sized for the largest case */
typedef struct {
    dot_limb_t u[NTTB_MAX], v[NTTB_MAX], uc[NTTB_MAX], vc[NTTB_MAX];
    dot_limb_t got[2 * NTTB_MAX + 1];
    mp_limb_t want[2 * NTTB_MAX];
} nttb_buffers;

static int nttb_same_inputs(const nttb_buffers *b, size_t un, size_t vn)
{
    return memcmp(b->u, b->uc, un * sizeof b->u[0]) == 0 &&
           memcmp(b->v, b->vc, vn * sizeof b->v[0]) == 0;
}

/* {u, un} * {v, vn}, un >= vn, against mpn_mul, through the transforms alone and through the
 * product with its hand-over to schoolbook; the guard limb and the inputs must survive */
static void nttb_check_mul(const char *label, const ntt_ops *ops, nttb_buffers *b, size_t un,
                           size_t vn)
{
    memcpy(b->uc, b->u, un * sizeof b->u[0]);
    memcpy(b->vc, b->v, vn * sizeof b->v[0]);
    mpn_mul(b->want, (mp_srcptr)b->uc, (mp_size_t)un, (mp_srcptr)b->vc, (mp_size_t)vn);
    for (int path = 0; path < 2; path++) {
        b->got[un + vn] = NTTB_GUARD;
        (path ? ntt_mul_with : ntt_mul_transform)(ops, b->got, b->u, un, b->v, vn);
        CHECK(memcmp(b->got, b->want, (un + vn) * sizeof b->got[0]) == 0 &&
                  b->got[un + vn] == NTTB_GUARD && nttb_same_inputs(b, un, vn),
              "%s %s un=%zu vn=%zu", label, path ? "mul" : "mul_transform", un, vn);
    }
}

static void nttb_check_sqr(const char *label, const ntt_ops *ops, nttb_buffers *b, size_t n)
{
    memcpy(b->uc, b->u, n * sizeof b->u[0]);
    mpn_sqr(b->want, (mp_srcptr)b->uc, (mp_size_t)n);
    for (int path = 0; path < 2; path++) {
        b->got[2 * n] = NTTB_GUARD;
        (path ? ntt_sqr_with : ntt_sqr_transform)(ops, b->got, b->u, n);
        CHECK(memcmp(b->got, b->want, 2 * n * sizeof b->got[0]) == 0 &&
                  b->got[2 * n] == NTTB_GUARD && memcmp(b->u, b->uc, n * sizeof b->u[0]) == 0,
              "%s %s n=%zu", label, path ? "sqr" : "sqr_transform", n);
    }
}

static int nttb_power_of_two(size_t c) { return (c & (c - 1)) == 0; }

/* {u, un} * {u, vn}, vn < un: one operand twice, but not a square */
static void nttb_check_self(const char *label, const ntt_ops *ops, nttb_buffers *b, size_t un,
                            size_t vn)
{
    memcpy(b->uc, b->u, un * sizeof b->u[0]);
    mpn_mul(b->want, (mp_srcptr)b->uc, (mp_size_t)un, (mp_srcptr)b->uc, (mp_size_t)vn);
    ntt_mul_transform(ops, b->got, b->u, un, b->u, vn);
    CHECK(memcmp(b->got, b->want, (un + vn) * sizeof b->got[0]) == 0,
          "%s mul up == vp un=%zu vn=%zu", label, un, vn);
}

/* 1 for the sizes checked at every stride: small ones and those beside a transform length's
 * boundary (2n - 1 coefficients = 2^k or 3 2^k, or one more). */
static int nttb_edge(size_t n)
{
    size_t c = 2 * n - 1;
    for (size_t d = c - 1; d <= c; d++)
        if (nttb_power_of_two(d) || (d % 3 == 0 && nttb_power_of_two(d / 3)))
            return 1;
    return n <= 40 || n == NTTB_MAX;
}

/* Balanced products and squares of every size n <= NTTB_MAX with n % stride == 0 or at an edge,
 * each shape in turn; then unbalanced pairs. */
static void ntt_battery(const char *label, const ntt_ops *ops, size_t stride, unsigned unbalanced)
{
    unsigned long before = dot_check_failures();
    nttb_buffers *b = malloc(sizeof *b);
    dot_rng r;
    dot_rng_seed(&r, 0x177f00d5ULL);
    for (size_t n = 1; n <= NTTB_MAX; n++) {
        if (n % stride && !nttb_edge(n))
            continue;
        nttb_shape shape = (nttb_shape)(n % 4);
        nttb_fill(&r, b->u, n, shape);
        nttb_fill(&r, b->v, n, (nttb_shape)((n / 4) % 4));
        nttb_check_mul(label, ops, b, n, n);
        nttb_check_sqr(label, ops, b, n);
        nttb_fill(&r, b->u, n, NTTB_ONES);
        nttb_check_mul(label, ops, b, n, n); /* (2^64n - 1)^2: the largest coefficients */
        nttb_check_sqr(label, ops, b, n);
    }
    for (unsigned i = 0; i < unbalanced; i++) {
        size_t un = 1 + dot_rng_below(&r, NTTB_MAX), vn = 1 + dot_rng_below(&r, un);
        if (i % 3 == 0)
            vn = 1 + dot_rng_below(&r, vn < 64 ? vn : 64); /* around the hand-over to schoolbook */
        nttb_fill(&r, b->u, un, (nttb_shape)(i % 4));
        nttb_fill(&r, b->v, vn, (nttb_shape)((i / 4) % 4));
        nttb_check_mul(label, ops, b, un, vn);
    }
    for (size_t un = 40; un <= NTTB_MAX; un += 211) {
        nttb_fill(&r, b->u, un, NTTB_RANDOM);
        nttb_check_self(label, ops, b, un, un - 1 - dot_rng_below(&r, un / 2));
    }
    nttb_fill(&r, b->u, NTTB_MAX, NTTB_ONES);
    nttb_fill(&r, b->v, NTTB_MAX, NTTB_ONES);
    for (size_t vn = 1; vn <= NTTB_MAX; vn += vn < 64 ? 1 : 97)
        nttb_check_mul(label, ops, b, NTTB_MAX, vn);
    memset(b->u, 0, sizeof b->u);
    nttb_check_mul(label, ops, b, NTTB_MAX, NTTB_MAX); /* zero times all-ones */
    free(b);
    printf("  %-28s %s\n", label, dot_check_failures() == before ? "ok" : "FAILED");
}

#endif
