/*
 * GMPbench's pi workload (gmpbench_pi.c): what one call of GMPbench 0.2's pi program times, from
 * its sieve to the mpf value: Chudnovsky binary splitting with common factors removed through the
 * sieve, finished by Newton division and square root.
 */
#ifndef DOTBENCH_GMPBENCH_PI_H
#define DOTBENCH_GMPBENCH_PI_H

#include "gmp_fns.h"

/* A pi computation of `digits` decimal digits on one variant (its sizes; the sieve is part of
 * every computation, as in GMPbench). */
typedef struct dotbench_pi dotbench_pi;

/* NULL when out of memory or digits < 29 (two terms). g must outlive the result. */
dotbench_pi *dotbench_pi_new(const dotbench_gmp *g, unsigned long digits);
void dotbench_pi_free(dotbench_pi *pi);

/* The mpf precision the computation works at (digits * log2(10) + 16 bits, as GMPbench). */
unsigned long dotbench_pi_prec_bits(const dotbench_pi *pi);

/* The timed operation: out = pi (out is swapped with the working value, so any precision will do). */
void dotbench_pi_compute(const dotbench_pi *pi, mpf_ptr out);

/* z = floor(value * 10^digits): the digits, for checking and hashing (not timed). */
void dotbench_pi_digits(const dotbench_pi *pi, mpz_ptr z, mpf_srcptr value);

#endif
