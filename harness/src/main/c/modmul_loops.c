/* The modular-multiplication suite's timed loops: see modmul_loops.h. */
#define _POSIX_C_SOURCE 200809L
#include "modmul_loops.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

enum kind { PMNS, GMP, OPENSSL };

typedef void (*pmns_conv_fn)(const void *, uint64_t *, const uint64_t *);
typedef void (*pmns_mul_fn)(const void *, uint64_t *, const uint64_t *, const uint64_t *);
typedef uint64_t (*mpn_mul_n_fn)(uint64_t *, const uint64_t *, const uint64_t *, long);
typedef uint64_t (*mpn_redc_1_fn)(uint64_t *, uint64_t *, const uint64_t *, long, uint64_t);
typedef uint64_t (*mpn_sub_n_fn)(uint64_t *, const uint64_t *, const uint64_t *, long);
typedef void *(*new_fn)(void);
typedef int (*mont_set_fn)(void *, const void *, void *);
typedef void *(*lebin2bn_fn)(const unsigned char *, int, void *);
typedef int (*bn2lebinpad_fn)(const void *, unsigned char *, int);
typedef int (*mont_mul_fn)(void *, const void *, const void *, void *, void *);
typedef void (*free_fn)(void *);

struct dotbench_modmul {
    enum kind kind;
    int planted;
    size_t n;      /* limbs of p */
    size_t words;  /* words of the chain's value (PMNS: of an element) */
    uint64_t *x0;  /* the chain's start, as the contender holds it */
    uint64_t *acc; /* the chain's value */
    uint64_t *y;   /* the multiplier, as the contender holds it */
    uint64_t *p;
    uint64_t *t;   /* GMP: the 2n-limb product */
    uint64_t pinv; /* GMP: -p^-1 mod 2^64 */
    void *pm;      /* PMNS: the parameter set */
    void *fns[9];
    void *bn_acc, *bn_y, *bn_x0, *mont, *ctx; /* OpenSSL */
};

static void empty_product(const void *pm, uint64_t *r, const uint64_t *x, const uint64_t *y)
{
    (void)pm, (void)x, (void)y;
    __asm__ volatile("" : : "r"(r) : "memory");
}

static dotbench_modmul *alloc(enum kind kind, size_t n, size_t words)
{
    dotbench_modmul *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->kind = kind;
    m->n = n;
    m->words = words;
    m->x0 = calloc(words, 8);
    m->acc = calloc(words, 8);
    m->y = calloc(words, 8);
    m->p = calloc(n, 8);
    m->t = calloc(2 * n, 8);
    if (!m->x0 || !m->acc || !m->y || !m->p || !m->t) {
        dotbench_modmul_free(m);
        return NULL;
    }
    return m;
}

dotbench_modmul *dotbench_modmul_pmns(void *const *fns, void *pm, size_t limbs, size_t words,
                                      const uint64_t *x, const uint64_t *y)
{
    dotbench_modmul *m = alloc(PMNS, limbs, words);
    if (m == NULL)
        return NULL;
    memcpy(m->fns, fns, 3 * sizeof *fns);
    m->pm = pm;
    pmns_conv_fn from_int = (pmns_conv_fn)fns[0];
    from_int(pm, m->x0, x);
    from_int(pm, m->y, y);
    dotbench_modmul_reset(m);
    return m;
}

dotbench_modmul *dotbench_modmul_gmp(void *const *fns, const uint64_t *p, size_t n,
                                     const uint64_t *x, const uint64_t *y)
{
    dotbench_modmul *m = alloc(GMP, n, n);
    if (m == NULL)
        return NULL;
    memcpy(m->fns, fns, 3 * sizeof *fns);
    memcpy(m->p, p, n * 8);
    memcpy(m->x0, x, n * 8);
    memcpy(m->y, y, n * 8);
    /* Newton's iteration for p^-1 mod 2^64: each step doubles the correct low bits (p odd) */
    uint64_t inv = p[0];
    for (int i = 0; i < 6; i++)
        inv *= 2 - p[0] * inv;
    m->pinv = -inv;
    dotbench_modmul_reset(m);
    return m;
}

dotbench_modmul *dotbench_modmul_openssl(void *const *fns, const uint64_t *p, size_t n,
                                         const uint64_t *x, const uint64_t *y)
{
    dotbench_modmul *m = alloc(OPENSSL, n, n);
    if (m == NULL)
        return NULL;
    memcpy(m->fns, fns, 9 * sizeof *fns);
    int len = (int)(n * 8);
    lebin2bn_fn lebin2bn = (lebin2bn_fn)fns[3];
    m->ctx = ((new_fn)fns[0])();
    m->mont = ((new_fn)fns[1])();
    void *bn_p = lebin2bn((const unsigned char *)p, len, NULL);
    m->bn_x0 = lebin2bn((const unsigned char *)x, len, NULL);
    m->bn_y = lebin2bn((const unsigned char *)y, len, NULL);
    m->bn_acc = lebin2bn((const unsigned char *)x, len, NULL);
    int ok = m->ctx && m->mont && bn_p && m->bn_x0 && m->bn_y && m->bn_acc &&
             ((mont_set_fn)fns[2])(m->mont, bn_p, m->ctx) == 1;
    ((free_fn)fns[6])(bn_p);
    if (!ok) {
        dotbench_modmul_free(m);
        return NULL;
    }
    return m;
}

