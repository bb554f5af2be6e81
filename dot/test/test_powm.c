/* dot_powm, dot_powm_ct, dot_powm_ct_x2 (dot.h) and their IFMA kernels against GMP's mpz_powm: the kernels at
 * every modulus size to DOT_POWM_MAX where this CPU runs IFMA (the emulated test, emul/test_powm_ifma.c, runs it
 * everywhere, with the planted control); each entry point takes a call exactly when the variant
 * is ifma and the size lies in the window of dot_basecase_active(), and otherwise leaves rp alone.
 * That the _ct kernel keeps its promise is the timing test's part (dot/test/timing/). */
#include <stdio.h>
#include "common/powm_battery.h"
#include "dot_impl.h"

typedef int (*powm_entry_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                             const dot_limb_t *, size_t);

/* dot_powm and dot_powm_ct as dot_powm_fns that must take every call they are given */
static int declined;
static void powm_taken(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                       const dot_limb_t *mp, size_t n)
{
    if (!dot_powm(rp, bp, ep, en, mp, n))
        declined++;
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

/* Which sizes an entry point takes, one case each from 1 to DOT_POWM_MAX + 2 limbs. */
static void entry_window(const char *name, powm_entry_fn entry)
{
    const dot_basecase_tuning *w = dot_basecase_active();
    int ifma = strcmp(dot_isa(), "ifma") == 0;
    dot_rng r;
    dot_rng_seed(&r, 77);
    dot_limb_t m[DOT_POWM_MAX + 2], b[DOT_POWM_MAX + 2], e[2] = {0, 0};
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
        int expect = ifma && n >= w->powm_from && n <= DOT_POWM_MAX;
        int got = entry(out, b, e, 1, m, n);
        int untouched = 1;
        for (size_t i = 0; i < n; i++)
            untouched = untouched && out[i] == POWM_SENTINEL;
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

int main(void)
{
    printf("dot_powm:\n");
    entry_window("dot_powm entry point", dot_powm);
    entry_window("dot_powm_ct entry point", dot_powm_ct);
    entry_window("dot_powm_ct_x2 entry point", powm_ct_x2_entry);
    if (dot_isa_supported("ifma")) {
        powm_battery("ifma kernel", dot_ifma_powm, 1, DOT_POWM_MAX, 64, 1);
        powm_battery("ifma kernel, constant time", dot_ifma_powm_ct, 1, DOT_POWM_MAX, 64, 4);
        powm_pair_battery("ifma kernel, constant-time pairs", dot_ifma_powm_ct_x2, 1, DOT_POWM_MAX,
                          16, 6);
        const dot_basecase_tuning *w = dot_basecase_active();
        if (strcmp(dot_isa(), "ifma") == 0 && w->powm_from <= DOT_POWM_MAX) {
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
    return dot_check_summary();
}
