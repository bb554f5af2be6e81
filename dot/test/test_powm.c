/* dot_powm, dot_powm_ct, dot_powm_ct_x2 (dot.h) and their IFMA kernels against GMP's mpz_powm: the kernels at
 * every modulus size to DOT_POWM_MAX where this CPU runs IFMA (the emulated test, emul/test_powm_ifma.c, runs it
 * everywhere, with the planted control); the 4-limb kernel (mulx/powm4.h) where the CPU has BMI2
 * and ADX, with its planted control (the products' last subtraction dropped); each entry point
 * takes a call exactly when the variant is ifma and the size lies in the window of
 * dot_basecase_active(), or the size is 4 and its powm4 is set, and otherwise leaves rp alone;
 * dot_powm_takes answers as dot_powm does, dot_powm_ct_takes as dot_powm_ct and dot_powm_ct_x2 do
 * (each with a planted control).
 * That the _ct kernels keep their promise is the timing test's part (dot/test/timing/) and
 * ct_check.sh's. */
#include <stdio.h>
#include "common/powm_battery.h"
#include "dot_impl.h"
/* the planted control: the 4-limb kernel without the masked subtraction that ends each product,
 * compiled into this file (the kernel under test is the library's, linked in) */
#define DOT_POWM4_REDUCE 0
#include "mulx/powm4.h"

typedef int (*powm_entry_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                             const dot_limb_t *, size_t);

/* dot.h's rule for dot_powm's exponents inside the IFMA window: bits (n - powm_from + 1) >= 32,
 * any length from powm_from + 31 limbs, but e above 1, and of 3 bits or more past 128 limbs; at
 * 4 limbs 33 bits or more */
static int long_exponent(const dot_limb_t *ep, size_t en, size_t n)
{
    const size_t from = dot_basecase_active()->powm_from;
    size_t bits = 0;
    for (size_t i = en; i-- > 0 && !bits;)
        if (ep[i])
            bits = 64 * i + 64 - (size_t)__builtin_clzll(ep[i]);
    if (n == DOT_POWM4)
        return bits >= 33;
    if (bits < 2 || (bits == 2 && n > 128))
        return 0;
    return n >= from + 31 || bits * (n - from + 1) >= 32;
}

/* dot_powm and dot_powm_ct as dot_powm_fns that must take every call they are given (dot_powm:
 * every call with a long_exponent; the IFMA kernel, or at 4 limbs the 4-limb one, runs the short
 * ones it declines) */
static int declined;
static void powm_taken(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                       const dot_limb_t *mp, size_t n)
{
    if (dot_powm(rp, bp, ep, en, mp, n))
        return;
    if (long_exponent(ep, en, n))
        declined++;
    else if (n == DOT_POWM4)
        dot_mulx_powm4(rp, bp, ep, en, mp); /* e of 0 or 1: without IFMA too */
    else
        dot_ifma_powm(rp, bp, ep, en, mp, n);
}
static void powm_ct_taken(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                          const dot_limb_t *mp, size_t n)
{
    if (!dot_powm_ct(rp, bp, ep, en, mp, n))
        declined++;
}

static void powm_ct_x2_taken(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                             const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                             const dot_limb_t *e2, const dot_limb_t *m2, size_t en, size_t n)
{
    if (!dot_powm_ct_x2(r1, b1, e1, m1, r2, b2, e2, m2, en, n))
        declined++;
}

/* dot_powm_ct_x2 as an entry point of one exponentiation, beside a partner of the same size
 * (b^e mod m once more): -1 where it declined but wrote either result, or where it took the call
 * and the two results differ */
static int powm_ct_x2_entry(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                            const dot_limb_t *mp, size_t n)
{
    dot_limb_t r2[DOT_POWM_MAX + 2];
    for (size_t i = 0; i < n; i++)
        r2[i] = POWM_SENTINEL;
    int got = dot_powm_ct_x2(rp, bp, ep, mp, r2, bp, ep, mp, en, n);
    for (size_t i = 0; i < n; i++)
        if (got ? r2[i] != rp[i] : r2[i] != POWM_SENTINEL)
            return -1;
    return got;
}

