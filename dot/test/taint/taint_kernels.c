/*
 * Secret-taint check of libdot's constant-time kernels (the ctgrind method), run under memcheck:
 * every operand a kernel must keep secret (the limbs of up and vp, and the carry in) is marked
 * undefined with a client request before the call. Memcheck then reports any conditional jump or
 * move and any memory address computed from them. The result is marked defined again only after
 * its undefined bits were read out (so a kernel that ignored its inputs cannot pass: every result
 * limb must come out tainted), and then compared with GMP's mpn functions.
 *
 *   taint_kernels kernels          every _ct add/sub kernel (and its carry-in form) of every
 *                                  variant valgrind runs, at every size 1..80 and a few larger,
 *                                  separate and in place (rp == up, rp == vp, rp below up); the
 *                                  dispatched entry points; dot_mul_4x4 / dot_sqr_4x4 and each
 *                                  variant's 4x4 kernels
 *   taint_kernels control-branch   planted: an add that branches on a secret limb
 *   taint_kernels control-address  planted: an add that indexes a table with a secret limb
 *   taint_kernels control-fast     the fast (not _ct) avx2 add_n on a full cascade: its fix-up
 *                                  sits behind a data-dependent branch
 *   taint_kernels control-powm4    the 4-limb sliding-window exponentiation (dot_powm's, not
 *                                  constant time) with a secret exponent
 * kernels also runs the 4-limb constant-time exponentiation (mulx/powm4.h), alone and as a pair,
 * with the base and the exponent secret and the modulus public.
 * Exit status: 0 when every result matched (memcheck's own --error-exitcode reports taint
 * findings), 1 on a wrong or untainted result, 2 on bad usage or when not under valgrind.
 */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "common/check.h"
#include "dot.h"
#include "dot_impl.h"

#define MAXN 300
/* variants memcheck runs: valgrind implements up to AVX2, not AVX-512 (avx512 and ifma are
 * covered by the timing test, dot/test/timing/) */
static const char *const valgrind_variants[] = {"scalar", "chain", "sse", "avx2"};

static void secret(const void *p, size_t bytes) { VALGRIND_MAKE_MEM_UNDEFINED(p, bytes); }
static void public(const void *p, size_t bytes) { VALGRIND_MAKE_MEM_DEFINED(p, bytes); }

