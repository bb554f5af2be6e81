/*
 * dot_ntt_mont_mul (dot_ntt.h) against GMP's Montgomery multiplication as its mpn_powm does it
 * for these sizes: mpn_mul_n, then mpn_redc_n with the n-limb inverse from mpn_binvert (GMP's
 * internal functions, exported by libgmp under their __gmpn_ names), at 2048 to 16384 bits.
 *
 * Method as in bench_ntt.c: the same random odd modulus and operands for both; the results are
 * compared before timing; the two contenders take turns, the starting one rotating; the ratio is
 * GMP's time over dot's in the same round, median and interquartile range of those ratios.
 * usage: bench_ntt_mont [--quick]
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/common/check.h"
#include "dot_ntt.h"
#include "gmp_origin.h"
#include "timing.h"

void __gmpn_binvert(mp_ptr, mp_srcptr, mp_size_t, mp_ptr);
mp_size_t __gmpn_binvert_itch(mp_size_t);
void __gmpn_redc_n(mp_ptr, mp_ptr, mp_srcptr, mp_size_t, mp_srcptr);

#define MAX_LIMBS 256
#define MAX_SAMPLES 41
#define SAMPLE_CYCLES 200000.0

typedef struct {
    const dot_ntt_mont *m;
    mp_limb_t n[MAX_LIMBS], ip[MAX_LIMBS], t[2 * MAX_LIMBS];
    size_t k;
} modulus;

static void gmp_mont(modulus *md, mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b)
{
    mpn_mul_n(md->t, a, b, (mp_size_t)md->k);
    __gmpn_redc_n(r, md->t, md->n, (mp_size_t)md->k, md->ip);
}

static double time_calls(modulus *md, int dot, mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b, int reps)
{
    uint64_t t0 = dot_tsc_begin();
    for (int i = 0; i < reps; i++) {
        if (dot)
            dot_ntt_mont_mul(md->m, r, a, b);
        else
            gmp_mont(md, r, a, b);
    }
    return (double)(dot_tsc_end() - t0) / reps;
}

static double quantile(double *x, int n, double q) { return x[(int)(q * (n - 1) + 0.5)]; }

static int one_size(size_t bits, int samples)
{
    static modulus md;
    static mp_limb_t a[MAX_LIMBS], b[MAX_LIMBS], want[MAX_LIMBS], got[MAX_LIMBS];
    static double cyc[2][MAX_SAMPLES], ratio[MAX_SAMPLES];
    size_t k = md.k = bits / 64;
    dot_rng rng;
    dot_rng_seed(&rng, bits);
    for (size_t i = 0; i < k; i++) {
        md.n[i] = dot_rng_next(&rng);
        a[i] = dot_rng_next(&rng);
        b[i] = dot_rng_next(&rng);
    }
    md.n[0] |= 1;
    md.n[k - 1] |= UINT64_C(1) << 63;
    a[k - 1] >>= 1; /* below N */
    b[k - 1] >>= 1;
    mp_limb_t *scratch = malloc(__gmpn_binvert_itch((mp_size_t)k) * sizeof *scratch);
    __gmpn_binvert(md.ip, md.n, (mp_size_t)k, scratch);
    free(scratch);
    dot_ntt_mont *m = dot_ntt_mont_new(md.n, k);
    md.m = m;
    gmp_mont(&md, want, a, b);
    dot_ntt_mont_mul(m, got, a, b);
    if (!m || memcmp(got, want, k * sizeof got[0]) != 0) {
        fprintf(stderr, "dot_ntt_mont_mul disagrees with mpn_redc_n at %zu bits: not timed\n", bits);
        dot_ntt_mont_free(m);
        return 1;
    }
    int reps[2];
    for (int d = 0; d < 2; d++) {
        double once = time_calls(&md, d, got, a, b, 1);
        reps[d] = once >= SAMPLE_CYCLES ? 1 : (int)(SAMPLE_CYCLES / once) + 1;
    }
    for (int s = 0; s < samples; s++)
        for (int j = 0; j < 2; j++) {
            int d = (j + s) % 2;
            cyc[d][s] = time_calls(&md, d, got, a, b, reps[d]);
        }
    for (int s = 0; s < samples; s++)
        ratio[s] = cyc[0][s] / cyc[1][s];
    double r = dot_median(ratio, (size_t)samples);
    printf("%6zu %16.0f %16.0f %6.2f [%4.2f,%4.2f]\n", bits, dot_median(cyc[0], (size_t)samples),
           dot_median(cyc[1], (size_t)samples), r, quantile(ratio, samples, 0.25), quantile(ratio, samples, 0.75));
    dot_ntt_mont_free(m);
    return 0;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    static const size_t full[] = {2048, 3072, 4096, 5120, 6144, 7168, 8192, 10240, 12288, 14336, 16384};
    static const size_t brief[] = {4096, 8192, 16384};
    const size_t *sizes = quick ? brief : full;
    size_t nsizes = quick ? sizeof brief / sizeof brief[0] : sizeof full / sizeof full[0];
    int samples = quick ? 5 : 31;
    printf("libdot %s, dispatched variant %s; GMP %s from %s\n", dot_version(), dot_isa(), gmp_version,
           dot_gmp_origin());
    printf("\nMontgomery multiplication: median TSC cycles per call; ratio gmp/dot, median [IQR] of %d "
           "paired samples\n%6s %16s %16s %s\n", samples, "bits", "gmp mul_n+redc_n", "dot_ntt_mont_mul", "ratio");
    int status = 0;
    for (size_t i = 0; i < nsizes; i++)
        status |= one_size(sizes[i], samples);
    return status;
}
