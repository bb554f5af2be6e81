package dotbench.runner;

import java.util.List;
import java.util.Map;

/**
 * One test timed on every variant: the common batch size, each variant's samples in the order
 * they ran (index i of every variant belongs to the same interleaved round), and the loop's own
 * cost measured with an empty operation.
 *
 * @param reps     operations per batch (calibrated on the first variant, then used for all)
 * @param samples  variant name to its samples
 * @param overhead the empty loop at the same batch size
 */
public record Measurement(long reps, Map<String, List<Sample>> samples, Sample overhead) {
    public Measurement {
        samples = Ordered.copy(samples);
    }

    public double[] opsPerSecond(String variant) {
        return samples.get(variant).stream().mapToDouble(Sample::opsPerSecond).toArray();
    }

    /** Loop overhead per operation in ns. */
    public double overheadNsPerOp() {
        return overhead.nsPerOp();
    }
}
