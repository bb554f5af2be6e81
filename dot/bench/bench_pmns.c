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
#include "pmns/bench_pmns.h"

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
        ossl[v].mod = ossl[v].bn.lebin2bn((const unsigned char *)c.p, (int)(8 * c.n), NULL);
        ossl[v].mont = ossl[v].bn.mont_new();
        ossl[v].bn.mont_set(ossl[v].mont, ossl[v].mod, ossl[v].ctx);
    }
    for (size_t j = 0; j < nk; j++)
        contender_init(&c, &ks[j], a, b, lb);

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
    for (size_t j = 0; j < nk; j++)
        contender_clear(&ks[j]);
    for (size_t v = 0; v < n_ossl; v++) {
        ossl[v].bn.mont_free(ossl[v].mont);
        ossl[v].bn.bn_free(ossl[v].mod);
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
        ossl[v].bn.ctx_free(ossl[v].ctx);
    return status;
}
