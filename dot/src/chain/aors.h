/*
 * The add-with-carry chain: one adc (sbb) per limb, carry kept in the flags register from the
 * first limb to the last. Every x86-64 runs it; it has the smallest fixed cost of all kernels,
 * so the dispatched entry points run it below each vector kernel's crossover (dispatch.c).
 *
 * Contract (as every add/sub kernel, dot.h): n >= 1, cin in {0, 1}; rp may equal up or vp, or
 * lie below them (rp <= up, rp <= vp), since every limb is loaded before any higher limb is
 * stored. Constant time: the only branches depend on n, so the _ct flavour is the same code.
 *
 * Shape: n / 4 turns of four limbs, then the n % 4 last ones (the order GMP's loop uses), with five
 * instructions before the first turn (eight in the dispatched entry of e5502c0): the head-first
 * form it replaced (one limb if n was odd, two if n & 2, each behind a jrcxz, then the turns) took
 * 18 in the dispatched entry (objdump of dot_add_n), and the dispatched entry points trailed GMP's
 * asm at most sizes from 8 to 32 limbs on the Intel VM (results/MEASUREMENTS.md, "The chain's
 * shape"). Only mov, lea, dec, jl, jnz and jrcxz run between the adc (sbb) instructions: none of
 * them writes CF. An entry point without a carry in (a constant 0) starts with clc, the others set
 * CF from cin with bt. The loop starts on a 32-byte boundary (the padding before it runs once a
 * call, as NOPs): inlined wherever the code before it happened to end, the dispatched add ran
 * markedly slower than the chain's own function at some sizes (`bench_addsub --small`; commit
 * ec12905 has the figures). The dispatched entry points run the software-pipelined form below
 * (chain_aors_pipelined); the vector kernels' heads and tails inline this one, which needs three
 * registers fewer (with the other form they lost 13-32% at 32-64 limbs on Zen 4,
 * results/MEASUREMENTS.md).
 */
#ifndef DOT_CHAIN_AORS_H
#define DOT_CHAIN_AORS_H

#include "../dot_impl.h"

#define DOT_CHAIN_LIMB(op, off)                                                                    \
    "movq " off "(%[u]), %%rax\n\t" op " " off "(%[v]), %%rax\n\tmovq %%rax, " off "(%[r])\n\t"
#define DOT_CHAIN_STEP(bytes)                                                                      \
    "leaq " bytes "(%[u]), %[u]\n\tleaq " bytes "(%[v]), %[v]\n\tleaq " bytes "(%[r]), %[r]\n\t"

/* One of the n % 4 last limbs: t counts them down; dec leaves CF alone. */
#define DOT_CHAIN_TAIL_LIMB(op, off) "decl %k[t]\n\tjl 3f\n\t" DOT_CHAIN_LIMB(op, off)
/* Label 2: the n % 4 last limbs, then the carry (borrow) out in eax; both chains end so. */
#define DOT_CHAIN_TAIL(op)                                                                         \
    "2:\n\t" DOT_CHAIN_TAIL_LIMB(op, "0") DOT_CHAIN_TAIL_LIMB(op, "8")                             \
        DOT_CHAIN_TAIL_LIMB(op, "16") "3:\n\tmovl $0, %%eax\n\tadcl $0, %%eax\n\t"

/* CF from cin (cf: "clc", or "btl $0, %k[cin]"), the n / 4 turns of four limbs (rcx, which holds
 * n on entry), then the n % 4 last limbs. */
#define DOT_CHAIN(op, cf)                                                                          \
    "movl %%ecx, %k[t]\n\tshrq $2, %%rcx\n\tandl $3, %k[t]\n\t" cf "\n\tjrcxz 2f\n"                \
    ".p2align 5\n1:\n\t" DOT_CHAIN_LIMB(op, "0") DOT_CHAIN_LIMB(op, "8") DOT_CHAIN_LIMB(op, "16")  \
        DOT_CHAIN_LIMB(op, "24") DOT_CHAIN_STEP("32") "decq %%rcx\n\tjnz 1b\n" DOT_CHAIN_TAIL(op)
/* the chain for op with CF set by cf; the inputs are [cin] for the bt form, none for clc */
#define DOT_CHAIN_RUN(op, cf, ...)                                                                 \
    __asm__ volatile(DOT_CHAIN(op, cf)                                                             \
                     : "=&a"(out), [t] "=&r"(t), [r] "+r"(rp), [u] "+r"(up), [v] "+r"(vp),         \
                       "+c"(turns)                                                                 \
                     : __VA_ARGS__                                                                 \
                     : "cc", "memory")

/* The four forms of a chain (RUN: DOT_CHAIN_RUN or DOT_CHAIN_PIPE_RUN): adc or sbb, and clc for the
 * entries without a carry in (cin the constant 0) or bt from cin for the others. */
