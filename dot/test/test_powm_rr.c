/* dot_powm_rr (dot.h: dot_powm with the caller's R^2 of 64-bit Montgomery arithmetic) and its IFMA
 * kernel against GMP, which also makes the rr each call is given (2^(128n) mod m): the kernel at
 * every modulus size to DOT_POWM_MAX where this CPU runs IFMA (the emulated test runs it
 * everywhere), both where rr serves and where m's top limb is too short for it (the "short top
 * limb" shape: the kernel's own set-up); a planted rr of the wrong power of two must be caught. The
 * entry point takes a call exactly where its rule says (dot_powm's, or any exponent in the IFMA
 * window where rr serves) and otherwise leaves rp alone; dot_powm_rr_takes answers as it does,
 * and a planted rule that ignores m (rr always serving) is caught. The sliding window's width
 * (exp_sliding_width, exp_window.h) is checked against products counted here. */
#include <stdio.h>
#include "common/powm_battery.h"
#include "dot_impl.h"
#include "exp_window.h" /* exp_bit_length, exp_sliding_width, exp_window_width */

/* {rr, n} = 2^(128n + shift) mod {m, n}, from GMP */
static void rr_of(dot_limb_t *rr, const dot_limb_t *m, size_t n, size_t shift)
{
    mpz_t zm, zr;
    mpz_inits(zm, zr, NULL);
    mpz_import(zm, n, -1, sizeof *m, 0, 0, m);
    mpz_setbit(zr, 128 * n + shift);
    mpz_mod(zr, zr, zm);
    memset(rr, 0, n * sizeof *rr);
    mpz_export(rr, NULL, -1, sizeof *rr, 0, 0, zr);
    mpz_clears(zm, zr, NULL);
}

/* Whether rr serves the kernel, as dot.h states it: 104k >= 128n, k = ceil((bits(m) + 2) / 52). */
static int serves(const dot_limb_t *m, size_t n)
{
    const size_t bits = 64 * n - (size_t)__builtin_clzll(m[n - 1]);
    return 104 * ((bits + 53) / 52) >= 128 * n;
}

/* the kernel as the battery's function, rr from GMP; the planted control's rr is off by a factor
 * of two (2^(128n + 1) mod m) */
static size_t rr_shift;
static unsigned long served, calls;
static void kernel_rr(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n)
{
    dot_limb_t rr[DOT_POWM_MAX];
    rr_of(rr, mp, n, rr_shift);
    served += serves(mp, n);
    calls++;
    dot_ifma_powm_rr(rp, bp, ep, en, mp, n, rr);
}

/* The rule as dot.h states it, written out: dot_powm's (dot_powm_takes, checked against its own
 * written-out rule in test_powm.c), or the variant ifma, powm_from <= n <= DOT_POWM_MAX and rr
 * serving. ignore_m is the planted control: rr taken to serve every modulus. */
static int expected_rule(const dot_limb_t *e, size_t en, const dot_limb_t *m, size_t n,
                         int ignore_m)
{
    const size_t from = dot_basecase_active()->powm_from;
    const int window = strcmp(dot_isa(), "ifma") == 0 && n >= from && n <= DOT_POWM_MAX;
    return dot_powm_takes(e, en, n) || (window && (ignore_m || serves(m, n)));
}

/* Every size from 1 to DOT_POWM_MAX + 2 limbs, the four modulus shapes, exponents of 0 to 129
 * bits: how often dot_powm_rr_takes (planted: expected_rule ignoring m) answers otherwise than
 * dot_powm_rr; with check set, also dot_powm_rr against expected_rule and its result against GMP
 * where it takes, rp left alone where it declines. */
