/* dot_ntt_mul / dot_ntt_sqr (dot_ntt.h): every variant this CPU runs against GMP at every operand
 * size up to 1100 limbs, unbalanced, all-ones and zero operands; the public entry points; the
 * variant DOT_ISA selects; planted faults (a wrong twiddle, a wrong reconstruction constant, a
 * wrong scale) that the same comparison must catch; and a short transform that is wrong without
 * the wrap fix. The emulated build (emul/test_ntt_ifma.c) covers the IFMA transforms on any
 * machine. */
#include <stdio.h>
#include <string.h>
#include "common/child.h"
#include "common/ntt_battery.h"

/* A product built from the steps with tables of our own, so that a fault can be planted (in the
 * integer tables; the AVX2 variant's doubles are derived from them again, as the library does). */
static int product_matches(const ntt_ops *ops, const ntt_tables *t, size_t n)
{
    dot_rng r;
    dot_rng_seed(&r, 99);
    dot_limb_t u[256], v[256], got[512];
    mp_limb_t want[512];
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(&r);
        v[i] = dot_rng_next(&r);
    }
    size_t len = ntt_size_for(2 * n - 1);
    ntt_set a, b;
    if (ntt_set_alloc(&a, len) || ntt_set_alloc(&b, len))
        abort();
    ntt_transform(ops, t, &a, u, n, len);
    ntt_transform(ops, t, &b, v, n, len);
    ntt_finish(ops, t, &a, &b, got, 2 * n, len, u, n, v, n);
    ntt_set_free(&a);
    ntt_set_free(&b);
    mpn_mul_n(want, u, v, (mp_size_t)n);
    return memcmp(got, want, 2 * n * sizeof got[0]) == 0;
}

/* 200 limbs take a transform of length 512, 150 limbs one of 3 * 128 */
static void planted_faults(const ntt_ops *ops)
{
    unsigned long before = dot_check_failures();
    const ntt_tables *good = ntt_tables_get();
    ntt_tables *t = malloc(sizeof *t);
    memcpy(t, good, sizeof *t);
    CHECK(ntt_size_for(399) == 512 && ntt_size_for(299) == 384, "the controls' transform lengths");
    CHECK(product_matches(ops, t, 200) && product_matches(ops, t, 150),
          "%s: the untouched tables multiply right", ops->name);
    t->prime[1].fwd[64 + 5] = (t->prime[1].fwd[64 + 5] + 1) % t->prime[1].p;
    ntt_prime_derive_doubles(&t->prime[1]);
    CHECK(!product_matches(ops, t, 200), "%s control: a wrong twiddle must be caught", ops->name);
    memcpy(t, good, sizeof *t);
    t->prime[0].r3_w1[128 + 7] = (t->prime[0].r3_w1[128 + 7] + 1) % t->prime[0].p;
    ntt_prime_derive_doubles(&t->prime[0]);
    CHECK(!product_matches(ops, t, 150), "%s control: a wrong radix-3 twiddle must be caught",
          ops->name);
    memcpy(t, good, sizeof *t);
    t->p01_inv_mod_p2.w ^= 1;
    CHECK(!product_matches(ops, t, 200), "%s control: a wrong CRT constant must be caught",
          ops->name);
    memcpy(t, good, sizeof *t);
    t->prime[2].scale[0][9] = t->prime[2].scale[0][8];
    CHECK(!product_matches(ops, t, 200), "%s control: a wrong 1/n scale must be caught", ops->name);
    memcpy(t, good, sizeof *t);
    t->prime[2].scale[1][7] = t->prime[2].scale[0][7];
    CHECK(!product_matches(ops, t, 150), "%s control: a wrong 1/3n scale must be caught",
          ops->name);
    free(t);
    printf("  %-28s %s\n", ops->name,
           dot_check_failures() == before ? "planted faults caught" : "FAILED");
}

/* A 208 x 208 product (415 coefficients) through a transform of 384: without the wrap fix the
 * result must be wrong (the fix is needed), with it right. */
