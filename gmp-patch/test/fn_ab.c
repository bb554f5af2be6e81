/* Two builds of libgmp loaded side by side, one exported function timed in both, interleaved:
 *   fn_ab LIB_A LIB_B FUNCTION LIMBS
 * FUNCTION is mpn_mul (n x n limbs), mpn_mul_n or mpz_mul (two LIMBS-limb mpz operands). Prints
 * the best TSC cycles per call of each library over 600 rounds of 2,000 calls, A and B
 * alternating which goes first, and B/A (above 1: B is slower). Build:
 *   cc -O2 -o fn_ab gmp-patch/test/fn_ab.c -ldl */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

typedef uint64_t limb;
typedef struct {
    int alloc, size;
    limb *d;
} mpz;
typedef void (*mpn_mul_fn)(limb *, const limb *, long, const limb *, long);
typedef void (*mpn_mul_n_fn)(limb *, const limb *, const limb *, long);
typedef void (*mpz_mul_fn)(mpz *, const mpz *, const mpz *);
typedef void (*mpz_init_fn)(mpz *);
typedef void (*mpz_setbit_fn)(mpz *, unsigned long);

enum { ROUNDS = 600, CALLS = 2000, MAX_LIMBS = 64 };

static limb a[MAX_LIMBS], b[MAX_LIMBS], r[2 * MAX_LIMBS];

static void *symbol(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    if (!p) {
        fprintf(stderr, "fn_ab: %s not found\n", name);
        exit(2);
    }
    return p;
}

static uint64_t time_calls(const char *fn, void *f, long n, mpz *z, const mpz *x, const mpz *y)
{
    uint64_t t0 = __rdtsc();
    if (strcmp(fn, "mpn_mul") == 0)
        for (int j = 0; j < CALLS; j++)
            ((mpn_mul_fn)f)(r, a, n, b, n);
    else if (strcmp(fn, "mpn_mul_n") == 0)
        for (int j = 0; j < CALLS; j++)
            ((mpn_mul_n_fn)f)(r, a, b, n);
    else
        for (int j = 0; j < CALLS; j++)
            ((mpz_mul_fn)f)(z, x, y);
    return __rdtsc() - t0;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: fn_ab LIB_A LIB_B mpn_mul|mpn_mul_n|mpz_mul LIMBS\n");
        return 2;
    }
    const char *fn = argv[3];
    long n = atol(argv[4]);
    if (n < 1 || n > MAX_LIMBS ||
        (strcmp(fn, "mpn_mul") && strcmp(fn, "mpn_mul_n") && strcmp(fn, "mpz_mul"))) {
        fprintf(stderr, "fn_ab: FUNCTION is mpn_mul, mpn_mul_n or mpz_mul; LIMBS 1-%d\n",
                MAX_LIMBS);
        return 2;
    }
    for (int i = 0; i < MAX_LIMBS; i++) {
        a[i] = (limb)(i + 1) * 0x9e3779b97f4a7c15ULL;
        b[i] = (limb)(i + 7) * 0xc2b2ae3d27d4eb4fULL;
    }
    void *f[2];
    mpz x[2], y[2], z[2];
    for (int i = 0; i < 2; i++) {
        void *lib = dlopen(argv[1 + i], RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            fprintf(stderr, "fn_ab: %s\n", dlerror());
            return 2;
        }
        char name[32];
        snprintf(name, sizeof name, "__g%s", fn);
        f[i] = symbol(lib, name);
        mpz_init_fn init = (mpz_init_fn)symbol(lib, "__gmpz_init");
        mpz_setbit_fn setbit = (mpz_setbit_fn)symbol(lib, "__gmpz_setbit");
        init(&x[i]);
        init(&y[i]);
        init(&z[i]);
        for (unsigned long bit = 0; bit < (unsigned long)n * 64; bit++) {
            if ((a[bit / 64] >> (bit % 64)) & 1)
                setbit(&x[i], bit);
            if ((b[bit / 64] >> (bit % 64)) & 1)
                setbit(&y[i], bit);
        }
        setbit(&x[i], (unsigned long)n * 64 - 1);
        setbit(&y[i], (unsigned long)n * 64 - 1);
    }
    uint64_t best[2] = {UINT64_MAX, UINT64_MAX};
    for (int round = 0; round < ROUNDS; round++)
        for (int k = 0; k < 2; k++) {
            int i = (round & 1) ? 1 - k : k;
            uint64_t t = time_calls(fn, f[i], n, &z[i], &x[i], &y[i]);
            if (t < best[i])
                best[i] = t;
        }
    printf("%s %ld limbs: A %.2f B %.2f TSC cycles per call, B/A %.3f\n", fn, n,
           (double)best[0] / CALLS, (double)best[1] / CALLS, (double)best[1] / best[0]);
    return 0;
}
