/*
 * b^e mod m with AVX-512 IFMA in radix 2^52 (dot_powm, dot.h): Montgomery form with R = 2^(52k),
 * k = ceil((bits(m) + 2) / 52) digits, so R > 4m and every value may stay "almost" reduced
 * (below 2m) from one product to the next; only the result is reduced fully.
 *
 * 1. The product (pw_amm): a * b / R mod m, below 2m, for a and b below 2m in 52-bit digits. Digit
 *    by digit (i = 0..k-1) a Montgomery digit q_i = s_i m' mod 2^52 clears position i, where s_i is
 *    position i's exact value: every term that lands there plus the carry from position i-1. The
 *    chain from one q to the next runs in general registers: s_(i+1) is a value x prepared one
 *    digit ahead plus the carry (s_i >> 52, plus one unless s_i's low 52 bits are zero: then
 *    s_i + lo(q_i m_0) is a multiple of 2^52; both in one add, (s_i + 2^52 - 1) >> 52),
 *    lo52(q_i m_1) and hi52(q_i m_0). q is kept shifted left by 12 bits (q12 = s_i (m' << 12)
 *    mod 2^64), so that the low half of a 128-bit product gives lo52(q m_j) (its top 52 bits)
 *    and the high half hi52(q m_j): two mulx make the three the chain needs.
 *    The vector unit follows two digits behind: step i adds the halves of q_i m at the lanes of
 *    positions i.., moves every lane one down (valignq; lane 0 drops out) and adds a_(i+2) b's
 *    halves (b's digits moved one and two lanes up), so it never waits for the scalar chain but
 *    for q_i. The x that s_(i+2) needs is lane 2 after step i-1 (position i+2: every term but
 *    q_i's and lo(a_(i+2) b_0)) plus those three terms, made in general registers. After step
 *    k-1 lane 0 is position k, which takes s_k (its value with the last carry). Lanes stay below
 *    2^61 (four terms under 2^52 a step, at most 126 steps), so s_i, a lane and four terms, below
 *    2^62. Each vector's step: a_(i+2) b's two halves, then q_i m's high half on top of them (the
 *    one product that waits for q_i), q_i m's low half into the lane before the move.
 * 2. Normalisation: each lane keeps its low 52 bits and passes the rest one lane up, in vector
 *    registers, until no lane has anything to pass: one round on random values; a run of all-ones
 *    digits takes one round a digit (the planted control in the tests drops the repeat).
 * 3. The exponentiation: a sliding window of up to w bits (w from 1 to 6, whichever costs the
 *    fewest products for this exponent length), left to right over the exponent, a table of the
 *    odd powers b..b^(2^w - 1) in Montgomery form; each window starts at a set bit and ends at
 *    one, so its value is odd: as many squarings as it has bits and one product. Not constant
 *    time (nor is GMP's mpn_powm, which this serves; mpn_sec_powm keeps GMP's own code).
 * 4. R^2 mod m (to enter Montgomery form) without a full division: 2^(bits-1) doubled modulo m in
 *    64-bit limbs up to 2^(52k + c), c from 32 to 63, then squared and multiplied by 2^(52k + 1)
 *    along the binary digits of 52k, each product adding its operands' offsets over R. The sliding
 *    window (not constant time) reaches 2^(52k + c), c from 64 to 127, by long division up to 63
 *    bits a step instead (pow2_mod.h): two or three steps where doubling took 35 to 117 additions.
 * 5. The constant-time form (dot_powm_ct, for OpenSSL's BN_mod_exp_mont_consttime): the same
 *    product, but normalisation ends after its first round with one pass of single bits through
 *    runs of all-ones digits, resolved as DoT's add resolves carries (pw_pass_bits) instead of
 *    repeating rounds; fixed windows over every bit of the exponent's en limbs; a table of every
 *    power, read whole at each use (pw_gather); doublings and the last reduction by mask.
 * 6. Pairs (dot_powm_ct_x2, for an RSA private operation's two CRT halves): two constant-time
 *    exponentiations whose moduli have the same digit count run their products in one digit loop
 *    (pw_amm_ways with two ways, pw_fixed): each product's scalar chain of q digits is a chain of
 *    dependent multiplies, so that at RSA-2048's and -3072's sizes one product leaves the vector
 *    unit idle for much of each step; the other product's independent work fills it. Up to
 *    PW_PAIR_MAX_VECS vectors; above, where one product's IFMAs already fill the unit, the pair
 *    runs one after the other.
 * 7. Two bases, one modulus (dot_powm2, for OpenSSL's BN_mod_exp2_mont: DSA verification's
 *    g^u1 y^u2 mod p): the sliding window of 3. over both exponents in one pass, left to right,
 *    one square a bit of the longer exponent for both, each exponent's windows multiplied in with
 *    its own base's table (half of the one base's table each, so windows of up to 5 bits); one
 *    exponent of b bits costs b squares, two cost the longer one's. One base is the same loop.
 * 8. A caller's R^2 (dot_powm_rr: OpenSSL's Montgomery context holds rr64 = 2^(128n) mod m):
 *    R^2 = rr64 2^(104k - 128n) mod m, one or two long-division steps in place of 4.'s steps and
 *    squares, where 104k >= 128n (at 8 limbs m of 467 bits or more; otherwise 4. runs), so that
 *    a short public exponent costs mostly its products.
 *
 * The product needs k + 2 lanes (a_(i+2) b reaches two lanes past the top digit): whole zmm
 * vectors, or, where four lanes or fewer are left over (e.g. 12 lanes at 8 limbs), a ymm on top,
 * whose IFMAs take half a zmm's issue slots. The vector count is a compile-time constant in each
 * instance (pw_amm_1..16, pw_amm_1_half..15_half and their _ct forms, powm_amm.h): with a
 * run-time count gcc kept the accumulators in memory. Past 16 vectors (moduli above about 102
 * limbs, up to DOT_POWM_MAX's 256) the product is pw_amm_wide_* (powm_amm_wide.h), the positions in
 * memory, eight digit steps a pass over them, for the sliding window and the constant-time form
 * alike; pairs run together up to PW_PAIR_MAX_VECS only.
 */
