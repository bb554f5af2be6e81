/*
 * DoT add/sub with AVX-512F/VL/DQ/BW, w = 8 limbs a vector, in two flavours that share phase 1 (one
 * vector add or subtract per 8 limbs) and differ in where the carries go.
 *
 * Fast flavour, the lane shift (avx512_lane_*): the carries stay in vector registers. A lane's
 * carry (borrow) out is the top bit of one ternary-logic op on a, b and the lane result; shifted
 * down to 0 or 1 and moved one lane up by valignq (the previous vector's top lane entering lane
 * 0), it is added in (phase 3). That is the exact answer unless a carry lands on a propagating
 * lane (sum all ones, difference zero), where it cascades: then, and only then, the add wraps
 * (the subtract borrows), which one unsigned compare per vector detects. Four vectors are checked
 * before any of them is stored; from a group with a cascade on, the lookahead kernel below does
 * the rest of the call, from the carry into that group (phase 4, rare on random data). No general
 * register sits between a vector's loads and its store, so a call's latency is a few vector
 * operations: that is what counts inside GMP, whose algorithms read what the previous add or
 * subtract just wrote (toom interpolation works in place), more than throughput on operands at
 * rest. The n % 8 last limbs go through the add-with-carry chain after the vectors, from the top
 * vector's carry (calls in place first align their vectors: avx512_lane_in_place).
 *
 * Constant-time flavour, the lookahead (avx512_lookahead_*): phase 2's generate and propagate
 * masks come out of unsigned compares into mask registers and go to one general register per four
 * vectors, where dot_lookahead resolves every cascade with one add and no branch on the data;
 * phase 3 adds each lane's receiver bit, shifted out of a broadcast of the group's bits. The last
 * n % 8 limbs go through the chain after the vectors (the driver in dot_impl.h). It comes in two
 * forms that differ in phase 3 only: the shift form above (avx512_lookahead_*, the variants' own
 * _ct kernels) and the mask form (avx512_mask_*, dot_avx512_mask_*_ct), where each vector's eight
 * receiver bits go back into a mask register and a masked subtract of -1 adds them. Which is
 * faster depends on the CPU's ports (Zen 4 splits a 512-bit op in two halves over four pipes and
 * pays for mask-register traffic; Intel runs them whole on two ports and shifts on one of them),
 * so each family's row in crossover_table.h names the form its tables hold (`make tune` times
 * both) and DOT_CT_FORM overrides it.
 */
#ifndef DOT_AVX512_AORS_H
#define DOT_AVX512_AORS_H

#include "../chain/aors.h"
#include "../lookahead.h"
#include "../isa512.h"

#define DOT_AVX512_W 8
#define DOT_AVX512_GROUP 4
/* 0 only in the emulated test's planted control, which must then see cascades go wrong. */
#ifndef DOT_LANE_CASCADE_CHECK
#define DOT_LANE_CASCADE_CHECK 1
#endif

DOT_ALWAYS_INLINE __m512i avx512_lookahead_phase1(__m512i a, __m512i b, dot_op op, uint64_t *g,
                                                  uint64_t *p)
{
    __m512i r;
    if (op == DOT_OP_ADD) {
        r = _mm512_add_epi64(a, b);
        *g = (uint64_t)_mm512_cmplt_epu64_mask(r, a);
        *p = (uint64_t)_mm512_cmpeq_epi64_mask(r, _mm512_set1_epi64(-1));
    } else {
        r = _mm512_sub_epi64(a, b);
        *g = (uint64_t)_mm512_cmplt_epu64_mask(a, b);
        *p = (uint64_t)_mm512_cmpeq_epi64_mask(r, _mm512_setzero_si512());
    }
    return r;
}

/* 1 in the lanes of vector k whose receiver bit is set in the broadcast `bits`, else 0: each
 * lane's own bit shifted to the top and back, two vector ops that stay in vector registers (the
 * alternatives, a masked add or masks merged with kunpck, move the bits through mask registers;
 * results/MEASUREMENTS.md says how they compared: "tried and not kept"). */
