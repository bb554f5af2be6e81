/* AVX-512 IFMA transforms of the NTT family: the scalar reference's arithmetic (ntt_impl.h) on 8
 * coefficients per vector. Shoup and Montgomery products are vpmadd52luq/vpmadd52huq; a
 * conditional subtraction is an unsigned minimum with the wrapped difference. Stages whose
 * butterfly halves are 32 or more apart run in passes over memory, two stages per pass; the last
 * five run on groups of 32 coefficients in four registers, the three smallest regrouped with
 * vpermt2q. */
#include "isa512.h"
#include "ntt_impl.h"

typedef __m512i v8;

typedef struct {
    v8 p, two_p, neg_p, p_inv, mask52;
} vprime;

static vprime vprime_of(const ntt_prime *q)
{
    return (vprime){_mm512_set1_epi64((long long)q->p), _mm512_set1_epi64((long long)q->two_p),
                    _mm512_set1_epi64((long long)q->neg_p), _mm512_set1_epi64((long long)q->p_inv),
                    _mm512_set1_epi64((long long)NTT_MASK52)};
}

DOT_ALWAYS_INLINE v8 vreduce(v8 x, v8 m) { return _mm512_min_epu64(x, _mm512_sub_epi64(x, m)); }

/* x w mod p in [0, 2p) for x < 2^52: q = hi(x w'), then lo(x w) - lo(q p) modulo 2^52 */
DOT_ALWAYS_INLINE v8 vmul_shoup(v8 x, v8 w, v8 w_shoup, const vprime *v)
{
    v8 zero = _mm512_setzero_si512();
    v8 q = _mm512_madd52hi_epu64(zero, x, w_shoup);
    v8 r = _mm512_madd52lo_epu64(zero, x, w);
    r = _mm512_madd52lo_epu64(r, q, v->neg_p);
    return _mm512_and_si512(r, v->mask52);
}

DOT_ALWAYS_INLINE v8 vmul_mont(v8 a, v8 b, const vprime *v)
{
    v8 zero = _mm512_setzero_si512();
    v8 lo = _mm512_madd52lo_epu64(zero, a, b);
    v8 hi = _mm512_madd52hi_epu64(v->p, a, b);
    v8 m = _mm512_madd52lo_epu64(zero, lo, v->p_inv);
    return _mm512_sub_epi64(hi, _mm512_madd52hi_epu64(zero, m, v->p));
}

DOT_ALWAYS_INLINE void gs(v8 *x, v8 *y, v8 w, v8 ws, const vprime *v)
{
    v8 s = vreduce(_mm512_add_epi64(*x, *y), v->two_p);
    *y = vmul_shoup(_mm512_add_epi64(_mm512_sub_epi64(*x, *y), v->two_p), w, ws, v);
    *x = s;
}

DOT_ALWAYS_INLINE void ct(v8 *x, v8 *y, v8 w, v8 ws, const vprime *v)
{
    v8 a = vreduce(*x, v->two_p);
    v8 t = vmul_shoup(*y, w, ws, v);
    *x = _mm512_add_epi64(a, t);
    *y = _mm512_add_epi64(_mm512_sub_epi64(a, t), v->two_p);
}

/* One of the stages m = 4, 2, 1 on a group of 16 coefficients (A: 0..7, B: 8..15): the first
 * halves of its butterflies gathered into one vector, the second halves into another, and back. */
typedef struct {
    v8 x, y;  /* gather: lane l <- the l-th position j with (j & m) == 0, and j + m */
    v8 a, b;  /* scatter back: positions 0..7 and 8..15 from (X, Y) lanes (8 + lane for Y) */
    v8 w, ws; /* lane l's twiddle w_2m^(l mod m) */
} small_stage;

