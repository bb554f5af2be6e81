package dotbench.gmpbench;

import dotbench.pipeline.Ordered;
import dotbench.pipeline.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One test's rates per variant, in interleaved-round order (index i of every variant ran in the
 * same round), and the variants that failed it: what an A/B comparison needs, whichever suite
 * (the harness, or GMPbench's own programs) produced it.
 */
public record TestRates(GmpBenchTest test, Map<String, double[]> rates, List<String> failed) {
    public TestRates {
        rates = Ordered.copy(rates);
        failed = List.copyOf(failed);
    }

    /** The harness's outcome: the rates of the variants timed, failed where an answer was wrong. */
    public static TestRates of(Outcome<TestDetail> o) {
        Map<String, double[]> rates = new LinkedHashMap<>();
        o.measurement().ifPresent(m -> m.samples().keySet().forEach(v -> rates.put(v, m.opsPerSecond(v))));
        return new TestRates(o.detail().test(), rates, List.copyOf(o.failed().keySet()));
    }

    /** Whether the pair can be compared on this test. */
    public boolean usable(String baseline, String candidate) {
        return !failed.contains(baseline)
                && !failed.contains(candidate)
                && rates.containsKey(baseline)
                && rates.containsKey(candidate);
    }
}
