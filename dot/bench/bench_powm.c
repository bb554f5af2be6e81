/*
 * libdot's IFMA exponentiations (dot_ifma_powm, the kernel behind dot_powm, and its constant-time
 * form dot_ifma_powm_ct, behind dot_powm_ct) against GMP's mpz_powm (its assembly basecases and
 * redc on an assembly build), at the modulus sizes of RSA-CRT halves and around them, and past 69
 * limbs, where the kernel's product is the wide one (powm_amm_wide.h): b^e mod m
 * with a random odd m of n full limbs, b < m and e of n limbs (a CRT exponent is as long as its
 * modulus); then e of 4 limbs at the FFDH and DSA moduli (their private exponents are 224-256
 * bits). TSC cycles per call, median of interleaved samples; every result is checked against
 * GMP's before it is timed. The last column says whether dot_powm and dot_powm_ct, as dispatched
 * now, take that size (the window of dot_basecase_active(), DOT_BASECASE=powm=...). Then the
 * constant-time pairs (dot_ifma_powm_ct_x2, behind dot_powm_ct_x2: an RSA private operation's two
 * CRT halves, moduli of the same bit length) against the same two exponentiations one after the
 * other, and against two mpz_powm. First, where the CPU has BMI2 and ADX, the 4-limb kernels
 * (mulx/powm4.h: dot_mulx_powm4, _ct and _ct_x2, behind the three entry points at n = 4) against
 * mpz_powm and mpz_powm_sec (GMP's constant-time exponentiation), e of 4 limbs. After the long
 * exponents, public ones: e of 2 to 64 bits at 4 to 256 limbs, GMP's mpz_powm over the sliding
 * kernel, starred where dot_powm takes the call (its exponent rule: where the set-up repays).
 * usage: bench_powm [--quick | --drift ROUNDS] (--drift: drift()'s comment)
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/common/check.h"
#include "dot.h"
#include "dot_impl.h"
#include "gmp_origin.h"
#include "timing.h"

typedef void (*powm_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                        const dot_limb_t *, size_t);

/* A random odd modulus of n full limbs (top bit set), a base below it, an exponent of en full
 * limbs. */
static void operands(dot_limb_t *m, dot_limb_t *b, dot_limb_t *e, size_t n, size_t en, dot_rng *rng)
{
    for (size_t i = 0; i < n; i++) {
        m[i] = dot_rng_next(rng);
        b[i] = dot_rng_next(rng);
    }
    for (size_t i = 0; i < en; i++)
        e[i] = dot_rng_next(rng);
    m[0] |= 1;
    m[n - 1] |= (dot_limb_t)1 << 63;
    b[n - 1] >>= 1;
    e[en - 1] |= (dot_limb_t)1 << 63;
}

