/* Runs one NTT product of the variant DOT_ISA selects (scalar, or avx2: valgrind has no AVX-512)
 * on random, all-ones or all-zero operands, so ct_ntt_check.sh can count the instructions it
 * executes under valgrind.
 * "leaky" is the planted control: a schoolbook product that skips zero limbs, which the same
 * counting must tell apart.
 * usage: ct_ntt_probe mul|mul_transform|sqr|mont|leaky LIMBS random|ones|zeros */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/check.h"
#include "ntt_impl.h"

static void leaky_mul(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    memset(rp, 0, 2 * n * sizeof *rp);
    for (size_t j = 0; j < n; j++) {
        if (vp[j] == 0)
            continue;
        dot_limb_t c = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned __int128 t = (unsigned __int128)up[i] * vp[j] + rp[i + j] + c;
            rp[i + j] = (dot_limb_t)t;
            c = (dot_limb_t)(t >> 64);
        }
        rp[n + j] = c;
    }
}

/* The only code callgrind counts (--toggle-collect=probe_run). The Montgomery context is built
 * outside it: its set-up depends on the modulus, which is public. */
__attribute__((noinline)) void probe_run(const char *op, dot_limb_t *rp, const dot_limb_t *up,
                                         const dot_limb_t *vp, size_t n, const dot_ntt_mont *m)
{
    const ntt_ops *ops = ntt_active_ops();
    if (!strcmp(op, "mul"))
        ntt_mul_with(ops, rp, up, n, vp, n);
    else if (!strcmp(op, "mul_transform"))
        ntt_mul_transform(ops, rp, up, n, vp, n);
    else if (!strcmp(op, "sqr"))
        ntt_sqr_transform(ops, rp, up, n);
    else if (!strcmp(op, "mont"))
        dot_ntt_mont_mul(m, rp, up, vp);
    else
        leaky_mul(rp, up, vp, n);
}

int main(int argc, char **argv)
{
    const char *const ops[] = {"mul", "mul_transform", "sqr", "mont", "leaky"};
    int known = 0;
    for (size_t i = 0; argc == 4 && i < sizeof ops / sizeof ops[0]; i++)
        known |= !strcmp(argv[1], ops[i]);
    size_t n = argc == 4 ? (size_t)strtoul(argv[2], NULL, 10) : 0;
    int ones = argc == 4 && !strcmp(argv[3], "ones"),
        zeros = argc == 4 && !strcmp(argv[3], "zeros");
    if (!known || n < 1 || n > 1024 || (!ones && !zeros && strcmp(argv[3], "random"))) {
        fprintf(stderr, "usage: %s mul|mul_transform|sqr|mont|leaky LIMBS random|ones|zeros\n",
                argv[0]);
        return 2;
    }
    dot_limb_t *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v),
               *r = malloc(2 * n * sizeof *r);
    dot_limb_t *nl = malloc(n * sizeof *nl);
    dot_rng rng;
    dot_rng_seed(&rng, 42);
    for (size_t i = 0; i < n; i++) {
        nl[i] = ~UINT64_C(0) - 2 * i; /* an odd modulus with its top bit set */
        u[i] = zeros ? 0 : ones ? ~UINT64_C(0) : dot_rng_next(&rng);
        v[i] = zeros ? 0 : ones ? ~UINT64_C(0) : dot_rng_next(&rng);
    }
    if (!strcmp(argv[1], "mont") && ones) { /* operands below N: N - 1 */
        memcpy(u, nl, n * sizeof *u);
        memcpy(v, nl, n * sizeof *v);
        u[0] -= 1, v[0] -= 1;
    }
    dot_ntt_mont *m = !strcmp(argv[1], "mont") ? dot_ntt_mont_new(nl, n) : NULL;
    ntt_tables_get(); /* built outside the counted region, as is the choice of variant */
    const char *variant = ntt_active_ops()->name;
    probe_run(argv[1], r, u, v, n, m);
    printf("%s n=%zu %s ops=%s: top limb %016llx\n", argv[1], n, argv[3], variant,
           (unsigned long long)r[n - 1]);
    dot_ntt_mont_free(m);
    free(u), free(v), free(r), free(nl);
    return 0;
}
