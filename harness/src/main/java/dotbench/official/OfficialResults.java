package dotbench.official;

import dotbench.gmpbench.GmpBenchTest;
import dotbench.gmpbench.TestRates;
import dotbench.stats.Statistics;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every program run of an official GMPbench run.
 *
 * @param runs     test name to variant to its runs in round order (index i of each variant: round i)
 * @param failures test name to variant to why its program failed (it is not run again)
 */
public record OfficialResults(
        List<OfficialRun.Variant> variants,
        List<GmpBenchTest> tests,
        Map<String, Map<String, List<ProgramRun>>> runs,
        Map<String, Map<String, String>> failures,
        double elapsedSeconds) {

    public boolean failed(String test, String variant) {
        return failures.getOrDefault(test, Map.of()).containsKey(variant);
    }

    public boolean anyFailure() {
        return failures.values().stream().anyMatch(m -> !m.isEmpty());
    }

    /** RESULT figures of a variant's runs of a test, in round order. */
    public double[] rates(String test, String variant) {
        return runs.get(test).get(variant).stream()
                .mapToDouble(r -> r.output().opsPerSecond())
                .toArray();
    }

    /**
     * The median RESULT of each test as runbench's input text: the printed figure itself for an
     * odd number of rounds, the mean of the middle two otherwise.
     */
    public Map<String, String> medianResults(String variant) {
        Map<String, String> out = new LinkedHashMap<>();
        for (GmpBenchTest t : tests) {
            List<BigDecimal> values = new ArrayList<>(runs.get(t.name()).get(variant).stream()
                    .map(r -> new BigDecimal(r.output().result()))
                    .sorted()
                    .toList());
            int n = values.size();
            BigDecimal median = n % 2 == 1
                    ? values.get(n / 2)
                    : values.get(n / 2 - 1).add(values.get(n / 2)).divide(BigDecimal.TWO);
            out.put(t.name(), median.toPlainString());
        }
        return out;
    }

    /** runbench's scores for round {@code round} of a variant: what runbench itself printed had it run then. */
    public RunbenchScoring.Result roundScore(String variant, int round) {
        Map<String, String> results = new LinkedHashMap<>();
        tests.forEach(t -> results.put(
                t.name(), runs.get(t.name()).get(variant).get(round).output().result()));
        return RunbenchScoring.score(results);
    }

    /** runbench's scores over the median RESULTs; empty when one of the variant's programs failed. */
    public Optional<RunbenchScoring.Result> score(String variant) {
        if (tests.stream().anyMatch(t -> failed(t.name(), variant))) {
            return Optional.empty();
        }
        return Optional.of(RunbenchScoring.score(medianResults(variant)));
    }

    /** Every test's rates for the A/B comparisons; a test a variant failed lists it as failed. */
    public List<TestRates> testRates() {
        List<TestRates> out = new ArrayList<>();
        for (GmpBenchTest t : tests) {
            Map<String, double[]> rates = new LinkedHashMap<>();
            List<String> failed = new ArrayList<>();
            for (OfficialRun.Variant v : variants) {
                if (failed(t.name(), v.name())) {
                    failed.add(v.name());
                } else {
                    rates.put(v.name(), rates(t.name(), v.name()));
                }
            }
            out.add(new TestRates(t, rates, failed));
        }
        return out;
    }

    public int rounds(String test, String variant) {
        return runs.get(test).get(variant).size();
    }

    /** Median RESULT in ops/s. */
    public double medianRate(String test, String variant) {
        return Statistics.median(rates(test, variant));
    }
}
