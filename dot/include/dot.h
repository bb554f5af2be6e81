/*
 * libdot: DigitsOnTurbo big-integer kernels with run-time instruction-set dispatch.
 *
 * Limbs are 64-bit, least significant first (GMP's mpn and OpenSSL's BN_ULONG layout).
 *
 * Contracts shared by every n-limb kernel:
 *   - n >= 1;
 *   - rp may equal up or vp, or start below them (rp <= up, rp <= vp: GMP's rule for
 *     mpn_add_n, which its division and square root rely on); rp must not start above an input
 *     it overlaps;
 *   - no alignment is required of any pointer.
 *
 * The *_ct flavours execute the same instructions and touch the same addresses for every input
 * of a given n: no branch and no memory access depends on limb values.
 *
 * Size-aware add/sub: below a crossover size (per operation and flavour, per CPU family; see
 * dot_crossovers_active) the dispatched add/sub entry points run the add-with-carry chain, whose
 * fixed cost is the smallest, and the variant's vector kernel from there on. Sizes are public, so
 * the _ct flavours stay constant-time. DOT_CROSSOVER overrides the defaults:
 *   DOT_CROSSOVER=N                      every operation and flavour, N a decimal limb count
 *   DOT_CROSSOVER=add_n=N,sub_n_ct=M     only the ones named (add_n, sub_n, add_n_ct, sub_n_ct;
 *                                        the carry-in entry points follow their _n operation)
 * N = 0 runs the vector kernel at every size, N = max the chain at every size. A malformed value
 * prints a message to stderr and aborts on first use, as a bad DOT_ISA does.
 * The AVX-512 variants' _ct kernel comes in two forms of one algorithm, chosen per CPU family
 * (dot_settings() says which, as "ct=shift" or "ct=mask"); DOT_CT_FORM=shift or DOT_CT_FORM=mask
 * overrides the choice (any other value aborts the same way; variants with one form ignore it).
 */
#ifndef DOT_H
#define DOT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The shared library exports the API; the static archive keeps it hidden so that a library
 * linking libdot in (the patched GMP and OpenSSL) does not re-export it. */
#if defined(DOT_BUILD_SHARED)
#define DOT_API __attribute__((visibility("default")))
#else
#define DOT_API
#endif

typedef uint64_t dot_limb_t;

/* {rp, n} = {up, n} + {vp, n}; returns the carry out (0 or 1). */
DOT_API dot_limb_t dot_add_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n);
/* {rp, n} = {up, n} - {vp, n}; returns the borrow out (0 or 1). */
DOT_API dot_limb_t dot_sub_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n);
/* Constant-time flavours of the two above. */
DOT_API dot_limb_t dot_add_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                size_t n);
DOT_API dot_limb_t dot_sub_n_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                size_t n);
/* Carry-in forms (GMP's mpn_add_nc / mpn_sub_nc): {rp, n} = {up, n} + {vp, n} + cin, and
 * {up, n} - {vp, n} - cin; cin must be 0 or 1; return the carry (borrow) out. */
DOT_API dot_limb_t dot_add_nc(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n,
                              dot_limb_t cin);
DOT_API dot_limb_t dot_sub_nc(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n,
                              dot_limb_t cin);
DOT_API dot_limb_t dot_add_nc_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                 size_t n, dot_limb_t cin);
DOT_API dot_limb_t dot_sub_nc_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                 size_t n, dot_limb_t cin);

/* {rp, 8} = {up, 4} * {vp, 4}. rp must not overlap up or vp. */
DOT_API void dot_mul_4x4(dot_limb_t rp[8], const dot_limb_t up[4], const dot_limb_t vp[4]);
/* {rp, 8} = {up, 4}^2. rp must not overlap up. */
DOT_API void dot_sqr_4x4(dot_limb_t rp[8], const dot_limb_t up[4]);
/* Radix 2^52: every input digit is < 2^52; rp[0..9] receives the product's ten 52-bit digits.
 * rp must not overlap up or vp. */
DOT_API void dot_mul_5x5_r52(dot_limb_t rp[10], const dot_limb_t up[5], const dot_limb_t vp[5]);

/* {rp, un + vn} = {up, un} * {vp, vn} by schoolbook, for 1 <= vn <= un and vn <=
 * DOT_MUL_BASECASE_MAX (GMP's mpn_mul_basecase sizes; a longer u is taken in chunks of
 * DOT_MUL_BASECASE_MAX limbs): the IFMA kernel when the dispatched variant is ifma (radix 2^52
 * inside, 64-bit limbs in and out), else a portable C loop. rp must not overlap up or vp. */
