/* The kernels and loop declared in ntt_loop.h. */
#define _POSIX_C_SOURCE 200809L
#include "ntt_loop.h"

#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "dot.h"
#include "ntt_impl.h"

typedef uint64_t (*mul_fn)(uint64_t *, const uint64_t *, size_t, const uint64_t *, size_t);
typedef void (*sqr_fn)(uint64_t *, const uint64_t *, size_t);

#define KERNELS(v, ops)                                                                            \
    static uint64_t v##_mul(uint64_t *rp, const uint64_t *up, size_t un, const uint64_t *vp,       \
                            size_t vn)                                                             \
    {                                                                                              \
        ntt_mul_with(&ops, rp, up, un, vp, vn);                                                    \
        return rp[un + vn - 1];                                                                    \
    }                                                                                              \
    static void v##_sqr(uint64_t *rp, const uint64_t *up, size_t n)                                \
    {                                                                                              \
        ntt_sqr_with(&ops, rp, up, n);                                                             \
    }                                                                                              \
    static void v##_mul_n(uint64_t *rp, const uint64_t *up, const uint64_t *vp, size_t n)          \
    {                                                                                              \
        ntt_mul_with(&ops, rp, up, n, vp, n);                                                      \
    }

KERNELS(scalar, ntt_scalar_ops)
KERNELS(avx2, ntt_avx2_ops)
KERNELS(ifma, ntt_ifma_ops)

static const char *const names[] = {"scalar", "avx2", "ifma", NULL};

const char *const *dotbench_ntt_variants(void) { return names; }

int dotbench_ntt_runs(const char *variant)
{
    if (strcmp(variant, "scalar") == 0)
        return 1;
    if (strcmp(variant, "avx2") == 0)
        return ntt_avx2_runs();
    if (strcmp(variant, "ifma") == 0)
        return dot_isa_supported("ifma");
    return 0;
}

/* the controls: the best variant that runs here, made wrong */
static const ntt_ops *best_ops(void)
{
    return dotbench_ntt_runs("ifma") ? &ntt_ifma_ops
           : ntt_avx2_runs()         ? &ntt_avx2_ops
                                     : &ntt_scalar_ops;
}

static atomic_long late_calls;

static int planted_fault(int late) { return !late || atomic_fetch_add(&late_calls, 1) > 0; }

static void plant(uint64_t *rp, size_t rn, int late)
{
    if (planted_fault(late))
        rp[rn / 2] ^= 1;
}

static uint64_t wrong_mul(uint64_t *rp, const uint64_t *up, size_t un, const uint64_t *vp,
                          size_t vn)
{
    ntt_mul_with(best_ops(), rp, up, un, vp, vn);
    plant(rp, un + vn, 0);
    return rp[un + vn - 1];
}
static void wrong_sqr(uint64_t *rp, const uint64_t *up, size_t n)
{
    ntt_sqr_with(best_ops(), rp, up, n);
    plant(rp, 2 * n, 0);
}
static void wrong_mul_n(uint64_t *rp, const uint64_t *up, const uint64_t *vp, size_t n)
{
    wrong_mul(rp, up, n, vp, n);
}
static uint64_t late_mul(uint64_t *rp, const uint64_t *up, size_t un, const uint64_t *vp, size_t vn)
{
    ntt_mul_with(best_ops(), rp, up, un, vp, vn);
    plant(rp, un + vn, 1);
    return rp[un + vn - 1];
}
static void late_sqr(uint64_t *rp, const uint64_t *up, size_t n)
{
    ntt_sqr_with(best_ops(), rp, up, n);
    plant(rp, 2 * n, 1);
}
static void late_mul_n(uint64_t *rp, const uint64_t *up, const uint64_t *vp, size_t n)
{
    late_mul(rp, up, n, vp, n);
}

static void *pick(int shape, void *mul, void *sqr, void *mul_n)
{
    return shape == DOTBENCH_SHAPE_MUL     ? mul
           : shape == DOTBENCH_SHAPE_SQR   ? sqr
           : shape == DOTBENCH_SHAPE_MUL_N ? mul_n
                                           : NULL;
}

void *dotbench_ntt_kernel(const char *variant, int shape)
{
    if (strcmp(variant, "planted-wrong") == 0)
        return pick(shape, (void *)wrong_mul, (void *)wrong_sqr, (void *)wrong_mul_n);
    if (strcmp(variant, "planted-late") == 0) {
        atomic_store(&late_calls, 0);
        return pick(shape, (void *)late_mul, (void *)late_sqr, (void *)late_mul_n);
    }
    if (!dotbench_ntt_runs(variant))
        return NULL;
    if (strcmp(variant, "ifma") == 0)
        return pick(shape, (void *)ifma_mul, (void *)ifma_sqr, (void *)ifma_mul_n);
    if (strcmp(variant, "avx2") == 0)
        return pick(shape, (void *)avx2_mul, (void *)avx2_sqr, (void *)avx2_mul_n);
    return pick(shape, (void *)scalar_mul, (void *)scalar_sqr, (void *)scalar_mul_n);
}

static int64_t ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void loop(void *fn, int shape, uint64_t *rp, const uint64_t *up, size_t un,
                 const uint64_t *vp, size_t vn, int64_t reps, dotbench_mul_timing *out)
{
    int64_t cpu0 = ns(CLOCK_THREAD_CPUTIME_ID), wall0 = ns(CLOCK_MONOTONIC);
    if (shape == DOTBENCH_SHAPE_SQR) {
        sqr_fn f = (sqr_fn)fn;
        for (int64_t i = 0; i < reps; i++)
            f(rp, up, un);
    } else {
        mul_fn f = (mul_fn)fn;
        for (int64_t i = 0; i < reps; i++)
            f(rp, up, un, vp, vn);
    }
    out->wall_ns = ns(CLOCK_MONOTONIC) - wall0;
    out->cpu_ns = ns(CLOCK_THREAD_CPUTIME_ID) - cpu0;
}

void dotbench_mul_loop(void *fn, int shape, uint64_t *rp, const uint64_t *up, size_t un,
                       const uint64_t *vp, size_t vn, int64_t reps, dotbench_mul_timing *out)
{
    loop(fn, shape, rp, up, un, vp, vn, reps, out);
}

/* noinline and reached through a pointer, as the kernels are */
__attribute__((noinline)) static uint64_t empty_mul(uint64_t *rp, const uint64_t *up, size_t un,
                                                    const uint64_t *vp, size_t vn)
{
    __asm__ volatile("" : : "r"(rp), "r"(up), "r"(un), "r"(vp), "r"(vn) : "memory");
    return 0;
}
__attribute__((noinline)) static void empty_sqr(uint64_t *rp, const uint64_t *up, size_t n)
{
    __asm__ volatile("" : : "r"(rp), "r"(up), "r"(n) : "memory");
}

void dotbench_mul_loop_empty(int shape, uint64_t *rp, const uint64_t *up, size_t un,
                             const uint64_t *vp, size_t vn, int64_t reps, dotbench_mul_timing *out)
{
    void *volatile fn = shape == DOTBENCH_SHAPE_SQR ? (void *)empty_sqr : (void *)empty_mul;
    loop(fn, shape, rp, up, un, vp, vn, reps, out);
}
