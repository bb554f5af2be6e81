/* The add/sub correctness battery: one kernel set against GMP's mpn_add_n / mpn_sub_n. */
#ifndef DOT_TEST_ADDSUB_BATTERY_H
#define DOT_TEST_ADDSUB_BATTERY_H

#include "dot.h"

typedef dot_limb_t (*dot_aors_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
typedef dot_limb_t (*dot_aorsc_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                                   dot_limb_t);

typedef struct {
    const char *label; /* e.g. "avx2 add_n_ct" */
    dot_aors_fn fn;
    int is_sub;
    dot_aorsc_fn fnc; /* the carry-in form (add_nc ...), checked with cin 0 and 1; may be NULL */
    int exact_alias_only; /* a prior-work baseline: rp == up or vp only, not rp below up */
} dot_aors_case;

/* Random cases (sizes 1..300 and the paper's 12 sizes), then every pathological family, each
 * also in place (rp == up, rp == vp), with rp below up (rp = up - k, k = 1..33: GMP's overlap
 * rule) and at unaligned offsets, with guard limbs checked. */
void dot_addsub_battery(const dot_aors_case *c, unsigned long random_cases);

/* An add (is_sub 0) or subtract (1) of n limbs, for dot_whole_cascades_wrong. */
typedef dot_limb_t (*dot_aors_op_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                                     int is_sub);

/* Whole-operand cascades (all ones + 1, zero - 1) at every size from 1 to max_n <= 80 limbs, both
 * operations: how many fn gets wrong against GMP (result or carry out). The planted controls
 * (a lane shift built without its cascade check) must get some wrong, a real kernel none. */
unsigned dot_whole_cascades_wrong(dot_aors_op_fn fn, size_t max_n);

/* The paper's twelve operand sizes, in limbs (512 .. 32768 bits). */
extern const size_t dot_paper_sizes[12];

#endif
