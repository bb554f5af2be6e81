/*
 * Montgomery arithmetic modulo a 4-limb (193- to 256-bit) odd m in general registers with BMI2
 * and ADX (mulx, adcx, adox), R = 2^256: the products of the 4-limb exponentiation (powm4.h).
 *
 * 1. The product (p4_mul): a b / R mod m for a, b < m, one asm block with every intermediate in
 *    registers. Four rows; row i adds a b_i to the accumulator (mulx, the low halves by adcx on
 *    the carry flag and the high halves by adox on the overflow flag, two chains at once), then
 *    q = t_0 m' mod 2^64 times m the same way, which clears the lowest limb; the six accumulator
 *    registers rotate by one a row, so nothing moves. The result is below 2m; one subtraction of
 *    m kept or dropped by a mask makes it below m, so every value stays fully reduced and nothing
 *    branches on it.
 * 2. The square (p4_sqr): the eight limbs of a^2 first (six cross products doubled, four squares:
 *    ten multiplies instead of sixteen), then four reduction rows on them; the same last
 *    subtraction.
 * 3. R^2 mod m without a full division (p4_prepare): 2^(bits - 1) doubled modulo m up to 2^272
 *    mod m = 2^16 R, then squared four times, each square doubling its offset over R: 2^32 R,
 *    2^64 R, 2^128 R, 2^256 R = R^2 mod m. The sliding window (not constant time) reaches
 *    2^320 mod m = 2^64 R by long division up to 63 bits a step instead (pow2_mod.h; two or
 *    three steps where doubling took 17 to 80 additions) and squares it twice.
 */
#ifndef DOT_MULX_MONT4_H
#define DOT_MULX_MONT4_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>
#include "../dot_impl.h"
#include "../pow2_mod.h" /* pow2_mod_shift */

/* 1: every product, square and doubling ends with the masked subtraction of m (p4_reduce); 0
 * only for the tests' planted control, which drops it */
#ifndef DOT_POWM4_REDUCE
#define DOT_POWM4_REDUCE 1
#endif

typedef struct {
    dot_limb_t m[4], mprime; /* m' = -m^-1 mod 2^64, read by the asm at 32 bytes past m */
    dot_limb_t rr[4];        /* R^2 mod m */
} p4_mod;
_Static_assert(__builtin_offsetof(p4_mod, mprime) == 32, "the products read m' at 32(m)");

/* clang-format off */
/* Row i of the product: T0..T5 += a b_i (T5 zero on entry), then T0..T5 += q m for
 * q = T0 m' mod 2^64, after which T0 is zero and the value sits in T1..T5. */
#define P4_ROW(off, T0, T1, T2, T3, T4, T5) \
    "movq " #off "(%[b]), %%rdx\n\t" \
    "xorl %%eax, %%eax\n\t" \
    P4_MULADD("a", T0, T1, T2, T3, T4, T5) \
    "movq %[" #T0 "], %%rdx\n\t" \
    "imulq 32(%[m]), %%rdx\n\t" \
    "xorl %%eax, %%eax\n\t" \
    P4_MULADD("m", T0, T1, T2, T3, T4, T5)
/* T0..T5 += rdx times the four limbs at %[p]: the low halves on the carry chain, the high
 * halves on the overflow chain, both chains closed into T4 and T5 (eax is zero) */
#define P4_MULADD(p, T0, T1, T2, T3, T4, T5) \
    P4_LIMB(p, 0, T0, T1) \
    P4_LIMB(p, 8, T1, T2) \
    P4_LIMB(p, 16, T2, T3) \
    P4_LIMB(p, 24, T3, T4) \
    "adcxq %%rax, %[" #T4 "]\n\t" \
    "adoxq %%rax, %[" #T5 "]\n\t" \
    "adcxq %%rax, %[" #T5 "]\n\t"
#define P4_LIMB(p, off, LO, HI) \
    "mulxq " #off "(%[" p "]), %[lo], %[hi]\n\t" \
    "adcxq %[lo], %[" #LO "]\n\t" \
    "adoxq %[hi], %[" #HI "]\n\t"
/* One row of the square's reduction: T0..T4 += q m for q = T0 m' mod 2^64 (T0 -> 0), c (the
 * carries the row before left at T4's position) added at T4, and c = the carries out of T4. */
