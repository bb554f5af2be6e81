package dotbench.modmul;

import java.util.Map;

/**
 * One case of the modmul suite: p's size, the PMNS parameter set (s digits of 52 bits per
 * coefficient, n coefficients, its file), the libdot variant that ran the PMNS kernels, and per
 * contender the TSC ticks per nanosecond its timed loops measured (for cycles per product).
 */
record ModMulDetail(
        int bits, int digits, long coefficients, String paramFile, String pmnsIsa, Map<String, Double> tscPerNs) {}
