/* Measured crossovers, one row per (CPU family, variant): the lines `make tune` prints on that
 * family. Columns: family, variant, add_n, sub_n, add_n_ct, sub_n_ct (limbs; MAX = the chain at
 * every size measured). Data, not code: regenerate, do not edit by hand. */
{"zen4", "sse", MAX, MAX, MAX, MAX},
{"zen4", "avx2", 256, MAX, MAX, MAX},
{"zen4", "avx512", 32, 32, 96, 96},
{"zen4", "ifma", 32, 32, 96, 96},
{"zen5", "sse", MAX, MAX, MAX, MAX},
{"zen5", "avx2", 97, 144, 128, 160},
{"zen5", "avx512", 30, 31, 48, 47},
{"zen5", "ifma", 30, 31, 48, 47},
{"intel-avx512", "sse", MAX, MAX, MAX, MAX},
{"intel-avx512", "avx2", MAX, MAX, MAX, MAX},
{"intel-avx512", "avx512", 37, 35, 112, 108},
{"intel-avx512", "ifma", 37, 35, 112, 108},
