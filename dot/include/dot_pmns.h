/*
 * libdot PMNS modular multiplication: a Polynomial Modular Number System with multi-precision
 * coefficients and a Montgomery-like internal reduction, in a full and a truncated flavour
 * (the truncated one computes only the words of weight >= s-1 of Q*M; paper 001, Theorem 2).
 *
 * Parameter sets are text files made by dot/pmns/genparams.py and committed, with the seed that
 * made them, in dot/pmns/params/ (pmns-<bits>-s<s>.txt); that script's docstring derives the
 * bounds that make the reduction exact.
 *
 * Integers are 64-bit limbs, least significant first: dot_pmns_limbs() of them for a value mod p.
 * An element is dot_pmns_words() 64-bit words (n coefficients in [0, rho), each s digits of 52
 * bits); its layout is private to libdot, and elements made by one process's kernels are valid
 * for every flavour and variant.
 *
 * Contract: for a, b in [0, p), to_int(mul(from_int(a), from_int(b))) = a*b mod p, likewise for
 * mul_trunc; every product's coefficients stay within the bound that every input must satisfy,
 * so products chain without conversion. r may equal x or y; no other overlap. No data-dependent
 * branch or memory access in from_int, to_int, mul or mul_trunc. The kernel variant follows
 * DOT_ISA like the rest of libdot: "ifma" runs the AVX-512 IFMA kernels, any other variant the
 * portable scalar reference.
 */
#ifndef DOT_PMNS_H
#define DOT_PMNS_H

#include <stddef.h>
#include <stdint.h>
#include "dot.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dot_pmns dot_pmns;

/* Reads one parameter file; NULL (and a message on stderr) if it is missing or malformed. */
DOT_API dot_pmns *dot_pmns_load(const char *path);
DOT_API void dot_pmns_free(dot_pmns *pm);
/* 64-bit limbs of p. */
DOT_API size_t dot_pmns_limbs(const dot_pmns *pm);
/* p into p[0 .. limbs-1]. */
DOT_API void dot_pmns_modulus(const dot_pmns *pm, uint64_t *p);
/* 64-bit words of one element. */
DOT_API size_t dot_pmns_words(const dot_pmns *pm);
/* x = the element representing a (a: limbs words, a < p). */
DOT_API void dot_pmns_from_int(const dot_pmns *pm, uint64_t *x, const uint64_t *a);
/* a = the integer in [0, p) that x represents. */
DOT_API void dot_pmns_to_int(const dot_pmns *pm, uint64_t *a, const uint64_t *x);
/* r = x * y (full internal reduction). */
DOT_API void dot_pmns_mul(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y);
/* r = x * y (truncated internal reduction); the same result as dot_pmns_mul. */
DOT_API void dot_pmns_mul_trunc(const dot_pmns *pm, uint64_t *r, const uint64_t *x,
                                const uint64_t *y);

/* The batch form: DOT_PMNS_BATCH independent products r_l = x_l * y_l, element l of each array at
 * offset l * dot_pmns_words(); the same elements as DOT_PMNS_BATCH calls of dot_pmns_mul (or
 * dot_pmns_mul_trunc) would give. r may equal x or y; no other overlap. */
#define DOT_PMNS_BATCH 8
DOT_API void dot_pmns_mul_batch(const dot_pmns *pm, uint64_t *r, const uint64_t *x,
                                const uint64_t *y);
DOT_API void dot_pmns_mul_trunc_batch(const dot_pmns *pm, uint64_t *r, const uint64_t *x,
                                      const uint64_t *y);

/* A timed loop for benchmark harnesses that call libdot from another language, so the loop
 * overhead is native: `iterations` dependent products x = x * y, full (trunc = 0) or truncated,
 * single (batch = 0: x, y one element) or batch form (x, y DOT_PMNS_BATCH elements each). Returns
 * the TSC ticks the loop took (rdtsc fenced with lfence); x holds the chain's last value. */
DOT_API uint64_t dot_pmns_mul_loop(const dot_pmns *pm, int trunc, int batch, uint64_t *x,
                                   const uint64_t *y, uint64_t iterations);

#ifdef __cplusplus
}
#endif

#endif