/* [s] for m = 4 >> s: x, y, a, b */
static const uint64_t small_perm[3][4][8] = {
    {{0, 1, 2, 3, 8, 9, 10, 11},
     {4, 5, 6, 7, 12, 13, 14, 15},
     {0, 1, 2, 3, 8, 9, 10, 11},
     {4, 5, 6, 7, 12, 13, 14, 15}},
    {{0, 1, 4, 5, 8, 9, 12, 13},
     {2, 3, 6, 7, 10, 11, 14, 15},
     {0, 1, 8, 9, 2, 3, 10, 11},
     {4, 5, 12, 13, 6, 7, 14, 15}},
    {{0, 2, 4, 6, 8, 10, 12, 14},
     {1, 3, 5, 7, 9, 11, 13, 15},
     {0, 8, 1, 9, 2, 10, 3, 11},
     {4, 12, 5, 13, 6, 14, 7, 15}},
};

static small_stage small_stage_of(int s, const uint64_t w[8], const uint64_t ws[8])
{
    const uint64_t(*p)[8] = small_perm[s];
    return (small_stage){_mm512_loadu_si512(p[0]), _mm512_loadu_si512(p[1]),
                         _mm512_loadu_si512(p[2]), _mm512_loadu_si512(p[3]),
                         _mm512_loadu_si512(w),    _mm512_loadu_si512(ws)};
}

DOT_ALWAYS_INLINE void small_butterflies(v8 *a, v8 *b, const small_stage *s, int inverse,
                                         const vprime *v)
{
    v8 x = _mm512_permutex2var_epi64(*a, s->x, *b);
    v8 y = _mm512_permutex2var_epi64(*a, s->y, *b);
    if (inverse)
        ct(&x, &y, s->w, s->ws, v);
    else
        gs(&x, &y, s->w, s->ws, v);
    *a = _mm512_permutex2var_epi64(x, s->a, y);
    *b = _mm512_permutex2var_epi64(x, s->b, y);
}

DOT_ALWAYS_INLINE v8 vconst(uint64_t x) { return _mm512_set1_epi64((long long)x); }
DOT_ALWAYS_INLINE v8 vload(const uint64_t *p) { return _mm512_load_si512((const void *)p); }
DOT_ALWAYS_INLINE v8 vloadu(const uint64_t *p) { return _mm512_loadu_si512((const void *)p); }
DOT_ALWAYS_INLINE void vstore(uint64_t *p, v8 x) { _mm512_store_si512((void *)p, x); }

/* Limbs i .. i + 7 of {up, un} mod p, in [0, 2p); 0 past the end. Only the operand's own limbs are
 * read: a masked load whose masked-off lanes reach an untouched page costs a microcode assist on
 * every call, so no load is issued past the end (a test on sizes, not on values). */
DOT_ALWAYS_INLINE v8 residues(const dot_limb_t *up, size_t un, size_t i, const ntt_prime *q,
                              const vprime *v)
{
    if (i >= un)
        return _mm512_setzero_si512();
    size_t left = un - i;
    v8 x = _mm512_maskz_loadu_epi64((__mmask8)(left >= 8 ? 0xFF : (1u << left) - 1), up + i);
    v8 lo50 = vconst((UINT64_C(1) << 50) - 1);
    v8 r = _mm512_add_epi64(
        _mm512_and_si512(x, lo50),
        vmul_shoup(_mm512_srli_epi64(x, 50), vconst(q->c50.w), vconst(q->c50.w_shoup), v));
    return vreduce(r, v->two_p); /* lo50 < 2^50 < 2p and the product < 2p: the sum is below 4p */
}

DOT_ALWAYS_INLINE v8 tw(const uint64_t *t, size_t i) { return vloadu(t + i); }

