/*
 * make tune: where each vector add/sub kernel overtakes the add-with-carry chain on this CPU.
 * For every variant with its own vector add/sub code and each of add_n, sub_n, add_n_ct,
 * sub_n_ct, it times the chain and the kernel at every size from 1 to 128 limbs and at some
 * larger ones (operands in L1, the two interleaved sample by sample, median TSC cycles per
 * call), prints the ratios, and the crossovers it would pick (tune/pick.h) as rows for
 * dot/src/crossover_table.h and as a DOT_CROSSOVER value.
 * usage: tune_addsub [--quick]
 */
#include <stdio.h>
#include <string.h>
#include "../bench/timing.h"
#include "../test/common/check.h"
#include "dot_impl.h"
#include "pick.h"

#define MAXN 512
#define MAX_SIZES 160
#define MAX_SAMPLES 63

static const char *const op_names[4] = {"add_n", "sub_n", "add_n_ct", "sub_n_ct"};

static dot_aors_fn op_of(const dot_kernels *k, int op)
{
    dot_aors_fn f[4] = {k->add_n, k->sub_n, k->add_n_ct, k->sub_n_ct};
    return f[op];
}

static size_t tune_sizes(size_t *sizes)
{
    static const size_t large[] = {144, 160, 192, 224, 256, 320, 384, 448, 512};
    size_t count = 0;
    for (size_t n = 1; n <= 128; n++)
        sizes[count++] = n;
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++)
        sizes[count++] = large[i];
    return count;
}

/* Where the operands of a sample sit in one arena, in limbs from a 64-byte boundary. Each is 1, 2
 * or 3 limbs past a boundary: the libraries pass limb arrays from malloc (16-byte aligned) and at
 * limb offsets into them, so a vector kernel's loads and stores mostly straddle cache lines there,
 * and its crossover must be measured so. The distances between them differ, since one layout can
 * decide alone: with the output 120 bytes past an input modulo 4 KiB (the last placement, the only
 * one this program used before) the AVX-512 kernels ran at half their speed elsewhere and the pick
 * put the chain up to 70 limbs, where three other layouts put it at 16-28 (likely 4K aliasing:
 * the next call's loads wait on this call's stores). Samples rotate through the placements, so the
 * median is the common case, not one layout's. */
static const struct {
    size_t u, v, r;
} placements[] = {{2, 1123, 2249}, {1, 602, 1403}, {3, 2501, 5002}, {2, 523, 1041}};
enum { PLACEMENTS = sizeof placements / sizeof placements[0], ARENA = 5002 + MAXN + 8 };

/* Median cycles per call of a and b on the same operands, interleaved sample by sample and
 * rotating through the placements; 0 if they disagree. */
static int time_pair(dot_aors_fn a, dot_aors_fn b, size_t n, int samples, double *ta, double *tb)
{
    static dot_limb_t arena[ARENA] __attribute__((aligned(64))), rb[MAXN];
    static dot_rng rng;
    static int seeded;
    if (!seeded) {
        dot_rng_seed(&rng, 11);
        seeded = 1;
    }
    dot_limb_t *u = arena + placements[0].u, *v = arena + placements[0].v;
    dot_limb_t *ra = arena + placements[0].r;
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = dot_rng_next(&rng);
    }
    if (a(ra, u, v, n) != b(rb, u, v, n) || memcmp(ra, rb, n * sizeof *ra) != 0)
        return 0;
    double sa[MAX_SAMPLES], sb[MAX_SAMPLES];
    int reps = (int)(2048 / n) + 8;
    for (int s = 0; s < samples; s++) {
        const dot_limb_t *src_u = u, *src_v = v;
        u = arena + placements[s % PLACEMENTS].u;
        v = arena + placements[s % PLACEMENTS].v;
        ra = arena + placements[s % PLACEMENTS].r;
        memmove(u, src_u, n * sizeof *u);
        memmove(v, src_v, n * sizeof *v);
        for (int j = 0; j < 2; j++) {
            dot_aors_fn f = (j + s) % 2 ? b : a;
            uint64_t t0 = dot_tsc_begin();
            for (int i = 0; i < reps; i++)
                f(ra, u, v, n);
            uint64_t t1 = dot_tsc_end();
            ((j + s) % 2 ? sb : sa)[s] = (double)(t1 - t0) / reps;
        }
    }
    *ta = dot_median(sa, (size_t)samples);
    *tb = dot_median(sb, (size_t)samples);
    return 1;
}