/* The 4-limb kernels as dot_powm_fns and dot_powm_x2_fns (n is 4): the library's, and the planted
 * control's (this file's copy without the last subtraction) */
#define AS_POWM_FN(name, kernel)                                                                   \
    static void name(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,        \
                     const dot_limb_t *mp, size_t n)                                               \
    {                                                                                              \
        (void)n;                                                                                   \
        kernel(rp, bp, ep, en, mp);                                                                \
    }
#define AS_POWM_X2_FN(name, kernel)                                                                \
    static void name(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,                   \
                     const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,                   \
                     const dot_limb_t *e2, const dot_limb_t *m2, size_t en, size_t n)              \
    {                                                                                              \
        (void)n;                                                                                   \
        kernel(r1, b1, e1, m1, r2, b2, e2, m2, en);                                                \
    }
AS_POWM_FN(kernel4, dot_mulx_powm4)
AS_POWM_FN(kernel4_ct, dot_mulx_powm4_ct)
AS_POWM_X2_FN(kernel4_ct_x2, dot_mulx_powm4_ct_x2)
AS_POWM_FN(unreduced4, mulx_powm4)
AS_POWM_FN(unreduced4_ct, mulx_powm4_ct)
AS_POWM_X2_FN(unreduced4_ct_x2, mulx_powm4_ct_x2)

/* Moduli just above 2^255 with random bases and 256-bit exponents: values between m and 2m turn
 * up in nearly every product, and without the subtraction the results must come out wrong. */
static void planted_unreduced(const char *name, dot_powm_fn fn)
{
    dot_rng r;
    dot_rng_seed(&r, 404);
    dot_limb_t m[4], b[4], e[4], want[4], got[4];
    unsigned wrong = 0;
    for (int t = 0; t < 16; t++) {
        for (int i = 0; i < 4; i++) {
            m[i] = dot_rng_next(&r);
            b[i] = dot_rng_next(&r);
            e[i] = dot_rng_next(&r);
        }
        m[3] |= (dot_limb_t)1 << 63;
        m[0] |= 1;
        b[3] >>= 1;
        powm_oracle(want, b, e, 4, m, 4);
        fn(got, b, e, 4, m, 4);
        wrong += memcmp(want, got, sizeof got) != 0;
    }
    CHECK(wrong > 0, "planted control (%s) not caught", name);
    printf("  planted control (%s)  wrong in %u of 16: %s\n", name, wrong,
           wrong ? "caught" : "NOT CAUGHT");
}

/* Which sizes an entry point takes, one case each from 1 to DOT_POWM_MAX + 2 limbs. */
static void entry_window(const char *name, powm_entry_fn entry)
{
    const dot_basecase_tuning *w = dot_basecase_active();
    int ifma = strcmp(dot_isa(), "ifma") == 0;
    dot_rng r;
    dot_rng_seed(&r, 77);
    dot_limb_t m[DOT_POWM_MAX + 2], b[DOT_POWM_MAX + 2], e[2] = {0, 1}; /* long: 65 bits+ */
    dot_limb_t out[DOT_POWM_MAX + 2];
    unsigned long wrong = 0, taken = 0;
    for (size_t n = 1; n <= DOT_POWM_MAX + 2; n++) {
        for (size_t i = 0; i < n; i++) {
            m[i] = dot_rng_next(&r) | 1;
            b[i] = dot_rng_next(&r);
            out[i] = POWM_SENTINEL;
        }
        b[n - 1] = m[n - 1] >> 1;
        e[0] = dot_rng_next(&r);
        int expect = (ifma && n >= w->powm_from && n <= DOT_POWM_MAX) ||
                     (n == DOT_POWM4 && w->powm4);
        int got = entry(out, b, e, 2, m, n);
        const int untouched = powm_untouched(out, n);
        taken += got != 0;
        if (got != expect || (!got && !untouched)) {
            wrong++;
            CHECK(0, "%s at %zu limbs returned %d (expected %d)%s", name, n, got, expect,
                  !got && !untouched ? " and wrote rp while declining" : "");
        }
    }
    printf("  %-34s takes %lu of %d sizes (isa %s, window %s): %s\n", name, taken, DOT_POWM_MAX + 2,
           dot_isa(), w->source, wrong ? "FAILED" : "ok");
}

