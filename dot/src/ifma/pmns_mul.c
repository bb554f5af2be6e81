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

/* One block of the last stage, 8 outputs: adds q_i (digit u at a[u astride + i]; with top_bit a
 * digit S of one bit at a[S astride + i]) times M's signed entries at tab - i (digit w at w
 * tstride; sign masks at negp - i) by the complement trick, the halves of weight < low left out
 * (the truncated flavour). */
DOT_ALWAYS_INLINE void mblock(__m512i *lo, __m512i *hi, const uint64_t *a, size_t astride,
                              const uint64_t *tab, const uint64_t *negp, size_t tstride, size_t len,
                              size_t low, int top_bit, const size_t S)
{
    const __m512i one = _mm512_set1_epi64(1);
    for (size_t i = 0; i < len; i++) {
        const __m512i neg = _mm512_loadu_si512((const void *)(negp - i));
        __m512i mv[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t w = 0; w < S; w++)
            mv[w] = _mm512_loadu_si512((const void *)(tab + w * tstride - i));
        DOT_UNROLL
        for (size_t u = 0; u < S; u++) {
            __m512i qd = _mm512_xor_si512(_mm512_set1_epi64((long long)a[u * astride + i]), neg);
            DOT_UNROLL
            for (size_t w = 0; w < S; w++) {
                if (u + w >= low)
                    lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], qd, mv[w]);
                if (u + w + 1 >= low)
                    hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], qd, mv[w]);
            }
        }
        if (top_bit) { /* a bit times a digit: no high half */
            __m512i qd = _mm512_xor_si512(_mm512_set1_epi64((long long)a[S * astride + i]),
                                          _mm512_and_si512(neg, one));
            DOT_UNROLL
            for (size_t w = 0; w < S; w++)
                lo[S + w] = _mm512_madd52lo_epu64(lo[S + w], qd, mv[w]);
        }
    }
}

/* The last stage split (pmns_impl.h, split_v): V0 = C0 + U_M Q0 + lambda W_M Q1 and V1 = C1 +
 * (U_M + W_M)(Q0 + Q1) - U_M Q0 - W_M Q1, plus init_v (phi z, the complement trick's constants,
 * phi/2); r = floor(V / phi). Exact for the full flavour (V is a multiple of phi); for the
 * truncated one each block product falls short by less than its left-out halves, at most
 * 2 s^2 h (lambda + 2) 2^(52 (s-1)) in all, far below phi/2, and the subtraction makes the
 * shortfall of V1 signed: adding phi/2 and taking the floor absorbs either sign. */
