package dotbench.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The 95% intervals of every A/B figure. The runner interleaves variants sample by sample, so
 * sample i of A and sample i of B ran next to each other and share the machine's state then:
 * their ratio is the unit.
 *
 * <p>A test's figure is the median of its paired ratios, and its interval comes from order
 * statistics: with n ratios sorted, [x(k), x(n+1-k)] holds the true median unless k or more ratios
 * fall on one side of it, and the count on one side is Binomial(n, 1/2) whatever the ratios'
 * distribution. k is the largest rank whose interval still covers at least 95%. A percentile
 * bootstrap of the median was used before: with 6 to 20 samples it covered 88-94% where it claimed
 * 95% (IntervalsTest measures both on the same draws). From 6 ratios the order statistics
 * reach 95%; with 3, 4 or 5 the interval is their whole range, which covers 75%, 87.5% or 93.75%,
 * and {@link #medianCoverage} says so for the result file.
 *
 * <p>An aggregate (a GMPbench score over many tests) is a statistic of whole sample rounds; its
 * interval is a percentile bootstrap over rounds ({@link #ofStatistic}).
 */
public final class Intervals {
    public static final int DEFAULT_RESAMPLES = 2000;
    /** The coverage the intervals aim at. */
    public static final double LEVEL = 0.95;
    /** What the result files' settings.ci says the intervals are. */
    public static final String METHOD = "per test: order-statistic interval of the median ratio (binomial ranks,"
            + " distribution-free, at least 95% from 6 samples); per score: percentile bootstrap 95% over rounds";

    private final int resamples;
    private final long seed;
    private final double noiseThreshold;

    /**
     * @param resamples      bootstrap resamples (scores)
     * @param seed           the resampler's seed (fixed, so a result file can be recomputed exactly)
     * @param noiseThreshold a ratio is noisy when (high - low) / ratio exceeds this
     */
    public Intervals(int resamples, long seed, double noiseThreshold) {
        if (resamples < 100) {
            throw new IllegalArgumentException("at least 100 resamples, got " + resamples);
        }
        this.resamples = resamples;
        this.seed = seed;
        this.noiseThreshold = noiseThreshold;
    }

    /** Median over i of candidate[i] / baseline[i] (rates: higher is faster), with its interval. */
    public RatioEstimate medianRatio(double[] candidate, double[] baseline) {
        if (candidate.length != baseline.length || candidate.length == 0) {
            throw new IllegalArgumentException(
                    "need equally many paired samples, got " + candidate.length + " and " + baseline.length);
        }
        return median(ratios(candidate, baseline));
    }

    /** candidate[i] / baseline[i] over the common rounds (rates: above 1, the candidate is faster). */
    public static double[] ratios(double[] candidate, double[] baseline) {
        double[] r = new double[Math.min(candidate.length, baseline.length)];
        for (int i = 0; i < r.length; i++) {
            r[i] = candidate[i] / baseline[i];
        }
        return r;
    }

    /** The median of the values with its order-statistic interval. */
    public RatioEstimate median(double[] values) {
        RatioEstimate r = orderStatistics(values, medianRank(values.length));
        return estimate(r.ratio(), r.low(), r.high());
    }

    /**
     * The rank k (1-based) of the median interval [x(k), x(n+1-k)] of n sorted values: the largest k
     * whose interval covers at least {@link #LEVEL}, or 1 (the whole range) when none does.
     */
    public static int medianRank(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("no values");
        }
        int k = 1;
        while (k + 1 <= (n + 1) / 2 && coverage(n, k + 1) >= LEVEL) {
            k++;
        }
        return k;
    }

    /** How often the median interval of n values covers the true median (at least LEVEL from n = 6). */
    public static double medianCoverage(int n) {
        return coverage(n, medianRank(n));
    }

    /**
     * The rank k of the order-statistic intervals that hold for {@code tests} tests at once: each
     * covers at least 1 - (1 - LEVEL) / tests (Bonferroni), so all of them cover their medians
     * together with probability at least LEVEL, whatever the tests' dependence. 0 when n values are
     * too few: even their whole range covers less than that ({@link #familySamplesNeeded}).
     */
    public static int familyRank(int n, int tests) {
        if (n < 1 || tests < 1) {
            throw new IllegalArgumentException("need values and tests, got " + n + " and " + tests);
        }
        double each = familyLevel(tests);
        int k = 0;
        while (k + 1 <= (n + 1) / 2 && coverage(n, k + 1) >= each) {
            k++;
        }
        return k;
    }

    /** What each of {@code tests} simultaneous intervals covers (Bonferroni). */
    public static double familyLevel(int tests) {
        return 1 - (1 - LEVEL) / tests;
    }

    /** The fewest samples whose whole range is a simultaneous interval for {@code tests} tests. */
    public static int familySamplesNeeded(int tests) {
        int n = 1;
        while (familyRank(n, tests) == 0) {
            n++;
        }
        return n;
    }

    /**
     * The values' median with the interval [x(k), x(n+1-k)] of their sorted order (k from one of the
     * rank methods above); never flagged noisy: a verdict reads the bounds, not the width.
     */
    public static RatioEstimate orderStatistics(double[] values, int k) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        if (k < 1 || k > (sorted.length + 1) / 2) {
            throw new IllegalArgumentException("rank " + k + " outside 1.." + (sorted.length + 1) / 2);
        }
        return new RatioEstimate(Statistics.median(sorted), sorted[k - 1], sorted[sorted.length - k], false);
    }

    /**
     * P(x(k) <= median <= x(n+1-k)) = 1 - 2 P(Binomial(n, 1/2) <= k - 1), the terms summed as
     * logarithms (2^-n alone underflows from n = 1075).
     */
    static double coverage(int n, int k) {
        double tail = 0;
        double logChoose = 0; // log C(n, i)
        for (int i = 0; i < k; i++) {
            tail += Math.exp(logChoose - n * Math.log(2));
            logChoose += Math.log(n - i) - Math.log(i + 1);
        }
        return Math.max(0, 1 - 2 * tail);
    }

    /**
     * The percentile-bootstrap interval of any statistic of n paired samples, given how to compute it
     * from a resample of indices (used for score ratios, where one "pair" is a whole sample round of
     * every test).
     */
    public RatioEstimate ofStatistic(int n, Function<int[], Double> statistic, double estimate) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] replicates = new double[resamples];
        IntFunction<int[]> draw = size -> random.ints(size, 0, size).toArray();
        for (int r = 0; r < resamples; r++) {
            replicates[r] = statistic.apply(draw.apply(n));
        }
        return estimate(
                estimate,
                Statistics.quantile(replicates, (1 - LEVEL) / 2),
                Statistics.quantile(replicates, 1 - (1 - LEVEL) / 2));
    }

    private RatioEstimate estimate(double estimate, double low, double high) {
        return new RatioEstimate(estimate, low, high, (high - low) / estimate > noiseThreshold);
    }
}