#define P4_REDC_ROW(T0, T1, T2, T3, T4) \
    "movq %[" #T0 "], %%rdx\n\t" \
    "imulq 32(%[m]), %%rdx\n\t" \
    "xorl %%eax, %%eax\n\t" \
    P4_LIMB("m", 0, T0, T1) \
    P4_LIMB("m", 8, T1, T2) \
    P4_LIMB("m", 16, T2, T3) \
    P4_LIMB("m", 24, T3, T4) \
    "adcxq %[c], %[" #T4 "]\n\t" \
    "movl $0, %k[c]\n\t" \
    "adoxq %%rax, %[c]\n\t" \
    "adcxq %%rax, %[c]\n\t"
/* clang-format on */

/* r = {x0..x3, x4} - m where that leaves no borrow, else {x0..x3}: a value below 2m made below
 * m, the choice by a mask */
static inline __attribute__((always_inline)) void p4_reduce(dot_limb_t r[4], dot_limb_t x0,
                                                            dot_limb_t x1, dot_limb_t x2,
                                                            dot_limb_t x3, dot_limb_t x4,
                                                            const dot_limb_t m[4])
{
    unsigned long long d0, d1, d2, d3, d4;
    unsigned char borrow = _subborrow_u64(0, x0, m[0], &d0);
    borrow = _subborrow_u64(borrow, x1, m[1], &d1);
    borrow = _subborrow_u64(borrow, x2, m[2], &d2);
    borrow = _subborrow_u64(borrow, x3, m[3], &d3);
    borrow = _subborrow_u64(borrow, x4, 0, &d4);
    const dot_limb_t keep = DOT_POWM4_REDUCE ? 0 - (dot_limb_t)borrow : ~(dot_limb_t)0;
    r[0] = (x0 & keep) | (d0 & ~keep);
    r[1] = (x1 & keep) | (d1 & ~keep);
    r[2] = (x2 & keep) | (d2 & ~keep);
    r[3] = (x3 & keep) | (d3 & ~keep);
}

/* r = a b / R mod m, for a, b < m; r may be a or b. */
static inline __attribute__((always_inline)) void p4_mul(dot_limb_t r[4], const dot_limb_t a[4],
                                                         const dot_limb_t b[4], const p4_mod *md)
{
    dot_limb_t x0, x1, x2, x3, x4, x5, lo, hi;
    /* clang-format off */
    __asm__("xorl %k[x0], %k[x0]\n\t"
            "xorl %k[x1], %k[x1]\n\t"
            "xorl %k[x2], %k[x2]\n\t"
            "xorl %k[x3], %k[x3]\n\t"
            "xorl %k[x4], %k[x4]\n\t"
            "xorl %k[x5], %k[x5]\n\t"
            P4_ROW(0, x0, x1, x2, x3, x4, x5)
            P4_ROW(8, x1, x2, x3, x4, x5, x0)
            P4_ROW(16, x2, x3, x4, x5, x0, x1)
            P4_ROW(24, x3, x4, x5, x0, x1, x2)
            : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4),
              [x5] "=&r"(x5), [lo] "=&r"(lo), [hi] "=&r"(hi)
            : [a] "r"(a), [b] "r"(b), [m] "r"(md->m)
            : "rax", "rdx", "cc", "memory");
    /* clang-format on */
    /* the value, below 2m, is x4 x5 x0 x1 x2 from the low limb up */
    p4_reduce(r, x4, x5, x0, x1, x2, md->m);
}

/* r = a^2 / R mod m, for a < m; r may be a. The square first, in eight registers (the six cross
 * products once, doubled, then the four squares: ten multiplies instead of sixteen), then the
 * reduction's four rows on them, each row's carries kept in one register for the next. */
