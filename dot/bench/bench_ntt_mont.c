/*
 * dot_ntt_mont_mul (dot_ntt.h) against GMP's Montgomery multiplication as its mpn_powm does it
 * for these sizes: mpn_mul_n, then mpn_redc_n with the n-limb inverse from mpn_binvert (GMP's
 * internal functions, exported by libgmp under their __gmpn_ names), and against OpenSSL's
 * BN_mod_mul_montgomery from the libcrypto DOT_BENCH_LIBCRYPTO names (default
 * build/openssl/stock/lib/libcrypto.so.3, loaded with dlopen; left out, with a line saying so,
 * when it does not load), at 2048 to 16384 bits.
 *
 * Method as in bench_ntt.c: the same random odd modulus and operands for both; the results are
 * compared before timing; the two contenders take turns, the starting one rotating; the ratio is
 * GMP's (or OpenSSL's) time over dot's in the same round, median and interquartile range of
 * those ratios.
 * usage: bench_ntt_mont [--quick]
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/common/check.h"
#include "dot_ntt.h"
#include "gmp_origin.h"
#include "ossl_bn.h"
#include "timing.h"

void __gmpn_binvert(mp_ptr, mp_srcptr, mp_size_t, mp_ptr);
mp_size_t __gmpn_binvert_itch(mp_size_t);
void __gmpn_redc_n(mp_ptr, mp_ptr, mp_srcptr, mp_size_t, mp_srcptr);

#define MAX_LIMBS 256
#define MAX_SAMPLES 41
#define SAMPLE_CYCLES 200000.0

/* OpenSSL's BIGNUM Montgomery API (ossl_bn.h) from the libcrypto named below. */
static struct {
    ossl_bn bn;
    const char *path;
    int loaded;
} ossl;

static int ossl_load(void)
{
    const char *path = getenv("DOT_BENCH_LIBCRYPTO");
    ossl.path = path && *path ? path : "build/openssl/stock/lib/libcrypto.so.3";
    return ossl_bn_open(&ossl.bn, ossl.path);
}

typedef struct {
    const dot_ntt_mont *m;
    mp_limb_t n[MAX_LIMBS], ip[MAX_LIMBS], t[2 * MAX_LIMBS];
    size_t k;
    void *bctx, *bmont, *bn, *ba, *bb, *br; /* OpenSSL's */
} modulus;

enum { GMP, DOT, OSSL, CONTENDERS };

static void *to_bn(const mp_limb_t *x, size_t k)
{
    return ossl.bn.lebin2bn((const unsigned char *)x, (int)(k * sizeof *x),
                            NULL); /* little-endian x86 */
}

/* OpenSSL's context for md's modulus and the operands a, b; 0 if it failed */
static int ossl_setup(modulus *md, const mp_limb_t *a, const mp_limb_t *b)
{
    md->bctx = ossl.bn.ctx_new();
    md->bmont = ossl.bn.mont_new();
    md->bn = to_bn(md->n, md->k);
    md->ba = to_bn(a, md->k);
    md->bb = to_bn(b, md->k);
    md->br = to_bn(a, md->k);
    return md->bctx && md->bmont && md->bn && md->ba && md->bb && md->br &&
           ossl.bn.mont_set(md->bmont, md->bn, md->bctx);
}

static void ossl_teardown(modulus *md)
{
    void **bns[] = {&md->bn, &md->ba, &md->bb, &md->br};
    for (size_t i = 0; i < 4; i++)
        if (*bns[i])
            ossl.bn.bn_free(*bns[i]), *bns[i] = NULL;
    if (md->bmont)
        ossl.bn.mont_free(md->bmont), md->bmont = NULL;
    if (md->bctx)
        ossl.bn.ctx_free(md->bctx), md->bctx = NULL;
}

static void gmp_mont(modulus *md, mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b)
{
    mpn_mul_n(md->t, a, b, (mp_size_t)md->k);
    __gmpn_redc_n(r, md->t, md->n, (mp_size_t)md->k, md->ip);
}

static double time_calls(modulus *md, int who, mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b,
                         int reps)
{
    uint64_t t0 = dot_tsc_begin();
    for (int i = 0; i < reps; i++) {
        if (who == DOT)
            dot_ntt_mont_mul(md->m, r, a, b);
        else if (who == GMP)
            gmp_mont(md, r, a, b);
        else
            ossl.bn.mont_mul(md->br, md->ba, md->bb, md->bmont, md->bctx);
    }
    return (double)(dot_tsc_end() - t0) / reps;
}

static double quantile(double *x, int n, double q) { return x[(int)(q * (n - 1) + 0.5)]; }

