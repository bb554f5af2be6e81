/*
 * Timing test of libdot's constant-time kernels, natively (for what memcheck cannot run: the
 * AVX-512 and IFMA variants), by the method of dudect (Reparaz, Balasch, Verbauwhede, 2017):
 * two input classes, "fixed" (one operand pair chosen to be the worst case for a data-dependent
 * kernel: a full carry cascade, all-ones limbs) and "random"; the class of each measurement is
 * drawn at random, so both classes share every drift of the machine (frequency, other jobs, the
 * VM's slow-AVX-512 processes) within this one process; the operands are copied into the same
 * buffers before each (untimed) call, so no class sits in a different cache line. Each test
 * compares the two classes' cycle counts with Welch's t statistic, on all measurements and on
 * those below a series of percentiles (cropping the long tail of interrupts); a kernel leaks when
 * the largest |t| passes the threshold twice: in the first run and in a fresh repeat (a busy
 * machine can push one run over; a real difference comes back).
 *
 *   timing_ct [--quick] [--isa NAME]... [--only KERNEL]
 *     default (long): every variant this CPU runs, more sizes, 10x the samples
 *     --quick       the make-test budget: the avx512 and ifma variants (skipped with a message
 *                   where the CPU lacks them) and the planted controls
 *   timing_ct --control   only the planted controls (each must be found leaky)
 * The IFMA exponentiation (dot_ifma_powm_ct) is timed with the ifma variant: classes "fixed" (base
 * m - 1, only the exponent's top bit set) and "random", a public modulus; its planted control is the
 * sliding-window dot_ifma_powm; the pair (dot_ifma_powm_ct_x2) runs both classes' operands twice.
 * Exit status: 0 when every constant-time kernel passed and every control was found leaky,
 * 1 otherwise, 2 on bad usage.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>
#include "common/check.h"
#include "dot_impl.h"
#include "welch.h" /* cycles, Welch's t */

#define T_THRESHOLD 10.0 /* dudect's bound for "definitely not constant time" */
#define N_CROPS 10
#define MAXN 128

/* A kernel under test: one call on the operands in the shared buffers. */
typedef struct kernel kernel;
struct kernel {
    char label[64];
    int kind; /* 0 add/sub, 1 add/sub with carry in, 2 mul 4x4, 3 sqr 4x4, 4 mul 5x5 radix 2^52,
               * 5 powm (base up, exponent vp of en limbs, modulus pm), 6 the same as a pair */
    dot_aors_fn aors;
    dot_aorsc_fn aorsc;
    void (*mul)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
    void (*sqr)(dot_limb_t *, const dot_limb_t *);
    void (*powm)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t, const dot_limb_t *,
                 size_t);
    void (*powm2)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, const dot_limb_t *,
                  dot_limb_t *, const dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                  size_t);
    int sub;
    size_t n, en;
    int expect_leak; /* a planted control */
};

static dot_limb_t up[MAXN], vp[MAXN], rp[2 * MAXN];
static dot_limb_t cin;
static dot_rng rng;
/* the exponentiations' modulus: public, one per run (odd, top bit set) */
static dot_limb_t pm[MAXN];

/* limbs of each operand a kernel reads */
static size_t operand_limbs(const kernel *k)
{
    return k->kind == 4 ? 5 : k->kind == 2 || k->kind == 3 ? 4 : k->n;
}

/* Operands of one class into separate storage (copied into up/vp just before the call). */
static void operands(const kernel *k, int fixed, dot_limb_t *u, dot_limb_t *v, dot_limb_t *c)
{
    size_t n = operand_limbs(k);
    if (k->kind >= 5) {
        /* fixed: base m - 1 and the exponent's top bit alone (a sliding window squares all
         * the way and multiplies once; m - 1's digits are runs of ones); random: b < m and e */
        for (size_t i = 0; i < n; i++)
            u[i] = fixed ? pm[i] : dot_rng_next(&rng);
        if (fixed)
            u[0] -= 1;
        else
            u[n - 1] = dot_rng_below(&rng, pm[n - 1]);
        for (size_t i = 0; i < k->en; i++)
            v[i] = fixed ? 0 : dot_rng_next(&rng);
        if (fixed)
            v[k->en - 1] = (dot_limb_t)1 << 63;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = dot_rng_next(&rng);
    }
    *c = dot_rng_next(&rng) & 1;
    if (!fixed) {
        if (k->kind == 4)
            for (size_t i = 0; i < n; i++) {
                u[i] &= (UINT64_C(1) << 52) - 1;
                v[i] &= (UINT64_C(1) << 52) - 1;
            }
        return;
    }
    if (k->kind <= 1) {
        /* a full cascade: limb 0 generates, every other limb propagates */
        for (size_t i = 0; i < n; i++)
            v[i] = k->sub ? u[i] : ~u[i];
        u[0] = k->sub ? 0 : ~(dot_limb_t)0;
        v[0] = 1;
        *c = 1;
    } else {
        dot_limb_t top = k->kind == 4 ? (UINT64_C(1) << 52) - 1 : ~(dot_limb_t)0;
        for (size_t i = 0; i < n; i++)
            u[i] = v[i] = top;
    }
}

