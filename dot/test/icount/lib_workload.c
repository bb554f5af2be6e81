/*
 * A fixed workload per patched library, for the instruction-count gate: the same pieces as
 * workload.c's, but reached through GMP's or OpenSSL's own API, so a change in a patch's routing
 * (or in what libdot does behind it) moves a count. Built once per library variant and libdot
 * ISA (mk/libs.mk): -DLIB_GMP or -DLIB_OPENSSL, -DVARIANT="dot", -DISA="avx2", linked
 * against that variant with an rpath. Each piece is labelled "<lib>/<variant>/<isa>/<piece>".
 * ISA is forced with DOT_ISA before the first call: libdot resolves its dispatch on first use.
 * Valgrind has no AVX-512, so only scalar and avx2 are counted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>
#include "../common/check.h"

#define CALLS 1000
#define LIMBS 64 /* 4096 bits, the paper's middle size */

#if defined(LIB_GMP) == defined(LIB_OPENSSL)
#error "define exactly one of LIB_GMP and LIB_OPENSSL"
#endif

static char label_buf[128];

static const char *label(const char *piece)
{
#ifdef LIB_GMP
    snprintf(label_buf, sizeof label_buf, "gmp/%s/%s/%s", VARIANT, ISA, piece);
#else
    snprintf(label_buf, sizeof label_buf, "openssl/%s/%s/%s", VARIANT, ISA, piece);
#endif
    return label_buf;
}

static uint64_t u[LIMBS], v[LIMBS];

#ifdef LIB_GMP
#include <gmp.h>

static void run(void)
{
    mp_limb_t r[2 * LIMBS];
    mpz_t a, b, p;
    mpz_inits(a, b, p, NULL);
    mpz_import(a, LIMBS, -1, sizeof u[0], 0, 0, u);
    mpz_import(b, LIMBS, -1, sizeof v[0], 0, 0, v);
    /* warm up: the first call resolves libdot's dispatch and GMP's lazy initialisation */
    mpz_mul(p, a, b);

    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        mpn_add_n(r, (mp_srcptr)u, (mp_srcptr)v, LIMBS);
    CALLGRIND_DUMP_STATS_AT(label("mpn_add_n(64)"));
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        mpn_sub_n(r, (mp_srcptr)u, (mp_srcptr)v, LIMBS);
    CALLGRIND_DUMP_STATS_AT(label("mpn_sub_n(64)"));
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        mpn_mul_n(r, (mp_srcptr)u + (c & 7), (mp_srcptr)v + (c & 7), 4);
    CALLGRIND_DUMP_STATS_AT(label("mpn_mul_n(4)"));
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        mpn_sqr(r, (mp_srcptr)u + (c & 7), 4);
    CALLGRIND_DUMP_STATS_AT(label("mpn_sqr(4)"));
    /* below libdot's schoolbook window: patch 0002 must leave these near GMP's own cost (a
       compare or two with constants on the way to GMP's basecase, no load of the window), as
       GMPbench's multiply(128), multiply(512) and their two-operand forms and the leaves of
       every division and gcd call them; stock's rows stand beside */
    static const mp_size_t small[] = {2, 8};
    for (size_t k = 0; k < sizeof small / sizeof small[0]; k++) {
        mp_size_t n = small[k];
        char mul[32], sqr[32]; /* named before the counting starts */
        snprintf(mul, sizeof mul, "mpn_mul(%ldx%ld)", (long)n, (long)n);
        snprintf(sqr, sizeof sqr, "mpn_sqr(%ld)", (long)n);
        CALLGRIND_ZERO_STATS;
        for (int c = 0; c < CALLS; c++)
            mpn_mul(r, (mp_srcptr)u + (c & 7), n, (mp_srcptr)v + (c & 7), n);
        CALLGRIND_DUMP_STATS_AT(label(mul));
        CALLGRIND_ZERO_STATS;
        for (int c = 0; c < CALLS; c++)
            mpn_sqr(r, (mp_srcptr)u + (c & 7), n);
        CALLGRIND_DUMP_STATS_AT(label(sqr));
    }
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS / 10; c++)
        mpz_mul(p, a, b);
    CALLGRIND_DUMP_STATS_AT(label("mpz_mul(4096)x100"));
    /* An exponentiation libdot declines: 65537 modulo an 8-limb number (valgrind runs no IFMA,
       so no window; on a CPU with one, the short exponent at the window's start). Patch 0005
       asks dot_powm_takes before it reduces the base, so the decline must cost one call over
       stock's mpz_powm: relations.tsv bounds the difference. */
    mpz_t m, e;
    mpz_inits(m, e, NULL);
    mpz_import(m, 8, -1, sizeof u[0], 0, 0, u);
    mpz_setbit(m, 511);
    mpz_setbit(m, 0);
    mpz_set_ui(e, 65537);
    mpz_powm(p, b, e, m); /* warm up */
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS / 10; c++)
        mpz_powm(p, b, e, m);
    CALLGRIND_DUMP_STATS_AT(label("mpz_powm(512,65537)x100"));
    mpz_clears(a, b, p, m, e, NULL);
}
#else
#include <openssl/bn.h>

