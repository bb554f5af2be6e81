package dotbench.pipeline;

import java.util.Map;
import java.util.Optional;

/**
 * One case's result on every variant.
 *
 * @param detail      the suite's own record of the case
 * @param failed      variant to what it got wrong (before, while or after timing): its figures are withheld
 * @param skipped     why the case was not timed at all, if it was not
 * @param measurement the timing; empty when nothing was timed
 */
public record Outcome<D>(
        String name,
        D detail,
        Map<String, String> failed,
        Optional<String> skipped,
        Optional<Measurement> measurement) {
    public Outcome {
        failed = Ordered.copy(failed);
    }

    /** Timed, and right before, while and after. */
    public boolean measured(String variant) {
        return !failed.containsKey(variant)
                && measurement.filter(m -> m.samples().containsKey(variant)).isPresent();
    }

    /** Per-sample ops per CPU second of a measured variant. */
    public double[] rates(String variant) {
        return measurement.orElseThrow().opsPerSecond(variant);
    }

    public double medianOpsPerSecond(String variant) {
        return measurement.orElseThrow().medianOpsPerSecond(variant);
    }
}