DOT_ALWAYS_INLINE __m512i avx512_lookahead_receivers(__m512i bits, int k)
{
    const int b = DOT_AVX512_W * k;
    const __m512i to_top = _mm512_set_epi64(56 - b, 57 - b, 58 - b, 59 - b, 60 - b, 61 - b, 62 - b,
                                            63 - b);
    return _mm512_srli_epi64(_mm512_sllv_epi64(bits, to_top), 63);
}

/* Phase 3: add (sub) each receiving lane's carry (borrow) to vector k. */
DOT_ALWAYS_INLINE __m512i avx512_lookahead_apply(__m512i r, __m512i bits, int k, dot_op op)
{
    return op == DOT_OP_ADD ? _mm512_add_epi64(r, avx512_lookahead_receivers(bits, k))
                            : _mm512_sub_epi64(r, avx512_lookahead_receivers(bits, k));
}

/* Hides a loaded vector's origin from gcc, which would otherwise load an operand twice: once
 * folded into the add, once more for the compare (the constant-time flavour) or the ternary-logic
 * op (the fast one, which overwrites an input), 12 loads a group instead of 8. SIMDe's emulated
 * vectors are not registers, so the emulated build goes without. */
#ifdef DOT_EMULATE_AVX512
#define DOT_AVX512_OPAQUE(v) ((void)(v))
#else
#define DOT_AVX512_OPAQUE(v) __asm__("" : "+v"(v))
#endif

/* The driver's primitives (DOT_DEFINE_VECTOR_AORS, dot_impl.h): one vector's unaligned load (each
 * operand read once) and store, and the group's receiver bits in every lane. */
DOT_ALWAYS_INLINE __m512i avx512_lookahead_load(const dot_limb_t *p)
{
    __m512i v = _mm512_loadu_si512((const void *)p);
    DOT_AVX512_OPAQUE(v);
    return v;
}
DOT_ALWAYS_INLINE void avx512_lookahead_store(dot_limb_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}
DOT_ALWAYS_INLINE __m512i avx512_lookahead_broadcast(uint64_t bits)
{
    return _mm512_set1_epi64((long long)bits);
}

DOT_DEFINE_VECTOR_AORS(avx512_lookahead, __m512i, DOT_AVX512_W, DOT_AVX512_GROUP)

/* The constant-time flavour's mask form: phase 1 and the loads as in the shift form; the group's
 * receiver bits stay in the general register, and vector k takes its eight (bits k*8 to k*8+7) as
 * a write mask: add subtracts -1 in those lanes, sub adds it. */
DOT_ALWAYS_INLINE __m512i avx512_mask_load(const dot_limb_t *p) { return avx512_lookahead_load(p); }
DOT_ALWAYS_INLINE __m512i avx512_mask_phase1(__m512i a, __m512i b, dot_op op, uint64_t *g,
                                             uint64_t *p)
{
    return avx512_lookahead_phase1(a, b, op, g, p);
}
DOT_ALWAYS_INLINE void avx512_mask_store(dot_limb_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}
DOT_ALWAYS_INLINE uint64_t avx512_mask_broadcast(uint64_t bits) { return bits; }
DOT_ALWAYS_INLINE __m512i avx512_mask_apply(__m512i r, uint64_t bits, int k, dot_op op)
{
    const __mmask8 lanes = (__mmask8)(bits >> (DOT_AVX512_W * k));
    const __m512i minus_one = _mm512_set1_epi64(-1);
    return op == DOT_OP_ADD ? _mm512_mask_sub_epi64(r, lanes, r, minus_one)
                            : _mm512_mask_add_epi64(r, lanes, r, minus_one);
}

DOT_DEFINE_VECTOR_AORS(avx512_mask, __m512i, DOT_AVX512_W, DOT_AVX512_GROUP)

/* Each lane's carry (add) or borrow (sub) out of r = a op b, as 0 or 1. The top bit of
 * (a & b) | ((a | b) & ~r) is the carry of a + b (truth table 0xD4 over a, b, r); the top bit of
 * (~a & b) | ((~a | b) & r) is the borrow of a - b (0x8E). */
