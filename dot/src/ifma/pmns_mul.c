/*
 * PMNS product and Montgomery-like internal reduction with AVX-512 IFMA (dot_pmns.h); the same
 * arithmetic as dot/src/scalar/pmns_mul.c, which is the reference.
 *
 * Contract: as the scalar kernels (x, y with coefficients in [0, rho); r may equal x or y).
 * Layout: vector lane = output coefficient, 8 per zmm (n is a multiple of 8). For each input
 * coefficient i the i-th digits of one operand are broadcast and the other operand's "ext" table
 * (pmns_impl.h) gives the 8 matching coefficients in one unaligned load, wrap weight included.
 * Column sums of lo and hi halves live in separate registers so each IFMA waits on fewer of the
 * others. Where the parameter set allows it (pm->split, pmns_impl.h), the product and Q = C M' take
 * three Toeplitz products of half the size instead of the whole circulant one (3/4 of the IFMAs);
 * the column sums are then signed. s (2..4) is a compile-time constant in each instantiation, so loops over digits unroll
 * and the skipped (truncated) products vanish at compile time. No branch depends on the data.
 */
#include "../isa512.h"
#include <string.h>
#include "../dot_impl.h"
#include "pmns_impl.h"

/* Loop starts on 64-byte boundaries: otherwise the full/truncated instantiations move by up to 10%
 * with unrelated code changes (bench_pmns), which would swamp the effect being measured. */
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

/* Carry-propagates v[from .. to) in place (52-bit digits out); returns the carry out. The column
 * sums are signed (the split product subtracts; every |sum| < 2^63, pmns_impl.h), so the carry is
 * the arithmetic shift: for sums below 2^63 that is the same as the unsigned one. */
