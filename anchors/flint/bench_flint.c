/*
 * The FLINT anchor of the NTT products: FLINT 3's fft_small (mpn_mul_default_mpn_ctx, small-prime
 * NTT on AVX2 doubles, called at every size) and its dispatched flint_mpn_mul, against GMP's
 * mpn_mul_n and libdot's NTT transforms (IFMA where the CPU has it, AVX2), n x n limbs.
 *
 * Method (as dot/bench/bench_ntt): the same random operands for every contender at a size, every
 * product checked against GMP's before it is timed; a sample times back-to-back calls with rdtsc;
 * contenders take samples in turn, the first one rotating; a ratio is GMP's time over the
 * contender's in the same round (> 1: faster than GMP). The table gives median cycles and the
 * median paired ratio with its interquartile range; each contender's crossover is the smallest
 * size from which it stays faster than GMP up to the largest size measured.
 * usage: bench_flint [--quick]        exit: 0, 1 a wrong product, 2 usage
 */
#include <flint/flint.h>
#include <flint/mpn_extras.h>
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "../../dot/bench/gmp_origin.h"
#include "../../dot/bench/timing.h"
#include "../../dot/test/common/check.h"
#include "ntt_impl.h"

/* fft_small.h's prototype; the header itself needs AVX2 compiler flags (its vector types) */
void mpn_mul_default_mpn_ctx(mp_ptr r1, mp_srcptr i1, mp_size_t n1, mp_srcptr i2, mp_size_t n2);

#define MAX_N 1024
#define MAX_SAMPLES 31
#define MAX_CONTENDERS 6
#define SAMPLE_CYCLES 200000.0

typedef void (*mul_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);

static void gmp_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    mpn_mul_n(r, u, v, (mp_size_t)n);
}
static void fft_small(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    mpn_mul_default_mpn_ctx(r, u, (mp_size_t)n, v, (mp_size_t)n);
}
static void flint_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    flint_mpn_mul(r, u, (mp_size_t)n, v, (mp_size_t)n);
}
static void dot_ifma(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    ntt_mul_with(&ntt_ifma_ops, r, u, n, v, n);
}
static void dot_avx2(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    ntt_mul_with(&ntt_avx2_ops, r, u, n, v, n);
}

typedef struct {
    const char *label;
    mul_fn mul;
    size_t crossover;
} contender;

static double time_calls(mul_fn f, dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v,
                         size_t n, int reps)
{
    uint64_t t0 = dot_tsc_begin();
    for (int i = 0; i < reps; i++)
        f(r, u, v, n);
    return (double)(dot_tsc_end() - t0) / reps;
}

static double quartile(const double *sorted, int n, double q)
{
    return sorted[(int)(q * (n - 1) + 0.5)];
}

/* one size; returns 0 when a product was wrong */
static int one_size(contender *c, int nc, size_t n, int samples)
{
    static dot_limb_t u[MAX_N], v[MAX_N], want[2 * MAX_N], got[2 * MAX_N];
    static double cyc[MAX_CONTENDERS][MAX_SAMPLES], ratio[MAX_SAMPLES];
    int reps[MAX_CONTENDERS];
    dot_rng rng;
    dot_rng_seed(&rng, n);
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = dot_rng_next(&rng);
    }
    gmp_mul(want, u, v, n);
    for (int k = 0; k < nc; k++) {
        memset(got, 0, sizeof got);
        c[k].mul(got, u, v, n);
        if (memcmp(got, want, 2 * n * sizeof got[0]) != 0) {
            fprintf(stderr, "bench_flint: %s gives a wrong product at n=%zu\n", c[k].label, n);
            return 0;
        }
        double once = time_calls(c[k].mul, got, u, v, n, 1);
        reps[k] = once >= SAMPLE_CYCLES ? 1 : (int)(SAMPLE_CYCLES / once) + 1;
    }
    for (int s = 0; s < samples; s++)
        for (int j = 0; j < nc; j++) {
            int k = (j + s) % nc;
            cyc[k][s] = time_calls(c[k].mul, got, u, v, n, reps[k]);
        }
    printf("%6zu", n);
    for (int k = 0; k < nc; k++) {
        for (int s = 0; s < samples; s++)
            ratio[s] = cyc[0][s] / cyc[k][s];
        double r = dot_median(ratio, (size_t)samples);
        double m = dot_median(cyc[k], (size_t)samples);
        if (k == 0) {
            printf(" %10.0f", m);
            continue;
        }
        printf(" | %9.0f %5.2f [%4.2f,%4.2f]", m, r, quartile(ratio, samples, 0.25),
               quartile(ratio, samples, 0.75));
        if (r <= 1)
            c[k].crossover = 0;
        else if (!c[k].crossover)
            c[k].crossover = n;
    }
    printf("\n");
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    static const size_t full[] = {64,  96,  128, 160, 192, 224, 256, 288, 320, 352, 384,
                                  448, 512, 576, 640, 704, 768, 832, 896, 960, 1024};
    static const size_t brief[] = {128, 256, 512, 1024};
    const size_t *sizes = quick ? brief : full;
    int nsizes = quick ? (int)(sizeof brief / sizeof brief[0])
                       : (int)(sizeof full / sizeof full[0]);
    int samples = quick ? 5 : 21;
    printf("FLINT %s (fft_small), GMP %s from %s, libdot %s\n", FLINT_VERSION, gmp_version,
           dot_gmp_origin(), dot_version());
    contender c[MAX_CONTENDERS] = {{"gmp mpn_mul_n", gmp_mul, 0},
                                   {"flint fft_small", fft_small, 0},
                                   {"flint_mpn_mul", flint_mul, 0}};
    int nc = 3;
    if (dot_isa_supported("ifma"))
        c[nc++] = (contender){"dot_ntt_mul ifma", dot_ifma, 0};
    if (ntt_avx2_runs())
        c[nc++] = (contender){"dot_ntt_mul avx2", dot_avx2, 0};
    printf("\nn x n product: median TSC cycles per call | contender: cycles, median ratio "
           "gmp/contender "
           "[IQR], %d samples\n%6s %10s",
           samples, "limbs", c[0].label);
    for (int k = 1; k < nc; k++)
        printf(" | %-27s", c[k].label);
    printf("\n");
    for (int i = 0; i < nsizes; i++)
        if (!one_size(c, nc, sizes[i], samples))
            return 1;
    for (int k = 1; k < nc; k++) {
        if (c[k].crossover)
            printf("crossover: %s is faster than %s from %zu limbs on, at every size measured up "
                   "to %zu\n",
                   c[k].label, c[0].label, c[k].crossover, sizes[nsizes - 1]);
        else
            printf("crossover: none in range for %s (not faster than %s at %zu limbs)\n",
                   c[k].label, c[0].label, sizes[nsizes - 1]);
    }
    return 0;
}