/* dot_powm's exponent rule at the sizes it applies to: at each n from powm_from to powm_from + 31,
 * and at 4, 64, 128, 129, 200 and DOT_POWM_MAX limbs (4: 33 bits; e = 1; a square's 2 bits past
 * 128),
 * exponents of the rule's shortest length and one bit shorter, of 1, 2, 3 and 64 bits, one limb
 * or with a zero limb on top; a short one must be declined with rp left alone, a long one taken
 * and right. */
static void short_exponents(void)
{
    const size_t from = dot_basecase_active()->powm_from;
    dot_rng r;
    dot_rng_seed(&r, 65537);
    dot_limb_t m[DOT_POWM_MAX], b[DOT_POWM_MAX], out[DOT_POWM_MAX], want[DOT_POWM_MAX];
    unsigned long cases = 0, wrong = 0, taken = 0;
    static const size_t more[] = {DOT_POWM4, 64, 128, 129, 200, DOT_POWM_MAX};
    for (size_t t = 0; t < 32 + sizeof more / sizeof *more; t++) {
        const size_t n = t < 32 ? from + t : more[t - 32];
        if (n > DOT_POWM_MAX || (t >= 32 && n >= from && n <= from + 31) ||
            (n == DOT_POWM4 && !dot_basecase_active()->powm4))
            continue;
        const size_t need = n == DOT_POWM4   ? 33
                            : n - from >= 31 ? 0
                                             : (32 + n - from) / (n - from + 1);
        const size_t lengths[] = {need, need ? need - 1 : 0, 1, 2, 3, 64};
        for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++)
            for (size_t en = 1; en <= 2; en++) {
                powm_modulus(m, n, (int)(cases % 4), &r);
                for (size_t i = 0; i < n; i++)
                    b[i] = dot_rng_next(&r), out[i] = POWM_SENTINEL;
                b[n - 1] = m[n - 1] >> 1;
                dot_limb_t e[2] = {0, 0};
                const size_t bits = lengths[l];
                if (bits)
                    e[0] = (dot_rng_next(&r) >> (64 - bits)) | (dot_limb_t)1 << (bits - 1);
                const int expect = long_exponent(e, en, n), asked = dot_powm_takes(e, en, n);
                const int got = dot_powm(out, b, e, en, m, n);
                powm_oracle(want, b, e, en, m, n);
                int ok = got == expect && asked == expect;
                for (size_t i = 0; i < n; i++)
                    ok = ok && out[i] == (got ? want[i] : POWM_SENTINEL);
                cases++;
                taken += got != 0;
                if (!ok) {
                    wrong++;
                    CHECK(0,
                          "dot_powm at %zu limbs, a %zu-bit exponent in %zu limbs: returned %d, "
                          "dot_powm_takes %d (expected %d), result %s",
                          n, bits, en, got, asked, expect,
                          got ? "wrong" : "written while declining");
                }
            }
    }
    printf("  %-34s takes %lu of %lu short exponents (window from %zu): %s\n",
           "dot_powm exponent rule", taken, cases, from, wrong ? "FAILED" : "ok");
}

/* A rule's question (dot_powm_takes, dot_powm_ct_takes) answered as the entry points it stands
 * for do in all `answers`, and a planted wrong rule caught. */
static void rule_agrees(const char *name, const char *entries, unsigned long wrong,
                        unsigned long answers)
{
    CHECK(wrong == 0, "%s disagreed with %s in %lu of %lu answers", name, entries, wrong, answers);
    printf("  %-34s agrees with %s in %lu of %lu: %s\n", name, entries, answers - wrong, answers,
           wrong ? "FAILED" : "ok");
}
static void planted_disagrees(const char *name, unsigned long wrong, unsigned long answers)
{
    CHECK(wrong > 0, "planted control (%s) not caught", name);
    printf("  planted control (%s)  disagrees in %lu of %lu: %s\n", name, wrong, answers,
           wrong ? "caught" : "NOT CAUGHT");
}

