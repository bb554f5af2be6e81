/*
 * Internal to the IFMA PMNS kernels (pmns_mul.c: one product; pmns_mul8.c: the 8-lane batch
 * form): the build settings both share, the carry propagation and small-multiplier helpers, the
 * Toeplitz block and half sums of the single product (also its reduction's), and the switch that
 * picks one compile-time instantiation per s, flavour and shape. Included once per source file;
 * the #pragmas below hold for the whole file that includes it.
 */
#ifndef DOT_PMNS_IFMA_H
#define DOT_PMNS_IFMA_H

#include "../isa512.h"
#include <string.h>
#include "../dot_impl.h"
#include "pmns_impl.h"

/* Loop starts on 64-byte boundaries: otherwise the timings of the full/truncated instantiations
 * move with unrelated code changes (bench_pmns), which would swamp the effect being measured. */
#pragma GCC optimize("align-loops=64")

#define LANES 8

/* The instantiations per s, flavour and shape: inlined with constants in a real build; in the
 * emulated test build (SIMDe vectors are structs) one out-of-line copy each with s a run-time
 * value, or compiling this file takes many minutes. */
#ifdef DOT_EMULATE_AVX512
#define PMNS_INSTANCE static __attribute__((noinline))
/* with s at run time gcc cannot see that only digits below s are read */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#else
#define PMNS_INSTANCE DOT_ALWAYS_INLINE
#endif

static inline __m512i mask52(void) { return _mm512_set1_epi64((long long)PMNS_MASK52); }

/* Carry-propagates v[from .. to) in place (52-bit digits out); returns the carry out. The column
 * sums are signed (the split product subtracts; every |sum| < 2^63, pmns_impl.h), so the carry is
 * the arithmetic shift: for sums below 2^63 that is the same as the unsigned one. */
DOT_ALWAYS_INLINE __m512i propagate(__m512i *v, size_t from, size_t to, __m512i carry)
{
    DOT_UNROLL
    for (size_t c = from; c < to; c++) {
        __m512i x = _mm512_add_epi64(v[c], carry);
        v[c] = _mm512_and_si512(x, mask52());
        carry = _mm512_srai_epi64(x, PMNS_W);
    }
    return carry;
}

/* lambda v for lambda < 2^32 and 0 <= v < 2^63 (AVX-512F has no 64-bit multiply low). */
DOT_ALWAYS_INLINE __m512i times_small(__m512i v, __m512i lambda)
{
    __m512i lo = _mm512_mul_epu32(v, lambda);
    __m512i hi = _mm512_mul_epu32(_mm512_srli_epi64(v, 32), lambda);
    return _mm512_add_epi64(lo, _mm512_slli_epi64(hi, 32));
}

/* One Toeplitz block times a vector, 8 outputs: for lane l and i < len, adds digit products of
 * a_i (digit u at a[u astride + i]) and the table entry at tab + l - i (digit w at w tstride)
 * into column u + w (lo half) and u + w + 1 (hi half). low_only: the products of weight < S only
 * (the result is needed mod phi). */
DOT_ALWAYS_INLINE void toeplitz(__m512i *lo, __m512i *hi, const uint64_t *a, size_t astride,
                                const uint64_t *tab, size_t tstride, size_t len, int low_only,
                                const size_t S)
{
    for (size_t i = 0; i < len; i++) {
        const uint64_t *e = tab - i;
        __m512i tv[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t w = 0; w < S; w++)
            tv[w] = _mm512_loadu_si512((const void *)(e + w * tstride));
        DOT_UNROLL
        for (size_t u = 0; u < S; u++) {
            __m512i av = _mm512_set1_epi64((long long)a[u * astride + i]);
            DOT_UNROLL
            for (size_t w = 0; w < S; w++) {
                if (!low_only || u + w < S)
                    lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], av, tv[w]);
                if (!low_only || u + w + 1 < S)
                    hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], av, tv[w]);
            }
        }
    }
}

/* The S digits of (a_i + a_{i+h}) mod phi for i < h, into sum[u h + i]: the carry out of the top
 * digit is dropped (none for an element's coefficients, 2 rho <= phi; C mod phi is wanted mod
 * phi). */
DOT_ALWAYS_INLINE void half_sums(uint64_t *sum, const uint64_t *a, size_t n, const size_t S)
{
    const size_t h = n / 2;
    for (size_t g = 0; g < h; g += LANES) {
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            v[c] = _mm512_add_epi64(_mm512_loadu_si512((const void *)(a + c * n + g)),
                                    _mm512_loadu_si512((const void *)(a + c * n + h + g)));
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            _mm512_storeu_si512((void *)(sum + c * h + g), v[c]);
    }
}

/* One instantiation per s, flavour and product shape, so every digit loop and truncation test
 * folds away; the shape follows the parameter set (pm->split), never the data. */
#define PMNS_IFMA_CASES(call, trunc, split)                                                        \
    switch (pm->s * 4 + (size_t)(trunc)*2 + (size_t)(split)) {                                     \
    case 8: call(0, 0, 2); break;                                                                  \
    case 9: call(0, 1, 2); break;                                                                  \
    case 10: call(1, 0, 2); break;                                                                 \
    case 11: call(1, 1, 2); break;                                                                 \
    case 12: call(0, 0, 3); break;                                                                 \
    case 13: call(0, 1, 3); break;                                                                 \
    case 14: call(1, 0, 3); break;                                                                 \
    case 15: call(1, 1, 3); break;                                                                 \
    case 16: call(0, 0, 4); break;                                                                 \
    case 17: call(0, 1, 4); break;                                                                 \
    case 18: call(1, 0, 4); break;                                                                 \
    default: call(1, 1, 4); break;                                                                 \
    }

#endif