DOT_ALWAYS_INLINE void reduce_last_split(const dot_pmns *pm, uint64_t *r, const uint64_t *cols,
                                         const uint64_t *q, size_t low, const size_t S)
{
    const size_t n = pm->n, h = n / 2;
    uint64_t qs[(PMNS_MAX_S + 1) * PMNS_MAX_N / 2], p12[2 * 2 * PMNS_MAX_S * LANES];
    for (size_t g = 0; g < h; g += LANES) { /* Q0 + Q1: S digits and a carry bit */
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            v[c] = _mm512_add_epi64(_mm512_loadu_si512((const void *)(q + c * n + g)),
                                    _mm512_loadu_si512((const void *)(q + c * n + h + g)));
        __m512i carry = propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            _mm512_storeu_si512((void *)(qs + c * h + g), v[c]);
        _mm512_storeu_si512((void *)(qs + S * h + g), carry);
    }
    const __m512i lam = _mm512_set1_epi64((long long)pm->lambda);
    for (size_t g = 0; g < h; g += LANES) {
        __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
        /* U_M Q0 and W_M Q1 into p12 */
        DOT_UNROLL
        for (size_t b = 0; b < 2; b++) {
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            mblock(lo, hi, q + b * h, n, pm->m_ext + n + b * h + g, pm->negmask + n + b * h + g,
                   2 * n, h, low, 0, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                _mm512_storeu_si512((void *)(p12 + (b * 2 * S + c) * LANES),
                                    _mm512_add_epi64(lo[c], hi[c]));
        }
        /* (U_M + W_M)(Q0 + Q1) */
        DOT_UNROLL
        for (size_t c = 0; c < 2 * S; c++)
            lo[c] = hi[c] = _mm512_setzero_si512();
        mblock(lo, hi, qs, h, pm->uwm + h + g, pm->neguw + h + g, 2 * h, h, low, 1, S);
        __m512i v0[2 * PMNS_MAX_S], v1[2 * PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < 2 * S; c++) {
            __m512i p1 = _mm512_loadu_si512((const void *)(p12 + c * LANES));
            __m512i p2 = _mm512_loadu_si512((const void *)(p12 + (2 * S + c) * LANES));
            v0[c] = _mm512_add_epi64(_mm512_loadu_si512((const void *)(cols + c * n + g)),
                                     _mm512_loadu_si512((const void *)(pm->init_v + c * n + g)));
            v0[c] = _mm512_add_epi64(v0[c], _mm512_add_epi64(p1, times_small(p2, lam)));
            v1[c] = _mm512_add_epi64(
                _mm512_loadu_si512((const void *)(cols + c * n + h + g)),
                _mm512_loadu_si512((const void *)(pm->init_v + c * n + h + g)));
            v1[c] = _mm512_add_epi64(
                v1[c], _mm512_sub_epi64(_mm512_add_epi64(lo[c], hi[c]), _mm512_add_epi64(p1, p2)));
        }
        propagate(v0, 0, 2 * S, _mm512_setzero_si512());
        propagate(v1, 0, 2 * S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t c = 0; c < S; c++) {
            _mm512_storeu_si512((void *)(r + c * n + g), v0[S + c]);
            _mm512_storeu_si512((void *)(r + c * n + h + g), v1[S + c]);
        }
    }
}

PMNS_INSTANCE void reduce_s(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc,
                            const int SPLIT, const size_t S)
{
    const size_t n = pm->n;
    uint64_t clow[PMNS_MAX_S * PMNS_MAX_N], q[PMNS_MAX_S * PMNS_MAX_N];

    /* C mod phi, coefficient-wise. */
    for (size_t g = 0; g < n; g += LANES) {
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            v[c] = _mm512_loadu_si512((const void *)(cols + c * n + g));
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
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
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, clow, n, pm->mp_ext + n + g, 2 * n, h, 1, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                p1[c] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, clow + h, n, pm->mp_ext + n + h + g, 2 * n, h, 1, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                p2[c] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, csum, h, pm->mp_uw + h + g, 2 * h, h, 1, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                lo[c] = _mm512_sub_epi64(_mm512_add_epi64(lo[c], hi[c]),
                                         _mm512_add_epi64(p1[c], p2[c]));
                p1[c] = _mm512_add_epi64(p1[c], times_small(p2[c], lam));
            }
            propagate(p1, 0, S, _mm512_setzero_si512());
            propagate(lo, 0, S, _mm512_setzero_si512());
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                _mm512_storeu_si512((void *)(q + c * n + g), p1[c]);
                _mm512_storeu_si512((void *)(q + c * n + h + g), lo[c]);
            }
        }
    } else {
        for (size_t g = 0; g < n; g += LANES) {
            __m512i lo[PMNS_MAX_S], hi[PMNS_MAX_S];
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, clow, n, pm->mp_ext + n + g, 2 * n, n, 1, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                lo[c] = _mm512_add_epi64(lo[c], hi[c]);
            propagate(lo, 0, S, _mm512_setzero_si512());
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                _mm512_storeu_si512((void *)(q + c * n + g), lo[c]);
        }
    }

    /* V = C + Q~ |M| + INIT, then V / phi rounded up (exact for the full flavour, Theorem 2's
     * reconstruction for the truncated one, which skips the halves of weight < s-1). */
    const size_t low = trunc ? S - 1 : 0;
    if (SPLIT && pm->split_v) {
        reduce_last_split(pm, r, cols, q, low, S);
        return;
    }
    for (size_t g = 0; g < n; g += LANES) {
        __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < 2 * S; c++) {
            lo[c] = _mm512_add_epi64(_mm512_loadu_si512((const void *)(cols + c * n + g)),
                                     _mm512_loadu_si512((const void *)(pm->init + c * n + g)));
            hi[c] = _mm512_setzero_si512();
        }
        for (size_t i = 0; i < n; i++) {
            const size_t t = n + g - i;
            const __m512i neg = _mm512_loadu_si512((const void *)(pm->negmask + t));
            __m512i mv[PMNS_MAX_S];
            DOT_UNROLL
            for (size_t w = 0; w < S; w++) {
                mv[w] = _mm512_loadu_si512((const void *)(pm->m_ext + w * 2 * n + t));
                /* s = 2: keep M's digits in registers. Folded into the IFMAs as memory operands
                 * (gcc's choice for the truncated loop), they made it slower than the full one
                 * (bench_pmns); s = 3, 4 run faster as gcc schedules them. */
                if (S == 2)
                    IN_REGISTER(mv[w]);
            }
            DOT_UNROLL
            for (size_t u = 0; u < S; u++) {
                __m512i qd = _mm512_xor_si512(_mm512_set1_epi64((long long)q[u * n + i]), neg);
                DOT_UNROLL
                for (size_t w = 0; w < S; w++) {
                    if (u + w >= low)
                        lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], qd, mv[w]);
                    if (u + w + 1 >= low)
                        hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], qd, mv[w]);
                }
            }
        }
        DOT_UNROLL
        for (size_t c = 0; c < 2 * S; c++)
            lo[c] = _mm512_add_epi64(lo[c], hi[c]);
        __m512i carry = propagate(lo, 0, S, _mm512_setzero_si512());
        __m512i any = lo[0];
        DOT_UNROLL
        for (size_t c = 1; c < S; c++)
            any = _mm512_or_si512(any, lo[c]);
        carry = _mm512_add_epi64(carry, _mm512_min_epu64(any, _mm512_set1_epi64(1)));
        propagate(lo, S, 2 * S, carry);
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
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
        DOT_UNROLL
        for (size_t d = 0; d < S; d++) {
            __m512i digit = _mm512_loadu_si512((const void *)(y + d * n + j));
            _mm512_storeu_si512((void *)(ext + d * 2 * n + n + j), digit);
            v[d] = times_small(digit, lam);
        }
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t d = 0; d < S; d++)
            _mm512_storeu_si512((void *)(ext + d * 2 * n + j), v[d]);
    }
}

