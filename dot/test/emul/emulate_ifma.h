/*
 * TEST-ONLY. AVX-512 IFMA for the emulated build: SIMDe 0.7.4 has no vpmadd52luq/vpmadd52huq.
 * Written from Intel's definition: per 64-bit lane, the low 52 bits of b and of c are multiplied
 * into a 104-bit product; madd52lo adds its bits 0..51 to the accumulator lane a, madd52hi its
 * bits 52..103 (the addition wraps modulo 2^64, as the instruction's does). The masked forms
 * (_mm512_mask_madd52*) write only the lanes whose mask bit is set and keep a elsewhere.
 * Checked against hand-derived answers by dot/test/emul/test_ifma_shim.c.
 */
#ifndef DOT_EMULATE_IFMA_H
#define DOT_EMULATE_IFMA_H

#include <simde/x86/avx512.h>
#include <stdint.h>

#define DOT_EMU_MASK52 ((UINT64_C(1) << 52) - 1)

static inline simde__m512i dot_emu_madd52(simde__m512i a, simde__m512i b, simde__m512i c, int high)
{
    uint64_t acc[8], x[8], y[8];
    simde_mm512_storeu_si512(acc, a);
    simde_mm512_storeu_si512(x, b);
    simde_mm512_storeu_si512(y, c);
    for (int i = 0; i < 8; i++) {
        unsigned __int128 p = (unsigned __int128)(x[i] & DOT_EMU_MASK52) * (y[i] & DOT_EMU_MASK52);
        acc[i] += (uint64_t)(high ? p >> 52 : p) & DOT_EMU_MASK52;
    }
    return simde_mm512_loadu_si512(acc);
}

static inline simde__m512i dot_emu_madd52lo_epu64(simde__m512i a, simde__m512i b, simde__m512i c)
{
    return dot_emu_madd52(a, b, c, 0);
}

static inline simde__m512i dot_emu_madd52hi_epu64(simde__m512i a, simde__m512i b, simde__m512i c)
{
    return dot_emu_madd52(a, b, c, 1);
}

static inline simde__m512i dot_emu_mask_madd52(simde__m512i a, simde__mmask8 k, simde__m512i b,
                                               simde__m512i c, int high)
{
    uint64_t keep[8], all[8];
    simde_mm512_storeu_si512(keep, a);
    simde_mm512_storeu_si512(all, dot_emu_madd52(a, b, c, high));
    for (int i = 0; i < 8; i++)
        if (!((k >> i) & 1))
            all[i] = keep[i];
    return simde_mm512_loadu_si512(all);
}

static inline simde__m512i dot_emu_mask_madd52lo_epu64(simde__m512i a, simde__mmask8 k,
                                                       simde__m512i b, simde__m512i c)
{
    return dot_emu_mask_madd52(a, k, b, c, 0);
}

static inline simde__m512i dot_emu_mask_madd52hi_epu64(simde__m512i a, simde__mmask8 k,
                                                       simde__m512i b, simde__m512i c)
{
    return dot_emu_mask_madd52(a, k, b, c, 1);
}

/* The 256-bit forms (AVX512VL + IFMA): the same on four lanes, the upper four zero. */
static inline simde__m256i dot_emu_madd52_256(simde__m256i a, simde__m256i b, simde__m256i c,
                                              int high)
{
    uint64_t x[8] = {0}, y[8] = {0}, z[8] = {0}, out[8];
    simde_mm256_storeu_si256((void *)x, a);
    simde_mm256_storeu_si256((void *)y, b);
    simde_mm256_storeu_si256((void *)z, c);
    simde_mm512_storeu_si512(out,
                             dot_emu_madd52(simde_mm512_loadu_si512(x), simde_mm512_loadu_si512(y),
                                            simde_mm512_loadu_si512(z), high));
    return simde_mm256_loadu_si256((const void *)out);
}

static inline simde__m256i dot_emu_madd52lo_epu64_256(simde__m256i a, simde__m256i b,
                                                      simde__m256i c)
{
    return dot_emu_madd52_256(a, b, c, 0);
}

static inline simde__m256i dot_emu_madd52hi_epu64_256(simde__m256i a, simde__m256i b,
                                                      simde__m256i c)
{
    return dot_emu_madd52_256(a, b, c, 1);
}

#undef _mm256_madd52lo_epu64
#undef _mm256_madd52hi_epu64
#define _mm256_madd52lo_epu64 dot_emu_madd52lo_epu64_256
#define _mm256_madd52hi_epu64 dot_emu_madd52hi_epu64_256
#undef _mm512_madd52lo_epu64
#undef _mm512_madd52hi_epu64
#undef _mm512_mask_madd52lo_epu64
#undef _mm512_mask_madd52hi_epu64
#define _mm512_madd52lo_epu64 dot_emu_madd52lo_epu64
#define _mm512_madd52hi_epu64 dot_emu_madd52hi_epu64
#define _mm512_mask_madd52lo_epu64 dot_emu_mask_madd52lo_epu64
#define _mm512_mask_madd52hi_epu64 dot_emu_mask_madd52hi_epu64

#endif
