/*
 * Cycles per modular product of the PMNS kernels (dot_pmns.h), full and truncated, scalar and
 * IFMA, on every committed parameter file, next to GMP at the same modulus: a Montgomery product
 * (mpn_mul_n, then a word-by-word REDC over mpn_addmul_1 with the carries added back by one
 * mpn_add_n, as GMP's internal redc_1 does, and a final conditional subtraction),
 * mpz_mul + mpz_mod, and OpenSSL's BN_mod_mul_montgomery from the libcrypto that
 * DOT_BENCH_LIBCRYPTO names (default build/openssl/stock/lib/libcrypto.so.3, loaded with
 * dlopen; left out, with a line saying so, when it does not load).
 *
 * Method: single-operation latency. One sample times `reps` dependent products r = r * y through
 * a function pointer with rdtsc (TSC reference cycles); operands stay in each system's domain
 * (PMNS elements, Montgomery residues), conversions are not timed. Contenders take samples in
 * turn, the starting one rotating, so drift hits all alike; each figure is the median over the
 * rounds, and each ratio the median of the per-round ratios with a 95% distribution-free
 * confidence interval (order statistics). Every contender's product is checked against mpz
 * before timing, and every chain's final value after it, so a wrong kernel cannot post a number.
 * usage: bench_pmns [--quick]   (run from the repository root: reads dot/pmns/params/)
 */
#include <dlfcn.h>
#include <glob.h>
#include <gmp.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "dot.h"
#include "dot_impl.h"
#include "gmp_origin.h"
#include "pmns_impl.h"
#include "timing.h"

#define MAX_CONTENDERS 8
#define MAX_ROUNDS 501
#define MAX_LIMBS PMNS_MAX_LIMBS
#define WORDS (PMNS_MAX_S * PMNS_MAX_N)

/* What every contender's product reads: the PMNS parameters or GMP's modulus. */
typedef struct {
    const dot_pmns *pm;
    size_t n;                        /* limbs of p */
    mp_limb_t p[MAX_LIMBS], pinv;    /* pinv = -p^-1 mod 2^64 */
    mp_limb_t t[2 * MAX_LIMBS];      /* Montgomery scratch */
    mpz_t zp, zt;
} ctx;

/* OpenSSL's BIGNUM API through dlopen: pointers to its opaque types as void *. */
static struct {
    void *(*ctx_new)(void);
    void *(*mont_new)(void);
    int (*mont_set)(void *mont, const void *mod, void *ctx);
    void *(*lebin2bn)(const unsigned char *s, int len, void *ret);
    int (*bn2lebinpad)(const void *a, unsigned char *to, int tolen);
    int (*mont_mul)(void *r, const void *a, const void *b, void *mont, void *ctx);
    void (*bn_free)(void *);
    void (*mont_free)(void *);
    void (*ctx_free)(void *);
    const char *path;
    void *ctx, *mont, *mod; /* per parameter file */
} ossl;

