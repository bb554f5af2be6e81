/*
 * Where the time of a DoT kernel goes, phase by phase, in the manner of the paper's Table 3:
 * 512-bit (8-limb) addition with the avx512 and avx2 kernels on random and on pathological
 * operands (a full cascade: phase 4 fires), and the IFMA 4x4 multiply, 4-limb square and
 * radix-2^52 5x5 multiply.
 *
 * Method: cumulative phase-truncated builds. Stage k runs phases 1..k of the kernel and stops;
 * the values phase k produced are kept alive by an empty asm that claims to read them, so the
 * compiler can neither drop the work nor add any. Every stage is timed like bench_mul (one sample
 * = `REPS` back-to-back calls through a function pointer, rdtsc, operands in L1), all stages of a
 * table take their samples in turn with the starting stage rotating, and each figure is a median.
 * Phase k's share is the difference between stages k and k-1 over the full kernel's time; stage
 * 0 is an empty function, so the call and loop overhead gets its own row instead of landing in
 * phase 1. Back-to-back calls overlap in the out-of-order core, so a phase's share is what it
 * adds to the throughput cost, and a phase whose work hides under another's can come out near
 * zero or even slightly negative.
 *
 * Sources: the multiply stages are dot/src/ifma/{mul_4x4,sqr_4x4,mul_5x5_r52}.c themselves,
 * compiled here once per DOT_PHASES=k (their VNC_PHASE_END marks, vnc.h); the last stage is the
 * unmodified kernel. The add kernels (avx512/aors.h, avx2/aors.h) have no phase marks, so their
 * stages are put together here from those headers' own helpers for the one-vector-group path an
 * 8-limb call takes (avx2: two 4-limb groups, carry chained): the loads alone, loads + add, then
 * phases 2 and 3; the last stage is the kernel's own core (<isa>_aors, fast flavour) from the
 * same header. Phase 1 is split into load and add because the paper's carry-to-add ratio
 * (Tables 1 and 3) divides by the add alone. The stage before the last is the common path
 * without its check; the last stage adds the check and, when a cascade occurs, phase 4.
 *
 * --json FILE writes the medians, each phase's share of the kernel (the loop overhead left
 * out) and the paper's summary figures (carry-to-add ratio, IFMA compute share) with percentile
 * bootstrap intervals over rounds, as the body of a dotbench result file (suite "phases"); make
 * phases-result wraps it with the provenance (mk/native_result.py).
 *
 * Tables for instruction sets this CPU lacks are skipped with a note.
 * usage: bench_phases [--quick] [--json FILE]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../test/common/check.h"
#include "dot.h"
#include "timing.h"

#define REPS 256 /* this VM's TSC moves in steps of about 25: 64 calls would quantise to 0.4 */
#define MAX_SAMPLES 401
#define MAX_STAGES 7

typedef struct {
    dot_limb_t u[8], v[8];
} operands;

/* A timer for one stage: `REPS` copies of STMT (which reads rp, up, vp) inlined in a loop, no
 * call; the pointers go through an empty asm every time round, so the compiler cannot hoist any
 * of the work out of the loop, and `flatten` inlines the kernel-source stages into the loop. */
#define DEFINE_TIMER(timer, STMT)                                                                  \
    __attribute__((flatten)) static double timer(const operands *o)                                \
    {                                                                                              \
        dot_limb_t r[10];                                                                          \
        uint64_t t0 = dot_tsc_begin();                                                             \
        for (int i = 0; i < REPS; i++) {                                                           \
            dot_limb_t *rp = r;                                                                    \
            const dot_limb_t *up = o->u, *vp = o->v;                                               \
            __asm__ volatile("" : "+r"(rp), "+r"(up), "+r"(vp));                                   \
            STMT;                                                                                  \
        }                                                                                          \
        uint64_t t1 = dot_tsc_end();                                                               \
        return (double)(t1 - t0) / REPS;                                                           \
    }
#define KEEP_CARRY(x) __asm__ volatile("" : : "r"(x))

/* stage 0 of every table: the loop alone */
DEFINE_TIMER(time_loop, (void)rp)

/* ---- avx2 add, 8 limbs = two one-vector groups ------------------------------------------- */
#pragma GCC push_options
#pragma GCC target("avx2")
#include "avx2/aors.h"