/* dot_powm_takes as a library asks it (dot.h), or the planted control: the window alone, the
 * exponent not asked (what GMP's patch asked before it called dot_powm_takes). */
typedef int (*powm_takes_fn)(const dot_limb_t *, size_t, size_t);
/* The window alone, without the 4-limb switch: also dot_powm_ct_takes's planted control. */
static int ct_takes_window_only(size_t n)
{
    const dot_basecase_tuning *w = dot_basecase_active();
    return n >= w->powm_from && n <= DOT_POWM_MAX;
}
static int takes_window_only(const dot_limb_t *ep, size_t en, size_t n)
{
    (void)ep, (void)en;
    return (n == DOT_POWM4 && dot_basecase_active()->powm4) || ct_takes_window_only(n);
}

/* How many calls takes answers otherwise than dot_powm does: every size from 1 to
 * DOT_POWM_MAX + 2 limbs, exponents of 1 to 129 bits, each in its own limbs and with a zero limb
 * on top. */
static unsigned long takes_disagreements(powm_takes_fn takes, unsigned long *cases)
{
    static const size_t lengths[] = {1, 2, 3, 8, 15, 16, 17, 31, 32, 33, 64, 65, 129};
    dot_rng r;
    dot_rng_seed(&r, 5);
    dot_limb_t m[DOT_POWM_MAX + 2], b[DOT_POWM_MAX + 2], out[DOT_POWM_MAX + 2], e[4];
    unsigned long wrong = 0;
    *cases = 0;
    for (size_t n = 1; n <= DOT_POWM_MAX + 2; n++)
        for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
            const size_t bits = lengths[l], limbs = (bits + 63) / 64;
            for (size_t en = limbs; en <= limbs + 1; en++) {
                powm_modulus(m, n, 0, &r);
                for (size_t i = 0; i < n; i++)
                    b[i] = dot_rng_next(&r);
                b[n - 1] = m[n - 1] >> 1;
                for (size_t i = 0; i < 4; i++)
                    e[i] = i < limbs ? dot_rng_next(&r) : 0;
                e[limbs - 1] >>= 64 * limbs - bits;
                e[limbs - 1] |= (dot_limb_t)1 << ((bits - 1) % 64);
                (*cases)++;
                wrong += (takes(e, en, n) != 0) != (dot_powm(out, b, e, en, m, n) != 0);
            }
        }
    return wrong;
}

/* dot_powm_takes answers exactly as dot_powm does; the planted window-only answer must not
 * (where the window holds sizes whose short exponents dot_powm declines). */
static void takes_rule(void)
{
    unsigned long cases, wrong = takes_disagreements(dot_powm_takes, &cases);
    rule_agrees("dot_powm_takes", "dot_powm", wrong, cases);
    if (dot_basecase_active()->powm_from > DOT_POWM_MAX) {
        printf("  planted control (takes, the window alone)  skipped: no IFMA window here\n");
        return;
    }
    wrong = takes_disagreements(takes_window_only, &cases);
    planted_disagrees("takes, the window alone", wrong, cases);
}

/* How many answers of takes differ from what dot_powm_ct and dot_powm_ct_x2 do, one call of each
 * at every size from 1 to DOT_POWM_MAX + 2 limbs (2 answers a size). */
static unsigned long ct_takes_disagreements(int (*takes)(size_t), unsigned long *answers)
{
    dot_rng r;
    dot_rng_seed(&r, 6);
    dot_limb_t m[DOT_POWM_MAX + 2], b[DOT_POWM_MAX + 2], out[DOT_POWM_MAX + 2], e[2];
    unsigned long wrong = 0;
    *answers = 0;
    for (size_t n = 1; n <= DOT_POWM_MAX + 2; n++) {
        powm_modulus(m, n, 0, &r);
        for (size_t i = 0; i < n; i++)
            b[i] = dot_rng_next(&r);
        b[n - 1] = m[n - 1] >> 1;
        e[0] = dot_rng_next(&r);
        e[1] = dot_rng_next(&r) | 1;
        const int asked = takes(n) != 0;
        wrong += asked != (dot_powm_ct(out, b, e, 2, m, n) != 0);
        wrong += asked != (powm_ct_x2_entry(out, b, e, 2, m, n) > 0);
        *answers += 2;
    }
    return wrong;
}

