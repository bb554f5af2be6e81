/* AVX2 transforms of the NTT family: the same three primes as every variant (ntt_impl.h), with
 * residues held as doubles, four per vector, and products by FMA (AVX2 has no 64-bit multiply).
 *
 * A residue is a double holding an integer of absolute value below a small multiple of p (signed:
 * no conditional subtraction needed). x w mod p for |x w / p| < 2^51: h = x w rounded, l = the
 * rounding error of h (one FMA, exact), q = h / p rounded to an integer, and r = (h - q p) + l.
 * h - q p is an integer below 2^53 and the FMA computes it exactly, so r is x w - q p exactly; q
 * is within 0.5 + 3 2^-53 |x w / p| of x w / p, so |r| <= p (1/2 + 3 2^-53 |x w / p|).
 * Reduction alone is x - p round(x / p), |result| <= p / 2 + 2^-51 |x|.
 * Ranges (p < 2^50, every constant |w| <= p / 2): loaded limbs and the forward transform's values
 * below p; the pointwise product (no Montgomery factor) below p; the inverse transform's values
 * below 2p, and below 2.3p after a radix-3 stage. The arrays hold doubles from forward to
 * reconstruct, which returns 64-bit limbs like every variant's. */
#pragma GCC target("avx2,fma")
#include <immintrin.h>
#include <string.h>
#include "ntt_arith.h"

typedef __m256d v4;

typedef struct {
    v4 p, p_inv; /* p and 1/p rounded */
} dprime;

static dprime dprime_of(const ntt_prime *q)
{
    return (dprime){_mm256_set1_pd((double)q->p), _mm256_set1_pd(1.0 / (double)q->p)};
}

#define ROUND_NEAREST (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)

/* x - p round(x / p) */
DOT_ALWAYS_INLINE v4 vreduce(v4 x, const dprime *v)
{
    v4 q = _mm256_round_pd(_mm256_mul_pd(x, v->p_inv), ROUND_NEAREST);
    return _mm256_fnmadd_pd(q, v->p, x);
}

/* x w - q p with q = round(x w / p), exactly (header) */
DOT_ALWAYS_INLINE v4 vmulmod(v4 x, v4 w, const dprime *v)
{
    v4 h = _mm256_mul_pd(x, w);
    v4 l = _mm256_fmsub_pd(x, w, h);
    v4 q = _mm256_round_pd(_mm256_mul_pd(h, v->p_inv), ROUND_NEAREST);
    return _mm256_add_pd(_mm256_fnmadd_pd(q, v->p, h), l);
}

DOT_ALWAYS_INLINE v4 vload(const uint64_t *a) { return _mm256_load_pd((const double *)a); }
DOT_ALWAYS_INLINE void vstore(uint64_t *a, v4 x) { _mm256_store_pd((double *)a, x); }
DOT_ALWAYS_INLINE v4 tw(const double *t, size_t i) { return _mm256_loadu_pd(t + i); }

/* Gentleman-Sande: |x|, |y| < p give x + y reduced (below 0.51p) and (x - y) w (below 0.88p) */
DOT_ALWAYS_INLINE void gs(v4 *x, v4 *y, v4 w, const dprime *v)
{
    v4 s = vreduce(_mm256_add_pd(*x, *y), v);
    *y = vmulmod(_mm256_sub_pd(*x, *y), w, v);
    *x = s;
}

/* Cooley-Tukey: |x|, |y| < 2p give x reduced plus and minus y w, both below 1.4p */
DOT_ALWAYS_INLINE void ct(v4 *x, v4 *y, v4 w, const dprime *v)
{
    v4 a = vreduce(*x, v);
    v4 t = vmulmod(*y, w, v);
    *x = _mm256_add_pd(a, t);
    *y = _mm256_sub_pd(a, t);
}

/* 2^52 as a double: or-ing an integer below 2^52 into its mantissa gives 2^52 + x */
#define MAGIC_BITS UINT64_C(0x4330000000000000)

