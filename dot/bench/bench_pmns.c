/*
 * Cycles per modular product of the PMNS kernels (dot_pmns.h), full and truncated, scalar and
 * IFMA, on every committed parameter file, next to GMP at the same modulus: Montgomery products
 * as GMP's mpz_powm makes them, mpn_mul_n then GMP's own (internal, exported) mpn_redc_1 or
 * mpn_redc_n with their final subtraction, and one written here (a word-by-word REDC over
 * mpn_addmul_1 with the carries added back by one mpn_add_n, and a conditional subtraction);
 * "gmp best" in the ratios is the fastest of GMP's two in that run,
 * mpz_mul + mpz_mod, OpenSSL's BN_mod_mul_montgomery from each libcrypto built under
 * build/openssl/ (stock, stock-noasm, dot, dot-noasm; or the one DOT_BENCH_LIBCRYPTO names),
 * and OpenSSL's IFMA Almost Montgomery kernels ossl_rsaz_amm52x20/x40 (1024- and 2048-bit
 * moduli, one product or two per call) from the stock libcrypto: they are not exported, so
 * their addresses come from the library file's symbol table (left out, with a line saying so,
 * when a library does not load or the symbols are not there).
 *
 * Two methods, in the same rounds. Latency: one sample times `reps` dependent products r = r * y
 * through a function pointer with rdtsc (TSC reference cycles). Throughput: one sample times
 * `reps` steps of 8 independent chains (8 products per step: one batch call, 4 two-product
 * calls, or 8 single calls one after the other), reported per product. Operands stay in each
 * system's domain (PMNS elements, Montgomery residues, 52-bit digit vectors), conversions are not
 * timed. Contenders take samples in
 * turn, the starting one rotating, so drift hits all alike; each figure is the median over the
 * rounds, and each ratio the median of the per-round ratios with a 95% distribution-free
 * confidence interval (order statistics). Every contender's product is checked against mpz
 * before timing, and every chain's final value after it, so a wrong kernel cannot post a number.
 * Controls: the IFMA truncated kernel is timed twice, as two contenders (their ratio shows how far
 * a contender's place in the rounds moves a ratio); and a planted contender doing two of its
 * products per step must come out at least 1.5x slower than it (interval above 1.5), or the run
 * fails: a benchmark that cannot see a factor of 2 cannot back the factor-2 targets.
 * usage: bench_pmns [--quick]   (run from the repository root: reads dot/pmns/params/)
 */
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
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

/* OpenSSL's BIGNUM API through dlopen (pointers to its opaque types as void *), per libcrypto. */
typedef struct {
    void *(*ctx_new)(void);
    void *(*mont_new)(void);
    int (*mont_set)(void *mont, const void *mod, void *ctx);
    void *(*lebin2bn)(const unsigned char *s, int len, void *ret);
    int (*bn2lebinpad)(const void *a, unsigned char *to, int tolen);
    int (*mont_mul)(void *r, const void *a, const void *b, void *mont, void *ctx);
    void (*bn_free)(void *);
    void (*mont_free)(void *);
    void (*ctx_free)(void *);
    char name[32], path[256];
    void *ctx, *mont, *mod; /* mont, mod: per parameter file */
} ossl_lib;

static ossl_lib ossl[MAX_VARIANTS];
static size_t n_ossl;

/* OpenSSL's AMM52 kernels: r = a b 2^(-52 d) mod m, "almost" (below 2m); d = 20 or 40 digits. */
typedef void amm_x1_fn(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                       uint64_t k0);
typedef void amm_x2_fn(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                       const uint64_t *k0);
static struct {
    amm_x1_fn *x1[2]; /* 20, 40 digits */
    amm_x2_fn *x2[2];
    const char *from;
} amm;

