/*
 * Ren et al.'s carry-select resolution, the scalar half shared by the avx2 and avx512 versions.
 * Every limb's carry behaviour is one of three cases, known from its own add alone: kill,
 * propagate (the sum is all ones, or the difference zero), generate. Limb i becomes the 8-bit
 * operand pair (x_i, y_i) = (0, 0), (0xFF, 0) or (0xFF, 1): x_i + y_i + c is 0, 255 or 256 plus
 * the carry in c, so adding the packed bytes of eight limbs as two 64-bit integers makes every
 * byte carry exactly where the limb would. The carry that entered byte i is bit 8i of x^y^sum.
 */
#ifndef DOT_BASELINES_REN_BYTES_H
#define DOT_BASELINES_REN_BYTES_H

#include <stdint.h>
#include "../dot_impl.h"

#define REN_BYTE_LSBS UINT64_C(0x0101010101010101)

/* Bit i of an 8-bit mask to byte i (0 or 1): replicate the byte, keep bit i in byte i, and turn
 * "byte nonzero" into its top bit with an add that cannot carry across bytes. */
DOT_ALWAYS_INLINE uint64_t ren_spread(uint64_t mask8)
{
    uint64_t x = (mask8 * REN_BYTE_LSBS) & UINT64_C(0x8040201008040201);
    return ((x + UINT64_C(0x7F7F7F7F7F7F7F7F)) >> 7) & REN_BYTE_LSBS;
}

/* Bit 0 of byte i to bit i (the inverse of ren_spread). */
DOT_ALWAYS_INLINE uint64_t ren_gather(uint64_t bytes01)
{
    return (bytes01 * UINT64_C(0x0102040810204080)) >> 56;
}

/* Resolves `len` (1..8) limbs: gen and prop are their lane masks, *carry the carry in, replaced by
 * the carry out of limb len-1. Returns the mask of limbs that receive a carry. */
DOT_ALWAYS_INLINE uint64_t ren_resolve(uint64_t gen, uint64_t prop, unsigned len, uint64_t *carry)
{
    uint64_t x = ren_spread(gen | prop) * 0xFF, y = ren_spread(gen);
    unsigned __int128 sum = (unsigned __int128)x + y + *carry;
    unsigned __int128 into = sum ^ x ^ y;
    *carry = (uint64_t)(into >> (8 * len)) & 1;
    return ren_gather((uint64_t)into & REN_BYTE_LSBS);
}

#endif