/* unsigned integers below 2^52 to doubles */
DOT_ALWAYS_INLINE v4 to_double(__m256i x)
{
    v4 magic = _mm256_castsi256_pd(_mm256_set1_epi64x((long long)MAGIC_BITS));
    return _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(x, _mm256_castpd_si256(magic))),
                         magic);
}

/* limbs {x} mod p below 0.51p: lo50 + hi14 (2^50 mod p), reduced */
DOT_ALWAYS_INLINE v4 residues_of(__m256i x, v4 c50, const dprime *v)
{
    v4 lo = to_double(
        _mm256_and_si256(x, _mm256_set1_epi64x((long long)((UINT64_C(1) << 50) - 1))));
    v4 hi = to_double(_mm256_srli_epi64(x, 50));
    return vreduce(_mm256_add_pd(lo, vmulmod(hi, c50, v)), v);
}

/* a[0 .. n) = the limbs' residues, zero past un; no load past the operand (the tail goes
 * through a copy; its length depends on un alone) */
static void load(uint64_t *a, const dot_limb_t *up, size_t un, size_t n, const ntt_prime *q,
                 const dprime *v)
{
    v4 c50 = _mm256_set1_pd(q->d_c50);
    size_t i = 0;
    for (; i + 4 <= un; i += 4)
        vstore(a + i, residues_of(_mm256_loadu_si256((const __m256i *)(up + i)), c50, v));
    if (i < un) {
        dot_limb_t tail[4] = {0, 0, 0, 0};
        memcpy(tail, up + i, (un - i) * sizeof *tail);
        vstore(a + i, residues_of(_mm256_loadu_si256((const __m256i *)tail), c50, v));
        i += 4;
    }
    for (; i < n; i += 4)
        vstore(a + i, _mm256_setzero_pd());
}

/* Stages of half-length m >= 4, one pass over memory each */
static void forward_stage(uint64_t *a, size_t n, size_t m, const double *w, const dprime *v)
{
    for (size_t s = 0; s < n; s += 2 * m)
        for (size_t k = 0; k < m; k += 4) {
            v4 x = vload(a + s + k), y = vload(a + s + k + m);
            gs(&x, &y, tw(w, m + k), v);
            vstore(a + s + k, x), vstore(a + s + k + m, y);
        }
}

/* Two stages in one pass (m and m / 2, m >= 8) */
static void forward_stage2(uint64_t *a, size_t n, size_t m, const double *w, const dprime *v)
{
    size_t h = m / 2;
    for (size_t s = 0; s < n; s += 2 * m)
        for (size_t k = 0; k < h; k += 4) {
            uint64_t *e = a + s + k;
            v4 x0 = vload(e), x1 = vload(e + h), x2 = vload(e + m), x3 = vload(e + m + h);
            gs(&x0, &x2, tw(w, m + k), v);
            gs(&x1, &x3, tw(w, m + h + k), v);
            v4 wh = tw(w, h + k);
            gs(&x0, &x1, wh, v);
            gs(&x2, &x3, wh, v);
            vstore(e, x0), vstore(e + h, x1), vstore(e + m, x2), vstore(e + m + h, x3);
        }
}

/* The stages m = 2 and m = 1 on blocks of 8: (a0 a1 a4 a5 | a2 a3 a6 a7) pairs m = 2's
 * butterflies, its unpacked halves (a0 a2 a4 a6 | a1 a3 a5 a7) pair m = 1's (twiddle 1). */
