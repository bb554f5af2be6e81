/* The IFMA exponentiation compiled against SIMDe plus the shim (emulate512.h with
 * emulate_ifma.h), against GMP's mpz_powm, with a planted control. */
#include <stdio.h>
#include "../common/powm_battery.h"
#include "dot_impl.h"
/* The planted control below: the kernel with one normalisation round only, compiled into this
 * file (the kernel under test is the library's, linked in). */
#define DOT_POWM_FULL_NORMALISE 0
#include "ifma/powm.h"

static void one_round(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n)
{
    ifma_powm(rp, bp, ep, en, mp, n);
}
/* the constant-time form without its pass of single bits (pw_pass_bits) */
static void one_round_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                         const dot_limb_t *mp, size_t n)
{
    ifma_powm_ct(rp, bp, ep, en, mp, n);
}

/* the same, run as pairs (pw_amm_ways with two ways) */
static void one_round_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                            const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                            const dot_limb_t *e2, const dot_limb_t *m2, size_t en, size_t n)
{
    ifma_powm_ct_x2(r1, b1, e1, m1, r2, b2, e2, m2, en, n);
}

/* Moduli of all-ones limbs with base m - 1: long runs of all-ones digits, where one round of
 * normalisation leaves carries behind; some results must come out wrong. */
static void planted_one_round(const char *name, dot_powm_fn fn)
{
    dot_limb_t m[16], b[16], e[2], want[16], got[16];
    unsigned wrong = 0;
    for (size_t n = 1; n <= 16; n++) {
        for (size_t i = 0; i < n; i++)
            m[i] = b[i] = ~(dot_limb_t)0;
        b[0] -= 1;
        e[0] = 0x10001 + n;
        e[1] = 0;
        powm_oracle(want, b, e, 2, m, n);
        fn(got, b, e, 2, m, n);
        wrong += memcmp(want, got, n * sizeof *got) != 0;
    }
    CHECK(wrong > 0, "planted control (%s) not caught", name);
    printf("  planted control (%s)  wrong in %u of 16 all-ones moduli: %s\n", name, wrong,
           wrong ? "caught" : "NOT CAUGHT");
}

int main(void)
{
    printf("ifma exponentiation (emulated with SIMDe and the IFMA shim):\n");
    powm_battery("ifma kernel", dot_ifma_powm, 1, 32, 16, 3);
    powm_battery("ifma kernel, constant time", dot_ifma_powm_ct, 1, 32, 16, 6);
    /* past 64 lanes the bit pass's masks take 128 bits */
    powm_battery("ifma kernel, constant time, 64 limbs", dot_ifma_powm_ct, 64, 64, 4, 7);
    /* pairs run together up to PW_PAIR_MAX_VECS vectors (about 37 limbs), one by one above */
    powm_pair_battery("ifma kernel, constant-time pairs", dot_ifma_powm_ct_x2, 1, 40, 4, 9);
    planted_one_round("one normalisation round", one_round);
    planted_one_round("constant time, one round, no bit pass", one_round_ct);
    powm_pair_kernel = one_round_ct_x2;
    planted_one_round("constant-time pairs, no bit pass", powm_pair);
    return dot_check_summary();
}