static int ossl_load(void)
{
    const char *path = getenv("DOT_BENCH_LIBCRYPTO");
    ossl.path = path && *path ? path : "build/openssl/stock/lib/libcrypto.so.3";
    void *h = dlopen(ossl.path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return 0;
    *(void **)&ossl.ctx_new = dlsym(h, "BN_CTX_new");
    *(void **)&ossl.mont_new = dlsym(h, "BN_MONT_CTX_new");
    *(void **)&ossl.mont_set = dlsym(h, "BN_MONT_CTX_set");
    *(void **)&ossl.lebin2bn = dlsym(h, "BN_lebin2bn");
    *(void **)&ossl.bn2lebinpad = dlsym(h, "BN_bn2lebinpad");
    *(void **)&ossl.mont_mul = dlsym(h, "BN_mod_mul_montgomery");
    *(void **)&ossl.bn_free = dlsym(h, "BN_free");
    *(void **)&ossl.mont_free = dlsym(h, "BN_MONT_CTX_free");
    *(void **)&ossl.ctx_free = dlsym(h, "BN_CTX_free");
    return ossl.ctx_new && ossl.mont_new && ossl.mont_set && ossl.lebin2bn && ossl.bn2lebinpad &&
           ossl.mont_mul && ossl.bn_free && ossl.mont_free && ossl.ctx_free;
}

typedef struct contender {
    char label[40];
    void (*op)(ctx *, const struct contender *, uint64_t *, const uint64_t *);
    pmns_mul_fn *mul;
    int trunc;
    uint64_t acc[WORDS], y[WORDS];   /* the chain's value and its multiplier, in the domain */
    mpz_t zacc, zy;                  /* mpz contender's */
    void *bacc, *by;                 /* OpenSSL contender's BIGNUMs */
    mpz_t start, step;               /* the chain's value x and y as integers: x y^k mod p ... */
    int montgomery;                  /* ... times R^-k for the Montgomery product */
} contender;

static void pmns_op(ctx *c, const contender *k, uint64_t *r, const uint64_t *y)
{
    k->mul(c->pm, r, r, y, k->trunc);
}

/* r = r y R^-1 mod p, R = 2^(64 n) */
static void mont_op(ctx *c, const contender *k, uint64_t *r, const uint64_t *y)
{
    (void)k;
    const size_t n = c->n;
    mp_limb_t *t = c->t;
    mpn_mul_n(t, r, y, (mp_size_t)n);
    for (size_t i = 0; i < n; i++)
        t[i] = mpn_addmul_1(t + i, c->p, (mp_size_t)n, t[i] * c->pinv);
    mp_limb_t hi = mpn_add_n(r, t + n, t, (mp_size_t)n);
    mpn_cnd_sub_n(hi | (mpn_cmp(r, c->p, (mp_size_t)n) >= 0), r, r, c->p, (mp_size_t)n);
}

static void mpz_op(ctx *c, const contender *k, uint64_t *r, const uint64_t *y)
{
    (void)r, (void)y;
    contender *m = (contender *)k;
    mpz_mul(c->zt, m->zacc, m->zy);
    mpz_mod(m->zacc, c->zt, c->zp);
}

static void ossl_op(ctx *c, const contender *k, uint64_t *r, const uint64_t *y)
{
    (void)c, (void)r, (void)y;
    ossl.mont_mul(k->bacc, k->bacc, k->by, ossl.mont, ossl.ctx);
}

static void limbs_to_mpz(mpz_t z, const uint64_t *l, size_t n) { mpz_import(z, n, -1, 8, 0, 0, l); }
static void mpz_to_limbs(uint64_t *l, size_t n, const mpz_t z)
{
    memset(l, 0, n * 8);
    mpz_export(l, NULL, -1, 8, 0, 0, z);
}

/* The integer the contender's chain value stands for. */
static void chain_value(ctx *c, const contender *k, mpz_t out)
{
    uint64_t l[MAX_LIMBS];
    if (k->mul) {
        dot_pmns_to_int(c->pm, l, k->acc);
        limbs_to_mpz(out, l, c->n);
    } else if (k->bacc) {
        ossl.bn2lebinpad(k->bacc, (unsigned char *)l, (int)(8 * c->n));
        limbs_to_mpz(out, l, c->n);
    } else if (k->montgomery) {
        limbs_to_mpz(out, k->acc, c->n);
    } else {
        mpz_set(out, k->zacc);
    }
}

/* Oracle for the value after `done` products: start * step^done (* R^-done) mod p. */
static int chain_ok(ctx *c, const contender *k, unsigned long done)
{
    mpz_t want, got, f;
    mpz_inits(want, got, f, NULL);
    mpz_set(f, k->step);
    if (k->montgomery) {
        mpz_set_ui(got, 1);
        mpz_mul_2exp(got, got, 64 * c->n);
        mpz_invert(got, got, c->zp);
        mpz_mul(f, f, got);
    }
    mpz_powm_ui(want, f, done, c->zp);
    mpz_mul(want, want, k->start);
    mpz_mod(want, want, c->zp);
    chain_value(c, k, got);
    int ok = mpz_cmp(want, got) == 0;
    mpz_clears(want, got, f, NULL);
    return ok;
}

/* The order statistic bounding a 95% confidence interval of the median of n values: the
 * (n/2 -+ 0.98 sqrt(n))-th smallest (normal approximation of the binomial). */
static double median_bound(double *v, size_t n, int upper)
{
    qsort(v, n, sizeof *v, dot_cmp_double);
    size_t root = 0;
    while ((root + 1) * (root + 1) <= n)
        root++;
    size_t half = (98 * root + 99) / 100, i = upper ? n / 2 + half : (n / 2 > half ? n / 2 - half : 0);
    return v[i < n ? i : n - 1];
}

static double cycles[MAX_CONTENDERS][MAX_ROUNDS];

/* ratio of contender a's cycles to b's: median of the paired rounds and its 95% interval */
static void ratio(const contender *k, size_t a, size_t b, int rounds, const char *claim)
{
    double r[MAX_ROUNDS];
    for (int s = 0; s < rounds; s++)
        r[s] = cycles[a][s] / cycles[b][s];
    double med = dot_median(r, (size_t)rounds);
    double lo = median_bound(r, (size_t)rounds, 0), hi = median_bound(r, (size_t)rounds, 1);
    printf("  %-22s / %-22s %6.3fx  [%6.3f, %6.3f]%s\n", k[a].label, k[b].label, med, lo, hi, claim);
}

static int bench_file(const char *path, int rounds, gmp_randstate_t rs)
{
    static contender k[MAX_CONTENDERS];
    static ctx c;
    dot_pmns *pm = dot_pmns_load(path); /* its conversions use the dispatched variant */
    if (!pm)
        return 1;
    c.pm = pm;
    c.n = pm->limbs;
    dot_pmns_modulus(pm, c.p);
    mpz_inits(c.zp, c.zt, NULL);
    limbs_to_mpz(c.zp, c.p, c.n);
    mp_limb_t inv = 1; /* Newton: p^-1 mod 2^64 */
    for (int i = 0; i < 6; i++)
        inv *= 2 - c.p[0] * inv;
    c.pinv = -inv;

    size_t nk = 0, ifma_full = 0, ifma_trunc = 0, scalar_full = 0, ossl_at = 0;
    struct { const char *label; pmns_mul_fn *mul; int trunc; } pm_kinds[] = {
        {"pmns scalar full", pmns_scalar_mul, 0}, {"pmns scalar trunc", pmns_scalar_mul, 1},
        {"pmns ifma full", pmns_ifma_mul, 0}, {"pmns ifma trunc", pmns_ifma_mul, 1}};
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_urandomm(a, rs, c.zp);
    mpz_urandomm(b, rs, c.zp);
    uint64_t la[MAX_LIMBS], lb[MAX_LIMBS];
    mpz_to_limbs(la, c.n, a);
    mpz_to_limbs(lb, c.n, b);

    k[nk] = (contender){.op = mont_op, .montgomery = 1};
    snprintf(k[nk].label, sizeof k[nk].label, "gmp montgomery");
    memcpy(k[nk].acc, la, c.n * 8);
    memcpy(k[nk].y, lb, c.n * 8);
    nk++;
    k[nk] = (contender){.op = mpz_op};
    snprintf(k[nk].label, sizeof k[nk].label, "gmp mpz_mul+mpz_mod");
    mpz_init_set(k[nk].zacc, a);
    mpz_init_set(k[nk].zy, b);
    nk++;
    if (ossl.ctx) {
        k[nk] = (contender){.op = ossl_op, .montgomery = 1};
        snprintf(k[nk].label, sizeof k[nk].label, "openssl mont_mul");
        ossl.mod = ossl.lebin2bn((const unsigned char *)c.p, (int)(8 * c.n), NULL);
        ossl.mont = ossl.mont_new();
        ossl.mont_set(ossl.mont, ossl.mod, ossl.ctx);
        k[nk].bacc = ossl.lebin2bn((const unsigned char *)la, (int)(8 * c.n), NULL);
        k[nk].by = ossl.lebin2bn((const unsigned char *)lb, (int)(8 * c.n), NULL);
        ossl_at = nk++;
    }
    for (size_t i = 0; i < 4; i++) {
        if (i >= 2 && !dot_isa_supported("ifma"))
            break;
        k[nk] = (contender){.op = pmns_op, .mul = pm_kinds[i].mul, .trunc = pm_kinds[i].trunc};
        snprintf(k[nk].label, sizeof k[nk].label, "%s", pm_kinds[i].label);
        dot_pmns_from_int(pm, k[nk].acc, la);
        dot_pmns_from_int(pm, k[nk].y, lb);
        if (i == 0)
            scalar_full = nk;
        if (i == 2)
            ifma_full = nk;
        if (i == 3)
            ifma_trunc = nk;
        nk++;
    }
    for (size_t j = 0; j < nk; j++) {
        mpz_init_set(k[j].start, a);
        mpz_init_set(k[j].step, b);
    }

    /* check one product each, then size the samples: about 60000 cycles each */
    int reps[MAX_CONTENDERS], status = 0;
    for (size_t j = 0; j < nk; j++) {
        k[j].op(&c, &k[j], k[j].acc, k[j].y);
        if (!chain_ok(&c, &k[j], 1)) {
            fprintf(stderr, "%s: %s gives a wrong product: not timed\n", path, k[j].label);
            status = 1;
        }
        uint64_t best = UINT64_MAX;
        for (int i = 0; i < 3; i++) {
            uint64_t t0 = dot_tsc_begin();
            k[j].op(&c, &k[j], k[j].acc, k[j].y);
            uint64_t t1 = dot_tsc_end();
            best = t1 - t0 < best ? t1 - t0 : best;
        }
        reps[j] = (int)(60000 / (best + 1)) + 1;
        reps[j] = reps[j] > 64 ? 64 : reps[j];
    }
    if (status)
        return status;
    unsigned long done[MAX_CONTENDERS];
    for (size_t j = 0; j < nk; j++)
        done[j] = 4;
    for (int s = 0; s < rounds; s++)
        for (size_t jj = 0; jj < nk; jj++) {
            size_t j = (jj + (size_t)s) % nk;
            contender *kj = &k[j];
            uint64_t t0 = dot_tsc_begin();
            for (int i = 0; i < reps[j]; i++)
                kj->op(&c, kj, kj->acc, kj->y);
            uint64_t t1 = dot_tsc_end();
            cycles[j][s] = (double)(t1 - t0) / reps[j];
            done[j] += (unsigned long)reps[j];
        }
    for (size_t j = 0; j < nk; j++)
        if (!chain_ok(&c, &k[j], done[j])) {
            fprintf(stderr, "%s: %s chain went wrong while timed\n", path, k[j].label);
            status = 1;
        }

    printf("\n%s: %zu-bit p, n = %zu, s = %zu (phi = 2^%zu), rho = 2^%zu; TSC cycles per product "
           "(dependent chain), median of %d rounds\n", path, pm->bits, pm->n, pm->s, 52 * pm->s,
           pm->r, rounds);
    double med[MAX_CONTENDERS];
    for (size_t j = 0; j < nk; j++) {
        double tmp[MAX_ROUNDS];
        memcpy(tmp, cycles[j], (size_t)rounds * sizeof tmp[0]);
        med[j] = dot_median(tmp, (size_t)rounds);
        printf("  %-24s %10.0f   %5.2fx vs %s\n", k[j].label, med[j], med[0] / med[j], k[0].label);
    }
    printf("  ratios (median of per-round ratios, 95%% CI):\n");
    ratio(k, scalar_full, scalar_full + 1, rounds, "   truncated speed-up, scalar");
    if (ifma_full) {
        ratio(k, ifma_full, ifma_trunc, rounds, "   truncated speed-up, ifma");
        ratio(k, 0, ifma_full, rounds, "   gmp montgomery vs ifma full");
        ratio(k, 0, ifma_trunc, rounds, "   gmp montgomery vs ifma trunc");
        if (ossl_at)
            ratio(k, ossl_at, ifma_trunc, rounds, "   openssl vs ifma trunc");
    }
    for (size_t j = 0; j < nk; j++) {
        mpz_clears(k[j].start, k[j].step, NULL);
        if (k[j].op == mpz_op)
            mpz_clears(k[j].zacc, k[j].zy, NULL);
        if (k[j].bacc) {
            ossl.bn_free(k[j].bacc);
            ossl.bn_free(k[j].by);
        }
    }
    if (ossl.mont) {
        ossl.mont_free(ossl.mont);
        ossl.bn_free(ossl.mod);
        ossl.mont = ossl.mod = NULL;
    }
    mpz_clears(a, b, c.zp, c.zt, NULL);
    dot_pmns_free(pm);
    return status;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    glob_t files;
    if (glob("dot/pmns/params/pmns-*.txt", 0, NULL, &files) != 0 || files.gl_pathc == 0) {
        fprintf(stderr, "no parameter files in dot/pmns/params (run from the repository root)\n");
        return 2;
    }
    printf("libdot %s, dispatched variant %s; GMP %s from %s\n", dot_version(), dot_isa(), gmp_version,
           dot_gmp_origin());
    if (ossl_load()) {
        ossl.ctx = ossl.ctx_new();
        printf("OpenSSL BN_mod_mul_montgomery from %s\n", ossl.path);
    } else {
        printf("OpenSSL left out: %s does not load (set DOT_BENCH_LIBCRYPTO)\n", ossl.path);
    }
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 2025);
    int status = 0;
    for (size_t f = 0; f < files.gl_pathc; f++)
        status |= bench_file(files.gl_pathv[f], quick ? 41 : MAX_ROUNDS, rs);
    gmp_randclear(rs);
    globfree(&files);
    if (ossl.ctx)
        ossl.ctx_free(ossl.ctx);
    return status;
}