DOT_ALWAYS_INLINE void keep256(__m256i v) { __asm__ volatile("" : : "x"(v)); }

DOT_ALWAYS_INLINE dot_limb_t avx2_stage_load(dot_limb_t *rp, const dot_limb_t *up,
                                             const dot_limb_t *vp)
{
    (void)rp;
    for (int k = 0; k < 2; k++) {
        keep256(_mm256_loadu_si256((const __m256i *)(up + 4 * k)));
        keep256(_mm256_loadu_si256((const __m256i *)(vp + 4 * k)));
    }
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_stage1(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    (void)rp;
    for (int k = 0; k < 2; k++)
        keep256(_mm256_add_epi64(_mm256_loadu_si256((const __m256i *)(up + 4 * k)),
                                 _mm256_loadu_si256((const __m256i *)(vp + 4 * k))));
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_stage2(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    (void)rp;
    uint64_t carry = 0;
    for (int k = 0; k < 2; k++) {
        uint64_t g, p;
        keep256(avx2_phase1(_mm256_loadu_si256((const __m256i *)(up + 4 * k)),
                            _mm256_loadu_si256((const __m256i *)(vp + 4 * k)), DOT_OP_ADD, &g, &p));
        __asm__ volatile("" : : "r"(p));
        carry = ((g << 1) | carry) >> 4;
    }
    return carry;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_stage3(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    uint64_t carry = 0;
    for (int k = 0; k < 2; k++) {
        uint64_t g, p;
        __m256i r = avx2_phase1(_mm256_loadu_si256((const __m256i *)(up + 4 * k)),
                                _mm256_loadu_si256((const __m256i *)(vp + 4 * k)), DOT_OP_ADD, &g,
                                &p);
        __asm__ volatile("" : : "r"(p));
        uint64_t in = (g << 1) | carry;
        carry = in >> 4;
        __m256i bits = _mm256_set1_epi64x((long long)(in & 0xF));
        _mm256_storeu_si256((__m256i *)(rp + 4 * k), avx2_apply(r, bits, 0, DOT_OP_ADD));
    }
    return carry;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_full(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    return avx2_aors(rp, up, vp, 8, 0, DOT_OP_ADD, DOT_FAST);
}
DEFINE_TIMER(time_avx2_load, KEEP_CARRY(avx2_stage_load(rp, up, vp)))
DEFINE_TIMER(time_avx2_stage1, KEEP_CARRY(avx2_stage1(rp, up, vp)))
DEFINE_TIMER(time_avx2_stage2, KEEP_CARRY(avx2_stage2(rp, up, vp)))
DEFINE_TIMER(time_avx2_stage3, KEEP_CARRY(avx2_stage3(rp, up, vp)))
DEFINE_TIMER(time_avx2_full, KEEP_CARRY(avx2_full(rp, up, vp)))
#pragma GCC pop_options

/* ---- avx512 add, 8 limbs = one vector --------------------------------------------------- */
#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512vl")
#include "avx512/aors.h"

DOT_ALWAYS_INLINE void keep512(__m512i v) { __asm__ volatile("" : : "v"(v)); }

DOT_ALWAYS_INLINE dot_limb_t avx512_stage_load(dot_limb_t *rp, const dot_limb_t *up,
                                               const dot_limb_t *vp)
{
    (void)rp;
    keep512(_mm512_loadu_si512((const void *)up));
    keep512(_mm512_loadu_si512((const void *)vp));
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_stage1(dot_limb_t *rp, const dot_limb_t *up,
                                           const dot_limb_t *vp)
{
    (void)rp;
    keep512(_mm512_add_epi64(_mm512_loadu_si512((const void *)up),
                             _mm512_loadu_si512((const void *)vp)));
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_stage2(dot_limb_t *rp, const dot_limb_t *up,
                                           const dot_limb_t *vp)
{
    (void)rp;
    uint64_t g, p;
    keep512(avx512_phase1(_mm512_loadu_si512((const void *)up),
                          _mm512_loadu_si512((const void *)vp), DOT_OP_ADD, &g, &p));
    __asm__ volatile("" : : "r"(p));
    return (g << 1) >> 8;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_stage3(dot_limb_t *rp, const dot_limb_t *up,
                                           const dot_limb_t *vp)
{
    uint64_t g, p;
    __m512i r = avx512_phase1(_mm512_loadu_si512((const void *)up),
                              _mm512_loadu_si512((const void *)vp), DOT_OP_ADD, &g, &p);
    __asm__ volatile("" : : "r"(p));
    uint64_t in = g << 1;
    const __m512i bits = _mm512_set1_epi64((long long)(in & 0xFF));
    _mm512_storeu_si512((void *)rp, _mm512_add_epi64(r, avx512_receivers(bits, 0)));
    return in >> 8;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_full(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    return avx512_aors(rp, up, vp, 8, 0, DOT_OP_ADD, DOT_FAST);
}
DEFINE_TIMER(time_avx512_load, KEEP_CARRY(avx512_stage_load(rp, up, vp)))
DEFINE_TIMER(time_avx512_stage1, KEEP_CARRY(avx512_stage1(rp, up, vp)))
DEFINE_TIMER(time_avx512_stage2, KEEP_CARRY(avx512_stage2(rp, up, vp)))
DEFINE_TIMER(time_avx512_stage3, KEEP_CARRY(avx512_stage3(rp, up, vp)))
DEFINE_TIMER(time_avx512_full, KEEP_CARRY(avx512_full(rp, up, vp)))
#pragma GCC pop_options

/* ---- IFMA multiply and square: the kernel sources, once per DOT_PHASES=k ------------------ */
#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512vl,avx512ifma")
#define DOT_PHASES 1
#define dot_ifma_mul_4x4 mul_4x4_stage1
#define dot_ifma_sqr_4x4 sqr_4x4_stage1
#define dot_ifma_mul_5x5_r52 mul_5x5_stage1
#include "ifma/mul_4x4.c"
#include "ifma/sqr_4x4.c"
#include "ifma/mul_5x5_r52.c"
#undef DOT_PHASES
#undef dot_ifma_mul_4x4
#undef dot_ifma_sqr_4x4
#undef dot_ifma_mul_5x5_r52
#define DOT_PHASES 2
#define dot_ifma_mul_4x4 mul_4x4_stage2
#define dot_ifma_sqr_4x4 sqr_4x4_stage2
#define dot_ifma_mul_5x5_r52 mul_5x5_stage2
#include "ifma/mul_4x4.c"
#include "ifma/sqr_4x4.c"
#include "ifma/mul_5x5_r52.c"
#undef DOT_PHASES
#undef dot_ifma_mul_4x4
#undef dot_ifma_sqr_4x4
#undef dot_ifma_mul_5x5_r52
#define DOT_PHASES 3 /* the products have no phase 3 of their own (vnc_gather_mul) */
#define dot_ifma_sqr_4x4 sqr_4x4_stage3
#include "ifma/sqr_4x4.c"
#undef DOT_PHASES
#undef dot_ifma_sqr_4x4
#define DOT_PHASES 4
#define dot_ifma_mul_4x4 mul_4x4_stage4
#define dot_ifma_sqr_4x4 sqr_4x4_stage4
#define dot_ifma_mul_5x5_r52 mul_5x5_stage4
#include "ifma/mul_4x4.c"
#include "ifma/sqr_4x4.c"
#include "ifma/mul_5x5_r52.c"
#undef DOT_PHASES
#undef dot_ifma_mul_4x4
#undef dot_ifma_sqr_4x4
#undef dot_ifma_mul_5x5_r52
#define DOT_PHASES 5 /* past the last mark: the whole kernel */
#define dot_ifma_mul_4x4 mul_4x4_stage5
#define dot_ifma_sqr_4x4 sqr_4x4_stage5
#define dot_ifma_mul_5x5_r52 mul_5x5_stage5
#include "ifma/mul_4x4.c"
#include "ifma/sqr_4x4.c"
#include "ifma/mul_5x5_r52.c"
#undef DOT_PHASES
#undef dot_ifma_mul_4x4
#undef dot_ifma_sqr_4x4
#undef dot_ifma_mul_5x5_r52
DEFINE_TIMER(time_mul_4x4_stage1, mul_4x4_stage1(rp, up, vp))
DEFINE_TIMER(time_mul_4x4_stage2, mul_4x4_stage2(rp, up, vp))
DEFINE_TIMER(time_mul_4x4_stage4, mul_4x4_stage4(rp, up, vp))
DEFINE_TIMER(time_mul_4x4_stage5, mul_4x4_stage5(rp, up, vp))
DEFINE_TIMER(time_sqr_4x4_stage1, sqr_4x4_stage1(rp, up); (void)vp)
DEFINE_TIMER(time_sqr_4x4_stage2, sqr_4x4_stage2(rp, up); (void)vp)
DEFINE_TIMER(time_sqr_4x4_stage3, sqr_4x4_stage3(rp, up); (void)vp)
DEFINE_TIMER(time_sqr_4x4_stage4, sqr_4x4_stage4(rp, up); (void)vp)
DEFINE_TIMER(time_sqr_4x4_stage5, sqr_4x4_stage5(rp, up); (void)vp)
DEFINE_TIMER(time_mul_5x5_stage1, mul_5x5_stage1(rp, up, vp))
DEFINE_TIMER(time_mul_5x5_stage2, mul_5x5_stage2(rp, up, vp))
DEFINE_TIMER(time_mul_5x5_stage4, mul_5x5_stage4(rp, up, vp))
DEFINE_TIMER(time_mul_5x5_stage5, mul_5x5_stage5(rp, up, vp))
#pragma GCC pop_options

/* ---- timing and the tables ---------------------------------------------------------------- */

/* which operands a table's kernels take */
typedef enum { OPS_ADD, OPS_LIMBS, OPS_R52 } ops_kind;

/* the paper's summary figure a table yields (Table 3 of the DoT paper), if any */
typedef enum {
    METRIC_NONE,
    /* carry-handling cycles (every stage after "1 add") over addition cycles ("1 add" alone) */
    METRIC_CARRY_TO_ADD,
    /* the IFMA compute phase's share of the kernel (the full kernel less the loop overhead) */
    METRIC_IFMA_SHARE,
} metric_kind;

typedef struct {
    const char *name; /* the result file's test name, before "-<operand set>" */
    const char *title;
    const char *isa; /* the variant the CPU must be able to run */
    ops_kind ops;
    int stages; /* including stage 0 */
    double (*timer[MAX_STAGES])(const operands *);
    const char *phase[MAX_STAGES]; /* phase[k]: what stage k adds to stage k-1 */
    const char *note;              /* printed under the table, or NULL */
    metric_kind metric;
    int metric_stage; /* the stage "1 add" (carry-to-add) or "2 IFMA compute" (IFMA share) ends */
} phase_table;

static const phase_table tables[] = {
    {"add-avx512",
     "DoT add, 8 limbs (512 bits), avx512",
     "avx512",
     OPS_ADD,
     6,
     {time_loop, time_avx512_load, time_avx512_stage1, time_avx512_stage2, time_avx512_stage3,
      time_avx512_full},
     {"loop overhead", "1 load", "1 add", "2 generate carries", "3 add carries + store",
      "4 check + cascade fix-up"},
     NULL,
     METRIC_CARRY_TO_ADD,
     2},
    {"add-avx2",
     "DoT add, 8 limbs (512 bits), avx2",
     "avx2",
     OPS_ADD,
     6,
     {time_loop, time_avx2_load, time_avx2_stage1, time_avx2_stage2, time_avx2_stage3,
      time_avx2_full},
     {"loop overhead", "1 load", "1 add", "2 generate carries", "3 add carries + store",
      "4 check + cascade fix-up"},
     NULL,
     METRIC_CARRY_TO_ADD,
     2},
    {"mul_4x4-ifma",
     "DoT multiply 4x4 limbs (256 bits), ifma",
     "ifma",
     OPS_LIMBS,
     5,
     {time_loop, time_mul_4x4_stage1, time_mul_4x4_stage2, time_mul_4x4_stage4,
      time_mul_4x4_stage5},
     {"loop overhead", "1 gather + radix 64->52", "2 IFMA compute", "4 reduce columns",
      "5 carry + 52->64 + store"},
     "phase 3 (align hi halves) has no instructions here: phase 1 rotates A one lane further for\n"
     "  the hi halves, so each lands in its own column",
     METRIC_IFMA_SHARE,
     2},
    {"sqr_4x4-ifma",
     "DoT square 4 limbs (256 bits), ifma",
     "ifma",
     OPS_LIMBS,
     6,
     {time_loop, time_sqr_4x4_stage1, time_sqr_4x4_stage2, time_sqr_4x4_stage3, time_sqr_4x4_stage4,
      time_sqr_4x4_stage5},
     {"loop overhead", "1 gather + radix 64->52", "2 IFMA compute", "3 align hi halves",
      "4 reduce columns", "5 carry + 52->64 + store"},
     NULL,
     METRIC_IFMA_SHARE,
     2},
    {"mul_5x5_r52-ifma",
     "DoT multiply 5x5 digits radix 2^52, ifma",
     "ifma",
     OPS_R52,
     5,
     {time_loop, time_mul_5x5_stage1, time_mul_5x5_stage2, time_mul_5x5_stage4,
      time_mul_5x5_stage5},
     {"loop overhead", "1 gather", "2 IFMA compute", "4 reduce columns", "5 carry pass + store"},
     "phase 3 (align hi halves) has no instructions here: phase 1 rotates A one lane further for\n"
     "  the hi halves, so each lands in its own column",
     METRIC_IFMA_SHARE,
     2},
};

#define BOOTSTRAP_RESAMPLES 1000
#define BOOTSTRAP_SEED 17

static double samples[2][MAX_STAGES][MAX_SAMPLES];
static double scratch[MAX_SAMPLES];

/* the median of stage k's samples over the rounds idx[0..n-1] (a resample of the rounds) */
static double median_of(const double *stage, const int *idx, int n)
{
    for (int i = 0; i < n; i++)
        scratch[i] = stage[idx[i]];
    return dot_median(scratch, (size_t)n);
}

/* The table's metric from stage medians; NAN when undefined (the addition costs nothing over
 * the load, so there is no ratio to take). */
static double metric_value(const phase_table *t, const double *med)
{
    int k = t->metric_stage;
    double full = med[t->stages - 1];
    if (t->metric == METRIC_CARRY_TO_ADD) {
        double add = med[k] - med[k - 1];
        return add > 0 ? (full - med[k]) / add : NAN;
    }
    if (t->metric == METRIC_IFMA_SHARE) {
        double kernel = full - med[0];
        return kernel > 0 ? 100.0 * (med[k] - med[k - 1]) / kernel : NAN;
    }
    return NAN;
}

static const char *metric_key(metric_kind m)
{
    return m == METRIC_CARRY_TO_ADD ? "carry_to_add_ratio" : "ifma_share_percent";
}

static const char *metric_definition(metric_kind m)
{
    return m == METRIC_CARRY_TO_ADD
               ? "carry-handling TSC cycles (every stage after '1 add': generate carries, add "
                 "carries + store, check + cascade fix-up) over addition cycles ('1 add' alone, "
                 "the load excluded), as the paper's Table 1 and 3 define it"
               : "the '2 IFMA compute' stage's TSC cycles over the full kernel's, the loop "
                 "overhead excluded, in percent";
}

/* a number in JSON: null for NAN */
static void json_number(FILE *f, double v)
{
    if (isnan(v))
        fprintf(f, "null");
    else
        fprintf(f, "%.4f", v);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One test of the result file: one table on one operand set. Bootstrap: resample the rounds
 * (every stage's sample of a round together), take each stage's median, recompute the metric;
 * the interval is the 2.5th and 97.5th percentiles, null when any resample is undefined. */
static void json_test(FILE *f, const phase_table *t, const char *set_name, int set,
                      const double *med, int nsamples, int *first)
{
    fprintf(f, "%s\n    {\"name\": \"%s-%s\", \"title\": \"%s\", \"kernel_isa\": \"%s\", ",
            *first ? "" : ",", t->name, set_name, t->title, t->isa);
    *first = 0;
    fprintf(f, "\"operands\": \"%s\", \"failed\": {}, \"skipped\": null,\n", set_name);
    fprintf(f,
            "     \"checked_by\": \"not checked here: a timing breakdown (make test-dot checks the "
            "kernels' answers)\",\n");
    fprintf(f, "     \"stage_tsc_cycles_per_call\": [");
    for (int k = 0; k < t->stages; k++) {
        fprintf(f, "%s{\"through\": \"%s\", \"median\": ", k ? ", " : "", t->phase[k]);
        json_number(f, med[k]);
        fprintf(f, "}");
    }
    fprintf(f, "],\n     \"phases\": [");
    double kernel = med[t->stages - 1] - med[0];
    for (int k = 1; k < t->stages; k++) {
        double d = med[k] - med[k - 1];
        fprintf(f, "%s{\"phase\": \"%s\", \"tsc_cycles\": ", k > 1 ? ", " : "", t->phase[k]);
        json_number(f, d);
        fprintf(f, ", \"share_percent\": ");
        json_number(f, kernel > 0 ? 100.0 * d / kernel : NAN);
        fprintf(f, "}");
    }
    fprintf(f, "],\n     \"loop_overhead_tsc_cycles\": ");
    json_number(f, med[0]);
    fprintf(f, ", \"kernel_tsc_cycles\": ");
    json_number(f, kernel);
    if (t->note)
        fprintf(f, ",\n     \"note\": \"%s\"",
                "phase 3 (align hi halves) has no instructions here");
    if (t->metric != METRIC_NONE) {
        static double boot[BOOTSTRAP_RESAMPLES];
        static int idx[MAX_SAMPLES];
        uint64_t x = BOOTSTRAP_SEED;
        int undefined = 0;
        for (int b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
            for (int i = 0; i < nsamples; i++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                idx[i] = (int)(x % (uint64_t)nsamples);
            }
            double m[MAX_STAGES];
            for (int k = 0; k < t->stages; k++)
                m[k] = median_of(samples[set][k], idx, nsamples);
            boot[b] = metric_value(t, m);
            undefined |= isnan(boot[b]);
        }
        qsort(boot, BOOTSTRAP_RESAMPLES, sizeof boot[0], cmp_double);
        double v = metric_value(t, med);
        fprintf(f, ",\n     \"metrics\": {\"%s\": {\"value\": ", metric_key(t->metric));
        json_number(f, v);
        fprintf(f, ", \"ci_low\": ");
        json_number(f, undefined ? NAN : boot[BOOTSTRAP_RESAMPLES * 25 / 1000]);
        fprintf(f, ", \"ci_high\": ");
        json_number(f, undefined ? NAN : boot[BOOTSTRAP_RESAMPLES * 975 / 1000 - 1]);
        fprintf(f, ", \"definition\": \"%s\"", metric_definition(t->metric));
        if (isnan(v))
            fprintf(f, ", \"undefined_because\": \"%s\"",
                    t->metric == METRIC_CARRY_TO_ADD
                        ? "the stage '1 add' costs no more than '1 load' alone: the addition "
                          "adds no throughput cost, so the ratio has no denominator"
                        : "the full kernel costs no more than the empty loop");
        else if (undefined)
            fprintf(f, ", \"ci_undefined_because\": \"some bootstrap resamples have no "
                       "denominator\"");
        fprintf(f, "}}");
    }
    fprintf(f, "}");
}

static void table(const phase_table *t, const operands *sets, int nsets,
                  const char *const *set_name, int nsamples, FILE *json, int *first)
{
    printf(
        "\n%s: TSC cycles per call (share of the full kernel), median of %d samples of %d calls\n",
        t->title, nsamples, REPS);
    if (!dot_isa_supported(t->isa)) {
        printf("  skipped: this CPU cannot run %s\n", t->isa);
        for (int set = 0; json && set < nsets; set++) {
            fprintf(json, "%s\n    {\"name\": \"%s-%s\", \"title\": \"%s\", \"failed\": {}, ",
                    *first ? "" : ",", t->name, set_name[set], t->title);
            fprintf(json, "\"skipped\": \"this CPU cannot run %s\"}", t->isa);
            *first = 0;
        }
        return;
    }
    int n = t->stages * nsets;
    for (int s = 0; s < nsamples; s++)
        for (int j = 0; j < n; j++) {
            int k = (j + s) % n;
            samples[k / t->stages][k % t->stages][s] = t->timer[k % t->stages](
                &sets[k / t->stages]);
        }
    static int all[MAX_SAMPLES];
    for (int i = 0; i < nsamples; i++)
        all[i] = i;
    double med[2][MAX_STAGES];
    for (int set = 0; set < nsets; set++)
        for (int k = 0; k < t->stages; k++)
            med[set][k] = median_of(samples[set][k], all, nsamples);
    printf("  %-28s", "phase");
    for (int set = 0; set < nsets; set++)
        printf("   %-18s", set_name[set]);
    printf("\n");
    for (int k = 0; k < t->stages; k++) {
        printf("  %-28s", t->phase[k]);
        for (int set = 0; set < nsets; set++) {
            double d = k ? med[set][k] - med[set][k - 1] : med[set][0];
            printf("   %6.1f  (%5.1f%%)  ", d, 100.0 * d / med[set][t->stages - 1]);
        }
        printf("\n");
    }
    printf("  %-28s", "total (full kernel)");
    for (int set = 0; set < nsets; set++)
        printf("   %6.1f             ", med[set][t->stages - 1]);
    printf("\n");
    if (t->metric != METRIC_NONE) {
        printf("  %-28s", metric_key(t->metric));
        for (int set = 0; set < nsets; set++)
            printf("   %6.2f             ", metric_value(t, med[set]));
        printf("\n");
    }
    if (t->note)
        printf("  %s\n", t->note);
    for (int set = 0; json && set < nsets; set++)
        json_test(json, t, set_name[set], set, med[set], nsamples, first);
}

int main(int argc, char **argv)
{
    int quick = 0;
    const char *json_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc)
            json_path = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--quick] [--json FILE]\n", argv[0]);
            return 2;
        }
    }
    int nsamples = quick ? 41 : MAX_SAMPLES;
    FILE *json = NULL;
    if (json_path && !(json = fopen(json_path, "w"))) {
        perror(json_path);
        return 1;
    }
    operands sets[2];
    dot_rng rng;
    dot_rng_seed(&rng, 3);
    for (int i = 0; i < 8; i++) {
        sets[0].u[i] = dot_rng_next(&rng);
        sets[0].v[i] = dot_rng_next(&rng);
        sets[1].u[i] = ~UINT64_C(0);
        sets[1].v[i] = i == 0;
    }
    /* the 4x4 tables read the first 4 random limbs; the radix-2^52 one 5 digits */
    operands r52 = sets[0];
    for (int i = 0; i < 5; i++) {
        r52.u[i] &= (UINT64_C(1) << 52) - 1;
        r52.v[i] &= (UINT64_C(1) << 52) - 1;
    }
    static const char *const add_sets[] = {"random", "pathological"};
    static const char *const mul_sets[] = {"random"};
    printf("libdot %s: phase breakdown by cumulative phase-truncated builds (see the top of %s)\n",
           dot_version(), __FILE__);
    /* The body of a dotbench result file (suite "phases"); mk/native_result.py adds the
     * schema, the provenance and the command. */
    if (json) {
        fprintf(json, "{\"settings\": {\"profile\": \"%s\", \"samples\": %d, ",
                quick ? "quick" : "full", nsamples);
        fprintf(json, "\"calls_per_sample\": %d, \"clock\": \"rdtsc (TSC reference cycles)\", ",
                REPS);
        fprintf(json, "\"interleaving\": \"every stage of a table in turn per round, the first "
                      "stage rotating\", \"statistic\": \"median\", ");
        fprintf(json, "\"ci\": \"percentile bootstrap over rounds, 95%%\", ");
        fprintf(json, "\"bootstrap_resamples\": %d, \"bootstrap_seed\": %d},\n",
                BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED);
        fprintf(json, " \"libdot\": {\"version\": \"%s\", \"isa\": \"%s\"},\n", dot_version(),
                dot_isa());
        fprintf(json,
                " \"variants\": [{\"name\": \"libdot\", \"library\": \"libdot\", "
                "\"path\": \"libdot.a (linked statically)\", \"version\": \"%s\", "
                "\"marker\": null, \"modified\": true, \"manifest\": null}],\n",
                dot_version());
        fprintf(json, " \"tests\": [");
    }
    int first = 1;
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        const phase_table *t = &tables[i];
        if (t->ops == OPS_ADD)
            table(t, sets, 2, add_sets, nsamples, json, &first);
        else
            table(t, t->ops == OPS_R52 ? &r52 : &sets[0], 1, mul_sets, nsamples, json, &first);
    }
    if (json) {
        fprintf(json, "\n ],\n \"comparisons\": []}\n");
        if (fclose(json) != 0) {
            perror(json_path);
            return 1;
        }
    }
    return 0;
}
