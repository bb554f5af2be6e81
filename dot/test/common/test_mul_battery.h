/*
 * The 256-bit multiply/square correctness battery, shared by the native test (test_mul.c) and the
 * emulated one (emul/test_mul_ifma.c): one set of kernels against GMP's mpn_mul_n / mpn_sqr, and,
 * for the radix-2^52 product, against mpn_mul_n on the digits packed into 64-bit limbs.
 * Header-only (static functions) so that each test program takes exactly the kernels it names.
 */
#ifndef DOT_TEST_MUL_BATTERY_H
#define DOT_TEST_MUL_BATTERY_H

#include <gmp.h>
#include <string.h>
#include "check.h"
#include "dot.h"

typedef void (*mulb_mul_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
typedef void (*mulb_sqr_fn)(dot_limb_t *, const dot_limb_t *);

#define MULB_R52_MASK ((UINT64_C(1) << 52) - 1)
#define MULB_GUARD UINT64_C(0x5a5a5a5a5a5a5a5a)

/* A 64-bit limb drawn from the shapes that stress column sums and carries: zero, all ones, a
 * single set bit, the top bit, all ones but one bit, or uniformly random. */
static uint64_t mulb_shaped_limb(dot_rng *r)
{
    switch (dot_rng_below(r, 6)) {
    case 0: return 0;
    case 1: return ~UINT64_C(0);
    case 2: return UINT64_C(1) << dot_rng_below(r, 64);
    case 3: return UINT64_C(1) << 63;
    case 4: return ~(UINT64_C(1) << dot_rng_below(r, 64));
    default: return dot_rng_next(r);
    }
}

/* The same shapes for a 52-bit digit, 2^52-1 (the maximal digit) included. */
static uint64_t mulb_shaped_digit(dot_rng *r) { return mulb_shaped_limb(r) & MULB_R52_MASK; }

static void mulb_check_mul(const char *label, mulb_mul_fn f, const dot_limb_t u[4],
                           const dot_limb_t v[4])
{
    dot_limb_t got[10], want[8], uc[4], vc[4];
    memcpy(uc, u, sizeof uc);
    memcpy(vc, v, sizeof vc);
    got[8] = got[9] = MULB_GUARD;
    f(got, uc, vc);
    mpn_mul_n((mp_ptr)want, (mp_srcptr)u, (mp_srcptr)v, 4);
    CHECK(memcmp(got, want, sizeof want) == 0 && got[8] == MULB_GUARD && got[9] == MULB_GUARD &&
              memcmp(uc, u, sizeof uc) == 0 && memcmp(vc, v, sizeof vc) == 0,
          "%s mul_4x4 u=%016llx.%016llx.%016llx.%016llx v=%016llx.%016llx.%016llx.%016llx", label,
          (unsigned long long)u[3], (unsigned long long)u[2], (unsigned long long)u[1],
          (unsigned long long)u[0], (unsigned long long)v[3], (unsigned long long)v[2],
          (unsigned long long)v[1], (unsigned long long)v[0]);
}

static void mulb_check_sqr(const char *label, mulb_sqr_fn f, const dot_limb_t u[4])
{
    dot_limb_t got[10], want[8], uc[4];
    memcpy(uc, u, sizeof uc);
    got[8] = got[9] = MULB_GUARD;
    f(got, uc);
    mpn_sqr((mp_ptr)want, (mp_srcptr)u, 4);
    CHECK(memcmp(got, want, sizeof want) == 0 && got[8] == MULB_GUARD && got[9] == MULB_GUARD &&
              memcmp(uc, u, sizeof uc) == 0,
          "%s sqr_4x4 u=%016llx.%016llx.%016llx.%016llx", label, (unsigned long long)u[3],
          (unsigned long long)u[2], (unsigned long long)u[1], (unsigned long long)u[0]);
}

/* Five 52-bit digits as a 260-bit number in five 64-bit limbs. */
static void mulb_pack52(mp_limb_t out[5], const dot_limb_t *d, int digits)
{
    memset(out, 0, 5 * sizeof out[0]);
    for (int k = 0; k < digits; k++) {
        int bit = 52 * k, limb = bit / 64, off = bit % 64;
        out[limb] |= (mp_limb_t)d[k] << off;
        if (off > 12)
            out[limb + 1] |= (mp_limb_t)d[k] >> (64 - off);
    }
}

static void mulb_check_r52(const char *label, mulb_mul_fn f, const dot_limb_t u[5],
                           const dot_limb_t v[5])
{
    dot_limb_t got[11], uc[5], vc[5], want[10];
    mp_limb_t a[5], b[5], p[10];
    memcpy(uc, u, sizeof uc);
    memcpy(vc, v, sizeof vc);
    got[10] = MULB_GUARD;
    f(got, uc, vc);
    mulb_pack52(a, u, 5);
    mulb_pack52(b, v, 5);
    mpn_mul_n(p, a, b, 5);
    for (int k = 0; k < 10; k++) { /* digit k of the 520-bit product */
        int bit = 52 * k, limb = bit / 64, off = bit % 64;
        uint64_t x = p[limb] >> off;
        if (off > 12)
            x |= p[limb + 1] << (64 - off);
        want[k] = x & MULB_R52_MASK;
    }
    CHECK(memcmp(got, want, sizeof want) == 0 && got[10] == MULB_GUARD &&
              memcmp(uc, u, sizeof uc) == 0 && memcmp(vc, v, sizeof vc) == 0,
          "%s mul_5x5_r52 u=%013llx.%013llx.%013llx.%013llx.%013llx "
          "v=%013llx.%013llx.%013llx.%013llx.%013llx",
          label, (unsigned long long)u[4], (unsigned long long)u[3], (unsigned long long)u[2],
          (unsigned long long)u[1], (unsigned long long)u[0], (unsigned long long)v[4],
          (unsigned long long)v[3], (unsigned long long)v[2], (unsigned long long)v[1],
          (unsigned long long)v[0]);
}

/* Every kernel given (NULL skips one): `random_cases` uniform operands, as many shaped ones, and
 * the exhaustive small families: all-ones, zeros, every single set limb / digit against all-ones
 * and against itself. */
static void mul_battery(const char *label, mulb_mul_fn mul, mulb_sqr_fn sqr, mulb_mul_fn r52,
                        unsigned long random_cases)
{
    unsigned long before = dot_check_failures();
    dot_rng r;
    dot_rng_seed(&r, 0x3d0f5eedULL);
    random_cases = dot_test_cases(random_cases);
    dot_limb_t u[5], v[5];
    for (unsigned long t = 0; t < 2 * random_cases; t++) {
        int shaped = t >= random_cases;
        for (int i = 0; i < 4; i++) {
            u[i] = shaped ? mulb_shaped_limb(&r) : dot_rng_next(&r);
            v[i] = shaped ? mulb_shaped_limb(&r) : dot_rng_next(&r);
        }
        if (mul)
            mulb_check_mul(label, mul, u, v);
        if (sqr)
            mulb_check_sqr(label, sqr, u);
        for (int i = 0; i < 5; i++) {
            u[i] = shaped ? mulb_shaped_digit(&r) : dot_rng_next(&r) & MULB_R52_MASK;
            v[i] = shaped ? mulb_shaped_digit(&r) : dot_rng_next(&r) & MULB_R52_MASK;
        }
        if (r52)
            mulb_check_r52(label, r52, u, v);
    }
    const dot_limb_t fill[3] = {0, ~UINT64_C(0), MULB_R52_MASK};
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
            for (int i = 0; i < 5; i++) {
                u[i] = fill[a];
                v[i] = fill[b];
            }
            if (mul)
                mulb_check_mul(label, mul, u, v);
            if (sqr)
                mulb_check_sqr(label, sqr, u);
            for (int i = 0; i < 5; i++) {
                u[i] &= MULB_R52_MASK;
                v[i] &= MULB_R52_MASK;
            }
            if (r52)
                mulb_check_r52(label, r52, u, v);
        }
    for (int i = 0; i < 5; i++)
        for (int bit = 0; bit < 64; bit++) {
            dot_limb_t one[5] = {0}, ones[5];
            one[i] = UINT64_C(1) << bit;
            for (int k = 0; k < 5; k++)
                ones[k] = ~UINT64_C(0);
            if (i < 4) {
                if (mul) {
                    mulb_check_mul(label, mul, one, ones);
                    mulb_check_mul(label, mul, one, one);
                }
                if (sqr)
                    mulb_check_sqr(label, sqr, one);
            }
            if (r52 && bit < 52) {
                for (int k = 0; k < 5; k++)
                    ones[k] = MULB_R52_MASK;
                mulb_check_r52(label, r52, one, ones);
                mulb_check_r52(label, r52, ones, one);
            }
        }
    printf("  %-28s %s\n", label, dot_check_failures() == before ? "ok" : "FAILED");
}

#endif
