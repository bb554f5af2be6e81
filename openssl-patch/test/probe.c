/* Runs one OpenSSL BN operation on 4-limb (256-bit) operands `reps` times, so that a debugger can
   count which libdot entry points each operation reaches:
   probe <add|sub|mul|sqr|ctpowm16|ctpowm8|ctpowm6|x2ctpowm16|marker> <reps>. ctpowmN is
   BN_mod_exp_mont_consttime modulo an N-limb odd number with a 4-limb exponent (short of the
   RSAZ paths, which need an exponent as long as the modulus); x2ctpowmN is
   BN_mod_exp_mont_consttime_x2 (an RSA private operation's pair) modulo that number and the odd
   number 2 below it. Prints the last result, so stock and dot runs can be compared. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(
            stderr,
            "usage: probe <add|sub|mul|sqr|ctpowm16|ctpowm8|ctpowm6|x2ctpowm16|marker> <reps>\n");
        return 2;
    }
    const char *op = argv[1];
    long reps = atol(argv[2]);

    if (strcmp(op, "marker") == 0) {
        const char *(*marker)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, "dotssl_marker");
        printf("%s\n", marker ? marker() : "none");
        return 0;
    }
    BIGNUM *a = NULL, *b = NULL, *r = BN_new(), *m = BN_new(), *r2 = BN_new(), *m2 = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    /* 256-bit operands with the top bit set: exactly 4 limbs each */
    if (r == NULL || m == NULL || r2 == NULL || m2 == NULL || ctx == NULL ||
        !BN_hex2bn(&a, "f123456789abcdef0fedcba98765432111223344556677889900aabbccddeeff") ||
        !BN_hex2bn(&b, "e0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff"))
        return 1;
    /* the exponentiations' modulus of ctpowmN's N limbs: odd, top bit set, above the base b */
    int pair = strncmp(op, "x2", 2) == 0;
    long mlimbs = strncmp(op + 2 * pair, "ctpowm", 6) == 0 ? atol(op + 2 * pair + 6) : 0;
    for (long i = 0; i < mlimbs; i++)
        if (!BN_lshift(m, m, 64) || !BN_add_word(m, (BN_ULONG)(i + 1) * 0x9e3779b97f4a7c15))
            return 1;
    if (mlimbs && (!BN_set_bit(m, 64 * (int)mlimbs - 1) || !BN_set_bit(m, 0) || !BN_copy(m2, m) ||
                   !BN_sub_word(m2, 2)))
        return 1;
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
        else if (mlimbs > 0 && pair)
            ok = BN_mod_exp_mont_consttime_x2(r, b, a, m, NULL, r2, b, a, m2, NULL, ctx);
        else if (mlimbs > 0)
            ok = BN_mod_exp_mont_consttime(r, b, a, m, ctx, NULL);
        else {
            fprintf(stderr, "probe: unknown operation %s\n", op);
            return 2;
        }
        if (!ok)
            return 1;
    }
    char *hex = BN_bn2hex(r), *hex2 = BN_bn2hex(r2);
    printf("%s %s\n", hex, hex2);
    OPENSSL_free(hex);
    OPENSSL_free(hex2);
    BN_free(a);
    BN_free(b);
    BN_free(r);
    BN_free(m);
    BN_free(r2);
    BN_free(m2);
    BN_CTX_free(ctx);
    return 0;
}