static void forward_last2(uint64_t *a, size_t n, const double *w, const dprime *v)
{
    v4 w2 = _mm256_setr_pd(w[2], w[3], w[2], w[3]);
    for (size_t g = 0; g < n; g += 8) {
        v4 v0 = vload(a + g), v1 = vload(a + g + 4);
        v4 x = _mm256_permute2f128_pd(v0, v1, 0x20), y = _mm256_permute2f128_pd(v0, v1, 0x31);
        gs(&x, &y, w2, v);
        v4 e = _mm256_unpacklo_pd(x, y), o = _mm256_unpackhi_pd(x, y);
        v4 s = vreduce(_mm256_add_pd(e, o), v), d = vreduce(_mm256_sub_pd(e, o), v);
        v4 lo = _mm256_unpacklo_pd(s, d), hi = _mm256_unpackhi_pd(s, d);
        vstore(a + g, _mm256_permute2f128_pd(lo, hi, 0x20));
        vstore(a + g + 4, _mm256_permute2f128_pd(lo, hi, 0x31));
    }
}

/* Power-of-two length n from the stage of half-length m0 on */
static void forward2_from(uint64_t *a, size_t n, size_t m0, const ntt_prime *q, const dprime *v)
{
    size_t m = m0;
    for (; m >= 8; m /= 4)
        forward_stage2(a, n, m, q->d_fwd, v);
    if (m == 4)
        forward_stage(a, n, m, q->d_fwd, v);
    forward_last2(a, n, q->d_fwd, v);
}

/* Length 3m: the radix-3 stage of the scalar reference, then three power-of-two transforms. A
 * power-of-two length with its upper half zero (every balanced product) starts with butterflies
 * (x, x w) on the loaded lower half. */
static void forward(uint64_t *a, const dot_limb_t *up, size_t un, size_t n, const ntt_prime *q)
{
    dprime v = dprime_of(q);
    if (n % 3 && un <= n / 2) {
        size_t h = n / 2;
        load(a, up, un, h, q, &v);
        for (size_t k = 0; k < h; k += 4)
            vstore(a + h + k, vmulmod(vload(a + k), tw(q->d_fwd, h + k), &v));
        forward2_from(a, n, n / 4, q, &v);
        return;
    }
    load(a, up, un, n, q, &v);
    if (n % 3) {
        forward2_from(a, n, n / 2, q, &v);
        return;
    }
    size_t m = n / 3;
    v4 cube = _mm256_set1_pd(q->d_cube);
    for (size_t j = 0; j < m; j += 4) {
        v4 x = vload(a + j), y = vload(a + j + m), z = vload(a + j + 2 * m);
        v4 t = vmulmod(_mm256_sub_pd(y, z), cube, &v);
        v4 s = vreduce(_mm256_add_pd(_mm256_add_pd(x, y), z), &v);
        v4 u = _mm256_add_pd(_mm256_sub_pd(x, z), t);
        v4 w = _mm256_sub_pd(_mm256_sub_pd(x, y), t);
        vstore(a + j, s);
        vstore(a + j + m, vmulmod(u, tw(q->d_r3_w1, m + j), &v));
        vstore(a + j + 2 * m, vmulmod(w, tw(q->d_r3_w2, m + j), &v));
    }
    for (int b = 0; b < 3; b++)
        forward2_from(a + b * m, m, m / 2, q, &v);
}

static void pointwise(uint64_t *a, const uint64_t *b, size_t n, const ntt_prime *q)
{
    dprime v = dprime_of(q);
    for (size_t i = 0; i < n; i += 4)
        vstore(a + i, vmulmod(vload(a + i), vload(b + i), &v));
}

/* forward_last2 backwards: m = 1 (twiddle 1, both halves reduced), then m = 2 */
static void inverse_first2(uint64_t *a, size_t n, const double *w, const dprime *v)
{
    v4 w2 = _mm256_setr_pd(w[2], w[3], w[2], w[3]);
    for (size_t g = 0; g < n; g += 8) {
        v4 v0 = vload(a + g), v1 = vload(a + g + 4);
        v4 x = _mm256_permute2f128_pd(v0, v1, 0x20), y = _mm256_permute2f128_pd(v0, v1, 0x31);
        v4 e = vreduce(_mm256_unpacklo_pd(x, y), v), o = vreduce(_mm256_unpackhi_pd(x, y), v);
        v4 s = _mm256_add_pd(e, o), d = _mm256_sub_pd(e, o);
        x = _mm256_unpacklo_pd(s, d), y = _mm256_unpackhi_pd(s, d);
        ct(&x, &y, w2, v);
        vstore(a + g, _mm256_permute2f128_pd(x, y, 0x20));
        vstore(a + g + 4, _mm256_permute2f128_pd(x, y, 0x31));
    }
}