void dotbench_modmul_plant(dotbench_modmul *m) { m->planted = 1; }

void dotbench_modmul_reset(dotbench_modmul *m)
{
    memcpy(m->acc, m->x0, m->words * 8);
    if (m->kind == OPENSSL) {
        int len = (int)(m->n * 8);
        ((bn2lebinpad_fn)m->fns[4])(m->bn_x0, (unsigned char *)m->acc, len);
        ((lebin2bn_fn)m->fns[3])((const unsigned char *)m->acc, len, m->bn_acc);
    }
}

static int64_t now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t ticks(void)
{
#if defined(__x86_64__)
    _mm_lfence();
    int64_t t = (int64_t)__rdtsc();
    _mm_lfence();
    return t;
#else
    return 0;
#endif
}

static int64_t loop(dotbench_modmul *m, int64_t reps, int empty)
{
    int64_t failures = 0;
    if (empty) {
        for (int64_t i = 0; i < reps; i++)
            empty_product(m->pm, m->acc, m->acc, m->y);
        return 0;
    }
    switch (m->kind) {
    case PMNS: {
        pmns_mul_fn mul = (pmns_mul_fn)m->fns[2];
        for (int64_t i = 0; i < reps; i++) {
            mul(m->pm, m->acc, m->acc, m->y);
            m->acc[0] ^= (uint64_t)m->planted;
        }
        break;
    }
    case GMP: {
        mpn_mul_n_fn mul_n = (mpn_mul_n_fn)m->fns[0];
        mpn_redc_1_fn redc_1 = (mpn_redc_1_fn)m->fns[1];
        mpn_sub_n_fn sub_n = (mpn_sub_n_fn)m->fns[2];
        long n = (long)m->n;
        for (int64_t i = 0; i < reps; i++) {
            mul_n(m->t, m->acc, m->y, n);
            if (redc_1(m->acc, m->t, m->p, n, m->pinv) != 0)
                sub_n(m->acc, m->acc, m->p, n);
            m->acc[0] ^= (uint64_t)m->planted;
        }
        break;
    }
    case OPENSSL: {
        mont_mul_fn mont_mul = (mont_mul_fn)m->fns[5];
        for (int64_t i = 0; i < reps; i++)
            failures += mont_mul(m->bn_acc, m->bn_acc, m->bn_y, m->mont, m->ctx) != 1;
        if (m->planted) {
            int len = (int)(m->n * 8);
            ((bn2lebinpad_fn)m->fns[4])(m->bn_acc, (unsigned char *)m->acc, len);
            m->acc[0] ^= 1;
            ((lebin2bn_fn)m->fns[3])((const unsigned char *)m->acc, len, m->bn_acc);
        }
        break;
    }
    }
    return failures;
}

int64_t dotbench_modmul_run(dotbench_modmul *m, int64_t reps, int empty,
                            dotbench_modmul_timing *out)
{
    int64_t cpu = now(CLOCK_THREAD_CPUTIME_ID), wall = now(CLOCK_MONOTONIC), tsc = ticks();
    int64_t failures = loop(m, reps, empty);
    out->ticks = ticks() - tsc;
    out->wall_ns = now(CLOCK_MONOTONIC) - wall;
    out->cpu_ns = now(CLOCK_THREAD_CPUTIME_ID) - cpu;
    return failures;
}

void dotbench_modmul_value(dotbench_modmul *m, uint64_t *out)
{
    switch (m->kind) {
    case PMNS: ((pmns_conv_fn)m->fns[1])(m->pm, out, m->acc); break;
    case GMP: memcpy(out, m->acc, m->n * 8); break;
    case OPENSSL:
        if (((bn2lebinpad_fn)m->fns[4])(m->bn_acc, (unsigned char *)out, (int)(m->n * 8)) < 0)
            memset(out, 0xff, m->n * 8); /* does not fit: never equal to a value below p */
        break;
    }
}

void dotbench_modmul_free(dotbench_modmul *m)
{
    if (m == NULL)
        return;
    if (m->kind == OPENSSL) {
        free_fn bn_free = (free_fn)m->fns[6];
        if (bn_free) {
            bn_free(m->bn_acc);
            bn_free(m->bn_y);
            bn_free(m->bn_x0);
        }
        if (m->fns[7] && m->mont)
            ((free_fn)m->fns[7])(m->mont);
        if (m->fns[8] && m->ctx)
            ((free_fn)m->fns[8])(m->ctx);
    }
    free(m->x0);
    free(m->acc);
    free(m->y);
    free(m->p);
    free(m->t);
    free(m);
}
