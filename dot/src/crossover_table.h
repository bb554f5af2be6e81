/* Measured crossovers, one row per (CPU family, variant): the lines `make tune` prints on that
 * family. Columns: family, variant, add_n, sub_n, add_n_ct, sub_n_ct (limbs; MAX = the chain at
 * every size measured), the form of the constant-time kernel ("shift" or "mask", avx512/aors.h;
 * NULL: the variant has one form, or it was not timed on that family, which keeps "shift").
 * Data, not code: regenerate, do not edit by hand. */
{"zen4", "sse", MAX, MAX, MAX, MAX, NULL},
{"zen4", "avx2", 27, 27, MAX, MAX, NULL},
{"zen4", "avx512", 24, 24, 56, 51, "mask"},
{"zen4", "ifma", 24, 24, 56, 51, "mask"},
{"zen5", "sse", MAX, MAX, MAX, MAX, NULL},
{"zen5", "avx2", 35, 35, 64, 64, NULL},
{"zen5", "avx512", 24, 24, 48, 40, "mask"},
{"zen5", "ifma", 24, 24, 48, 40, "mask"},
{"intel-avx512", "sse", MAX, MAX, MAX, MAX, NULL},
{"intel-avx512", "avx2", MAX, MAX, MAX, MAX, NULL},
{"intel-avx512", "avx512", 34, 35, 48, 40, "mask"},
{"intel-avx512", "ifma", 34, 35, 48, 40, "mask"},
