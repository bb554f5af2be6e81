/*
 * bench_pmns's checks and statistics: the value each lane's chain stands for, the oracle every
 * chain must match (mpz), and the ratio of two contenders' cycles as the median of the paired
 * rounds with a 95% distribution-free confidence interval.
 */
#include <stdio.h>
#include <stdlib.h>
#include "../timing.h"
#include "bench_pmns.h"

/* The integer lane l's chain value stands for (mod p). */
static void chain_value(ctx *c, const contender *k, int l, mpz_t out)
{
    uint64_t w[MAX_LIMBS];
    switch (k->kind) {
    case PMNS1:
    case PMNS8:
        dot_pmns_to_int(c->pm, w, k->acc + l * k->stride);
        limbs_to_mpz(out, w, c->n);
        break;
    case OSSL:
        k->lib->bn.bn2lebinpad(k->bacc[l], (unsigned char *)w, (int)(8 * c->n));
        limbs_to_mpz(out, w, c->n);
        break;
    case MONT:
    case REDC1:
    case REDCN: /* below 2^(64 n), not always below p */
        limbs_to_mpz(out, k->acc + l * k->stride, c->n);
        mpz_mod(out, out, c->zp);
        break;
    case AMM1:
    case AMM2:
        d52_to_mpz(out, k->acc + l * k->stride, (size_t)k->digits);
        mpz_mod(out, out, c->zp); /* almost reduced: below 2p */
        break;
    case MPZ: mpz_set(out, k->zacc[l]); break;
    }
}

/* Oracle for every lane after `done` steps: start_l * (step R^-1)^done mod p. */
int chain_ok(ctx *c, const contender *k, unsigned long done)
{
    mpz_t want, got, f;
    mpz_inits(want, got, f, NULL);
    mpz_set(f, k->step);
    if (k->mont_bits) {
        mpz_set_ui(got, 1);
        mpz_mul_2exp(got, got, k->mont_bits);
        mpz_invert(got, got, c->zp);
        mpz_mul(f, f, got);
    }
    mpz_powm_ui(f, f, done * (unsigned long)(k->times ? k->times : 1), c->zp);
    int ok = 1;
    for (int l = 0; l < k->lanes; l++) {
        mpz_mul(want, f, k->start[l]);
        mpz_mod(want, want, c->zp);
        chain_value(c, k, l, got);
        ok &= mpz_cmp(want, got) == 0;
    }
    mpz_clears(want, got, f, NULL);
    return ok;
}

/* The order statistic bounding a 95% confidence interval of the median of n values: the
 * (n/2 -+ 0.98 sqrt(n))-th smallest (normal approximation of the binomial). */
static double median_bound(double *v, size_t n, int upper)
{
    qsort(v, n, sizeof *v, dot_cmp_double);
    size_t root = 0;
    while ((root + 1) * (root + 1) <= n)
        root++;
    size_t half = (98 * root + 99) / 100,
           i = upper ? n / 2 + half : (n / 2 > half ? n / 2 - half : 0);
    return v[i < n ? i : n - 1];
}

double cycles[MAX_CONTENDERS][MAX_ROUNDS];

/* ratio of contender a's cycles to b's: median of the paired rounds and its 95% interval; returns
 * whether the interval contains 1 */
double ratio_lo;
int ratio(const contender *k, long a, long b, int rounds, const char *claim)
{
    ratio_lo = 0;
    if (a < 0 || b < 0)
        return 0;
    double r[MAX_ROUNDS];
    for (int s = 0; s < rounds; s++)
        r[s] = cycles[a][s] / cycles[b][s];
    double med = dot_median(r, (size_t)rounds);
    double lo = median_bound(r, (size_t)rounds, 0), hi = median_bound(r, (size_t)rounds, 1);
    printf("  %-30s / %-30s %6.3fx  [%6.3f, %6.3f]   %s\n", k[a].label, k[b].label, med, lo, hi,
           claim);
    ratio_lo = lo;
    return lo <= 1.0 && 1.0 <= hi;
}
