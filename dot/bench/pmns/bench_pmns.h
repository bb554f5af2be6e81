/*
 * Internal to bench_pmns (dot/bench/bench_pmns.c, the driver): the contenders and their
 * context, shared with pmns/contenders.c (loading OpenSSL and GMP's contenders, one step of each)
 * and pmns/checks.c (the chain oracle and the ratio statistics).
 */
#ifndef DOT_BENCH_PMNS_H
#define DOT_BENCH_PMNS_H

#include <gmp.h>
#include <stdint.h>
#include <string.h>
#include "pmns_impl.h"
#include "../ossl_bn.h"

#define MAX_CONTENDERS 32
#define MAX_ROUNDS 501
#define MAX_LIMBS PMNS_MAX_LIMBS
#define WORDS (PMNS_MAX_S * PMNS_MAX_N)
#define LANES 8
#define MAX_VARIANTS 4

/* What every contender's product reads: the PMNS parameters or GMP's modulus. */
typedef struct {
    dot_pmns *pm;
    size_t n;                     /* limbs of p */
    mp_limb_t p[MAX_LIMBS], pinv; /* pinv = -p^-1 mod 2^64 */
    mp_limb_t t[2 * MAX_LIMBS];   /* Montgomery scratch */
    mp_limb_t ip[MAX_LIMBS];      /* p^-1 mod 2^(64 n), for mpn_redc_n */
    mpz_t zp, zt;
    uint64_t m52[2 * 40] __attribute__((aligned(64))); /* p in 52-bit digits, twice (AMM52) */
    uint64_t k0[2];
} ctx;

/* One libcrypto variant: its BIGNUM Montgomery API (ossl_bn.h) and this benchmark's state. */
typedef struct {
    ossl_bn bn;
    char name[32], path[256];
    void *ctx, *mont, *mod; /* mont, mod: per parameter file */
} ossl_lib;

extern ossl_lib ossl[MAX_VARIANTS];
extern size_t n_ossl;

/* OpenSSL's AMM52 kernels: r = a b 2^(-52 d) mod m, "almost" (below 2m); d = 20 or 40 digits. */
typedef void amm_x1_fn(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                       uint64_t k0);
typedef void amm_x2_fn(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                       const uint64_t *k0);
typedef struct {
    amm_x1_fn *x1[2]; /* 20, 40 digits */
    amm_x2_fn *x2[2];
    const char *from;
} amm_kernels;
extern amm_kernels amm;

enum kind { MONT, REDC1, REDCN, MPZ, OSSL, AMM1, AMM2, PMNS1, PMNS8 };

/* GMP's Montgomery reductions (gmp-impl.h: internal, but exported by libgmp.so) */
mp_limb_t __gmpn_redc_1(mp_ptr rp, mp_ptr up, mp_srcptr mp, mp_size_t n, mp_limb_t invm);
void __gmpn_redc_n(mp_ptr rp, mp_ptr up, mp_srcptr mp, mp_size_t n, mp_srcptr ip);
void __gmpn_binvert(mp_ptr ip, mp_srcptr mp, mp_size_t n, mp_ptr scratch);
mp_size_t __gmpn_binvert_itch(mp_size_t n);

typedef struct contender {
    char label[64];
    enum kind kind;
    int lanes;                 /* 1: latency; 8: 8 independent chains (throughput) */
    pmns_mul_fn *mul;          /* PMNS: the kernel (single or batch) */
    int trunc, split, split_v; /* PMNS: flavour; pm->split, pm->split_v while it runs */
    int times;                 /* PMNS single: products per lane per step (2: planted) */
    const ossl_lib *lib;       /* OSSL */
    int digits;                /* AMM: 20 or 40 */
    size_t stride;             /* words between lanes */
    uint64_t acc[LANES * WORDS] __attribute__((aligned(64)));
    uint64_t y[LANES * WORDS] __attribute__((aligned(64)));
    mpz_t zacc[LANES], zy;    /* MPZ */
    void *bacc[LANES], *by;   /* OSSL */
    mpz_t start[LANES], step; /* lane l's value: start_l step^k (R^-k for Montgomery) */
    size_t mont_bits;         /* R = 2^mont_bits for Montgomery forms, else 0 */
} contender;

/* contenders.c */
int ossl_load(ossl_lib *o, const char *name, const char *path);
void amm_load(const ossl_lib *o);
void step(ctx *c, contender *k);
/* Contender k's chains for this parameter file, in k's own domain: lane l starts at a[l] and
 * steps by b (lb: b's limbs). */
void contender_init(ctx *c, contender *k, mpz_t *a, const mpz_t b, const uint64_t *lb);
void contender_clear(contender *k);

/* checks.c */
int chain_ok(ctx *c, const contender *k, unsigned long done);
/* Cycles per product of contender j in round s; ratio_lo: the last ratio's lower bound. */
extern double cycles[MAX_CONTENDERS][MAX_ROUNDS];
extern double ratio_lo;
int ratio(const contender *k, long a, long b, int rounds, const char *claim);

/* Conversions between mpz and the contenders' limbs and 52-bit digits. */
static inline void limbs_to_mpz(mpz_t z, const uint64_t *l, size_t n)
{
    mpz_import(z, n, -1, 8, 0, 0, l);
}
static inline void mpz_to_limbs(uint64_t *l, size_t n, const mpz_t z)
{
    memset(l, 0, n * 8);
    mpz_export(l, NULL, -1, 8, 0, 0, z);
}
/* 52-bit digits, d of them */
static inline void mpz_to_d52(uint64_t *l, size_t d, const mpz_t z)
{
    mpz_t t;
    mpz_init_set(t, z);
    for (size_t i = 0; i < d; i++) {
        l[i] = mpz_get_ui(t) & ((UINT64_C(1) << 52) - 1);
        mpz_tdiv_q_2exp(t, t, 52);
    }
    mpz_clear(t);
}
static inline void d52_to_mpz(mpz_t z, const uint64_t *l, size_t d)
{
    mpz_set_ui(z, 0);
    for (size_t i = d; i-- > 0;) {
        mpz_mul_2exp(z, z, 52);
        mpz_add_ui(z, z, l[i]);
    }
}

#endif
