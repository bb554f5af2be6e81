package dotbench.compare;

import dotbench.stats.RatioEstimate;
import dotbench.stats.Statistics;
import java.util.SplittableRandom;

/**
 * median(newer) / median(older) with a percentile-bootstrap 95% interval. Two runs are separate
 * processes, usually on different days, so their samples are not paired: each side is
 * resampled on its own.
 */
public final class IndependentRatio {
    static final int RESAMPLES = 2000;
    /** Fixed so that comparing the same two files always prints the same interval. */
    static final long SEED = 0x5EED_C0DEL;

    private IndependentRatio() {}

    public static RatioEstimate of(double[] newer, double[] older, double noiseThreshold) {
        double estimate = Statistics.median(newer) / Statistics.median(older);
        SplittableRandom random = new SplittableRandom(SEED);
        double[] replicates = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            replicates[r] = Statistics.median(resample(newer, random)) / Statistics.median(resample(older, random));
        }
        double low = Statistics.quantile(replicates, 0.025);
        double high = Statistics.quantile(replicates, 0.975);
        return new RatioEstimate(estimate, low, high, (high - low) / estimate > noiseThreshold);
    }

    private static double[] resample(double[] xs, SplittableRandom random) {
        double[] out = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            out[i] = xs[random.nextInt(xs.length)];
        }
        return out;
    }
}
