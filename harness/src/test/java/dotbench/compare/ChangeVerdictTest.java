package dotbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dotbench.stats.RatioEstimate;
import org.junit.jupiter.api.Test;

class ChangeVerdictTest {
    private static Change.Verdict v(double low, double high) {
        return Change.Verdict.of(new RatioEstimate((low + high) / 2, low, high, false), 0.03);
    }

    @Test
    void onlyAnIntervalWhollyBeyondTheThresholdCounts() {
        assertEquals(Change.Verdict.REGRESSION, v(0.90, 0.969));
        assertEquals(Change.Verdict.UNCHANGED, v(0.90, 0.971), "the interval reaches into the 3% band");
        assertEquals(Change.Verdict.UNCHANGED, v(0.98, 1.02));
        assertEquals(Change.Verdict.IMPROVEMENT, v(1.031, 1.10));
        assertEquals(Change.Verdict.UNCHANGED, v(1.029, 1.10));
    }

    @Test
    void independentRatioOfIdenticalSamplesIsOneWithAZeroWidthInterval() {
        double[] xs = {5, 5, 5, 5, 5};
        RatioEstimate r = IndependentRatio.of(xs, xs, 0.05);
        assertEquals(1.0, r.ratio(), 0);
        assertEquals(1.0, r.low(), 0);
        assertEquals(1.0, r.high(), 0);
    }
}