/* Stages m and m / 2 in one pass (m >= 64): four vectors per step. */
static void forward_radix4(uint64_t *a, size_t n, size_t m, const ntt_prime *q, const vprime *v)
{
    size_t h = m / 2;
    for (size_t s = 0; s < n; s += 2 * m)
        for (size_t k = 0; k < h; k += 8) {
            uint64_t *e = a + s + k;
            v8 x0 = vload(e), x1 = vload(e + h), x2 = vload(e + m), x3 = vload(e + m + h);
            gs(&x0, &x2, tw(q->fwd, m + k), tw(q->fwd_shoup, m + k), v);
            gs(&x1, &x3, tw(q->fwd, m + h + k), tw(q->fwd_shoup, m + h + k), v);
            v8 w = tw(q->fwd, h + k), ws = tw(q->fwd_shoup, h + k);
            gs(&x0, &x1, w, ws, v);
            gs(&x2, &x3, w, ws, v);
            vstore(e, x0), vstore(e + h, x1), vstore(e + m, x2), vstore(e + m + h, x3);
        }
}

static void forward_radix2(uint64_t *a, size_t n, size_t m, const ntt_prime *q, const vprime *v)
{
    for (size_t s = 0; s < n; s += 2 * m)
        for (size_t k = 0; k < m; k += 8) {
            v8 x = vload(a + s + k), y = vload(a + s + k + m);
            gs(&x, &y, tw(q->fwd, m + k), tw(q->fwd_shoup, m + k), v);
            vstore(a + s + k, x), vstore(a + s + k + m, y);
        }
}

/* Power-of-two length n >= 32, from the stage of half-length m0 >= 16 on: stages down to
 * m = 32 in passes over memory, then the last five on groups of 32 coefficients held in four
 * registers. */
static void forward2_from(uint64_t *a, size_t n, size_t m0, const ntt_prime *q)
{
    vprime v = vprime_of(q);
    size_t m = m0;
    for (; m >= 64; m /= 4)
        forward_radix4(a, n, m, q, &v);
    if (m == 32)
        forward_radix2(a, n, m, q, &v);
    v8 w16a = tw(q->fwd, 16), w16as = tw(q->fwd_shoup, 16), w16b = tw(q->fwd, 24),
       w16bs = tw(q->fwd_shoup, 24);
    v8 w8 = tw(q->fwd, 8), w8s = tw(q->fwd_shoup, 8);
    small_stage s4 = small_stage_of(0, q->small_fwd[0], q->small_fwd_shoup[0]);
    small_stage s2 = small_stage_of(1, q->small_fwd[1], q->small_fwd_shoup[1]);
    small_stage s1 = small_stage_of(2, q->small_fwd[2], q->small_fwd_shoup[2]);
    for (size_t g = 0; g < n; g += 32) {
        v8 x0 = vload(a + g), x1 = vload(a + g + 8), x2 = vload(a + g + 16), x3 = vload(a + g + 24);
        gs(&x0, &x2, w16a, w16as, &v);
        gs(&x1, &x3, w16b, w16bs, &v);
        gs(&x0, &x1, w8, w8s, &v);
        gs(&x2, &x3, w8, w8s, &v);
        small_butterflies(&x0, &x1, &s4, 0, &v);
        small_butterflies(&x2, &x3, &s4, 0, &v);
        small_butterflies(&x0, &x1, &s2, 0, &v);
        small_butterflies(&x2, &x3, &s2, 0, &v);
        small_butterflies(&x0, &x1, &s1, 0, &v);
        small_butterflies(&x2, &x3, &s1, 0, &v);
        vstore(a + g, x0), vstore(a + g + 8, x1), vstore(a + g + 16, x2), vstore(a + g + 24, x3);
    }
}

static void pointwise(uint64_t *a, const uint64_t *b, size_t n, const ntt_prime *q)
{
    vprime v = vprime_of(q);
    for (size_t i = 0; i < n; i += 8) {
        v8 x = _mm512_load_si512((const void *)(a + i)),
           y = _mm512_load_si512((const void *)(b + i));
        _mm512_store_si512((void *)(a + i), vmul_mont(x, y, &v));
    }
}