#define DOT_MUL_BASECASE_MAX 64
DOT_API void dot_mul_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                              size_t vn);
/* {rp, 2n} = {up, n}^2 by schoolbook, for 1 <= n <= DOT_MUL_BASECASE_MAX (GMP's
 * mpn_sqr_basecase): each cross product once, doubled. The IFMA kernel or the C loop as for
 * dot_mul_basecase. rp must not overlap up. */
DOT_API void dot_sqr_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t n);

/* Where the two schoolbook entry points above pay in a library that has a fast schoolbook of its
 * own (GMP's assembly mpn_mul_basecase/mpn_sqr_basecase), measured on this CPU family: hand
 * dot_mul_basecase the products with mul_from <= vn <= un <= DOT_MUL_BASECASE_MAX and
 * dot_sqr_basecase the squares with sqr_from <= n <= DOT_MUL_BASECASE_MAX, and, since a faster
 * schoolbook moves the crossover to Karatsuba, start Karatsuba products at karatsuba_mul limbs
 * and squares at karatsuba_sqr. Without the IFMA kernels (the C loops are slower than such a
 * library's own code) or with DOT_BASECASE=off: mul_from = sqr_from = SIZE_MAX and
 * karatsuba_* = 0, meaning "keep your own". The same table holds dot_powm's window (powm_from,
 * below). DOT_BASECASE may also set any of the five with the IFMA kernels, the others coming from
 * the table: a list such as "mul=16,sqr=28,karatsuba_mul=64,karatsuba_sqr=64,powm=7", mul and
 * sqr from DOT_BASECASE_WINDOW_MIN to DOT_MUL_BASECASE_MAX or "off", the Karatsuba thresholds
 * from DOT_BASECASE_WINDOW_MIN to DOT_MUL_BASECASE_MAX + 1 or "own" (GMP's), powm from
 * DOT_POWM_MIN to DOT_POWM_MAX or "off", powm4 "on" or "off" (the 4-limb exponentiation, below;
 * on every variant, not only with the IFMA kernels). Any other value prints a message and aborts,
 * on every variant. (The patched GMP copies these into its own thresholds at its first schoolbook call of
 * DOT_BASECASE_WINDOW_MIN limbs or more.)
 * No window starts below DOT_BASECASE_WINDOW_MIN and no Karatsuba threshold here is below it, on
 * any CPU (the kernels' fixed cost loses below it): a library may send a smaller operand to its
 * own schoolbook after one compare with this constant, without reading the window. */
#define DOT_BASECASE_WINDOW_MIN 12
typedef struct dot_basecase_tuning {
    size_t mul_from, sqr_from, karatsuba_mul, karatsuba_sqr;
    size_t powm_from; /* dot_powm takes moduli of powm_from to DOT_POWM_MAX limbs; SIZE_MAX: none */
    const char *source; /* e.g. "zen4 table", "DOT_BASECASE=off", "no ifma kernel" */
    int powm4; /* 1: dot_powm, dot_powm_ct and dot_powm_ct_x2 take moduli of 4 limbs (below) */
} dot_basecase_tuning;
/* The window in force (resolved with the variant, on first use). */
DOT_API const dot_basecase_tuning *dot_basecase_active(void);

/* {rp, n} = {bp, n}^{ep, en} mod {mp, n} with the IFMA kernels: radix-2^52 Montgomery products,
 * a sliding window of up to 6 bits, R^2 mod m by long-division steps. For m odd, m > 1,
 * mp[n - 1] != 0, b < m, en >= 1 (e = 0 gives 1); rp may be bp but no other operand. Not constant
 * time (the window's table index and the products' normalisation follow the data), like GMP's
 * mpn_powm, which it serves (and OpenSSL's BN_mod_exp_mont). Takes the call and returns 1 when the
 * dispatched variant is ifma, powm_from <= n <= DOT_POWM_MAX (the window above: where it beats
 * GMP's own exponentiation on this CPU family) and the exponent's bits times (n - powm_from + 1)
 * reach 32 (any length from powm_from + 31 limbs: below, a short exponent, 3 or 65537, may not
 * repay the set-up), e is above 1 (0 and 1 GMP answers at once) and of 3 bits or more past 128
 * limbs (a square's set-up is not repaid there); otherwise returns 0 and leaves rp alone, for the
 * caller's own code.
 * No family's window starts below DOT_POWM_MIN (the kernel loses to GMP's assembly there on
 * Zen 4): a library may keep smaller moduli after one compare with this constant, except n = 4:
 * moduli of 4 limbs (RSA-512's CRT halves, GMPbench's rsa 512; dot_powm: e of 33 bits or more) go to a
 * kernel in general registers (mulx, adcx, adox; a fixed 4x4-limb Montgomery product in one asm
 * block) on every variant, where the table's powm4 is 1: on CPUs with BMI2 and ADX unless
 * DOT_BASECASE is off or says powm4=off (DOT_CPU_DISABLE=adx stands in for a CPU without them). */
