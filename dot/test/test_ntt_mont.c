/* dot_ntt_mont_* (dot_ntt.h) against GMP: a b R^-1 mod N for random odd moduli of 2048 to 16384
 * bits (and a few small and ragged sizes), random and extreme operands (0, 1, N - 1), squares
 * through one pointer and results written over an input; under the variant dispatch picked and,
 * in a child process, under DOT_ISA=scalar. A planted fault in N's stored transform must be caught. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/check.h"
#include "common/child.h"
#include "ntt_impl.h"

#define MAX_LIMBS 256

static void random_below(mpz_t x, const mpz_t n, dot_rng *r)
{
    mp_limb_t *p = mpz_limbs_write(x, (mp_size_t)mpz_size(n) + 1);
    for (size_t i = 0; i <= mpz_size(n); i++)
        p[i] = dot_rng_next(r);
    mpz_limbs_finish(x, (mp_size_t)mpz_size(n) + 1);
    mpz_mod(x, x, n);
}

static void to_limbs(dot_limb_t *out, const mpz_t x, size_t k)
{
    memset(out, 0, k * sizeof *out);
    mpz_export(out, NULL, -1, sizeof *out, 0, 0, x);
}

/* one modulus of `bits` bits: `cases` products checked, returns the number of mismatches */
static unsigned long one_modulus(size_t bits, int cases, dot_rng *r, int plant)
{
    size_t k = (bits + 63) / 64;
    mpz_t n, a, b, want, rinv, t;
    mpz_inits(n, a, b, want, rinv, t, NULL);
    mp_limb_t *np = mpz_limbs_write(n, (mp_size_t)k);
    for (size_t i = 0; i < k; i++)
        np[i] = dot_rng_next(r);
    if (bits % 64)
        np[k - 1] &= (UINT64_C(1) << (bits % 64)) - 1;
    np[k - 1] |= UINT64_C(1) << ((bits - 1) % 64);
    np[0] |= 1;
    mpz_limbs_finish(n, (mp_size_t)k);
    mpz_setbit(rinv, 64 * k);
    mpz_invert(rinv, rinv, n);
    dot_limb_t nl[MAX_LIMBS], al[MAX_LIMBS], bl[MAX_LIMBS], got[MAX_LIMBS], wl[MAX_LIMBS];
    to_limbs(nl, n, k);
    dot_ntt_mont *m = dot_ntt_mont_new(nl, k);
    CHECK(m != NULL, "dot_ntt_mont_new accepts a %zu-bit odd modulus", bits);
    if (!m)
        return 1;
    if (plant)
        m->n_hat.r[1][3] ^= 1;
    unsigned long wrong = 0;
    for (int c = 0; c < cases; c++) {
        random_below(a, n, r);
        random_below(b, n, r);
        if (c == 1)
            mpz_sub_ui(a, n, 1), mpz_sub_ui(b, n, 1);
        if (c == 2)
            mpz_set_ui(a, 0);
        if (c == 3)
            mpz_set_ui(a, 1);
        int square = c % 5 == 4, overwrite = c % 7 == 5;
        if (square)
            mpz_set(b, a);
        to_limbs(al, a, k);
        to_limbs(bl, b, k);
        mpz_mul(t, a, b);
        mpz_mul(t, t, rinv);
        mpz_mod(want, t, n);
        to_limbs(wl, want, k);
        dot_limb_t *out = overwrite ? al : got;
        dot_ntt_mont_mul(m, out, al, square ? al : bl);
        int ok = memcmp(out, wl, k * sizeof *out) == 0;
        wrong += !ok;
        if (!plant)
            CHECK(ok, "mont_mul bits=%zu case %d%s%s", bits, c, square ? " (square)" : "",
                  overwrite ? " (r = a)" : "");
    }
    dot_ntt_mont_free(m);
    mpz_clears(n, a, b, want, rinv, t, NULL);
    return wrong;
}

static int battery(void)
{
    dot_rng r;
    dot_rng_seed(&r, 0x6d6f6e74ULL);
    static const size_t small[] = {64, 65, 127, 128, 200, 1000, 1500};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
        one_modulus(small[i], 20, &r, 0);
    for (size_t bits = 2048; bits <= 16384; bits += 512) {
        one_modulus(bits, 12, &r, 0);
        one_modulus(bits - 1 - dot_rng_below(&r, 511), 6, &r, 0); /* a ragged top limb */
    }
    return dot_check_failures() == 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return battery() ? 0 : 1;
    printf("NTT Montgomery multiplication against GMP (dot_isa: %s):\n", dot_isa());
    printf("  %-28s %s\n", dot_isa(), battery() ? "ok" : "FAILED");
    if (strcmp(dot_isa(), "scalar") != 0) {
        const char *const env[] = {"DOT_ISA=scalar", NULL};
        dot_child_result c = dot_run_self("--child", env);
        CHECK(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0,
              "the battery under DOT_ISA=scalar: %s", c.err);
        printf("  %-28s %s\n", "scalar (DOT_ISA=scalar)",
               WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 ? "ok" : "FAILED");
    }
    if (strcmp(dot_isa(), "avx2") != 0 && dot_isa_supported("avx2")) {
        const char *const env[] = {"DOT_ISA=avx2", NULL};
        dot_child_result c = dot_run_self("--child", env);
        CHECK(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0,
              "the battery under DOT_ISA=avx2: %s", c.err);
        printf("  %-28s %s\n", "avx2 (DOT_ISA=avx2)",
               WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 ? "ok" : "FAILED");
    }
    dot_rng r;
    dot_rng_seed(&r, 5);
    unsigned long before = dot_check_failures();
    CHECK(one_modulus(4096, 8, &r, 1) > 0,
          "control: a fault planted in N's transform must be caught");
    dot_limb_t even[2] = {2, 1};
    CHECK(dot_ntt_mont_new(even, 2) == NULL, "an even modulus is refused");
    printf("  %-28s %s\n", "planted fault, even modulus",
           dot_check_failures() == before ? "ok" : "FAILED");
    return dot_check_summary();
}