#ifndef DOT_IFMA_POWM_H
#define DOT_IFMA_POWM_H

#include "../exp_window.h" /* exp_bit, exp_bits, exp_bit_length, exp_window_width, ... */
#include "powm_amm.h"      /* pw_amm and its instances, pw_ctx */
#include "powm_amm_wide.h" /* pw_amm_wide_*, past the register kernel's vectors */
#include "powm_mod.h"      /* pw_mod: the modulus made ready, pw_prepare, pw_finish, pw_zero */

/* 0 in the emulated test's planted control only: after a product at one bit, the other base's
 * window neither opens nor ends there (pw_sliding with two bases) */
#ifndef DOT_POWM_EVERY_BASE
#define DOT_POWM_EVERY_BASE 1
#endif

/* out = entry v of the table (entries of 8nv digits, one after another), reading every entry with
 * the same instructions: a lane mask from comparing v with the entry's index (made once an entry)
 * picks the one */
static inline void pw_gather(uint64_t *out, const uint64_t *table, unsigned entries, unsigned v,
                             size_t nv)
{
    const __m512i want = _mm512_set1_epi64((long long)v);
    __mmask8 hit[1 << (PW_MAX_WINDOW - 1)];
    for (unsigned i = 0; i < entries; i++)
        hit[i] = _mm512_cmpeq_epi64_mask(_mm512_set1_epi64((long long)i), want);
    for (size_t j = 0; j < nv; j++) {
        __m512i acc = _mm512_setzero_si512();
        for (unsigned i = 0; i < entries; i++)
            acc = _mm512_mask_mov_epi64(
                acc, hit[i], _mm512_load_si512((const void *)(table + 8 * (nv * i + j))));
        _mm512_storeu_si512((void *)(out + 8 * j), acc);
    }
}

/* One product on each of ways moduli: r[w] = a[w] b[w] / R mod m[w]; a pair runs together where
 * its digit count has a pair product, else one after the other. */
static inline void pw_mul(const int ways, const pw_mod *md, uint64_t *const *r,
                          const uint64_t *const *a, const uint64_t *const *b)
{
    if (ways == 2 && md[0].amm2) {
        const pw_job job[2] = {{r[0], a[0], b[0], &md[0].c}, {r[1], a[1], b[1], &md[1].c}};
        md[0].amm2(job);
        return;
    }
    for (int w = 0; w < ways; w++)
        md[w].amm(r[w], a[w], b[w], &md[w].c);
}

/* The constant-time exponentiation (5. above) of ways (1 or 2) bases, each to its exponent of en
 * limbs modulo its own modulus, the moduli of the same n limbs and digit count: fixed windows
 * over every bit of the en limbs, a table of every power read whole at each use (pw_gather), the
 * _ct products, the reductions by mask. */
