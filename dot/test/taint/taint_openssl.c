/*
 * Secret-taint check of OpenSSL's constant-time modular exponentiation end to end (the ctgrind
 * method, under memcheck), built against one OpenSSL variant (stock, stock-noasm, dot,
 * dot-noasm) and its source tree's bn_local.h (the limbs of a BIGNUM are not public API):
 *
 *   taint_openssl consttime       BN_mod_exp_mont_consttime with the exponent secret (the
 *                                 private exponent of RSA without CRT; base and modulus public)
 *                                 at 256, 320, 512, 1024 and 2048 bits; 256 is four limbs, the
 *                                 size OpenSSL's comba4 (libdot's 4x4 kernels) works on
 *   taint_openssl consttime-base  the same with the base secret too (what a caller with a
 *                                 secret base, e.g. RSA-CRT's reduced message, relies on)
 *   taint_openssl control         BN_mod_exp_mont (windowed, not constant-time) with a secret
 *                                 exponent: memcheck must report it
 * Results are read back for taint, marked defined, and compared with BN_mod_exp_simple on public
 * copies. Exit status: 0 when every result matched, 1 otherwise, 2 on bad usage or without
 * valgrind; memcheck's --error-exitcode reports the taint findings.
 */
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "crypto/bn/bn_local.h"

static unsigned long failures, checks;

static void check(int ok, const char *what, int bits)
{
    checks++;
    if (!ok && failures++ < 20)
        fprintf(stderr, "FAIL %s at %d bits\n", what, bits);
}

static void secret(const BIGNUM *x)
{
    VALGRIND_MAKE_MEM_UNDEFINED(x->d, (size_t)x->top * sizeof *x->d);
}
static void public(const BIGNUM *x)
{
    VALGRIND_MAKE_MEM_DEFINED(x->d, (size_t)x->dmax * sizeof *x->d);
}

static int tainted(const BIGNUM *x)
{
    BN_ULONG vbits[64];
    if (x->top < 1 || x->top > 64 ||
        VALGRIND_GET_VBITS(x->d, vbits, (size_t)x->top * sizeof *x->d) != 1)
        return 0;
    for (int i = 0; i < x->top; i++)
        if (vbits[i] != 0)
            return 1;
    return 0;
}

static int one(int bits, int secret_base, int control, BN_CTX *ctx)
{
    BIGNUM *a = BN_new(), *p = BN_new(), *m = BN_new(), *r = BN_new(), *want = BN_new();
    int ok = a && p && m && r && want;
    /* full-size modulus and exponent: their limb counts are public */
    ok = ok && BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
    ok = ok && BN_rand(p, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ANY);
    ok = ok && BN_rand_range(a, m);
    ok = ok && BN_mod_exp_simple(want, a, p, m, ctx);
    if (!ok) {
        fprintf(stderr, "setup failed at %d bits\n", bits);
        return 0;
    }
    secret(p);
    if (secret_base)
        secret(a);
    if (control) {
        ok = BN_mod_exp_mont(r, a, p, m, ctx, NULL);
    } else {
        BN_set_flags(p, BN_FLG_CONSTTIME);
        ok = BN_mod_exp_mont_consttime(r, a, p, m, ctx, NULL);
    }
    check(ok, "modexp returned an error", bits);
    if (ok && !control)
        check(tainted(r), "result untainted", bits);
    public(r);
    public(p);
    public(a);
    VALGRIND_MAKE_MEM_DEFINED(&r->top, sizeof r->top);
    check(ok && BN_cmp(r, want) == 0, "differs from BN_mod_exp_simple", bits);
    BN_free(a);
    BN_free(p);
    BN_free(m);
    BN_free(r);
    BN_free(want);
    return 1;
}

int main(int argc, char **argv)
{
    if (!RUNNING_ON_VALGRIND) {
        fprintf(stderr, "%s: run under valgrind --tool=memcheck (dot/test/taint/check.sh)\n",
                argv[0]);
        return 2;
    }
    const char *mode = argc == 2 ? argv[1] : "";
    int secret_base = !strcmp(mode, "consttime-base"), control = !strcmp(mode, "control");
    if (!secret_base && !control && strcmp(mode, "consttime")) {
        fprintf(stderr, "usage: %s consttime|consttime-base|control\n", argv[0]);
        return 2;
    }
    BN_CTX *ctx = BN_CTX_new();
    static const int sizes[] = {256, 320, 512, 1024, 2048};
    for (size_t i = 0; ctx && i < sizeof sizes / sizeof sizes[0]; i++)
        if (!one(sizes[i], secret_base, control, ctx))
            return 1;
    BN_CTX_free(ctx);
    printf("%s (%s): %lu checks, %lu failed\n", mode, OpenSSL_version(OPENSSL_VERSION), checks,
           failures);
    return failures == 0 && checks > 0 ? 0 : 1;
}
