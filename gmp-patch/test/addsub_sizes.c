/*
 * An LD_PRELOAD shim that counts the operand sizes of every mpn_add_n and mpn_sub_n call a
 * libgmp makes (GMP's internal calls go through the PLT, so a preloaded definition sees them),
 * and prints a histogram at exit. The library is found by its path in DOTBENCH_SIZES_LIB (it may
 * be dlopen'ed with RTLD_LOCAL, where RTLD_NEXT would not find it). See sizes.sh.
 * It also counts the calls of 24 limbs or more (where DoTMP's vector kernel runs) whose operands
 * overlap, modulo 4 KiB but not in memory, the output of the call before or their own output:
 * the layouts in which a vector load may wait for a store to another page
 * (results/avx512-4k-alias-zen4-c569a92.txt).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef unsigned long limb;
typedef limb (*aors_fn)(limb *, const limb *, const limb *, long);

enum { BUCKETS = 65 }; /* sizes 1..64 one by one, then one bucket for 65 and more */
static unsigned long counts[2][BUCKETS + 1];
/* limbs (all calls, calls of 24 limbs or more) and the in-place share of each (rp == up or vp) */
static unsigned long limbs[2][2], inplace_calls[2], inplace_limbs[2][2];
static aors_fn real[2];
/* calls of >= 24 limbs whose up or vp 4K-alias the previous call's rp, or their own rp */
static unsigned long big_calls[2], alias_prev[2], alias_own[2];
static const char *prev_r; /* the previous add/sub call's output, and its bytes */
static unsigned long prev_bytes;

/* Whether [a, a + na) and [b, b + nb) overlap modulo 4 KiB without overlapping in memory. */
static int alias_4k(const char *a, unsigned long na, const char *b, unsigned long nb)
{
    if (!(a + na <= b || b + nb <= a))
        return 0;
    unsigned long d = (unsigned long)(b - a) % 4096; /* b's offset from a, modulo 4 KiB */
    return na >= 4096 || nb >= 4096 || d < na || 4096 - d < nb;
}
static const char *const names[2] = {"__gmpn_add_n", "__gmpn_sub_n"};

static aors_fn resolve(int k)
{
    const char *path = getenv("DOTBENCH_SIZES_LIB");
    void *h = path ? dlopen(path, RTLD_NOW | RTLD_NOLOAD) : NULL;
    aors_fn f = h ? (aors_fn)dlsym(h, names[k]) : NULL;
    if (f == NULL) {
        fprintf(stderr, "addsub_sizes: cannot find %s in DOTBENCH_SIZES_LIB=%s\n", names[k],
                path ? path : "(unset)");
        abort();
    }
    return f;
}

static limb count(int k, limb *r, const limb *u, const limb *v, long n)
{
    if (real[k] == NULL)
        real[k] = resolve(k);
    counts[k][n < BUCKETS ? n : BUCKETS]++;
    int in_place = r == u || r == v, big = n >= 24;
    limbs[k][0] += (unsigned long)n;
    limbs[k][1] += big ? (unsigned long)n : 0;
    inplace_calls[k] += (unsigned long)in_place;
    inplace_limbs[k][0] += in_place ? (unsigned long)n : 0;
    inplace_limbs[k][1] += in_place && big ? (unsigned long)n : 0;
    unsigned long bytes = (unsigned long)n * sizeof(limb);
    if (big) {
        const char *rc = (const char *)r, *uc = (const char *)u, *vc = (const char *)v;
        big_calls[k]++;
        alias_prev[k] += prev_r && (alias_4k(prev_r, prev_bytes, uc, bytes) ||
                                    alias_4k(prev_r, prev_bytes, vc, bytes));
        alias_own[k] += alias_4k(rc, bytes, uc, bytes) || alias_4k(rc, bytes, vc, bytes);
    }
    prev_r = (const char *)r, prev_bytes = bytes;
    return real[k](r, u, v, n);
}

limb __gmpn_add_n(limb *r, const limb *u, const limb *v, long n) { return count(0, r, u, v, n); }
limb __gmpn_sub_n(limb *r, const limb *u, const limb *v, long n) { return count(1, r, u, v, n); }

__attribute__((destructor)) static void report(void)
{
    for (int k = 0; k < 2; k++) {
        unsigned long total = 0, upto[4] = {0};
        static const long edges[4] = {8, 16, 24, 64};
        for (int n = 0; n <= BUCKETS; n++) {
            total += counts[k][n];
            for (int e = 0; e < 4; e++)
                if (n <= edges[e])
                    upto[e] += counts[k][n];
        }
        fprintf(stderr, "%s: %lu calls", names[k] + 3, total); /* "mpn_add_n" */
        if (total == 0) {
            fprintf(stderr, "\n");
            continue;
        }
        fprintf(stderr,
                "; n<=8 %.0f%%, n<=16 %.0f%%, n<=24 %.0f%%, n<=64 %.0f%%; sizes with >= 2%%:",
                100.0 * upto[0] / total, 100.0 * upto[1] / total, 100.0 * upto[2] / total,
                100.0 * upto[3] / total);
        for (int n = 1; n <= BUCKETS; n++)
            if (counts[k][n] * 50 >= total)
                fprintf(stderr, " %s%d:%.0f%%", n == BUCKETS ? ">=" : "", n,
                        100.0 * counts[k][n] / total);
        fprintf(
            stderr,
            "; in place (rp == up or vp): %.0f%% of calls, %.0f%% of limbs, %.0f%% of the limbs "
            "in calls of >= 24 limbs (%.0f%% of all limbs)\n",
            100.0 * inplace_calls[k] / total, 100.0 * inplace_limbs[k][0] / limbs[k][0],
            limbs[k][1] ? 100.0 * inplace_limbs[k][1] / limbs[k][1] : 0.0,
            100.0 * limbs[k][1] / limbs[k][0]);
        if (big_calls[k])
            fprintf(stderr,
                    "%s: of the %lu calls of >= 24 limbs, up or vp overlap modulo 4 KiB (not in "
                    "memory) the previous call's rp in %.1f%%, their own rp in %.1f%%\n",
                    names[k] + 3, big_calls[k], 100.0 * alias_prev[k] / big_calls[k],
                    100.0 * alias_own[k] / big_calls[k]);
    }
}
