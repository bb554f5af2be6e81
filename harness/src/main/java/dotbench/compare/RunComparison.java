package dotbench.compare;

import com.google.gson.JsonObject;
import dotbench.report.PairRatios;
import dotbench.report.ResultFile;
import dotbench.report.SampleRates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BASE vs NEW, test by test. Two kinds of figure are compared:
 * <ul>
 * <li>each variant's speed (median rate, new/base): catches a variant that got slower;</li>
 * <li>each A/B pair's paired ratio (e.g. dot/stock per round, new/base): the stock side is a
 * control measured in the same rounds, so machine drift between the two runs largely cancels.</li>
 * </ul>
 */
public record RunComparison(
        Compatibility compatibility, double threshold, List<Change> changes, List<String> unmatched) {
    public static final double DEFAULT_THRESHOLD = 0.03;
    /** An interval wider than this (relative) is marked noisy in the table. */
    static final double NOISE_THRESHOLD = 0.05;

    public static RunComparison of(ResultFile base, ResultFile next, double threshold) {
        Map<String, JsonObject> baseTests = byName(base);
        Map<String, JsonObject> nextTests = byName(next);
        List<Change> changes = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        for (Map.Entry<String, JsonObject> e : nextTests.entrySet()) {
            JsonObject older = baseTests.get(e.getKey());
            if (older == null) {
                unmatched.add(e.getKey() + " (only in NEW)");
                continue;
            }
            Map<String, double[]> oldRates = SampleRates.of(older);
            Map<String, double[]> newRates = SampleRates.of(e.getValue());
            for (Map.Entry<String, double[]> v : newRates.entrySet()) {
                double[] o = oldRates.get(v.getKey());
                if (o != null) {
                    changes.add(change(e.getKey(), v.getKey(), v.getValue(), o, threshold));
                }
            }
            for (PairRatios pair : next.comparisons()) {
                double[] n = paired(newRates, pair);
                double[] o = paired(oldRates, pair);
                if (n != null && o != null) {
                    changes.add(change(e.getKey(), pair.candidate() + "/" + pair.baseline(), n, o, threshold));
                }
            }
        }
        baseTests.keySet().stream()
                .filter(k -> !nextTests.containsKey(k))
                .forEach(k -> unmatched.add(k + " (only in BASE)"));
        return new RunComparison(Compatibility.of(base, next), threshold, changes, unmatched);
    }

    public List<Change> regressions() {
        return changes.stream()
                .filter(c -> c.verdict() == Change.Verdict.REGRESSION)
                .toList();
    }

    public List<Change> improvements() {
        return changes.stream()
                .filter(c -> c.verdict() == Change.Verdict.IMPROVEMENT)
                .toList();
    }

    private static Change change(String test, String what, double[] newer, double[] older, double threshold) {
        var r = IndependentRatio.of(newer, older, NOISE_THRESHOLD);
        return new Change(test, what, r, Change.Verdict.of(r, threshold));
    }

    /** candidate[i] / baseline[i] per interleaved round, or null if either side is missing. */
    private static double[] paired(Map<String, double[]> rates, PairRatios pair) {
        double[] c = rates.get(pair.candidate());
        double[] b = rates.get(pair.baseline());
        if (c == null || b == null || c.length != b.length) {
            return null;
        }
        double[] out = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            out[i] = c[i] / b[i];
        }
        return out;
    }

    private static Map<String, JsonObject> byName(ResultFile f) {
        Map<String, JsonObject> out = new LinkedHashMap<>();
        for (JsonObject t : f.tests()) {
            String name = ResultFile.string(t, "name");
            if (name != null) {
                out.put(name, t);
            }
        }
        return out;
    }
}
