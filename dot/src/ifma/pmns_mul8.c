/*
 * The batch form of the IFMA PMNS product (dot_pmns_mul_batch): 8 independent products, product l
 * in lane l. The same arithmetic as pmns_mul.c (the single product) with a vector per digit: an
 * element's word w becomes a vector of the 8 elements' words w (8 x 8 transposes in and out), the
 * parameter tables are broadcast, and every loop runs over single coefficients, so no lane waits
 * on a coefficient group and the split needs only n even (pm->split8). Contract: as the scalar
 * batch form (dot/src/scalar/pmns_mul.c). No branch depends on the data.
 */
#include "pmns_ifma.h"

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
