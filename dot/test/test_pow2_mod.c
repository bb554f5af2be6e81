/* pow2_mod_shift (pow2_mod.h: x 2^d mod m by long division, the sliding-window exponentiation's
 * way to R^2 mod m) against GMP's mpz_mul_2exp and mpz_mod: every modulus size 1..DOT_POWM_MAX,
 * the battery's modulus shapes and two with a top limb of 2^63 (over all-ones limbs, where the
 * quotient estimate is most often too large, and over zero limbs), x of 0, 1, m - 1 and random,
 * shifts of 0 to 200 bits (one to four steps, steps of 63 and shorter ones). It checks each
 * step's estimate against GMP's exact quotient: never too small nor two too large (the header's
 * bound), one too large in some steps, so that the correction runs; the planted control, the
 * same function without it, must come out wrong. */
#include <stdio.h>
#include "common/powm_battery.h"
#include "pow2_mod.h"

static const size_t shifts[] = {0, 1, 2, 31, 62, 63, 64, 65, 100, 126, 127, 200};
#define NSHIFTS (sizeof shifts / sizeof shifts[0])
#define NSHAPES 6

/* A modulus of shape 0-3 (powm_modulus), 4: 2^(64n-1) + 2^(64n-65) - 1 (a top limb of 2^63 over
 * all-ones limbs), 5: 2^(64n-1) + 1 with a second limb of zero (the battery's shape 2). */
static void modulus(dot_limb_t *m, size_t n, int shape, dot_rng *r)
{
    if (shape < 4) {
        powm_modulus(m, n, shape, r);
        return;
    }
    for (size_t i = 0; i < n; i++)
        m[i] = shape == 4 ? ~(dot_limb_t)0 : 0;
    m[n - 1] = (dot_limb_t)1 << 63;
    m[0] |= 1;
}

/* The steps' quotient estimates against the exact quotients, as pow2_mod_shift makes them:
 * adds to over[0] and over[1] the steps whose estimate was exact and one too large. */
static void count_estimates(const dot_limb_t *x, const dot_limb_t *m, size_t n, size_t d,
                            unsigned long over[2])
{
    const unsigned sh = (unsigned)__builtin_clzll(m[n - 1]);
    mpz_t mz, xz, z, q, top;
    mpz_inits(mz, xz, z, q, top, NULL);
    mpz_import(mz, n, -1, sizeof *m, 0, 0, m);
    mpz_import(xz, n, -1, sizeof *x, 0, 0, x);
    mpz_mul_2exp(mz, mz, sh);
    mpz_mul_2exp(xz, xz, sh);
    while (d > 0) {
        const unsigned j = d < 63 ? (unsigned)d : 63;
        d -= j;
        mpz_mul_2exp(z, xz, j);
        mpz_fdiv_q(q, z, mz);
        /* the estimate: z's top two limbs (of n + 1) over m's top limb */
        mpz_fdiv_q_2exp(top, z, 64 * (n - 1));
        mpz_fdiv_q_2exp(xz, mz, 64 * (n - 1));
        mpz_fdiv_q(top, top, xz);
        mpz_sub(top, top, q);
        unsigned long k = mpz_get_ui(top);
        CHECK(mpz_sgn(top) >= 0 && k <= 1, "estimate off by %ld at %zu limbs", (long)k, n);
        if (mpz_sgn(top) >= 0 && k <= 1)
            over[k]++;
        mpz_mod(xz, z, mz);
    }
    mpz_clears(mz, xz, z, q, top, NULL);
}

/* Runs fn on every case; returns the number of wrong results. */
static unsigned long battery(int correct, unsigned long over[2], unsigned long *cases)
{
    dot_rng r;
    dot_rng_seed(&r, 2024);
    dot_limb_t m[DOT_POWM_MAX], x[DOT_POWM_MAX], got[DOT_POWM_MAX], want[DOT_POWM_MAX];
    unsigned long wrong = 0;
    mpz_t mz, xz;
    mpz_inits(mz, xz, NULL);
    for (size_t n = 1; n <= DOT_POWM_MAX; n++)
        for (int shape = 0; shape < NSHAPES; shape++)
            for (int kind = 0; kind < 6; kind++)
                for (size_t s = 0; s < NSHIFTS; s++) {
                    modulus(m, n, shape, &r);
                    mpz_import(mz, n, -1, sizeof *m, 0, 0, m);
                    for (size_t i = 0; i < n; i++)
                        x[i] = dot_rng_next(&r);
                    mpz_import(xz, n, -1, sizeof *x, 0, 0, x);
                    mpz_mod(xz, xz, mz);
                    if (kind == 0 || kind == 1)
                        mpz_set_ui(xz, (unsigned long)kind);
                    else if (kind == 2)
                        mpz_sub_ui(xz, mz, 1);
                    memset(x, 0, sizeof x);
                    mpz_export(x, NULL, -1, sizeof *x, 0, 0, xz);
                    if (over)
                        count_estimates(x, m, n, shifts[s], over);
                    mpz_mul_2exp(xz, xz, shifts[s]);
                    mpz_mod(xz, xz, mz);
                    memset(want, 0, sizeof want);
                    mpz_export(want, NULL, -1, sizeof *want, 0, 0, xz);
                    memcpy(got, x, sizeof got);
                    pow2_mod_shift_with(got, m, n, shifts[s], correct);
                    (*cases)++;
                    if (memcmp(got, want, n * sizeof *got) != 0) {
                        wrong++;
                        if (correct)
                            CHECK(0, "x 2^%zu mod m wrong at %zu limbs, shape %d, x kind %d",
                                  shifts[s], n, shape, kind);
                    }
                }
    mpz_clears(mz, xz, NULL);
    return wrong;
}

int main(void)
{
    printf("pow2_mod_shift (x 2^d mod m by long division):\n");
    unsigned long over[2] = {0, 0}, cases = 0, planted_cases = 0;
    unsigned long wrong = battery(1, over, &cases);
    printf("  %lu cases, %lu wrong; steps with the estimate exact %lu, one too large %lu: %s\n",
           cases, wrong, over[0], over[1], wrong ? "FAILED" : "ok");
    CHECK(over[1] > 0, "the battery made no estimate one too large: the correction never ran");
    unsigned long planted = battery(0, NULL, &planted_cases);
    CHECK(planted > 0, "planted control (no correction) not caught");
    printf("  planted control (no correction)  wrong in %lu of %lu: %s\n", planted, planted_cases,
           planted ? "caught" : "NOT CAUGHT");
    return dot_check_summary();
}
