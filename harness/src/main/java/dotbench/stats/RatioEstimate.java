package dotbench.stats;

/**
 * A speed ratio candidate/baseline (above 1: the candidate is faster) with its 95% interval
 * ({@link Intervals}); {@code noisy} when the interval is wider than the run's threshold (relative to the
 * estimate), i.e. the figure should not be read to that precision.
 */
public record RatioEstimate(double ratio, double low, double high, boolean noisy) {
    public double relativeWidth() {
        return (high - low) / ratio;
    }

    /** True when the whole interval lies above 1 (faster) or below 1 (slower). */
    public boolean excludesOne() {
        return low > 1 || high < 1;
    }
}
