package dotbench.speed;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A whole speed run: what was run, every test's outcome, the A/B comparisons, the key fingerprints. */
public record SpeedReport(SpeedSettings settings, List<LoadedVariant> variants, List<SpeedOutcome> outcomes,
        List<SpeedComparison> comparisons, Map<String, String> keyFingerprints, String reference, Duration elapsed) {
    public SpeedReport {
        variants = List.copyOf(variants);
        outcomes = List.copyOf(outcomes);
        comparisons = List.copyOf(comparisons);
        keyFingerprints = Map.copyOf(keyFingerprints);
    }

    public boolean anyFailure() {
        return outcomes.stream().anyMatch(o -> !o.failed().isEmpty()
                || o.timings().values().stream().anyMatch(t -> t.failure().isPresent()));
    }
}