#define DOT_POWM_MIN 7
#define DOT_POWM4 4
/* Moduli of up to 256 limbs (16384 bits: FFDH-8192, RSA-15360's CRT halves and its public
 * operations); past about 102 limbs the kernel's product runs from memory (ifma/powm_amm_wide.h).
 * An exponentiation's stack grows with the modulus and its table of powers (a public exponent's
 * is one entry): at most DOT_POWM_STACK_128 bytes up to 128 limbs and DOT_POWM_STACK up to
 * DOT_POWM_MAX (test_powm_stack measures each entry point against them); a thread that calls it
 * at those sizes needs that much stack free. */
#define DOT_POWM_MAX 256
#define DOT_POWM_STACK_128 (96 * 1024)
#define DOT_POWM_STACK (176 * 1024)
DOT_API int dot_powm(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                     const dot_limb_t *mp, size_t n);
/* Whether dot_powm takes a call with the exponent {ep, en} (en >= 1) and a modulus of n limbs, on
 * this CPU with the window in force: 1 where it would run it, 0 where it would decline. It reads
 * no operand but the exponent's top limbs. A library asks it before preparing dot_powm's base
 * (reduced mod m, padded to n limbs), so that a call declined (a public exponent near the window's
 * start, any size outside it, every size on a CPU without IFMA but 4 limbs) costs this call. */
DOT_API int dot_powm_takes(const dot_limb_t *ep, size_t en, size_t n);
/* dot_powm with the caller's {rr, n} = 2^(128n) mod m, fully reduced: the R^2 of Montgomery
 * arithmetic in 64-bit limbs, which a library keeps for each modulus it uses (OpenSSL's
 * BN_MONT_CTX). Where m's top limb holds enough bits (104k >= 128n for the kernel's digit count
 * k = ceil((bits(m) + 2) / 52): at 8 limbs, m of 467 bits or more) the IFMA kernel's R^2 is rr
 * times a power of two, one or two long-division steps, and the set-up that keeps short
 * exponents from dot_powm is mostly spared: then any exponent of a modulus in the IFMA window is
 * taken, a public one (3, 65537) included. Elsewhere it takes what dot_powm takes and runs it the
 * same way. Same contract as dot_powm besides; rr overlaps no output. Returns 1 with {rp, n}
 * written, or 0 with rp left alone. */
DOT_API int dot_powm_rr(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                        const dot_limb_t *mp, size_t n, const dot_limb_t *rr);
/* Whether dot_powm_rr takes a call with the exponent {ep, en} (en >= 1) and the modulus {mp, n}
 * (its top limb read, for its bit length): the rule alone, asked before the base is prepared. */
DOT_API int dot_powm_rr_takes(const dot_limb_t *ep, size_t en, const dot_limb_t *mp, size_t n);
/* Two bases, one modulus: {rp, n} = {b1, n}^{e1, e1n} {b2, n}^{e2, e2n} mod {mp, n} (OpenSSL's
 * BN_mod_exp2_mont: DSA verification's g^u1 y^u2 mod p) with dot_powm's IFMA kernel in one pass:
 * a sliding window over both exponents, one square a bit of the longer one for both. Each pair
 * (b, e) has dot_powm's contract, e1n, e2n >= 1, an exponent 0 contributes 1; rp may be b1 or b2
 * but no other operand. Not constant time. Takes the call and returns 1 where dot_powm's IFMA
 * window holds n and the longer exponent is long enough by dot_powm's rule; moduli of 4 limbs
 * (no form in general registers) and the rest are declined: 0, rp left alone. */
DOT_API int dot_powm2(dot_limb_t *rp, const dot_limb_t *b1, const dot_limb_t *e1, size_t e1n,
                      const dot_limb_t *b2, const dot_limb_t *e2, size_t e2n, const dot_limb_t *mp,
                      size_t n);
/* Whether dot_powm2 takes a call with these exponents (e1n, e2n >= 1) and a modulus of n limbs:
 * its rule alone, from the exponents' top limbs, for a library to ask before it prepares the
 * bases. */
DOT_API int dot_powm2_takes(const dot_limb_t *e1, size_t e1n, const dot_limb_t *e2, size_t e2n,
                            size_t n);
/* dot_powm's constant-time flavour, for secret exponents and bases (OpenSSL's
 * BN_mod_exp_mont_consttime): the instructions it runs and the addresses it touches depend on n,
 * en and the bit length of m only. Fixed windows over all 64 * en bits of e (leading zero limbs
 * included), a table of every power read whole at each use, normalisation and reductions by
 * mask. Same contract and the same window (powm_from, and n = 4 with powm4) as dot_powm: returns
 * 0 and leaves rp alone outside it. */
