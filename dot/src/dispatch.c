/*
 * The one dispatch table: variants from the most portable to the fastest. The best one this CPU
 * can run (or the one DOT_ISA names) is resolved on first use and published with a release
 * store; afterwards every call is one acquire load and an indirect call, no writes.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dot_impl.h"

#define DOT_VERSION "0.1.0"

#define DOT_ADDSUB(isa) dot_##isa##_add_n, dot_##isa##_sub_n, dot_##isa##_add_n_ct, dot_##isa##_sub_n_ct
#define DOT_MUL(isa) dot_##isa##_mul_4x4, dot_##isa##_sqr_4x4, dot_##isa##_mul_5x5_r52

typedef struct variant {
    dot_kernels k;
    int (*runs_on)(const dot_cpu *);
} variant;

static int always(const dot_cpu *c) { (void)c; return 1; }
static int has_sse42(const dot_cpu *c) { return c->sse42; }
static int has_avx2(const dot_cpu *c) { return c->avx2; }
static int has_avx512(const dot_cpu *c) { return c->avx512; }
static int has_ifma(const dot_cpu *c) { return c->ifma; }

static const variant variants[] = {
    {{"scalar", DOT_ADDSUB(scalar), DOT_MUL(scalar), "scalar", "scalar"}, always},
    {{"sse", DOT_ADDSUB(sse), DOT_MUL(scalar), "sse", "scalar"}, has_sse42},
    {{"avx2", DOT_ADDSUB(avx2), DOT_MUL(scalar), "avx2", "scalar"}, has_avx2},
    {{"avx512", DOT_ADDSUB(avx512), DOT_MUL(scalar), "avx512", "scalar"}, has_avx512},
    /* The IFMA 4x4 product and square lose to the scalar kernels on zen4 (bench_mul: 29 vs 24 and
     * 27 vs 16 TSC cycles per call), the IFMA radix-2^52 product wins (27 vs 38). */
    {{"ifma", DOT_ADDSUB(avx512), dot_scalar_mul_4x4, dot_scalar_sqr_4x4, dot_ifma_mul_5x5_r52, "avx512",
      "scalar, ifma for mul_5x5_r52"},
     has_ifma},
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])

static const char *const names[] = {"scalar", "sse", "avx2", "avx512", "ifma", NULL};
_Static_assert(sizeof names / sizeof names[0] == N_VARIANTS + 1, "names[] matches variants[]");

static const variant *find(const char *name)
{
    for (size_t i = 0; name && i < N_VARIANTS; i++)
        if (strcmp(variants[i].k.name, name) == 0)
            return &variants[i];
    return NULL;
}

/* Out of line and cold, so the entry points stay a load, a test and a tail jump (inlined, its
 * register saves landed on every call: about 3 cycles each at 4 limbs). */
__attribute__((noinline, cold)) static const dot_kernels *resolve(void)
{
    dot_cpu cpu = dot_cpu_detect();
    const char *forced = getenv("DOT_ISA");
    if (forced && *forced) {
        const variant *v = find(forced);
        if (!v) {
            fprintf(stderr, "libdot: DOT_ISA=%s names no variant (known: scalar sse avx2 avx512 ifma)\n",
                    forced);
            abort();
        }
        if (!v->runs_on(&cpu)) {
            fprintf(stderr, "libdot: DOT_ISA=%s was requested but this CPU or OS cannot run it\n",
                    forced);
            abort();
        }
        return &v->k;
    }
    for (size_t i = N_VARIANTS; i-- > 0;)
        if (variants[i].runs_on(&cpu))
            return &variants[i].k;
    return &variants[0].k;
}

static _Atomic(const dot_kernels *) active_kernels;

/* racing first callers compute and store the same answer */
__attribute__((noinline, cold)) static const dot_kernels *publish(void)
{
    const dot_kernels *k = resolve();
    atomic_store_explicit(&active_kernels, k, memory_order_release);
    return k;
}

static inline const dot_kernels *active(void)
{
    const dot_kernels *k = atomic_load_explicit(&active_kernels, memory_order_acquire);
    if (DOT_LIKELY(k != NULL))
        return k;
    return publish();
}

#ifdef DOT_DEBUG
/* Debug builds check the contracts of dot.h on every call and abort with a message. */
static int overlap(const dot_limb_t *a, size_t an, const dot_limb_t *b, size_t bn)
{
    return a < b + bn && b < a + an;
}

static void contract(int ok, const char *fn, const char *what)
{
    if (!ok) {
        fprintf(stderr, "libdot: %s: contract violated: %s\n", fn, what);
        abort();
    }
}

static void check_aors(const char *fn, const dot_limb_t *rp, const dot_limb_t *up,
                       const dot_limb_t *vp, size_t n)
{
    contract(n >= 1, fn, "n >= 1");
    contract(rp == up || !overlap(rp, n, up, n), fn, "rp overlaps up other than exactly");
    contract(rp == vp || !overlap(rp, n, vp, n), fn, "rp overlaps vp other than exactly");
}

static void check_mul(const char *fn, const dot_limb_t *rp, size_t rn, const dot_limb_t *up,
                      const dot_limb_t *vp, size_t n)
{
    contract(!overlap(rp, rn, up, n) && (!vp || !overlap(rp, rn, vp, n)), fn,
             "rp overlaps an input");
}
#define DOT_CHECK_AORS(rp, up, vp, n) check_aors(__func__, rp, up, vp, n)
#define DOT_CHECK_MUL(rp, rn, up, vp, n) check_mul(__func__, rp, rn, up, vp, n)
#else
#define DOT_CHECK_AORS(rp, up, vp, n) ((void)0)
#define DOT_CHECK_MUL(rp, rn, up, vp, n) ((void)0)
#endif

dot_limb_t dot_add_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    DOT_CHECK_AORS(rp, up, vp, n);
    return active()->add_n(rp, up, vp, n);
}

dot_limb_t dot_sub_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    DOT_CHECK_AORS(rp, up, vp, n);
    return active()->sub_n(rp, up, vp, n);
}

dot_limb_t dot_add_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    DOT_CHECK_AORS(rp, up, vp, n);
    return active()->add_n_ct(rp, up, vp, n);
}

dot_limb_t dot_sub_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    DOT_CHECK_AORS(rp, up, vp, n);
    return active()->sub_n_ct(rp, up, vp, n);
}

void dot_mul_4x4(dot_limb_t rp[8], const dot_limb_t up[4], const dot_limb_t vp[4])
{
    DOT_CHECK_MUL(rp, 8, up, vp, 4);
    active()->mul_4x4(rp, up, vp);
}

void dot_sqr_4x4(dot_limb_t rp[8], const dot_limb_t up[4])
{
    DOT_CHECK_MUL(rp, 8, up, NULL, 4);
    active()->sqr_4x4(rp, up);
}

void dot_mul_5x5_r52(dot_limb_t rp[10], const dot_limb_t up[5], const dot_limb_t vp[5])
{
    DOT_CHECK_MUL(rp, 10, up, vp, 5);
    active()->mul_5x5_r52(rp, up, vp);
}

const char *dot_isa(void) { return active()->name; }

const dot_kernels *dot_kernels_for(const char *name)
{
    const variant *v = find(name);
    if (!v)
        return NULL;
    dot_cpu cpu = dot_cpu_detect();
    return v->runs_on(&cpu) ? &v->k : NULL;
}

int dot_isa_supported(const char *name) { return dot_kernels_for(name) != NULL; }

const char *const *dot_isa_names(void) { return names; }

const char *dot_version(void) { return DOT_VERSION; }
