/*
 * make tune: where each vector add/sub kernel overtakes the add-with-carry chain on this CPU.
 * For every variant with its own vector add/sub code and each of add_n, sub_n, add_n_ct,
 * sub_n_ct, it times the chain and the kernel at every size from 1 to 128 limbs and at some
 * larger ones (operands in L1, the two interleaved sample by sample, median TSC cycles per
 * call) in three situations the libraries create: operands at rest, calls in place back to back
 * (u = u op v, each reading what the last one stored), and an operand the chain has just written
 * (GMP's algorithms mostly add what their scalar code wrote a moment before; a vector load cannot
 * be served from several scalar stores still in flight). It prints the ratios and the crossovers
 * it would pick (tune/pick.h: the least cost summed over sizes and situations) as rows for
 * dot/src/crossover_table.h and as a DOT_CROSSOVER value. For the AVX-512 kernels it times both
 * forms of the constant-time flavour (avx512/aors.h) and keeps the form this CPU runs now unless the
 * other one's add_n_ct and sub_n_ct, each at its own crossover, cost over 2% less against the chain
 * summed over the sizes and situations (tune/pick.h: closer than that, the runs disagree).
 * usage: tune_addsub [--quick]
 */
#include <stdio.h>
#include <string.h>
#include "../bench/situations.h"
#include "../bench/timing.h"
#include "../test/common/check.h"
#include "dot_impl.h"
#include "pick.h"

#define MAXN 512
#define MAX_SIZES 160
#define MAX_SAMPLES 63

/* The kernels one variant is tuned on: the four operations, and for the AVX-512 kernels the
 * constant-time pair again in the second form. Operation i compares with the chain's op_base[i]. */
#define MAX_OPS 6
typedef struct {
    int count;
    const char *names[MAX_OPS];
    dot_aors_fn fns[MAX_OPS];
    int base[MAX_OPS]; /* 0..3: add_n, sub_n, add_n_ct, sub_n_ct */
} op_set;

static const char *const op_names[4] = {"add_n", "sub_n", "add_n_ct", "sub_n_ct"};

static dot_aors_fn op_of(const dot_kernels *k, int op)
{
    dot_aors_fn f[4] = {k->add_n, k->sub_n, k->add_n_ct, k->sub_n_ct};
    return f[op];
}