static inline __attribute__((always_inline)) void pw_fixed(const int ways, dot_limb_t *const *rp,
                                                           const dot_limb_t *const *bp,
                                                           const dot_limb_t *const *ep, size_t en,
                                                           const dot_limb_t *const *mp, size_t n)
{
    pw_mod md[ways];
    for (int w = 0; w < ways; w++)
        pw_prepare(&md[w], mp[w], n, 1, NULL);
    const size_t eb = 64 * en, nv = md[0].nv; /* the same digit count for both */
    const int last = ways - 1;                /* a single way names its buffers for both */
    uint64_t acc[ways][PW_SPAN_OF(nv)] __attribute__((aligned(64)));
    uint64_t bd[ways][PW_SPAN_OF(nv)] __attribute__((aligned(64)));
    uint64_t one[PW_SPAN_OF(nv)] __attribute__((aligned(64)));
    for (int w = 0; w < ways; w++) {
        pw_zero(acc[w], nv);
        pw_zero(bd[w], nv);
        to_digits(bd[w], bp[w], n, md[w].c.k);
    }
    pw_zero(one, nv);
    one[0] = 1;
    const unsigned win = exp_window_width(eb, PW_MAX_WINDOW, 1), entries = 1u << win;
    /* each way's powers, as many digits as the products write: the stack a call takes grows
     * with the modulus (at 256 limbs and 5-bit windows 80 KB a way) */
    uint64_t table[ways][entries][8 * nv] __attribute__((aligned(64)));
    uint64_t *const accp[2] = {acc[0], acc[last]}, *const bdp[2] = {bd[0], bd[last]};
    const uint64_t *const ones[2] = {one, one}, *const rr[2] = {md[0].rr, md[last].rr};
    /* every power b^0..b^(2^win - 1) in Montgomery form */
    pw_mul(ways, md, (uint64_t *const[2]){table[0][0], table[last][0]}, ones, rr);
    pw_mul(ways, md, (uint64_t *const[2]){table[0][1], table[last][1]},
           (const uint64_t *const *)bdp, rr);
    for (unsigned i = 2; i < entries; i++)
        pw_mul(ways, md, (uint64_t *const[2]){table[0][i], table[last][i]},
               (const uint64_t *const[2]){table[0][i - 1], table[last][i - 1]},
               (const uint64_t *const[2]){table[0][1], table[last][1]});
    /* from the top, the first window's power, and for each window below win squares and one
     * product */
    size_t pos = eb - (eb % win ? eb % win : win);
    for (int w = 0; w < ways; w++)
        pw_gather(acc[w], table[w][0], entries, exp_bits(ep[w], pos, (unsigned)(eb - pos)), nv);
    while (pos > 0) {
        pos -= win;
        for (unsigned sq = 0; sq < win; sq++)
            pw_mul(ways, md, accp, (const uint64_t *const *)accp, (const uint64_t *const *)accp);
        for (int w = 0; w < ways; w++)
            pw_gather(bd[w], table[w][0], entries, exp_bits(ep[w], pos, win), nv);
        pw_mul(ways, md, accp, (const uint64_t *const *)accp, (const uint64_t *const *)bdp);
    }
    for (int w = 0; w < ways; w++)
        pw_finish(rp[w], acc[w], &md[w], mp[w], n, 1);
}

/* {rp, n} = the product over j < ways (1 or 2) of {bp[j], n}^{ep[j], en[j]} mod {mp, n}: m odd,
 * m > 1, mp[n - 1] != 0, each b < m, 1 <= n <= DOT_POWM_MAX; rp may be any bp[j]. An exponent 0
 * contributes 1. The sliding window (3. above) over every exponent at once (7. above). */