static uint64_t measure(const kernel *k)
{
    uint64_t t0 = cycles();
    switch (k->kind) {
    case 0: k->aors(rp, up, vp, k->n); break;
    case 1: k->aorsc(rp, up, vp, k->n, cin); break;
    case 2:
    case 4: k->mul(rp, up, vp); break;
    case 5: k->powm(rp, up, vp, k->en, pm, k->n); break;
    case 6: k->powm2(rp, up, vp, pm, rp + MAXN, up, vp, pm, k->en, k->n); break;
    default: k->sqr(rp, up); break;
    }
    return cycles() - t0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* One run of `samples` measurements; returns the largest |t| over the uncropped test and the
 * N_CROPS cropped ones, with the test's sample count and class means. */
#define BATCH 1024

static double run(const kernel *k, size_t samples, double *used, double *m0, double *m1)
{
    uint64_t *t = malloc(samples * sizeof *t);
    unsigned char *cls = malloc(samples);
    /* a batch's operands are drawn before any of its calls is timed (as dudect does): the code
     * that builds a class's operands must not run just before that class's measurement */
    dot_limb_t(*u)[MAXN] = malloc(BATCH * sizeof *u), (*v)[MAXN] = malloc(BATCH * sizeof *v);
    dot_limb_t c[BATCH];
    size_t n = operand_limbs(k);
    /* warm-up: caches, the branch predictor and the vector unit's power state */
    for (int i = 0; i < 2000; i++) {
        operands(k, i & 1, u[0], v[0], &c[0]);
        memcpy(up, u[0], n * sizeof *up);
        memcpy(vp, v[0], n * sizeof *vp);
        cin = c[0];
        measure(k);
    }
    for (size_t s0 = 0; s0 < samples; s0 += BATCH) {
        size_t b = samples - s0 < BATCH ? samples - s0 : BATCH;
        for (size_t i = 0; i < b; i++) {
            cls[s0 + i] = dot_rng_next(&rng) & 1; /* 1 = fixed */
            operands(k, cls[s0 + i], u[i], v[i], &c[i]);
        }
        for (size_t i = 0; i < b; i++) {
            memcpy(up, u[i], n * sizeof *up);
            memcpy(vp, v[i], n * sizeof *vp);
            cin = c[i];
            t[s0 + i] = measure(k);
        }
    }
    /* the crop thresholds: dudect's percentiles 1 - 0.5^(10 (i + 1) / N_CROPS), here 1 - 0.5^(i + 1) */
    uint64_t *sorted = malloc(samples * sizeof *sorted), cut[N_CROPS];
    memcpy(sorted, t, samples * sizeof *t);
    qsort(sorted, samples, sizeof *sorted, cmp_u64);
    for (int i = 0; i < N_CROPS; i++) {
        double p = 1, half = 1;
        for (int j = 0; j <= i; j++)
            half /= 2;
        p -= half;
        cut[i] = sorted[(size_t)(p * (double)(samples - 1))];
    }
    welch w[N_CROPS + 1];
    memset(w, 0, sizeof w);
    for (size_t s = 0; s < samples; s++) {
        welch_add(&w[0], cls[s], (double)t[s]);
        for (int i = 0; i < N_CROPS; i++)
            if (t[s] <= cut[i])
                welch_add(&w[i + 1], cls[s], (double)t[s]);
    }
    double best = 0;
    for (int i = 0; i <= N_CROPS; i++) {
        double x = welch_t(&w[i]);
        x = x < 0 ? -x : x;
        if (x > best) {
            best = x;
            *used = w[i].n[0] + w[i].n[1];
            *m0 = w[i].mean[1]; /* fixed */
            *m1 = w[i].mean[0]; /* random */
        }
    }
    free(t);
    free(cls);
    free(u);
    free(v);
    free(sorted);
    return best;
}

/* Planted controls: correct results, data-dependent time. */
static dot_aors_fn planted_base;
/* the fix-up of a cascade done only when one happens: an early exit on a secret */
static dot_limb_t planted_branch(dot_limb_t *r, const dot_limb_t *a, const dot_limb_t *b, size_t n)
{
    dot_limb_t c = planted_base(r, a, b, n);
    size_t i = 1;
    while (i < n && r[i] == 0) /* how far the carry ran */
        i++;
    __asm__ volatile("" : : "r"(i) : "memory");
    return c;
}

static int test_kernel(const kernel *k, size_t samples, int *failures)
{
    double used, m0, m1;
    double t1 = run(k, samples, &used, &m0, &m1);
    double t2 = t1 > T_THRESHOLD ? run(k, samples, &used, &m0, &m1) : 0;
    int leaky = t1 > T_THRESHOLD && t2 > T_THRESHOLD;
    int ok = leaky == k->expect_leak;
    printf("  %-4s %-34s max|t| %7.2f%s  (n=%.0f, fixed %.1f vs random %.1f cycles)%s\n",
           ok ? "ok" : "FAIL", k->label, t1, t2 > 0 ? "" : "", used, m0, m1,
           k->expect_leak ? (leaky ? "  planted leak found" : "  planted leak NOT found")
                          : (leaky ? "  LEAKS" : ""));
    if (t2 > 0)
        printf("       repeat: max|t| %.2f\n", t2);
    if (!ok)
        (*failures)++;
    return ok;
}

static void add_aors_kernels(kernel *ks, int *nk, const char *isa, const dot_kernels *t,
                             const size_t *sizes, int nsizes)
{
    for (int s = 0; s < nsizes; s++)
        for (int op = 0; op < 4; op++) {
            kernel *k = &ks[(*nk)++];
            memset(k, 0, sizeof *k);
            static const char *const names[] = {"add_n_ct", "sub_n_ct", "add_nc_ct", "sub_nc_ct"};
            snprintf(k->label, sizeof k->label, "%s %s n=%zu", isa, names[op], sizes[s]);
            k->kind = op >= 2;
            k->sub = op & 1;
            k->n = sizes[s];
            k->aors = op == 0 ? t->add_n_ct : op == 1 ? t->sub_n_ct : NULL;
            k->aorsc = op == 2 ? t->add_nc_ct : op == 3 ? t->sub_nc_ct : NULL;
        }
}

/* The constant-time exponentiation at n limbs with an en-limb exponent, its planted control, the
 * sliding-window one (dot_ifma_powm), which must be found leaky, and with pair, the ct pair. */
static void add_powm_kernels(kernel *ks, int *nk, size_t n, size_t en, int pair)
{
    static const char *const what[3] = {"ifma powm_ct", "planted: ifma powm (sliding window)",
                                        "ifma powm_ct_x2"};
    for (int planted = 0; planted < 2 + pair; planted++) {
        kernel *k = &ks[(*nk)++];
        memset(k, 0, sizeof *k);
        snprintf(k->label, sizeof k->label, "%s n=%zu en=%zu", what[planted], n, en);
        k->kind = planted == 2 ? 6 : 5;
        k->powm = planted ? dot_ifma_powm : dot_ifma_powm_ct;
        k->powm2 = dot_ifma_powm_ct_x2;
        k->n = n;
        k->en = en;
        k->expect_leak = planted == 1;
    }
}

static int listed(const char *const *isas, int nisas, const char *isa)
{
    for (int i = 0; i < nisas; i++)
        if (!strcmp(isas[i], isa))
            return 1;
    return 0;
}

static void add_mul_kernels(kernel *ks, int *nk, const char *label,
                            void (*mul)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *),
                            void (*sqr)(dot_limb_t *, const dot_limb_t *), int r52)
{
    kernel *k = &ks[(*nk)++];
    memset(k, 0, sizeof *k);
    snprintf(k->label, sizeof k->label, "%s %s", label, r52 ? "mul_5x5_r52" : "mul_4x4");
    k->kind = r52 ? 4 : 2;
    k->mul = mul;
    if (sqr) {
        k = &ks[(*nk)++];
        memset(k, 0, sizeof *k);
        snprintf(k->label, sizeof k->label, "%s sqr_4x4", label);
        k->kind = 3;
        k->sqr = sqr;
    }
}

