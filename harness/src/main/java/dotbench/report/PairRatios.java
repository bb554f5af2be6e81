package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.Map;

/**
 * One A/B pair of a result file: candidate/baseline speed ratios (above 1: candidate faster)
 * per test and per scope (GMPbench programs, categories, total), and, where the suite records
 * latency distributions, per percentile and test the baseline/candidate latency ratio.
 */
public record PairRatios(
        String baseline,
        String candidate,
        Map<String, RatioEstimate> tests,
        Map<String, RatioEstimate> scopes,
        Map<String, Map<String, RatioEstimate>> latency) {
    public String label() {
        return candidate + " vs " + baseline;
    }
}
