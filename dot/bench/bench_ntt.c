/*
 * NTT products (dot_ntt.h) against GMP's mpn_mul_n / mpn_sqr from 16 to 1024 limbs, and where
 * dot_ntt_mul becomes and stays faster (the crossover).
 *
 * Method: the same random operands for every contender at a size; every contender's product is
 * checked against GMP's before it is timed. A sample times `reps` back-to-back calls with rdtsc
 * (TSC reference cycles per call); contenders take samples in turn, the starting one rotating,
 * so drift hits all alike. A ratio is GMP's time over the contender's in the same round (> 1:
 * the contender is faster); the table gives the median of those paired ratios and their
 * interquartile range, and the median cycles per call. The full run also times the transform
 * paths alone and the schoolbook, and prints the hand-over constant (ntt_ops.school_ratio) they
 * imply.
 * usage: bench_ntt [--quick]
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/common/check.h"
#include "gmp_origin.h"
#include "ntt_impl.h"
#include "timing.h"

#define MAX_N 1024
#define MAX_SAMPLES 41
#define MAX_CONTENDERS 6
#define SAMPLE_CYCLES 200000.0 /* calls per sample: enough to span this much */

typedef struct {
    const char *label;
    void (*mul)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t); /* n x n */
} contender;

static void gmp_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    mpn_mul_n(r, u, v, (mp_size_t)n);
}
static void gmp_sqr(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    (void)v;
    mpn_sqr(r, u, (mp_size_t)n);
}
static void school(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    ntt_basecase_mul(r, u, n, v, n);
}
static void scalar_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    ntt_mul_transform(&ntt_scalar_ops, r, u, n, v, n);
}
static void ifma_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    ntt_mul_transform(&ntt_ifma_ops, r, u, n, v, n);
}
static void avx2_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    ntt_mul_transform(&ntt_avx2_ops, r, u, n, v, n);
}
static void entry_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    dot_ntt_mul(r, u, n, v, n);
}
static void entry_sqr(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    (void)v;
    dot_ntt_sqr(r, u, n);
}

static double time_calls(const contender *c, dot_limb_t *r, const dot_limb_t *u,
                         const dot_limb_t *v, size_t n, int reps)
{
    uint64_t t0 = dot_tsc_begin();
    for (int i = 0; i < reps; i++)
        c->mul(r, u, v, n);
    return (double)(dot_tsc_end() - t0) / reps;
}

static double quantile(double *x, int n, double q) /* x sorted */
{
    return x[(int)(q * (n - 1) + 0.5)];
}

/* One size: returns the median paired ratio of contender `focus` (0 if a product was wrong) and
 * leaves every contender's median cycles in med[]. */
static double one_size(const contender *c, int nc, size_t n, int samples, int focus, double *med)
{
    static dot_limb_t u[MAX_N], v[MAX_N], want[2 * MAX_N], got[2 * MAX_N];
    static double cyc[MAX_CONTENDERS][MAX_SAMPLES], ratio[MAX_CONTENDERS][MAX_SAMPLES];
    dot_rng rng;
    dot_rng_seed(&rng, n);
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = c[0].mul == gmp_sqr ? u[i] : dot_rng_next(&rng);
    }
    int reps[MAX_CONTENDERS];
    c[0].mul(want, u, v, n);
    for (int k = 0; k < nc; k++) {
        c[k].mul(got, u, v, n);
        if (memcmp(got, want, 2 * n * sizeof got[0]) != 0) {
            fprintf(stderr, "%s gives a wrong product at n=%zu: not timed\n", c[k].label, n);
            return 0;
        }
        double once = time_calls(&c[k], got, u, v, n, 1);
        reps[k] = once >= SAMPLE_CYCLES ? 1 : (int)(SAMPLE_CYCLES / once) + 1;
    }
    for (int s = 0; s < samples; s++)
        for (int j = 0; j < nc; j++) {
            int k = (j + s) % nc;
            cyc[k][s] = time_calls(&c[k], got, u, v, n, reps[k]);
        }
    printf("%6zu", n);
    double focus_ratio = 0;
    for (int k = 0; k < nc; k++) {
        for (int s = 0; s < samples; s++)
            ratio[k][s] = cyc[0][s] / cyc[k][s];
        double r = dot_median(ratio[k], (size_t)samples); /* sorts */
        double m = med[k] = dot_median(cyc[k], (size_t)samples);
        if (k == 0)
            printf(" %10.0f", m);
        else
            printf(" | %10.0f %5.2f [%4.2f,%4.2f]", m, r, quantile(ratio[k], samples, 0.25),
                   quantile(ratio[k], samples, 0.75));
        if (k == focus)
            focus_ratio = r;
    }
    printf("\n");
    return focus_ratio;
}

