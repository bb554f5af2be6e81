/* The crossover rule of `make tune`, apart from the measuring so it can be tested on made-up
 * timings (dot/test/test_tune_pick.c). */
#ifndef DOT_TUNE_PICK_H
#define DOT_TUNE_PICK_H

#include <stddef.h>
#include <stdint.h>

/* sizes[0..count) ascending; chain[i] and vector[i]: cycles per call at sizes[i]. Returns the
 * one switch size x (the chain below it, the vector kernel from it on) that loses the least
 * against the faster kernel summed over the measured sizes, each size weighted alike (its time
 * relative to the faster of the two there). One threshold cannot follow every wiggle of two
 * noisy curves; the sum makes a single noisy size move the choice only as much as it costs.
 * Ties go to the smaller x. SIZE_MAX (the chain at every size) when no split beats it. */
static inline size_t dot_pick_crossover(const size_t *sizes, const double *chain,
                                        const double *vector, size_t count)
{
    double loss = 0; /* all on the vector kernel: x = sizes[0] */
    for (size_t i = 0; i < count; i++)
        loss += vector[i] / (chain[i] < vector[i] ? chain[i] : vector[i]);
    double best = loss;
    size_t pick = count ? sizes[0] : SIZE_MAX;
    for (size_t i = 0; i < count; i++) { /* move size i onto the chain: x = sizes[i + 1] */
        double fastest = chain[i] < vector[i] ? chain[i] : vector[i];
        loss += (chain[i] - vector[i]) / fastest;
        if (loss < best - 1e-9) {
            best = loss;
            pick = i + 1 < count ? sizes[i + 1] : SIZE_MAX;
        }
    }
    return pick;
}

#endif