/* One row: n-limb m and b, en-limb e. Returns 0, or 1 when a kernel's result is wrong. */
static int row(size_t n, size_t en, int samples, dot_rng *rng)
{
    static const powm_fn kernels[2] = {dot_ifma_powm, dot_ifma_powm_ct};
    static double cycles[3][21];
    dot_limb_t m[DOT_POWM_MAX], b[DOT_POWM_MAX], e[DOT_POWM_MAX], r[DOT_POWM_MAX];
    operands(m, b, e, n, en, rng);
    mpz_t zm, zb, ze, zr;
    mpz_inits(zm, zb, ze, zr, NULL);
    mpz_import(zm, n, -1, sizeof *m, 0, 0, m);
    mpz_import(zb, n, -1, sizeof *b, 0, 0, b);
    mpz_import(ze, en, -1, sizeof *e, 0, 0, e);
    mpz_powm(zr, zb, ze, zm);
    dot_limb_t want[DOT_POWM_MAX] = {0};
    mpz_export(want, NULL, -1, sizeof *want, 0, 0, zr);
    for (int k = 0; k < 2; k++) {
        kernels[k](r, b, e, en, m, n);
        if (memcmp(r, want, n * sizeof *r) != 0) {
            fprintf(stderr, "%s gives a wrong result at %zu limbs: not timed\n",
                    k ? "dot_ifma_powm_ct" : "dot_ifma_powm", n);
            mpz_clears(zm, zb, ze, zr, NULL);
            return 1;
        }
    }
    for (int t = 0; t < samples; t++)
        for (int j = 0; j < 3; j++) {
            int k = (j + t) % 3;
            uint64_t t0 = dot_tsc_begin();
            if (k == 0)
                mpz_powm(zr, zb, ze, zm);
            else
                kernels[k - 1](r, b, e, en, m, n);
            cycles[k][t] = (double)(dot_tsc_end() - t0);
        }
    double gmp = dot_median(cycles[0], (size_t)samples);
    double dot = dot_median(cycles[1], (size_t)samples);
    double ct = dot_median(cycles[2], (size_t)samples);
    const dot_basecase_tuning *w = dot_basecase_active();
    int takes = (strcmp(dot_isa(), "ifma") == 0 && n >= w->powm_from && n <= DOT_POWM_MAX) ||
                (n == DOT_POWM4 && w->powm4);
    printf("%5zu %4zu %12.0f %12.0f %12.0f  | %9.2fx %9.2fx %9.2fx  %s\n", n, en, gmp, dot, ct,
           gmp / dot, gmp / ct, ct / dot,
           !takes                       ? "no"
           : n == DOT_POWM4 && w->powm4 ? "yes, the 4-limb kernel"
                                        : "yes");
    mpz_clears(zm, zb, ze, zr, NULL);
    return 0;
}

/* One row of the pairs: returns 0, or 1 when the pair's results differ from the single kernel's. */
static int pair_row(size_t n, int samples, dot_rng *rng)
{
    static double cycles[3][21];
    dot_limb_t m[2][DOT_POWM_MAX], b[2][DOT_POWM_MAX], e[2][DOT_POWM_MAX];
    dot_limb_t r[2][DOT_POWM_MAX], want[2][DOT_POWM_MAX];
    mpz_t zm[2], zb[2], ze[2], zr;
    mpz_init(zr);
    for (int w = 0; w < 2; w++) {
        operands(m[w], b[w], e[w], n, n, rng);
        dot_ifma_powm_ct(want[w], b[w], e[w], n, m[w], n);
        mpz_inits(zm[w], zb[w], ze[w], NULL);
        mpz_import(zm[w], n, -1, sizeof(dot_limb_t), 0, 0, m[w]);
        mpz_import(zb[w], n, -1, sizeof(dot_limb_t), 0, 0, b[w]);
        mpz_import(ze[w], n, -1, sizeof(dot_limb_t), 0, 0, e[w]);
    }
    dot_ifma_powm_ct_x2(r[0], b[0], e[0], m[0], r[1], b[1], e[1], m[1], n, n);
    int wrong = memcmp(r[0], want[0], n * sizeof r[0][0]) != 0 ||
                memcmp(r[1], want[1], n * sizeof r[1][0]) != 0;
    if (wrong)
        fprintf(stderr, "dot_ifma_powm_ct_x2 differs from dot_ifma_powm_ct at %zu limbs\n", n);
    for (int t = 0; t < samples && !wrong; t++)
        for (int j = 0; j < 3; j++) {
            int k = (j + t) % 3;
            uint64_t t0 = dot_tsc_begin();
            if (k == 0) {
                mpz_powm(zr, zb[0], ze[0], zm[0]);
                mpz_powm(zr, zb[1], ze[1], zm[1]);
            } else if (k == 1) {
                dot_ifma_powm_ct(r[0], b[0], e[0], n, m[0], n);
                dot_ifma_powm_ct(r[1], b[1], e[1], n, m[1], n);
            } else {
                dot_ifma_powm_ct_x2(r[0], b[0], e[0], m[0], r[1], b[1], e[1], m[1], n, n);
            }
            cycles[k][t] = (double)(dot_tsc_end() - t0);
        }
    if (!wrong) {
        double gmp = dot_median(cycles[0], (size_t)samples);
        double two = dot_median(cycles[1], (size_t)samples);
        double pair = dot_median(cycles[2], (size_t)samples);
        printf("%5zu %12.0f %12.0f %12.0f  | %10.2fx %10.2fx\n", n, gmp, two, pair, two / pair,
               gmp / pair);
    }
    for (int w = 0; w < 2; w++)
        mpz_clears(zm[w], zb[w], ze[w], NULL);
    mpz_clear(zr);
    return wrong;
}

