package dotbench.speed;

import dotbench.stats.Statistics;
import java.util.Map;
import java.util.Optional;

/**
 * One test's result on every variant.
 *
 * @param failed     variant to what its check or its timed operations got wrong (never timed as fast)
 * @param skipped    why the test was not timed at all (one operation longer than the window, as
 *                   openssl speed's stop rule), if it was not
 * @param timings    the variants that passed, with their slots and latency histograms
 * @param overheadNs the loop's own cost per operation (an empty library call timed the same way)
 */
public record SpeedOutcome(SpeedTest test, Map<String, String> failed, Optional<String> skipped,
        Map<String, WindowRunner.Timing> timings, double overheadNs) {
    public SpeedOutcome {
        failed = dotbench.runner.Ordered.copy(failed);
        timings = dotbench.runner.Ordered.copy(timings);
    }

    /** Timed, and right in every slot. */
    public boolean measured(String variant) {
        return !failed.containsKey(variant) && timings.containsKey(variant) && timings.get(variant).failure().isEmpty();
    }

    /** openssl speed's figure: all completed operations over all user CPU time of the variant's slots. */
    public double opsPerUserSecond(String variant) {
        var s = timings.get(variant).samples();
        return s.stream().mapToLong(WindowSample::ops).sum() * 1e9 / Math.max(1, s.stream().mapToLong(WindowSample::userNs).sum());
    }

    /** The same over wall time (speed's -elapsed figure). */
    public double opsPerWallSecond(String variant) {
        var s = timings.get(variant).samples();
        return s.stream().mapToLong(WindowSample::ops).sum() * 1e9 / Math.max(1, s.stream().mapToLong(WindowSample::wallNs).sum());
    }

    /** Per-slot rates over thread CPU time: what the A/B ratios pair up. */
    public double[] slotOpsPerCpuSecond(String variant) {
        return timings.get(variant).samples().stream().mapToDouble(w -> w.toSample().opsPerSecond()).toArray();
    }

    public double medianOpsPerCpuSecond(String variant) {
        return Statistics.median(slotOpsPerCpuSecond(variant));
    }
}
