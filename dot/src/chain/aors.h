/*
 * The add-with-carry chain: one adc (sbb) per limb, carry kept in the flags register from the
 * first limb to the last. Every x86-64 runs it; it has the smallest fixed cost of all kernels,
 * so the dispatched entry points run it below each vector kernel's crossover (dispatch.c).
 *
 * Contract (as every add/sub kernel, dot.h): n >= 1, cin in {0, 1}; rp may equal up or vp, or
 * lie below them (rp <= up, rp <= vp), since every limb is loaded before any higher limb is
 * stored. Constant time: the only branches depend on n, so the _ct flavour is the same code.
 *
 * Shape: CF is set from cin, then one limb if n is odd, two if n & 2, then four a turn. Only
 * mov, lea, dec and jrcxz run between the adc (sbb) instructions: none of them writes CF. The
 * loop starts on a 32-byte boundary (the padding before it runs once a call, as NOPs): inlined
 * wherever the code before it happened to end, the dispatched add ran markedly slower than the
 * chain's own function at some sizes (`bench_addsub --small`; commit ec12905 has the figures).
 */
#ifndef DOT_CHAIN_AORS_H
#define DOT_CHAIN_AORS_H

#include "../dot_impl.h"

#define DOT_CHAIN_LIMB(op, off)                                                                    \
    "movq " off "(%[u]), %%rax\n\t" op " " off "(%[v]), %%rax\n\tmovq %%rax, " off "(%[r])\n\t"
#define DOT_CHAIN_STEP(bytes)                                                                      \
    "leaq " bytes "(%[u]), %[u]\n\tleaq " bytes "(%[v]), %[v]\n\tleaq " bytes "(%[r]), %[r]\n\t"

#define DOT_CHAIN(op)                                                                              \
    "btl $0, %k[cin]\n\t"                                                                          \
    "movq %[one], %%rcx\n\t"                                                                       \
    "jrcxz 1f\n\t" DOT_CHAIN_LIMB(op, "0") DOT_CHAIN_STEP(                                         \
        "8") "1:\n\t"                                                                              \
             "movq %[two], %%rcx\n\t"                                                              \
             "jrcxz 2f\n\t" DOT_CHAIN_LIMB(op, "0") DOT_CHAIN_LIMB(op, "8")                        \
                 DOT_CHAIN_STEP("16") "2:\n\t"                                                     \
                                      "movq %[fours], %%rcx\n\t"                                   \
                                      "jrcxz 4f\n"                                                 \
                                      ".p2align 5\n3:\n\t" DOT_CHAIN_LIMB(op, "0")                 \
                                          DOT_CHAIN_LIMB(op, "8") DOT_CHAIN_LIMB(op, "16")         \
                                              DOT_CHAIN_LIMB(op, "24")                             \
                                                  DOT_CHAIN_STEP("32") "decq %%rcx\n\t"            \
                                                                       "jnz 3b\n"                  \
                                                                       "4:\n\t"                    \
                                                                       "movl $0, %%eax\n\t"        \
                                                                       "adcl $0, %%eax\n\t"

DOT_ALWAYS_INLINE dot_limb_t chain_aors(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                        size_t n, dot_limb_t cin, dot_op op, dot_flavour flavour)
{
    (void)flavour;
    size_t one = n & 1, two = n & 2, fours = n >> 2;
    dot_limb_t out;
    if (op == DOT_OP_ADD)
        __asm__ volatile(DOT_CHAIN("adcq")
                         : "=&a"(out), [r] "+r"(rp), [u] "+r"(up), [v] "+r"(vp)
                         : [cin] "r"(cin), [one] "r"(one), [two] "r"(two), [fours] "r"(fours)
                         : "rcx", "cc", "memory");
    else
        __asm__ volatile(DOT_CHAIN("sbbq")
                         : "=&a"(out), [r] "+r"(rp), [u] "+r"(up), [v] "+r"(vp)
                         : [cin] "r"(cin), [one] "r"(one), [two] "r"(two), [fours] "r"(fours)
                         : "rcx", "cc", "memory");
    return out;
}

#endif
