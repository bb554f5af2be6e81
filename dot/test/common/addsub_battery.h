/* The add/sub correctness battery: one kernel set against GMP's mpn_add_n / mpn_sub_n. */
#ifndef DOT_TEST_ADDSUB_BATTERY_H
#define DOT_TEST_ADDSUB_BATTERY_H

#include "dot.h"

typedef dot_limb_t (*dot_aors_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);

typedef struct {
    const char *label; /* e.g. "avx2 add_n_ct" */
    dot_aors_fn fn;
    int is_sub;
} dot_aors_case;

/* Random cases (sizes 1..300 and the paper's 12 sizes), then every pathological family, each
 * also in place (rp == up, rp == vp) and at unaligned offsets, with guard limbs checked. */
void dot_addsub_battery(const dot_aors_case *c, unsigned long random_cases);

/* The paper's twelve operand sizes, in limbs (512 .. 32768 bits). */
extern const size_t dot_paper_sizes[12];

#endif
