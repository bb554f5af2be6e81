package dotbench.stats;

import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Percentile bootstrap for the median of paired ratios. The A/B runner interleaves variants
 * sample by sample, so sample i of A and sample i of B ran next to each other and share the
 * machine's state then: their ratio is the unit, and resampling picks whole pairs.
 */
public final class BootstrapCi {
    public static final int DEFAULT_RESAMPLES = 2000;

    private final int resamples;
    private final long seed;
    private final double noiseThreshold;

    /**
     * @param resamples      bootstrap resamples
     * @param seed           the resampler's seed (fixed, so a result file can be recomputed exactly)
     * @param noiseThreshold a ratio is noisy when (high - low) / ratio exceeds this
     */
    public BootstrapCi(int resamples, long seed, double noiseThreshold) {
        if (resamples < 100) {
            throw new IllegalArgumentException("at least 100 resamples, got " + resamples);
        }
        this.resamples = resamples;
        this.seed = seed;
        this.noiseThreshold = noiseThreshold;
    }

    /** Median over i of candidate[i] / baseline[i] (rates: higher is faster), with its 95% interval. */
    public RatioEstimate medianRatio(double[] candidate, double[] baseline) {
        if (candidate.length != baseline.length || candidate.length == 0) {
            throw new IllegalArgumentException(
                    "need equally many paired samples, got " + candidate.length + " and " + baseline.length);
        }
        double[] ratios = new double[candidate.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = candidate[i] / baseline[i];
        }
        return ofStatistic(
                ratios.length,
                indices -> {
                    double[] picked = new double[indices.length];
                    for (int i = 0; i < indices.length; i++) {
                        picked[i] = ratios[indices[i]];
                    }
                    return Statistics.median(picked);
                },
                Statistics.median(ratios));
    }

    /**
     * The interval of any statistic of n paired samples, given how to compute it from a resample
     * of indices (used for score ratios, where one "pair" is a whole sample round of every test).
     */
    public RatioEstimate ofStatistic(int n, Function<int[], Double> statistic, double estimate) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] replicates = new double[resamples];
        IntFunction<int[]> draw = size -> random.ints(size, 0, size).toArray();
        for (int r = 0; r < resamples; r++) {
            replicates[r] = statistic.apply(draw.apply(n));
        }
        double low = Statistics.quantile(replicates, 0.025);
        double high = Statistics.quantile(replicates, 0.975);
        return new RatioEstimate(estimate, low, high, (high - low) / estimate > noiseThreshold);
    }
}