static unsigned long disagreements(int planted, int check, unsigned long *answers,
                                   unsigned long *taken)
{
    static const size_t lengths[] = {0, 1, 2, 17, 33, 65, 129};
    const size_t nl = sizeof lengths / sizeof *lengths;
    dot_rng r;
    dot_rng_seed(&r, 31);
    dot_limb_t m[DOT_POWM_MAX + 2], b[DOT_POWM_MAX + 2], out[DOT_POWM_MAX + 2], want[DOT_POWM_MAX],
        rr[DOT_POWM_MAX + 2], e[4];
    unsigned long wrong = 0;
    *answers = *taken = 0;
    for (size_t n = 1; n <= DOT_POWM_MAX + 2; n++)
        for (size_t t = 0; t < 4 * nl; t++) {
            const size_t bits = lengths[t % nl], en = bits ? (bits + 63) / 64 : 1;
            powm_modulus(m, n, (int)(t / nl), &r);
            for (size_t i = 0; i < n; i++)
                b[i] = dot_rng_next(&r), out[i] = POWM_SENTINEL;
            b[n - 1] = m[n - 1] >> 1;
            powm_exponent_of(e, bits, en, &r);
            rr_of(rr, m, n, 0);
            const int asked = planted ? expected_rule(e, en, m, n, 1)
                                      : dot_powm_rr_takes(e, en, m, n);
            const int got = dot_powm_rr(out, b, e, en, m, n, rr) != 0;
            (*answers)++;
            *taken += got;
            wrong += asked != got;
            if (!check)
                continue;
            const int untouched = powm_untouched(out, n);
            const int expect = expected_rule(e, en, m, n, 0);
            int right = 1;
            if (got) {
                powm_oracle(want, b, e, en, m, n);
                right = memcmp(out, want, n * sizeof *want) == 0;
            }
            if (got != expect || (!got && !untouched) || !right) {
                wrong++;
                CHECK(0,
                      "dot_powm_rr at %zu limbs (%s), a %zu-bit exponent: returned %d "
                      "(expected %d)%s%s",
                      n, powm_shapes[t / nl], bits, got, expect,
                      !got && !untouched ? " and wrote rp while declining" : "",
                      right ? "" : ", a wrong result");
            }
        }
    return wrong;
}

/* exp_sliding_width against products counted here: the estimate's width or one bit a window,
 * never more products than the estimate's; one bit a window wherever it costs no more and the
 * exponent is sparse (set bits at most the estimate's expected window count): 65537 and 3 among
 * them. Returns how many of 4000 exponents of 1 to 128 bits (a third of them sparse) miss. */
/* the planted control: the estimate alone, as before exp_sliding_width */
static unsigned estimate_alone(const dot_limb_t *ep, size_t eb, unsigned max_w)
{
    (void)ep;
    return exp_window_width(eb, max_w, 0);
}

typedef unsigned (*width_fn)(const dot_limb_t *, size_t, unsigned);
static unsigned long width_misses(width_fn width, dot_rng *r)
{
    unsigned long misses = 0;
    for (int t = 0; t < 4000; t++) {
        dot_limb_t e[2] = {dot_rng_next(r), t % 2 ? dot_rng_next(r) : 0};
        e[t % 2] >>= dot_rng_below(r, 64);
        if (t % 3 == 0) /* sparse, like public exponents */
            e[0] &= dot_rng_next(r) & dot_rng_next(r), e[1] &= dot_rng_next(r) & dot_rng_next(r);
        e[0] |= 1;
        const size_t eb = exp_bit_length(e, 2);
        const unsigned got = width(e, eb, 6), estimate = exp_window_width(eb, 6, 0);
        const size_t ones = (size_t)__builtin_popcountll(e[0]) + (size_t)__builtin_popcountll(e[1]);
        const size_t at_estimate = exp_sliding_products(e, eb, estimate);
        const int sparse = ones - 1 <= eb / (estimate + 1);
        misses += exp_sliding_products(e, eb, got) > at_estimate || (got != 1 && got != estimate) ||
                  (sparse && ones - 1 <= at_estimate && got != 1);
    }
    return misses;
}

