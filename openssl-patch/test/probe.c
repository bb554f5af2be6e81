/* Runs one OpenSSL BN operation on 4-limb (256-bit) operands `reps` times, so that a debugger can
   count which libdot entry points each operation reaches:
   probe <add|sub|mul|sqr|ctpowm16|ctpowm8|ctpowm6|marker> <reps>. ctpowmN is
   BN_mod_exp_mont_consttime modulo an N-limb odd number with a 4-limb exponent (short of the
   RSAZ paths, which need an exponent as long as the modulus). Prints the last result, so stock
   and dot runs can be compared. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: probe <add|sub|mul|sqr|ctpowm16|ctpowm8|ctpowm6|marker> <reps>\n");
        return 2;
    }
    const char *op = argv[1];
    long reps = atol(argv[2]);

    if (strcmp(op, "marker") == 0) {
        const char *(*marker)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, "dotssl_marker");
        printf("%s\n", marker ? marker() : "none");
        return 0;
    }
    BIGNUM *a = NULL, *b = NULL, *r = BN_new(), *m = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    /* 256-bit operands with the top bit set: exactly 4 limbs each */
    if (r == NULL || m == NULL || ctx == NULL ||
        !BN_hex2bn(&a, "f123456789abcdef0fedcba98765432111223344556677889900aabbccddeeff") ||
        !BN_hex2bn(&b, "e0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff"))
        return 1;
    /* the exponentiations' modulus of ctpowmN's N limbs: odd, top bit set, above the base b */
    long mlimbs = strncmp(op, "ctpowm", 6) == 0 ? atol(op + 6) : 0;
    for (long i = 0; i < mlimbs; i++)
        if (!BN_lshift(m, m, 64) || !BN_add_word(m, (BN_ULONG)(i + 1) * 0x9e3779b97f4a7c15))
            return 1;
    if (mlimbs && (!BN_set_bit(m, 64 * (int)mlimbs - 1) || !BN_set_bit(m, 0)))
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
        else if (mlimbs > 0)
            ok = BN_mod_exp_mont_consttime(r, b, a, m, ctx, NULL);
        else {
            fprintf(stderr, "probe: unknown operation %s\n", op);
            return 2;
        }
        if (!ok)
            return 1;
    }
    char *hex = BN_bn2hex(r);
    printf("%s\n", hex);
    OPENSSL_free(hex);
    BN_free(a);
    BN_free(b);
    BN_free(r);
    BN_free(m);
    BN_CTX_free(ctx);
    return 0;
}
