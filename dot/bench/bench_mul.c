/*
 * Cycles per call of every 256-bit multiply and square kernel libdot has that this CPU can run
 * (whether or not the dispatch table holds it: the table is chosen from these numbers), next to
 * GMP (mpn_mul_n / mpn_sqr at n = 4, which run GMP's basecase at this size, and mpz_mul), the
 * Gueron-Krasnov IFMA baseline, and the public entry point, i.e. whatever dispatch picked plus
 * the dispatch itself; the radix-2^52 5x5 product in its own table.
 *
 * Method: operands in L1; one sample times `REPS` back-to-back independent calls through a
 * function pointer with rdtsc (TSC reference cycles, call overhead included, as for every
 * contender); contenders take samples in turn, the starting one rotating, so drift hits all
 * alike; the figure is the median over the samples. Every contender's result is checked against
 * GMP's first, so a wrong kernel cannot post a number.
 * usage: bench_mul [--quick]
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "../test/common/check.h"
#include "dot.h"
#include "dot_baselines.h"
#include "dot_impl.h"
#include "gmp_origin.h"
#include "timing.h"

#define MAX_CONTENDERS 12
#define MAX_SAMPLES 301
#define REPS 256 /* this VM's TSC moves in steps of about 25: 64 calls would quantise to 0.4 */
#define R52_MASK ((UINT64_C(1) << 52) - 1)

typedef void (*op_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
typedef void (*sqr_fn)(dot_limb_t *, const dot_limb_t *);

/* exactly one of fn (two operands) and sqr (one) is set */
typedef struct {
    char label[28];
    op_fn fn;
    sqr_fn sqr;
} contender;

static void gmp_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v)
{
    mpn_mul_n(r, u, v, 4);
}
static void gmp_sqr(dot_limb_t *r, const dot_limb_t *u) { mpn_sqr(r, u, 4); }

/* mpz_mul on operands that alias the limb arrays (mpz_roinit_n: no copy in), product copied out. */
static mpz_t mpz_product;
static void gmp_mpz_mul(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v)
{
    mpz_t a, b;
    mpz_mul(mpz_product, mpz_roinit_n(a, u, 4), mpz_roinit_n(b, v, 4));
    size_t n = mpz_size(mpz_product);
    memcpy(r, mpz_limbs_read(mpz_product), n * sizeof *r);
    memset(r + n, 0, (8 - n) * sizeof *r);
}
static void gmp_mpz_sqr(dot_limb_t *r, const dot_limb_t *u) { gmp_mpz_mul(r, u, u); }

/* the radix-2^52 product's reference: digits packed into five 64-bit limbs, mpn_mul_n, unpacked */
static void gmp_r52(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v)
{
    mp_limb_t a[5] = {0}, b[5] = {0}, p[10];
    for (int k = 0; k < 5; k++) {
        int bit = 52 * k, l = bit / 64, off = bit % 64;
        a[l] |= u[k] << off;
        b[l] |= v[k] << off;
        if (off > 12) {
            a[l + 1] |= u[k] >> (64 - off);
            b[l + 1] |= v[k] >> (64 - off);
        }
    }
    mpn_mul_n(p, a, b, 5);
    for (int k = 0; k < 10; k++) {
        int bit = 52 * k, l = bit / 64, off = bit % 64;
        uint64_t x = p[l] >> off;
        if (off > 12)
            x |= p[l + 1] << (64 - off);
        r[k] = x & R52_MASK;
    }
}

typedef enum { OP_MUL, OP_SQR, OP_R52 } op_kind;

