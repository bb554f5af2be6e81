/* The paper's "scalar ADC" baseline: one add-with-carry (subtract-with-borrow) chain, written in
 * inline assembly because compilers do not reliably turn C carry code into an adc chain. Four
 * limbs a turn; the loop control (lea, dec, jrcxz) leaves the carry flag alone. */
#include "dot_baselines.h"

#define ADC_LOOP(op)                                                                               \
    "clc\n\t"                                                                                      \
    "jrcxz 2f\n"                                                                                   \
    "1:\n\t"                                                                                       \
    "movq (%[u]), %%rax\n\t" op " (%[v]), %%rax\n\t"                                               \
    "movq %%rax, (%[r])\n\t"                                                                       \
    "leaq 8(%[u]), %[u]\n\tleaq 8(%[v]), %[v]\n\tleaq 8(%[r]), %[r]\n\t"                           \
    "decq %%rcx\n\t"                                                                               \
    "jnz 1b\n"                                                                                     \
    "2:\n\t"                                                                                       \
    "movq %[blocks], %%rcx\n\t"                                                                    \
    "jrcxz 4f\n"                                                                                   \
    "3:\n\t"                                                                                       \
    "movq (%[u]), %%rax\n\t" op " (%[v]), %%rax\n\tmovq %%rax, (%[r])\n\t"                         \
    "movq 8(%[u]), %%rax\n\t" op " 8(%[v]), %%rax\n\tmovq %%rax, 8(%[r])\n\t"                      \
    "movq 16(%[u]), %%rax\n\t" op " 16(%[v]), %%rax\n\tmovq %%rax, 16(%[r])\n\t"                   \
    "movq 24(%[u]), %%rax\n\t" op " 24(%[v]), %%rax\n\tmovq %%rax, 24(%[r])\n\t"                   \
    "leaq 32(%[u]), %[u]\n\tleaq 32(%[v]), %[v]\n\tleaq 32(%[r]), %[r]\n\t"                        \
    "decq %%rcx\n\t"                                                                               \
    "jnz 3b\n"                                                                                     \
    "4:\n\t"                                                                                       \
    "movl $0, %%eax\n\t"                                                                           \
    "adcl $0, %%eax\n\t"

dot_limb_t dot_baseline_adc_add_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    size_t rest = n & 3, blocks = n >> 2;
    dot_limb_t carry;
    __asm__ volatile(ADC_LOOP("adcq")
                     : "=&a"(carry), [r] "+r"(rp), [u] "+r"(up), [v] "+r"(vp), "+c"(rest)
                     : [blocks] "r"(blocks)
                     : "cc", "memory");
    return carry;
}

dot_limb_t dot_baseline_adc_sub_n(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)
{
    size_t rest = n & 3, blocks = n >> 2;
    dot_limb_t borrow;
    __asm__ volatile(ADC_LOOP("sbbq")
                     : "=&a"(borrow), [r] "+r"(rp), [u] "+r"(up), [v] "+r"(vp), "+c"(rest)
                     : [blocks] "r"(blocks)
                     : "cc", "memory");
    return borrow;
}
