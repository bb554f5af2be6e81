package dotbench.speed;

import java.time.Duration;

/**
 * How the speed suite times.
 *
 * @param window             time per variant per test (openssl speed's -seconds; its default for
 *                           public-key tests is 10 s)
 * @param samples            slots the window is split into, interleaved across variants
 * @param quick              the quick profile (recorded in results)
 * @param noiseThreshold     a ratio whose 95% interval is wider than this fraction of it is noisy
 * @param bootstrapResamples resamples for the intervals
 * @param seed               the bootstrap's seed
 */
public record SpeedSettings(Duration window, int samples, boolean quick, double noiseThreshold, int bootstrapResamples, long seed) {
    public static final double DEFAULT_NOISE_THRESHOLD = 0.05;

    public SpeedSettings {
        if (window.isNegative() || window.isZero() || window.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("--seconds must be above 0 and at most 3600, got " + window.toMillis() / 1000.0);
        }
        if (samples < 3 || samples > 1001) {
            throw new IllegalArgumentException("--samples must be between 3 and 1001, got " + samples);
        }
        if (!(noiseThreshold > 0)) {
            throw new IllegalArgumentException("--noise-threshold must be positive, got " + noiseThreshold);
        }
    }

    /** openssl speed's 10 s per public-key test, in 10 interleaved slots. */
    public static SpeedSettings full() {
        return new SpeedSettings(Duration.ofSeconds(10), 10, false, DEFAULT_NOISE_THRESHOLD, 2000, 1);
    }

    /** `--quick` (what `make run` uses): 1 s per test in 5 slots. */
    public static SpeedSettings quickProfile() {
        return new SpeedSettings(Duration.ofSeconds(1), 5, true, DEFAULT_NOISE_THRESHOLD, 2000, 1);
    }

    public SpeedSettings withWindow(Duration w) {
        return new SpeedSettings(w, samples, quick, noiseThreshold, bootstrapResamples, seed);
    }

    public SpeedSettings withSamples(int n) {
        return new SpeedSettings(window, n, quick, noiseThreshold, bootstrapResamples, seed);
    }

    public SpeedSettings withNoiseThreshold(double t) {
        return new SpeedSettings(window, samples, quick, t, bootstrapResamples, seed);
    }
}
