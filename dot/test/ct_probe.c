/* Runs one add/sub kernel on either random operands or operands that make every phase-4
 * cascade fire, so ct_check.sh can count the instructions each executes under valgrind.
 * usage: ct_probe VARIANT add_n|sub_n|add_n_ct|sub_n_ct LIMBS random|cascade */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/check.h"
#include "dot.h"

#define REPS 16

typedef dot_limb_t (*aors_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);

/* The only code callgrind counts (--toggle-collect=probe_run): the kernel calls and this loop. */
__attribute__((noinline)) void probe_run(aors_fn fn, dot_limb_t *rp, const dot_limb_t *up,
                                         const dot_limb_t *vp, size_t n)
{
    for (int i = 0; i < REPS; i++)
        fn(rp, up, vp, n);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s VARIANT add_n|sub_n|add_n_ct|sub_n_ct LIMBS random|cascade\n",
                argv[0]);
        return 2;
    }
    const dot_kernels *k = dot_kernels_for(argv[1]);
    if (!k) {
        fprintf(stderr, "variant %s is unknown or not supported here\n", argv[1]);
        return 2;
    }
    const char *op = argv[2];
    aors_fn fn = !strcmp(op, "add_n")      ? k->add_n
                 : !strcmp(op, "sub_n")    ? k->sub_n
                 : !strcmp(op, "add_n_ct") ? k->add_n_ct
                 : !strcmp(op, "sub_n_ct") ? k->sub_n_ct
                                           : NULL;
    size_t n = (size_t)strtoul(argv[3], NULL, 10);
    int cascade = !strcmp(argv[4], "cascade");
    if (!fn || n < 1 || n > 4096 || (!cascade && strcmp(argv[4], "random"))) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }
    int sub = strstr(op, "sub") != NULL;
    dot_limb_t *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v), *r = malloc(n * sizeof *r);
    dot_rng rng;
    dot_rng_seed(&rng, 42);
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(&rng);
        /* cascade: limb 0 generates and every other limb propagates */
        v[i] = !cascade ? dot_rng_next(&rng) : sub ? u[i] : ~u[i];
    }
    if (cascade) {
        u[0] = sub ? 0 : ~(dot_limb_t)0;
        v[0] = 1;
    }
    probe_run(fn, r, u, v, n);
    printf("%s %s n=%zu %s: top limb %016llx\n", argv[1], op, n, argv[4],
           (unsigned long long)r[n - 1]);
    free(u);
    free(v);
    free(r);
    return 0;
}