static op_set ops_of(const dot_kernels *k)
{
    op_set s = {0};
    for (int op = 0; op < 4; op++) {
        s.names[s.count] = op_names[op];
        s.fns[s.count] = op_of(k, op);
        s.base[s.count++] = op;
    }
    if (dot_has_ct_forms(k->name)) { /* both forms by name, whichever the table holds */
        s.fns[2] = dot_avx512_add_n_ct, s.fns[3] = dot_avx512_sub_n_ct;
        s.names[2] = "add_n_ct shift", s.names[3] = "sub_n_ct shift";
        s.names[4] = "add_n_ct mask", s.fns[4] = dot_avx512_mask_add_n_ct, s.base[4] = 2;
        s.names[5] = "sub_n_ct mask", s.fns[5] = dot_avx512_mask_sub_n_ct, s.base[5] = 3;
        s.count = 6;
    }
    return s;
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

static const char *const situation_names[DOT_SITUATIONS] = {"rest", "inpl", "write"};

/* The scalar writer of DOT_AFTER_WRITE: u = w + 0 through the chain (set in main). */
static dot_aors_fn chain_add;
static void chain_writer(dot_limb_t *u, const dot_limb_t *w, size_t n)
{
    static const dot_limb_t zero[MAXN];
    chain_add(u, w, zero, n);
}

/* Median cycles per call of a and b on the same operands in one situation, interleaved sample by
 * sample and rotating through the placements; 0 if they disagree. After a chain write the chain's
 * own time is in both figures: it dilutes the ratio, not the order. */
static int time_pair(dot_aors_fn a, dot_aors_fn b, int situation, size_t n, int samples, double *ta,
                     double *tb)
{
    static dot_limb_t arena[ARENA] __attribute__((aligned(64))), rb[MAXN], w[MAXN];
    static dot_rng rng;
    static int seeded;
    if (!seeded) {
        dot_rng_seed(&rng, 11);
        seeded = 1;
    }
    dot_limb_t *u = arena + placements[0].u, *v = arena + placements[0].v;
    dot_limb_t *ra = arena + placements[0].r;
    for (size_t i = 0; i < n; i++) {
        u[i] = w[i] = dot_rng_next(&rng);
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
            if (situation == DOT_IN_PLACE)
                memcpy(u, w, n * sizeof *u);
            ((j + s) % 2 ? sb : sa)[s] = dot_time_situation(f, situation, chain_writer, ra, u, v, w,
                                                            n, reps);
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

/* The cost of switching at x summed over the sizes and situations, each size's time relative to
 * the chain's there (so the forms of one operation, each timed against the chain, compare). */
static double cost_against_chain(const size_t *sizes, size_t count, size_t x,
                                 double tc[][MAX_SIZES], double tv[][MAX_SIZES])
{
    double cost = 0;
    for (int sit = 0; sit < DOT_SITUATIONS; sit++)
        for (size_t i = 0; i < count; i++)
            cost += sizes[i] < x ? 1.0 : tv[sit][i] / tc[sit][i];
    return cost;
}

/* Measures one variant's kernels against the chain in every situation; writes the four
 * crossovers and the form of its constant-time kernels ("shift" or "mask"; NULL: one form), the form
 * running now on cpu kept unless the other is cheaper by the margin. */
static int tune_variant(const dot_cpu *cpu, const char *name, const dot_kernels *k,
                        const dot_kernels *chain, int samples, size_t picked[4], const char **form)
{
    size_t sizes[MAX_SIZES];
    size_t count = tune_sizes(sizes);
    op_set ops = ops_of(k);
    static double tc[MAX_OPS][DOT_SITUATIONS][MAX_SIZES], tv[MAX_OPS][DOT_SITUATIONS][MAX_SIZES];
    printf(
        "\n%s: chain / %s, TSC cycles per call (above 1.00: the vector kernel is faster); "
        "situations:\nrest = operands at rest, inpl = in place back to back, write = right after "
        "the chain wrote u\n%6s",
        name, name, "");
    for (int op = 0; op < ops.count; op++)
        printf(" %-21s", ops.names[op]);
    printf("\n%6s", "limbs");
    for (int op = 0; op < ops.count; op++)
        for (int sit = 0; sit < DOT_SITUATIONS; sit++)
            printf(" %6s", situation_names[sit]);
    printf("\n");
    for (size_t i = 0; i < count; i++) {
        printf("%6zu", sizes[i]);
        for (int op = 0; op < ops.count; op++)
            for (int sit = 0; sit < DOT_SITUATIONS; sit++) {
                if (!time_pair(op_of(chain, ops.base[op]), ops.fns[op], sit, sizes[i], samples,
                               &tc[op][sit][i], &tv[op][sit][i])) {
                    fprintf(stderr, "%s %s disagrees with the chain at n=%zu: not tuned\n", name,
                            ops.names[op], sizes[i]);
                    return 1;
                }
                printf(" %5.2fx", tc[op][sit][i] / tv[op][sit][i]);
            }
        printf("\n");
        fflush(stdout);
    }
    size_t x[MAX_OPS];
    for (int op = 0; op < ops.count; op++) {
        double chain_rel[MAX_SIZES] = {0}, vector_rel[MAX_SIZES] = {0};
        for (int sit = 0; sit < DOT_SITUATIONS; sit++)
            dot_pick_add_relative(tc[op][sit], tv[op][sit], count, chain_rel, vector_rel);
        x[op] = dot_pick_crossover_relative(sizes, chain_rel, vector_rel, count);
    }
    for (int op = 0; op < 4; op++)
        picked[op] = x[op];
    *form = NULL;
    if (ops.count == 6) {
        double shift = cost_against_chain(sizes, count, x[2], tc[2], tv[2]) +
                       cost_against_chain(sizes, count, x[3], tc[3], tv[3]);
        double mask = cost_against_chain(sizes, count, x[4], tc[4], tv[4]) +
                      cost_against_chain(sizes, count, x[5], tc[5], tv[5]);
        const char *source;
        const char *now = dot_ct_form_for(cpu, name, &source);
        int mask_now = strcmp(now, "mask") == 0;
        int use_mask = mask_now ? !dot_pick_form_switch(mask, shift)
                                : dot_pick_form_switch(shift, mask);
        *form = use_mask ? "mask" : "shift";
        if (use_mask)
            picked[2] = x[4], picked[3] = x[5];
        printf("constant-time forms, cost against the chain at their own crossovers (the chain "
               "alone: %zu): shift %.1f, mask %.1f: %s (running now: %s, %s; the other form "
               "replaces it only when over %.0f%% cheaper)\n",
               2 * count * DOT_SITUATIONS, shift, mask, *form, now, source,
               100 * DOT_PICK_FORM_MARGIN);
    }
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
    chain_add = chain->add_n;
    printf("libdot %s tune on CPU family %s (%d samples per size; running now with %s)\n",
           dot_version(), cpu.family, samples, dot_settings());
    const char *const *names = dot_isa_names();
    char rows[8][160];
    size_t nrows = 0, measured[8][4];
    const char *measured_name[8], *measured_form[8];
    for (size_t i = 0; names[i]; i++) {
        const dot_kernels *k = dot_kernels_for(names[i]);
        if (!k || !strcmp(names[i], "scalar") || !strcmp(names[i], "chain"))
            continue;
        size_t x[4];
        const char *form;
        size_t m;
        for (m = 0; m < nrows; m++) /* a row sharing another's add/sub code gets its values */
            if (!strcmp(measured_name[m], k->addsub_from))
                break;
        if (m < nrows) {
            memcpy(x, measured[m], sizeof x);
            form = measured_form[m];
        } else {
            if (strcmp(k->addsub_from, names[i]) != 0)
                continue;
            if (tune_variant(&cpu, names[i], k, chain, samples, x, &form))
                return 1;
        }
        measured_name[nrows] = names[i];
        measured_form[nrows] = form;
        memcpy(measured[nrows], x, sizeof x);
        char a[4][24], f[16] = "NULL";
        for (int op = 0; op < 4; op++)
            size_text(a[op], sizeof a[op], x[op], "MAX");
        if (form)
            snprintf(f, sizeof f, "\"%s\"", form);
        snprintf(rows[nrows++], sizeof rows[0], "{\"%s\", \"%s\", %s, %s, %s, %s, %s},", cpu.family,
                 names[i], a[0], a[1], a[2], a[3], f);
    }
    printf("\nPicked (tune/pick.h: the one switch size losing least against the faster kernel, "
           "summed over the sizes and situations;\nMAX: the chain at every size). Rows for "
           "dot/src/crossover_table.h:\n");
    for (size_t r = 0; r < nrows; r++)
        printf("%s\n", rows[r]);
    if (nrows) {
        char a[4][24];
        for (int op = 0; op < 4; op++)
            size_text(a[op], sizeof a[op], measured[nrows - 1][op], "max");
        printf(
            "For the %s variant now: DOT_CROSSOVER=add_n=%s,sub_n=%s,add_n_ct=%s,sub_n_ct=%s%s%s\n",
            measured_name[nrows - 1], a[0], a[1], a[2], a[3],
            measured_form[nrows - 1] ? " DOT_CT_FORM=" : "",
            measured_form[nrows - 1] ? measured_form[nrows - 1] : "");
    }
    return 0;
}
