/*
 * dot_mul_basecase and dot_sqr_basecase (the IFMA schoolbook kernels where the CPU has IFMA)
 * against GMP's own mpn_mul_basecase and mpn_sqr_basecase (its assembly on an assembly build) and
 * libdot's portable C loops, at the operand sizes GMP multiplies by schoolbook: n x n below its
 * Karatsuba threshold, the unbalanced shapes its Toom leaves pass, and squares. TSC cycles per
 * call, median of interleaved samples; every result is checked against GMP's before it is timed.
 * usage: bench_mul_basecase [--quick]
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "../test/common/check.h"
#include "dot.h"
#include "dot_impl.h"
#include "gmp_origin.h"
#include "timing.h"

/* GMP's schoolbook product and square: exported by libgmp, declared only in its internal header */
void __gmpn_mul_basecase(mp_limb_t *, const mp_limb_t *, mp_size_t, const mp_limb_t *, mp_size_t);
void __gmpn_sqr_basecase(mp_limb_t *, const mp_limb_t *, mp_size_t);

/* One signature for products and squares (a square ignores v and vn). */
typedef void (*mulb_fn)(dot_limb_t *, const dot_limb_t *, size_t, const dot_limb_t *, size_t);

static void gmp_mul(dot_limb_t *r, const dot_limb_t *u, size_t un, const dot_limb_t *v, size_t vn)
{
    __gmpn_mul_basecase(r, u, (mp_size_t)un, v, (mp_size_t)vn);
}
static void gmp_sqr(dot_limb_t *r, const dot_limb_t *u, size_t n, const dot_limb_t *v, size_t vn)
{
    (void)v, (void)vn;
    __gmpn_sqr_basecase(r, u, (mp_size_t)n);
}
static void dot_sqr(dot_limb_t *r, const dot_limb_t *u, size_t n, const dot_limb_t *v, size_t vn)
{
    (void)v, (void)vn;
    dot_sqr_basecase(r, u, n);
}
static void c_sqr(dot_limb_t *r, const dot_limb_t *u, size_t n, const dot_limb_t *v, size_t vn)
{
    (void)v, (void)vn;
    dot_scalar_sqr_basecase(r, u, n);
}

#define CONTENDERS 3
static const mulb_fn mul_fns[CONTENDERS] = {gmp_mul, dot_mul_basecase, dot_scalar_mul_basecase};
static const mulb_fn sqr_fns[CONTENDERS] = {gmp_sqr, dot_sqr, c_sqr};
static const char *const labels[CONTENDERS] = {"gmp", "dot", "C loop"};

/* One table: each shape checked against GMP (mpn_mul, or mpn_sqr when square), then timed with
 * the contenders interleaved. Returns 1 if a contender gave a wrong result (that row untimed). */
static int table(const char *title, const mulb_fn fns[CONTENDERS], const size_t (*shapes)[2],
                 size_t count, int square, int samples, dot_rng *rng)
{
    printf("%s: TSC cycles per call (median of %d samples)\n%9s", title, samples,
           square ? "n" : "un x vn");
    for (int k = 0; k < CONTENDERS; k++)
        printf(" %9s", labels[k]);
    printf("  | dot vs gmp  C loop vs gmp\n");
    dot_limb_t u[DOT_MUL_BASECASE_MAX], v[DOT_MUL_BASECASE_MAX];
    dot_limb_t want[2 * DOT_MUL_BASECASE_MAX], r[2 * DOT_MUL_BASECASE_MAX];
    static double cycles[CONTENDERS][101];
    int status = 0;
    for (size_t s = 0; s < count; s++) {
        size_t un = shapes[s][0], vn = square ? un : shapes[s][1];
        for (size_t i = 0; i < un; i++)
            u[i] = dot_rng_next(rng);
        for (size_t i = 0; i < vn; i++)
            v[i] = square ? u[i] : dot_rng_next(rng);
        mpn_mul(want, u, (mp_size_t)un, v, (mp_size_t)vn);
        int ok = 1;
        for (int k = 0; k < CONTENDERS; k++) {
            fns[k](r, u, un, v, vn);
            if (memcmp(r, want, (un + vn) * sizeof *r) != 0) {
                fprintf(stderr, "%s gives a wrong %s at %zu x %zu: not timed\n", labels[k],
                        square ? "square" : "product", un, vn);
                ok = 0;
            }
        }
        if (!ok) {
            status = 1;
            continue;
        }
        int reps = (int)(4096 / (un * vn)) + 4;
        for (int t = 0; t < samples; t++)
            for (int j = 0; j < CONTENDERS; j++) {
                int k = (j + t) % CONTENDERS;
                uint64_t t0 = dot_tsc_begin();
                for (int i = 0; i < reps; i++)
                    fns[k](r, u, un, v, vn);
                cycles[k][t] = (double)(dot_tsc_end() - t0) / reps;
            }
        double med[CONTENDERS];
        for (int k = 0; k < CONTENDERS; k++)
            med[k] = dot_median(cycles[k], (size_t)samples);
        if (square)
            printf("%9zu", un);
        else
            printf("%4zu x %-3zu", un, vn);
        for (int k = 0; k < CONTENDERS; k++)
            printf(" %9.1f", med[k]);
        printf("  | %9.2fx %12.2fx\n", med[0] / med[1], med[0] / med[2]);
    }
    return status;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 2 || (argc > 1 && !quick)) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    static const size_t shapes[][2] = {
        {2, 2},   {4, 4},   {6, 6},   {8, 8},   {10, 10}, {12, 12}, {14, 14}, {16, 16}, {18, 18},
        {20, 20}, {24, 24}, {28, 28}, {32, 32}, {40, 40}, {48, 48}, {64, 64}, {11, 10}, {20, 10},
        {30, 10}, {32, 16}, {40, 20}, {64, 32}, {16, 4},  {32, 8},  {64, 4}};
    static const size_t squares[][2] = {{2, 0},  {4, 0},  {8, 0},  {12, 0}, {16, 0}, {20, 0},
                                        {24, 0}, {28, 0}, {32, 0}, {40, 0}, {48, 0}, {64, 0}};
    const int samples = quick ? 15 : 101;
    printf("libdot %s, %s; GMP %s from %s\n", dot_version(), dot_settings(), gmp_version,
           dot_gmp_origin());
    dot_rng rng;
    dot_rng_seed(&rng, 17);
    int status = table("dot_mul_basecase vs GMP's mpn_mul_basecase", mul_fns, shapes,
                       sizeof shapes / sizeof shapes[0], 0, samples, &rng);
    status |= table("dot_sqr_basecase vs GMP's mpn_sqr_basecase", sqr_fns, squares,
                    sizeof squares / sizeof squares[0], 1, samples, &rng);
    return status;
}