PMNS_INSTANCE void mul_s(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
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
            DOT_UNROLL
            for (size_t d = 0; d < S; d++)
                v[d] = _mm512_add_epi64(
                    _mm512_loadu_si512((const void *)(ext + d * 2 * n + n - h + j)),
                    _mm512_loadu_si512((const void *)(ext + d * 2 * n + n + j)));
            propagate(v, 0, S, _mm512_setzero_si512());
            DOT_UNROLL
            for (size_t d = 0; d < S; d++)
                _mm512_storeu_si512((void *)(uw + d * 2 * h + j), v[d]);
        }
        half_sums(xsum, x, n, S);
        const __m512i lam = _mm512_set1_epi64((long long)pm->lambda);
        /* three independent Toeplitz products per group, combined at the end */
        for (size_t g = 0; g < h; g += LANES) {
            __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, x, n, ext + n + g, 2 * n, h, 0, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++) {
                _mm512_storeu_si512((void *)(cols + c * n + g), _mm512_add_epi64(lo[c], hi[c]));
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, x + h, n, ext + n + h + g, 2 * n, h, 0, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++) {
                _mm512_storeu_si512((void *)(cols + c * n + h + g), _mm512_add_epi64(lo[c], hi[c]));
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            toeplitz(lo, hi, xsum, h, uw + h + g, 2 * h, h, 0, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++) {
                __m512i p1 = _mm512_loadu_si512((const void *)(cols + c * n + g));
                __m512i p2 = _mm512_loadu_si512((const void *)(cols + c * n + h + g));
                __m512i p3 = _mm512_add_epi64(lo[c], hi[c]);
                _mm512_storeu_si512((void *)(cols + c * n + g),
                                    _mm512_add_epi64(p1, times_small(p2, lam)));
                _mm512_storeu_si512((void *)(cols + c * n + h + g),
                                    _mm512_sub_epi64(p3, _mm512_add_epi64(p1, p2)));
            }
        }
    } else {
        for (size_t g = 0; g < n; g += LANES) {
            __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            toeplitz(lo, hi, x, n, ext + n + g, 2 * n, n, 0, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                _mm512_storeu_si512((void *)(cols + c * n + g), _mm512_add_epi64(lo[c], hi[c]));
        }
    }
    reduce_s(pm, r, cols, trunc, SPLIT, S);
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

void pmns_ifma_reduce(const dot_pmns *pm, uint64_t *r, const uint64_t *cols, int trunc)
{
#define REDUCE(T, P, S) reduce_s(pm, r, cols, T, P, S)
    PMNS_IFMA_CASES(REDUCE, trunc != 0, pm->split != 0)
#undef REDUCE
}

void pmns_ifma_mul(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                   int trunc){
#define MUL(T, P, S) mul_s(pm, r, x, y, T, P, S)
    PMNS_IFMA_CASES(MUL, trunc != 0, pm->split != 0)
#undef MUL
}

/* ---- The batch form: 8 independent products, product l in lane l (dot_pmns_mul_batch). ----
 * The same arithmetic as above with a vector per digit: an element's word w becomes a vector of
 * the 8 elements' words w (8 x 8 transposes in and out), the parameter tables are broadcast, and
 * every loop runs over single coefficients, so no lane waits on a coefficient group and the split
 * needs only n even (pm->split8). */

/* Rows r[0..7] become columns. */
DOT_ALWAYS_INLINE void transpose8(__m512i *r)
{
    const __m512i lo2 = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    const __m512i hi2 = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
    const __m512i lo4 = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);
    const __m512i hi4 = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
    __m512i a[8], b[8];
    DOT_UNROLL
    for (int j = 0; j < 8; j += 2) {
        a[j] = _mm512_unpacklo_epi64(r[j], r[j + 1]);     /* columns 0 2 4 6 of rows j, j+1 */
        a[j + 1] = _mm512_unpackhi_epi64(r[j], r[j + 1]); /* columns 1 3 5 7 */
    }
    DOT_UNROLL
    for (int j = 0; j < 8; j += 4) {
        b[j] = _mm512_permutex2var_epi64(a[j], lo2, a[j + 2]);         /* columns 0, 4 */
        b[j + 1] = _mm512_permutex2var_epi64(a[j], hi2, a[j + 2]);     /* columns 2, 6 */
        b[j + 2] = _mm512_permutex2var_epi64(a[j + 1], lo2, a[j + 3]); /* columns 1, 5 */
        b[j + 3] = _mm512_permutex2var_epi64(a[j + 1], hi2, a[j + 3]); /* columns 3, 7 */
    }
    r[0] = _mm512_permutex2var_epi64(b[0], lo4, b[4]);
    r[4] = _mm512_permutex2var_epi64(b[0], hi4, b[4]);
    r[2] = _mm512_permutex2var_epi64(b[1], lo4, b[5]);
    r[6] = _mm512_permutex2var_epi64(b[1], hi4, b[5]);
    r[1] = _mm512_permutex2var_epi64(b[2], lo4, b[6]);
    r[5] = _mm512_permutex2var_epi64(b[2], hi4, b[6]);
    r[3] = _mm512_permutex2var_epi64(b[3], lo4, b[7]);
    r[7] = _mm512_permutex2var_epi64(b[3], hi4, b[7]);
}