/* A transform path's cost per transform coefficient over the schoolbook's cost per limb
 * product, from the medians of one size: the school_ratio of ntt_ops (the hand-over rule). Sizes
 * up to 256 limbs whose product takes the full length (no wrapped coefficients) only. */
static void handover(const contender *c, int nc, const ntt_ops *const *ops, const size_t *sizes,
                     int nsizes, double (*med)[MAX_CONTENDERS])
{
    int school = nc - 1;
    for (int k = 2; k < school; k++) {
        printf("hand-over, %s: transform coefficient / schoolbook limb product =", c[k].label);
        for (int i = 0; i < nsizes; i++) {
            size_t n = sizes[i], len = ntt_size_for(2 * n - 1);
            if (n <= 256 && ntt_product_length(ops[k], n, 2 * n - 1, 0) == len)
                printf(" %zu:%.0f", n,
                       med[i][k] / (double)len / (med[i][school] / (double)(n * n)));
        }
        printf("\n");
    }
}

/* One table over the sizes; prints the crossover of contender `focus` against c[0]. */
static int table(const char *title, const contender *c, int nc, int focus, const size_t *sizes,
                 int nsizes, int samples, const ntt_ops *const *handover_ops)
{
    static double med[64][MAX_CONTENDERS];
    printf("\n%s: median TSC cycles per call | contender: cycles, median ratio %s/contender "
           "[IQR], %d samples\n%6s %10s",
           title, c[0].label, samples, "limbs", c[0].label);
    for (int k = 1; k < nc; k++)
        printf(" | %-28s", c[k].label);
    printf("\n");
    size_t crossover = 0;
    int wrong = 0;
    for (int i = 0; i < nsizes; i++) {
        double r = one_size(c, nc, sizes[i], samples, focus, med[i]);
        wrong |= r == 0;
        if (r <= 1)
            crossover = 0;
        else if (!crossover)
            crossover = sizes[i];
    }
    if (crossover)
        printf(
            "crossover: %s is faster than %s from %zu limbs on, at every size measured up to %zu\n",
            c[focus].label, c[0].label, crossover, sizes[nsizes - 1]);
    else
        printf("crossover: none in range (%s is not faster than %s at %zu limbs)\n", c[focus].label,
               c[0].label, sizes[nsizes - 1]);
    if (handover_ops)
        handover(c, nc, handover_ops, sizes, nsizes, med);
    return wrong;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    static const size_t full[] = {16,  24,  32,  40,  48,  56,  64,  80,  96,  112, 128, 144,
                                  160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416,
                                  448, 480, 512, 576, 640, 704, 768, 832, 896, 960, 1024};
    static const size_t brief[] = {16, 32, 64, 128, 192, 256, 384, 512, 768, 1024};
    const size_t *sizes = quick ? brief : full;
    int nsizes = quick ? (int)(sizeof brief / sizeof brief[0])
                       : (int)(sizeof full / sizeof full[0]);
    int samples = quick ? 5 : 21;
    printf("libdot %s, dispatched variant %s; GMP %s from %s\n", dot_version(), dot_isa(),
           gmp_version, dot_gmp_origin());
    contender mul[MAX_CONTENDERS] = {{"gmp mpn_mul_n", gmp_mul}, {"dot_ntt_mul", entry_mul}};
    const ntt_ops *path_ops[MAX_CONTENDERS] = {NULL};
    int nm = 2;
    if (!quick) {
        path_ops[nm] = &ntt_scalar_ops;
        mul[nm++] = (contender){"ntt scalar, transforms only", scalar_mul};
        if (dot_isa_supported("ifma")) {
            path_ops[nm] = &ntt_ifma_ops;
            mul[nm++] = (contender){"ntt ifma, transforms only", ifma_mul};
        }
        if (ntt_avx2_runs()) {
            path_ops[nm] = &ntt_avx2_ops;
            mul[nm++] = (contender){"ntt avx2, transforms only", avx2_mul};
        }
        mul[nm++] = (contender){"schoolbook (hand-over)", school};
    }
    int status = table("n x n product", mul, nm, 1, sizes, nsizes, samples,
                       quick ? NULL : path_ops);
    contender sqr[2] = {{"gmp mpn_sqr", gmp_sqr}, {"dot_ntt_sqr", entry_sqr}};
    status |= table("n-limb square", sqr, 2, 1, sizes, nsizes, samples, NULL);
    return status;
}
