/* Cycle timing for the C benchmarks: rdtsc fenced so the timed calls neither start early nor
 * retire late. TSC counts reference cycles at a constant rate, not core cycles under turbo. */
#ifndef DOT_BENCH_TIMING_H
#define DOT_BENCH_TIMING_H

#include <stdint.h>
#include <stdlib.h>
#include <x86intrin.h>

static inline uint64_t dot_tsc_begin(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

static inline uint64_t dot_tsc_end(void)
{
    unsigned aux;
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}

static int dot_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of v[0..n-1]; reorders v. */
static inline double dot_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, dot_cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