/* The 4-limb rows: a modulus of top_bits in its top limb (64: a full 256-bit modulus; fewer: 193
 * to 255 bits), b < m, a 4-limb exponent. Returns 0, or 1 when a kernel's result is wrong. */
static int row4(int top_bits, int samples, dot_rng *rng)
{
    static double cycles[5][21];
    dot_limb_t m[4], b[4], e[4], r[4], r2[4], want[4] = {0};
    operands(m, b, e, 4, 4, rng);
    m[3] >>= 64 - top_bits;
    m[3] |= (dot_limb_t)1 << (top_bits - 1);
    b[3] = m[3] >> 1;
    mpz_t zm, zb, ze, zr;
    mpz_inits(zm, zb, ze, zr, NULL);
    mpz_import(zm, 4, -1, sizeof *m, 0, 0, m);
    mpz_import(zb, 4, -1, sizeof *b, 0, 0, b);
    mpz_import(ze, 4, -1, sizeof *e, 0, 0, e);
    mpz_powm(zr, zb, ze, zm);
    mpz_export(want, NULL, -1, sizeof *want, 0, 0, zr);
    int wrong = 0;
    dot_mulx_powm4(r, b, e, 4, m);
    wrong |= memcmp(r, want, sizeof r) != 0;
    dot_mulx_powm4_ct(r, b, e, 4, m);
    wrong |= memcmp(r, want, sizeof r) != 0;
    dot_mulx_powm4_ct_x2(r, b, e, m, r2, b, e, m, 4);
    wrong |= memcmp(r, want, sizeof r) != 0 || memcmp(r2, want, sizeof r2) != 0;
    if (wrong) {
        fprintf(stderr, "a 4-limb kernel gives a wrong result (%d-bit top limb): not timed\n",
                top_bits);
        mpz_clears(zm, zb, ze, zr, NULL);
        return 1;
    }
    for (int t = 0; t < samples; t++)
        for (int j = 0; j < 5; j++) {
            int k = (j + t) % 5;
            uint64_t t0 = dot_tsc_begin();
            if (k == 0)
                mpz_powm(zr, zb, ze, zm);
            else if (k == 1)
                mpz_powm_sec(zr, zb, ze, zm);
            else if (k == 2)
                dot_mulx_powm4(r, b, e, 4, m);
            else if (k == 3)
                dot_mulx_powm4_ct(r, b, e, 4, m);
            else
                dot_mulx_powm4_ct_x2(r, b, e, m, r2, b, e, m, 4);
            cycles[k][t] = (double)(dot_tsc_end() - t0);
        }
    double c[5];
    for (int k = 0; k < 5; k++)
        c[k] = dot_median(cycles[k], (size_t)samples);
    printf("%4d %10.0f %10.0f %10.0f %10.0f %10.0f  | %9.2fx %9.2fx %9.2fx\n", 192 + top_bits, c[0],
           c[1], c[2], c[3], c[4] / 2, c[0] / c[2], c[1] / c[3], c[3] / (c[4] / 2));
    mpz_clears(zm, zb, ze, zr, NULL);
    return 0;
}

