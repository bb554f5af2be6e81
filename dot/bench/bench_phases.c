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
 * phases 2 and 3; the last stage is the lookahead kernel from the same header
 * (<isa>_lookahead_aors): for avx2 with phase 4 behind its branch (the library's fast flavour
 * until the lane shift), for avx512 its _ct flavour. The library's fast flavours, the lane shifts,
 * have no separate phase 2. Phase 1 is split into load and add because the paper's
 * carry-to-add ratio (Tables 1 and 3) divides by the add alone. The stage before the last is the
 * common path without its check; the last stage adds the check and, when a cascade occurs, phase 4.
 *
 * --json FILE writes the medians, each phase's share of the kernel (the loop overhead left
 * out) and the paper's summary figures (carry-to-add ratio, IFMA compute share) with percentile
 * bootstrap intervals over rounds, as the body of a dotbench result file (suite "phases"); make
 * phases-result wraps it with the provenance (mk/native_result.py).
 *
 * Files: this one (the IFMA stages, the tables, the driver), phases/add_stages.c (the add
 * tables' stages), phases/result.c (statistics and the result file), phases/phases.h.
 *
 * Tables for instruction sets this CPU lacks are skipped with a note.
 * usage: bench_phases [--quick] [--json FILE]
 */
#include <string.h>
#include "../test/common/check.h"
#include "phases/phases.h"

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

static const phase_table tables[] = {
    {"add-avx512",
     "DoT add, 8 limbs (512 bits), avx512 lookahead",
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

static void table(const phase_table *t, const operands *sets, int nsets,
                  const char *const *set_name, int nsamples, FILE *json, int *first)
{
    printf(
        "\n%s: TSC cycles per call (share of the full kernel), median of %d samples of %d calls\n",
        t->title, nsamples, REPS);
    if (!dot_isa_supported(t->isa)) {
        printf("  skipped: this CPU cannot run %s\n", t->isa);
        for (int set = 0; json && set < nsets; set++)
            phases_json_skipped(json, t, set_name[set], first);
        return;
    }
    int n = t->stages * nsets;
    for (int s = 0; s < nsamples; s++)
        for (int j = 0; j < n; j++) {
            int k = (j + s) % n;
            phase_samples[k / t->stages][k % t->stages][s] = t->timer[k % t->stages](
                &sets[k / t->stages]);
        }
    static int all[MAX_SAMPLES];
    for (int i = 0; i < nsamples; i++)
        all[i] = i;
    double med[2][MAX_STAGES];
    for (int set = 0; set < nsets; set++)
        for (int k = 0; k < t->stages; k++)
            med[set][k] = phases_median(phase_samples[set][k], all, nsamples);
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
        printf("  %-28s", phases_metric_key(t->metric));
        for (int set = 0; set < nsets; set++)
            printf("   %6.2f             ", phases_metric(t, med[set]));
        printf("\n");
    }
    if (t->note)
        printf("  %s\n", t->note);
    for (int set = 0; json && set < nsets; set++)
        phases_json_test(json, t, set_name[set], set, med[set], nsamples, first);
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
    if (json)
        phases_json_begin(json, quick, nsamples);
    int first = 1;
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        const phase_table *t = &tables[i];
        if (t->ops == OPS_ADD)
            table(t, sets, 2, add_sets, nsamples, json, &first);
        else
            table(t, t->ops == OPS_R52 ? &r52 : &sets[0], 1, mul_sets, nsamples, json, &first);
    }
    if (json && phases_json_end(json)) {
        perror(json_path);
        return 1;
    }
    return 0;
}
