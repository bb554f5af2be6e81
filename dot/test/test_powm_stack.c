/* The stack an IFMA exponentiation takes (dot.h: DOT_POWM_STACK_128 up to 128 limbs,
 * DOT_POWM_STACK up to DOT_POWM_MAX), measured: each call runs on a thread whose stack this
 * program allocates and fills with a pattern; what the call overwrote below the thread's first
 * frame is what it took. Every entry point at the largest modulus of each range, with exponents
 * long enough for the widest windows (the largest tables), and a public exponent at the largest
 * size (65537: its sliding window's table one entry). The method's control: a planted function
 * that takes a known amount (a touched array past DOT_POWM_STACK) must be measured at least that
 * large and must fail the bound. Under AddressSanitizer (whose frames carry redzones) the bound
 * is not checked, the control is. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "common/check.h"
#include "dot_impl.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#else
#define UNDER_ASAN 0
#endif

#define STACK_BYTES ((size_t)1 << 20)
#define PAINT UINT64_C(0xc3a5c3a5c3a5c3a5)
#define EN_LONG 64 /* 4096-bit exponents: the widest windows (exp_window.h) */

typedef struct {
    void (*fn)(void *);
    void *arg;
} job;

static void *run_job(void *p)
{
    const job *j = p;
    j->fn(j->arg);
    return NULL;
}

/* bytes of its stack that fn(arg) wrote, run on a painted thread stack (the thread's own start
 * included: a few hundred bytes) */
static size_t stack_taken(void (*fn)(void *), void *arg)
{
    uint64_t *stack = mmap(NULL, STACK_BYTES, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
    for (size_t i = 0; i < STACK_BYTES / 8; i++)
        stack[i] = PAINT;
    pthread_attr_t attr;
    pthread_t t;
    job j = {fn, arg};
    if (pthread_attr_init(&attr) || pthread_attr_setstack(&attr, stack, STACK_BYTES) ||
        pthread_create(&t, &attr, run_job, &j) || pthread_join(t, NULL)) {
        fprintf(stderr, "test_powm_stack: cannot run a thread on its own stack\n");
        exit(2);
    }
    pthread_attr_destroy(&attr);
    size_t low = 0;
    while (low < STACK_BYTES / 8 && stack[low] == PAINT)
        low++;
    munmap(stack, STACK_BYTES);
    return STACK_BYTES - 8 * low;
}

/* one exponentiation's operands: m of n limbs (odd, top limb full), b < m, exponents */
typedef struct {
    const char *entry;
    size_t n, en;
    dot_limb_t m[DOT_POWM_MAX], m2[DOT_POWM_MAX], b[DOT_POWM_MAX], rr[DOT_POWM_MAX];
    dot_limb_t e[EN_LONG], e2[EN_LONG], r[DOT_POWM_MAX], r2[DOT_POWM_MAX];
} call;

/* random operands at n limbs: m and m2 odd with the top bit set, b below them, exponents of
 * EN_LONG limbs, rr any number below m (the stack, not the value, is measured here) */
static void fill(call *c, size_t n, dot_rng *r)
{
    c->n = n;
    c->en = EN_LONG;
    for (size_t l = 0; l < n; l++) {
        const dot_limb_t top = l == n - 1 ? UINT64_C(1) << 63 : 0;
        c->m[l] = dot_rng_next(r) | (l == 0) | top;
        c->m2[l] = dot_rng_next(r) | (l == 0) | top;
        c->b[l] = dot_rng_next(r) >> (top ? 1 : 0);
        c->rr[l] = l == 0;
    }
    for (size_t l = 0; l < EN_LONG; l++) {
        c->e[l] = dot_rng_next(r);
        c->e2[l] = dot_rng_next(r);
    }
}

static void run_call(void *p)
{
    call *c = p;
    if (strcmp(c->entry, "dot_ifma_powm") == 0)
        dot_ifma_powm(c->r, c->b, c->e, c->en, c->m, c->n);
    else if (strcmp(c->entry, "dot_ifma_powm_rr") == 0)
        dot_ifma_powm_rr(c->r, c->b, c->e, c->en, c->m, c->n, c->rr);
    else if (strcmp(c->entry, "dot_ifma_powm2") == 0)
        dot_ifma_powm2(c->r, c->b, c->e, c->en, c->b, c->e2, c->en, c->m, c->n);
    else if (strcmp(c->entry, "dot_ifma_powm_ct") == 0)
        dot_ifma_powm_ct(c->r, c->b, c->e, c->en, c->m, c->n);
    else
        dot_ifma_powm_ct_x2(c->r, c->b, c->e, c->m, c->r2, c->b, c->e2, c->m2, c->en, c->n);
}

/* the planted control: a frame of bytes, touched from its far end */
static void planted(void *p)
{
    const size_t bytes = *(const size_t *)p;
    volatile unsigned char big[bytes];
    for (size_t i = 0; i < bytes; i += 64)
        big[i] = (unsigned char)i;
    big[0] = big[bytes - 1];
}

static int failures;

static void check(const char *what, size_t taken, size_t bound)
{
    const int ok = UNDER_ASAN || taken <= bound;
    printf("  %-52s %7zu bytes (bound %zu)%s: %s\n", what, taken, bound,
           UNDER_ASAN ? ", not checked under ASan" : "", ok ? "ok" : "OVER");
    failures += !ok;
}

int main(void)
{
    printf(
        "test_powm_stack: the IFMA exponentiation's stack, measured on a painted thread stack\n");
    size_t bytes = DOT_POWM_STACK + 4096;
    const size_t planted_taken = stack_taken(planted, &bytes);
    const int caught = planted_taken >= bytes && planted_taken > DOT_POWM_STACK;
    printf("  planted control: a %zu-byte frame measured %zu bytes, over the bound: %s\n", bytes,
           planted_taken, caught ? "caught" : "NOT CAUGHT");
    if (!caught)
        return 1;
    if (!dot_isa_supported("ifma")) {
        printf("  this CPU has no IFMA: the kernels cannot run here (skip)\n");
        return 0;
    }
    static const char *const entries[] = {"dot_ifma_powm", "dot_ifma_powm_rr", "dot_ifma_powm2",
                                          "dot_ifma_powm_ct", "dot_ifma_powm_ct_x2"};
    static const size_t sizes[] = {128, DOT_POWM_MAX};
    static call c;
    dot_rng r;
    dot_rng_seed(&r, 0x57ac);
    for (size_t s = 0; s < 2; s++) {
        const size_t n = sizes[s], bound = n <= 128 ? DOT_POWM_STACK_128 : DOT_POWM_STACK;
        for (size_t i = 0; i < sizeof entries / sizeof *entries; i++) {
            c.entry = entries[i];
            fill(&c, n, &r);
            char what[96];
            snprintf(what, sizeof what, "%s, %zu limbs, %d-bit exponent", entries[i], n,
                     64 * EN_LONG);
            check(what, stack_taken(run_call, &c), bound);
        }
    }
    /* a public exponent at the largest sizes: the sliding window's table of one power */
    for (size_t s = 0; s < 2; s++) {
        c.entry = "dot_ifma_powm";
        fill(&c, sizes[s], &r);
        c.en = 1;
        c.e[0] = 65537;
        char what[96];
        snprintf(what, sizeof what, "dot_ifma_powm, %zu limbs, exponent 65537", c.n);
        check(what, stack_taken(run_call, &c), s ? DOT_POWM_STACK : DOT_POWM_STACK_128);
    }
    if (failures) {
        printf("test_powm_stack: %d over the bound\n", failures);
        return 1;
    }
    printf("test_powm_stack: passed\n");
    return 0;
}