static int ossl_load(ossl_lib *o, const char *name, const char *path)
{
    snprintf(o->name, sizeof o->name, "%s", name);
    snprintf(o->path, sizeof o->path, "%s", path);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return 0;
    *(void **)&o->ctx_new = dlsym(h, "BN_CTX_new");
    *(void **)&o->mont_new = dlsym(h, "BN_MONT_CTX_new");
    *(void **)&o->mont_set = dlsym(h, "BN_MONT_CTX_set");
    *(void **)&o->lebin2bn = dlsym(h, "BN_lebin2bn");
    *(void **)&o->bn2lebinpad = dlsym(h, "BN_bn2lebinpad");
    *(void **)&o->mont_mul = dlsym(h, "BN_mod_mul_montgomery");
    *(void **)&o->bn_free = dlsym(h, "BN_free");
    *(void **)&o->mont_free = dlsym(h, "BN_MONT_CTX_free");
    *(void **)&o->ctx_free = dlsym(h, "BN_CTX_free");
    if (!(o->ctx_new && o->mont_new && o->mont_set && o->lebin2bn && o->bn2lebinpad &&
          o->mont_mul && o->bn_free && o->mont_free && o->ctx_free))
        return 0;
    o->ctx = o->ctx_new();
    return o->ctx != NULL;
}

/* The offset of a (possibly local) function symbol in an ELF shared object's symbol table, or 0. */
static size_t elf_symbol(const char *path, const char *name)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    size_t found = 0;
    unsigned char *f = fstat(fd, &st) == 0
                           ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)
                           : MAP_FAILED;
    close(fd);
    if (f == MAP_FAILED)
        return 0;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)f;
    if ((size_t)st.st_size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > (size_t)st.st_size)
        goto out;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(f + eh->e_shoff);
    for (size_t i = 0; i < eh->e_shnum && !found; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum)
            continue;
        const Elf64_Shdr *strs = &sh[sh[i].sh_link];
        if (sh[i].sh_offset + sh[i].sh_size > (size_t)st.st_size ||
            strs->sh_offset + strs->sh_size > (size_t)st.st_size)
            continue;
        const Elf64_Sym *sym = (const Elf64_Sym *)(f + sh[i].sh_offset);
        for (size_t j = 0; j < sh[i].sh_size / sizeof *sym; j++)
            if (ELF64_ST_TYPE(sym[j].st_info) == STT_FUNC && sym[j].st_name < strs->sh_size &&
                strcmp((const char *)f + strs->sh_offset + sym[j].st_name, name) == 0) {
                found = sym[j].st_value;
                break;
            }
    }
out:
    munmap(f, (size_t)st.st_size);
    return found;
}

/* The AMM52 kernels of the libcrypto `o` (its load address plus the symbols' offsets). */
static void amm_load(const ossl_lib *o)
{
    Dl_info info;
    if (!dladdr((void *)o->ctx_new, &info) || !info.dli_fbase)
        return;
    static const char *names[2][2] = {
        {"ossl_rsaz_amm52x20_x1_ifma256", "ossl_rsaz_amm52x40_x1_ifma256"},
        {"ossl_rsaz_amm52x20_x2_ifma256", "ossl_rsaz_amm52x40_x2_ifma256"}};
    for (int d = 0; d < 2; d++) {
        size_t off1 = elf_symbol(o->path, names[0][d]), off2 = elf_symbol(o->path, names[1][d]);
        if (off1 && off2) {
            *(void **)&amm.x1[d] = (char *)info.dli_fbase + off1;
            *(void **)&amm.x2[d] = (char *)info.dli_fbase + off2;
        }
    }
    amm.from = o->path;
}

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

/* r = r y R^-1 mod p, R = 2^(64 n) */
static void mont_one(ctx *c, uint64_t *r, const uint64_t *y)
{
    const size_t n = c->n;
    mp_limb_t *t = c->t;
    mpn_mul_n(t, r, y, (mp_size_t)n);
    for (size_t i = 0; i < n; i++)
        t[i] = mpn_addmul_1(t + i, c->p, (mp_size_t)n, t[i] * c->pinv);
    mp_limb_t hi = mpn_add_n(r, t + n, t, (mp_size_t)n);
    mpn_cnd_sub_n(hi | (mpn_cmp(r, c->p, (mp_size_t)n) >= 0), r, r, c->p, (mp_size_t)n);
}

