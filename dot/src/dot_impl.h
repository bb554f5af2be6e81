/* Internal declarations shared by the variant folders, dispatch and the tests. */
#ifndef DOT_IMPL_H
#define DOT_IMPL_H

#include "dot.h"

#define DOT_ALWAYS_INLINE static inline __attribute__((always_inline))
#define DOT_LIKELY(x) __builtin_expect(!!(x), 1)
/* Unroll a short loop over a group's vectors fully, so each vector stays in a register and each
 * lane-selector constant is folded (gcc leaves such loops rolled at -O2 otherwise). */
#define DOT_UNROLL _Pragma("GCC unroll 8")

/* The operation a shared add/sub core is specialised for (a compile-time constant at each use). */
typedef enum { DOT_OP_ADD, DOT_OP_SUB } dot_op;
/* Fast: the rare cascade fix-up sits behind a branch. CT: it is computed every time. */
typedef enum { DOT_FAST, DOT_CT } dot_flavour;

#define DOT_DECLARE_ADDSUB(isa)                                                                    \
    dot_limb_t dot_##isa##_add_n(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);    \
    dot_limb_t dot_##isa##_sub_n(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);    \
    dot_limb_t dot_##isa##_add_n_ct(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t); \
    dot_limb_t dot_##isa##_sub_n_ct(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);

#define DOT_DECLARE_MUL(isa)                                                                \
    void dot_##isa##_mul_4x4(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);        \
    void dot_##isa##_sqr_4x4(dot_limb_t *, const dot_limb_t *);                             \
    void dot_##isa##_mul_5x5_r52(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);

DOT_DECLARE_ADDSUB(scalar)
DOT_DECLARE_ADDSUB(sse)
DOT_DECLARE_ADDSUB(avx2)
DOT_DECLARE_ADDSUB(avx512)
DOT_DECLARE_MUL(scalar)
DOT_DECLARE_MUL(ifma)

/* Defines a variant's fast and _ct entry points for one operation from its always-inline core
 * <isa>_aors(rp, up, vp, n, op, flavour). */
#define DOT_DEFINE_AORS(isa, name, op)                                                             \
    dot_limb_t dot_##isa##_##name(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,     \
                                  size_t n)                                                        \
    {                                                                                              \
        return isa##_aors(rp, up, vp, n, op, DOT_FAST);                                            \
    }                                                                                              \
    dot_limb_t dot_##isa##_##name##_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, \
                                       size_t n)                                                   \
    {                                                                                              \
        return isa##_aors(rp, up, vp, n, op, DOT_CT);                                              \
    }

/* CPU features that decide which variants may run (cpu.c). */
typedef struct dot_cpu {
    int sse42, avx2, avx512, ifma; /* each includes the OS support its registers need */
} dot_cpu;
dot_cpu dot_cpu_detect(void);

#endif
