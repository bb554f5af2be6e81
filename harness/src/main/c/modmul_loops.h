/*
 * The modular-multiplication suite's timed loops (libdotbench_native.so): one contender's chain of
 * dependent modular products x = x * y mod p, run and timed in C so that the loop adds nothing to
 * a product but an indirect call.
 *
 * Contenders, each given the addresses of its library's functions (so stock and patched builds
 * can sit side by side in one process, as in gmp_fns.h):
 *   PMNS     libdot's dot_pmns_from_int, dot_pmns_to_int and one product (dot_pmns_mul or
 *            dot_pmns_mul_trunc); x, y are converted once, the chain stays in the representation.
 *   GMP      Montgomery as mpz_powm does it: mpn_mul_n, mpn_redc_1 (internal, exported by
 *            libgmp.so), and mpn_sub_n when redc_1 reports a carry; x = x * y / 2^(64 n) mod p.
 *   OpenSSL  BN_mod_mul_montgomery with a BN_MONT_CTX for p; x = x * y / 2^(64 n) mod p.
 * Integers are n 64-bit limbs, least significant first, below p.
 */
#ifndef DOTBENCH_MODMUL_LOOPS_H
#define DOTBENCH_MODMUL_LOOPS_H

#include <stddef.h>
#include <stdint.h>

/* One timed run: the thread's CPU time, wall time and the TSC ticks it took (0 off x86-64). */
typedef struct dotbench_modmul_timing {
    int64_t cpu_ns;
    int64_t wall_ns;
    int64_t ticks;
} dotbench_modmul_timing;

/* One contender's chain. Opaque. */
typedef struct dotbench_modmul dotbench_modmul;

/* fns: dot_pmns_from_int, dot_pmns_to_int, the product; pm: a loaded dot_pmns of p (limbs of p,
 * words of an element). NULL when out of memory. */
dotbench_modmul *dotbench_modmul_pmns(void *const *fns, void *pm, size_t limbs, size_t words,
                                      const uint64_t *x, const uint64_t *y);
/* fns: __gmpn_mul_n, __gmpn_redc_1, __gmpn_sub_n; p odd, n limbs. */
dotbench_modmul *dotbench_modmul_gmp(void *const *fns, const uint64_t *p, size_t n,
                                     const uint64_t *x, const uint64_t *y);
/* fns: BN_CTX_new, BN_MONT_CTX_new, BN_MONT_CTX_set, BN_lebin2bn, BN_bn2lebinpad,
 * BN_mod_mul_montgomery, BN_free, BN_MONT_CTX_free, BN_CTX_free; NULL when a call fails. */
dotbench_modmul *dotbench_modmul_openssl(void *const *fns, const uint64_t *p, size_t n,
                                         const uint64_t *x, const uint64_t *y);

/* For tests of the harness: from now on every product also flips the lowest bit of x. */
void dotbench_modmul_plant(dotbench_modmul *m);
/* Starts the chain again from x. */
void dotbench_modmul_reset(dotbench_modmul *m);
/* reps products, timed; returns how many reported an error (OpenSSL's return value). With empty
 * set, the same loop calls an empty function of the product's shape instead: the loop's cost. */
int64_t dotbench_modmul_run(dotbench_modmul *m, int64_t reps, int empty,
                            dotbench_modmul_timing *out);
/* The chain's current value as an integer (n limbs; PMNS: canonical, GMP: below 2^(64 n)). */
void dotbench_modmul_value(dotbench_modmul *m, uint64_t *out);
void dotbench_modmul_free(dotbench_modmul *m);

#endif
