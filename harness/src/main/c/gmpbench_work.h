/*
 * GMPbench 0.2's workloads (multiply, divide, gcd, gcdext, rsa, pi), run through one variant's
 * table of GMP functions, with operands that depend only on the test (never on the library).
 *
 * Used by the Java harness (through FFM, as libdotbench_native.so) and by the native fidelity
 * driver gmpbench_native: both time exactly this code, so their ratios are comparable.
 */
#ifndef DOTBENCH_GMPBENCH_WORK_H
#define DOTBENCH_GMPBENCH_WORK_H

#include <stdint.h>

/* One timed batch: the thread's user CPU time (what GMPbench divides by: its programs read
 * getrusage's ru_utime) and wall time, in nanoseconds. */
typedef struct dotbench_timing {
    int64_t cpu_ns;
    int64_t wall_ns;
} dotbench_timing;

/* A test's operands and outputs inside one variant. Opaque. */
typedef struct dotbench_case dotbench_case;

/* GMPbench's test list in runbench order: "multiply(128)", ..., "pi(1000000)"; NULL-terminated. */
const char *const *dotbench_gmpbench_tests(void);

/* Builds test `test` (one of the names above) on the variant whose function table is fns (see
 * gmp_fns.h). Operands are GMPbench's own: drawn from GMP's default generator, never seeded, in the
 * order the test's GMPbench program draws them, so they equal that program's bit for bit. NULL on
 * a bad name or table. */
dotbench_case *dotbench_case_new(void *const *fns, const char *test);
void dotbench_case_free(dotbench_case *c);

/* Runs the test's operation reps times in a tight loop and reports the time it took. */
void dotbench_case_run(dotbench_case *c, int64_t reps, dotbench_timing *out);
/* The same loop with the same argument passing, calling an empty function of the operation's
 * shape instead: what the loop itself costs, i.e. the measurement's overhead. */
void dotbench_case_run_empty(dotbench_case *c, int64_t reps, dotbench_timing *out);

/* FNV-1a 64 of the test's answer (rsa: the signatures of the first 16 messages; pi: the digits),
 * computed afresh; equal across variants that compute correctly. */
uint64_t dotbench_case_answer_hash(dotbench_case *c);
/* FNV-1a 64 of what the last dotbench_case_run left in the output integers (pi: its digits). */
uint64_t dotbench_case_output_hash(dotbench_case *c);

/* Operand i (0: x, 1: y) and output i (0: z, 1: gcdext's cofactor s) as mpz_t pointers, so that
 * callers can check results independently; NULL where the test has none. */
void *dotbench_case_operand(dotbench_case *c, int i);
void *dotbench_case_output(dotbench_case *c, int i);

#endif
