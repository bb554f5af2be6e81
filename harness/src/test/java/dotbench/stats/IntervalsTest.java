package dotbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntervalsTest {
    /** The ranks against the binomial distribution, worked by hand: 1 - 2 P(B(n, 1/2) <= k - 1). */
    @Test
    void ranksAndCoverages() {
        assertEquals(1, Intervals.medianRank(3));
        assertEquals(0.75, Intervals.medianCoverage(3), 1e-12);
        assertEquals(0.9375, Intervals.medianCoverage(5), 1e-12); // no 95% interval from 5 values
        assertEquals(1, Intervals.medianRank(6)); // [min, max]: 1 - 2/64
        assertEquals(1 - 2.0 / 64, Intervals.medianCoverage(6), 1e-12);
        assertEquals(1, Intervals.medianRank(8)); // k = 2 would cover 1 - 2 * 9/256 = 0.930
        assertEquals(2, Intervals.medianRank(9)); // 1 - 2 * 10/512 = 0.961
        assertEquals(2, Intervals.medianRank(10)); // 1 - 2 * 11/1024 = 0.979; k = 3: 0.891
        assertEquals(1 - 2 * 11.0 / 1024, Intervals.medianCoverage(10), 1e-12);
        assertEquals(2, Intervals.medianRank(11)); // k = 3: 1 - 2 * 67/2048 = 0.935
        assertEquals(6, Intervals.medianRank(20)); // P(B <= 5) = 21700/2^20: 0.959; k = 7: 0.885
        for (int n = 6; n <= 200; n++) {
            int k = Intervals.medianRank(n);
            assertTrue(Intervals.coverage(n, k) >= Intervals.LEVEL, "n " + n);
            assertTrue(
                    k + 1 > (n + 1) / 2 || Intervals.coverage(n, k + 1) < Intervals.LEVEL, "n " + n + " k not largest");
        }
        // large n: k close to n/2 - 0.98 sqrt(n) (the normal approximation), not the whole sample
        int k = Intervals.medianRank(5000);
        assertTrue(Math.abs(k - (2500 - 0.98 * Math.sqrt(5000))) < 3, "n 5000: k " + k);
        assertThrows(IllegalArgumentException.class, () -> Intervals.medianRank(0));
    }

    @Test
    void theIntervalIsMadeOfOrderStatistics() {
        Intervals intervals = new Intervals(500, 1, 0.05);
        double[] base = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        double[] cand = {1.05, 0.90, 1.00, 1.02, 0.97, 1.10, 0.99, 1.01, 0.95, 1.03};
        RatioEstimate r = intervals.medianRatio(cand, base);
        // sorted: 0.90 0.95 0.97 0.99 1.00 1.01 1.02 1.03 1.05 1.10; k = 2
        assertEquals(1.005, r.ratio(), 1e-12);
        assertEquals(0.95, r.low(), 1e-12);
        assertEquals(1.05, r.high(), 1e-12);
    }

    /**
     * The promise: 95% intervals cover the true median at least 95% of the time. Ratios are drawn
     * around a known median 1 (log-normal, and a skewed mixture with the outliers a shared VM
     * gives), 4000 runs for each sample count the profiles use; the miss rate may exceed the exact
     * 1 - coverage by sampling error only. The planted control is the percentile bootstrap of the
     * median the harness used before: on the same draws it misses more than 8% at 7 samples and
     * more than 6% at 10 (measured: 11-12% and 7.0-7.3%), so this check can fail.
     */
    @Test
    void coverageHoldsWhereThePercentileBootstrapFails() {
        int runs = 4000;
        for (int n : new int[] {6, 7, 10, 11, 20}) {
            for (boolean skewed : new boolean[] {false, true}) {
                SplittableRandom random = new SplittableRandom(31L * n + (skewed ? 1 : 0));
                Intervals intervals = new Intervals(400, 7, 0.05);
                int missed = 0, bootstrapMissed = 0;
                for (int run = 0; run < runs; run++) {
                    double[] ratios = draw(random, n, skewed);
                    double[] ones = new double[n];
                    java.util.Arrays.fill(ones, 1);
                    RatioEstimate exact = intervals.medianRatio(ratios, ones);
                    missed += covers(exact, trueMedian(skewed)) ? 0 : 1;
                    if (n == 7 || n == 10) {
                        RatioEstimate boot = new Intervals(400, run, 0.05)
                                .ofStatistic(n, idx -> Statistics.median(pick(ratios, idx)), exact.ratio());
                        bootstrapMissed += covers(boot, trueMedian(skewed)) ? 0 : 1;
                    }
                }
                double allowed = 1 - Intervals.medianCoverage(n);
                double sd = Math.sqrt(allowed * (1 - allowed) / runs);
                String where = "n " + n + (skewed ? " skewed" : " log-normal");
                assertTrue(missed / (double) runs <= allowed + 4 * sd, where + ": missed " + missed + " of " + runs);
                if (n == 7 || n == 10) {
                    assertTrue(
                            bootstrapMissed / (double) runs > (n == 7 ? 0.08 : 0.06),
                            where + ": the planted bootstrap missed only " + bootstrapMissed + " of " + runs);
                }
            }
        }
    }

    /** Ratios with median 1 (log-normal) or median trueMedian(true) (a mixture with slow outliers). */
    private static double[] draw(SplittableRandom random, int n, boolean skewed) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double g = gaussian(random);
            out[i] = skewed && random.nextDouble() < 0.2 ? Math.exp(-0.3 + 0.1 * g) : Math.exp(0.03 * g);
        }
        return out;
    }

    /** The mixture's median m solves 0.8 F(ln m / 0.03) + 0.2 F((ln m + 0.3) / 0.1) = 1/2, by bisection. */
    private static double trueMedian(boolean skewed) {
        if (!skewed) {
            return 1;
        }
        double lo = -1, hi = 1;
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            double cdf = 0.8 * normalCdf(mid / 0.03) + 0.2 * normalCdf((mid + 0.3) / 0.1);
            if (cdf < 0.5) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.exp(lo);
    }

    private static boolean covers(RatioEstimate r, double median) {
        return r.low() <= median && median <= r.high();
    }

    static double gaussian(SplittableRandom random) {
        double u = random.nextDouble(), v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    /** Standard normal CDF from erfc's continued fraction-free series (Abramowitz-Stegun 7.1.26). */
    static double normalCdf(double x) {
        double z = Math.abs(x) / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * z);
        double erfc = t
                * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-z * z);
        return x >= 0 ? 1 - erfc / 2 : erfc / 2;
    }

    private static double[] pick(double[] values, int[] idx) {
        double[] out = new double[idx.length];
        for (int i = 0; i < idx.length; i++) {
            out[i] = values[idx[i]];
        }
        return out;
    }
}