/* 1 if every one of the n limbs at p has at least one undefined bit (a taint that reached it). */
static int tainted(const dot_limb_t *p, size_t n)
{
    dot_limb_t vbits[MAXN + 8];
    if (VALGRIND_GET_VBITS(p, vbits, n * sizeof *p) != 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (vbits[i] == 0)
            return 0;
    return 1;
}

/* The carry (borrow) out is one bit; it must carry taint too. */
static int tainted1(dot_limb_t c)
{
    dot_limb_t v;
    return VALGRIND_GET_VBITS(&c, &v, sizeof c) == 1 && v != 0;
}

typedef dot_limb_t (*aors_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
typedef dot_limb_t (*aorsc_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                               dot_limb_t);

/* The oracle: GMP's mpn_add_n/mpn_sub_n, the carry in through mpn_add_1/mpn_sub_1. */
static dot_limb_t oracle(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n,
                         dot_limb_t cin, int sub)
{
    mp_limb_t c = sub ? mpn_sub_n((mp_ptr)rp, (mp_srcptr)up, (mp_srcptr)vp, (mp_size_t)n)
                      : mpn_add_n((mp_ptr)rp, (mp_srcptr)up, (mp_srcptr)vp, (mp_size_t)n);
    if (cin)
        c += sub ? mpn_sub_1((mp_ptr)rp, (mp_srcptr)rp, (mp_size_t)n, 1)
                 : mpn_add_1((mp_ptr)rp, (mp_srcptr)rp, (mp_size_t)n, 1);
    return c;
}

static dot_rng rng;
static unsigned long calls, carry_tainted;

/* Operands: random, or a full cascade (limb 0 generates, every other limb propagates). */
static void operands(dot_limb_t *u, dot_limb_t *v, size_t n, int sub, int cascade)
{
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = !cascade ? dot_rng_next(&rng) : sub ? u[i] : ~u[i];
    }
    if (cascade) {
        u[0] = sub ? 0 : ~(dot_limb_t)0;
        v[0] = 1;
    }
}

/* layout: 0 separate, 1 rp == up, 2 rp == vp, 3 rp = up - 3 limbs (GMP's rp <= up rule) */
static void check_aors(const char *label, aors_fn fn, aorsc_fn fnc, int sub, size_t n, int layout,
                       int cascade, dot_limb_t cin)
{
    static dot_limb_t buf[3 * MAXN + 16], want[MAXN];
    dot_limb_t u[MAXN], v[MAXN];
    operands(u, v, n, sub, cascade);
    dot_limb_t wc = oracle(want, u, v, n, cin, sub);
    dot_limb_t *up = buf + 4, *vp = buf + MAXN + 8, *rp = buf + 2 * MAXN + 12;
    if (layout == 1)
        rp = up;
    else if (layout == 2)
        rp = vp;
    else if (layout == 3)
        rp = up - 3;
    memcpy(up, u, n * sizeof *u);
    memcpy(vp, v, n * sizeof *v);
    dot_limb_t c = cin;
    secret(up, n * sizeof *up);
    secret(vp, n * sizeof *vp);
    secret(&c, sizeof c);
    c = fnc ? fnc(rp, up, vp, n, c) : fn(rp, up, vp, n);
    calls++;
    CHECK(tainted(rp, n), "%s n=%zu layout %d: the result carries no taint", label, n, layout);
    /* Not asserted: memcheck loses the carry flag's taint across the chain's dec (VEX keeps the
     * flags thunk's NDEP word always defined), so a chain's carry out often comes back clean. */
    carry_tainted += tainted1(c);
    public(rp, n * sizeof *rp);
    public(&c, sizeof c);
    CHECK(c == wc && memcmp(rp, want, n * sizeof *rp) == 0,
          "%s n=%zu layout %d cascade %d cin %llu: differs from GMP", label, n, layout, cascade,
          (unsigned long long)cin);
    /* the inputs left in buf are public again for the next case's memcpy */
    public(buf, sizeof buf);
}

static void aors_battery(const char *variant, const char *op, aors_fn fn, aorsc_fn fnc)
{
    static const size_t big[] = {96, 127, 128, 129, 200, 257, MAXN - 4};
    char label[64];
    snprintf(label, sizeof label, "%s %s", variant, op);
    int sub = strstr(op, "sub") != NULL;
    for (size_t n = 1; n <= 80 + sizeof big / sizeof big[0]; n++) {
        size_t size = n <= 80 ? n : big[n - 81];
        for (int layout = 0; layout < 4; layout++)
            for (int cascade = 0; cascade < 2; cascade++)
                for (dot_limb_t cin = 0; cin <= (fnc ? 1u : 0u); cin++)
                    check_aors(label, fn, fnc, sub, size, layout, cascade, cin);
    }
}

typedef void (*mul_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
typedef void (*sqr_fn)(dot_limb_t *, const dot_limb_t *);

static void check_4x4(const char *label, mul_fn mul, sqr_fn sqr)
{
    for (int rep = 0; rep < 200; rep++) {
        dot_limb_t u[4], v[4], r[8], want[8];
        for (int i = 0; i < 4; i++) {
            /* some all-ones and zero limbs: carries through every column */
            u[i] = rep % 4 == 1 ? ~(dot_limb_t)0 : rep % 4 == 2 && i == 1 ? 0 : dot_rng_next(&rng);
            v[i] = rep % 4 == 1 ? ~(dot_limb_t)0 : dot_rng_next(&rng);
        }
        if (mul)
            mpn_mul_n((mp_ptr)want, (mp_srcptr)u, (mp_srcptr)v, 4);
        else
            mpn_sqr((mp_ptr)want, (mp_srcptr)u, 4);
        secret(u, sizeof u);
        secret(v, sizeof v);
        if (mul)
            mul(r, u, v);
        else
            sqr(r, u);
        calls++;
        CHECK(tainted(r, 8), "%s: the product carries no taint", label);
        public(r, sizeof r);
        CHECK(memcmp(r, want, sizeof r) == 0, "%s: differs from GMP", label);
    }
}

/* A 4-limb odd modulus (top bit set, random, or a short top limb), a base below it and a
 * 4-limb exponent, and GMP's b^e mod m. */
static void powm4_case(int rep, dot_limb_t *m, dot_limb_t *b, dot_limb_t *e, dot_limb_t *want)
{
    for (int i = 0; i < 4; i++) {
        m[i] = dot_rng_next(&rng);
        b[i] = dot_rng_next(&rng);
        e[i] = dot_rng_next(&rng);
    }
    m[3] = rep % 3 == 0 ? m[3] | (dot_limb_t)1 << 63 : rep % 3 == 1 ? m[3] | 1 : 1 + (m[3] & 255);
    m[0] |= 1;
    b[3] = m[3] > 1 ? dot_rng_below(&rng, m[3]) : 0;
    if (rep % 4 == 3)
        e[3] = e[2] = 0; /* a short exponent: the fixed windows still cover all four limbs */
    mpz_t zb, ze, zm;
    mpz_inits(zb, ze, zm, NULL);
    mpz_import(zb, 4, -1, sizeof *b, 0, 0, b);
    mpz_import(ze, 4, -1, sizeof *e, 0, 0, e);
    mpz_import(zm, 4, -1, sizeof *m, 0, 0, m);
    mpz_powm(zb, zb, ze, zm);
    memset(want, 0, 4 * sizeof *want);
    mpz_export(want, NULL, -1, sizeof *want, 0, 0, zb);
    mpz_clears(zb, ze, zm, NULL);
}

/* The 4-limb exponentiation called directly (valgrind runs mulx, adcx and adox, but its CPUID
 * hides ADX, so the dispatched entry points decline under it): ways 1 (dot_mulx_powm4_ct, or the
 * sliding window with leaky) or 2 (dot_mulx_powm4_ct_x2); bases and exponents secret. */
static void check_powm4(const char *label, int ways, int leaky)
{
    for (int rep = 0; rep < 12; rep++) {
        dot_limb_t m[2][4], b[2][4], e[2][4], want[2][4], r[2][4];
        for (int k = 0; k < ways; k++)
            powm4_case(rep + k, m[k], b[k], e[k], want[k]);
        secret(b, sizeof b);
        secret(e, sizeof e);
        if (ways == 2)
            dot_mulx_powm4_ct_x2(r[0], b[0], e[0], m[0], r[1], b[1], e[1], m[1], 4);
        else if (leaky)
            dot_mulx_powm4(r[0], b[0], e[0], 4, m[0]);
        else
            dot_mulx_powm4_ct(r[0], b[0], e[0], 4, m[0]);
        calls++;
        for (int k = 0; k < ways; k++) {
            CHECK(tainted(r[k], 4), "%s case %d: the result carries no taint", label, rep);
            public(r[k], sizeof r[k]);
            CHECK(memcmp(r[k], want[k], sizeof r[k]) == 0, "%s case %d: differs from GMP", label,
                  rep);
        }
        public(b, sizeof b);
        public(e, sizeof e);
    }
}

static int run_kernels(void)
{
    dot_rng_seed(&rng, 16);
    printf("memcheck runs: scalar chain sse avx2 (valgrind has no AVX-512: avx512 and ifma are "
           "timed instead)\n");
    for (size_t i = 0; i < sizeof valgrind_variants / sizeof valgrind_variants[0]; i++) {
        const char *name = valgrind_variants[i];
        const dot_kernels *k = dot_kernels_for(name);
        if (!k) {
            printf("  %s: not supported by this CPU under valgrind: FAIL\n", name);
            return 1;
        }
        unsigned long before = calls;
        aors_battery(name, "add_n_ct", k->add_n_ct, NULL);
        aors_battery(name, "sub_n_ct", k->sub_n_ct, NULL);
        aors_battery(name, "add_nc_ct", NULL, k->add_nc_ct);
        aors_battery(name, "sub_nc_ct", NULL, k->sub_nc_ct);
        char label[64];
        snprintf(label, sizeof label, "%s mul_4x4 (%s)", name, k->mul_from);
        check_4x4(label, k->mul_4x4, NULL);
        snprintf(label, sizeof label, "%s sqr_4x4 (%s)", name, k->mul_from);
        check_4x4(label, NULL, k->sqr_4x4);
        printf("  %s: %lu tainted kernel calls\n", name, calls - before);
    }
    /* the entry points GMP and OpenSSL call: crossover chain below, vector kernel above */
    unsigned long before = calls;
    aors_battery(dot_isa(), "dot_add_n_ct", dot_add_n_ct, NULL);
    aors_battery(dot_isa(), "dot_sub_n_ct", dot_sub_n_ct, NULL);
    aors_battery(dot_isa(), "dot_add_nc_ct", NULL, dot_add_nc_ct);
    aors_battery(dot_isa(), "dot_sub_nc_ct", NULL, dot_sub_nc_ct);
    check_4x4("dot_mul_4x4", dot_mul_4x4, NULL);
    check_4x4("dot_sqr_4x4", NULL, dot_sqr_4x4);
    printf("  dispatched entry points (%s): %lu tainted calls\n", dot_settings(), calls - before);
    before = calls;
    check_powm4("4-limb powm_ct", 1, 0);
    check_powm4("4-limb powm_ct pairs", 2, 0);
    printf("  4-limb exponentiation (mulx/powm4.h): %lu tainted kernel calls\n", calls - before);
    printf("  carry out still tainted after %lu of the add/sub calls (memcheck's precision)\n",
           carry_tainted);
    return dot_check_summary();
}

/* Planted controls: each is a correct add whose timing depends on the data. */
__attribute__((noinline)) static dot_limb_t leaky_branch(dot_limb_t *rp, const dot_limb_t *up,
                                                         const dot_limb_t *vp, size_t n)
{
    /* skips the work for a zero top limb: an early exit on a secret */
    if (up[n - 1] == 0 && vp[n - 1] == 0) {
        dot_limb_t c = mpn_add_n((mp_ptr)rp, (mp_srcptr)up, (mp_srcptr)vp, (mp_size_t)(n - 1));
        rp[n - 1] = c;
        return 0;
    }
    return dot_add_n_ct(rp, up, vp, n);
}

__attribute__((noinline)) static dot_limb_t leaky_address(dot_limb_t *rp, const dot_limb_t *up,
                                                          const dot_limb_t *vp, size_t n)
{
    /* a byte-wise lookup table indexed by secret data: the cache line touched leaks it */
    static const unsigned char popcount4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    volatile unsigned sink = popcount4[up[0] & 15];
    (void)sink;
    return dot_add_n_ct(rp, up, vp, n);
}

static int run_control(aors_fn fn, const char *label)
{
    dot_rng_seed(&rng, 16);
    for (int cascade = 0; cascade < 2; cascade++)
        check_aors(label, fn, NULL, 0, 64, 0, cascade, 0);
    printf("control %s: %lu tainted calls (memcheck must report them)\n", label, calls);
    return dot_check_summary();
}

int main(int argc, char **argv)
{
    if (!RUNNING_ON_VALGRIND) {
        fprintf(stderr, "%s: run under valgrind --tool=memcheck (dot/test/taint/check.sh)\n",
                argv[0]);
        return 2;
    }
    const char *mode = argc == 2 ? argv[1] : "";
    if (!strcmp(mode, "kernels"))
        return run_kernels();
    if (!strcmp(mode, "control-branch"))
        return run_control(leaky_branch, "leaky_branch");
    if (!strcmp(mode, "control-address"))
        return run_control(leaky_address, "leaky_address");
    if (!strcmp(mode, "control-powm4")) {
        dot_rng_seed(&rng, 16);
        check_powm4("4-limb powm (sliding window)", 1, 1);
        printf("control 4-limb powm: %lu tainted calls (memcheck must report them)\n", calls);
        return dot_check_summary();
    }
    if (!strcmp(mode, "control-fast")) {
        const dot_kernels *k = dot_kernels_for("avx2");
        return k ? run_control(k->add_n, "avx2 add_n (fast)") : 2;
    }
    fprintf(stderr, "usage: %s kernels|control-branch|control-address|control-fast|control-powm4\n",
            argv[0]);
    return 2;
}
