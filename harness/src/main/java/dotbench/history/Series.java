package dotbench.history;

import dotbench.stats.RatioEstimate;
import java.util.List;

/**
 * One figure over a history: a test (or a GMPbench scope) of one A/B pair of one suite and
 * profile ("gmpbench quick": runs of different profiles are different series) on one machine,
 * one point per run in date order, and the change points found in it.
 */
public record Series(Key key, List<Point> points, List<Change> changes) {
    public record Key(String suite, String machine, String baseline, String candidate, String figure, boolean scope) {
        public String pair() {
            return candidate + " vs " + baseline;
        }

        public String label() {
            return suite + ": " + pair() + ": " + figure;
        }
    }

    /** One run's ratio (candidate/baseline speed) with its 95% interval. */
    public record Point(String commit, String date, String source, RatioEstimate ratio) {}

    /**
     * A step between points[index - 1] and points[index]: the mean ratio of the segment before
     * and of the segment after (segments as the change points cut the series), and the split's
     * permutation p-value.
     */
    public record Change(int index, String commit, String previousCommit, double before, double after, double pValue) {
        /** after/before - 1: negative when the candidate lost ground against the baseline. */
        public double relative() {
            return after / before - 1;
        }
    }
}