/* The sliding-window kernel at n limbs: the 4-limb one or the IFMA one */
static void sliding(dot_limb_t *r, const dot_limb_t *b, const dot_limb_t *e, size_t en,
                    const dot_limb_t *m, size_t n)
{
    if (n == DOT_POWM4)
        dot_mulx_powm4(r, b, e, en, m);
    else
        dot_ifma_powm(r, b, e, en, m, n);
}

/* One row of short exponents (public ones: 3, 65537): at n limbs, for each exponent length, GMP's
 * mpz_powm over the sliding-window kernel, starred where the dispatched dot_powm takes it (its
 * exponent rule, dot.h). Returns 0, or 1 when the kernel's result is wrong. */
static int short_row(size_t n, const unsigned *lengths, size_t count, int samples, dot_rng *rng)
{
    static double cycles[2][21];
    dot_limb_t m[DOT_POWM_MAX], b[DOT_POWM_MAX], e[1], r[DOT_POWM_MAX], want[DOT_POWM_MAX];
    mpz_t zm, zb, ze, zr;
    mpz_inits(zm, zb, ze, zr, NULL);
    printf("%5zu", n);
    int wrong = 0;
    for (size_t l = 0; l < count && !wrong; l++) {
        operands(m, b, e, n, 1, rng);
        e[0] = e[0] >> (64 - lengths[l]) | 1;
        mpz_import(zm, n, -1, sizeof *m, 0, 0, m);
        mpz_import(zb, n, -1, sizeof *b, 0, 0, b);
        mpz_set_ui(ze, e[0]);
        mpz_powm(zr, zb, ze, zm);
        memset(want, 0, sizeof want);
        mpz_export(want, NULL, -1, sizeof *want, 0, 0, zr);
        sliding(r, b, e, 1, m, n);
        wrong = memcmp(r, want, n * sizeof *r) != 0;
        for (int t = 0; t < samples && !wrong; t++)
            for (int j = 0; j < 2; j++) {
                uint64_t t0 = dot_tsc_begin();
                if ((j + t) % 2 == 0)
                    mpz_powm(zr, zb, ze, zm);
                else
                    sliding(r, b, e, 1, m, n);
                cycles[(j + t) % 2][t] = (double)(dot_tsc_end() - t0);
            }
        const int takes = dot_powm(r, b, e, 1, m, n);
        printf(" %7.2fx%s",
               dot_median(cycles[0], (size_t)samples) / dot_median(cycles[1], (size_t)samples),
               takes ? "*" : " ");
    }
    printf("\n");
    if (wrong)
        fprintf(stderr, "the sliding kernel gives a wrong result at %zu limbs\n", n);
    mpz_clears(zm, zb, ze, zr, NULL);
    return wrong;
}

/* --drift ROUNDS: the build VM's states (results/MEASUREMENTS.md: it switches between a fast and
 * a slow state for tens of seconds at a time). ROUNDS rounds of DRIFT_SAMPLES interleaved samples
 * at 16 limbs, RSA-2048's CRT halves, about a fifth of a second each on Zen 5: two mpz_powm, two
 * dot_ifma_powm_ct, one dot_ifma_powm_ct_x2 and two dot_ifma_powm (the sliding window), 16-limb
 * exponents. A row a round: each one's median TSC cycles and GMP's over each, so rows of both
 * states show which code loses more in the slow one. Returns 0, or 1 when a result is wrong. */