DOT_ALWAYS_INLINE __m512i avx512_lane_carries(__m512i a, __m512i b, __m512i r, dot_op op)
{
    __m512i t = op == DOT_OP_ADD ? _mm512_ternarylogic_epi64(a, b, r, 0xD4)
                                 : _mm512_ternarylogic_epi64(a, b, r, 0x8E);
    return _mm512_srli_epi64(t, 63);
}

/* Lane 7 of c (0 or 1): the carry out of the vector whose carries c holds. */
DOT_ALWAYS_INLINE uint64_t avx512_lane_top(__m512i c)
{
    return (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(_mm512_alignr_epi64(c, c, 7)));
}

/* `vecs` (1..4) vectors at rp, up, vp. *carries holds the previous vector's lane carries (only
 * lane 7 matters: the carry into this group); on success the group is stored, *carries receives
 * its last vector's and the result is 1. A cascade stores nothing and returns 0. */
DOT_ALWAYS_INLINE int avx512_lane_group(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                        int vecs, __m512i *carries, dot_op op)
{
    __m512i r[DOT_AVX512_GROUP], c[DOT_AVX512_GROUP];
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        __m512i a = avx512_lookahead_load(up + DOT_AVX512_W * k);
        __m512i b = avx512_lookahead_load(vp + DOT_AVX512_W * k);
        r[k] = op == DOT_OP_ADD ? _mm512_add_epi64(a, b) : _mm512_sub_epi64(a, b);
        c[k] = avx512_lane_carries(a, b, r[k], op);
    }
    /* The lanes that took their carry without wrapping: even and odd vectors in two chains of
     * compares, each masked by the one before in its chain (two deep, for the latency from the
     * loads to the branch, which the stores wait for), the group's test their and against 0xFF. */
    __mmask8 intact[2] = {0xFF, 0xFF};
    DOT_UNROLL
    for (int k = 0; k < vecs; k++) {
        /* lane j receives lane j-1's carry; lane 0 the previous vector's lane 7 */
        __m512i in = _mm512_alignr_epi64(c[k], k ? c[k - 1] : *carries, 7);
        /* a lane wrapped iff below in: the sum after the add (all ones + 1), the difference before
         * the subtract (zero - 1) */
        if (op == DOT_OP_ADD)
            r[k] = _mm512_add_epi64(r[k], in);
        intact[k % 2] = _mm512_mask_cmpge_epu64_mask(intact[k % 2], r[k], in);
        if (op == DOT_OP_SUB)
            r[k] = _mm512_sub_epi64(r[k], in);
    }
    if (__builtin_expect(DOT_LANE_CASCADE_CHECK && (intact[0] & intact[1]) != 0xFF, 0))
        return 0;
    DOT_UNROLL
    for (int k = 0; k < vecs; k++)
        avx512_lookahead_store(rp + DOT_AVX512_W * k, r[k]);
    *carries = c[vecs - 1];
    return 1;
}

/* The rest of a call from the group that cascaded: the lookahead kernel, out of line, so that
 * its registers and stack frame stay out of the fast path. */
__attribute__((noinline, cold)) static dot_limb_t avx512_lane_resume(dot_limb_t *rp,
                                                                     const dot_limb_t *up,
                                                                     const dot_limb_t *vp, size_t n,
                                                                     dot_limb_t cin, dot_op op)
{
    return avx512_lookahead_aors(rp, up, vp, n, cin, op, DOT_CT);
}

/* The vectors over n limbs (a multiple of 8) from the carry in cin, then `tail` more limbs
 * through the chain. After a cascade the rest of the call goes through the lookahead kernel, from
 * the carry into the group that cascaded: operands that cascade once (long runs of all-ones or
 * zero limbs) tend to cascade again, and the lookahead's branch-free form takes them at its own
 * speed (its fast form would mispredict its cascade branch on them). */
