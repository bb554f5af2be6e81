/* The crossover rule of `make tune`, apart from the measuring so it can be tested on made-up
 * timings (dot/test/test_tune_pick.c). */
#ifndef DOT_TUNE_PICK_H
#define DOT_TUNE_PICK_H

#include <stddef.h>
#include <stdint.h>

/* The rule on costs already relative to the faster kernel at each size (1 where a kernel is the
 * faster one, its slowdown above 1 elsewhere, summed over the situations measured): the one
 * switch size x (the chain below it, the vector kernel from it on) whose summed cost is least.
 * One threshold cannot follow every wiggle of two noisy curves; the sum makes a single noisy size
 * move the choice only as much as it costs. Ties go to the smaller x. SIZE_MAX (the chain at
 * every size) when no split beats it. */
static inline size_t dot_pick_crossover_relative(const size_t *sizes, const double *chain,
                                                 const double *vector, size_t count)
{
    double loss = 0; /* all on the vector kernel: x = sizes[0] */
    for (size_t i = 0; i < count; i++)
        loss += vector[i];
    double best = loss;
    size_t pick = count ? sizes[0] : SIZE_MAX;
    for (size_t i = 0; i < count; i++) { /* move size i onto the chain: x = sizes[i + 1] */
        loss += chain[i] - vector[i];
        if (loss < best - 1e-9) {
            best = loss;
            pick = i + 1 < count ? sizes[i + 1] : SIZE_MAX;
        }
    }
    return pick;
}

/* Which form of the constant-time kernel to print (avx512/aors.h has two): the challenger replaces
 * the incumbent, the form this CPU runs now, only when its summed cost (dot_tune's cost against
 * the chain, each form at its own crossovers) is lower by more than DOT_PICK_FORM_MARGIN of the
 * incumbent's. On the shared build VMs the two forms came within 1.3% of each other on Zen 5 and
 * the winner changed from run to run (results/libdot-ct-rest-zen5-0558b71.txt): without a margin
 * the rows would follow the noise. Returns 1 to take the challenger. */
#define DOT_PICK_FORM_MARGIN 0.02
static inline int dot_pick_form_switch(double incumbent_cost, double challenger_cost)
{
    return challenger_cost < incumbent_cost * (1.0 - DOT_PICK_FORM_MARGIN);
}

/* Adds each size's cost relative to the faster kernel there to chain_rel and vector_rel. */
static inline void dot_pick_add_relative(const double *chain, const double *vector, size_t count,
                                         double *chain_rel, double *vector_rel)
{
    for (size_t i = 0; i < count; i++) {
        double fastest = chain[i] < vector[i] ? chain[i] : vector[i];
        chain_rel[i] += chain[i] / fastest;
        vector_rel[i] += vector[i] / fastest;
    }
}

/* sizes[0..count) ascending, at most DOT_PICK_MAX_SIZES; chain[i] and vector[i]: cycles per call
 * at sizes[i] in one situation. Each size weighted alike (its time relative to the faster of the
 * two there). */
#define DOT_PICK_MAX_SIZES 256
static inline size_t dot_pick_crossover(const size_t *sizes, const double *chain,
                                        const double *vector, size_t count)
{
    double chain_rel[DOT_PICK_MAX_SIZES] = {0}, vector_rel[DOT_PICK_MAX_SIZES] = {0};
    if (count > DOT_PICK_MAX_SIZES)
        count = DOT_PICK_MAX_SIZES;
    dot_pick_add_relative(chain, vector, count, chain_rel, vector_rel);
    return dot_pick_crossover_relative(sizes, chain_rel, vector_rel, count);
}

#endif
