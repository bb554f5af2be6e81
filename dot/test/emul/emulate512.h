/*
 * TEST-ONLY. Lets the real AVX-512 (and IFMA) kernel sources compile and run on a CPU without
 * AVX-512: SIMDe supplies portable versions of most intrinsics under their native names; this
 * file adds the few that SIMDe 0.7.4 lacks. It is on the include path of the emulated test
 * build only, never of libdot or the patched libraries.
 */
#ifndef DOT_EMULATE512_H
#define DOT_EMULATE512_H

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <stdint.h>

/* Unsigned a < b per 64-bit lane: the complement of SIMDe's a >= b. */
static inline simde__mmask8 dot_emu_cmplt_epu64_mask(simde__m512i a, simde__m512i b)
{
    return (simde__mmask8)~simde_mm512_cmpge_epu64_mask(a, b);
}

/* Masked loads and stores touch only the selected lanes, so a tail past the end of an
 * operand is never read or written (as with the real instructions). */
static inline simde__m512i dot_emu_maskz_loadu_epi64(simde__mmask8 k, const void *p)
{
    uint64_t lanes[8] = {0};
    for (int i = 0; i < 8; i++)
        if (k & (1u << i))
            lanes[i] = ((const uint64_t *)p)[i];
    return simde_mm512_loadu_si512(lanes);
}

static inline void dot_emu_mask_storeu_epi64(void *p, simde__mmask8 k, simde__m512i v)
{
    uint64_t lanes[8];
    simde_mm512_storeu_si512(lanes, v);
    for (int i = 0; i < 8; i++)
        if (k & (1u << i))
            ((uint64_t *)p)[i] = lanes[i];
}

/* Arithmetic right shift of each signed 64-bit lane (SIMDe 0.7.4 has only the 16-bit one). */
static inline simde__m512i dot_emu_srai_epi64(simde__m512i a, unsigned int imm)
{
    int64_t lanes[8];
    simde_mm512_storeu_si512(lanes, a);
    for (int i = 0; i < 8; i++)
        lanes[i] = imm > 63 ? (lanes[i] < 0 ? -1 : 0) : lanes[i] >> imm; /* gcc: arithmetic */
    return simde_mm512_loadu_si512(lanes);
}

/* valignq: lanes imm..imm+7 of the 16-lane concatenation hi:lo (SIMDe 0.7.4 lacks the 64-bit
 * form). */
static inline simde__m512i dot_emu_alignr_epi64(simde__m512i hi, simde__m512i lo, int imm)
{
    uint64_t cat[16], out[8];
    simde_mm512_storeu_si512(cat, lo);
    simde_mm512_storeu_si512(cat + 8, hi);
    for (int i = 0; i < 8; i++)
        out[i] = cat[(i + (imm & 7)) % 16];
    return simde_mm512_loadu_si512(out);
}

/* The 256-bit forms the exponentiation's top vector uses (AVX512VL), which SIMDe 0.7.4 lacks:
 * valignq over the 8-lane concatenation hi:lo, vptestmq, and a ymm zero-extended to a zmm. */
static inline simde__m256i dot_emu_alignr_epi64_256(simde__m256i hi, simde__m256i lo, int imm)
{
    uint64_t cat[8], out[4];
    simde_mm256_storeu_si256((void *)cat, lo);
    simde_mm256_storeu_si256((void *)(cat + 4), hi);
    for (int i = 0; i < 4; i++)
        out[i] = cat[(i + (imm & 3)) % 8];
    return simde_mm256_loadu_si256((const void *)out);
}

static inline simde__mmask8 dot_emu_test_epi64_mask_256(simde__m256i a, simde__m256i b)
{
    uint64_t x[4], y[4];
    simde_mm256_storeu_si256((void *)x, a);
    simde_mm256_storeu_si256((void *)y, b);
    simde__mmask8 k = 0;
    for (int i = 0; i < 4; i++)
        k |= (simde__mmask8)(((x[i] & y[i]) != 0) << i);
    return k;
}

static inline simde__m512i dot_emu_zextsi256_si512(simde__m256i a)
{
    uint64_t lanes[8] = {0};
    simde_mm256_storeu_si256((void *)lanes, a);
    return simde_mm512_loadu_si512(lanes);
}

/* Unsigned a >= b per 64-bit lane, in the lanes of k only (SIMDe 0.7.4's native alias of this
 * one takes four arguments). */
static inline simde__mmask8 dot_emu_mask_cmpge_epu64_mask(simde__mmask8 k, simde__m512i a,
                                                          simde__m512i b)
{
    return (simde__mmask8)(k & simde_mm512_cmpge_epu64_mask(a, b));
}

#undef _mm512_srai_epi64
#define _mm512_srai_epi64 dot_emu_srai_epi64
#undef _mm512_mask_cmpge_epu64_mask
#define _mm512_mask_cmpge_epu64_mask dot_emu_mask_cmpge_epu64_mask
#undef _mm512_alignr_epi64
#define _mm512_alignr_epi64 dot_emu_alignr_epi64
#undef _mm256_alignr_epi64
#define _mm256_alignr_epi64 dot_emu_alignr_epi64_256
#undef _mm256_test_epi64_mask
#define _mm256_test_epi64_mask dot_emu_test_epi64_mask_256
#undef _mm512_zextsi256_si512
#define _mm512_zextsi256_si512 dot_emu_zextsi256_si512
#undef _mm512_cmplt_epu64_mask
#undef _mm512_maskz_loadu_epi64
#undef _mm512_mask_storeu_epi64
#define _mm512_cmplt_epu64_mask dot_emu_cmplt_epu64_mask
#define _mm512_maskz_loadu_epi64 dot_emu_maskz_loadu_epi64
#define _mm512_mask_storeu_epi64 dot_emu_mask_storeu_epi64

/* IFMA (vpmadd52luq/vpmadd52huq), in its own file. */
#include "emulate_ifma.h"

#endif
