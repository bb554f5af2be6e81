/*
 * The add tables' stages for bench_phases (the method is at the top of dot/bench/bench_phases.c):
 * the avx2 and avx512 kernels have no phase marks, so each stage is put together here from the
 * kernel header's own helpers for the one-vector-group path an 8-limb call takes.
 */
#include "phases.h"

/* stage 0 of every table: the loop alone */
DEFINE_TIMER(time_loop, (void)rp)

/* ---- avx2 add, 8 limbs = two one-vector groups ------------------------------------------- */
#pragma GCC push_options
#pragma GCC target("avx2")
#include "avx2/aors.h"

DOT_ALWAYS_INLINE void keep256(__m256i v) { __asm__ volatile("" : : "x"(v)); }

DOT_ALWAYS_INLINE dot_limb_t avx2_stage_load(dot_limb_t *rp, const dot_limb_t *up,
                                             const dot_limb_t *vp)
{
    (void)rp;
    for (int k = 0; k < 2; k++) {
        keep256(_mm256_loadu_si256((const __m256i *)(up + 4 * k)));
        keep256(_mm256_loadu_si256((const __m256i *)(vp + 4 * k)));
    }
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_stage1(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    (void)rp;
    for (int k = 0; k < 2; k++)
        keep256(_mm256_add_epi64(_mm256_loadu_si256((const __m256i *)(up + 4 * k)),
                                 _mm256_loadu_si256((const __m256i *)(vp + 4 * k))));
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_stage2(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    (void)rp;
    uint64_t carry = 0;
    for (int k = 0; k < 2; k++) {
        uint64_t g, p;
        keep256(avx2_lookahead_phase1(_mm256_loadu_si256((const __m256i *)(up + 4 * k)),
                                      _mm256_loadu_si256((const __m256i *)(vp + 4 * k)), DOT_OP_ADD,
                                      &g, &p));
        __asm__ volatile("" : : "r"(p));
        carry = ((g << 1) | carry) >> 4;
    }
    return carry;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_stage3(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    uint64_t carry = 0;
    for (int k = 0; k < 2; k++) {
        uint64_t g, p;
        __m256i r = avx2_lookahead_phase1(_mm256_loadu_si256((const __m256i *)(up + 4 * k)),
                                          _mm256_loadu_si256((const __m256i *)(vp + 4 * k)),
                                          DOT_OP_ADD, &g, &p);
        __asm__ volatile("" : : "r"(p));
        uint64_t in = (g << 1) | carry;
        carry = in >> 4;
        __m256i bits = _mm256_set1_epi64x((long long)(in & 0xF));
        _mm256_storeu_si256((__m256i *)(rp + 4 * k), avx2_lookahead_apply(r, bits, 0, DOT_OP_ADD));
    }
    return carry;
}

DOT_ALWAYS_INLINE dot_limb_t avx2_full(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    return avx2_lookahead_aors(rp, up, vp, 8, 0, DOT_OP_ADD, DOT_FAST);
}
DEFINE_TIMER(time_avx2_load, KEEP_CARRY(avx2_stage_load(rp, up, vp)))
DEFINE_TIMER(time_avx2_stage1, KEEP_CARRY(avx2_stage1(rp, up, vp)))
DEFINE_TIMER(time_avx2_stage2, KEEP_CARRY(avx2_stage2(rp, up, vp)))
DEFINE_TIMER(time_avx2_stage3, KEEP_CARRY(avx2_stage3(rp, up, vp)))
DEFINE_TIMER(time_avx2_full, KEEP_CARRY(avx2_full(rp, up, vp)))
#pragma GCC pop_options

/* ---- avx512 add, 8 limbs = one vector --------------------------------------------------- */
#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512vl")
#include "avx512/aors.h"

DOT_ALWAYS_INLINE void keep512(__m512i v) { __asm__ volatile("" : : "v"(v)); }

DOT_ALWAYS_INLINE dot_limb_t avx512_stage_load(dot_limb_t *rp, const dot_limb_t *up,
                                               const dot_limb_t *vp)
{
    (void)rp;
    keep512(_mm512_loadu_si512((const void *)up));
    keep512(_mm512_loadu_si512((const void *)vp));
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_stage1(dot_limb_t *rp, const dot_limb_t *up,
                                           const dot_limb_t *vp)
{
    (void)rp;
    keep512(_mm512_add_epi64(_mm512_loadu_si512((const void *)up),
                             _mm512_loadu_si512((const void *)vp)));
    return 0;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_stage2(dot_limb_t *rp, const dot_limb_t *up,
                                           const dot_limb_t *vp)
{
    (void)rp;
    uint64_t g, p;
    keep512(avx512_lookahead_phase1(_mm512_loadu_si512((const void *)up),
                                    _mm512_loadu_si512((const void *)vp), DOT_OP_ADD, &g, &p));
    __asm__ volatile("" : : "r"(p));
    return (g << 1) >> 8;
}

DOT_ALWAYS_INLINE dot_limb_t avx512_stage3(dot_limb_t *rp, const dot_limb_t *up,
                                           const dot_limb_t *vp)
{
    uint64_t g, p;
    __m512i r = avx512_lookahead_phase1(_mm512_loadu_si512((const void *)up),
                                        _mm512_loadu_si512((const void *)vp), DOT_OP_ADD, &g, &p);
    __asm__ volatile("" : : "r"(p));
    uint64_t in = g << 1;
    const __m512i bits = _mm512_set1_epi64((long long)(in & 0xFF));
    _mm512_storeu_si512((void *)rp, _mm512_add_epi64(r, avx512_lookahead_receivers(bits, 0)));
    return in >> 8;
}

/* The whole lookahead kernel (the _ct flavour), whose phases the stages above are: the fast
 * flavour is the lane shift, which has no separate lookahead phase. */
DOT_ALWAYS_INLINE dot_limb_t avx512_full(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    return avx512_aors(rp, up, vp, 8, 0, DOT_OP_ADD, DOT_CT);
}
DEFINE_TIMER(time_avx512_load, KEEP_CARRY(avx512_stage_load(rp, up, vp)))
DEFINE_TIMER(time_avx512_stage1, KEEP_CARRY(avx512_stage1(rp, up, vp)))
DEFINE_TIMER(time_avx512_stage2, KEEP_CARRY(avx512_stage2(rp, up, vp)))
DEFINE_TIMER(time_avx512_stage3, KEEP_CARRY(avx512_stage3(rp, up, vp)))
DEFINE_TIMER(time_avx512_full, KEEP_CARRY(avx512_full(rp, up, vp)))
#pragma GCC pop_options
