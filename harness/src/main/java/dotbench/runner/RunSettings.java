package dotbench.runner;

import java.time.Duration;

/**
 * How a suite is timed.
 *
 * @param samples            batches per variant per test, interleaved across variants
 * @param minTime            calibration target: a batch lasts at least this much CPU time (GMPbench: 250 ms)
 * @param noiseThreshold     a ratio whose 95% interval is wider than this fraction of it is flagged noisy
 * @param bootstrapResamples resamples for the intervals
 * @param seed               the bootstrap's seed
 * @param quick              true for the quick profile (recorded in results)
 */
public record RunSettings(int samples, Duration minTime, double noiseThreshold, int bootstrapResamples, long seed, boolean quick) {
    public static final double DEFAULT_NOISE_THRESHOLD = 0.05;

    public RunSettings {
        if (samples < 3 || samples > 1001) {
            throw new IllegalArgumentException("--samples must be between 3 and 1001, got " + samples);
        }
        if (minTime.isNegative() || minTime.isZero() || minTime.compareTo(Duration.ofSeconds(60)) > 0) {
            throw new IllegalArgumentException("--min-time must be above 0 and at most 60 s, got " + minTime.toMillis() + " ms");
        }
        if (!(noiseThreshold > 0)) {
            throw new IllegalArgumentException("--noise-threshold must be positive, got " + noiseThreshold);
        }
    }

    /** `--quick`: 50 ms batches, 5 samples; a full run of the GMP matrix fits in a few minutes. */
    public static RunSettings quickProfile() {
        return new RunSettings(5, Duration.ofMillis(50), DEFAULT_NOISE_THRESHOLD, 2000, 1, true);
    }

    /** GMPbench's 250 ms calibration target, 11 interleaved samples. */
    public static RunSettings fullProfile() {
        return new RunSettings(11, Duration.ofMillis(250), DEFAULT_NOISE_THRESHOLD, 2000, 1, false);
    }

    public RunSettings withSamples(int n) {
        return new RunSettings(n, minTime, noiseThreshold, bootstrapResamples, seed, quick);
    }

    public RunSettings withMinTime(Duration t) {
        return new RunSettings(samples, t, noiseThreshold, bootstrapResamples, seed, quick);
    }

    public RunSettings withNoiseThreshold(double t) {
        return new RunSettings(samples, minTime, t, bootstrapResamples, seed, quick);
    }
}