/* r = r y R^-1 mod p with GMP's mpn_redc_1 (as mpz_powm's MPN_REDC_1) or mpn_redc_n */
static void redc1_one(ctx *c, uint64_t *r, const uint64_t *y)
{
    mpn_mul_n(c->t, r, y, (mp_size_t)c->n);
    if (__gmpn_redc_1(r, c->t, c->p, (mp_size_t)c->n, c->pinv) != 0)
        mpn_sub_n(r, r, c->p, (mp_size_t)c->n);
}

static void redcn_one(ctx *c, uint64_t *r, const uint64_t *y)
{
    mpn_mul_n(c->t, r, y, (mp_size_t)c->n);
    __gmpn_redc_n(r, c->t, c->p, (mp_size_t)c->n, c->ip);
}

/* One step of contender k: each lane's value times its multiplier. */
static void step(ctx *c, contender *k)
{
    const int L = k->lanes;
    switch (k->kind) {
    case MONT:
        for (int l = 0; l < L; l++)
            mont_one(c, k->acc + l * k->stride, k->y);
        break;
    case REDC1:
        for (int l = 0; l < L; l++)
            redc1_one(c, k->acc + l * k->stride, k->y);
        break;
    case REDCN:
        for (int l = 0; l < L; l++)
            redcn_one(c, k->acc + l * k->stride, k->y);
        break;
    case MPZ:
        for (int l = 0; l < L; l++) {
            mpz_mul(c->zt, k->zacc[l], k->zy);
            mpz_mod(k->zacc[l], c->zt, c->zp);
        }
        break;
    case OSSL:
        for (int l = 0; l < L; l++)
            k->lib->mont_mul(k->bacc[l], k->bacc[l], k->by, k->lib->mont, k->lib->ctx);
        break;
    case AMM1:
        for (int l = 0; l < L; l++)
            amm.x1[k->digits == 40](k->acc + l * k->stride, k->acc + l * k->stride, k->y, c->m52,
                                    c->k0[0]);
        break;
    case AMM2: /* two lanes per call: operands [2][digits], contiguous */
        for (int l = 0; l < L; l += 2)
            amm.x2[k->digits == 40](k->acc + l * k->stride, k->acc + l * k->stride, k->y, c->m52,
                                    c->k0);
        break;
    case PMNS1:
        c->pm->split = k->split;
        c->pm->split_v = k->split_v;
        for (int l = 0; l < L; l++)
            for (int t = 0; t < k->times; t++)
                k->mul(c->pm, k->acc + l * k->stride, k->acc + l * k->stride, k->y, k->trunc);
        break;
    case PMNS8:
        c->pm->split8 = k->split;
        k->mul(c->pm, k->acc, k->acc, k->y, k->trunc);
        break;
    }
}

static void limbs_to_mpz(mpz_t z, const uint64_t *l, size_t n) { mpz_import(z, n, -1, 8, 0, 0, l); }
static void mpz_to_limbs(uint64_t *l, size_t n, const mpz_t z)
{
    memset(l, 0, n * 8);
    mpz_export(l, NULL, -1, 8, 0, 0, z);
}
/* 52-bit digits, d of them */
static void mpz_to_d52(uint64_t *l, size_t d, const mpz_t z)
{
    mpz_t t;
    mpz_init_set(t, z);
    for (size_t i = 0; i < d; i++) {
        l[i] = mpz_get_ui(t) & ((UINT64_C(1) << 52) - 1);
        mpz_tdiv_q_2exp(t, t, 52);
    }
    mpz_clear(t);
}
static void d52_to_mpz(mpz_t z, const uint64_t *l, size_t d)
{
    mpz_set_ui(z, 0);
    for (size_t i = d; i-- > 0;) {
        mpz_mul_2exp(z, z, 52);
        mpz_add_ui(z, z, l[i]);
    }
}