static void inverse_stage(uint64_t *a, size_t n, size_t m, const double *w, const dprime *v)
{
    for (size_t s = 0; s < n; s += 2 * m)
        for (size_t k = 0; k < m; k += 4) {
            v4 x = vload(a + s + k), y = vload(a + s + k + m);
            ct(&x, &y, tw(w, m + k), v);
            vstore(a + s + k, x), vstore(a + s + k + m, y);
        }
}

/* Stages m and 2m in one pass (m >= 4) */
static void inverse_stage2(uint64_t *a, size_t n, size_t m, const double *w, const dprime *v)
{
    for (size_t s = 0; s < n; s += 4 * m)
        for (size_t k = 0; k < m; k += 4) {
            uint64_t *e = a + s + k;
            v4 x0 = vload(e), x1 = vload(e + m), x2 = vload(e + 2 * m), x3 = vload(e + 3 * m);
            v4 wm = tw(w, m + k);
            ct(&x0, &x1, wm, v);
            ct(&x2, &x3, wm, v);
            ct(&x0, &x2, tw(w, 2 * m + k), v);
            ct(&x1, &x3, tw(w, 3 * m + k), v);
            vstore(e, x0), vstore(e + m, x1), vstore(e + 2 * m, x2), vstore(e + 3 * m, x3);
        }
}

static void inverse2(uint64_t *a, size_t n, const ntt_prime *q, const dprime *v)
{
    inverse_first2(a, n, q->d_inv, v);
    size_t m = 4;
    for (; 4 * m <= n; m *= 4)
        inverse_stage2(a, n, m, q->d_inv, v);
    if (m < n)
        inverse_stage(a, n, m, q->d_inv, v);
}

/* Length 3m: three inverse transforms of length m, then the scalar reference's inverse radix-3
 * stage (values below 2p in, below 2.3p out) */
static void inverse(uint64_t *a, size_t n, const ntt_prime *q)
{
    dprime v = dprime_of(q);
    if (n % 3) {
        inverse2(a, n, q, &v);
        return;
    }
    size_t m = n / 3;
    for (int b = 0; b < 3; b++)
        inverse2(a + b * m, m, q, &v);
    v4 cube = _mm256_set1_pd(q->d_cube);
    for (size_t j = 0; j < m; j += 4) {
        v4 x = vreduce(vload(a + j), &v);
        v4 y = vmulmod(vload(a + j + m), tw(q->d_r3_i1, m + j), &v);
        v4 z = vmulmod(vload(a + j + 2 * m), tw(q->d_r3_i2, m + j), &v);
        v4 t = vmulmod(_mm256_sub_pd(z, y), cube, &v);
        vstore(a + j, _mm256_add_pd(_mm256_add_pd(x, y), z));
        vstore(a + j + m, _mm256_add_pd(_mm256_sub_pd(x, y), t));
        vstore(a + j + 2 * m, _mm256_sub_pd(_mm256_sub_pd(x, z), t));
    }
}

/* w mod p as the residue of least absolute value */
static double centred(uint64_t w, uint64_t p)
{
    w %= p;
    return w > p / 2 ? -(double)(p - w) : (double)w;
}

/* 1/n mod p, the residue of least absolute value: the scale constant 2^52/n (which also undoes
 * the other variants' Montgomery factor) times 2^-52 (this variant's pointwise product has none) */
static double inverse_n(const ntt_prime *q, size_t n)
{
    return centred(ntt_mul_mont(ntt_scale_for(q, n).w, 1, q), q->p);
}

