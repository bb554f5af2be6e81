/*
 * A fixed native workload per libdot kernel and variant, for the instruction-count gate: each
 * piece runs between callgrind client requests that zero and dump the counters, labelled
 * "libdot/<variant>/<kernel>". Run it under valgrind --tool=callgrind --instr-atstart=yes
 * (gate.sh does); outside valgrind the requests do nothing. Variants valgrind can run only:
 * scalar, sse and avx2 (it has no AVX-512).
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/callgrind.h>
#include "../common/check.h"
#include "dot.h"

#define CALLS 1000
#define LIMBS 64

static dot_limb_t u[LIMBS], v[LIMBS], r[2 * LIMBS];

static void label(char *buf, size_t size, const char *variant, const char *kernel)
{
    snprintf(buf, size, "libdot/%s/%s", variant, kernel);
}

static void run_variant(const char *name, const dot_kernels *k)
{
    struct {
        const char *kernel;
        dot_limb_t (*fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
    } aors[] = {
        {"add_n(64)", k->add_n},
        {"sub_n(64)", k->sub_n},
        {"add_n_ct(64)", k->add_n_ct},
        {"sub_n_ct(64)", k->sub_n_ct},
    };
    char buf[96];
    for (size_t i = 0; i < sizeof aors / sizeof aors[0]; i++) {
        CALLGRIND_ZERO_STATS;
        for (int c = 0; c < CALLS; c++)
            aors[i].fn(r, u, v, LIMBS);
        label(buf, sizeof buf, name, aors[i].kernel);
        CALLGRIND_DUMP_STATS_AT(buf);
    }
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        k->mul_4x4(r, u + (c & 7), v + (c & 7));
    label(buf, sizeof buf, name, "mul_4x4");
    CALLGRIND_DUMP_STATS_AT(buf);
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        k->sqr_4x4(r, u + (c & 7));
    label(buf, sizeof buf, name, "sqr_4x4");
    CALLGRIND_DUMP_STATS_AT(buf);
}

int main(void)
{
    dot_rng rng;
    dot_rng_seed(&rng, 2026);
    for (int i = 0; i < LIMBS; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = dot_rng_next(&rng);
    }
    static const char *const variants[] = {"scalar", "sse", "avx2"};
    for (size_t i = 0; i < 3; i++) {
        const dot_kernels *k = dot_kernels_for(variants[i]);
        if (k)
            run_variant(variants[i], k);
        else
            printf("%s: not supported here, not counted\n", variants[i]);
    }
    return 0;
}