/* The integer lane l's chain value stands for (mod p). */
static void chain_value(ctx *c, const contender *k, int l, mpz_t out)
{
    uint64_t w[MAX_LIMBS];
    switch (k->kind) {
    case PMNS1:
    case PMNS8:
        dot_pmns_to_int(c->pm, w, k->acc + l * k->stride);
        limbs_to_mpz(out, w, c->n);
        break;
    case OSSL:
        k->lib->bn2lebinpad(k->bacc[l], (unsigned char *)w, (int)(8 * c->n));
        limbs_to_mpz(out, w, c->n);
        break;
    case MONT:
    case REDC1:
    case REDCN: /* below 2^(64 n), not always below p */
        limbs_to_mpz(out, k->acc + l * k->stride, c->n);
        mpz_mod(out, out, c->zp);
        break;
    case AMM1:
    case AMM2:
        d52_to_mpz(out, k->acc + l * k->stride, (size_t)k->digits);
        mpz_mod(out, out, c->zp); /* almost reduced: below 2p */
        break;
    case MPZ: mpz_set(out, k->zacc[l]); break;
    }
}

/* Oracle for every lane after `done` steps: start_l * (step R^-1)^done mod p. */
static int chain_ok(ctx *c, const contender *k, unsigned long done)
{
    mpz_t want, got, f;
    mpz_inits(want, got, f, NULL);
    mpz_set(f, k->step);
    if (k->mont_bits) {
        mpz_set_ui(got, 1);
        mpz_mul_2exp(got, got, k->mont_bits);
        mpz_invert(got, got, c->zp);
        mpz_mul(f, f, got);
    }
    mpz_powm_ui(f, f, done * (unsigned long)(k->times ? k->times : 1), c->zp);
    int ok = 1;
    for (int l = 0; l < k->lanes; l++) {
        mpz_mul(want, f, k->start[l]);
        mpz_mod(want, want, c->zp);
        chain_value(c, k, l, got);
        ok &= mpz_cmp(want, got) == 0;
    }
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
    size_t half = (98 * root + 99) / 100,
           i = upper ? n / 2 + half : (n / 2 > half ? n / 2 - half : 0);
    return v[i < n ? i : n - 1];
}

static double cycles[MAX_CONTENDERS][MAX_ROUNDS];

/* ratio of contender a's cycles to b's: median of the paired rounds and its 95% interval; returns
 * whether the interval contains 1 */
static double ratio_lo;
static int ratio(const contender *k, long a, long b, int rounds, const char *claim)
{
    ratio_lo = 0;
    if (a < 0 || b < 0)
        return 0;
    double r[MAX_ROUNDS];
    for (int s = 0; s < rounds; s++)
        r[s] = cycles[a][s] / cycles[b][s];
    double med = dot_median(r, (size_t)rounds);
    double lo = median_bound(r, (size_t)rounds, 0), hi = median_bound(r, (size_t)rounds, 1);
    printf("  %-30s / %-30s %6.3fx  [%6.3f, %6.3f]   %s\n", k[a].label, k[b].label, med, lo, hi,
           claim);
    ratio_lo = lo;
    return lo <= 1.0 && 1.0 <= hi;
}

static contender ks[MAX_CONTENDERS];
static size_t nk;

static contender *add(const char *label, enum kind kind, int lanes)
{
    contender *k = &ks[nk++];
    memset(k, 0, sizeof *k);
    snprintf(k->label, sizeof k->label, "%s", label);
    k->kind = kind;
    k->lanes = lanes;
    return k;
}

static long find(const char *label)
{
    for (size_t j = 0; j < nk; j++)
        if (strcmp(ks[j].label, label) == 0)
            return (long)j;
    return -1;
}