DOT_ALWAYS_INLINE dot_limb_t avx512_lane_vectors(dot_limb_t *rp, const dot_limb_t *up,
                                                 const dot_limb_t *vp, size_t n, size_t tail,
                                                 dot_limb_t cin, dot_op op)
{
    __m512i carries = _mm512_set1_epi64((long long)cin);
    const size_t group = DOT_AVX512_W * DOT_AVX512_GROUP;
    size_t i = 0;
    for (; i + group <= n; i += group)
        if (!avx512_lane_group(rp + i, up + i, vp + i, DOT_AVX512_GROUP, &carries, op))
            goto cascade;
    for (; i < n; i += DOT_AVX512_W)
        if (!avx512_lane_group(rp + i, up + i, vp + i, 1, &carries, op))
            goto cascade;
    if (!tail)
        return avx512_lane_top(carries);
    return chain_aors(rp + n, up + n, vp + n, tail, avx512_lane_top(carries), op, DOT_FAST);
cascade:
    return avx512_lane_resume(rp + i, up + i, vp + i, n + tail - i, avx512_lane_top(carries), op);
}

/* A call whose vectors start at rp: the vectors over the n - n % 8 limbs from rp, then the chain
 * over the n % 8 last limbs, from the top vector's carry (fewer than 8 limbs: the chain alone).
 * Reached by a jump (below), so the path saves no register. On Zen 5 this order ran faster than
 * the chain first, its carry entering the first vector's lane 0 (results/MEASUREMENTS.md, "Chain
 * tail, not chain head"). */
__attribute__((noinline)) static dot_limb_t avx512_lane_tailed(dot_limb_t *rp, const dot_limb_t *up,
                                                               const dot_limb_t *vp, size_t n,
                                                               dot_limb_t cin, dot_op op)
{
    size_t tail = n % DOT_AVX512_W;
    if (tail == n)
        return chain_aors(rp, up, vp, n, cin, op, DOT_FAST);
    return avx512_lane_vectors(rp, up, vp, n - tail, tail, cin, op);
}

/* A call in place (rp == up or vp) puts its vectors on rp's 32-byte grid, the chain taking the
 * 0-3 limbs before it and the 0-7 after: such limbs were most likely written by the previous
 * add/sub on them, and a load is served from a store still in flight only if that store did not
 * cross a 64-byte line (on Zen 4 a 64-byte store is two 32-byte halves); from a store that did,
 * the load waits until the store reaches the cache. The README's "How add/sub works" has what it
 * gained back to back in place, and `bench_addsub --placement` times it. */
__attribute__((noinline)) static dot_limb_t avx512_lane_in_place(dot_limb_t *rp,
                                                                 const dot_limb_t *up,
                                                                 const dot_limb_t *vp, size_t n,
                                                                 dot_limb_t cin, dot_op op)
{
    size_t head = (size_t)(-(uintptr_t)rp / sizeof(dot_limb_t)) % 4;
    if (n < head + DOT_AVX512_W)
        return chain_aors(rp, up, vp, n, cin, op, DOT_FAST);
    if (head)
        cin = chain_aors_past(&rp, &up, &vp, head, cin, op);
    return avx512_lane_tailed(rp, up, vp, n - head, cin, op);
}

/* The fast flavour. The calls in place and those with a chain tail go to functions of their own
 * (a jump each), like the cascade's resumption: what stays here, n a multiple of 8 not in place,
 * then saves no register and sets up no stack frame (README, "How add/sub works", has what that
 * gained). Kept as separate code paths, not one with a computed tail: gcc compiled the merged
 * form measurably slower at 16-40 limbs (the notes on issue 11 have the figures). */
DOT_ALWAYS_INLINE dot_limb_t avx512_lane_aors(dot_limb_t *rp, const dot_limb_t *up,
                                              const dot_limb_t *vp, size_t n, dot_limb_t cin,
                                              dot_op op)
{
    if (rp == up || rp == vp)
        return avx512_lane_in_place(rp, up, vp, n, cin, op);
    if (n % DOT_AVX512_W)
        return avx512_lane_tailed(rp, up, vp, n, cin, op);
    return avx512_lane_vectors(rp, up, vp, n, 0, cin, op);
}

/* The core DOT_DEFINE_AORS instantiates (add_n.c, sub_n.c): the flavour is a constant there. */
DOT_ALWAYS_INLINE dot_limb_t avx512_aors(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                         size_t n, dot_limb_t cin, dot_op op, dot_flavour flavour)
{
    return flavour == DOT_FAST ? avx512_lane_aors(rp, up, vp, n, cin, op)
                               : avx512_lookahead_aors(rp, up, vp, n, cin, op, flavour);
}

#endif
