/*
 * GMPbench's pi workload (gmpbench_pi.c): Chudnovsky binary splitting with common factors
 * removed through a sieve, finished in mpf, as GMPbench 0.2's pi.c computes it.
 */
#ifndef DOTBENCH_GMPBENCH_PI_H
#define DOTBENCH_GMPBENCH_PI_H

#include "gmp_fns.h"

/* A pi computation of `digits` decimal digits on one variant: the sieve it needs, built once. */
typedef struct dotbench_pi dotbench_pi;

/* NULL when out of memory. g must outlive the result. */
dotbench_pi *dotbench_pi_new(const dotbench_gmp *g, unsigned long digits);
void dotbench_pi_free(dotbench_pi *pi);

/* The mpf precision the computation works at (digits * log2(10) + 64 bits). */
unsigned long dotbench_pi_prec_bits(const dotbench_pi *pi);

/* The timed operation: out = pi (out is swapped with the working value, so any precision will do). */
void dotbench_pi_compute(const dotbench_pi *pi, mpf_ptr out);

/* z = floor(value * 10^digits): the digits, for checking and hashing (not timed). */
void dotbench_pi_digits(const dotbench_pi *pi, mpz_ptr z, mpf_srcptr value);

#endif