static size_t contenders_for(op_kind op, contender *c)
{
    size_t n = 0;
    if (op == OP_MUL) {
        c[n++] = (contender){"gmp mpn_mul_n(4)", gmp_mul, NULL};
        c[n++] = (contender){"gmp mpz_mul", gmp_mpz_mul, NULL};
        c[n++] = (contender){"dot scalar", dot_scalar_mul_4x4, NULL};
        if (dot_isa_supported("ifma")) {
            c[n++] = (contender){"dot ifma", dot_ifma_mul_4x4, NULL};
            c[n++] = (contender){"gueron-krasnov ifma", dot_baseline_gk_mul_4x4, NULL};
        }
    } else if (op == OP_SQR) {
        c[n++] = (contender){"gmp mpn_sqr(4)", NULL, gmp_sqr};
        c[n++] = (contender){"gmp mpz_mul(x,x)", NULL, gmp_mpz_sqr};
        c[n++] = (contender){"dot scalar", NULL, dot_scalar_sqr_4x4};
        if (dot_isa_supported("ifma"))
            c[n++] = (contender){"dot ifma", NULL, dot_ifma_sqr_4x4};
    } else {
        c[n++] = (contender){"gmp mpn_mul_n(5) packed", gmp_r52, NULL};
        c[n++] = (contender){"dot scalar", dot_scalar_mul_5x5_r52, NULL};
        if (dot_isa_supported("ifma"))
            c[n++] = (contender){"dot ifma", dot_ifma_mul_5x5_r52, NULL};
    }
    /* the public entry point: one acquire load and an indirect call on top of the kernel */
    snprintf(c[n].label, sizeof c->label, "dot_* entry (%s)", dot_isa());
    c[n].fn = op == OP_MUL ? dot_mul_4x4 : op == OP_R52 ? dot_mul_5x5_r52 : NULL;
    c[n++].sqr = op == OP_SQR ? dot_sqr_4x4 : NULL;
    return n;
}

static void run(const contender *c, dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v)
{
    if (c->sqr)
        c->sqr(r, u);
    else
        c->fn(r, u, v);
}

static void operands(op_kind op, dot_limb_t u[5], dot_limb_t v[5], dot_rng *rng)
{
    for (int i = 0; i < 5; i++) {
        u[i] = dot_rng_next(rng);
        v[i] = dot_rng_next(rng);
        if (op == OP_R52) {
            u[i] &= R52_MASK;
            v[i] &= R52_MASK;
        }
    }
}

/* One table: the median cycles per call of every contender, and the ratio to the first. */
static int table(op_kind op, const char *title, int samples)
{
    static const char *const unit = "TSC cycles per call";
    contender c[MAX_CONTENDERS];
    size_t nc = contenders_for(op, c);
    static double cycles[MAX_CONTENDERS][MAX_SAMPLES];
    dot_limb_t u[5], v[5], want[10], got[10];
    dot_rng rng;
    dot_rng_seed(&rng, 11);
    operands(op, u, v, &rng);
    size_t out = op == OP_R52 ? 10 : 8;
    run(&c[0], want, u, v);
    for (size_t k = 1; k < nc; k++) {
        run(&c[k], got, u, v);
        if (memcmp(got, want, out * sizeof *got) != 0) {
            fprintf(stderr, "%s gives a wrong %s: not timed\n", c[k].label, title);
            return 1;
        }
    }
    for (int s = 0; s < samples; s++)
        for (size_t j = 0; j < nc; j++) {
            const contender *k = &c[(j + (size_t)s) % nc];
            uint64_t t0 = dot_tsc_begin();
            if (k->sqr)
                for (int i = 0; i < REPS; i++)
                    k->sqr(got, u);
            else
                for (int i = 0; i < REPS; i++)
                    k->fn(got, u, v);
            uint64_t t1 = dot_tsc_end();
            cycles[k - c][s] = (double)(t1 - t0) / REPS;
        }
    printf("\n%s: %s, median of %d samples of %d calls\n", title, unit, samples, REPS);
    double base = dot_median(cycles[0], (size_t)samples);
    for (size_t k = 0; k < nc; k++) {
        double m = k ? dot_median(cycles[k], (size_t)samples) : base;
        printf("  %-26s %8.1f   %5.2fx vs %s\n", c[k].label, m, base / m, c[0].label);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
        return 2;
    }
    int samples = quick ? 31 : MAX_SAMPLES;
    mpz_init2(mpz_product, 512);
    printf("libdot %s, dispatched variant %s; GMP %s from %s\n", dot_version(), dot_isa(),
           gmp_version, dot_gmp_origin());
    int status = table(OP_MUL, "256-bit multiply (4x4 limbs)", samples);
    status |= table(OP_SQR, "256-bit square (4 limbs)", samples);
    status |= table(OP_R52, "radix-2^52 5x5-digit multiply", samples);
    mpz_clear(mpz_product);
    return status;
}
