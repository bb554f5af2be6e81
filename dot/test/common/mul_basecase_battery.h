/* The schoolbook-product battery shared by the native test (dot_mul_basecase, dot_sqr_basecase
 * and their kernels) and the emulated one (the IFMA kernels under SIMDe): every size pair
 * 1 <= vn <= un <= max_n against GMP's mpn_mul, every square up to max_n against mpn_sqr, on
 * uniform limbs, on edge values, and on all-ones operands (long carry runs in the radix-2^52
 * columns), with guard limbs around the result. */
#ifndef DOT_TEST_MUL_BASECASE_BATTERY_H
#define DOT_TEST_MUL_BASECASE_BATTERY_H

#include <gmp.h>
#include <string.h>
#include "check.h"
#include "dot.h"

typedef void (*dot_mulb_fn)(dot_limb_t *, const dot_limb_t *, size_t, const dot_limb_t *, size_t);
typedef void (*dot_sqrb_fn)(dot_limb_t *, const dot_limb_t *, size_t);

#define MULBC_GUARD 3
#define MULBC_SENTINEL UINT64_C(0xa5a5a5a5a5a5a5a5)

static dot_limb_t mulb_limb(dot_rng *r, int kind)
{
    static const dot_limb_t edges[] = {
        0, 1, ~(dot_limb_t)0, ~(dot_limb_t)0 - 1, (dot_limb_t)1 << 63, ((dot_limb_t)1 << 52) - 1};
    if (kind == 2)
        return ~(dot_limb_t)0;
    if (kind == 1 && dot_rng_below(r, 2))
        return edges[dot_rng_below(r, sizeof edges / sizeof edges[0])];
    return dot_rng_next(r);
}

/* {rp, rn} against want, with the guard limbs around rp (in buf) untouched: 1 if right. */
static int mulb_same(const dot_limb_t *buf, const dot_limb_t *want, size_t rn, int *guards)
{
    const dot_limb_t *rp = buf + MULBC_GUARD;
    *guards = 1;
    for (size_t i = 0; i < MULBC_GUARD; i++)
        *guards &= buf[i] == MULBC_SENTINEL && rp[rn + i] == MULBC_SENTINEL;
    return *guards && memcmp(rp, want, rn * sizeof *rp) == 0;
}

static const char *const mulb_kinds[3] = {"uniform", "edge values", "all ones"};

/* One kernel over every (un, vn) up to max_n, `per_pair` operand pairs of each kind. */
static void mulb_battery(const char *label, dot_mulb_fn fn, size_t max_n, int per_pair,
                         uint64_t seed)
{
    dot_limb_t u[DOT_MUL_BASECASE_MAX], v[DOT_MUL_BASECASE_MAX];
    dot_limb_t want[2 * DOT_MUL_BASECASE_MAX], buf[2 * DOT_MUL_BASECASE_MAX + 2 * MULBC_GUARD];
    dot_rng r;
    dot_rng_seed(&r, seed);
    unsigned long cases = 0, bad = 0;
    for (size_t un = 1; un <= max_n; un++)
        for (size_t vn = 1; vn <= un; vn++)
            for (int kind = 0; kind < 3; kind++)
                for (int t = 0; t < (kind == 2 ? 1 : per_pair); t++) {
                    for (size_t i = 0; i < un; i++)
                        u[i] = mulb_limb(&r, kind);
                    for (size_t i = 0; i < vn; i++)
                        v[i] = mulb_limb(&r, kind);
                    mpn_mul(want, u, (mp_size_t)un, v, (mp_size_t)vn);
                    for (size_t i = 0; i < sizeof buf / sizeof buf[0]; i++)
                        buf[i] = MULBC_SENTINEL;
                    dot_limb_t *rp = buf + MULBC_GUARD;
                    fn(rp, u, un, v, vn);
                    int guards, ok = mulb_same(buf, want, un + vn, &guards);
                    cases++;
                    if (!ok && bad++ < 5)
                        CHECK(0, "%s: %zu x %zu limbs, %s: %s", label, un, vn, mulb_kinds[kind],
                              guards ? "differs from GMP" : "wrote outside the product");
                }
    CHECK(bad == 0, "%s: %lu of %lu products wrong", label, bad, cases);
    printf("  %-34s %lu products (every un x vn up to %zu): %s\n", label, cases, max_n,
           bad ? "FAILED" : "ok");
}

/* One square kernel over every n up to max_n, `per_n` operands of each kind. */
static void sqrb_battery(const char *label, dot_sqrb_fn fn, size_t max_n, int per_n, uint64_t seed)
{
    dot_limb_t u[DOT_MUL_BASECASE_MAX];
    dot_limb_t want[2 * DOT_MUL_BASECASE_MAX], buf[2 * DOT_MUL_BASECASE_MAX + 2 * MULBC_GUARD];
    dot_rng r;
    dot_rng_seed(&r, seed);
    unsigned long cases = 0, bad = 0;
    for (size_t n = 1; n <= max_n; n++)
        for (int kind = 0; kind < 3; kind++)
            for (int t = 0; t < (kind == 2 ? 1 : per_n); t++) {
                for (size_t i = 0; i < n; i++)
                    u[i] = mulb_limb(&r, kind);
                mpn_sqr(want, u, (mp_size_t)n);
                for (size_t i = 0; i < sizeof buf / sizeof buf[0]; i++)
                    buf[i] = MULBC_SENTINEL;
                fn(buf + MULBC_GUARD, u, n);
                int guards, ok = mulb_same(buf, want, 2 * n, &guards);
                cases++;
                if (!ok && bad++ < 5)
                    CHECK(0, "%s: %zu limbs, %s: %s", label, n, mulb_kinds[kind],
                          guards ? "differs from GMP" : "wrote outside the square");
            }
    CHECK(bad == 0, "%s: %lu of %lu squares wrong", label, bad, cases);
    printf("  %-34s %lu squares (every n up to %zu): %s\n", label, cases, max_n,
           bad ? "FAILED" : "ok");
}

#endif
