/*
 * The kernels' tables of a PMNS parameter set (pmns_impl.h), built from the values a parameter
 * file holds once pmns_params.c has read and checked them: the wrap-weighted "ext" tables of M and
 * M', INIT in digit planes, the split's U' + W' table and, where the set allows it, the last
 * stage's split tables (uwm, neguw, init_v). A value out of range fails the reader (no crash).
 */
#include "pmns_impl.h"

/* digits (s of them) times w, the overflow past s digits returned. */
static uint64_t scale(uint64_t *digits, size_t s, size_t stride, uint64_t w)
{
    uint64_t carry = 0;
    for (size_t d = 0; d < s; d++) {
        uint64_t v = digits[d * stride] * w + carry;
        digits[d * stride] = v & PMNS_MASK52;
        carry = v >> PMNS_W;
    }
    return carry;
}

/* {a, s digits, stride} compared with {b, ...}: -1, 0, 1 */
static int cmp_digits(const uint64_t *a, const uint64_t *b, size_t s, size_t stride)
{
    for (size_t d = s; d-- > 0;)
        if (a[d * stride] != b[d * stride])
            return a[d * stride] < b[d * stride] ? -1 : 1;
    return 0;
}

/* cols[c] += f |entry| at column c + shift (entry: s digits at e, stride), as signed columns */
static void add_entry(__int128 *cols, const uint64_t *e, size_t s, size_t stride, size_t shift,
                      long f)
{
    for (size_t d = 0; d < s; d++)
        cols[d + shift] += (__int128)f * (__int128)e[d * stride];
}

/* The tables of the last stage's split (pmns_impl.h: uwm, neguw, init_v); 0 if the parameter set
 * does not allow it. The signed entries of M's lambda-circulant are negmask[t] ? -|m_t| : |m_t|,
 * |m_t| = m_ext's entry t (wrap weight included). */
static int build_split_v(dot_pmns *pm)
{
    const size_t n = pm->n, s = pm->s, h = n / 2;
    /* column sums of V: C's ((1 + lambda) s n halves), the block products' ((1 + lambda) (s n +
     * n) halves), INIT's one: below 2^63 */
    if ((2 + 2 * pm->lambda) * (s * n + n) + 2 >= 1 << 11)
        return 0;
    /* below n = 32 (h = 8) the three short blocks measured slower than the whole stage at
     * 2048 bits (bench_pmns; results/ and the README's PMNS section) */
    if (n < 32)
        return 0;
    /* U_M + W_M: entry j of 2h is the signed sum of t = n - h + j and t = n + j */
    for (size_t j = 1; j < 2 * h; j++) {
        const uint64_t *a = pm->m_ext + n - h + j, *b = pm->m_ext + n + j;
        int na = pm->negmask[n - h + j] != 0, nb = pm->negmask[n + j] != 0;
        uint64_t *out = pm->uwm + j;
        int neg;
        if (na == nb) { /* |a| + |b|, the sign of both */
            uint64_t carry = 0;
            for (size_t d = 0; d < s; d++) {
                uint64_t v = a[d * 2 * n] + b[d * 2 * n] + carry;
                out[d * 2 * h] = v & PMNS_MASK52;
                carry = v >> PMNS_W;
            }
            if (carry)
                return 0;
            neg = na;
        } else { /* the larger magnitude minus the smaller, the larger's sign */
            int a_larger = cmp_digits(a, b, s, 2 * n) >= 0;
            const uint64_t *big = a_larger ? a : b, *small = a_larger ? b : a;
            uint64_t borrow = 0;
            for (size_t d = 0; d < s; d++) {
                uint64_t v = big[d * 2 * n] - small[d * 2 * n] - borrow;
                out[d * 2 * h] = v & PMNS_MASK52;
                borrow = v >> 63;
            }
            neg = a_larger ? na : nb;
        }
        pm->neguw[j] = neg ? PMNS_MASK52 : 0;
    }
    /* init_v: INIT_k + (phi - 1) Wneg_k (= phi z_k), plus the constants of the complement trick
     * as the split uses it, plus phi/2. A negative entry's complement term is (phi - 1)|entry|
     * for an s-digit input, (2 phi - 1)|entry| for the s-digit-plus-carry-bit Q0 + Q1. */
    for (size_t k = 0; k < n; k++) {
        __int128 cols[2 * PMNS_MAX_S + 1] = {0};
        for (size_t d = 0; d < 2 * s; d++)
            cols[d] = (__int128)pm->init[d * n + k];
        for (size_t i = 0; i < n; i++) { /* + (phi - 1) |m_t| for each negative entry */
            size_t t = n + k - i;
            if (pm->negmask[t]) {
                add_entry(cols, pm->m_ext + t, s, 2 * n, s, 1);
                add_entry(cols, pm->m_ext + t, s, 2 * n, 0, -1);
            }
        }
        const size_t kk = k < h ? k : k - h;
        long f1 = k < h ? -1 : 1, f2 = k < h ? -(long)pm->lambda : 1;
        for (size_t i = 0; i < h; i++) {
            size_t t1 = n + kk - i, t2 = n + h + kk - i, t3 = h + kk - i;
            if (pm->negmask[t1]) { /* corr1 = (phi - 1)|U_M entry| */
                add_entry(cols, pm->m_ext + t1, s, 2 * n, s, f1);
                add_entry(cols, pm->m_ext + t1, s, 2 * n, 0, -f1);
            }
            if (pm->negmask[t2]) { /* corr2 = (phi - 1)|W_M entry| */
                add_entry(cols, pm->m_ext + t2, s, 2 * n, s, f2);
                add_entry(cols, pm->m_ext + t2, s, 2 * n, 0, -f2);
            }
            if (k >= h && pm->neguw[t3]) { /* - corr3 = - (2 phi - 1)|(U_M + W_M) entry| */
                add_entry(cols, pm->uwm + t3, s, 2 * h, s, -2);
                add_entry(cols, pm->uwm + t3, s, 2 * h, 0, 1);
            }
        }
        cols[s - 1] += (__int128)1 << (PMNS_W - 1); /* phi/2 */
        __int128 carry = 0;
        for (size_t d = 0; d < 2 * s; d++) { /* mod 2^(104 s), digits in [0, 2^52) */
            __int128 v = cols[d] + carry;
            pm->init_v[d * n + k] = (uint64_t)v & PMNS_MASK52;
            carry = v >> PMNS_W; /* arithmetic: floor */
        }
    }
    return 1;
}

