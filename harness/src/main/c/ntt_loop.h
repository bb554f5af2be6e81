/*
 * libdotbench_ntt.so: the NTT multiplication suite's kernels and timed loop, called through FFM.
 *
 * libdot's dot_ntt_mul runs the NTT variant dot_isa() picks once per process. To time every
 * variant side by side in one process, this library links libdot's static archive and names each
 * variant's transform table explicitly: variant "ifma" is ntt_mul_with(&ntt_ifma_ops, ...), the
 * very function dot_ntt_mul calls when dot_isa() is "ifma" (schoolbook hand-over included), and
 * likewise "avx2" and "scalar". GMP's functions are not linked: the caller hands in the
 * addresses of whichever GMP build it measures.
 */
#ifndef DOTBENCH_NTT_LOOP_H
#define DOTBENCH_NTT_LOOP_H

#include <stddef.h>
#include <stdint.h>

/* One timed batch: the thread's CPU time and wall time, in nanoseconds. */
typedef struct dotbench_mul_timing {
    int64_t cpu_ns;
    int64_t wall_ns;
} dotbench_mul_timing;

/* The kernel shapes: mpn_mul's (rp, up, un, vp, vn) -> rp[un + vn - 1]; mpn_sqr's (rp, up, n);
 * mpn_mul_n's (rp, up, vp, n). */
enum { DOTBENCH_SHAPE_MUL = 0, DOTBENCH_SHAPE_SQR = 1, DOTBENCH_SHAPE_MUL_N = 2 };

/* The NTT variants this library knows (runnable here or not), NULL-terminated:
 * "scalar", "avx2", "ifma". */
const char *const *dotbench_ntt_variants(void);
/* 1 if this CPU runs the named variant's transforms, else 0 (unknown names: 0). */
int dotbench_ntt_runs(const char *variant);
/* The named variant's kernel of the given shape, or NULL if it is unknown or cannot run here.
 * Besides the variants above, "planted-wrong" is a control: the ifma (else avx2, else scalar)
 * product with one bit of the middle limb flipped, wrong on every call; "planted-late" is
 * right on its first call and wrong on every later one (a fault that only timing reaches). */
void *dotbench_ntt_kernel(const char *variant, int shape);

/* Calls fn, a kernel of `shape` (MUL or SQR), reps times on the same operands and times the
 * batch. SQR ignores vp and vn. */
void dotbench_mul_loop(void *fn, int shape, uint64_t *rp, const uint64_t *up, size_t un,
                       const uint64_t *vp, size_t vn, int64_t reps, dotbench_mul_timing *out);
/* The same loop and argument passing around an empty function of the shape: the loop's cost. */
void dotbench_mul_loop_empty(int shape, uint64_t *rp, const uint64_t *up, size_t un,
                             const uint64_t *vp, size_t vn, int64_t reps, dotbench_mul_timing *out);

#endif
