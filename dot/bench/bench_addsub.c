/*
 * Cycles per limb of every add/sub kernel next to GMP's mpn_add_n / mpn_sub_n and the plain C
 * loop, at the paper's 12 operand sizes, on random operands and on full cascades.
 *
 * Method: operands stay in L1; one sample times back-to-back calls, at least DOT_SAMPLE_LIMBS
 * limbs of them (the fenced rdtsc pair's cost, printed first, stays under 1% of it); every
 * contender takes one sample in turn (round robin, rotating the start) so drift hits all of them
 * alike; the figure is the median over the samples. Each contender's result is checked against
 * GMP's before timing, so a wrong kernel cannot post a number.
 * usage: bench_addsub [--quick | --small | --inplace | --placement | --alias]
 *   --small:   every size from 1 to 32 limbs and a few up to 64, in TSC cycles per call: where the
 *              fixed cost of a vector kernel decides (GMP's Karatsuba/Toom leaves add and subtract
 *              such operands), and where the paper's sizes (multiples of 8 limbs) do not look.
 *   --inplace: u = u + v (u - v) back to back, each call reading what the previous one wrote,
 *              u one limb past a 64-byte boundary and v two (as limb arrays from malloc are):
 *              the pattern of GMP's toom interpolation, where a kernel's latency from its loads
 *              to its stores counts, not only its throughput.
 *   --placement: where the operands lie and who wrote them last, at 8 placements of rp, up, vp
 *              (limb offsets from a 64-byte line), 8-256 limbs: at rest (rp apart), in place back
 *              to back (u = u op v), and right after GMP's scalar code wrote u (mpn_lshift, then
 *              rp = u op v; the pair is timed). Prints GMP's time over each contender's, as the
 *              geometric mean over the placements and the worst one.
 *   --alias:   rp on another page than up, at the same place modulo 4 KiB give or take 32 bytes
 *              (and, as the control, half a page away), on many fresh page pairs in one process:
 *              counts the pairs where back-to-back calls run slow (addsub/bench_addsub.h says why).
 * Every array lies on pages of its own at its own offset modulo 4 KiB (addsub_place).
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "../test/common/addsub_battery.h"
#include "../test/common/check.h"
#include "addsub/bench_addsub.h"
#include "dot_impl.h"
#include "dot_baselines.h"
#include "gmp_origin.h"
#include "situations.h"
#include "timing.h"

#include <math.h>

dot_limb_t *addsub_place(enum addsub_array role, size_t limbs)
{
    static const size_t page_offset[ADDSUB_ARRAYS] = {0, 1024, 2048, 3072, 3072, 1024}; /* bytes */
    static _Alignas(4096) dot_limb_t arena[ADDSUB_ARRAYS][1024]; /* two pages a role */
    return arena[role] + page_offset[role] / sizeof(dot_limb_t) + limbs;
}

dot_limb_t addsub_gmp_add(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    return mpn_add_n(r, u, v, (mp_size_t)n);
}

dot_limb_t addsub_gmp_sub(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    return mpn_sub_n(r, u, v, (mp_size_t)n);
}

static size_t contenders_for(int sub, contender *c)
{
    size_t count = 0;
    c[count++] = (contender){"gmp", sub ? addsub_gmp_sub : addsub_gmp_add};
    /* what GMP and OpenSSL call: the dispatched entry point, crossover included */
    c[count++] = (contender){"dot", sub ? dot_sub_n : dot_add_n};
    const char *const *names = dot_isa_names();
    for (size_t i = 0; names[i]; i++) {
        const dot_kernels *k = dot_kernels_for(names[i]);
        if (!k || strcmp(k->addsub_from, names[i]) != 0) /* skip tables that reuse another's */
            continue;
        if (strcmp(names[i], "scalar") == 0) {
            c[count++] = (contender){"C loop", sub ? k->sub_n : k->add_n};
            continue;
        }
        if (strcmp(names[i], "chain") == 0) { /* the paper's scalar ADC baseline; its own ct */
            c[count++] = (contender){"adc chain", sub ? k->sub_n : k->add_n};
            continue;
        }
        c[count] = (contender){"", sub ? k->sub_n : k->add_n};
        snprintf(c[count++].label, sizeof c->label, "%s", names[i]);
        if (strcmp(names[i], "avx512") == 0) { /* both forms; the header says which one runs */
            c[count++] = (contender){"avx512 ct shift",
                                     sub ? dot_avx512_sub_n_ct : dot_avx512_add_n_ct};
            c[count++] = (contender){"avx512 ct mask",
                                     sub ? dot_avx512_mask_sub_n_ct : dot_avx512_mask_add_n_ct};
            continue;
        }
        c[count] = (contender){"", sub ? k->sub_n_ct : k->add_n_ct};
        snprintf(c[count++].label, sizeof c->label, "%s ct", names[i]);
    }
    /* the prior-work baselines (dot_baselines.h), the paper's Figure 3a/3b comparisons */
    if (dot_isa_supported("avx2")) {
        c[count++] = (contender){"ren avx2",
                                 sub ? dot_baseline_ren_sub_n_avx2 : dot_baseline_ren_add_n_avx2};
        c[count++] = (contender){"ksa avx2",
                                 sub ? dot_baseline_ksa_sub_n_avx2 : dot_baseline_ksa_add_n_avx2};
    }
    if (dot_isa_supported("avx512")) {
        c[count++] = (contender){"ren avx512", sub ? dot_baseline_ren_sub_n_avx512
                                                   : dot_baseline_ren_add_n_avx512};
        c[count++] = (contender){"ksa avx512", sub ? dot_baseline_ksa_sub_n_avx512
                                                   : dot_baseline_ksa_add_n_avx512};
    }
    return count;
}

