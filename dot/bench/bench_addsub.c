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
 *              counts the pairs where back-to-back calls run slow (see `place` below).
 * Every array lies on pages of its own at its own offset modulo 4 KiB (`place`).
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "../test/common/addsub_battery.h"
#include "../test/common/check.h"
#include "dot_impl.h"
#include "dot_baselines.h"
#include "gmp_origin.h"
#include "situations.h"
#include "timing.h"

#include <math.h>
#include <sys/mman.h>

#define MAX_CONTENDERS 24
#define MAXN 512

/* Where the arrays lie: array k in a slot of two pages of its own, at the byte offset the caller
 * names within its first page, `limbs` past that. The callers keep rp, up and vp 1 KiB or more
 * apart modulo 4 KiB (for n up to 128 limbs). On the Zen 4 build VM a vector load that overlaps,
 * modulo 4 KiB, a store of the previous call still in flight to another page waits for that store
 * in about one page pair in ten, depending on where the pages lie in physical memory (`--alias`
 * counts them; results/avx512-4k-alias-zen4-*.txt): the static arrays gcc had put 32 bytes apart
 * modulo 4 KiB made about one process in seven run every AVX-512 call 2x-4x slower for its life. */
enum { SLOT_LIMBS = 1024, SLOTS = 6 };
static dot_limb_t *place(int slot, size_t page_offset, size_t limbs)
{
    static _Alignas(4096) dot_limb_t arena[SLOTS][SLOT_LIMBS];
    return arena[slot] + page_offset / sizeof(dot_limb_t) + limbs;
}

typedef dot_limb_t (*aors_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);

typedef struct {
    char label[24];
    aors_fn fn;
} contender;

static dot_limb_t gmp_add(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    return mpn_add_n(r, u, v, (mp_size_t)n);
}

static dot_limb_t gmp_sub(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n)
{
    return mpn_sub_n(r, u, v, (mp_size_t)n);
}

static size_t contenders_for(int sub, contender *c)
{
    size_t count = 0;
    c[count++] = (contender){"gmp", sub ? gmp_sub : gmp_add};
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

static void fill(dot_limb_t *u, dot_limb_t *v, size_t n, int sub, int cascade, dot_rng *r)
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

#define DOT_SAMPLE_LIMBS 32768

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
    dot_limb_t *rp = place(2, 2048, 0), *expect = place(3, 3072, 0);
    const dot_limb_t *up = u0, *vp = v0;
    if (inplace) {
        dot_limb_t *vbuf = place(5, 1024, 2);
        memcpy(vbuf, v0, n * sizeof *v0);
        vp = vbuf;
        up = rp = place(4, 3072, 1);
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
    dot_limb_t *u = place(0, 0, 0), *v = place(1, 1024, 0);
    dot_rng rng;
    dot_rng_seed(&rng, 7);
    printf("\n%s, %s operands%s: TSC cycles per %s (median of %d samples)\n",
           sub ? "sub_n" : "add_n", cascade ? "full-cascade" : "random",
           inplace ? ", in place back to back (u one limb, v two past a 64-byte line)" : "",
           per_call ? "call" : "limb", samples);
    printf("%6s %5s", "bits", "limbs");
    for (size_t k = 0; k < nc; k++)
        printf(" %9s", c[k].label);
    printf("  | speedup vs gmp:");
    for (size_t k = 1; k < nc; k++)
        printf(" %9s", c[k].label);
    printf("\n");
    int status = 0;
    for (size_t s = 0; s < count; s++) {
        size_t n = sizes[s];
        fill(u, v, n, sub, cascade, &rng);
        double med[MAX_CONTENDERS];
        /* The process's first measurement runs once untimed: timed, it read up to 1.6x slow for
         * every contender alike in about half the processes (not a clock ramp: a second of spinning
         * before it did not help), and only that first row. This makes it rarer, not gone (README). */
        static int warmed;
        if (!warmed++)
            (void)measure(c, nc, u, v, n, samples, inplace, med);
        if (measure(c, nc, u, v, n, samples, inplace, med) != 0) {
            status = 1;
            continue;
        }
        printf("%6zu %5zu", n * 64, n);
        for (size_t k = 0; k < nc; k++)
            printf(" %9.3f", per_call ? med[k] : med[k] / n);
        printf("  |                ");
        for (size_t k = 1; k < nc; k++)
            printf(" %8.2fx", med[0] / med[k]);
        printf("\n");
    }
    return status;
}

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

static int placement_table(int sub, int situation, int samples)
{
    static const size_t sizes[] = {8, 12, 16, 20, 24, 25, 28, 31, 32, 33, 40, 48, 57, 64, 128, 256};
    contender c[4] = {{"gmp", sub ? gmp_sub : gmp_add}, {"dot", sub ? dot_sub_n : dot_add_n}};
    size_t nc = 2;
    const dot_kernels *chain = dot_kernels_for("chain");
    c[nc++] = (contender){"adc chain", sub ? chain->sub_n : chain->add_n};
    const char *wide = dot_isa_supported("avx512") ? "avx512" : "avx2";
    const dot_kernels *k = dot_kernels_for(wide);
    if (k) {
        c[nc] = (contender){"", sub ? k->sub_n : k->add_n};
        snprintf(c[nc++].label, sizeof c->label, "%s", wide);
    }
    dot_limb_t *rbuf = place(2, 2048, 0), *ubuf = place(0, 0, 0), *vbuf = place(1, 1024, 0);
    dot_limb_t *w = place(4, 3072, 0), *expect = place(3, 3072, 0);
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
            fill(w, vp, n, sub, 0, &rng);
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
static int alias_table(int samples)
{
    static const long offsets[ALIAS_OFFSETS] = {2048, -32, 0, 32}; /* rp - up mod 4 KiB, bytes */
    static const size_t sizes[] = {8, 16, 32, 64};
    contender c[3] = {{"gmp", gmp_add}};
    size_t nc = 1;
    c[nc++] = (contender){"adc chain", dot_kernels_for("chain")->add_n};
    const char *wide = dot_isa_supported("avx512") ? "avx512"
                       : dot_isa_supported("avx2") ? "avx2"
                                                   : NULL;
    if (wide) {
        c[nc] = (contender){"", dot_kernels_for(wide)->add_n};
        snprintf(c[nc++].label, sizeof c->label, "%s", wide);
    }
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
            fill(up, vp, n, 0, 0, &rng);
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
        for (int o = 0; o < ALIAS_OFFSETS; o++) {
            printf("%5zu %+9ld", n, offsets[o]);
            for (size_t j = 0; j < nc; j++) {
                double base[ALIAS_PAIRS], slow[ALIAS_PAIRS];
                memcpy(base, t[0][j], sizeof base);
                double control = dot_median(base, ALIAS_PAIRS);
                size_t count = 0;
                for (int pr = 0; pr < ALIAS_PAIRS; pr++) {
                    double ratio = t[o][j][pr] / (o == 0 ? control : t[0][j][pr]);
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
