/*
 * PMNS product and Montgomery-like internal reduction with AVX-512 IFMA (dot_pmns.h); the same
 * arithmetic as dot/src/scalar/pmns_mul.c, which is the reference.
 *
 * Contract: as the scalar kernels (x, y with coefficients in [0, rho); r may equal x or y).
 * Layout: vector lane = output coefficient, 8 per zmm (n is a multiple of 8). For each input
 * coefficient i the i-th digits of one operand are broadcast and the other operand's "ext" table
 * (pmns_impl.h) gives the 8 matching coefficients in one unaligned load, wrap weight included.
 * Column sums of lo and hi halves live in separate registers so each IFMA waits on fewer of the
 * others. s (2..4) is a compile-time constant in each instantiation, so loops over digits unroll
 * and the skipped (truncated) products vanish at compile time. No branch depends on the data.
 */
#include "../isa512.h"
#include <string.h>
#include "../dot_impl.h"
#include "pmns_impl.h"

/* Loop starts on 64-byte boundaries: otherwise the timings of the full/truncated instantiations
 * move with unrelated code changes (bench_pmns), which would swamp the effect being measured. */
#pragma GCC optimize("align-loops=64")

#define LANES 8

/* Keeps v in a register: gcc cannot fold its load into the instructions that use it. (The
 * emulated test build's vectors are structs, not registers: nothing to do there.) */
#ifdef DOT_EMULATE_AVX512
#define IN_REGISTER(v) ((void)(v))
#else
#define IN_REGISTER(v) __asm__("" : "+v"(v))
#endif

static inline __m512i mask52(void) { return _mm512_set1_epi64((long long)PMNS_MASK52); }

/* Carry-propagates v[from .. to) in place (52-bit digits out); returns the carry out. */
DOT_ALWAYS_INLINE __m512i propagate(__m512i *v, size_t from, size_t to, __m512i carry)
{
    DOT_UNROLL for (size_t c = from; c < to; c++) {
        __m512i x = _mm512_add_epi64(v[c], carry);
        v[c] = _mm512_and_si512(x, mask52());
        carry = _mm512_srli_epi64(x, PMNS_W);
    }
    return carry;
}

DOT_ALWAYS_INLINE void reduce_s(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc,
                                const size_t S)
{
    const size_t n = pm->n;
    uint64_t clow[PMNS_MAX_S * PMNS_MAX_N], q[PMNS_MAX_S * PMNS_MAX_N];

    /* C mod phi, coefficient-wise. */
    for (size_t g = 0; g < n; g += LANES) {
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            v[c] = _mm512_loadu_si512((const void *)(cols + c * n + g));
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            _mm512_storeu_si512((void *)(clow + c * n + g), v[c]);
    }

    /* Q = C M' mod (E, phi): the digit products of weight < s only. */
    for (size_t g = 0; g < n; g += LANES) {
        __m512i lo[PMNS_MAX_S], hi[PMNS_MAX_S];
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            lo[c] = hi[c] = _mm512_setzero_si512();
        for (size_t i = 0; i < n; i++) {
            const uint64_t *e = pm->mp_ext + n + g - i;
            __m512i mv[PMNS_MAX_S];
            DOT_UNROLL for (size_t w = 0; w < S; w++)
                mv[w] = _mm512_loadu_si512((const void *)(e + w * 2 * n));
            DOT_UNROLL for (size_t u = 0; u < S; u++) {
                __m512i a = _mm512_set1_epi64((long long)clow[u * n + i]);
                DOT_UNROLL for (size_t w = 0; u + w < S; w++) {
                    lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], a, mv[w]);
                    if (u + w + 1 < S)
                        hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], a, mv[w]);
                }
            }
        }
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            lo[c] = _mm512_add_epi64(lo[c], hi[c]);
        propagate(lo, 0, S, _mm512_setzero_si512());
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            _mm512_storeu_si512((void *)(q + c * n + g), lo[c]);
    }

    /* V = C + Q~ |M| + INIT, then V / phi rounded up (exact for the full flavour, Theorem 2's
     * reconstruction for the truncated one, which skips the halves of weight < s-1). */
    const size_t low = trunc ? S - 1 : 0;
    for (size_t g = 0; g < n; g += LANES) {
        __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
        DOT_UNROLL for (size_t c = 0; c < 2 * S; c++) {
            lo[c] = _mm512_add_epi64(_mm512_loadu_si512((const void *)(cols + c * n + g)),
                                     _mm512_loadu_si512((const void *)(pm->init + c * n + g)));
            hi[c] = _mm512_setzero_si512();
        }
        for (size_t i = 0; i < n; i++) {
            const size_t t = n + g - i;
            const __m512i neg = _mm512_loadu_si512((const void *)(pm->negmask + t));
            __m512i mv[PMNS_MAX_S];
            DOT_UNROLL for (size_t w = 0; w < S; w++) {
                mv[w] = _mm512_loadu_si512((const void *)(pm->m_ext + w * 2 * n + t));
                /* s = 2: keep M's digits in registers. Folded into the IFMAs as memory operands
                 * (gcc's choice for the truncated loop), they made it slower than the full one
                 * (bench_pmns); s = 3, 4 run faster as gcc schedules them. */
                if (S == 2)
                    IN_REGISTER(mv[w]);
            }
            DOT_UNROLL for (size_t u = 0; u < S; u++) {
                __m512i qd = _mm512_xor_si512(_mm512_set1_epi64((long long)q[u * n + i]), neg);
                DOT_UNROLL for (size_t w = 0; w < S; w++) {
                    if (u + w >= low)
                        lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], qd, mv[w]);
                    if (u + w + 1 >= low)
                        hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], qd, mv[w]);
                }
            }
        }
        DOT_UNROLL for (size_t c = 0; c < 2 * S; c++)
            lo[c] = _mm512_add_epi64(lo[c], hi[c]);
        __m512i carry = propagate(lo, 0, S, _mm512_setzero_si512());
        __m512i any = lo[0];
        DOT_UNROLL for (size_t c = 1; c < S; c++)
            any = _mm512_or_si512(any, lo[c]);
        carry = _mm512_add_epi64(carry, _mm512_min_epu64(any, _mm512_set1_epi64(1)));
        propagate(lo, S, 2 * S, carry);
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            _mm512_storeu_si512((void *)(r + c * n + g), lo[S + c]);
    }
}