static BIGNUM *bignum(const uint64_t *limbs)
{
    BIGNUM *n = BN_lebin2bn((const unsigned char *)limbs, LIMBS * 8, NULL);
    if (!n) {
        fprintf(stderr, "BN_lebin2bn failed\n");
        exit(1);
    }
    return n;
}

/* RSA-512's public operation as rsa_ossl_public_decrypt runs it: BN_mod_exp_mont with the
 * exponent 65537, the key's Montgomery context and a fresh BN_CTX a call. dot_powm declines it
 * (a one-limb exponent at 8 limbs; under valgrind no IFMA), so patch 0006 must cost the call
 * little over stock's: relations.tsv bounds the difference. */
static void mod_exp_public(void)
{
    BIGNUM *m = BN_lebin2bn((const unsigned char *)u, 8 * 8, NULL);
    BIGNUM *base = BN_lebin2bn((const unsigned char *)v, 8 * 8, NULL);
    BIGNUM *e = BN_new(), *r = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    BN_MONT_CTX *mont = BN_MONT_CTX_new();
    if (!m || !base || !e || !r || !ctx || !mont || !BN_set_bit(m, 511) || !BN_set_bit(m, 0) ||
        !BN_clear_bit(base, 511) || !BN_set_word(e, 65537) || !BN_MONT_CTX_set(mont, m, ctx) ||
        !BN_mod_exp_mont(r, base, e, m, ctx, mont)) {
        fprintf(stderr, "BN_mod_exp_mont set-up failed\n");
        exit(1);
    }
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS / 10; c++) {
        BN_CTX *call = BN_CTX_new();
        if (!call || !BN_mod_exp_mont(r, base, e, m, call, mont)) {
            fprintf(stderr, "BN_mod_exp_mont failed\n");
            exit(1);
        }
        BN_CTX_free(call);
    }
    CALLGRIND_DUMP_STATS_AT(label("BN_mod_exp_mont(512,65537)x100"));
    BN_MONT_CTX_free(mont);
    BN_CTX_free(ctx);
    BN_free(m);
    BN_free(base);
    BN_free(e);
    BN_free(r);
}

/* An RSA private operation's CRT halves as rsa_ossl_mod_exp runs them on a CPU without IFMA:
 * BN_mod_exp_mont_consttime, and the pair BN_mod_exp_mont_consttime_x2, with the keys'
 * Montgomery contexts and a fresh BN_CTX a call, at 12 limbs (768-bit moduli, no RSAZ size) and a
 * one-limb exponent (the decline does not look at its length). dot_powm_ct_takes declines them
 * under valgrind (no IFMA), so patches 0004 and 0005 must cost a call little over stock's:
 * relations.tsv bounds the difference. */