/* Stages m and 2m in one pass: four vectors per step. */
static void inverse_radix4(uint64_t *a, size_t n, size_t m, const ntt_prime *q, const vprime *v)
{
    for (size_t s = 0; s < n; s += 4 * m)
        for (size_t k = 0; k < m; k += 8) {
            uint64_t *e = a + s + k;
            v8 x0 = vload(e), x1 = vload(e + m), x2 = vload(e + 2 * m), x3 = vload(e + 3 * m);
            v8 w = tw(q->inv, m + k), ws = tw(q->inv_shoup, m + k);
            ct(&x0, &x1, w, ws, v);
            ct(&x2, &x3, w, ws, v);
            ct(&x0, &x2, tw(q->inv, 2 * m + k), tw(q->inv_shoup, 2 * m + k), v);
            ct(&x1, &x3, tw(q->inv, 3 * m + k), tw(q->inv_shoup, 3 * m + k), v);
            vstore(e, x0), vstore(e + m, x1), vstore(e + 2 * m, x2), vstore(e + 3 * m, x3);
        }
}

static void inverse_radix2(uint64_t *a, size_t n, size_t m, const ntt_prime *q, const vprime *v)
{
    for (size_t s = 0; s < n; s += 2 * m)
        for (size_t k = 0; k < m; k += 8) {
            v8 x = vload(a + s + k), y = vload(a + s + k + m);
            ct(&x, &y, tw(q->inv, m + k), tw(q->inv_shoup, m + k), v);
            vstore(a + s + k, x), vstore(a + s + k + m, y);
        }
}

/* forward2_from backwards, whole: the first five stages in registers, the rest in passes over
 * memory */
static void inverse2(uint64_t *a, size_t n, const ntt_prime *q)
{
    vprime v = vprime_of(q);
    v8 w16a = tw(q->inv, 16), w16as = tw(q->inv_shoup, 16), w16b = tw(q->inv, 24),
       w16bs = tw(q->inv_shoup, 24);
    v8 w8 = tw(q->inv, 8), w8s = tw(q->inv_shoup, 8);
    small_stage s1 = small_stage_of(2, q->small_inv[2], q->small_inv_shoup[2]);
    small_stage s2 = small_stage_of(1, q->small_inv[1], q->small_inv_shoup[1]);
    small_stage s4 = small_stage_of(0, q->small_inv[0], q->small_inv_shoup[0]);
    for (size_t g = 0; g < n; g += 32) {
        v8 x0 = vload(a + g), x1 = vload(a + g + 8), x2 = vload(a + g + 16), x3 = vload(a + g + 24);
        small_butterflies(&x0, &x1, &s1, 1, &v);
        small_butterflies(&x2, &x3, &s1, 1, &v);
        small_butterflies(&x0, &x1, &s2, 1, &v);
        small_butterflies(&x2, &x3, &s2, 1, &v);
        small_butterflies(&x0, &x1, &s4, 1, &v);
        small_butterflies(&x2, &x3, &s4, 1, &v);
        ct(&x0, &x1, w8, w8s, &v);
        ct(&x2, &x3, w8, w8s, &v);
        ct(&x0, &x2, w16a, w16as, &v);
        ct(&x1, &x3, w16b, w16bs, &v);
        vstore(a + g, x0), vstore(a + g + 8, x1), vstore(a + g + 16, x2), vstore(a + g + 24, x3);
    }
    size_t m = 32;
    for (; 4 * m <= n; m *= 4)
        inverse_radix4(a, n, m, q, &v);
    if (m < n)
        inverse_radix2(a, n, m, q, &v);
}

/* The first stage reads the limbs itself. With the upper half of a power-of-two length zero
 * (every balanced product), its butterflies are (x, x w); with the last third of a length 3m zero,
 * the radix-3 stage (as in the scalar reference) loses its third input. Other shapes are loaded
 * first and transformed whole. */
