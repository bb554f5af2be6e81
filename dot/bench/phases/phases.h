/*
 * bench_phases' shared parts (dot/bench/bench_phases.c has the method): the operands, the stage
 * timer, a table's description, the add kernels' stage timers (add_stages.c) and the result
 * file's statistics and JSON (result.c).
 */
#ifndef DOT_BENCH_PHASES_H
#define DOT_BENCH_PHASES_H

#include <stdint.h>
#include <stdio.h>
#include "dot.h"
#include "../timing.h"

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
    __attribute__((flatten)) double timer(const operands *o)                                       \
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

/* the add tables' stages (add_stages.c); stage 0 of every table is time_loop */
double time_loop(const operands *o);
double time_avx2_load(const operands *o);
double time_avx2_stage1(const operands *o);
double time_avx2_stage2(const operands *o);
double time_avx2_stage3(const operands *o);
double time_avx2_full(const operands *o);
double time_avx512_load(const operands *o);
double time_avx512_stage1(const operands *o);
double time_avx512_stage2(const operands *o);
double time_avx512_stage3(const operands *o);
double time_avx512_full(const operands *o);

/* samples[operand set][stage][round], filled by bench_phases' table() */
extern double phase_samples[2][MAX_STAGES][MAX_SAMPLES];

/* statistics and the result file's body (result.c) */
double phases_median(const double *stage, const int *idx, int n);
double phases_metric(const phase_table *t, const double *med);
const char *phases_metric_key(metric_kind m);
void phases_json_begin(FILE *f, int quick, int nsamples);
void phases_json_test(FILE *f, const phase_table *t, const char *set_name, int set,
                      const double *med, int nsamples, int *first);
void phases_json_skipped(FILE *f, const phase_table *t, const char *set_name, int *first);
int phases_json_end(FILE *f);

#endif
