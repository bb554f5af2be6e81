package dotbench.pipeline;

import java.time.Duration;
import java.util.List;

/** Everything one run of a suite produced, before formatting: the result model every writer reads. */
public record RunResult<D>(
        Settings settings,
        List<String> variants,
        List<Outcome<D>> outcomes,
        List<Comparison> comparisons,
        Duration elapsed) {
    public RunResult {
        variants = List.copyOf(variants);
        outcomes = List.copyOf(outcomes);
        comparisons = List.copyOf(comparisons);
    }

    /** Some variant got some case wrong. */
    public boolean anyFailure() {
        return outcomes.stream().anyMatch(o -> !o.failed().isEmpty());
    }

    /** The variants that were measured on every case: the ones whose overall scores mean something. */
    public List<String> measuredEverywhere() {
        return variants.stream()
                .filter(v -> outcomes.stream().allMatch(o -> o.measured(v)))
                .toList();
    }
}