#define DOT_CHAIN_FORMS(RUN)                                                                       \
    do {                                                                                           \
        const int no_carry_in = __builtin_constant_p(cin) && cin == 0;                             \
        if (op == DOT_OP_ADD && no_carry_in)                                                       \
            RUN("adcq", "clc", );                                                                  \
        else if (op == DOT_OP_ADD)                                                                 \
            RUN("adcq", "btl $0, %k[cin]", [cin] "r"(cin));                                        \
        else if (no_carry_in)                                                                      \
            RUN("sbbq", "clc", );                                                                  \
        else                                                                                       \
            RUN("sbbq", "btl $0, %k[cin]", [cin] "r"(cin));                                        \
    } while (0)

/* The chain over n limbs, leaving *rpp, *upp and *vpp past them: the asm moves its pointers over
 * the turns of four anyway, so a caller that goes on after these limbs keeps no copy of them
 * (avx512/aors.h's in-place head, which then needs no callee-saved register). */
DOT_ALWAYS_INLINE dot_limb_t chain_aors_past(dot_limb_t **rpp, const dot_limb_t **upp,
                                             const dot_limb_t **vpp, size_t n, dot_limb_t cin,
                                             dot_op op)
{
    dot_limb_t *rp = *rpp, out;
    const dot_limb_t *up = *upp, *vp = *vpp;
    unsigned t;
    size_t turns = n;
    DOT_CHAIN_FORMS(DOT_CHAIN_RUN);
    *rpp = rp + n % 4, *upp = up + n % 4, *vpp = vp + n % 4;
    return out;
}

DOT_ALWAYS_INLINE dot_limb_t chain_aors(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                        size_t n, dot_limb_t cin, dot_op op, dot_flavour flavour)
{
    (void)flavour;
    return chain_aors_past(&rp, &up, &vp, n, cin, op);
}

/* The same chain software-pipelined, for the dispatched entry points (dispatch.c): the first
 * turn's four limbs of u are loaded before the loop, and each turn loads the next turn's four
 * after storing its own (rp <= up, so those limbs are not yet overwritten). The loads of u then
 * run a turn ahead of the adc chain, which helps where they wait on stores still in flight (in
 * place back to back, right after scalar code wrote u). rax carries the first limb of a turn,
 * the tail's limbs and the carry out. Fewer than four limbs skip the turns on ZF from shrq, which
 * clc and bt leave alone. */
#define DOT_CHAIN_LOAD4                                                                            \
    "movq (%[u]), %%rax\n\tmovq 8(%[u]), %[b]\n\tmovq 16(%[u]), %[c]\n\tmovq 24(%[u]), %[d]\n\t"
#define DOT_CHAIN_TURN4(op)                                                                        \
    op " (%[v]), %%rax\n\t" op " 8(%[v]), %[b]\n\t" op " 16(%[v]), %[c]\n\t" op                    \
       " 24(%[v]), %[d]\n\t"                                                                       \
       "movq %%rax, (%[r])\n\tmovq %[b], 8(%[r])\n\tmovq %[c], 16(%[r])\n\tmovq %[d], "            \
       "24(%[r])\n\t" DOT_CHAIN_STEP("32")
#define DOT_CHAIN_PIPE(op, cf)                                                                     \
    "movl %%ecx, %k[t]\n\tandl $3, %k[t]\n\tshrq $2, %%rcx\n\t" cf "\n\tjz 2f\n\t" DOT_CHAIN_LOAD4 \
    "decq %%rcx\n\tjz 4f\n\t.p2align 5\n1:\n\t" DOT_CHAIN_TURN4(op) DOT_CHAIN_LOAD4                \
        "decq %%rcx\n\tjnz 1b\n4:\n\t" DOT_CHAIN_TURN4(op) "\n" DOT_CHAIN_TAIL(op)
#define DOT_CHAIN_PIPE_RUN(op, cf, ...)                                                            \
    __asm__ volatile(DOT_CHAIN_PIPE(op, cf)                                                        \
                     : "=&a"(out), [t] "=&r"(t), [r] "+r"(rp), [u] "+r"(up), [v] "+r"(vp),         \
                       "+c"(turns), [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d)                       \
                     : __VA_ARGS__                                                                 \
                     : "cc", "memory")

/* chain_aors's contract and result, pipelined (above): the dispatched entry points' chain. */
DOT_ALWAYS_INLINE dot_limb_t chain_aors_pipelined(dot_limb_t *rp, const dot_limb_t *up,
                                                  const dot_limb_t *vp, size_t n, dot_limb_t cin,
                                                  dot_op op)
{
    dot_limb_t out, b, c, d;
    unsigned t;
    size_t turns = n;
    DOT_CHAIN_FORMS(DOT_CHAIN_PIPE_RUN);
    return out;
}

#endif