void addsub_fill(dot_limb_t *u, dot_limb_t *v, size_t n, int sub, int cascade, dot_rng *r)
{
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(r);
        v[i] = !cascade ? dot_rng_next(r) : sub ? u[i] : ~u[i];
    }
    if (cascade) {
        u[0] = sub ? 0 : ~(dot_limb_t)0;
        v[0] = 1;
    }
}

/* Median cycles per call of each contender: rp = up op vp, `reps` calls back to back a sample, the
 * contenders taking turns (rotating who goes first). With `u0` (the in-place runs: rp == up), rp
 * is reset to u0 before each sample, so every sample starts from the same operands. */
static void time_rounds(const contender *c, size_t nc, int samples, dot_limb_t *rp,
                        const dot_limb_t *up, const dot_limb_t *vp, size_t n, const dot_limb_t *u0,
                        double *median)
{
    static double cycles[MAX_CONTENDERS][512];
    /* A sample covers at least DOT_SAMPLE_LIMBS limbs: timing.h's fenced pair and the drained
     * pipeline behind it cost about 50 TSC cycles a sample, which 40 calls of 128 limbs (what
     * 4096 limbs a sample gave) inflated by 3-5%; a sample of 32768 limbs or more keeps it under
     * 1%. */
    int reps = (int)(DOT_SAMPLE_LIMBS / n) + 8;
    for (int s = 0; s < samples; s++) {
        for (size_t j = 0; j < nc; j++) {
            size_t k = (j + (size_t)s) % nc;
            if (u0)
                memcpy(rp, u0, n * sizeof *rp);
            uint64_t t0 = dot_tsc_begin();
            for (int i = 0; i < reps; i++)
                c[k].fn(rp, up, vp, n);
            uint64_t t1 = dot_tsc_end();
            cycles[k][s] = (double)(t1 - t0) / reps;
        }
    }
    for (size_t k = 0; k < nc; k++)
        median[k] = dot_median(cycles[k], (size_t)samples);
}

/* Median cycles per call of each contender on one operand pair, after checking each one's result
 * against the first's. In place: u = u op v back to back, u one limb and v two past a 64-byte line,
 * u starting from u0 in every sample. */
static int measure(const contender *c, size_t nc, const dot_limb_t *u0, const dot_limb_t *v0,
                   size_t n, int samples, int inplace, double *median)
{
    dot_limb_t *rp = addsub_place(ADDSUB_R, 0), *expect = addsub_place(ADDSUB_EXPECT, 0);
    const dot_limb_t *up = u0, *vp = v0;
    if (inplace) {
        dot_limb_t *vbuf = addsub_place(ADDSUB_V_IN_PLACE, 2);
        memcpy(vbuf, v0, n * sizeof *v0);
        vp = vbuf;
        up = rp = addsub_place(ADDSUB_AUX, 1);
    }
    dot_limb_t expect_carry = c[0].fn(expect, u0, vp, n);
    for (size_t k = 1; k < nc; k++) {
        if (inplace)
            memcpy(rp, u0, n * sizeof *rp);
        dot_limb_t carry = c[k].fn(rp, up, vp, n);
        if (carry != expect_carry || memcmp(rp, expect, n * sizeof *rp) != 0) {
            fprintf(stderr, "%s gives a wrong%s result at n=%zu: not timed\n", c[k].label,
                    inplace ? " in-place" : "", n);
            return -1;
        }
    }
    time_rounds(c, nc, samples, rp, up, vp, n, inplace ? u0 : NULL, median);
    return 0;
}

