/* The timing test's clock and statistic (timing_ct.c): TSC cycles between two fences, and
 * Welch's t-test accumulated online (Welford). */
#ifndef DOT_TIMING_WELCH_H
#define DOT_TIMING_WELCH_H

#include <stdint.h>
#include <x86intrin.h>

static uint64_t cycles(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

/* Welch's t-test, accumulated online (Welford). */
typedef struct {
    double n[2], mean[2], m2[2];
} welch;

static void welch_add(welch *w, int cls, double x)
{
    w->n[cls] += 1;
    double d = x - w->mean[cls];
    w->mean[cls] += d / w->n[cls];
    w->m2[cls] += d * (x - w->mean[cls]);
}

static double welch_t(const welch *w)
{
    if (w->n[0] < 2 || w->n[1] < 2)
        return 0;
    double v0 = w->m2[0] / (w->n[0] - 1), v1 = w->m2[1] / (w->n[1] - 1);
    double se = v0 / w->n[0] + v1 / w->n[1];
    return se > 0 ? (w->mean[0] - w->mean[1]) /
                        _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(se)))
                  : 0;
}

#endif
