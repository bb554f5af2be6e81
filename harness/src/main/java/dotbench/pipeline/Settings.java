package dotbench.pipeline;

import dotbench.stats.Intervals;

/**
 * How a suite is timed and judged: the one settings record every suite's run and result file use.
 *
 * @param quick              true for the quick profile (recorded in results)
 * @param samples            samples per variant per case, interleaved across variants
 * @param schedule           batches or windows, and their time
 * @param noiseThreshold     a ratio whose 95% interval is wider than this fraction of it is flagged noisy
 * @param bootstrapResamples resamples for the intervals
 * @param seed               the bootstrap's seed
 */
public record Settings(
        boolean quick, int samples, Schedule schedule, double noiseThreshold, int bootstrapResamples, long seed) {
    public static final double DEFAULT_NOISE_THRESHOLD = 0.05;
    public static final int DEFAULT_RESAMPLES = 2000;

    public Settings {
        if (samples < 3 || samples > 1001) {
            throw new IllegalArgumentException("--samples must be between 3 and 1001, got " + samples);
        }
        if (!(noiseThreshold > 0) || Double.isInfinite(noiseThreshold)) {
            throw new IllegalArgumentException(
                    "--noise-threshold must be a positive finite fraction, got " + noiseThreshold);
        }
    }

    /** A profile's settings with the default threshold, resamples and seed. */
    public static Settings of(boolean quick, int samples, Schedule schedule) {
        return new Settings(quick, samples, schedule, DEFAULT_NOISE_THRESHOLD, DEFAULT_RESAMPLES, 1);
    }

    public Settings withSamples(int n) {
        return new Settings(quick, n, schedule, noiseThreshold, bootstrapResamples, seed);
    }

    public Settings withSchedule(Schedule s) {
        return new Settings(quick, samples, s, noiseThreshold, bootstrapResamples, seed);
    }

    public Settings withNoiseThreshold(double t) {
        return new Settings(quick, samples, schedule, t, bootstrapResamples, seed);
    }

    public Intervals intervals() {
        return new Intervals(bootstrapResamples, seed, noiseThreshold);
    }
}