static void forward(uint64_t *a, const dot_limb_t *up, size_t un, size_t n, const ntt_prime *q)
{
    vprime v = vprime_of(q);
    if (n % 3 && n >= 64 && un <= n / 2) {
        size_t h = n / 2;
        for (size_t k = 0; k < h; k += 8) {
            v8 x = residues(up, un, k, q, &v);
            vstore(a + k, x);
            vstore(a + h + k, vmul_shoup(x, tw(q->fwd, h + k), tw(q->fwd_shoup, h + k), &v));
        }
        forward2_from(a, n, n / 4, q);
        return;
    }
    if (n % 3) {
        for (size_t i = 0; i < n; i += 8)
            vstore(a + i, residues(up, un, i, q, &v));
        forward2_from(a, n, n / 2, q);
        return;
    }
    size_t m = n / 3;
    v8 four_p = vconst(2 * q->two_p), cube = vconst(q->cube.w), cube_s = vconst(q->cube.w_shoup);
    int z_zero = un <= 2 * m;
    for (size_t j = 0; j < m; j += 8) {
        v8 x = residues(up, un, j, q, &v), y = residues(up, un, j + m, q, &v);
        v8 z = z_zero ? _mm512_setzero_si512() : residues(up, un, j + 2 * m, q, &v);
        v8 t = vmul_shoup(_mm512_add_epi64(_mm512_sub_epi64(y, z), v.two_p), cube, cube_s, &v);
        v8 s = vreduce(vreduce(_mm512_add_epi64(_mm512_add_epi64(x, y), z), four_p), v.two_p);
        v8 u = _mm512_add_epi64(vreduce(_mm512_add_epi64(_mm512_sub_epi64(x, z), v.two_p), v.two_p),
                                t);
        v8 w = _mm512_add_epi64(vreduce(_mm512_add_epi64(_mm512_sub_epi64(x, y), v.two_p), v.two_p),
                                _mm512_sub_epi64(v.two_p, t));
        vstore(a + j, s);
        vstore(a + j + m, vmul_shoup(u, tw(q->r3_w1, m + j), tw(q->r3_w1_shoup, m + j), &v));
        vstore(a + j + 2 * m, vmul_shoup(w, tw(q->r3_w2, m + j), tw(q->r3_w2_shoup, m + j), &v));
    }
    for (int b = 0; b < 3; b++)
        forward2_from(a + b * m, m, m / 2, q);
}

static void inverse(uint64_t *a, size_t n, const ntt_prime *q)
{
    if (n % 3) {
        inverse2(a, n, q);
        return;
    }
    size_t m = n / 3;
    for (int b = 0; b < 3; b++)
        inverse2(a + b * m, m, q);
    vprime v = vprime_of(q);
    v8 four_p = vconst(2 * q->two_p), cube = vconst(q->cube.w), cube_s = vconst(q->cube.w_shoup);
    for (size_t j = 0; j < m; j += 8) {
        v8 x = vreduce(vload(a + j), v.two_p);
        v8 y = vmul_shoup(vload(a + j + m), vloadu(q->r3_i1 + m + j),
                          vloadu(q->r3_i1_shoup + m + j), &v);
        v8 z = vmul_shoup(vload(a + j + 2 * m), vloadu(q->r3_i2 + m + j),
                          vloadu(q->r3_i2_shoup + m + j), &v);
        v8 t = vmul_shoup(_mm512_add_epi64(_mm512_sub_epi64(z, y), v.two_p), cube, cube_s, &v);
        v8 x_two_p = _mm512_add_epi64(x, v.two_p);
        vstore(a + j, vreduce(_mm512_add_epi64(_mm512_add_epi64(x, y), z), four_p));
        vstore(a + j + m, vreduce(_mm512_add_epi64(_mm512_sub_epi64(x_two_p, y), t), four_p));
        vstore(a + j + 2 * m,
               vreduce(_mm512_add_epi64(_mm512_sub_epi64(x_two_p, z), _mm512_sub_epi64(v.two_p, t)),
                       four_p));
    }
}