/* r in (-p, p) to [0, p) */
DOT_ALWAYS_INLINE v4 canonical(v4 r, v4 p)
{
    return _mm256_add_pd(r, _mm256_and_pd(_mm256_cmp_pd(r, _mm256_setzero_pd(), _CMP_LT_OQ), p));
}

/* doubles holding integers in [0, 2^52) to 64-bit integers */
DOT_ALWAYS_INLINE __m256i to_u64(v4 x)
{
    v4 magic = _mm256_castsi256_pd(_mm256_set1_epi64x((long long)MAGIC_BITS));
    return _mm256_xor_si256(_mm256_castpd_si256(_mm256_add_pd(x, magic)),
                            _mm256_castpd_si256(magic));
}

/* Garner's digits of the scalar reference (ntt_crt.c), four coefficients at a time in doubles:
 * y_i = r_i / n mod p_i, a0 = y0, a1 = (y1 - a0) / p0 mod p1, a2 = (y2 - a0 - a1 p0) / (p0 p1)
 * mod p2, each in [0, p_i) (|y_i| < 0.9 p_i, every constant below p_i / 2 in absolute value); then
 * x = a0 + a1 p0 + a2 p0 p1 as three limbs, one coefficient at a time. */
static void reconstruct(uint64_t *const r[NTT_PRIMES], size_t n, size_t count, const ntt_tables *t)
{
    const ntt_prime *q0 = &t->prime[0], *q1 = &t->prime[1], *q2 = &t->prime[2];
    dprime v0 = dprime_of(q0), v1 = dprime_of(q1), v2 = dprime_of(q2);
    v4 s0 = _mm256_set1_pd(inverse_n(q0, n)), s1 = _mm256_set1_pd(inverse_n(q1, n));
    v4 s2 = _mm256_set1_pd(inverse_n(q2, n));
    v4 c1 = _mm256_set1_pd(centred(t->p0_inv_mod_p1.w, q1->p));
    v4 m2 = _mm256_set1_pd(centred(t->p0_mod_p2.w, q2->p));
    v4 c2 = _mm256_set1_pd(centred(t->p01_inv_mod_p2.w, q2->p));
    size_t j;
    for (j = 0; j < count; j += 4) { /* count <= n, and n is a multiple of 4 */
        v4 a0 = canonical(vmulmod(vload(r[0] + j), s0, &v0), v0.p);
        v4 y1 = vmulmod(vload(r[1] + j), s1, &v1);
        v4 a1 = canonical(vmulmod(_mm256_sub_pd(y1, a0), c1, &v1), v1.p);
        v4 u = _mm256_add_pd(vmulmod(a1, m2, &v2), a0);
        v4 y2 = vmulmod(vload(r[2] + j), s2, &v2);
        v4 a2 = canonical(vmulmod(vreduce(_mm256_sub_pd(y2, u), &v2), c2, &v2), v2.p);
        _mm256_store_si256((__m256i *)(r[0] + j), to_u64(a0));
        _mm256_store_si256((__m256i *)(r[1] + j), to_u64(a1));
        _mm256_store_si256((__m256i *)(r[2] + j), to_u64(a2));
    }
    uint64_t p0 = q0->p;
    for (j = 0; j < count; j++) {
        uint64_t a0 = r[0][j], a1 = r[1][j], a2 = r[2][j];
        ntt_u128 lo = (ntt_u128)a0 + (ntt_u128)a1 * p0 + (ntt_u128)a2 * t->p01_lo;
        ntt_u128 hi = (lo >> 64) + (ntt_u128)a2 * t->p01_hi;
        r[0][j] = (uint64_t)lo;
        r[1][j] = (uint64_t)hi;
        r[2][j] = (uint64_t)(hi >> 64);
    }
}

const ntt_ops ntt_avx2_ops = {"avx2", 19, forward, pointwise, inverse, reconstruct};
