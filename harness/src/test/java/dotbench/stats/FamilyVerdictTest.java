package dotbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FamilyVerdictTest {
    /** Bonferroni ranks against the binomial, worked by hand: each interval covers 1 - 0.05 / tests. */
    @Test
    void ranksForAFamily() {
        // 62 tests: each must cover 1 - 0.05/62 = 0.999194; [min, max] of n covers 1 - 2^(1-n)
        assertEquals(0, Intervals.familyRank(10, 62)); // 1 - 2/1024 = 0.99805
        assertEquals(0, Intervals.familyRank(11, 62)); // 1 - 2/2048 = 0.99902
        assertEquals(1, Intervals.familyRank(12, 62)); // 1 - 2/4096 = 0.99951
        assertEquals(12, Intervals.familySamplesNeeded(62));
        // 20 samples: P(B <= 2) = 211/2^20 -> 0.99960 (k = 3); P(B <= 3) = 1351/2^20 -> 0.99742
        assertEquals(3, Intervals.familyRank(20, 62));
        assertEquals(1, Intervals.familyRank(10, 20)); // 0.99805 >= 0.9975
        assertEquals(6, Intervals.familySamplesNeeded(1)); // one test: the plain 95% interval
        for (int n = 6; n <= 100; n++) {
            assertEquals(Intervals.medianRank(n), Intervals.familyRank(n, 1), "n " + n);
        }
        assertThrows(IllegalArgumentException.class, () -> Intervals.familyRank(10, 0));
    }

    @Test
    void tooFewSamplesGiveNoVerdictAndSayHowMany() {
        Map<String, double[]> ratios = new LinkedHashMap<>();
        for (int t = 0; t < 62; t++) {
            ratios.put("t" + t, new double[] {0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9});
        }
        FamilyVerdict v = FamilyVerdict.of(ratios);
        assertFalse(v.decided());
        assertEquals(12, v.needed());
        assertTrue(v.slower().isEmpty());
        assertTrue(v.line().contains("no verdict from 10 samples"), v.line());
        assertTrue(v.line().contains("that takes 12 samples"), v.line());
    }

    /**
     * The promise: over 62 A/A tests (the openssl-speed-style suite's size) the family-wise verdict
     * names a test slower or faster in at most 5% of runs. 2000 runs of 62 tests at 12 samples, the
     * ratios log-normal or a skewed mixture around median 1. The planted control is the per-test
     * verdict on the same draws (each interval at its own 96.1%), which names at least one test in
     * most runs (1 - 0.961^62 = 91% at most; measured about that), so the check can fail.
     */
    @Test
    void aFamilyOfIdenticalLibrariesIsRarelyJudgedDifferent() {
        int runs = 2000;
        int tests = 62;
        int n = 12;
        for (boolean skewed : new boolean[] {false, true}) {
            SplittableRandom random = new SplittableRandom(skewed ? 11 : 7);
            int familyFlagged = 0, perTestFlagged = 0;
            for (int run = 0; run < runs; run++) {
                Map<String, double[]> ratios = new LinkedHashMap<>();
                boolean any = false;
                for (int t = 0; t < tests; t++) {
                    double[] r = draw(random, n, skewed);
                    ratios.put("t" + t, r);
                    any |= Intervals.orderStatistics(r, Intervals.medianRank(n)).excludesOne();
                }
                FamilyVerdict v = FamilyVerdict.of(ratios);
                assertTrue(v.decided());
                familyFlagged += v.slower().isEmpty() && v.faster().isEmpty() ? 0 : 1;
                perTestFlagged += any ? 1 : 0;
            }
            String where = skewed ? "skewed" : "log-normal";
            // at most 62 * 2/4096 = 3.0% by the union bound; 4 standard deviations of 2000 runs above it
            assertTrue(
                    familyFlagged / (double) runs <= 0.03 + 4 * Math.sqrt(0.03 * 0.97 / runs),
                    where + ": family-wise flagged " + familyFlagged + " of " + runs);
            assertTrue(
                    perTestFlagged / (double) runs > 0.5,
                    where + ": the planted per-test verdict flagged only " + perTestFlagged + " of " + runs);
        }
    }

    /** And it can fire: one test 5% slower among 61 identical ones is named in nearly every run. */
    @Test
    void aRealSlowdownIsFound() {
        SplittableRandom random = new SplittableRandom(3);
        int found = 0, others = 0;
        for (int run = 0; run < 500; run++) {
            Map<String, double[]> ratios = new LinkedHashMap<>();
            for (int t = 0; t < 62; t++) {
                double[] r = draw(random, 12, false);
                if (t == 17) {
                    for (int i = 0; i < r.length; i++) {
                        r[i] *= 0.95;
                    }
                }
                ratios.put("t" + t, r);
            }
            FamilyVerdict v = FamilyVerdict.of(ratios);
            found += v.slower().containsKey("t17") ? 1 : 0;
            others += v.slower().size()
                    - (v.slower().containsKey("t17") ? 1 : 0)
                    + v.faster().size();
            if (run == 0) {
                assertTrue(v.line().contains("1 slower (t17 "), v.line());
            }
        }
        assertTrue(found >= 475, "found the 5% slowdown in " + found + " of 500 runs");
        assertTrue(others <= 25, "named " + others + " identical tests in 500 runs");
    }

    /** Ratios with median 1: log-normal with 1% spread, or 20% of them 3% slower (a busy neighbour). */
    private static double[] draw(SplittableRandom random, int n, boolean skewed) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double g = IntervalsTest.gaussian(random);
            out[i] = Math.exp(0.01 * g) * (skewed && random.nextDouble() < 0.2 ? 0.97 : 1);
        }
        if (skewed) {
            // the mixture's median is below 1; shift so the true median is 1 (A/A has median 1)
            for (int i = 0; i < n; i++) {
                out[i] /= SKEWED_MEDIAN;
            }
        }
        return out;
    }

    /** The median m of 0.8 N(0, 0.01) + 0.2 N(ln 0.97, 0.01) on the log scale, by bisection. */
    private static final double SKEWED_MEDIAN = skewedMedian();

    private static double skewedMedian() {
        double lo = -0.1, hi = 0.1;
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            double cdf = 0.8 * IntervalsTest.normalCdf(mid / 0.01)
                    + 0.2 * IntervalsTest.normalCdf((mid - Math.log(0.97)) / 0.01);
            if (cdf < 0.5) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.exp(lo);
    }
}
