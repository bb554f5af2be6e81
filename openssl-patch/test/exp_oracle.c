/* The exponentiations patches 0004 to 0007 give libdot, against OpenSSL code they do not touch:
   BN_mod_exp_mont (0006, without and with a Montgomery context) and BN_mod_exp_mont_consttime
   (0004) against BN_mod_exp_recp, BN_mod_exp_mont_consttime_x2 (0005) against two
   BN_mod_exp_recp, and BN_mod_exp2_mont (0007) against two BN_mod_exp_recp and BN_mod_mul.
   Moduli of 1 to 66 limbs, 69 to 72, every eighth from 80 to 128, then 129 to 131, 136, 160,
   192, 199, 240 (RSA-15360's public operations), 255 to 258 (the patches take 2 to 256; from
   about 70 limbs libdot's product is its register one from memory, from about 103 its wide one,
   from 129 the wide one's second instance), full or with a short top limb; exponents
   of 1 to 64 bits in one limb (the lengths dot_powm's rule declines and takes), of as many limbs
   as the modulus up to 8 (the oracle is slow), and 65537; bases 0, 1, m - 1, random below m, and
   above m or negative (OpenSSL's reduction, or its own code, must answer those; BN_mod_exp2_mont
   is compared for bases that are not negative only); BN_mod_exp_mont and
   BN_mod_exp_mont_consttime also with the result written over the base, the pair with both
   results written over their bases.
   The planted control: BN_mod_exp_mont's result against the oracle's for the exponent one
   larger must differ in nearly every case, so a comparison that cannot fail would show.
   usage: exp_oracle (run against the libcrypto under test; exit 0 when all agree) */
#include <stdio.h>
#include <openssl/bn.h>

static unsigned long long state = 0x9e3779b97f4a7c15ULL;
static unsigned long long next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* a random number of bits bits, top bit set */
static int random_bits(BIGNUM *x, int bits)
{
    BN_zero(x);
    for (int i = 0; i < bits; i += 32)
        if (!BN_lshift(x, x, 32) || !BN_add_word(x, (BN_ULONG)(next() >> 32)))
            return 0;
    return BN_rshift(x, x, BN_num_bits(x) > bits ? BN_num_bits(x) - bits : 0) &&
           BN_set_bit(x, bits - 1);
}

/* base kind k (0: 0, 1: 1, 2: m - 1, 3: random below m, 4: m + random, 5: negative) */
static int base(BIGNUM *b, int k, const BIGNUM *m, BN_CTX *ctx)
{
    switch (k) {
    case 0: BN_zero(b); return 1;
    case 1: return BN_one(b);
    case 2: return BN_copy(b, m) && BN_sub_word(b, 1);
    case 3: return random_bits(b, BN_num_bits(m) + 8) && BN_nnmod(b, b, m, ctx);
    case 4: return random_bits(b, BN_num_bits(m) - 1) && BN_add(b, b, m);
    default: return random_bits(b, BN_num_bits(m) - 1) && (BN_set_negative(b, 1), 1);
    }
}

/* 1, with the case named on stderr, where got and want differ; else 0. The case: n limbs, modulus
   shape, exponent length, base kind k (BN_mod_exp2_mont's second base has kind (k + 3) % 6). */
static int differs(const BIGNUM *got, const BIGNUM *want, const char *fn, int n, int shape, int len,
                   int k)
{
    if (BN_cmp(got, want) == 0)
        return 0;
    fprintf(stderr, "%s wrong: %d limbs, shape %d, %d-bit exponents, base kind %d\n", fn, n, shape,
            len, k);
    return 1;
}

/* 1 to 66 limbs, then the sizes past them this program tests */
static int size_tested(int n)
{
    static const int past_128[] = {129, 130, 131, 136, 160, 192, 199, 240, 255, 256, 257, 258};
    if (n <= 66 || (n >= 69 && n <= 72) || (n % 8 == 0 && n <= 128))
        return 1;
    for (size_t i = 0; i < sizeof past_128 / sizeof *past_128; i++)
        if (past_128[i] == n)
            return 1;
    return 0;
}