/* MAX in the C table, max in DOT_CROSSOVER */
static void size_text(char *buf, size_t len, size_t n, const char *max)
{
    if (n == SIZE_MAX)
        snprintf(buf, len, "%s", max);
    else
        snprintf(buf, len, "%zu", n);
}

/* Measures one variant's four kernels against the chain; writes the four crossovers. */
static int tune_variant(const char *name, const dot_kernels *k, const dot_kernels *chain,
                        int samples, size_t picked[4])
{
    size_t sizes[MAX_SIZES];
    size_t count = tune_sizes(sizes);
    static double tc[4][MAX_SIZES], tv[4][MAX_SIZES];
    printf("\n%s: chain / %s, TSC cycles per call (above 1.00: the vector kernel is faster)\n",
           name, name);
    printf("%6s", "limbs");
    for (int op = 0; op < 4; op++)
        printf(" %9s %7s", op_names[op], "chain");
    printf("\n");
    for (size_t i = 0; i < count; i++) {
        printf("%6zu", sizes[i]);
        for (int op = 0; op < 4; op++) {
            if (!time_pair(op_of(chain, op), op_of(k, op), sizes[i], samples, &tc[op][i],
                           &tv[op][i])) {
                fprintf(stderr, "%s %s disagrees with the chain at n=%zu: not tuned\n", name,
                        op_names[op], sizes[i]);
                return 1;
            }
            printf(" %8.2fx %7.1f", tc[op][i] / tv[op][i], tc[op][i]);
        }
        printf("\n");
    }
    for (int op = 0; op < 4; op++)
        picked[op] = dot_pick_crossover(sizes, tc[op], tv[op], count);
    return 0;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 2 || (argc > 1 && !quick)) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    int samples = quick ? 21 : 63;
    dot_cpu cpu = dot_cpu_detect();
    const dot_kernels *chain = dot_kernels_for("chain");
    printf("libdot %s tune on CPU family %s (%d samples per size; running now with %s)\n",
           dot_version(), cpu.family, samples, dot_settings());
    const char *const *names = dot_isa_names();
    char rows[8][160];
    size_t nrows = 0, measured[8][4];
    const char *measured_name[8];
    for (size_t i = 0; names[i]; i++) {
        const dot_kernels *k = dot_kernels_for(names[i]);
        if (!k || !strcmp(names[i], "scalar") || !strcmp(names[i], "chain"))
            continue;
        size_t x[4];
        size_t m;
        for (m = 0; m < nrows; m++) /* a row sharing another's add/sub code gets its values */
            if (!strcmp(measured_name[m], k->addsub_from))
                break;
        if (m < nrows) {
            memcpy(x, measured[m], sizeof x);
        } else {
            if (strcmp(k->addsub_from, names[i]) != 0)
                continue;
            if (tune_variant(names[i], k, chain, samples, x))
                return 1;
        }
        measured_name[nrows] = names[i];
        memcpy(measured[nrows], x, sizeof x);
        char a[4][24];
        for (int op = 0; op < 4; op++)
            size_text(a[op], sizeof a[op], x[op], "MAX");
        snprintf(rows[nrows++], sizeof rows[0], "{\"%s\", \"%s\", %s, %s, %s, %s},", cpu.family,
                 names[i], a[0], a[1], a[2], a[3]);
    }
    printf("\nPicked (tune/pick.h: the one switch size losing least against the faster kernel, "
           "summed over the sizes;\nMAX: the chain at every size). Rows for "
           "dot/src/crossover_table.h:\n");
    for (size_t r = 0; r < nrows; r++)
        printf("%s\n", rows[r]);
    if (nrows) {
        char a[4][24];
        for (int op = 0; op < 4; op++)
            size_text(a[op], sizeof a[op], measured[nrows - 1][op], "max");
        printf("For the %s variant now: DOT_CROSSOVER=add_n=%s,sub_n=%s,add_n_ct=%s,sub_n_ct=%s\n",
               measured_name[nrows - 1], a[0], a[1], a[2], a[3]);
    }
    return 0;
}
