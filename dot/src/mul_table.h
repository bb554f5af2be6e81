/* The measured choice of 4x4 product, 4-limb square and radix-2^52 5x5 product, one row per (CPU
 * family, variant): whose kernel the variant's table holds, the fastest that `make bench`
 * (dot/bench/bench_mul) measured on that family (results/libdot-bench-*.txt). Columns: family,
 * variant, mul_4x4, sqr_4x4, mul_5x5_r52 (each "scalar" or the variant's own name). Data, not
 * code: change a row only with the measurement that supports it. */
{"zen4", "ifma", "scalar", "scalar", "ifma"},
{"zen5", "ifma", "scalar", "scalar", "ifma"},
{"intel-avx512", "ifma", "scalar", "scalar", "ifma"},
