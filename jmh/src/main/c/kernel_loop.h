/* Native loops for the JMH kernel suite: call one kernel, obtained through FFM as a function
 * pointer, `reps` times on the same operands. A kernel call of a few nanoseconds would otherwise
 * be dominated by the Java-to-native transition; here the transition is paid once per `reps`.
 * The return values are summed and returned so the loop has an observable result. */
#ifndef DOTBENCH_KERNEL_LOOP_H
#define DOTBENCH_KERNEL_LOOP_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t limb_t;
/* mpn_add_n / mpn_sub_n / dot_add_n / baselines: (rp, up, vp, n) -> carry or borrow */
typedef limb_t (*addsub_fn)(limb_t *, const limb_t *, const limb_t *, size_t);
/* mpn_mul_n: (rp, up, vp, n), rp has 2n limbs */
typedef void (*mul_n_fn)(limb_t *, const limb_t *, const limb_t *, size_t);
/* mpn_sqr: (rp, up, n), rp has 2n limbs */
typedef void (*sqr_n_fn)(limb_t *, const limb_t *, size_t);
/* dot_mul_4x4 / dot_baseline_gk_mul_4x4: (rp[8], up[4], vp[4]) */
typedef void (*mul4_fn)(limb_t *, const limb_t *, const limb_t *);
/* dot_sqr_4x4: (rp[8], up[4]) */
typedef void (*sqr4_fn)(limb_t *, const limb_t *);
/* BN_uadd / BN_usub: (BIGNUM *r, const BIGNUM *a, const BIGNUM *b) -> 1 on success */
typedef int (*bn3_fn)(void *, const void *, const void *);

uint64_t dotbench_kloop_addsub(addsub_fn f, limb_t *rp, const limb_t *up, const limb_t *vp,
                               size_t n, int64_t reps);
uint64_t dotbench_kloop_mul_n(mul_n_fn f, limb_t *rp, const limb_t *up, const limb_t *vp, size_t n,
                              int64_t reps);
uint64_t dotbench_kloop_sqr_n(sqr_n_fn f, limb_t *rp, const limb_t *up, size_t n, int64_t reps);
uint64_t dotbench_kloop_mul4(mul4_fn f, limb_t *rp, const limb_t *up, const limb_t *vp,
                             int64_t reps);
uint64_t dotbench_kloop_sqr4(sqr4_fn f, limb_t *rp, const limb_t *up, int64_t reps);
/* Returns how many calls failed (returned 0): anything but 0 makes the benchmark fail. */
uint64_t dotbench_kloop_bn3(bn3_fn f, void *r, const void *a, const void *b, int64_t reps);
/* An empty kernel of the add/sub shape: the loop's own cost per call, reported as overhead. */
limb_t dotbench_kloop_empty(limb_t *rp, const limb_t *up, const limb_t *vp, size_t n);

#endif
