package dotbench.gmpbench;

import dotbench.runner.RunSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything one GMPbench-style run produced, before formatting.
 *
 * @param scores      per variant, GMPbench's scores over the tests it passed (absent if it failed one)
 * @param comparisons one per pair
 */
public record GmpBenchReport(RunSettings settings, List<VariantInfo> variants, List<TestOutcome> outcomes,
        Map<String, Scores> scores, List<Comparison> comparisons, Duration elapsed) {
    public GmpBenchReport {
        variants = List.copyOf(variants);
        outcomes = List.copyOf(outcomes);
        scores = dotbench.runner.Ordered.copy(scores);
        comparisons = List.copyOf(comparisons);
    }

    public boolean anyFailure() {
        return outcomes.stream().anyMatch(o -> !o.failed().isEmpty() || o.measurement().isEmpty());
    }
}
