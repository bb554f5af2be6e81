package dotbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.history.EDivisive.ChangePoint;
import dotbench.history.EDivisive.Settings;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Synthetic histories: planted steps in Gaussian noise must be found at (or next to) the commit
 * they were planted at, and pure noise must (almost) never be flagged. Seeds are fixed, so the
 * outcome is the same on every run.
 */
class EDivisiveTest {
    private static final double NOISE = 0.01;

    @Test
    void plantedStepsAreFoundWhereTheyWerePlanted() {
        int exact = 0;
        int spurious = 0;
        for (int seed = 0; seed < 40; seed++) {
            // 60 commits: 1.00 until commit 20, then a 4% regression, then at 42 a 6% gain
            double[] x = noise(60, seed);
            for (int i = 0; i < x.length; i++) {
                x[i] += i < 20 ? 1.00 : i < 42 ? 0.96 : 1.02;
            }
            List<ChangePoint> found = EDivisive.find(x, Settings.DEFAULT);
            assertTrue(
                    near(found, 20) && near(found, 42),
                    "seed " + seed + ": planted steps at 20 and 42, found " + found);
            spurious += found.stream()
                    .filter(c -> Math.abs(c.index() - 20) > 1 && Math.abs(c.index() - 42) > 1)
                    .count();
            exact += found.stream()
                                    .filter(c -> c.index() == 20 || c.index() == 42)
                                    .count()
                            == 2
                    ? 1
                    : 0;
        }
        assertTrue(exact >= 36, "both steps at the exact commit in " + exact + " of 40 histories");
        // each split is tested at the 1% level: a few spurious points over 40 histories, not many
        assertTrue(spurious <= 4, "spurious change points beside the planted ones, over 40 histories: " + spurious);
    }

    @Test
    void aSmallStepIsFoundInAShortHistory() {
        int found = 0;
        for (int seed = 100; seed < 140; seed++) {
            double[] x = noise(16, seed);
            for (int i = 0; i < x.length; i++) {
                x[i] += i < 8 ? 1.00 : 1.03;
            }
            found += near(EDivisive.find(x, Settings.DEFAULT), 8) ? 1 : 0;
        }
        // measured: 35 of 40 at the 1% level; a short history buys less power
        assertTrue(found >= 32, "a 3-sigma step in 16 commits found in " + found + " of 40 histories");
    }

    @Test
    void pureNoiseIsNotFlagged() {
        int flagged = 0;
        for (int seed = 200; seed < 300; seed++) {
            double[] x = noise(60, seed);
            for (int i = 0; i < x.length; i++) {
                x[i] += 1.0;
            }
            flagged += EDivisive.find(x, Settings.DEFAULT).isEmpty() ? 0 : 1;
        }
        // the test's level is 1%: about 1 of 100 noise histories may show a false alarm, not many more
        assertTrue(flagged <= 4, "pure-noise histories flagged: " + flagged + " of 100");
    }

    @Test
    void aSingleOutlierIsNotAStep() {
        int flagged = 0;
        for (int seed = 300; seed < 340; seed++) {
            double[] x = noise(40, seed);
            for (int i = 0; i < x.length; i++) {
                x[i] += i == 25 ? 1.10 : 1.0;
            }
            flagged += EDivisive.find(x, Settings.DEFAULT).isEmpty() ? 0 : 1;
        }
        assertTrue(flagged <= 2, "one 10-sigma outlier flagged as a change in " + flagged + " of 40 histories");
    }

    @Test
    void tooShortForAnySplit() {
        assertEquals(List.of(), EDivisive.find(new double[] {1.0, 2.0, 3.0, 4.0, 5.0}, Settings.DEFAULT));
        assertEquals(List.of(), EDivisive.find(new double[0], Settings.DEFAULT));
    }

    @Test
    void theIncrementalScanEqualsTheDefinition() {
        double[] x = noise(23, 7);
        x[14] += 0.05;
        EDivisive.Split fast = EDivisive.bestSplit(x, 2, 21, 2);
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestAt = -1;
        for (int at = 4; at <= 19; at++) {
            double q = definitionQ(x, 2, at, 21);
            if (q > bestQ) {
                bestQ = q;
                bestAt = at;
            }
        }
        assertEquals(bestAt, fast.at());
        assertEquals(bestQ, fast.q(), 1e-12);
    }

    private static double definitionQ(double[] x, int start, int at, int end) {
        int m = at - start;
        int k = end - at;
        double across = 0;
        for (int i = start; i < at; i++) {
            for (int j = at; j < end; j++) {
                across += Math.abs(x[i] - x[j]);
            }
        }
        double e = 2 * across / (m * k) - within(x, start, at) - within(x, at, end);
        return (double) m * k / (m + k) * e;
    }

    private static double within(double[] x, int from, int to) {
        double s = 0;
        int pairs = 0;
        for (int i = from; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                s += Math.abs(x[i] - x[j]);
                pairs++;
            }
        }
        return s / pairs;
    }

    private static boolean near(List<ChangePoint> found, int planted) {
        return found.stream().anyMatch(c -> Math.abs(c.index() - planted) <= 1);
    }

    private static double[] noise(int n, long seed) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = NOISE * r.nextGaussian();
        }
        return x;
    }
}
