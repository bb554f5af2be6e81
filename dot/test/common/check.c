#include <stdarg.h>
#include <stdlib.h>
#include "check.h"

static unsigned long passed, failed;
enum { MAX_REPORTED = 20 };

void dot_check(int ok, const char *file, int line, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    if (failed++ < MAX_REPORTED) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "FAIL %s:%d: ", file, line);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

unsigned long dot_check_failures(void) { return failed; }

unsigned long dot_test_cases(unsigned long count)
{
    const char *d = getenv("DOT_TEST_DIVISOR");
    unsigned long div = d ? strtoul(d, NULL, 10) : 1;
    return div > 1 ? count / div : count;
}

int dot_check_summary(void)
{
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed == 0 && passed > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

void dot_rng_seed(dot_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t dot_rng_next(dot_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t dot_rng_below(dot_rng *r, uint64_t bound)
{
    return (uint64_t)(((unsigned __int128)dot_rng_next(r) * bound) >> 64);
}