/* Garner's digits, 8 coefficients at a time: the scalar reference's steps (ntt_crt.c); then
 * x = a0 + a1 p0 + a2 P in radix 2^52 (P = p0 p1 = P0 + P1 2^52), normalised, and cut into
 * 64-bit limbs. */
static void reconstruct(uint64_t *const r[NTT_PRIMES], size_t n, size_t count, const ntt_tables *t)
{
    vprime v0 = vprime_of(&t->prime[0]), v1 = vprime_of(&t->prime[1]), v2 = vprime_of(&t->prime[2]);
    ntt_const sc0 = ntt_scale_for(&t->prime[0], n), sc1 = ntt_scale_for(&t->prime[1], n);
    ntt_const sc2 = ntt_scale_for(&t->prime[2], n);
    v8 s0 = vconst(sc0.w), s0s = vconst(sc0.w_shoup);
    v8 s1 = vconst(sc1.w), s1s = vconst(sc1.w_shoup);
    v8 s2 = vconst(sc2.w), s2s = vconst(sc2.w_shoup);
    v8 c1 = vconst(t->p0_inv_mod_p1.w), c1s = vconst(t->p0_inv_mod_p1.w_shoup);
    v8 m2 = vconst(t->p0_mod_p2.w), m2s = vconst(t->p0_mod_p2.w_shoup);
    v8 c2 = vconst(t->p01_inv_mod_p2.w), c2s = vconst(t->p01_inv_mod_p2.w_shoup);
    v8 three_p2 = vconst(3 * t->prime[2].p), zero = _mm512_setzero_si512();
    v8 p0 = vconst(t->prime[0].p);
    v8 big0 = vconst(t->p01_lo & NTT_MASK52), big1 = vconst(t->p01_lo >> 52 | t->p01_hi << 12);
    for (size_t j = 0; j < count; j += 8) { /* count <= n, and n is a multiple of 8 */
        v8 a0 = vreduce(vmul_shoup(_mm512_load_si512((void *)(r[0] + j)), s0, s0s, &v0), v0.p);
        v8 y1 = vreduce(vmul_shoup(_mm512_load_si512((void *)(r[1] + j)), s1, s1s, &v1), v1.p);
        v8 y2 = vreduce(vmul_shoup(_mm512_load_si512((void *)(r[2] + j)), s2, s2s, &v2), v2.p);
        v8 d1 = _mm512_sub_epi64(_mm512_add_epi64(y1, v1.p), vreduce(a0, v1.p));
        v8 a1 = vreduce(vmul_shoup(d1, c1, c1s, &v1), v1.p);
        v8 u = _mm512_add_epi64(vmul_shoup(a1, m2, m2s, &v2), vreduce(a0, v2.p));
        v8 d2 = _mm512_sub_epi64(_mm512_add_epi64(y2, three_p2), u);
        v8 a2 = vreduce(vmul_shoup(d2, c2, c2s, &v2), v2.p);
        v8 x0 = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(a0, a1, p0), a2, big0);
        v8 x1 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(zero, a2, big1), a1, p0), a2, big0);
        v8 x2 = _mm512_madd52hi_epu64(zero, a2, big1);
        x1 = _mm512_add_epi64(x1, _mm512_srli_epi64(x0, 52)); /* each digit below 2^54 before */
        x2 = _mm512_add_epi64(x2, _mm512_srli_epi64(x1, 52));
        x0 = _mm512_and_si512(x0, v0.mask52);
        x1 = _mm512_and_si512(x1, v0.mask52);
        vstore(r[0] + j, _mm512_or_si512(x0, _mm512_slli_epi64(x1, 52)));
        vstore(r[1] + j, _mm512_or_si512(_mm512_srli_epi64(x1, 12), _mm512_slli_epi64(x2, 40)));
        vstore(r[2] + j, _mm512_srli_epi64(x2, 24));
    }
}

const ntt_ops ntt_ifma_ops = {"ifma", 16, forward, pointwise, inverse, reconstruct};
