/* libdot's sliding-window exponentiation against stock OpenSSL's BN_mod_exp_mont with a Montgomery
   context made once (as an RSA key's public operations run it), in one process, calls
   interleaved: for moduli of 7 to 256 limbs, full or with a 40-bit top limb, and the exponents 3,
   65537, a random 32-bit one and a random one of the modulus's length, each call's TSC cycles
   (median of SAMPLES; a tenth as many, at least 3, for the modulus-length exponents past 64
   limbs, whose calls take a tenth of a second and more), stock's over dot_powm's and over
   dot_powm_rr's (which takes the context's
   R^2, dot.h). A cell is "-" where the entry point declines the call (its rule, dot.h): what
   patch 0006 then leaves to OpenSSL's own code. Every result is compared with OpenSSL's.
   usage: bench_exp_mont [SAMPLES]   (make bench-exp-mont; exit 0, or 1 on a wrong result) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include "dot.h"

static uint64_t state = 0x2545f4914f6cdd1dULL;
static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* the median of n samples (reordered) */
static uint64_t median(uint64_t *s, int n)
{
    qsort(s, (size_t)n, sizeof *s, cmp_u64);
    return s[n / 2];
}

/* limbs <-> BIGNUM, n limbs little-endian */
static BIGNUM *to_bn(const dot_limb_t *x, size_t n)
{
    return BN_lebin2bn((const unsigned char *)x, (int)(8 * n), NULL);
}

/* One cell: stock's cycles over each entry point's at (m, b, e), or 0 where it declines; returns
 * 1 when a result differs from OpenSSL's. */
static int cell(const dot_limb_t *m, const dot_limb_t *b, const dot_limb_t *e, size_t en, size_t n,
                int samples, double ratio[2], uint64_t *stock_cycles, BN_CTX *ctx)
{
    BIGNUM *bm = to_bn(m, n), *bb = to_bn(b, n), *be = to_bn(e, en), *br = BN_new();
    BN_MONT_CTX *mont = BN_MONT_CTX_new();
    dot_limb_t rr[DOT_POWM_MAX], want[DOT_POWM_MAX], got[2][DOT_POWM_MAX];
    uint64_t cycles[3][samples];
    int wrong = 0;
    if (!bm || !bb || !be || !br || !mont || !BN_MONT_CTX_set(mont, bm, ctx)) {
        fprintf(stderr, "bench_exp_mont: OpenSSL failed to set up\n");
        exit(2);
    }
    /* the context's R^2: 2^(128n) mod m, as BN_MONT_CTX holds it */
    BIGNUM *r2 = BN_new();
    if (!r2 || !BN_set_bit(r2, (int)(128 * n)) || !BN_mod(r2, r2, bm, ctx) ||
        BN_bn2lebinpad(r2, (unsigned char *)rr, (int)(8 * n)) < 0 ||
        !BN_mod_exp_mont(br, bb, be, bm, ctx, mont) ||
        BN_bn2lebinpad(br, (unsigned char *)want, (int)(8 * n)) < 0) {
        fprintf(stderr, "bench_exp_mont: OpenSSL failed\n");
        exit(2);
    }
    const int takes[2] = {dot_powm_takes(e, en, n), dot_powm_rr_takes(e, en, m, n)};
    for (int s = 0; s < samples; s++)
        for (int j = 0; j < 3; j++) {
            const int which = (s + j) % 3;
            if (which > 0 && !takes[which - 1])
                continue;
            const uint64_t t0 = __rdtsc();
            if (which == 0)
                BN_mod_exp_mont(br, bb, be, bm, ctx, mont);
            else if (which == 1)
                dot_powm(got[0], b, e, en, m, n);
            else
                dot_powm_rr(got[1], b, e, en, m, n, rr);
            cycles[which][s] = __rdtsc() - t0;
        }
    *stock_cycles = median(cycles[0], samples);
    for (int k = 0; k < 2; k++) {
        ratio[k] = takes[k] ? (double)*stock_cycles / (double)median(cycles[k + 1], samples) : 0;
        wrong |= takes[k] && memcmp(got[k], want, n * sizeof *want) != 0;
    }
    BN_free(bm), BN_free(bb), BN_free(be), BN_free(br), BN_free(r2);
    BN_MONT_CTX_free(mont);
    return wrong;
}

int main(int argc, char **argv)
{
    const int samples = argc > 1 ? atoi(argv[1]) : 51;
    if (samples < 1 || samples > 10001) {
        fprintf(stderr, "usage: bench_exp_mont [SAMPLES, 1 to 10001]\n");
        return 2;
    }
    static const size_t sizes[] = {7,  8,  9,  10,  12,  16,  24,  32, 48,
                                   64, 70, 96, 120, 128, 192, 240, 256};
    static const char *const exps[] = {"3", "65537", "32 bits", "n limbs"};
    BN_CTX *ctx = BN_CTX_new();
    int wrong = 0;
    printf("libdot %s, %s\nBN_mod_exp_mont with a Montgomery context (stock OpenSSL %s): TSC "
           "cycles a call (median of %d), and stock's over dot_powm / dot_powm_rr, - where "
           "declined\n",
           dot_version(), dot_settings(), OpenSSL_version(OPENSSL_VERSION_STRING), samples);
    for (int top = 0; top < 2; top++) {
        printf("moduli with %s top limb\n    n", top ? "a 40-bit" : "a full");
        for (int x = 0; x < 4; x++)
            printf("  %27s", exps[x]);
        printf("\n");
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            const size_t n = sizes[s];
            dot_limb_t m[DOT_POWM_MAX], b[DOT_POWM_MAX], e[DOT_POWM_MAX];
            for (size_t i = 0; i < n; i++)
                m[i] = next(), b[i] = next(), e[i] = next();
            m[n - 1] = top ? m[n - 1] >> 24 | (dot_limb_t)1 << 39 : m[n - 1] | (dot_limb_t)1 << 63;
            m[0] |= 1;
            b[n - 1] = m[n - 1] - 1;
            printf("%5zu", n);
            for (int x = 0; x < 4; x++) {
                size_t en = x == 3 ? n : 1;
                e[0] = x == 0 ? 3 : x == 1 ? 65537 : x == 2 ? (next() >> 32 | 1u << 31) : e[0];
                double ratio[2];
                uint64_t stock;
                const int cs = x == 3 && n > 64 ? (samples + 9) / 10 : samples;
                wrong |= cell(m, b, e, en, n, cs < 3 ? 3 : cs, ratio, &stock, ctx);
                char r[2][16];
                for (int k = 0; k < 2; k++)
                    snprintf(r[k], sizeof r[k], ratio[k] > 0 ? "%.2fx" : "-", ratio[k]);
                printf("  %9llu %8s %8s", (unsigned long long)stock, r[0], r[1]);
            }
            printf("\n");
        }
    }
    BN_CTX_free(ctx);
    if (wrong)
        fprintf(stderr, "bench_exp_mont: a libdot result differs from OpenSSL's\n");
    return wrong;
}