#define DRIFT_SAMPLES 201
static int drift(long rounds, dot_rng *rng)
{
    enum { GMP, CT, PAIR, SLIDING, KINDS };
    const size_t n = 16;
    static double cycles[KINDS][DRIFT_SAMPLES];
    dot_limb_t m[2][DOT_POWM_MAX], b[2][DOT_POWM_MAX], e[2][DOT_POWM_MAX];
    dot_limb_t r[2][DOT_POWM_MAX], want[2][DOT_POWM_MAX];
    mpz_t zm[2], zb[2], ze[2], zr;
    mpz_init(zr);
    int wrong = 0;
    for (int w = 0; w < 2; w++) {
        operands(m[w], b[w], e[w], n, n, rng);
        mpz_inits(zm[w], zb[w], ze[w], NULL);
        mpz_import(zm[w], n, -1, sizeof(dot_limb_t), 0, 0, m[w]);
        mpz_import(zb[w], n, -1, sizeof(dot_limb_t), 0, 0, b[w]);
        mpz_import(ze[w], n, -1, sizeof(dot_limb_t), 0, 0, e[w]);
        mpz_powm(zr, zb[w], ze[w], zm[w]);
        memset(want[w], 0, sizeof want[w]);
        mpz_export(want[w], NULL, -1, sizeof(dot_limb_t), 0, 0, zr);
        dot_ifma_powm(r[w], b[w], e[w], n, m[w], n);
        wrong |= memcmp(r[w], want[w], n * sizeof(dot_limb_t)) != 0;
    }
    dot_ifma_powm_ct_x2(r[0], b[0], e[0], m[0], r[1], b[1], e[1], m[1], n, n);
    for (int w = 0; w < 2; w++)
        wrong |= memcmp(r[w], want[w], n * sizeof(dot_limb_t)) != 0;
    if (wrong)
        fprintf(stderr, "a 16-limb kernel differs from mpz_powm\n");
    else
        printf("drift at %zu limbs: TSC cycles for two exponentiations, medians of %d samples a "
               "round\n%6s %12s %12s %12s %12s  | %8s %8s %8s\n",
               n, DRIFT_SAMPLES, "round", "2 mpz_powm", "2 dot ct", "dot ct x2", "2 sliding",
               "gmp/ct", "gmp/x2", "gmp/sl");
    for (long round = 1; round <= rounds && !wrong; round++) {
        for (int t = 0; t < DRIFT_SAMPLES; t++)
            for (int j = 0; j < KINDS; j++) {
                const int k = (j + t) % KINDS;
                uint64_t t0 = dot_tsc_begin();
                for (int w = 0; w < 2 && k != PAIR; w++) {
                    if (k == GMP)
                        mpz_powm(zr, zb[w], ze[w], zm[w]);
                    else if (k == CT)
                        dot_ifma_powm_ct(r[w], b[w], e[w], n, m[w], n);
                    else
                        dot_ifma_powm(r[w], b[w], e[w], n, m[w], n);
                }
                if (k == PAIR)
                    dot_ifma_powm_ct_x2(r[0], b[0], e[0], m[0], r[1], b[1], e[1], m[1], n, n);
                cycles[k][t] = (double)(dot_tsc_end() - t0);
            }
        double c[KINDS];
        for (int k = 0; k < KINDS; k++)
            c[k] = dot_median(cycles[k], DRIFT_SAMPLES);
        printf("%6ld %12.0f %12.0f %12.0f %12.0f  | %7.2fx %7.2fx %7.2fx\n", round, c[GMP], c[CT],
               c[PAIR], c[SLIDING], c[GMP] / c[CT], c[GMP] / c[PAIR], c[GMP] / c[SLIDING]);
        fflush(stdout);
    }
    for (int w = 0; w < 2; w++)
        mpz_clears(zm[w], zb[w], ze[w], NULL);
    mpz_clear(zr);
    return wrong;
}