/* v[w] = the 8 elements' words w (element l at x + l words); words is a multiple of 8. */
static void to_lanes(__m512i *v, const uint64_t *x, size_t words)
{
    for (size_t w0 = 0; w0 < words; w0 += LANES) {
        __m512i r[LANES];
        DOT_UNROLL
        for (size_t l = 0; l < LANES; l++)
            r[l] = _mm512_loadu_si512((const void *)(x + l * words + w0));
        transpose8(r);
        DOT_UNROLL
        for (size_t j = 0; j < LANES; j++)
            v[w0 + j] = r[j];
    }
}

static void from_lanes(uint64_t *x, const __m512i *v, size_t words)
{
    for (size_t w0 = 0; w0 < words; w0 += LANES) {
        __m512i r[LANES];
        DOT_UNROLL
        for (size_t j = 0; j < LANES; j++)
            r[j] = v[w0 + j];
        transpose8(r);
        DOT_UNROLL
        for (size_t l = 0; l < LANES; l++)
            _mm512_storeu_si512((void *)(x + l * words + w0), r[l]);
    }
}

/* toeplitz() for one output coefficient of each lane's product: a_i (digit u at a[u astride + i])
 * times the entry at tab - i (digit w at w tstride); the table is per lane (vectors) or ... */
DOT_ALWAYS_INLINE void btoeplitz_v(__m512i *lo, __m512i *hi, const __m512i *a, size_t astride,
                                   const __m512i *tab, size_t tstride, size_t len, const size_t S)
{
    for (size_t i = 0; i < len; i++) {
        __m512i tv[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t w = 0; w < S; w++)
            tv[w] = tab[w * tstride - i];
        DOT_UNROLL
        for (size_t u = 0; u < S; u++) {
            __m512i av = a[u * astride + i];
            DOT_UNROLL
            for (size_t w = 0; w < S; w++) {
                lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], av, tv[w]);
                hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], av, tv[w]);
            }
        }
    }
}