static void mod_exp_private(void)
{
    BIGNUM *m[2], *base[2], *r[2], *e = BN_new();
    BN_MONT_CTX *mont[2];
    BN_CTX *ctx = BN_CTX_new();
    int ok = e && ctx && BN_set_word(e, 0xfedcba9876543211u);
    for (int h = 0; h < 2; h++) {
        m[h] = BN_lebin2bn((const unsigned char *)(u + 12 * h), 12 * 8, NULL);
        base[h] = BN_lebin2bn((const unsigned char *)(v + 12 * h), 12 * 8, NULL);
        r[h] = BN_new();
        mont[h] = BN_MONT_CTX_new();
        ok = ok && m[h] && base[h] && r[h] && mont[h] && BN_set_bit(m[h], 767) &&
             BN_set_bit(m[h], 0) && BN_clear_bit(base[h], 767) &&
             BN_MONT_CTX_set(mont[h], m[h], ctx) &&
             BN_mod_exp_mont_consttime(r[h], base[h], e, m[h], ctx, mont[h]);
    }
    if (!ok) {
        fprintf(stderr, "BN_mod_exp_mont_consttime set-up failed\n");
        exit(1);
    }
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS / 10; c++) {
        BN_CTX *call = BN_CTX_new();
        if (!call || !BN_mod_exp_mont_consttime(r[0], base[0], e, m[0], call, mont[0])) {
            fprintf(stderr, "BN_mod_exp_mont_consttime failed\n");
            exit(1);
        }
        BN_CTX_free(call);
    }
    CALLGRIND_DUMP_STATS_AT(label("BN_mod_exp_mont_consttime(768)x100"));
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS / 20; c++) {
        BN_CTX *call = BN_CTX_new();
        if (!call || !BN_mod_exp_mont_consttime_x2(r[0], base[0], e, m[0], mont[0], r[1], base[1],
                                                   e, m[1], mont[1], call)) {
            fprintf(stderr, "BN_mod_exp_mont_consttime_x2 failed\n");
            exit(1);
        }
        BN_CTX_free(call);
    }
    CALLGRIND_DUMP_STATS_AT(label("BN_mod_exp_mont_consttime_x2(768)x50"));
    for (int h = 0; h < 2; h++) {
        BN_MONT_CTX_free(mont[h]);
        BN_free(m[h]);
        BN_free(base[h]);
        BN_free(r[h]);
    }
    BN_CTX_free(ctx);
    BN_free(e);
}

static void run(void)
{
    BIGNUM *a = bignum(u), *b = bignum(v), *r = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    if (!r || !ctx || BN_cmp(a, b) <= 0) {
        fprintf(stderr, "setup failed (a must exceed b for BN_usub)\n");
        exit(1);
    }
    /* warm up: the first calls resolve libdot's dispatch and size r and ctx */
    BN_mul(r, a, b, ctx);
    BN_uadd(r, a, b);

    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        BN_uadd(r, a, b);
    CALLGRIND_DUMP_STATS_AT(label("BN_uadd(4096)"));
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        BN_usub(r, a, b);
    CALLGRIND_DUMP_STATS_AT(label("BN_usub(4096)"));
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS / 10; c++)
        BN_mul(r, a, b, ctx);
    CALLGRIND_DUMP_STATS_AT(label("BN_mul(4096)x100"));
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS / 10; c++)
        BN_sqr(r, a, ctx);
    CALLGRIND_DUMP_STATS_AT(label("BN_sqr(4096)x100"));
    BN_CTX_free(ctx);
    BN_free(a);
    BN_free(b);
    BN_free(r);
    mod_exp_public();
    mod_exp_private();
}
#endif

int main(void)
{
    if (setenv("DOT_ISA", ISA, 1) != 0) {
        perror("setenv");
        return 1;
    }
    dot_rng rng;
    dot_rng_seed(&rng, 2026);
    for (int i = 0; i < LIMBS; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = dot_rng_next(&rng);
    }
    u[LIMBS - 1] |= 1ull << 63; /* a > b, so BN_usub is defined */
    v[LIMBS - 1] &= ~(1ull << 63);
    run();
    return 0;
}
