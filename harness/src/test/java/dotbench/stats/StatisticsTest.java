package dotbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatisticsTest {
    @Test
    void medianAndQuantiles() {
        assertEquals(3.0, Statistics.median(new double[] {5, 1, 3}));
        assertEquals(2.5, Statistics.median(new double[] {4, 1, 2, 3}));
        assertEquals(1.0, Statistics.quantile(new double[] {3, 1, 2}, 0));
        assertEquals(1.5, Statistics.quantile(new double[] {1, 2, 3}, 0.25)); // position 0.5 between 1 and 2
        assertEquals(4.0, Statistics.geometricMean(new double[] {2, 8}), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> Statistics.median(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> Statistics.quantile(new double[] {1}, 1.5));
    }

    @Test
    void constantRatioHasAPointInterval() {
        Intervals ci = new Intervals(1000, 1, 0.05);
        RatioEstimate r =
                ci.medianRatio(new double[] {110, 220, 330, 440, 550}, new double[] {100, 200, 300, 400, 500});
        assertEquals(1.1, r.ratio(), 1e-12);
        assertEquals(1.1, r.low(), 1e-12);
        assertEquals(1.1, r.high(), 1e-12);
        assertFalse(r.noisy());
        assertTrue(r.excludesOne());
    }

    @Test
    void scatteredRatiosGiveAWideNoisyIntervalAroundTheMedian() {
        Intervals ci = new Intervals(2000, 1, 0.05);
        double[] base = {100, 100, 100, 100, 100, 100, 100};
        double[] cand = {80, 95, 100, 103, 110, 125, 90};
        RatioEstimate r = ci.medianRatio(cand, base);
        assertEquals(1.0, r.ratio(), 1e-12); // median of {0.8, 0.9, 0.95, 1.0, 1.03, 1.1, 1.25}
        assertTrue(r.low() <= 0.95 && r.high() >= 1.03, r.toString());
        assertTrue(r.noisy());
        assertFalse(r.excludesOne());
    }

    @Test
    void sameSeedSameInterval() {
        double[] a = {1, 2, 3, 4, 5.5}, b = {1.1, 1.9, 3.2, 3.7, 5};
        assertEquals(new Intervals(500, 9, 0.05).medianRatio(a, b), new Intervals(500, 9, 0.05).medianRatio(a, b));
    }

    @Test
    void unpairedSamplesAreRejected() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new Intervals(500, 1, 0.05).medianRatio(new double[] {1, 2}, new double[] {1}));
    }
}
