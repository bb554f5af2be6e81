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
 * stages 1..3 are put together here from those headers' own helpers for the one-vector-group
 * path an 8-limb call takes (avx2: two 4-limb groups, carry chained), and the last stage is the
 * kernel's own core (<isa>_aors, fast flavour) from the same header. Stage 3 is the common path
 * without its check; the last stage adds the check and, when a cascade occurs, phase 4.
 *
 * Tables for instruction sets this CPU lacks are skipped with a note.
 * usage: bench_phases [--quick]
 */
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

typedef struct {
    const char *title;
    const char *isa; /* the variant the CPU must be able to run */
    ops_kind ops;
    int stages; /* including stage 0 */
    double (*timer[MAX_STAGES])(const operands *);
    const char *phase[MAX_STAGES]; /* phase[k]: what stage k adds to stage k-1 */
    const char *note;              /* printed under the table, or NULL */
} phase_table;

static const phase_table tables[] = {
    {"DoT add, 8 limbs (512 bits), avx512",
     "avx512",
     OPS_ADD,
     5,
     {time_loop, time_avx512_stage1, time_avx512_stage2, time_avx512_stage3, time_avx512_full},
     {"loop overhead", "1 load + add", "2 generate carries", "3 add carries + store",
      "4 check + cascade fix-up"},
     NULL},
    {"DoT add, 8 limbs (512 bits), avx2",
     "avx2",
     OPS_ADD,
     5,
     {time_loop, time_avx2_stage1, time_avx2_stage2, time_avx2_stage3, time_avx2_full},
     {"loop overhead", "1 load + add", "2 generate carries", "3 add carries + store",
      "4 check + cascade fix-up"},
     NULL},
    {"DoT multiply 4x4 limbs (256 bits), ifma",
     "ifma",
     OPS_LIMBS,
     5,
     {time_loop, time_mul_4x4_stage1, time_mul_4x4_stage2, time_mul_4x4_stage4,
      time_mul_4x4_stage5},
     {"loop overhead", "1 gather + radix 64->52", "2 IFMA compute", "4 reduce columns",
      "5 carry + 52->64 + store"},
     "phase 3 (align hi halves) has no instructions here: phase 1 rotates A one lane further for\n"
     "  the hi halves, so each lands in its own column"},
    {"DoT square 4 limbs (256 bits), ifma",
     "ifma",
     OPS_LIMBS,
     6,
     {time_loop, time_sqr_4x4_stage1, time_sqr_4x4_stage2, time_sqr_4x4_stage3, time_sqr_4x4_stage4,
      time_sqr_4x4_stage5},
     {"loop overhead", "1 gather + radix 64->52", "2 IFMA compute", "3 align hi halves",
      "4 reduce columns", "5 carry + 52->64 + store"},
     NULL},
    {"DoT multiply 5x5 digits radix 2^52, ifma",
     "ifma",
     OPS_R52,
     5,
     {time_loop, time_mul_5x5_stage1, time_mul_5x5_stage2, time_mul_5x5_stage4,
      time_mul_5x5_stage5},
     {"loop overhead", "1 gather", "2 IFMA compute", "4 reduce columns", "5 carry pass + store"},
     "phase 3 (align hi halves) has no instructions here: phase 1 rotates A one lane further for\n"
     "  the hi halves, so each lands in its own column"},
};

static double samples[2][MAX_STAGES][MAX_SAMPLES];

static void table(const phase_table *t, const operands *sets, int nsets,
                  const char *const *set_name, int nsamples)
{
    printf(
        "\n%s: TSC cycles per call (share of the full kernel), median of %d samples of %d calls\n",
        t->title, nsamples, REPS);
    if (!dot_isa_supported(t->isa)) {
        printf("  skipped: this CPU cannot run %s\n", t->isa);
        return;
    }
    int n = t->stages * nsets;
    for (int s = 0; s < nsamples; s++)
        for (int j = 0; j < n; j++) {
            int k = (j + s) % n;
            samples[k / t->stages][k % t->stages][s] = t->timer[k % t->stages](
                &sets[k / t->stages]);
        }
    double med[2][MAX_STAGES];
    for (int set = 0; set < nsets; set++)
        for (int k = 0; k < t->stages; k++)
            med[set][k] = dot_median(samples[set][k], (size_t)nsamples);
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
    if (t->note)
        printf("  %s\n", t->note);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    int nsamples = quick ? 41 : MAX_SAMPLES;
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
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        const phase_table *t = &tables[i];
        if (t->ops == OPS_ADD)
            table(t, sets, 2, add_sets, nsamples);
        else
            table(t, t->ops == OPS_R52 ? &r52 : &sets[0], 1, mul_sets, nsamples);
    }
    return 0;
}