static void wrap_control(const ntt_ops *ops)
{
    enum { N = 208, NCOEF = 2 * N - 1 };
    const ntt_tables *t = ntt_tables_get();
    size_t len = ntt_size_below(ntt_size_for(NCOEF));
    dot_rng r;
    dot_rng_seed(&r, 3);
    dot_limb_t u[N], v[N], got[2 * N];
    mp_limb_t want[2 * N];
    for (size_t i = 0; i < N; i++) {
        u[i] = dot_rng_next(&r);
        v[i] = dot_rng_next(&r);
    }
    mpn_mul_n(want, u, v, N);
    CHECK(len == 384, "the control's short length (%zu)", len);
    for (int fix = 0; fix < 2; fix++) {
        ntt_set a, b;
        if (ntt_set_alloc(&a, 416) || ntt_set_alloc(&b, 416))
            abort();
        ntt_transform(ops, t, &a, u, N, len);
        ntt_transform(ops, t, &b, v, N, len);
        for (int i = 0; i < NTT_PRIMES; i++) {
            ops->pointwise(a.r[i], b.r[i], len, &t->prime[i]);
            ops->inverse(a.r[i], len, &t->prime[i]);
        }
        ops->reconstruct(a.r, len, len, t);
        for (int i = 0; i < NTT_PRIMES; i++) /* the top coefficients, unless the fix writes them */
            memset(a.r[i] + len, 0, (NCOEF - len) * sizeof(uint64_t));
        if (fix)
            ntt_wrap_fix(a.r, len, NCOEF, u, N, v, N);
        ntt_combine(got, 2 * N, a.r, NCOEF);
        int right = memcmp(got, want, sizeof got) == 0;
        CHECK(fix ? right : !right, "%s: a length-%zu product is %s %s the wrap fix", ops->name,
              len, right ? "right" : "wrong", fix ? "with" : "without");
        ntt_set_free(&a);
        ntt_set_free(&b);
    }
}

/* the child's half of the DOT_ISA check: print the transforms the entry points would use */
static int child(void)
{
    printf("%s", ntt_active_ops()->name);
    return 0;
}

static void isa_follows_env(void)
{
    const char *const scalar_env[] = {"DOT_ISA=scalar", NULL};
    dot_child_result c = dot_run_self("--child", scalar_env);
    CHECK(strcmp(c.out, "scalar") == 0, "DOT_ISA=scalar selects the scalar transforms (got '%s')",
          c.out);
    if (dot_isa_supported("ifma")) {
        const char *const ifma_env[] = {"DOT_ISA=ifma", NULL};
        c = dot_run_self("--child", ifma_env);
        CHECK(strcmp(c.out, "ifma") == 0, "DOT_ISA=ifma selects the IFMA transforms (got '%s')",
              c.out);
    }
    const char *const avx2_isas[] = {"avx2", "avx512"};
    for (int i = 0; i < 2; i++) {
        if (!dot_isa_supported(avx2_isas[i]))
            continue;
        char env0[32];
        snprintf(env0, sizeof env0, "DOT_ISA=%s", avx2_isas[i]);
        const char *const env[] = {env0, NULL};
        c = dot_run_self("--child", env);
        const char *want = ntt_avx2_runs() ? "avx2" : "scalar";
        CHECK(strcmp(c.out, want) == 0, "%s selects the %s transforms (got '%s')", env0, want,
              c.out);
    }
}

static void entry_points(void)
{
    nttb_buffers *b = malloc(sizeof *b);
    dot_rng r;
    dot_rng_seed(&r, 7);
    unsigned long before = dot_check_failures();
    for (size_t n = 1; n <= NTTB_MAX; n += 37) {
        nttb_fill(&r, b->u, n, NTTB_RANDOM);
        nttb_fill(&r, b->v, n, NTTB_RANDOM);
        dot_ntt_mul(b->got, b->u, n, b->v, n);
        mpn_mul_n(b->want, b->u, b->v, (mp_size_t)n);
        CHECK(memcmp(b->got, b->want, 2 * n * sizeof b->got[0]) == 0, "dot_ntt_mul n=%zu", n);
        dot_ntt_sqr(b->got, b->u, n);
        mpn_sqr(b->want, b->u, (mp_size_t)n);
        CHECK(memcmp(b->got, b->want, 2 * n * sizeof b->got[0]) == 0, "dot_ntt_sqr n=%zu", n);
    }
    printf("  %-28s %s\n", "dot_ntt_* entry points",
           dot_check_failures() == before ? "ok" : "FAILED");
    free(b);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    printf("NTT products against GMP (dot_isa: %s):\n", dot_isa());
    ntt_battery("scalar", &ntt_scalar_ops, 1, 400);
    planted_faults(&ntt_scalar_ops);
    wrap_control(&ntt_scalar_ops);
    if (dot_isa_supported("ifma")) {
        ntt_battery("ifma", &ntt_ifma_ops, 1, 400);
        planted_faults(&ntt_ifma_ops);
        wrap_control(&ntt_ifma_ops);
    } else {
        printf("  %-28s skipped: this CPU cannot run it\n", "ifma");
    }
    if (ntt_avx2_runs()) {
        ntt_battery("avx2", &ntt_avx2_ops, 1, 400);
        planted_faults(&ntt_avx2_ops);
        wrap_control(&ntt_avx2_ops);
    } else {
        printf("  %-28s skipped: this CPU cannot run it\n", "avx2");
    }
    entry_points();
    isa_follows_env();
    return dot_check_summary();
}
