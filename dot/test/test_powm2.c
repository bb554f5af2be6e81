/* dot_powm2 (dot.h: two bases, one modulus) and its IFMA kernel against GMP: the kernel at every
 * modulus size to DOT_POWM_MAX where this CPU runs IFMA (the emulated test, emul/test_powm_ifma.c,
 * runs it everywhere, with a planted control); the entry point takes a call exactly where its rule
 * says (the IFMA window, the longer exponent long enough, no 4-limb form) and otherwise leaves rp
 * alone; dot_powm2_takes answers as dot_powm2 does, and a planted rule without the exponents is
 * caught. */
#include <stdio.h>
#include "common/powm_battery.h"
#include "dot_impl.h"
#include "exp_window.h" /* exp_bit_length */

/* The rule as dot.h states it, written out here: the variant ifma, powm_from <= n <= DOT_POWM_MAX,
 * and the longer exponent's bits times (n - powm_from + 1) at least 32, any length from
 * powm_from + 31 limbs, but above 1, and of 3 bits or more past 128 limbs. */
static int expected_rule(size_t bits1, size_t bits2, size_t n)
{
    const size_t from = dot_basecase_active()->powm_from, bits = bits1 > bits2 ? bits1 : bits2;
    if (strcmp(dot_isa(), "ifma") != 0 || n < from || n > DOT_POWM_MAX)
        return 0;
    if (bits < 2 || (bits == 2 && n > 128))
        return 0;
    return n - from >= 31 || bits * (n - from + 1) >= 32;
}

/* The planted control: the window alone, the exponents not asked. */
static int takes_window_only(const dot_limb_t *e1, size_t e1n, const dot_limb_t *e2, size_t e2n,
                             size_t n)
{
    (void)e1, (void)e1n, (void)e2, (void)e2n;
    const size_t from = dot_basecase_active()->powm_from;
    return strcmp(dot_isa(), "ifma") == 0 && n >= from && n <= DOT_POWM_MAX;
}

typedef int (*powm2_takes_fn)(const dot_limb_t *, size_t, const dot_limb_t *, size_t, size_t);

/* Every size from 1 to DOT_POWM_MAX + 2 limbs, exponent pairs of 0 to 129 bits (each in its own
 * limbs, the first also with a zero limb on top): how often takes answers otherwise than
 * dot_powm2 does; with check set, also dot_powm2 against expected_rule, rp left alone where it
 * declines. */
static unsigned long disagreements(powm2_takes_fn takes, int check, unsigned long *answers,
                                   unsigned long *taken)
{
    static const size_t lengths[] = {0, 1, 2, 3, 17, 33, 65, 129};
    const size_t nl = sizeof lengths / sizeof *lengths;
    dot_rng r;
    dot_rng_seed(&r, 2);
    dot_limb_t m[DOT_POWM_MAX + 2], b1[DOT_POWM_MAX + 2], b2[DOT_POWM_MAX + 2],
        out[DOT_POWM_MAX + 2], e1[4], e2[4];
    unsigned long wrong = 0;
    *answers = *taken = 0;
    for (size_t n = 1; n <= DOT_POWM_MAX + 2; n++)
        for (size_t l = 0; l < nl * nl; l++) {
            const size_t bits1 = lengths[l % nl], bits2 = lengths[l / nl];
            const size_t e1n = (bits1 ? (bits1 + 63) / 64 : 1) + l % 2,
                         e2n = bits2 ? (bits2 + 63) / 64 : 1;
            powm_modulus(m, n, (int)(l % 4), &r);
            for (size_t i = 0; i < n; i++)
                b1[i] = dot_rng_next(&r), b2[i] = dot_rng_next(&r), out[i] = POWM_SENTINEL;
            b1[n - 1] = m[n - 1] >> 1;
            b2[n - 1] = m[n - 1] >> 2;
            powm_exponent_of(e1, bits1, e1n, &r);
            powm_exponent_of(e2, bits2, e2n, &r);
            const int asked = takes(e1, e1n, e2, e2n, n) != 0;
            const int got = dot_powm2(out, b1, e1, e1n, b2, e2, e2n, m, n) != 0;
            (*answers)++;
            *taken += got;
            wrong += asked != got;
            if (!check)
                continue;
            const int untouched = powm_untouched(out, n);
            const int expect = expected_rule(bits1, bits2, n);
            if (got != expect || (!got && !untouched)) {
                wrong++;
                CHECK(0,
                      "dot_powm2 at %zu limbs, exponents of %zu and %zu bits: returned %d "
                      "(expected %d)%s",
                      n, bits1, bits2, got, expect,
                      !got && !untouched ? " and wrote rp while declining" : "");
            }
        }
    return wrong;
}

/* dot_powm2 as the battery's function: every call it is given taken (the IFMA kernel runs the
 * short ones the rule declines; a long one declined is counted) */
static int declined;
static void powm2_taken(dot_limb_t *rp, const dot_limb_t *b1, const dot_limb_t *e1, size_t e1n,
                        const dot_limb_t *b2, const dot_limb_t *e2, size_t e2n,
                        const dot_limb_t *mp, size_t n)
{
    if (dot_powm2(rp, b1, e1, e1n, b2, e2, e2n, mp, n))
        return;
    if (expected_rule(exp_bit_length(e1, e1n), exp_bit_length(e2, e2n), n))
        declined++;
    dot_ifma_powm2(rp, b1, e1, e1n, b2, e2, e2n, mp, n);
}

int main(void)
{
    printf("dot_powm2 (two bases, one modulus):\n");
    unsigned long answers, taken, wrong = disagreements(dot_powm2_takes, 1, &answers, &taken);
    CHECK(wrong == 0, "dot_powm2 and dot_powm2_takes: %lu answers wrong", wrong);
    printf("  %-34s takes %lu of %lu calls (isa %s, window %s), dot_powm2_takes agrees: %s\n",
           "dot_powm2 entry point and rule", taken, answers, dot_isa(),
           dot_basecase_active()->source, wrong ? "FAILED" : "ok");
    if (taken == 0) {
        printf("  planted control (takes, the window alone)  skipped: no IFMA window here\n");
    } else {
        wrong = disagreements(takes_window_only, 0, &answers, &taken);
        CHECK(wrong > 0, "planted control (takes, the window alone) not caught");
        printf("  planted control (takes, the window alone)  disagrees in %lu of %lu: %s\n", wrong,
               answers, wrong ? "caught" : "NOT CAUGHT");
    }
    if (dot_isa_supported("ifma")) {
        powm2_battery("ifma kernel, two bases", dot_ifma_powm2, 1, DOT_POWM_MAX, 25, 21);
        const size_t from = dot_basecase_active()->powm_from;
        if (strcmp(dot_isa(), "ifma") == 0 && from <= DOT_POWM_MAX) {
            powm2_battery("dot_powm2 (dispatched)", powm2_taken, from, DOT_POWM_MAX, 5, 22);
            CHECK(declined == 0, "dot_powm2 declined %d calls its rule takes", declined);
        }
    } else {
        printf("  (this CPU has no IFMA: the kernel runs in the emulated test only)\n");
    }
    return dot_check_summary();
}
