/*
 * Prior-work baselines the paper compares DoT against, built into libdot so that the same test,
 * benchmark and Java harness can run them. Same contracts as dot.h (n >= 1; rp may equal up or
 * vp exactly; no alignment required). They are not dispatched: the caller picks one, and must
 * call the avx2 / avx512 / ifma ones only where dot_isa_supported("avx2" / "avx512" / "ifma").
 */
#ifndef DOT_BASELINES_H
#define DOT_BASELINES_H

#include "dot.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Scalar add-with-carry: one adc (sbb) chain through the carry flag, in inline assembly: libdot's
 * own add-with-carry chain (the "chain" variant, src/chain/), under the baseline's name. */
DOT_API dot_limb_t dot_baseline_adc_add_n(dot_limb_t *rp, const dot_limb_t *up,
                                          const dot_limb_t *vp, size_t n);
DOT_API dot_limb_t dot_baseline_adc_sub_n(dot_limb_t *rp, const dot_limb_t *up,
                                          const dot_limb_t *vp, size_t n);

/* Ren et al. carry-select addition: each limb's carry behaviour (kill, propagate, generate)
 * becomes a pair of 8-bit operands; one scalar addition of the packed bytes resolves the carries
 * of a whole block. */
DOT_API dot_limb_t dot_baseline_ren_add_n_avx2(dot_limb_t *rp, const dot_limb_t *up,
                                               const dot_limb_t *vp, size_t n);
DOT_API dot_limb_t dot_baseline_ren_sub_n_avx2(dot_limb_t *rp, const dot_limb_t *up,
                                               const dot_limb_t *vp, size_t n);
DOT_API dot_limb_t dot_baseline_ren_add_n_avx512(dot_limb_t *rp, const dot_limb_t *up,
                                                 const dot_limb_t *vp, size_t n);
DOT_API dot_limb_t dot_baseline_ren_sub_n_avx512(dot_limb_t *rp, const dot_limb_t *up,
                                                 const dot_limb_t *vp, size_t n);

/* Two-level Kogge-Stone addition (y-cruncher's approach): a Kogge-Stone prefix over the lanes of
 * each vector, then a second level across the vectors of a block. */
DOT_API dot_limb_t dot_baseline_ksa_add_n_avx2(dot_limb_t *rp, const dot_limb_t *up,
                                               const dot_limb_t *vp, size_t n);
DOT_API dot_limb_t dot_baseline_ksa_sub_n_avx2(dot_limb_t *rp, const dot_limb_t *up,
                                               const dot_limb_t *vp, size_t n);
DOT_API dot_limb_t dot_baseline_ksa_add_n_avx512(dot_limb_t *rp, const dot_limb_t *up,
                                                 const dot_limb_t *vp, size_t n);
DOT_API dot_limb_t dot_baseline_ksa_sub_n_avx512(dot_limb_t *rp, const dot_limb_t *up,
                                                 const dot_limb_t *vp, size_t n);

/* Gueron-Krasnov IFMA schoolbook: {rp, 8} = {up, 4} * {vp, 4} with one shared accumulator. */
DOT_API void dot_baseline_gk_mul_4x4(dot_limb_t rp[8], const dot_limb_t up[4],
                                     const dot_limb_t vp[4]);

#ifdef __cplusplus
}
#endif

#endif
