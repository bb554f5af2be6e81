/* dot_powm, dot_powm_ct (dot.h) and their IFMA kernels against GMP's mpz_powm: the kernels at
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
    if (dot_isa_supported("ifma")) {
        powm_battery("ifma kernel", dot_ifma_powm, 1, DOT_POWM_MAX, 64, 1);
        powm_battery("ifma kernel, constant time", dot_ifma_powm_ct, 1, DOT_POWM_MAX, 64, 4);
        const dot_basecase_tuning *w = dot_basecase_active();
        if (strcmp(dot_isa(), "ifma") == 0 && w->powm_from <= DOT_POWM_MAX) {
            powm_battery("dot_powm (dispatched)", powm_taken, w->powm_from, DOT_POWM_MAX, 8, 2);
            powm_battery("dot_powm_ct (dispatched)", powm_ct_taken, w->powm_from, DOT_POWM_MAX, 8,
                         5);
            CHECK(declined == 0, "dot_powm or dot_powm_ct declined %d calls inside its window",
                  declined);
        }
    } else {
        printf("  (this CPU has no IFMA: the kernel runs in the emulated test only)\n");
    }
    return dot_check_summary();
}