static inline __attribute__((always_inline)) void p4_sqr(dot_limb_t r[4], const dot_limb_t a[4],
                                                         const p4_mod *md)
{
    dot_limb_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    /* a's address, in a register that holds the carry word once the square is made */
    dot_limb_t c = (dot_limb_t)(uintptr_t)a;
    /* clang-format off */
    __asm__("xorl %k[t7], %k[t7]\n\t"
            /* a0 (a1, a2, a3) at 1..4 */
            "movq 0(%[c]), %%rdx\n\t"
            "mulxq 8(%[c]), %[t1], %[t2]\n\t"
            "mulxq 16(%[c]), %[lo], %[t3]\n\t"
            "addq %[lo], %[t2]\n\t"
            "mulxq 24(%[c]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            /* a1 (a2, a3) at 3..5 */
            "movq 8(%[c]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 16(%[c]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 24(%[c]), %[lo], %[t5]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %%rax, %[t5]\n\t"
            "adcxq %%rax, %[t5]\n\t"
            /* a2 a3 at 5..6 */
            "movq 16(%[c]), %%rdx\n\t"
            "mulxq 24(%[c]), %[lo], %[t6]\n\t"
            "addq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            /* doubled */
            "addq %[t1], %[t1]\n\t"
            "adcq %[t2], %[t2]\n\t"
            "adcq %[t3], %[t3]\n\t"
            "adcq %[t4], %[t4]\n\t"
            "adcq %[t5], %[t5]\n\t"
            "adcq %[t6], %[t6]\n\t"
            "adcq %[t7], %[t7]\n\t"
            /* the squares a_i^2 at 2i..2i+1 */
            "movq 0(%[c]), %%rdx\n\t"
            "mulxq %%rdx, %[t0], %[hi]\n\t"
            "addq %[hi], %[t1]\n\t"
            "movq 8(%[c]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "adcq %[hi], %[t3]\n\t"
            "movq 16(%[c]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t4]\n\t"
            "adcq %[hi], %[t5]\n\t"
            "movq 24(%[c]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t6]\n\t"
            "adcq %[hi], %[t7]\n\t"
            /* the reduction */
            "xorl %k[c], %k[c]\n\t"
            P4_REDC_ROW(t0, t1, t2, t3, t4)
            P4_REDC_ROW(t1, t2, t3, t4, t5)
            P4_REDC_ROW(t2, t3, t4, t5, t6)
            P4_REDC_ROW(t3, t4, t5, t6, t7)
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
              [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi),
              [c] "+r"(c)
            : [m] "r"(md->m)
            : "rax", "rdx", "cc", "memory");
    /* clang-format on */
    /* the value, below 2m, is t4..t7 and the carry word */
    p4_reduce(r, t4, t5, t6, t7, c, md->m);
}

/* x = 2x mod m for x < m: the doubled value and its carry, made below m as a product's is */
static inline void p4_double(dot_limb_t x[4], const dot_limb_t m[4])
{
    unsigned long long s[4];
    unsigned char c = _addcarry_u64(0, x[0], x[0], &s[0]);
    for (int i = 1; i < 4; i++)
        c = _addcarry_u64(c, x[i], x[i], &s[i]);
    p4_reduce(x, s[0], s[1], s[2], s[3], c, m);
}

static inline void p4_prepare(p4_mod *md, const dot_limb_t *mp, const int ct)
{
    memcpy(md->m, mp, sizeof md->m);
    dot_limb_t inv = mp[0]; /* m^-1 mod 2^64 by Newton's iteration: 3, 6, 12, 24, 48, 96 bits */
    for (int i = 0; i < 5; i++)
        inv *= 2 - mp[0] * inv;
    md->mprime = 0 - inv;
    const unsigned bits = 256 - (unsigned)__builtin_clzll(mp[3]);
    dot_limb_t x[4] = {0};
    x[(bits - 1) / 64] = (dot_limb_t)1 << ((bits - 1) % 64);
    const unsigned offset = ct ? 16 : 64; /* over R */
    if (ct)
        for (unsigned k = bits - 1; k < 256 + offset; k++)
            p4_double(x, mp);
    else
        pow2_mod_shift(x, mp, 4, 256 + offset - (bits - 1));
    for (unsigned o = offset; o < 256; o *= 2)
        p4_sqr(x, x, md);
    memcpy(md->rr, x, sizeof md->rr);
}

/* {rp, 4} = acc / R mod m, below m */
static inline void p4_finish(dot_limb_t *rp, const dot_limb_t acc[4], const p4_mod *md)
{
    static const dot_limb_t one[4] = {1};
    p4_mul(rp, acc, one, md);
}

#endif