static int bench_file(const char *path, int rounds, gmp_randstate_t rs)
{
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
    c.k0[0] = c.k0[1] = -inv;
    {
        mp_limb_t *scratch = malloc(
            (size_t)__gmpn_binvert_itch((mp_size_t)c.n) * sizeof(mp_limb_t) + 8);
        __gmpn_binvert(c.ip, c.p, (mp_size_t)c.n, scratch);
        free(scratch);
    }
    const int ifma = dot_isa_supported("ifma");
    const int split = pm->split, split8 = pm->split8, split_v = pm->split_v;
    const int digits = pm->bits == 1024 ? 20 : pm->bits == 2048 ? 40 : 0;
    const int have_amm = ifma && digits && amm.x1[digits == 40];
    if (have_amm) {
        mpz_to_d52(c.m52, (size_t)digits, c.zp);
        memcpy(c.m52 + digits, c.m52, (size_t)digits * 8);
    }

    mpz_t a[LANES], b;
    for (int l = 0; l < LANES; l++) {
        mpz_init(a[l]);
        mpz_urandomm(a[l], rs, c.zp);
    }
    mpz_init(b);
    mpz_urandomm(b, rs, c.zp);
    uint64_t lb[MAX_LIMBS];
    mpz_to_limbs(lb, c.n, b);

    nk = 0;
    char label[64];
    /* latency */
    add("gmp mul_n+redc_1", REDC1, 1);
    add("gmp mul_n+redc_n", REDCN, 1);
    add("gmp montgomery (addmul_1)", MONT, 1);
    add("gmp mpz_mul+mpz_mod", MPZ, 1);
    for (size_t v = 0; v < n_ossl; v++) {
        snprintf(label, sizeof label, "openssl %s mont_mul", ossl[v].name);
        add(label, OSSL, 1)->lib = &ossl[v];
    }
    if (have_amm) {
        snprintf(label, sizeof label, "openssl amm52x%d_x1", digits);
        add(label, AMM1, 1)->digits = digits;
    }
    struct {
        const char *label;
        enum kind kind;
        pmns_mul_fn *mul;
        int trunc, split, split_v, lanes, ifma;
    } pk[] = {
        {"pmns scalar full", PMNS1, pmns_scalar_mul, 0, 0, 0, 1, 0},
        {"pmns scalar trunc", PMNS1, pmns_scalar_mul, 1, 0, 0, 1, 0},
        {"pmns ifma full", PMNS1, pmns_ifma_mul, 0, split, split_v, 1, 1},
        {"pmns ifma trunc", PMNS1, pmns_ifma_mul, 1, split, split_v, 1, 1},
        {"pmns ifma trunc (control)", PMNS1, pmns_ifma_mul, 1, split, split_v, 1, 1},
        {"planted: ifma trunc twice", PMNS1, pmns_ifma_mul, 1, split, split_v, 1, 1},
        {"pmns ifma full, last whole", PMNS1, pmns_ifma_mul, 0, split, 0, 1, 1},
        {"pmns ifma trunc, last whole", PMNS1, pmns_ifma_mul, 1, split, 0, 1, 1},
        {"pmns ifma full, one piece", PMNS1, pmns_ifma_mul, 0, 0, 0, 1, 1},
        {"pmns ifma trunc, one piece", PMNS1, pmns_ifma_mul, 1, 0, 0, 1, 1},
        /* throughput */
        {"pmns ifma full x8", PMNS1, pmns_ifma_mul, 0, split, split_v, 8, 1},
        {"pmns ifma trunc x8", PMNS1, pmns_ifma_mul, 1, split, split_v, 8, 1},
        {"pmns ifma batch full", PMNS8, pmns_ifma_mul8, 0, split8, 0, 8, 1},
        {"pmns ifma batch trunc", PMNS8, pmns_ifma_mul8, 1, split8, 0, 8, 1},
    };
    for (size_t i = 0; i < sizeof pk / sizeof pk[0]; i++) {
        if (pk[i].ifma && !ifma)
            continue;
        if ((strstr(pk[i].label, "one piece") && !split) ||
            (strstr(pk[i].label, "last whole") && !split_v))
            continue; /* the same kernel as a line above it */
        contender *k = add(pk[i].label, pk[i].kind, pk[i].lanes);
        k->mul = pk[i].mul, k->trunc = pk[i].trunc, k->split = pk[i].split,
        k->split_v = pk[i].split_v;
        k->times = strncmp(pk[i].label, "planted", 7) == 0 ? 2 : 1;
    }
    add("gmp mul_n+redc_1 x8", REDC1, 8);
    add("gmp mul_n+redc_n x8", REDCN, 8);
    if (n_ossl) {
        snprintf(label, sizeof label, "openssl %s mont_mul x8", ossl[0].name);
        add(label, OSSL, 8)->lib = &ossl[0];
    }
    if (have_amm) {
        snprintf(label, sizeof label, "openssl amm52x%d_x1 x8", digits);
        add(label, AMM1, 8)->digits = digits;
        snprintf(label, sizeof label, "openssl amm52x%d_x2 x4", digits);
        add(label, AMM2, 8)->digits = digits;
    }

    for (size_t v = 0; v < n_ossl; v++) {
        ossl[v].mod = ossl[v].lebin2bn((const unsigned char *)c.p, (int)(8 * c.n), NULL);
        ossl[v].mont = ossl[v].mont_new();
        ossl[v].mont_set(ossl[v].mont, ossl[v].mod, ossl[v].ctx);
    }
    for (size_t j = 0; j < nk; j++) {
        contender *k = &ks[j];
        mpz_init_set(k->step, b);
        for (int l = 0; l < k->lanes; l++)
            mpz_init_set(k->start[l], a[l]);
        uint64_t la[MAX_LIMBS];
        switch (k->kind) {
        case MONT:
        case REDC1:
        case REDCN:
            k->stride = c.n, k->mont_bits = 64 * c.n;
            memcpy(k->y, lb, c.n * 8);
            for (int l = 0; l < k->lanes; l++)
                mpz_to_limbs(k->acc + l * k->stride, c.n, a[l]);
            break;
        case MPZ:
            mpz_init_set(k->zy, b);
            for (int l = 0; l < k->lanes; l++)
                mpz_init_set(k->zacc[l], a[l]);
            break;
        case OSSL:
            k->mont_bits = 64 * c.n;
            k->by = k->lib->lebin2bn((const unsigned char *)lb, (int)(8 * c.n), NULL);
            for (int l = 0; l < k->lanes; l++) {
                mpz_to_limbs(la, c.n, a[l]);
                k->bacc[l] = k->lib->lebin2bn((const unsigned char *)la, (int)(8 * c.n), NULL);
            }
            break;
        case AMM1:
        case AMM2:
            k->stride = (size_t)k->digits, k->mont_bits = 52 * (size_t)k->digits;
            mpz_to_d52(k->y, (size_t)k->digits, b);
            memcpy(k->y + k->digits, k->y, (size_t)k->digits * 8); /* the x2 kernels' second b */
            for (int l = 0; l < k->lanes; l++)
                mpz_to_d52(k->acc + l * k->stride, (size_t)k->digits, a[l]);
            break;
        case PMNS1:
        case PMNS8:
            k->stride = dot_pmns_words(pm);
            for (int l = 0; l < k->lanes; l++) {
                mpz_to_limbs(la, c.n, a[l]);
                dot_pmns_from_int(pm, k->acc + l * k->stride, la);
                dot_pmns_from_int(pm, k->y + l * k->stride, lb); /* the batch form reads 8 */
            }
            break;
        }
    }

    /* check one step each, then size the samples: about 60000 cycles each */
    int reps[MAX_CONTENDERS], status = 0;
    for (size_t j = 0; j < nk; j++) {
        step(&c, &ks[j]);
        if (!chain_ok(&c, &ks[j], 1)) {
            fprintf(stderr, "%s: %s gives a wrong product: not timed\n", path, ks[j].label);
            status = 1;
        }
        uint64_t best = UINT64_MAX;
        for (int i = 0; i < 3; i++) {
            uint64_t t0 = dot_tsc_begin();
            step(&c, &ks[j]);
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
            contender *kj = &ks[j];
            uint64_t t0 = dot_tsc_begin();
            for (int i = 0; i < reps[j]; i++)
                step(&c, kj);
            uint64_t t1 = dot_tsc_end();
            cycles[j][s] = (double)(t1 - t0) / reps[j] / kj->lanes;
            done[j] += (unsigned long)reps[j];
        }
    pm->split = split, pm->split8 = split8, pm->split_v = split_v;
    for (size_t j = 0; j < nk; j++)
        if (!chain_ok(&c, &ks[j], done[j])) {
            fprintf(stderr, "%s: %s chain went wrong while timed\n", path, ks[j].label);
            status = 1;
        }

    printf("\n%s: %zu-bit p, n = %zu, s = %zu (phi = 2^%zu), rho = 2^%zu, split %s (last stage: "
           "%s; batch: %s); TSC "
           "cycles per product, median of %d rounds (latency: one dependent chain; x8, x4, batch: "
           "8 independent chains, per product)\n",
           path, pm->bits, pm->n, pm->s, 52 * pm->s, pm->r, split ? "yes" : "no",
           split_v ? "yes" : "no", split8 ? "yes" : "no", rounds);
    double med[MAX_CONTENDERS];
    for (size_t j = 0; j < nk; j++) {
        double tmp[MAX_ROUNDS];
        memcpy(tmp, cycles[j], (size_t)rounds * sizeof tmp[0]);
        med[j] = dot_median(tmp, (size_t)rounds);
    }
    /* GMP's faster Montgomery product in this run, latency and throughput */
    long g1 = find("gmp mul_n+redc_1"), gn = find("gmp mul_n+redc_n");
    long best = med[gn] < med[g1] ? gn : g1;
    long g18 = find("gmp mul_n+redc_1 x8"), gn8 = find("gmp mul_n+redc_n x8");
    long best8 = med[gn8] < med[g18] ? gn8 : g18;
    for (size_t j = 0; j < nk; j++)
        printf("  %-32s %10.0f   %5.2fx vs %s\n", ks[j].label, med[j], med[best] / med[j],
               ks[best].label);
    ratio(ks, find("pmns scalar full"), find("pmns scalar trunc"), rounds,
          "truncated speed-up, scalar");
    if (ifma) {
        ratio(ks, find("pmns ifma trunc"), find("pmns ifma trunc (control)"), rounds,
              "control: the same kernel twice (place in the rounds)");
        ratio(ks, find("planted: ifma trunc twice"), find("pmns ifma trunc"), rounds,
              "planted control: two products per step (must be above 1.5)");
        int seen = ratio_lo > 1.5;
        ratio(ks, find("pmns ifma full"), find("pmns ifma trunc"), rounds,
              "truncated speed-up, ifma");
        ratio(ks, find("pmns ifma full, last whole"), find("pmns ifma trunc, last whole"), rounds,
              "truncated speed-up, ifma, last stage whole");
        ratio(ks, find("pmns ifma full, last whole"), find("pmns ifma full"), rounds,
              "last stage split speed-up, full");
        ratio(ks, find("pmns ifma trunc, last whole"), find("pmns ifma trunc"), rounds,
              "last stage split speed-up, trunc");
        ratio(ks, find("pmns ifma full, one piece"), find("pmns ifma full"), rounds,
              "split speed-up, full");
        ratio(ks, find("pmns ifma trunc, one piece"), find("pmns ifma trunc"), rounds,
              "split speed-up, trunc");
        ratio(ks, best, find("pmns ifma full"), rounds, "latency: gmp best vs ifma full");
        ratio(ks, best, find("pmns ifma trunc"), rounds, "latency: gmp best vs ifma trunc");
        ratio(ks, find("gmp montgomery (addmul_1)"), find("pmns ifma trunc"), rounds,
              "latency: gmp addmul_1 redc vs ifma trunc");
        for (size_t v = 0; v < n_ossl; v++) {
            snprintf(label, sizeof label, "openssl %s mont_mul", ossl[v].name);
            ratio(ks, find(label), find("pmns ifma trunc"), rounds,
                  "latency: openssl vs ifma trunc");
        }
        snprintf(label, sizeof label, "openssl amm52x%d_x1", digits);
        ratio(ks, find(label), find("pmns ifma trunc"), rounds,
              "latency: openssl amm52 vs ifma trunc");
        ratio(ks, find("pmns ifma batch full"), find("pmns ifma batch trunc"), rounds,
              "truncated speed-up, batch");
        ratio(ks, find("pmns ifma trunc x8"), find("pmns ifma batch trunc"), rounds,
              "throughput: single x8 vs batch");
        ratio(ks, find("pmns ifma trunc"), find("pmns ifma trunc x8"), rounds,
              "latency vs throughput, single");
        ratio(ks, best8, find("pmns ifma batch full"), rounds,
              "throughput: gmp best vs batch full");
        ratio(ks, best8, find("pmns ifma batch trunc"), rounds,
              "throughput: gmp best vs batch trunc");
        ratio(ks, best8, find("pmns ifma full x8"), rounds, "throughput: gmp best vs single full");
        ratio(ks, best8, find("pmns ifma trunc x8"), rounds,
              "throughput: gmp best vs single trunc");
        if (n_ossl) {
            snprintf(label, sizeof label, "openssl %s mont_mul x8", ossl[0].name);
            ratio(ks, find(label), find("pmns ifma batch trunc"), rounds,
                  "throughput: openssl vs batch trunc");
        }
        snprintf(label, sizeof label, "openssl amm52x%d_x1 x8", digits);
        ratio(ks, find(label), find("pmns ifma batch trunc"), rounds,
              "throughput: openssl amm52 x1 vs batch trunc");
        snprintf(label, sizeof label, "openssl amm52x%d_x2 x4", digits);
        ratio(ks, find(label), find("pmns ifma batch trunc"), rounds,
              "throughput: openssl amm52 x2 vs batch trunc");
        if (!seen) {
            printf("  planted control NOT SEEN: this run cannot back a factor of 2\n");
            fprintf(stderr, "%s: the planted control (two products per step) is not 1.5x slower\n",
                    path);
            status = 1;
        }
    }
    for (size_t j = 0; j < nk; j++) {
        contender *k = &ks[j];
        mpz_clear(k->step);
        for (int l = 0; l < k->lanes; l++)
            mpz_clear(k->start[l]);
        if (k->kind == MPZ) {
            mpz_clear(k->zy);
            for (int l = 0; l < k->lanes; l++)
                mpz_clear(k->zacc[l]);
        }
        if (k->kind == OSSL) {
            k->lib->bn_free(k->by);
            for (int l = 0; l < k->lanes; l++)
                k->lib->bn_free(k->bacc[l]);
        }
    }
    for (size_t v = 0; v < n_ossl; v++) {
        ossl[v].mont_free(ossl[v].mont);
        ossl[v].bn_free(ossl[v].mod);
        ossl[v].mont = ossl[v].mod = NULL;
    }
    for (int l = 0; l < LANES; l++)
        mpz_clear(a[l]);
    mpz_clears(b, c.zp, c.zt, NULL);
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
    printf("libdot %s, dispatched variant %s; GMP %s from %s\n", dot_version(), dot_isa(),
           gmp_version, dot_gmp_origin());
    const char *one = getenv("DOT_BENCH_LIBCRYPTO");
    static const char *variants[MAX_VARIANTS] = {"stock", "stock-noasm", "dot", "dot-noasm"};
    for (size_t v = 0; v < (one && *one ? 1 : MAX_VARIANTS); v++) {
        char path[256];
        if (one && *one)
            snprintf(path, sizeof path, "%s", one);
        else
            snprintf(path, sizeof path, "build/openssl/%s/lib/libcrypto.so.3", variants[v]);
        if (ossl_load(&ossl[n_ossl], one && *one ? "given" : variants[v], path))
            printf("OpenSSL BN_mod_mul_montgomery (%s) from %s\n", ossl[n_ossl++].name, path);
        else
            printf("OpenSSL %s left out: %s does not load (make libs-openssl, or set "
                   "DOT_BENCH_LIBCRYPTO)\n",
                   one && *one ? "given" : variants[v], path);
    }
    if (n_ossl && dot_isa_supported("ifma")) {
        amm_load(&ossl[0]);
        printf("OpenSSL AMM52 kernels from %s: %s\n", ossl[0].path,
               amm.x1[0] && amm.x1[1]
                   ? "ossl_rsaz_amm52x20/x40_x1/x2_ifma256 (local symbols, by the symbol table)"
                   : "not found in its symbol table: left out");
    }
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 2025);
    int status = 0;
    for (size_t f = 0; f < files.gl_pathc; f++) {
        status |= bench_file(files.gl_pathv[f], quick ? 41 : MAX_ROUNDS, rs);
        fflush(stdout);
    }
    gmp_randclear(rs);
    globfree(&files);
    for (size_t v = 0; v < n_ossl; v++)
        ossl[v].ctx_free(ossl[v].ctx);
    return status;
}
