package dotbench.pipeline;

import dotbench.stats.Intervals;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * candidate vs baseline (e.g. dot vs stock): ratios of ops/s, above 1 meaning the candidate is
 * faster, each with its 95% interval ({@link dotbench.stats.Intervals}).
 *
 * @param tests        per case: the median of the round-paired ratios
 * @param notCompared  cases where either side failed or was not timed
 * @param scopes       the suite's aggregates (GMPbench: per program, category and total), if it scores any
 * @param failedScopes aggregates left out because a case in them failed on either side
 */
public record Comparison(
        String baseline,
        String candidate,
        Map<String, RatioEstimate> tests,
        List<String> notCompared,
        Map<String, RatioEstimate> scopes,
        List<String> failedScopes) {
    public Comparison {
        tests = Ordered.copy(tests);
        notCompared = List.copyOf(notCompared);
        scopes = Ordered.copy(scopes);
        failedScopes = List.copyOf(failedScopes);
    }

    /** Per case, the median of round-paired ratios (rounds both sides completed); no scopes. */
    public static Comparison paired(Pairing pair, List<? extends Outcome<?>> outcomes, Intervals intervals) {
        Map<String, RatioEstimate> tests = new LinkedHashMap<>();
        List<String> notCompared = new ArrayList<>();
        for (Outcome<?> o : outcomes) {
            if (o.measured(pair.baseline()) && o.measured(pair.candidate())) {
                double[] b = o.rates(pair.baseline());
                double[] c = o.rates(pair.candidate());
                int n = Math.min(b.length, c.length);
                tests.put(o.name(), intervals.medianRatio(Arrays.copyOf(c, n), Arrays.copyOf(b, n)));
            } else {
                notCompared.add(o.name());
            }
        }
        return new Comparison(pair.baseline(), pair.candidate(), tests, notCompared, Map.of(), List.of());
    }

    /** Whether the suite scored aggregates (its files then carry scopes and failed_scopes). */
    public boolean scored() {
        return !scopes.isEmpty() || !failedScopes.isEmpty();
    }
}
