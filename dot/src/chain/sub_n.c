#include "dot_baselines.h"
#include "aors.h"

DOT_DEFINE_AORS(chain, sub_n, DOT_OP_SUB)

/* The paper's scalar ADC baseline is this chain: one symbol, two names. */
dot_limb_t dot_baseline_adc_sub_n(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t)
    __attribute__((alias("dot_chain_sub_n")));