void pmns_build_tables(pmns_reader *rd, dot_pmns *pm, const uint64_t *m, const unsigned char *mneg,
                       const uint64_t *mp, const uint64_t *init, const uint64_t *t)
{
    const size_t n = pm->n, s = pm->s;
    for (size_t e = 0; e < 2 * n; e++) {
        size_t j = e % n;
        uint64_t w = e < n ? pm->lambda : 1;
        for (size_t d = 0; d < s; d++) {
            pm->m_ext[d * 2 * n + e] = m[j * s + d];
            pm->mp_ext[d * 2 * n + e] = mp[j * s + d];
        }
        if (scale(pm->m_ext + e, s, 2 * n, w))
            pmns_fail(rd, "lambda |m_j| does not fit in s digits", "m");
        scale(pm->mp_ext + e, s, 2 * n, w); /* mod phi: the overflow is dropped */
        pm->negmask[e] = mneg[j] ? PMNS_MASK52 : 0;
    }
    for (size_t k = 0; k < n; k++)
        for (size_t d = 0; d < 2 * s; d++)
            pm->init[d * n + k] = init[k * 2 * s + d];
    /* U' + W' (pmns_impl.h): entry j of 2h is mp_ext's n - h + j plus its n + j, mod phi. */
    const size_t h = n / 2;
    for (size_t j = 1; j < 2 * h; j++) {
        uint64_t carry = 0;
        for (size_t d = 0; d < s; d++) {
            uint64_t v = pm->mp_ext[d * 2 * n + n - h + j] + pm->mp_ext[d * 2 * n + n + j] + carry;
            pm->mp_uw[d * 2 * h + j] = v & PMNS_MASK52;
            carry = v >> PMNS_W;
        }
    }
    if (pm->split)
        pm->split_v = build_split_v(pm);
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < n; k++)
            for (size_t d = 0; d < s; d++) {
                uint64_t digit = t[(i * n + k) * s + d];
                if (d * PMNS_W + 64 - (size_t)__builtin_clzll(digit | 1) > pm->r && digit)
                    pmns_fail(rd, "conversion coefficient not below rho", "t");
                pm->t[i * n * s + d * n + k] = digit;
            }
}
