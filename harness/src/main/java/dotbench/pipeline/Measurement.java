package dotbench.pipeline;

import dotbench.stats.Statistics;
import java.util.List;
import java.util.Map;

/**
 * One case timed on every variant: each variant's samples in the order they ran (index i of every
 * variant belongs to the same interleaved round), the loop's own cost measured with an empty
 * operation, and the variants that failed while timed.
 *
 * @param reps     operations per batch (calibrated on the first variant, then used for all); 0 for windows
 * @param samples  variant name to its samples
 * @param overhead the empty loop, timed on the first variant
 * @param failures variant to what went wrong while it was timed
 */
public record Measurement(long reps, Map<String, List<Sample>> samples, Sample overhead, Map<String, String> failures) {
    public Measurement {
        samples = Ordered.copy(samples);
        failures = Ordered.copy(failures);
    }

    /** Per-sample rates of CPU time: what the A/B ratios pair up. */
    public double[] opsPerSecond(String variant) {
        return samples.get(variant).stream().mapToDouble(Sample::opsPerSecond).toArray();
    }

    public double medianOpsPerSecond(String variant) {
        return Statistics.median(opsPerSecond(variant));
    }

    /** All samples of a variant summed: the figures openssl speed prints (ops over all user or wall time). */
    public Sample total(String variant) {
        return samples.get(variant).stream().reduce(Sample::plus).orElseThrow();
    }

    /** Loop overhead per operation in ns. */
    public double overheadNsPerOp() {
        return overhead.nsPerOp();
    }

    /** The overhead as a fraction of the first variant's median operation. */
    public double overheadFraction() {
        String first = samples.keySet().iterator().next();
        return overheadNsPerOp() * medianOpsPerSecond(first) / 1e9;
    }
}