int main(void)
{
    printf("dot_powm_rr (the caller's R^2):\n");
    const dot_limb_t f4[1] = {65537}, three[1] = {3}, dense[1] = {~(dot_limb_t)0};
    CHECK(exp_sliding_width(f4, 17, 6) == 1 && exp_sliding_width(three, 2, 6) == 1,
          "65537, 3: widths %u, %u, not 1", exp_sliding_width(f4, 17, 6),
          exp_sliding_width(three, 2, 6));
    CHECK(exp_sliding_width(dense, 64, 6) == exp_window_width(64, 6, 0),
          "2^64 - 1: width %u, not the estimate", exp_sliding_width(dense, 64, 6));
    dot_rng r;
    dot_rng_seed(&r, 32);
    unsigned long misses = width_misses(exp_sliding_width, &r);
    CHECK(misses == 0, "exp_sliding_width: %lu of 4000 exponents with the wrong width", misses);
    printf("  %-34s 65537, 3 -> 1, 4000 exponents of 1-128 bits: %s\n", "sliding window width",
           misses ? "FAILED" : "ok");
    misses = width_misses(estimate_alone, &r);
    CHECK(misses > 0, "planted control (the width estimate alone) not caught");
    printf("  planted control (the width estimate alone)  wrong for %lu of 4000: %s\n", misses,
           misses ? "caught" : "NOT CAUGHT");
    unsigned long answers, taken, wrong = disagreements(0, 1, &answers, &taken);
    CHECK(wrong == 0, "dot_powm_rr and dot_powm_rr_takes: %lu answers wrong", wrong);
    printf("  %-34s takes %lu of %lu calls (isa %s, window %s), dot_powm_rr_takes agrees: %s\n",
           "dot_powm_rr entry point and rule", taken, answers, dot_isa(),
           dot_basecase_active()->source, wrong ? "FAILED" : "ok");
    if (taken == 0) {
        printf("  planted control (takes, m ignored)  skipped: no IFMA window here\n");
    } else {
        wrong = disagreements(1, 0, &answers, &taken);
        CHECK(wrong > 0, "planted control (takes, m ignored) not caught");
        printf("  planted control (takes, m ignored)  disagrees in %lu of %lu: %s\n", wrong,
               answers, wrong ? "caught" : "NOT CAUGHT");
    }
    if (!dot_isa_supported("ifma")) {
        printf("  (this CPU has no IFMA: the kernel runs in the emulated test only)\n");
        return dot_check_summary();
    }
    powm_battery("ifma kernel, caller's R^2", kernel_rr, 1, DOT_POWM_MAX, 32, 33);
    CHECK(served > 0, "no case where rr serves the kernel");
    printf("  %-34s rr served in %lu of its %lu calls, the kernel's own set-up in the rest\n", "",
           served, calls);
    /* the planted control: rr of the wrong power of two, at sizes where it serves */
    rr_shift = 1;
    unsigned wrong_results = 0, cases = 0;
    for (size_t n = 8; n <= 16; n++)
        for (int t = 0; t < 4; t++) {
            dot_limb_t m[16], b[16], e[1] = {t % 2 ? 65537 : dot_rng_next(&r)}, want[16], got[16];
            powm_modulus(m, n, 0, &r);
            m[n - 1] |= (dot_limb_t)1 << 63;
            for (size_t i = 0; i < n; i++)
                b[i] = dot_rng_next(&r);
            b[n - 1] = m[n - 1] >> 1;
            powm_oracle(want, b, e, 1, m, n);
            kernel_rr(got, b, e, 1, m, n);
            wrong_results += memcmp(want, got, n * sizeof *got) != 0;
            cases++;
        }
    CHECK(wrong_results > 0, "planted control (rr times 2) not caught");
    printf("  planted control (rr times 2)  wrong in %u of %u: %s\n", wrong_results, cases,
           wrong_results ? "caught" : "NOT CAUGHT");
    return dot_check_summary();
}
