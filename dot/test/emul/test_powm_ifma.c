/* The IFMA exponentiation compiled against SIMDe plus the shim (emulate512.h with
 * emulate_ifma.h), against GMP's mpz_powm, with planted controls. */
#include <stdio.h>
#include "../common/powm_battery.h"
#include "dot_impl.h"
/* The planted controls below: the kernel with one normalisation round only, the two-base kernel
 * whose other base skips a bit where one base's window ends, and the wide product whose chain
 * leaves out the q m terms of a group's earlier steps, compiled into this file (the kernel under
 * test is the library's, linked in). */
#define DOT_POWM_FULL_NORMALISE 0
#define DOT_POWM_EVERY_BASE 0
#define DOT_POWM_WIDE_CHAIN 0
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

/* The wide product (from 103 limbs with a full top limb) with the broken chain: random moduli of
 * 103 to 105 limbs, 128 and 256 (both instances), exponents of one limb; the kernel at 102 limbs (the register product,
 * not planted) must be right for the same kind of operands, or the control proves nothing. */
static void planted_wide_chain(void)
{
    dot_rng r;
    dot_rng_seed(&r, 909);
    static const size_t sizes[] = {102, 103, 104, 105, 128, 256};
    dot_limb_t m[256], b[256], e[1], want[256], got[256];
    unsigned wrong = 0, narrow_wrong = 0;
    for (size_t t = 0; t < sizeof sizes / sizeof *sizes; t++) {
        const size_t n = sizes[t];
        powm_modulus(m, n, 0, &r);
        for (size_t i = 0; i < n; i++)
            b[i] = dot_rng_next(&r);
        b[n - 1] = m[n - 1] >> 1;
        e[0] = dot_rng_next(&r) >> 48;
        powm_oracle(want, b, e, 1, m, n);
        ifma_powm(got, b, e, 1, m, n);
        if (n == 102)
            narrow_wrong += memcmp(want, got, n * sizeof *got) != 0;
        else
            wrong += memcmp(want, got, n * sizeof *got) != 0;
    }
    CHECK(narrow_wrong == 0, "planted control (wide chain): the 102-limb result wrong as well");
    CHECK(wrong > 0, "planted control (wide product, chain without earlier steps) not caught");
    printf("  planted control (wide product, chain without earlier steps)  wrong in %u of 5: %s\n",
           wrong, wrong ? "caught" : "NOT CAUGHT");
}

/* Two bases: random moduli, bases and exponents of 2 to 4 limbs, where windows of both exponents
 * end at the same bit in nearly every case; some results of the planted kernel must be wrong.
 * Random operands need no second normalisation round (this file's kernel has one): its one-base
 * results for the same operands must all be right, or the control proves nothing. */
static void planted_every_base(void)
{
    dot_rng r;
    dot_rng_seed(&r, 808);
    dot_limb_t m[8], b1[8], b2[8], e1[4], e2[4], want[8], got[8], one[8], one_want[8];
    unsigned wrong = 0, one_base_wrong = 0;
    for (int t = 0; t < 16; t++) {
        const size_t n = 1 + (size_t)t % 8, en = 2 + (size_t)t % 3;
        powm_modulus(m, n, 0, &r);
        for (size_t i = 0; i < n; i++)
            b1[i] = dot_rng_next(&r), b2[i] = dot_rng_next(&r);
        b1[n - 1] = m[n - 1] >> 1;
        b2[n - 1] = m[n - 1] >> 2;
        for (size_t i = 0; i < en; i++)
            e1[i] = dot_rng_next(&r), e2[i] = dot_rng_next(&r);
        dot_ifma_powm2(want, b1, e1, en, b2, e2, en, m, n);
        ifma_powm2(got, b1, e1, en, b2, e2, en, m, n);
        wrong += memcmp(want, got, n * sizeof *got) != 0;
        for (int j = 0; j < 2; j++) {
            dot_ifma_powm(one_want, j ? b2 : b1, j ? e2 : e1, en, m, n);
            ifma_powm(one, j ? b2 : b1, j ? e2 : e1, en, m, n);
            one_base_wrong += memcmp(one_want, one, n * sizeof *one) != 0;
        }
    }
    CHECK(one_base_wrong == 0, "planted control (two bases): %u one-base results wrong as well",
          one_base_wrong);
    CHECK(wrong > 0, "planted control (two bases, one skips a bit) not caught");
    printf("  planted control (two bases, one skips a bit)  wrong in %u of 16: %s\n", wrong,
           wrong ? "caught" : "NOT CAUGHT");
}

/* the kernel with the caller's R^2 (dot_powm_rr), rr = 2^(128n) mod m from GMP */
static void kernel_rr(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n)
{
    dot_limb_t rr[DOT_POWM_MAX];
    mpz_t zm, zr;
    mpz_inits(zm, zr, NULL);
    mpz_import(zm, n, -1, sizeof *mp, 0, 0, mp);
    mpz_setbit(zr, 128 * n);
    mpz_mod(zr, zr, zm);
    memset(rr, 0, n * sizeof *rr);
    mpz_export(rr, NULL, -1, sizeof *rr, 0, 0, zr);
    mpz_clears(zm, zr, NULL);
    dot_ifma_powm_rr(rp, bp, ep, en, mp, n, rr);
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
    powm2_battery("ifma kernel, two bases", dot_ifma_powm2, 1, 20, 10, 10);
    powm_battery("ifma kernel, caller's R^2", kernel_rr, 1, 32, 16, 11);
    /* the register product's last vectors and the wide one's first (103 limbs with a full top
     * limb, 104 with a short one), 128 limbs, and the wide one's second instance (129 limbs with
     * a full top limb) to 256 */
    powm_battery("ifma kernel, 102-104 limbs", dot_ifma_powm, 102, 104, 2, 12);
    powm_battery("ifma kernel, 128-129 limbs", dot_ifma_powm, 128, 129, 2, 13);
    powm_battery("ifma kernel, 256 limbs", dot_ifma_powm, 256, 256, 2, 15);
    powm_battery("ifma kernel, constant time, 240 limbs", dot_ifma_powm_ct, 240, 240, 2, 16);
    powm_battery("ifma kernel, constant time, 103 limbs", dot_ifma_powm_ct, 103, 103, 2, 14);
    planted_one_round("one normalisation round", one_round);
    planted_one_round("constant time, one round, no bit pass", one_round_ct);
    powm_pair_kernel = one_round_ct_x2;
    planted_one_round("constant-time pairs, no bit pass", powm_pair);
    planted_every_base();
    planted_wide_chain();
    return dot_check_summary();
}