/* ... or the parameter set's, the same for every lane (broadcast); weights < S only. */
DOT_ALWAYS_INLINE void btoeplitz_low(__m512i *lo, __m512i *hi, const __m512i *a, size_t astride,
                                     const uint64_t *tab, size_t tstride, size_t len,
                                     const size_t S)
{
    for (size_t i = 0; i < len; i++) {
        __m512i tv[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t w = 0; w < S; w++)
            tv[w] = _mm512_set1_epi64((long long)tab[w * tstride - i]);
        DOT_UNROLL
        for (size_t u = 0; u < S; u++) {
            __m512i av = a[u * astride + i];
            DOT_UNROLL
            for (size_t w = 0; u + w < S; w++) {
                lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], av, tv[w]);
                if (u + w + 1 < S)
                    hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], av, tv[w]);
            }
        }
    }
}

/* sum[u h + i] = (a[u n + i] + a[u n + h + i]) mod phi, i < h, per lane */
DOT_ALWAYS_INLINE void bhalf_sums(__m512i *sum, const __m512i *a, size_t n, const size_t S)
{
    const size_t h = n / 2;
    for (size_t i = 0; i < h; i++) {
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            v[c] = _mm512_add_epi64(a[c * n + i], a[c * n + h + i]);
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            sum[c * h + i] = v[c];
    }
}

/* Largest n s the vector batch kernel takes (its stack buffers); larger sets run the single
 * kernel on each product. */
#define BATCH_WORDS 256

