package dotbench.compare;

import dotbench.stats.RatioEstimate;

/**
 * One compared figure: a variant's speed in one test (what = "dot"), or an A/B pair's ratio in
 * one test (what = "dot/stock"), new over base; above 1 means the new run is faster.
 */
public record Change(String test, String what, RatioEstimate ratio, Verdict verdict) {
    public enum Verdict {
        /** The whole interval lies below 1 - threshold. */
        REGRESSION,
        /** The whole interval lies above 1 + threshold. */
        IMPROVEMENT,
        /** The interval reaches inside the threshold band: nothing shown to have moved. */
        UNCHANGED;

        static Verdict of(RatioEstimate r, double threshold) {
            if (r.high() < 1 - threshold) {
                return REGRESSION;
            }
            if (r.low() > 1 + threshold) {
                return IMPROVEMENT;
            }
            return UNCHANGED;
        }
    }
}
