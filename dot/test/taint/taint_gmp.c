/*
 * Secret-taint check of GMP's side-channel silent functions end to end (the ctgrind method, under
 * memcheck), built against one GMP variant (stock, stock-noasm, dot, dot-noasm):
 *
 *   taint_gmp sec            mpn_sec_powm (base and exponent secret, modulus public: the RSA
 *                            use without CRT), mpn_sec_mul, mpn_sec_sqr, mpn_sec_add_1 and
 *                            mpn_sec_div_r (dividend secret), at sizes around the 4-limb kernels
 *   taint_gmp sec-modulus    mpn_sec_powm with the modulus secret as well (RSA-CRT primes)
 *   taint_gmp control        mpn_powm (not side-channel silent) with a secret exponent: memcheck
 *                            must report it, or the marking does not reach the library
 * Every result is read back for taint (a result without any would mean the secret never reached
 * the computation), marked defined, and compared with mpz_powm / mpn_mul on public copies.
 * Exit status: 0 when every result matched, 1 otherwise, 2 on bad usage or without valgrind;
 * memcheck's --error-exitcode reports the taint findings.
 */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#define MAXN 40
static unsigned long failures, checks;
static uint64_t state = 0x5eed5eed5eedULL;

static mp_limb_t next(void)
{
    /* splitmix64: the operand stream; the oracle runs on public copies of the same values */
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void fill(mp_limb_t *p, mp_size_t n)
{
    for (mp_size_t i = 0; i < n; i++)
        p[i] = next();
}

static void secret(const void *p, size_t bytes) { VALGRIND_MAKE_MEM_UNDEFINED(p, bytes); }
static void public(const void *p, size_t bytes) { VALGRIND_MAKE_MEM_DEFINED(p, bytes); }

static int tainted(const mp_limb_t *p, mp_size_t n)
{
    mp_limb_t vbits[2 * MAXN + 2];
    if (VALGRIND_GET_VBITS(p, vbits, (size_t)n * sizeof *p) != 1)
        return 0;
    for (mp_size_t i = 0; i < n; i++)
        if (vbits[i] != 0)
            return 1;
    return 0;
}

static void check(int ok, const char *what, mp_size_t n)
{
    checks++;
    if (!ok && failures++ < 20)
        fprintf(stderr, "FAIL %s n=%ld\n", what, (long)n);
}

/* {rp, n} = b^e mod m through mpz_powm on public copies */
static void oracle_powm(mp_limb_t *rp, const mp_limb_t *bp, const mp_limb_t *ep,
                        const mp_limb_t *mp, mp_size_t n)
{
    mpz_t b, e, m, r;
    mpz_inits(b, e, m, r, NULL);
    mpz_import(b, (size_t)n, -1, sizeof *bp, 0, 0, bp);
    mpz_import(e, (size_t)n, -1, sizeof *ep, 0, 0, ep);
    mpz_import(m, (size_t)n, -1, sizeof *mp, 0, 0, mp);
    mpz_powm(r, b, e, m);
    memset(rp, 0, (size_t)n * sizeof *rp);
    mpz_export(rp, NULL, -1, sizeof *rp, 0, 0, r);
    mpz_clears(b, e, m, r, NULL);
}

static void sec_powm(mp_size_t n, int secret_modulus)
{
    mp_limb_t b[MAXN], e[MAXN], m[MAXN], r[MAXN], want[MAXN];
    fill(b, n);
    fill(e, n);
    fill(m, n);
    m[0] |= 1;                      /* sec_powm needs an odd modulus */
    m[n - 1] |= (mp_limb_t)1 << 63; /* full size: the limb count is public */
    b[n - 1] &= m[n - 1] >> 1;      /* base below the modulus */
    oracle_powm(want, b, e, m, n);
    mp_size_t itch = mpn_sec_powm_itch(n, n * GMP_NUMB_BITS, n);
    mp_limb_t *tp = malloc((size_t)itch * sizeof *tp);
    secret(b, (size_t)n * sizeof *b);
    secret(e, (size_t)n * sizeof *e);
    if (secret_modulus)
        secret(m, (size_t)n * sizeof *m);
    mpn_sec_powm(r, b, n, e, n * GMP_NUMB_BITS, m, n, tp);
    check(tainted(r, n), "sec_powm: result untainted", n);
    public(r, sizeof r);
    check(memcmp(r, want, (size_t)n * sizeof *r) == 0, "sec_powm: differs from mpz_powm", n);
    public(tp, (size_t)itch * sizeof *tp);
    free(tp);
}

static void sec_mul(mp_size_t an, mp_size_t bn)
{
    mp_limb_t a[MAXN], b[MAXN], r[2 * MAXN], want[2 * MAXN];
    fill(a, an);
    fill(b, bn);
    mpn_mul(want, a, an, b, bn);
    mp_size_t itch = mpn_sec_mul_itch(an, bn);
    mp_limb_t *tp = malloc((size_t)(itch + 1) * sizeof *tp);
    secret(a, (size_t)an * sizeof *a);
    secret(b, (size_t)bn * sizeof *b);
    mpn_sec_mul(r, a, an, b, bn, tp);
    check(tainted(r, an + bn), "sec_mul: result untainted", an);
    public(r, sizeof r);
    check(memcmp(r, want, (size_t)(an + bn) * sizeof *r) == 0, "sec_mul: differs from mpn_mul", an);
    public(tp, (size_t)(itch + 1) * sizeof *tp);
    free(tp);

    if (an != bn)
        return;
    fill(a, an);
    mpn_sqr(want, a, an);
    itch = mpn_sec_sqr_itch(an);
    tp = malloc((size_t)(itch + 1) * sizeof *tp);
    secret(a, (size_t)an * sizeof *a);
    mpn_sec_sqr(r, a, an, tp);
    check(tainted(r, 2 * an), "sec_sqr: result untainted", an);
    public(r, sizeof r);
    check(memcmp(r, want, (size_t)(2 * an) * sizeof *r) == 0, "sec_sqr: differs from mpn_sqr", an);
    public(tp, (size_t)(itch + 1) * sizeof *tp);
    free(tp);
}

static void sec_small(mp_size_t n)
{
    mp_limb_t a[MAXN], r[MAXN], want[MAXN], d[MAXN], q[MAXN];
    fill(a, n);
    mp_limb_t b = next(), wc = mpn_add_1(want, a, n, b);
    mp_size_t itch = mpn_sec_add_1_itch(n);
    mp_limb_t *tp = malloc((size_t)(itch + 1 + 4 * MAXN) * sizeof *tp);
    secret(a, (size_t)n * sizeof *a);
    secret(&b, sizeof b);
    mp_limb_t c = mpn_sec_add_1(r, a, n, b, tp);
    check(tainted(r, n), "sec_add_1: result untainted", n);
    public(r, sizeof r);
    public(&c, sizeof c);
    check(c == wc && memcmp(r, want, (size_t)n * sizeof *r) == 0, "sec_add_1: differs", n);

    /* sec_div_r: a secret 2n-limb dividend by a public n-limb divisor */
    mp_limb_t num[2 * MAXN];
    fill(num, 2 * n);
    fill(d, n);
    d[n - 1] |= 1; /* nonzero top limb */
    mpn_tdiv_qr(q, want, 0, num, 2 * n, d, n);
    public(tp, (size_t)(itch + 1) * sizeof *tp);
    free(tp);
    itch = mpn_sec_div_r_itch(2 * n, n);
    tp = malloc((size_t)(itch + 1) * sizeof *tp);
    secret(num, (size_t)(2 * n) * sizeof *num);
    mpn_sec_div_r(num, 2 * n, d, n, tp);
    check(tainted(num, n), "sec_div_r: remainder untainted", n);
    public(num, sizeof num);
    check(memcmp(num, want, (size_t)n * sizeof *num) == 0, "sec_div_r: differs", n);
    public(tp, (size_t)(itch + 1) * sizeof *tp);
    free(tp);
}

/* mpz_powm (mpn_powm) indexes its window table with exponent bits and skips zero bits: memcheck
 * must catch it */
static void control(void)
{
    mp_size_t n = 4;
    mp_limb_t b[MAXN], e[MAXN], m[MAXN], want[MAXN];
    fill(b, n);
    fill(e, n);
    fill(m, n);
    m[0] |= 1;
    m[n - 1] |= (mp_limb_t)1 << 63;
    e[n - 1] |= 1;
    b[n - 1] &= m[n - 1] >> 1;
    oracle_powm(want, b, e, m, n);
    mpz_t zb, ze, zm, zr;
    mpz_inits(zb, ze, zm, zr, NULL);
    mpz_import(zb, (size_t)n, -1, sizeof *b, 0, 0, b);
    mpz_import(ze, (size_t)n, -1, sizeof *e, 0, 0, e);
    mpz_import(zm, (size_t)n, -1, sizeof *m, 0, 0, m);
    secret(mpz_limbs_read(ze), (size_t)n * sizeof *e);
    mpz_powm(zr, zb, ze, zm);
    mp_limb_t r[MAXN] = {0};
    public(mpz_limbs_read(zr), (size_t)mpz_size(zr) * sizeof *r);
    public(zr, sizeof zr);
    mpz_export(r, NULL, -1, sizeof *r, 0, 0, zr);
    check(memcmp(r, want, (size_t)n * sizeof *r) == 0, "control mpz_powm: differs", n);
    public(mpz_limbs_read(ze), (size_t)n * sizeof *e);
    mpz_clears(zb, ze, zm, zr, NULL);
}

int main(int argc, char **argv)
{
    if (!RUNNING_ON_VALGRIND) {
        fprintf(stderr, "%s: run under valgrind --tool=memcheck (dot/test/taint/check.sh)\n",
                argv[0]);
        return 2;
    }
    const char *mode = argc == 2 ? argv[1] : "";
    static const mp_size_t sizes[] = {1, 2, 3, 4, 5, 8, 16, 32};
    if (!strcmp(mode, "sec") || !strcmp(mode, "sec-modulus")) {
        int sm = !strcmp(mode, "sec-modulus");
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            sec_powm(sizes[i], sm);
            if (!sm) {
                sec_mul(sizes[i], sizes[i]);
                sec_mul(sizes[i] + 3, sizes[i]);
                sec_small(sizes[i]);
            }
        }
    } else if (!strcmp(mode, "control")) {
        control();
    } else {
        fprintf(stderr, "usage: %s sec|sec-modulus|control\n", argv[0]);
        return 2;
    }
    printf("%s (%s): %lu checks, %lu failed\n", mode, gmp_version, checks, failures);
    return failures == 0 && checks > 0 ? 0 : 1;
}