PMNS_INSTANCE void mul8_s(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                          int trunc, const int SPLIT, const size_t S)
{
    const size_t n = pm->n, words = n * S, h = n / 2;
    __m512i a[BATCH_WORDS], b[BATCH_WORDS], ext[2 * BATCH_WORDS], cols[2 * BATCH_WORDS];
    __m512i uw[BATCH_WORDS], sum[BATCH_WORDS / 2];
    const __m512i lam = _mm512_set1_epi64((long long)pm->lambda);
    to_lanes(a, x, words);
    to_lanes(b, y, words);
    for (size_t j = 0; j < n; j++) { /* pmns_ext per lane */
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t d = 0; d < S; d++) {
            ext[d * 2 * n + n + j] = b[d * n + j];
            v[d] = times_small(b[d * n + j], lam);
        }
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t d = 0; d < S; d++)
            ext[d * 2 * n + j] = v[d];
    }

    /* C = x y mod E, as in mul_s */
    if (SPLIT) {
        for (size_t j = 1; j < 2 * h; j++) {
            __m512i v[PMNS_MAX_S];
            DOT_UNROLL
            for (size_t d = 0; d < S; d++)
                v[d] = _mm512_add_epi64(ext[d * 2 * n + n - h + j], ext[d * 2 * n + n + j]);
            propagate(v, 0, S, _mm512_setzero_si512());
            DOT_UNROLL
            for (size_t d = 0; d < S; d++)
                uw[d * 2 * h + j] = v[d];
        }
        bhalf_sums(sum, a, n, S);
        for (size_t k = 0; k < h; k++) {
            __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            btoeplitz_v(lo, hi, a, n, ext + n + k, 2 * n, h, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++) {
                cols[c * n + k] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            btoeplitz_v(lo, hi, a + h, n, ext + n + h + k, 2 * n, h, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++) {
                cols[c * n + h + k] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            btoeplitz_v(lo, hi, sum, h, uw + h + k, 2 * h, h, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++) {
                __m512i p1 = cols[c * n + k], p2 = cols[c * n + h + k];
                cols[c * n + k] = _mm512_add_epi64(p1, times_small(p2, lam));
                cols[c * n + h + k] = _mm512_sub_epi64(_mm512_add_epi64(lo[c], hi[c]),
                                                       _mm512_add_epi64(p1, p2));
            }
        }
    } else {
        for (size_t k = 0; k < n; k++) {
            __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            btoeplitz_v(lo, hi, a, n, ext + n + k, 2 * n, n, S);
            DOT_UNROLL
            for (size_t c = 0; c < 2 * S; c++)
                cols[c * n + k] = _mm512_add_epi64(lo[c], hi[c]);
        }
    }

    /* C mod phi (into a: x is no longer needed), then Q = C M' mod (E, phi) (into b) */
    __m512i *clow = a, *q = b;
    for (size_t k = 0; k < n; k++) {
        __m512i v[PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            v[c] = cols[c * n + k];
        propagate(v, 0, S, _mm512_setzero_si512());
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            clow[c * n + k] = v[c];
    }
    if (SPLIT) {
        bhalf_sums(sum, clow, n, S);
        for (size_t k = 0; k < h; k++) {
            __m512i lo[PMNS_MAX_S], hi[PMNS_MAX_S], p1[PMNS_MAX_S], p2[PMNS_MAX_S];
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            btoeplitz_low(lo, hi, clow, n, pm->mp_ext + n + k, 2 * n, h, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                p1[c] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            btoeplitz_low(lo, hi, clow + h, n, pm->mp_ext + n + h + k, 2 * n, h, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                p2[c] = _mm512_add_epi64(lo[c], hi[c]);
                lo[c] = hi[c] = _mm512_setzero_si512();
            }
            btoeplitz_low(lo, hi, sum, h, pm->mp_uw + h + k, 2 * h, h, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                lo[c] = _mm512_sub_epi64(_mm512_add_epi64(lo[c], hi[c]),
                                         _mm512_add_epi64(p1[c], p2[c]));
                p1[c] = _mm512_add_epi64(p1[c], times_small(p2[c], lam));
            }
            propagate(p1, 0, S, _mm512_setzero_si512());
            propagate(lo, 0, S, _mm512_setzero_si512());
            DOT_UNROLL
            for (size_t c = 0; c < S; c++) {
                q[c * n + k] = p1[c];
                q[c * n + h + k] = lo[c];
            }
        }
    } else {
        for (size_t k = 0; k < n; k++) {
            __m512i lo[PMNS_MAX_S], hi[PMNS_MAX_S];
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                lo[c] = hi[c] = _mm512_setzero_si512();
            btoeplitz_low(lo, hi, clow, n, pm->mp_ext + n + k, 2 * n, n, S);
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                lo[c] = _mm512_add_epi64(lo[c], hi[c]);
            propagate(lo, 0, S, _mm512_setzero_si512());
            DOT_UNROLL
            for (size_t c = 0; c < S; c++)
                q[c * n + k] = lo[c];
        }
    }

    /* V = C + Q~ |M| + INIT, V / phi rounded up, as in reduce_s (result into ext) */
    const size_t low = trunc ? S - 1 : 0;
    __m512i *res = ext;
    for (size_t k = 0; k < n; k++) {
        __m512i lo[2 * PMNS_MAX_S], hi[2 * PMNS_MAX_S];
        DOT_UNROLL
        for (size_t c = 0; c < 2 * S; c++) {
            lo[c] = _mm512_add_epi64(cols[c * n + k],
                                     _mm512_set1_epi64((long long)pm->init[c * n + k]));
            hi[c] = _mm512_setzero_si512();
        }
        for (size_t i = 0; i < n; i++) {
            const size_t t = n + k - i;
            const __m512i neg = _mm512_set1_epi64((long long)pm->negmask[t]);
            __m512i mv[PMNS_MAX_S];
            DOT_UNROLL
            for (size_t w = 0; w < S; w++)
                mv[w] = _mm512_set1_epi64((long long)pm->m_ext[w * 2 * n + t]);
            DOT_UNROLL
            for (size_t u = 0; u < S; u++) {
                __m512i qd = _mm512_xor_si512(q[u * n + i], neg);
                DOT_UNROLL
                for (size_t w = 0; w < S; w++) {
                    if (u + w >= low)
                        lo[u + w] = _mm512_madd52lo_epu64(lo[u + w], qd, mv[w]);
                    if (u + w + 1 >= low)
                        hi[u + w + 1] = _mm512_madd52hi_epu64(hi[u + w + 1], qd, mv[w]);
                }
            }
        }
        DOT_UNROLL
        for (size_t c = 0; c < 2 * S; c++)
            lo[c] = _mm512_add_epi64(lo[c], hi[c]);
        __m512i carry = propagate(lo, 0, S, _mm512_setzero_si512());
        __m512i any = lo[0];
        DOT_UNROLL
        for (size_t c = 1; c < S; c++)
            any = _mm512_or_si512(any, lo[c]);
        carry = _mm512_add_epi64(carry, _mm512_min_epu64(any, _mm512_set1_epi64(1)));
        propagate(lo, S, 2 * S, carry);
        DOT_UNROLL
        for (size_t c = 0; c < S; c++)
            res[c * n + k] = lo[S + c];
    }
    from_lanes(r, res, words);
}

void pmns_ifma_mul8(const dot_pmns *pm, uint64_t *r, const uint64_t *x, const uint64_t *y,
                    int trunc)
{
    const size_t words = pm->n * pm->s;
    if (words > BATCH_WORDS) {
        for (size_t l = 0; l < LANES; l++)
            pmns_ifma_mul(pm, r + l * words, x + l * words, y + l * words, trunc);
        return;
    }
#define MUL8(T, P, S) mul8_s(pm, r, x, y, T, P, S)
    PMNS_IFMA_CASES(MUL8, trunc != 0, pm->split8 != 0)
#undef MUL8
}