DOT_ALWAYS_INLINE void mul_s(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                             int trunc, const size_t S)
{
    const size_t n = pm->n;
    uint64_t ext[PMNS_MAX_S * 2 * PMNS_MAX_N], cols[2 * PMNS_MAX_S * PMNS_MAX_N];
    pmns_ext(pm, ext, y);
    for (size_t g = 0; g < n; g += LANES) {
        __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
        DOT_UNROLL for (size_t c = 0; c < 2 * S; c++)
            lo[c] = hi[c] = _mm512_setzero_si512();
        for (size_t i = 0; i < n; i++) {
            const uint64_t *e = ext + n + g - i;
            __m512i bv[PMNS_MAX_S];
            DOT_UNROLL for (size_t w = 0; w < S; w++)
                bv[w] = _mm512_loadu_si512((const void *)(e + w * 2 * n));
            DOT_UNROLL for (size_t u = 0; u < S; u++) {
                __m512i a = _mm512_set1_epi64((long long)x[u * n + i]);
                DOT_UNROLL for (size_t w = 0; w < S; w++) {
                    lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], a, bv[w]);
                    hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], a, bv[w]);
                }
            }
        }
        DOT_UNROLL for (size_t c = 0; c < 2 * S; c++)
            _mm512_storeu_si512((void *)(cols + c * n + g), _mm512_add_epi64(lo[c], hi[c]));
    }
    reduce_s(pm, r, cols, trunc, S);
}

/* One instantiation per s and flavour, so every digit loop and truncation test folds away. */
#define PMNS_IFMA_CASES(call)                                                                      \
    switch (pm->s) {                                                                               \
    case 2: call(2); break;                                                                        \
    case 3: call(3); break;                                                                        \
    default: call(4); break;                                                                       \
    }

void pmns_ifma_reduce(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc)
{
#define REDUCE(S) (trunc ? reduce_s(pm, r, cols, 1, S) : reduce_s(pm, r, cols, 0, S))
    PMNS_IFMA_CASES(REDUCE)
#undef REDUCE
}

void pmns_ifma_mul(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y, int trunc)
{
#define MUL(S) (trunc ? mul_s(pm, r, x, y, 1, S) : mul_s(pm, r, x, y, 0, S))
    PMNS_IFMA_CASES(MUL)
#undef MUL
}
