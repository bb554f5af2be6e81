/* Runs OpenSSL BN operations on 4-limb (256-bit) operands, so that a debugger can count which
   libdot entry points each operation reaches: probe marker, or probe STEP..., a STEP being
   OP:REPS with OP one of add|sub|mul|sqr|ctpowmN|x2ctpowmN|montpowmN|pubpowmN|keypowmN|exp2powmN
   (calls.sh: N 16, 8, 6, 4). ctpowmN is BN_mod_exp_mont_consttime modulo an N-limb odd number
   with a 4-limb exponent (short of the RSAZ paths, which need an exponent as long as the
   modulus); x2ctpowmN is BN_mod_exp_mont_consttime_x2 (an RSA private operation's pair) modulo
   that number and the odd number 2 below it; montpowmN is BN_mod_exp_mont (not constant time)
   with the same exponent, pubpowmN with the exponent 65537 (an RSA public operation's), keypowmN
   the same with a Montgomery context for m made once, as an RSA key's is (patch 0006 hands its
   R^2 to dot_powm_rr); exp2powmN is BN_mod_exp2_mont (DSA verification's b^a a^b). Each step
   runs its operation REPS times and prints "OP REPS result" (so stock and dot runs can be
   compared), then stops at probe_mark, where the debugger reads its counts
   (gmp-patch/test/probe_steps.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include "probe_steps.h"

/* One step: OP run REPS times on fresh operands, its result printed; 0, 1 for an OpenSSL
   failure, 2 for an operation it does not know. */
static int step(const char *op, long reps)
{
    BIGNUM *a = NULL, *b = NULL, *r = BN_new(), *m = BN_new(), *r2 = BN_new(), *m2 = BN_new();
    BIGNUM *f4 = BN_new();
    BN_MONT_CTX *mont = NULL; /* keypowmN's */
    BN_CTX *ctx = BN_CTX_new();
    int status = 1;
    /* 256-bit operands with the top bit set: exactly 4 limbs each */
    if (r == NULL || m == NULL || r2 == NULL || m2 == NULL || f4 == NULL || ctx == NULL ||
        !BN_set_word(f4, 65537) ||
        !BN_hex2bn(&a, "f123456789abcdef0fedcba98765432111223344556677889900aabbccddeeff") ||
        !BN_hex2bn(&b, "e0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff"))
        goto done;
    /* the exponentiations' modulus of ctpowmN's N limbs: odd, top three bits set, above the
     * base b (at 4 limbs too, so that the pair runs: OpenSSL's pair takes bases below their
     * moduli only) */
    static const char *const kinds[] = {"ctpowm",  "x2ctpowm", "montpowm",
                                        "pubpowm", "exp2powm", "keypowm"};
    int kind = -1;
    long mlimbs = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && kind < 0; k++)
        if (strncmp(op, kinds[k], strlen(kinds[k])) == 0) {
            kind = k;
            mlimbs = atol(op + strlen(kinds[k]));
        }
    if (strcmp(op, "add") != 0 && strcmp(op, "sub") != 0 && strcmp(op, "mul") != 0 &&
        strcmp(op, "sqr") != 0 && mlimbs <= 0) {
        status = 2;
        goto done;
    }
    for (long i = 0; i < mlimbs; i++)
        if (!BN_lshift(m, m, 64) || !BN_add_word(m, (BN_ULONG)(i + 1) * 0x9e3779b97f4a7c15))
            goto done;
    if (mlimbs && (!BN_set_bit(m, 64 * (int)mlimbs - 1) || !BN_set_bit(m, 64 * (int)mlimbs - 2) ||
                   !BN_set_bit(m, 64 * (int)mlimbs - 3) || !BN_set_bit(m, 0) || !BN_copy(m2, m) ||
                   !BN_sub_word(m2, 2)))
        goto done;
    if (kind == 5 && ((mont = BN_MONT_CTX_new()) == NULL || !BN_MONT_CTX_set(mont, m, ctx)))
        goto done;
    for (long i = 0; i < reps; i++) {
        int ok;
        if (strcmp(op, "add") == 0)
            ok = BN_add(r, a, b);
        else if (strcmp(op, "sub") == 0)
            ok = BN_sub(r, a, b);
        else if (strcmp(op, "mul") == 0)
            ok = BN_mul(r, a, b, ctx);
        else if (strcmp(op, "sqr") == 0)
            ok = BN_sqr(r, a, ctx);
        else if (kind == 1)
            ok = BN_mod_exp_mont_consttime_x2(r, b, a, m, NULL, r2, b, a, m2, NULL, ctx);
        else if (kind == 0)
            ok = BN_mod_exp_mont_consttime(r, b, a, m, ctx, NULL);
        else if (kind == 4)
            ok = BN_mod_exp2_mont(r, b, a, a, b, m, ctx, NULL);
        else
            ok = BN_mod_exp_mont(r, b, kind == 2 ? a : f4, m, ctx, mont);
        if (!ok)
            goto done;
    }
    char *hex = BN_bn2hex(r), *hex2 = BN_bn2hex(r2);
    if (hex != NULL && hex2 != NULL) {
        printf("%s %ld %s %s\n", op, reps, hex, hex2);
        status = 0;
    }
    OPENSSL_free(hex);
    OPENSSL_free(hex2);
done:
    BN_free(a);
    BN_free(b);
    BN_free(r);
    BN_free(m);
    BN_free(r2);
    BN_free(m2);
    BN_free(f4);
    BN_MONT_CTX_free(mont);
    BN_CTX_free(ctx);
    return status;
}

int main(int argc, char **argv)
{
    return probe_main(argc, argv, "dotssl_marker",
                      "add sub mul sqr ctpowmN x2ctpowmN montpowmN pubpowmN keypowmN exp2powmN",
                      step);
}