int main(int argc, char **argv)
{
    int quick = argc == 2 && strcmp(argv[1], "--quick") == 0;
    long rounds = 0;
    if (argc == 3 && strcmp(argv[1], "--drift") == 0) {
        char *end;
        rounds = strtol(argv[2], &end, 10);
        if (*end != '\0' || rounds < 1 || rounds > 1000000)
            rounds = -1;
    }
    if (!(argc == 1 || quick || rounds > 0)) {
        fprintf(stderr, "usage: %s [--quick | --drift ROUNDS]  (ROUNDS: 1 to 1000000)\n", argv[0]);
        return 2;
    }
    printf("libdot %s, %s; GMP %s from %s\n", dot_version(), dot_settings(), gmp_version,
           dot_gmp_origin());
    const int samples = quick ? 5 : 21;
    dot_rng rng;
    dot_rng_seed(&rng, 23);
    if (rounds > 0) {
        if (!dot_isa_supported("ifma")) {
            fprintf(stderr, "--drift times the IFMA kernels: this CPU has no IFMA\n");
            return 2;
        }
        return drift(rounds, &rng);
    }
    int status = 0;
    if (dot_cpu_detect().mulx) {
        printf("4-limb moduli, 4-limb exponents (the general-register kernels; dot_powm(_ct) take "
               "them: %s): TSC cycles per call (median of %d samples)\n",
               dot_basecase_active()->powm4 ? "yes" : "no", samples);
        printf("%4s %10s %10s %10s %10s %10s  | %10s %10s %10s\n", "bits", "mpz_powm", "powm_sec",
               "dot", "dot ct", "ct pair/2", "dot/gmp", "ct/sec", "pair gain");
        static const int top_bits[] = {64, 63, 40, 1};
        for (size_t s = 0; s < sizeof top_bits / sizeof top_bits[0]; s++)
            status |= row4(top_bits[s], samples, &rng);
    } else {
        printf("this CPU has no BMI2/ADX: no 4-limb kernel\n");
    }
    if (!dot_isa_supported("ifma")) {
        printf("this CPU has no IFMA: dot_powm declines every other call, nothing more to time\n");
        return status;
    }
    static const size_t sizes[] = {4,  6,  7,  8,  9,  10, 12, 14,  16,  20,  24, 32,
                                   40, 48, 56, 64, 69, 70, 96, 128, 160, 192, 256};
    static const size_t short_sizes[] = {16, 32, 48, 64, 96, 128, 192, 256};
    printf("b^e mod m, n-limb m, en-limb e: TSC cycles per call (median of %d samples)\n", samples);
    printf("%5s %4s %12s %12s %12s  | %10s %10s %10s  %s\n", "n", "en", "mpz_powm", "dot ifma",
           "dot ifma ct", "dot/gmp", "ct/gmp", "ct cost", "dot_powm(_ct) takes it");
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        status |= row(sizes[s], sizes[s], samples, &rng);
    printf("short exponents (FFDH, DSA):\n");
    for (size_t s = 0; s < sizeof short_sizes / sizeof short_sizes[0]; s++)
        status |= row(short_sizes[s], 4, samples, &rng);
    static const unsigned lengths[] = {1, 2, 3, 5, 9, 17, 25, 33, 48, 64};
    static const size_t public_sizes[] = {4,  7,  8,  9,  10, 11, 12,  13,  14,
                                          16, 24, 32, 48, 64, 96, 128, 240, 256};
    printf("public exponents, a 1-limb e of the bits below: mpz_powm's TSC cycles over the sliding "
           "kernel's (medians of %d samples), * where dot_powm takes it\n%5s",
           samples, "n");
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++)
        printf(" %7u  ", lengths[l]);
    printf("\n");
    for (size_t s = 0; s < sizeof public_sizes / sizeof *public_sizes; s++)
        if (public_sizes[s] != DOT_POWM4 || dot_cpu_detect().mulx)
            status |= short_row(public_sizes[s], lengths, sizeof lengths / sizeof *lengths, samples,
                                &rng);
    static const size_t pair_sizes[] = {8, 12, 16, 20, 24, 28, 32, 36, 40, 48};
    printf("constant-time pairs, two n-limb moduli of n full limbs, n-limb exponents: TSC cycles "
           "for both\n");
    printf("%5s %12s %12s %12s  | %11s %11s\n", "n", "2 mpz_powm", "2 dot ct", "dot ct x2",
           "x2 gain", "x2/gmp");
    for (size_t s = 0; s < sizeof pair_sizes / sizeof pair_sizes[0]; s++)
        status |= pair_row(pair_sizes[s], samples, &rng);
    return status;
}