static int one_size(size_t bits, int samples)
{
    static modulus md;
    static mp_limb_t a[MAX_LIMBS], b[MAX_LIMBS], want[MAX_LIMBS], got[MAX_LIMBS];
    static double cyc[CONTENDERS][MAX_SAMPLES], ratio[MAX_SAMPLES];
    size_t k = md.k = bits / 64;
    dot_rng rng;
    dot_rng_seed(&rng, bits);
    for (size_t i = 0; i < k; i++) {
        md.n[i] = dot_rng_next(&rng);
        a[i] = dot_rng_next(&rng);
        b[i] = dot_rng_next(&rng);
    }
    md.n[0] |= 1;
    md.n[k - 1] |= UINT64_C(1) << 63;
    a[k - 1] >>= 1; /* below N */
    b[k - 1] >>= 1;
    mp_limb_t *scratch = malloc(__gmpn_binvert_itch((mp_size_t)k) * sizeof *scratch);
    __gmpn_binvert(md.ip, md.n, (mp_size_t)k, scratch);
    free(scratch);
    dot_ntt_mont *m = dot_ntt_mont_new(md.n, k);
    md.m = m;
    gmp_mont(&md, want, a, b);
    dot_ntt_mont_mul(m, got, a, b);
    if (!m || memcmp(got, want, k * sizeof got[0]) != 0) {
        fprintf(stderr, "dot_ntt_mont_mul disagrees with mpn_redc_n at %zu bits: not timed\n",
                bits);
        dot_ntt_mont_free(m);
        return 1;
    }
    int nc = 2;
    if (ossl.loaded) {
        if (!ossl_setup(&md, a, b)) {
            fprintf(stderr, "OpenSSL's Montgomery context failed at %zu bits\n", bits);
            ossl_teardown(&md);
            dot_ntt_mont_free(m);
            return 1;
        }
        static mp_limb_t ogot[MAX_LIMBS];
        ossl.bn.mont_mul(md.br, md.ba, md.bb, md.bmont, md.bctx);
        ossl.bn.bn2lebinpad(md.br, (unsigned char *)ogot, (int)(k * sizeof ogot[0]));
        if (memcmp(ogot, want, k * sizeof ogot[0]) != 0) {
            fprintf(stderr,
                    "BN_mod_mul_montgomery disagrees with mpn_redc_n at %zu bits: not timed\n",
                    bits);
            ossl_teardown(&md);
            dot_ntt_mont_free(m);
            return 1;
        }
        nc = 3;
    }
    int reps[CONTENDERS];
    for (int d = 0; d < nc; d++) {
        double once = time_calls(&md, d, got, a, b, 1);
        reps[d] = once >= SAMPLE_CYCLES ? 1 : (int)(SAMPLE_CYCLES / once) + 1;
    }
    for (int s = 0; s < samples; s++)
        for (int j = 0; j < nc; j++) {
            int d = (j + s) % nc;
            cyc[d][s] = time_calls(&md, d, got, a, b, reps[d]);
        }
    printf("%6zu", bits);
    for (int d = 0; d < nc; d += 2) { /* GMP, then OpenSSL, each against dot */
        for (int s = 0; s < samples; s++)
            ratio[s] = cyc[d][s] / cyc[DOT][s];
        double r = dot_median(ratio, (size_t)samples);
        printf(" %16.0f %6.2f [%4.2f,%4.2f]", dot_median(cyc[d], (size_t)samples), r,
               quantile(ratio, samples, 0.25), quantile(ratio, samples, 0.75));
    }
    printf(" %16.0f\n", dot_median(cyc[DOT], (size_t)samples));
    ossl_teardown(&md);
    dot_ntt_mont_free(m);
    return 0;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    static const size_t full[] = {2048, 3072,  4096,  5120,  6144, 7168,
                                  8192, 10240, 12288, 14336, 16384};
    static const size_t brief[] = {4096, 8192, 16384};
    const size_t *sizes = quick ? brief : full;
    size_t nsizes = quick ? sizeof brief / sizeof brief[0] : sizeof full / sizeof full[0];
    int samples = quick ? 5 : 31;
    printf("libdot %s, dispatched variant %s; GMP %s from %s\n", dot_version(), dot_isa(),
           gmp_version, dot_gmp_origin());
    ossl.loaded = ossl_load();
    if (ossl.loaded)
        printf("OpenSSL BN_mod_mul_montgomery from %s\n", ossl.path);
    else
        printf("OpenSSL left out: %s did not load (DOT_BENCH_LIBCRYPTO names another)\n",
               ossl.path);
    printf("\nMontgomery multiplication: median TSC cycles per call; ratio contender/dot, median "
           "[IQR] of "
           "%d paired samples\n%6s %16s %-18s",
           samples, "bits", "gmp mul_n+redc_n", " ratio gmp/dot");
    if (ossl.loaded)
        printf(" %16s %-18s", "openssl", " ratio openssl/dot");
    printf(" %16s\n", "dot_ntt_mont_mul");
    int status = 0;
    for (size_t i = 0; i < nsizes; i++)
        status |= one_size(sizes[i], samples);
    return status;
}