DOT_ALWAYS_INLINE __m512i propagate(__m512i *v, size_t from, size_t to, __m512i carry)
{
    DOT_UNROLL for (size_t c = from; c < to; c++) {
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
        DOT_UNROLL for (size_t w = 0; w < S; w++)
            tv[w] = _mm512_loadu_si512((const void *)(e + w * tstride));
        DOT_UNROLL for (size_t u = 0; u < S; u++) {
            __m512i av = _mm512_set1_epi64((long long)a[u * astride + i]);
            DOT_UNROLL for (size_t w = 0; w < S; w++) {
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
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            v[c] = _mm512_add_epi64(_mm512_loadu_si512((const void *)(a + c * n + g)),
                                    _mm512_loadu_si512((const void *)(a + c * n + h + g)));
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL for (size_t c = 0; c < S; c++)
            _mm512_storeu_si512((void *)(sum + c * h + g), v[c]);
    }
}

DOT_ALWAYS_INLINE void reduce_s(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc,
                                const int SPLIT, const size_t S)
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
    if (SPLIT) {
        /* Q0 = U' C0 + lambda W' C1, Q1 = (U' + W')(C0 + C1) - U' C0 - W' C1 (mod phi) */
        const size_t h = n / 2;
        uint64_t csum[PMNS_MAX_S * PMNS_MAX_N / 2];
        half_sums(csum, clow, n, S);
        const __m512i lam = _mm512_set1_epi64((long long)pm->lambda);
        for (size_t g = 0; g < h; g += LANES) {
            __m512i lo[PMNS_MAX_S], hi[PMNS_MAX_S], p1[PMNS_MAX_S], p2[PMNS_MAX_S];
            DOT_UNROLL for (size_t c = 0; c < S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, clow, n, pm->mp_ext + n + g, 2 * n, h, 1, S);
            DOT_UNROLL for (size_t c = 0; c < S; c++) {
                p1[c] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, clow + h, n, pm->mp_ext + n + h + g, 2 * n, h, 1, S);
            DOT_UNROLL for (size_t c = 0; c < S; c++) {
                p2[c] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, csum, h, pm->mp_uw + h + g, 2 * h, h, 1, S);
            DOT_UNROLL for (size_t c = 0; c < S; c++) {
                lo[c] = _mm512_sub_epi64(_mm512_add_epi64(lo[c], hi[c]), _mm512_add_epi64(p1[c], p2[c]));
                p1[c] = _mm512_add_epi64(p1[c], times_small(p2[c], lam));
            }
            propagate(p1, 0, S, _mm512_setzero_si512());
            propagate(lo, 0, S, _mm512_setzero_si512());
            DOT_UNROLL for (size_t c = 0; c < S; c++) {
                _mm512_storeu_si512((void *)(q + c * n + g), p1[c]);
                _mm512_storeu_si512((void *)(q + c * n + h + g), lo[c]);
            }
        }
    } else {
        for (size_t g = 0; g < n; g += LANES) {
            __m512i lo[PMNS_MAX_S], hi[PMNS_MAX_S];
            DOT_UNROLL for (size_t c = 0; c < S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, clow, n, pm->mp_ext + n + g, 2 * n, n, 1, S);
            DOT_UNROLL for (size_t c = 0; c < S; c++)
                lo[c] = _mm512_add_epi64(lo[c], hi[c]);
            propagate(lo, 0, S, _mm512_setzero_si512());
            DOT_UNROLL for (size_t c = 0; c < S; c++)
                _mm512_storeu_si512((void *)(q + c * n + g), lo[c]);
        }
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

/* pmns_ext (pmns_impl.h), 8 coefficients at a time. */
DOT_ALWAYS_INLINE void ext_of(const dot_pmns *pm, uint64_t *ext, const uint64_t *y, const size_t S)
{
    const size_t n = pm->n;
    const __m512i lam = _mm512_set1_epi64((long long)pm->lambda);
    for (size_t j = 0; j < n; j += LANES) {
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL for (size_t d = 0; d < S; d++) {
            __m512i digit = _mm512_loadu_si512((const void *)(y + d * n + j));
            _mm512_storeu_si512((void *)(ext + d * 2 * n + n + j), digit);
            v[d] = times_small(digit, lam);
        }
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL for (size_t d = 0; d < S; d++)
            _mm512_storeu_si512((void *)(ext + d * 2 * n + j), v[d]);
    }
}

DOT_ALWAYS_INLINE void mul_s(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                             int trunc, const int SPLIT, const size_t S)
{
    const size_t n = pm->n;
    uint64_t ext[PMNS_MAX_S * 2 * PMNS_MAX_N], cols[2 * PMNS_MAX_S * PMNS_MAX_N];
    ext_of(pm, ext, y, S);
    if (SPLIT) {
        /* C0 = U X0 + lambda W X1, C1 = (U + W)(X0 + X1) - U X0 - W X1 (pmns_impl.h): U's
         * entries are ext's n + k - i, W's ext's n + h + k - i, U + W's their sum, renormalised
         * ((lambda + 1) rho <= phi: S digits). */
        const size_t h = n / 2;
        uint64_t uw[PMNS_MAX_S * PMNS_MAX_N], xsum[PMNS_MAX_S * PMNS_MAX_N / 2];
        for (size_t j = 0; j < 2 * h; j += LANES) { /* entry 0 is never read */
            __m512i v[PMNS_MAX_S];
            DOT_UNROLL for (size_t d = 0; d < S; d++)
                v[d] = _mm512_add_epi64(_mm512_loadu_si512((const void *)(ext + d * 2 * n + n - h + j)),
                                        _mm512_loadu_si512((const void *)(ext + d * 2 * n + n + j)));
            propagate(v, 0, S, _mm512_setzero_si512());
            DOT_UNROLL for (size_t d = 0; d < S; d++)
                _mm512_storeu_si512((void *)(uw + d * 2 * h + j), v[d]);
        }
        half_sums(xsum, x, n, S);
        const __m512i lam = _mm512_set1_epi64((long long)pm->lambda);
        /* three independent Toeplitz products per group, combined at the end */
        for (size_t g = 0; g < h; g += LANES) {
            __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
            DOT_UNROLL for (size_t c = 0; c < 2 * S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, x, n, ext + n + g, 2 * n, h, 0, S);
            DOT_UNROLL for (size_t c = 0; c < 2 * S; c++) {
                _mm512_storeu_si512((void *)(cols + c * n + g), _mm512_add_epi64(lo[c], hi[c]));
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, x + h, n, ext + n + h + g, 2 * n, h, 0, S);
            DOT_UNROLL for (size_t c = 0; c < 2 * S; c++) {
                _mm512_storeu_si512((void *)(cols + c * n + h + g), _mm512_add_epi64(lo[c], hi[c]));
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, xsum, h, uw + h + g, 2 * h, h, 0, S);
            DOT_UNROLL for (size_t c = 0; c < 2 * S; c++) {
                __m512i p1 = _mm512_loadu_si512((const void *)(cols + c * n + g));
                __m512i p2 = _mm512_loadu_si512((const void *)(cols + c * n + h + g));
                __m512i p3 = _mm512_add_epi64(lo[c], hi[c]);
                _mm512_storeu_si512((void *)(cols + c * n + g), _mm512_add_epi64(p1, times_small(p2, lam)));
                _mm512_storeu_si512((void *)(cols + c * n + h + g),
                                    _mm512_sub_epi64(p3, _mm512_add_epi64(p1, p2)));
            }
        }
    } else {
        for (size_t g = 0; g < n; g += LANES) {
            __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
            DOT_UNROLL for (size_t c = 0; c < 2 * S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, x, n, ext + n + g, 2 * n, n, 0, S);
            DOT_UNROLL for (size_t c = 0; c < 2 * S; c++)
                _mm512_storeu_si512((void *)(cols + c * n + g), _mm512_add_epi64(lo[c], hi[c]));
        }
    }
    reduce_s(pm, r, cols, trunc, SPLIT, S);
}

/* One instantiation per s, flavour and product shape, so every digit loop and truncation test
 * folds away; the shape follows the parameter set (pm->split), never the data. */
#define PMNS_IFMA_CASES(call, trunc, split)                                                        \
    switch (pm->s * 4 + (size_t)(trunc) * 2 + (size_t)(split)) {                                   \
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

void pmns_ifma_reduce(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc)
{
#define REDUCE(T, P, S) reduce_s(pm, r, cols, T, P, S)
    PMNS_IFMA_CASES(REDUCE, trunc != 0, pm->split != 0)
#undef REDUCE
}

void pmns_ifma_mul(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y, int trunc)
{
#define MUL(T, P, S) mul_s(pm, r, x, y, T, P, S)
    PMNS_IFMA_CASES(MUL, trunc != 0, pm->split != 0)
#undef MUL
}
