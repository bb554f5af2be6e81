/* Minimal test bookkeeping shared by the libdot test programs. */
#ifndef DOT_TEST_CHECK_H
#define DOT_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>

/* Record one check; on failure print where and what (the first few failures only). */
#define CHECK(cond, ...) dot_check((cond), __FILE__, __LINE__, __VA_ARGS__)
void dot_check(int ok, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Prints "N passed, N failed" and returns the process exit status. */
int dot_check_summary(void);
unsigned long dot_check_failures(void);

/* The random-case count a battery runs: `count`, divided by DOT_TEST_DIVISOR when that is set
 * (the sanitizer runs of mk/safety.mk, where every case costs several times more; the
 * pathological and exhaustive families always run in full). */
unsigned long dot_test_cases(unsigned long count);

/* xoshiro256**: fast, seedable, and the same on every machine. */
typedef struct {
    uint64_t s[4];
} dot_rng;
void dot_rng_seed(dot_rng *r, uint64_t seed);
uint64_t dot_rng_next(dot_rng *r);
/* uniform in [0, bound) for bound >= 1 */
uint64_t dot_rng_below(dot_rng *r, uint64_t bound);

#endif