int main(void)
{
    static const int lengths[] = {1, 2, 3, 9, 17, 31, 32, 33, 63, 64, 0 /* n limbs, at most 8 */,
                                  -1 /* 65537 */};
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *m = BN_new(), *a1 = BN_new(), *a2 = BN_new(), *p1 = BN_new(), *p2 = BN_new();
    BIGNUM *got = BN_new(), *want = BN_new(), *w1 = BN_new(), *t = BN_new(), *t2 = BN_new();
    BN_MONT_CTX *mont = BN_MONT_CTX_new();
    if (ctx == NULL || m == NULL || a1 == NULL || a2 == NULL || p1 == NULL || p2 == NULL ||
        got == NULL || want == NULL || w1 == NULL || t == NULL || t2 == NULL || mont == NULL)
        return 2;
    unsigned long cases = 0, wrong = 0, planted = 0, planted_same = 0;
    for (int n = 1; n <= 258; n++)
        for (int shape = 0; shape < 2 && size_tested(n); shape++)
            for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++)
                for (int k = 0; k < 6; k++) {
                    int bits = shape ? 64 * n - 40 : 64 * n;
                    if (bits < 2)
                        bits = 2;
                    int len = lengths[l] > 0 ? lengths[l] : 64 * (n < 8 ? n : 8);
                    if (!random_bits(m, bits) || !BN_set_bit(m, 0) || !base(a1, k, m, ctx) ||
                        !base(a2, (k + 3) % 6, m, ctx) ||
                        !(lengths[l] < 0 ? BN_set_word(p1, 65537) : random_bits(p1, len)) ||
                        !random_bits(p2, len))
                        return 2;
                    /* 0006: BN_mod_exp_mont */
                    if (!BN_mod_exp_mont(got, a1, p1, m, ctx, NULL) ||
                        !BN_mod_exp_recp(w1, a1, p1, m, ctx))
                        return 2;
                    cases++;
                    wrong += differs(got, w1, "BN_mod_exp_mont", n, shape, len, k);
                    /* the same with the result written over the base, which callers may ask */
                    if (!BN_copy(t, a1) || !BN_mod_exp_mont(t, t, p1, m, ctx, NULL))
                        return 2;
                    cases++;
                    wrong += differs(t, w1, "BN_mod_exp_mont in place", n, shape, len, k);
                    /* the planted control: that result against the oracle's for exponent + 1 */
                    if (k == 3) {
                        if (!BN_copy(t, p1) || !BN_add_word(t, 1) ||
                            !BN_mod_exp_recp(want, a1, t, m, ctx))
                            return 2;
                        planted++;
                        planted_same += BN_cmp(got, want) == 0;
                    }
                    /* 0006 with m's Montgomery context, as an RSA key's public operation
                     * gives it: its R^2 goes to dot_powm_rr */
                    if (!BN_MONT_CTX_set(mont, m, ctx) ||
                        !BN_mod_exp_mont(got, a1, p1, m, ctx, mont))
                        return 2;
                    cases++;
                    wrong += differs(got, w1, "BN_mod_exp_mont with a context", n, shape, len, k);
                    /* 0004: BN_mod_exp_mont_consttime, and over its base */
                    if (!BN_mod_exp_mont_consttime(got, a1, p1, m, ctx, mont))
                        return 2;
                    cases++;
                    wrong += differs(got, w1, "BN_mod_exp_mont_consttime", n, shape, len, k);
                    if (!BN_copy(t, a1) || !BN_mod_exp_mont_consttime(t, t, p1, m, ctx, NULL))
                        return 2;
                    cases++;
                    wrong += differs(t, w1, "BN_mod_exp_mont_consttime in place", n, shape, len, k);
                    /* 0005: the pair, modulo m both, over the bases; bases below m, as its callers
                     * give them (OpenSSL's own pair does not reduce them) */
                    if (k < 4 && (k + 3) % 6 < 4) {
                        if (!BN_copy(t, a1) || !BN_copy(t2, a2) ||
                            !BN_mod_exp_mont_consttime_x2(t, t, p1, m, mont, t2, t2, p2, m, mont,
                                                          ctx) ||
                            !BN_mod_exp_recp(want, a2, p2, m, ctx))
                            return 2;
                        cases += 2;
                        wrong += differs(t, w1, "BN_mod_exp_mont_consttime_x2 first", n, shape, len,
                                         k);
                        wrong += differs(t2, want, "BN_mod_exp_mont_consttime_x2 second", n, shape,
                                         len, k);
                    }
                    /* 0007: BN_mod_exp2_mont, bases not negative (it reduces a negative one
                     * to a negative remainder, stock and dot alike: not the oracle's answer) */
                    if (BN_is_negative(a1) || BN_is_negative(a2))
                        continue;
                    if (!BN_mod_exp2_mont(got, a1, p1, a2, p2, m, ctx, NULL) ||
                        !BN_mod_exp_recp(t, a2, p2, m, ctx) || !BN_mod_mul(want, w1, t, m, ctx))
                        return 2;
                    cases++;
                    wrong += differs(got, want, "BN_mod_exp2_mont", n, shape, len, k);
                }
    printf("  exp_oracle: %lu exponentiations against BN_mod_exp_recp, %lu wrong; planted control "
           "(exponent + 1): %lu of %lu differ%s\n",
           cases, wrong, planted - planted_same, planted,
           planted_same * 10 < planted ? "" : " (NOT CAUGHT)");
    BN_MONT_CTX_free(mont);
    return wrong == 0 && planted_same * 10 < planted ? 0 : 1;
}
