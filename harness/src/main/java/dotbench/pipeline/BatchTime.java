package dotbench.pipeline;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The profiles of a suite timed in calibrated batches, and its {@code --min-time} option: a suite
 * includes it in its options with {@code @Mixin} and builds its settings from it.
 */
public final class BatchTime {
    @Option(
            names = "--min-time",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Minimum CPU time per batch (calibration target), e.g. 20ms or 0.25s.")
    Duration minTime;

    /**
     * The quick profile (5 samples of {@code quickBatch}) or the default one (11 samples of
     * {@code fullBatch}); {@code --min-time} replaces the batch time of either.
     */
    public Settings settings(boolean quick, Duration quickBatch, Duration fullBatch) {
        Duration batch = minTime != null ? minTime : quick ? quickBatch : fullBatch;
        return Settings.of(quick, quick ? 5 : 11, new Schedule.Batches(batch));
    }
}
