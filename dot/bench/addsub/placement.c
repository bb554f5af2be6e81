/*
 * bench_addsub --placement and --alias: where the operands lie and who wrote them last
 * (bench_addsub.c has the method).
 */
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "bench_addsub.h"
#include "dot_impl.h"
#include "../situations.h"
#include "../timing.h"

/* --placement. Who wrote an operand last, and where it lies, decide whether a vector load is
 * served from a store still in flight: this times GMP, the dispatched entry point, the chain and
 * the widest vector kernel in three situations at eight placements each. */
static const char *const situation_names[DOT_SITUATIONS] = {
    "at rest (rp apart)", "in place back to back (u = u op v)",
    "right after GMP's mpn_lshift wrote u (the pair timed: mpn_lshift + rp = u op v)"};
static const int placements[8][3] = {{0, 0, 0}, {1, 1, 1}, {1, 3, 5}, {3, 0, 6},
                                     {7, 2, 4}, {2, 2, 0}, {5, 5, 3}, {4, 4, 4}}; /* rp, up, vp */

static void lshift_writer(dot_limb_t *u, const dot_limb_t *w, size_t n)
{
    mpn_lshift(u, w, (mp_size_t)n, 1);
}

/* The widest vector kernel this CPU runs (AVX-512, else AVX2) as contender *c: 1, or 0 if none. */
static int add_widest(contender *c, int sub)
{
    const char *wide = dot_isa_supported("avx512") ? "avx512" : "avx2";
    const dot_kernels *k = dot_kernels_for(wide);
    if (!k)
        return 0;
    *c = (contender){"", sub ? k->sub_n : k->add_n};
    snprintf(c->label, sizeof c->label, "%s", wide);
    return 1;
}

int placement_table(int sub, int situation, int samples)
{
    static const size_t sizes[] = {8, 12, 16, 20, 24, 25, 28, 31, 32, 33, 40, 48, 57, 64, 128, 256};
    contender c[4] = {{"gmp", sub ? addsub_gmp_sub : addsub_gmp_add},
                      {"dot", sub ? dot_sub_n : dot_add_n}};
    size_t nc = 2;
    const dot_kernels *chain = dot_kernels_for("chain");
    c[nc++] = (contender){"adc chain", sub ? chain->sub_n : chain->add_n};
    nc += add_widest(&c[nc], sub);
    dot_limb_t *rbuf = addsub_place(ADDSUB_R, 0), *ubuf = addsub_place(ADDSUB_U, 0),
               *vbuf = addsub_place(ADDSUB_V, 0);
    dot_limb_t *w = addsub_place(ADDSUB_AUX, 0), *expect = addsub_place(ADDSUB_EXPECT, 0);
    dot_rng rng;
    dot_rng_seed(&rng, 11);
    printf("\n%s, %s: GMP's time / each one's (geometric mean over the 8 placements; worst)\n",
           sub ? "sub_n" : "add_n", situation_names[situation]);
    printf("%5s", "limbs");
    for (size_t j = 1; j < nc; j++)
        printf(" %16s", c[j].label);
    printf("\n");
    static double cycles[4][512];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        double log_sum[4] = {0}, worst[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
        for (int p = 0; p < 8; p++) {
            dot_limb_t *rp = rbuf + placements[p][0], *up = ubuf + placements[p][1];
            dot_limb_t *vp = vbuf + placements[p][2];
            addsub_fill(w, vp, n, sub, 0, &rng);
            mpn_lshift(up, w, (mp_size_t)n, 1);
            dot_limb_t expect_carry = c[0].fn(expect, up, vp, n);
            for (size_t j = 1; j < nc; j++)
                if (c[j].fn(rp, up, vp, n) != expect_carry ||
                    memcmp(rp, expect, n * sizeof *rp) != 0) {
                    fprintf(stderr, "%s gives a wrong result at n=%zu: not timed\n", c[j].label, n);
                    return 1;
                }
            int reps = (int)(DOT_SAMPLE_LIMBS / n) + 8;
            for (int t = 0; t < samples; t++)
                for (size_t j = 0; j < nc; j++) {
                    size_t q = (j + (size_t)t) % nc;
                    cycles[q][t] = dot_time_situation(c[q].fn, situation, lshift_writer, rp, up, vp,
                                                      w, n, reps);
                }
            double gmp = dot_median(cycles[0], (size_t)samples);
            for (size_t j = 1; j < nc; j++) {
                double ratio = gmp / dot_median(cycles[j], (size_t)samples);
                log_sum[j] += log(ratio);
                worst[j] = fmin(worst[j], ratio);
            }
        }
        printf("%5zu", n);
        for (size_t j = 1; j < nc; j++)
            printf("    %5.2fx (%4.2f)", exp(log_sum[j] / 8), worst[j]);
        printf("\n");
    }
    return 0;
}

/* --alias. Back-to-back calls rp = up + vp with rp on another page than up: at up's own offset
 * modulo 4 KiB, 32 bytes below and above it, and half a page away (the control), on ALIAS_PAIRS
 * page pairs of one fresh mapping, so each pair lies elsewhere in physical memory. The four
 * placements of a pair take turns sample by sample, so noise hits them alike; a pair is slow at
 * an offset near 0 for a contender when its median time there is 1.5x or more its own time half a
 * page away. The control row counts the pairs whose control time is 1.5x or more the median
 * control time over all pairs (noise, or pages slow in themselves). Prints, per size and offset,
 * how many pairs were slow for each contender and their median slowdown. */
