/* Portable reference radix-2^52 5x5-digit product: product scanning, one 128-bit column sum at a
 * time (five products below 2^104 each, plus the carry in, stay far below 2^128), its low 52 bits
 * out and the rest carried into the next column. Unrolled, so the columns live in registers
 * rather than in a stack array of column sums (bench_mul, results/). */
#include "../dot_impl.h"

typedef unsigned __int128 dot_u128;

#define DOT_R52_MASK ((UINT64_C(1) << 52) - 1)

void dot_scalar_mul_5x5_r52(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    dot_u128 acc = 0;
#pragma GCC unroll 9
    for (int c = 0; c < 9; c++) {
#pragma GCC unroll 5
        for (int i = 0; i < 5; i++)
            if (c - i >= 0 && c - i < 5)
                acc += (dot_u128)up[i] * vp[c - i];
        rp[c] = (dot_limb_t)acc & DOT_R52_MASK;
        acc >>= 52;
    }
    rp[9] = (dot_limb_t)acc; /* below 2^52: the product of two 260-bit numbers fits 520 bits */
}
