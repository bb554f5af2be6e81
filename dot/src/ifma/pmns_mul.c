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
 * the column sums are then signed. s (2..4) is a compile-time constant in each instantiation, so
 * loops over digits unroll and the skipped (truncated) products vanish at compile time. No branch
 * depends on the data.
 * The 8-lane batch form is pmns_mul8.c; the helpers both use are in pmns_ifma.h.
 */
#include "pmns_ifma.h"

/* Keeps v in a register: gcc cannot fold its load into the instructions that use it. (The
 * emulated test build's vectors are structs, not registers: nothing to do there.) */
#ifdef DOT_EMULATE_AVX512
#define IN_REGISTER(v) ((void)(v))
#else
#define IN_REGISTER(v) __asm__("" : "+v"(v))
#endif

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
