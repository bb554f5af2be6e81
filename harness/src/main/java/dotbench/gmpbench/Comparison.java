package dotbench.gmpbench;

import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Map;

/**
 * candidate vs baseline (e.g. dot vs stock): ratios of ops/s, above 1 meaning the candidate is
 * faster, each with its bootstrap 95% interval.
 *
 * @param tests        per test: the median over rounds of the paired ratio
 * @param scopes       per program ("multiply", ...), category ("base", "app") and "total": the
 *                     ratio of GMPbench scores, the interval from resampling whole rounds
 * @param failedScopes scopes left out because a test in them failed on either side
 */
public record Comparison(String baseline, String candidate, Map<String, RatioEstimate> tests,
        Map<String, RatioEstimate> scopes, List<String> failedScopes) {
    public Comparison {
        tests = dotbench.runner.Ordered.copy(tests);
        scopes = dotbench.runner.Ordered.copy(scopes);
        failedScopes = List.copyOf(failedScopes);
    }

    /** Programs, then categories, then the total: the order tables print scopes in. */
    public static final List<String> SCOPE_ORDER = List.of("multiply", "divide", "gcd", "gcdext", "rsa", "pi", "base", "app", "total");
}