static inline __attribute__((always_inline)) void
pw_sliding(const int ways, dot_limb_t *rp, const dot_limb_t *const *bp, const dot_limb_t *const *ep,
           const size_t *en, const dot_limb_t *mp, size_t n, const dot_limb_t *rr64)
{
    pw_mod md;
    pw_prepare(&md, mp, n, 0, rr64);
    const pw_amm_fn amm = md.amm;
    const pw_ctx *c = &md.c;
    const size_t nv = md.nv;
    /* each base's odd powers b, b^3, ..., b^(2^w - 1) in Montgomery form: one base has the whole
     * table, two a half each (their windows a bit shorter) */
    const unsigned max_w = ways == 1 ? PW_MAX_WINDOW : PW_MAX_WINDOW - 1;
    uint64_t acc[PW_SPAN_OF(nv)] __attribute__((aligned(64)));
    uint64_t one[PW_SPAN_OF(nv)] __attribute__((aligned(64)));
    uint64_t bd[PW_SPAN_OF(nv)] __attribute__((aligned(64)));
    pw_zero(acc, nv);
    pw_zero(one, nv);
    one[0] = 1;
    size_t eb[2], low[2] = {0, 0}, top = 0;
    unsigned w[2], value[2] = {0, 0}, entries = 0;
    for (int j = 0; j < ways; j++) {
        eb[j] = exp_bit_length(ep[j], en[j]);
        w[j] = exp_sliding_width(ep[j], eb[j], max_w);
        top = eb[j] > top ? eb[j] : top;
        entries += 1u << (w[j] - 1);
    }
    /* as many powers as the windows read (65537's one bit a window: b alone), on the stack */
    uint64_t table[entries][8 * nv] __attribute__((aligned(64)));
    uint64_t(*power[2])[8 * nv] = {table, table + (1u << (w[0] - 1))};
    for (int j = 0; j < ways; j++) {
        pw_zero(bd, nv);
        to_digits(bd, bp[j], n, c->k);
        amm(power[j][0], bd, md.rr, c);
        if (w[j] > 1) {
            amm(acc, power[j][0], power[j][0], c); /* b^2 */
            for (unsigned i = 1; i < 1u << (w[j] - 1); i++)
                amm(power[j][i], power[j][i - 1], acc, c);
        }
    }
    /* left to right over the longest exponent, one square a bit; a window of an exponent opens
     * at a set bit, reaches down to the lowest set bit within w bits (exp_sliding_next) and is
     * multiplied in there, after that bit's square */
    int started = 0, open[2] = {0, 0};
    for (size_t pos = top; pos-- > 0;) {
        if (started)
            amm(acc, acc, acc, c);
        for (int j = 0; j < ways; j++) {
            if (!open[j] && pos < eb[j] && exp_bit(ep[j], pos)) {
                value[j] = exp_sliding_next(ep[j], pos, w[j], &low[j]);
                open[j] = 1;
            }
            if (!open[j] || low[j] != pos)
                continue;
            open[j] = 0;
            if (started) {
                amm(acc, acc, power[j][value[j] >> 1], c);
            } else {
                /* 8nv digits: acc's zeros past them stay for to_limbs */
                memcpy(acc, power[j][value[j] >> 1], 8 * nv * sizeof *acc);
                started = 1;
            }
            if (!DOT_POWM_EVERY_BASE)
                break; /* the planted control: the other base skips this bit */
        }
    }
    if (!started) /* every exponent 0: 1, R in Montgomery form */
        amm(acc, one, md.rr, c);
    pw_finish(rp, acc, &md, mp, n, 0);
}

static inline void ifma_powm(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                             const dot_limb_t *mp, size_t n)
{
    pw_sliding(1, rp, &bp, &ep, &en, mp, n, NULL);
}

/* ifma_powm with the caller's rr64 = 2^(128n) mod m (8. above) */
static inline void ifma_powm_rr(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep,
                                size_t en, const dot_limb_t *mp, size_t n, const dot_limb_t *rr64)
{
    pw_sliding(1, rp, &bp, &ep, &en, mp, n, rr64);
}

/* {rp, n} = {b1, n}^{e1, e1n} {b2, n}^{e2, e2n} mod {mp, n}, one pass for both (7. above) */
static inline void ifma_powm2(dot_limb_t *rp, const dot_limb_t *b1, const dot_limb_t *e1,
                              size_t e1n, const dot_limb_t *b2, const dot_limb_t *e2, size_t e2n,
                              const dot_limb_t *mp, size_t n)
{
    const dot_limb_t *bp[2] = {b1, b2}, *ep[2] = {e1, e2};
    const size_t en[2] = {e1n, e2n};
    pw_sliding(2, rp, bp, ep, en, mp, n, NULL);
}

static inline void ifma_powm_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep,
                                size_t en, const dot_limb_t *mp, size_t n)
{
    pw_fixed(1, &rp, &bp, &ep, en, &mp, n);
}

/* Two constant-time exponentiations modulo numbers of n limbs: a pair where both moduli have
 * the same digit count (bit lengths are public) and a pair product serves it (up to
 * PW_PAIR_MAX_VECS vectors), else one after the other (one table on the stack at a time). */
static inline void ifma_powm_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                                   const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                                   const dot_limb_t *e2, const dot_limb_t *m2, size_t en, size_t n)
{
    const size_t k = dot_powm_digits(m1, n);
    pw_amm_fn amm;
    pw_amm2_fn pair;
    pw_products(k, 1, &amm, &pair);
    if (k != dot_powm_digits(m2, n) || !pair) {
        pw_fixed(1, &r1, &b1, &e1, en, &m1, n);
        pw_fixed(1, &r2, &b2, &e2, en, &m2, n);
        return;
    }
    dot_limb_t *rp[2] = {r1, r2};
    const dot_limb_t *bp[2] = {b1, b2}, *ep[2] = {e1, e2}, *mp[2] = {m1, m2};
    pw_fixed(2, rp, bp, ep, en, mp, n);
}

#endif