static int table(int sub, int cascade, int samples, const size_t *sizes, size_t count, int per_call,
                 int inplace)
{
    contender c[MAX_CONTENDERS];
    size_t nc = contenders_for(sub, c);
    dot_limb_t *u = addsub_place(ADDSUB_U, 0), *v = addsub_place(ADDSUB_V, 0);
    dot_rng rng;
    dot_rng_seed(&rng, 7);
    printf("\n%s, %s operands%s: TSC cycles per %s (median of %d samples)\n",
           sub ? "sub_n" : "add_n", cascade ? "full-cascade" : "random",
           inplace ? ", in place back to back (u one limb, v two past a 64-byte line)" : "",
           per_call ? "call" : "limb", samples);
    /* each column as wide as its label (9 at least), so every label sits over its own figures and
     * a reader or a parser (dot/bench/ab.py) finds a column's name by its place */
    int width[MAX_CONTENDERS];
    for (size_t k = 0; k < nc; k++) {
        size_t len = strlen(c[k].label);
        width[k] = len > 9 ? (int)len : 9;
    }
    printf("%6s %5s", "bits", "limbs");
    for (size_t k = 0; k < nc; k++)
        printf(" %*s", width[k], c[k].label);
    printf("  | speedup vs gmp:");
    for (size_t k = 1; k < nc; k++)
        printf(" %*s", width[k], c[k].label);
    printf("\n");
    int status = 0;
    for (size_t s = 0; s < count; s++) {
        size_t n = sizes[s];
        addsub_fill(u, v, n, sub, cascade, &rng);
        double med[MAX_CONTENDERS];
        /* The process's first measurement runs once untimed: timed, it read up to 1.6x slow for
         * every contender alike in about half the processes (not a clock ramp: a second of spinning
         * before it did not help), and only that first row. This makes it rarer, not gone
         * (results/MEASUREMENTS.md). */
        static int warmed;
        if (!warmed++)
            (void)measure(c, nc, u, v, n, samples, inplace, med);
        if (measure(c, nc, u, v, n, samples, inplace, med) != 0) {
            status = 1;
            continue;
        }
        printf("%6zu %5zu", n * 64, n);
        for (size_t k = 0; k < nc; k++)
            printf(" %*.3f", width[k], per_call ? med[k] : med[k] / n);
        printf("  |                ");
        for (size_t k = 1; k < nc; k++)
            printf(" %*.2fx", width[k] - 1, med[0] / med[k]);
        printf("\n");
    }
    return status;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    int small = argc > 1 && strcmp(argv[1], "--small") == 0;
    int inplace = argc > 1 && strcmp(argv[1], "--inplace") == 0;
    int placement = argc > 1 && strcmp(argv[1], "--placement") == 0;
    int alias = argc > 1 && strcmp(argv[1], "--alias") == 0;
    if (argc > 2 || (argc > 1 && !quick && !small && !inplace && !placement && !alias)) {
        fprintf(stderr, "usage: %s [--quick | --small | --inplace | --placement | --alias]\n",
                argv[0]);
        return 2;
    }
    int samples = quick ? 15 : 101;
    printf("libdot %s, %s; GMP %s from %s\n", dot_version(), dot_settings(), gmp_version,
           dot_gmp_origin());
    double pair[101];
    for (int s = 0; s < 101; s++) {
        uint64_t t0 = dot_tsc_begin();
        pair[s] = (double)(dot_tsc_end() - t0);
    }
    printf("a sample: at least %d limbs of back-to-back calls; the fenced rdtsc pair around it "
           "alone: %.0f TSC cycles (median)\n",
           DOT_SAMPLE_LIMBS, dot_median(pair, 101));
    printf("dot = the dispatched entry point (crossover included); other columns: one kernel at "
           "every size;\nC loop = libdot's scalar reference; 'ct' = constant-time flavour.\n");
    int status = 0;
    if (small) {
        size_t sizes[40], count = 0;
        for (size_t n = 1; n <= 32; n++)
            sizes[count++] = n;
        for (size_t n = 40; n <= 64; n += 8)
            sizes[count++] = n;
        for (int sub = 0; sub < 2; sub++)
            status |= table(sub, 0, samples, sizes, count, 1, 0);
        return status;
    }
    if (alias)
        return alias_table(15);
    if (placement) {
        for (int situation = 0; situation < DOT_SITUATIONS; situation++)
            for (int sub = 0; sub < 2; sub++)
                status |= placement_table(sub, situation, 31);
        return status;
    }
    if (inplace) {
        static const size_t sizes[] = {4, 8, 11, 16, 22, 24, 32, 36, 48, 64, 128, 256, 512};
        for (int sub = 0; sub < 2; sub++)
            status |= table(sub, 0, samples, sizes, sizeof sizes / sizeof sizes[0], 1, 1);
        return status;
    }
    for (int sub = 0; sub < 2; sub++)
        for (int cascade = 0; cascade < 2; cascade++)
            status |= table(sub, cascade, samples, dot_paper_sizes, 12, 0, 0);
    return status;
}