DOT_API int dot_powm_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                        const dot_limb_t *mp, size_t n);
/* Whether dot_powm_ct and dot_powm_ct_x2 take a modulus of n limbs (n >= 1) on this CPU with the
 * window in force: 1 where they would run the call, 0 where they would decline. Their rule reads
 * the size alone (a public value), so a library asks it before it compares, pads or copies the
 * secret operands, and a call declined (every size on a CPU without IFMA but 4 limbs) costs this
 * call. */
DOT_API int dot_powm_ct_takes(size_t n);
/* Two of dot_powm_ct's exponentiations at once, {r1, n} = {b1, n}^{e1, en} mod {m1, n} and
 * {r2, n} = {b2, n}^{e2, en} mod {m2, n} (an RSA private operation's CRT halves): where m1 and m2
 * have the same bit length their products run in one loop, one's latency hidden behind the
 * other's work; otherwise one after the other. Each pair of operands has dot_powm_ct's contract;
 * r1 and r2 may be b1 and b2 but no other operand. Constant time in the same sense, the bit
 * lengths of both moduli public. Returns 1 with both results written where n lies in
 * dot_powm_ct's window (or is 4 with powm4), else 0 with r1 and r2 left alone. */
DOT_API int dot_powm_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                           const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                           const dot_limb_t *e2, const dot_limb_t *m2, size_t en, size_t n);

/* One instruction-set variant's kernels, each at every size (no crossover applied). Every
 * pointer is non-NULL: where a variant's own version of a kernel is missing or slower, the table
 * carries the best one it can run (the *_from fields say whose). */
typedef struct dot_kernels {
    const char *name; /* "scalar", "chain", "sse", "avx2", "avx512", "ifma" */
    dot_limb_t (*add_n)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
    dot_limb_t (*sub_n)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
    dot_limb_t (*add_n_ct)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
    dot_limb_t (*sub_n_ct)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
    void (*mul_4x4)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
    void (*sqr_4x4)(dot_limb_t *, const dot_limb_t *);
    void (*mul_5x5_r52)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
    const char *addsub_from; /* which variant's add/sub code the table holds */
    const char *mul_from;    /* whose mul/sqr/r52 code the table holds and which CPU family's
                              * measurements chose it, e.g. "scalar, ifma for mul_5x5_r52 (zen4
                              * table)" */
    /* the carry-in forms of the four add/sub kernels above */
    dot_limb_t (*add_nc)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t, dot_limb_t);
    dot_limb_t (*sub_nc)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t, dot_limb_t);
    dot_limb_t (*add_nc_ct)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                            dot_limb_t);
    dot_limb_t (*sub_nc_ct)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                            dot_limb_t);
} dot_kernels;

/* Operand sizes (limbs) below which the dispatched add/sub entry points run the add-with-carry
 * chain instead of the variant's vector kernel. SIZE_MAX: the chain at every size; 0: never. */
typedef struct dot_crossovers {
    size_t add_n, sub_n, add_n_ct, sub_n_ct;
    const char *source; /* where the values come from, e.g. "zen4 table" or "DOT_CROSSOVER" */
} dot_crossovers;

/* The crossovers the dispatched entry points use (resolved with the variant, on first use). */
DOT_API const dot_crossovers *dot_crossovers_active(void);
/* One line for provenance, e.g. "isa=ifma crossover=add_n:32,sub_n:32,add_n_ct:32,sub_n_ct:32
 * (zen4 table) mul=scalar, ifma for mul_5x5_r52 (zen4 table)". */
DOT_API const char *dot_settings(void);

/* Name of the variant the dot_* entry points run (resolved once, on first use).
 * DOT_ISA=scalar|chain|sse|avx2|avx512|ifma in the environment forces one; forcing an unknown name or a
 * variant this CPU (or OS) cannot run prints a message to stderr and aborts. */
DOT_API const char *dot_isa(void);
/* 1 if the named variant is known and can run here, else 0. DOT_CPU_DISABLE=avx512,ifma (any of
 * sse42, avx2, avx512, ifma) makes libdot treat those CPU features as absent; any other item (a
 * capital, a space, an empty item) prints a message to stderr and aborts. */
DOT_API int dot_isa_supported(const char *name);
/* The kernel table of a named variant, or NULL if it is unknown or cannot run here. */
DOT_API const dot_kernels *dot_kernels_for(const char *name);
/* Names of every variant built into this library, best last; NULL-terminated. */
DOT_API const char *const *dot_isa_names(void);
/* libdot's version string, e.g. "0.1.0". */
DOT_API const char *dot_version(void);

#ifdef __cplusplus
}
#endif

#endif
