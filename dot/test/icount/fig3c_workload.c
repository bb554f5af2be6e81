/*
 * Per-call instruction counts of the DoT paper's Figure 3(c) operations at its twelve sizes
 * (512 to 32768 bits), for one GMP or OpenSSL build: mpn_add_n/mpn_sub_n, or BN_uadd/BN_usub.
 * Run under valgrind by dot/test/icount/fig3c.py, which builds this once per library variant
 * (-DLIB_GMP or -DLIB_OPENSSL, linked with an rpath to that build) and picks libdot's ISA with
 * DOT_ISA in the environment. Each piece is CALLS calls between CALLGRIND_ZERO_STATS and
 * CALLGRIND_DUMP_STATS_AT("<op>(<limbs>)"); the piece "loop(<limbs>)" is the same loop calling an
 * empty function of the same shape, so the script can take the caller's loop out of the counts.
 * Labels are formatted before the counting starts, so no piece counts their formatting.
 * The first line printed is the build's marker (dotmp_marker/dotssl_marker, looked up at run
 * time: stock builds have none), so the script can check which ISA libdot really ran.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <valgrind/callgrind.h>
#include "../common/check.h"

#define CALLS 100
#define MAX_LIMBS 512

#if defined(LIB_GMP) == defined(LIB_OPENSSL)
#error "define exactly one of LIB_GMP and LIB_OPENSSL"
#endif

static const int sizes[] = {8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512};
static uint64_t u[MAX_LIMBS], v[MAX_LIMBS], r[MAX_LIMBS + 1];

/* the empty function the loop piece calls; noinline and opaque, so the call stays a call */
__attribute__((noinline)) static uint64_t empty(uint64_t *rp, const uint64_t *up,
                                                const uint64_t *vp, long n)
{
    __asm__ volatile("" : : "r"(rp), "r"(up), "r"(vp), "r"(n) : "memory");
    return 0;
}

static void loop_piece(int n)
{
    char label[64];
    snprintf(label, sizeof label, "loop(%d)", n);
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        empty(r, u, v, n);
    CALLGRIND_DUMP_STATS_AT(label);
}

#ifdef LIB_GMP
#include <gmp.h>
#define MARKER "dotmp_marker"

static void pieces(int n)
{
    char label[64];
    snprintf(label, sizeof label, "add_n(%d)", n);
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        mpn_add_n((mp_ptr)r, (mp_srcptr)u, (mp_srcptr)v, n);
    CALLGRIND_DUMP_STATS_AT(label);
    snprintf(label, sizeof label, "sub_n(%d)", n);
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        mpn_sub_n((mp_ptr)r, (mp_srcptr)u, (mp_srcptr)v, n);
    CALLGRIND_DUMP_STATS_AT(label);
}

static void warm_up(void)
{
    /* the first call resolves libdot's dispatch */
    mpn_add_n((mp_ptr)r, (mp_srcptr)u, (mp_srcptr)v, MAX_LIMBS);
}
#else
#include <openssl/bn.h>
#define MARKER "dotssl_marker"

static BIGNUM *a_bn[sizeof sizes / sizeof sizes[0]], *b_bn[sizeof sizes / sizeof sizes[0]];
static BIGNUM *r_bn;

static BIGNUM *bignum(const uint64_t *limbs, int n)
{
    BIGNUM *x = BN_lebin2bn((const unsigned char *)limbs, n * 8, NULL);
    if (!x) {
        fprintf(stderr, "BN_lebin2bn failed\n");
        exit(1);
    }
    return x;
}

static int index_of(int n)
{
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (sizes[i] == n)
            return (int)i;
    abort();
}

static void pieces(int n)
{
    char label[64];
    BIGNUM *a = a_bn[index_of(n)], *b = b_bn[index_of(n)];
    /* size r once, untimed, so the timed calls do not grow it */
    BN_uadd(r_bn, a, b);
    snprintf(label, sizeof label, "bn_uadd(%d)", n);
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        BN_uadd(r_bn, a, b);
    CALLGRIND_DUMP_STATS_AT(label);
    snprintf(label, sizeof label, "bn_usub(%d)", n);
    CALLGRIND_ZERO_STATS;
    for (int c = 0; c < CALLS; c++)
        BN_usub(r_bn, a, b);
    CALLGRIND_DUMP_STATS_AT(label);
}

static void warm_up(void)
{
    r_bn = BN_new();
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int n = sizes[i];
        /* top limbs: a's high bit set, b's clear, so a > b (BN_usub) and both have n limbs */
        uint64_t top_u = u[n - 1], top_v = v[n - 1];
        u[n - 1] |= UINT64_C(1) << 63;
        v[n - 1] = (v[n - 1] & ~(UINT64_C(1) << 63)) | (UINT64_C(1) << 62);
        a_bn[i] = bignum(u, n);
        b_bn[i] = bignum(v, n);
        u[n - 1] = top_u;
        v[n - 1] = top_v;
        if (!r_bn || BN_num_bits(a_bn[i]) != 64 * n || BN_cmp(a_bn[i], b_bn[i]) <= 0) {
            fprintf(stderr, "setup failed at %d limbs\n", n);
            exit(1);
        }
    }
    BN_uadd(r_bn, a_bn[0], b_bn[0]);
}
#endif

int main(void)
{
    dot_rng rng;
    dot_rng_seed(&rng, 2026);
    for (int i = 0; i < MAX_LIMBS; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = dot_rng_next(&rng);
    }
    warm_up();
    const char *(*marker)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, MARKER);
    printf("marker: %s\n", marker ? marker() : "none");
    fflush(stdout);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        loop_piece(sizes[i]);
        pieces(sizes[i]);
    }
    return 0;
}
