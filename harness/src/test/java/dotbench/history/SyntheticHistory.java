package dotbench.history;

import dotbench.report.PairRatios;
import dotbench.stats.RatioEstimate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A made-up history of GMPbench-style runs, one a day at commits c00, c01 ...: the test
 * "multiply(8192,8192)" of dot vs stock steps from 1.00 to 0.95 at the commit STEP_AT, the test
 * "gcd(128,128)" is 1% noise around 1.02 throughout.
 */
final class SyntheticHistory {
    static final int RUNS = 24;
    static final int STEP_AT = 12;
    static final String STEPPED = "multiply(8192,8192)";
    static final String FLAT = "gcd(128,128)";

    private SyntheticHistory() {}

    static List<HistoryRun> runs(long seed) {
        Random r = new Random(seed);
        List<HistoryRun> runs = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            Map<String, RatioEstimate> tests = new LinkedHashMap<>();
            tests.put(STEPPED, estimate((i < STEP_AT ? 1.00 : 0.95) + 0.01 * r.nextGaussian()));
            tests.put(FLAT, estimate(1.02 + 0.01 * r.nextGaussian()));
            runs.add(new HistoryRun(
                    "gmpbench",
                    "quick",
                    commit(i),
                    false,
                    Instant.parse("2026-11-01T00:00:00Z").plusSeconds(86_400L * i),
                    "AMD EPYC @ ci",
                    "run-" + i + ".json",
                    List.of(new PairRatios("stock", "dot", tests, Map.of(), Map.of()))));
        }
        return runs;
    }

    static String commit(int i) {
        return String.format("c%02d0000000000", i);
    }

    private static RatioEstimate estimate(double ratio) {
        return new RatioEstimate(ratio, ratio - 0.012, ratio + 0.012, false);
    }
}
