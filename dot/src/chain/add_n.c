#include "dot_baselines.h"
#include "aors.h"

DOT_DEFINE_AORS(chain, add_n, DOT_OP_ADD)

/* The paper's scalar ADC baseline is this chain: one symbol, two names. */
dot_limb_t dot_baseline_adc_add_n(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t)
    __attribute__((alias("dot_chain_add_n")));