enum { ALIAS_PAIRS = 128, ALIAS_OFFSETS = 4 };
int alias_table(int samples)
{
    static const long offsets[ALIAS_OFFSETS] = {2048, -32, 0, 32}; /* rp - up mod 4 KiB, bytes */
    static const size_t sizes[] = {8, 16, 32, 64};
    contender c[3] = {{"gmp", addsub_gmp_add}};
    size_t nc = 1;
    c[nc++] = (contender){"adc chain", dot_kernels_for("chain")->add_n};
    const int wide = add_widest(&c[nc], 0);
    nc += (size_t)wide;
    const size_t page = 4096, bytes = (2 * ALIAS_PAIRS + 1) * page;
    char *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        perror("bench_addsub --alias: mmap");
        return 1;
    }
    memset(map, 0, bytes); /* every page its physical frame now */
    dot_rng rng;
    dot_rng_seed(&rng, 13);
    dot_limb_t *vp = (dot_limb_t *)(map + 2 * ALIAS_PAIRS * page + 2048);
    printf("\nadd_n, rp on another page than up (up 1 KiB into its page, vp 2 KiB into a third), "
           "%d page pairs:\nthe pairs slow at each offset (1.5x the same pair's time half a page "
           "away, or more) and their median slowdown\n%5s %9s",
           ALIAS_PAIRS, "limbs", "rp - up");
    for (size_t j = 0; j < nc; j++)
        printf(" %18s", c[j].label);
    printf("\n");
    static double t[ALIAS_OFFSETS][3][ALIAS_PAIRS], cycles[ALIAS_OFFSETS][3][128];
    int status = 0, rows = 0, slow_rows[ALIAS_PAIRS] = {0}; /* the widest kernel's, near 0 */
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        int reps = (int)(2048 / n) + 8;
        for (int pr = 0; pr < ALIAS_PAIRS; pr++) {
            dot_limb_t *up = (dot_limb_t *)(map + 2 * (size_t)pr * page + 1024), expect[64];
            dot_limb_t *rps[ALIAS_OFFSETS];
            addsub_fill(up, vp, n, 0, 0, &rng);
            dot_limb_t carry = mpn_add_n(expect, up, vp, (mp_size_t)n);
            for (int o = 0; o < ALIAS_OFFSETS; o++) {
                rps[o] = (dot_limb_t *)(map + (2 * (size_t)pr + 1) * page + 1024 + offsets[o]);
                for (size_t j = 1; j < nc; j++)
                    if (c[j].fn(rps[o], up, vp, n) != carry ||
                        memcmp(rps[o], expect, n * sizeof *expect) != 0) {
                        fprintf(stderr, "%s gives a wrong result at n=%zu: not timed\n", c[j].label,
                                n);
                        status = 1;
                        goto done;
                    }
            }
            for (int k = 0; k < samples; k++)
                for (int o = 0; o < ALIAS_OFFSETS; o++)
                    for (size_t j = 0; j < nc; j++) {
                        size_t q = (j + (size_t)k) % nc;
                        uint64_t t0 = dot_tsc_begin();
                        for (int i = 0; i < reps; i++)
                            c[q].fn(rps[o], up, vp, n);
                        cycles[o][q][k] = (double)(dot_tsc_end() - t0) / reps;
                    }
            for (int o = 0; o < ALIAS_OFFSETS; o++)
                for (size_t j = 0; j < nc; j++)
                    t[o][j][pr] = dot_median(cycles[o][j], (size_t)samples);
        }
        double control[3]; /* each contender's median control time over the pairs */
        for (size_t j = 0; j < nc; j++) {
            double base[ALIAS_PAIRS];
            memcpy(base, t[0][j], sizeof base);
            control[j] = dot_median(base, ALIAS_PAIRS);
        }
        for (int o = 0; o < ALIAS_OFFSETS; o++) {
            printf("%5zu %+9ld", n, offsets[o]);
            for (size_t j = 0; j < nc; j++) {
                double slow[ALIAS_PAIRS];
                size_t count = 0;
                for (int pr = 0; pr < ALIAS_PAIRS; pr++) {
                    double ratio = t[o][j][pr] / (o == 0 ? control[j] : t[0][j][pr]);
                    if (ratio >= 1.5) {
                        slow[count++] = ratio;
                        slow_rows[pr] += o > 0 && j == nc - 1;
                    }
                }
                if (count)
                    printf("   %3zu/%d (%5.2fx)", count, ALIAS_PAIRS, dot_median(slow, count));
                else
                    printf("   %3zu/%d         ", count, ALIAS_PAIRS);
            }
            printf("%s\n", o == 0 ? "   (control: against the median pair)" : "");
            rows += o > 0;
        }
    }
    if (!wide)
        goto done;
    int every = 0, none = 0;
    for (int pr = 0; pr < ALIAS_PAIRS; pr++)
        every += slow_rows[pr] == rows, none += slow_rows[pr] == 0;
    printf("%s: %d page pairs slow in all %d rows with rp - up near 0, %d in none, %d in some\n",
           c[nc - 1].label, every, rows, none, ALIAS_PAIRS - every - none);
done:
    munmap(map, bytes);
    return status;
}