/* dot_powm_ct_takes answers exactly as dot_powm_ct and dot_powm_ct_x2 do; the planted window-only
 * answer must not (where the 4-limb kernel is on, which that answer leaves out). */
static void ct_takes_rule(void)
{
    unsigned long answers, wrong = ct_takes_disagreements(dot_powm_ct_takes, &answers);
    rule_agrees("dot_powm_ct_takes", "dot_powm_ct and dot_powm_ct_x2", wrong, answers);
    if (!dot_basecase_active()->powm4) {
        printf("  planted control (ct takes, the window alone)  skipped: no 4-limb kernel here\n");
        return;
    }
    wrong = ct_takes_disagreements(ct_takes_window_only, &answers);
    planted_disagrees("ct takes, the window alone", wrong, answers);
}

int main(void)
{
    printf("dot_powm:\n");
    entry_window("dot_powm entry point", dot_powm);
    entry_window("dot_powm_ct entry point", dot_powm_ct);
    entry_window("dot_powm_ct_x2 entry point", powm_ct_x2_entry);
    takes_rule();
    ct_takes_rule();
    if (dot_isa_supported("ifma")) {
        powm_battery("ifma kernel", dot_ifma_powm, 1, DOT_POWM_MAX, 64, 1);
        powm_battery("ifma kernel, constant time", dot_ifma_powm_ct, 1, DOT_POWM_MAX, 64, 4);
        powm_pair_battery("ifma kernel, constant-time pairs", dot_ifma_powm_ct_x2, 1, DOT_POWM_MAX,
                          16, 6);
        const dot_basecase_tuning *w = dot_basecase_active();
        if (strcmp(dot_isa(), "ifma") == 0 && w->powm_from <= DOT_POWM_MAX) {
            short_exponents();
            powm_battery("dot_powm (dispatched)", powm_taken, w->powm_from, DOT_POWM_MAX, 8, 2);
            powm_battery("dot_powm_ct (dispatched)", powm_ct_taken, w->powm_from, DOT_POWM_MAX, 8,
                         5);
            powm_pair_battery("dot_powm_ct_x2 (dispatched)", powm_ct_x2_taken, w->powm_from,
                              DOT_POWM_MAX, 4, 8);
            CHECK(declined == 0,
                  "dot_powm, dot_powm_ct or dot_powm_ct_x2 declined %d calls inside its window",
                  declined);
        }
    } else {
        printf("  (this CPU has no IFMA: the kernel runs in the emulated test only)\n");
    }
    if (dot_cpu_detect().mulx) {
        powm_battery("4-limb kernel", kernel4, 4, 4, 2048, 11);
        powm_battery("4-limb kernel, constant time", kernel4_ct, 4, 4, 2048, 12);
        powm_pair_battery("4-limb kernel, constant-time pairs", kernel4_ct_x2, 4, 4, 1024, 13);
        if (dot_basecase_active()->powm4) {
            declined = 0;
            powm_battery("dot_powm (dispatched, 4 limbs)", powm_taken, 4, 4, 64, 14);
            powm_battery("dot_powm_ct (dispatched, 4 limbs)", powm_ct_taken, 4, 4, 64, 15);
            powm_pair_battery("dot_powm_ct_x2 (dispatched, 4 limbs)", powm_ct_x2_taken, 4, 4, 64,
                              16);
            CHECK(declined == 0, "an entry point declined %d 4-limb calls with powm4 on", declined);
        }
        planted_unreduced("4-limb, no last subtraction", unreduced4);
        planted_unreduced("4-limb constant time, no last subtraction", unreduced4_ct);
        powm_pair_kernel = unreduced4_ct_x2;
        planted_unreduced("4-limb pairs, no last subtraction", powm_pair);
    } else {
        printf("  (this CPU has no BMI2/ADX: no 4-limb kernel)\n");
    }
    return dot_check_summary();
}