int main(int argc, char **argv)
{
    int quick = 0, control_only = 0;
    const char *isas[8];
    int nisas = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--control"))
            control_only = 1;
        else if (!strcmp(argv[i], "--isa") && i + 1 < argc && nisas < 8)
            isas[nisas++] = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--quick] [--control] [--isa NAME]...\n", argv[0]);
            return 2;
        }
    }
    if (!nisas) {
        static const char *const quick_isas[] = {"avx512", "ifma"};
        const char *const *all = dot_isa_names();
        if (quick)
            for (int i = 0; i < 2; i++)
                isas[nisas++] = quick_isas[i];
        else
            for (int i = 0; all[i] && nisas < 8; i++)
                isas[nisas++] = all[i];
    }
    size_t samples = quick ? 100000 : 1000000;
    static const size_t quick_sizes[] = {4, 33}, long_sizes[] = {1, 4, 8, 16, 33, 64, 100};
    const size_t *sizes = quick ? quick_sizes : long_sizes;
    int nsizes = quick ? 2 : 7;
    dot_rng_seed(&rng, (uint64_t)__rdtsc());
    /* every limb with its top bit set: the first n limbs are an n-limb modulus for any n */
    for (size_t i = 0; i < MAXN; i++)
        pm[i] = dot_rng_next(&rng) | (dot_limb_t)1 << 63;
    pm[0] |= 1;

    static kernel ks[512];
    int nk = 0, failures = 0, skipped = 0;
    if (!control_only)
        for (int i = 0; i < nisas; i++) {
            const dot_kernels *t = dot_kernels_for(isas[i]);
            if (!t) {
                printf(
                    "  skip %s: this CPU (or OS) cannot run it; its kernels are not timed here\n",
                    isas[i]);
                skipped++;
                continue;
            }
            if (!strcmp(isas[i], "avx512")) { /* both forms, whichever the table holds */
                dot_kernels shift = *t, mask = *t;
                shift.add_n_ct = dot_avx512_add_n_ct, shift.sub_n_ct = dot_avx512_sub_n_ct;
                shift.add_nc_ct = dot_avx512_add_nc_ct, shift.sub_nc_ct = dot_avx512_sub_nc_ct;
                mask.add_n_ct = dot_avx512_mask_add_n_ct, mask.sub_n_ct = dot_avx512_mask_sub_n_ct;
                mask.add_nc_ct = dot_avx512_mask_add_nc_ct;
                mask.sub_nc_ct = dot_avx512_mask_sub_nc_ct;
                add_aors_kernels(ks, &nk, "avx512 shift", &shift, sizes, nsizes);
                add_aors_kernels(ks, &nk, "avx512 mask", &mask, sizes, nsizes);
            } else if (!listed(isas, nisas, t->addsub_from)) { /* else timed under its own name */
                add_aors_kernels(ks, &nk, isas[i], t, sizes, nsizes);
            }
            char label[48];
            snprintf(label, sizeof label, "%s (%s)", isas[i], t->mul_from);
            add_mul_kernels(ks, &nk, label, t->mul_4x4, t->sqr_4x4, 0);
            add_mul_kernels(ks, &nk, label, t->mul_5x5_r52, NULL, 1);
            if (!strcmp(isas[i], "ifma")) { /* the IFMA 4x4 kernels and powm, outside the table */
                add_mul_kernels(ks, &nk, "ifma kernel", dot_ifma_mul_4x4, dot_ifma_sqr_4x4, 0);
                add_powm_kernels(ks, &nk, 8, 2, 0);
                add_powm_kernels(ks, &nk, 16, 2, 1); /* 16 limbs: RSA-2048's halves */
                if (!quick) /* 60 limbs: RSA-7680's halves, more than 64 lanes */
                    add_powm_kernels(ks, &nk, 60, 2, 0);
            }
        }
    /* the planted controls, on the best add the CPU has */
    const dot_kernels *best = dot_kernels_for(dot_isa());
    planted_base = best->add_n_ct;
    kernel *k = &ks[nk++];
    memset(k, 0, sizeof *k);
    snprintf(k->label, sizeof k->label, "planted: %s add_n_ct + early exit", best->name);
    k->aors = planted_branch;
    k->n = 33;
    k->expect_leak = 1;

    printf("timing test (dudect method): %zu measurements per kernel, |t| > %.0f twice = leaks, "
           "%s mode\n",
           samples, T_THRESHOLD, quick ? "quick" : "long");
    for (int i = 0; i < nk; i++)
        test_kernel(&ks[i], samples, &failures);
    printf("%d kernels timed, %d variants skipped, %d failed\n", nk, skipped, failures);
    return failures ? 1 : 0;
}
