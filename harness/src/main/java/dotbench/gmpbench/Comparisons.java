package dotbench.gmpbench;

import dotbench.pipeline.Comparison;
import dotbench.stats.Intervals;
import dotbench.stats.RatioEstimate;
import dotbench.stats.Statistics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * GMPbench's comparisons: per test the median of paired ratios, and per program ("multiply", ...),
 * category ("base", "app") and "total" the ratio of GMPbench scores, the interval from resampling
 * whole rounds; scopes with a failed test on either side are listed instead.
 */
public final class Comparisons {
    private Comparisons() {}

    /** Programs, then categories, then the total: the order tables print scopes in. */
    public static final List<String> SCOPE_ORDER =
            List.of("multiply", "divide", "gcd", "gcdext", "rsa", "pi", "base", "app", "total");

    /** The same from rates alone, whichever suite measured them. */
    public static Comparison compareRates(
            String baseline, String candidate, List<TestRates> outcomes, Intervals intervals) {
        Map<String, RatioEstimate> tests = new LinkedHashMap<>();
        List<TestRates> usable = new ArrayList<>();
        List<String> failedScopes = new ArrayList<>();
        List<String> notCompared = new ArrayList<>();
        for (TestRates o : outcomes) {
            if (!o.usable(baseline, candidate)) {
                notCompared.add(o.test().name());
                String program = o.test().program().label();
                for (String scope :
                        List.of(program, o.test().program().category().label(), "total")) {
                    if (!failedScopes.contains(scope)) {
                        failedScopes.add(scope);
                    }
                }
                continue;
            }
            usable.add(o);
            tests.put(
                    o.test().name(),
                    intervals.medianRatio(o.rates().get(candidate), o.rates().get(baseline)));
        }
        Map<String, RatioEstimate> scopes = new LinkedHashMap<>();
        if (!usable.isEmpty()) {
            int rounds = usable.stream()
                    .mapToInt(o ->
                            Math.min(o.rates().get(baseline).length, o.rates().get(candidate).length))
                    .min()
                    .getAsInt();
            int[] all = new int[rounds];
            for (int i = 0; i < rounds; i++) {
                all[i] = i;
            }
            Function<int[], Map<String, Double>> ratiosOf = idx -> scopeRatios(usable, baseline, candidate, idx);
            Map<String, Double> estimate = ratiosOf.apply(all);
            for (String scope : SCOPE_ORDER) {
                Double point = estimate.get(scope);
                if (point == null || point.isNaN() || failedScopes.contains(scope)) {
                    continue;
                }
                scopes.put(
                        scope,
                        intervals.ofStatistic(rounds, idx -> ratiosOf.apply(idx).get(scope), point));
            }
        }
        return new Comparison(baseline, candidate, tests, notCompared, scopes, failedScopes);
    }

    /** Score ratios when each test's rate is the median over the given rounds. */
    private static Map<String, Double> scopeRatios(
            List<TestRates> outcomes, String baseline, String candidate, int[] rounds) {
        Map<String, Double> base = new HashMap<>(), cand = new HashMap<>();
        for (TestRates o : outcomes) {
            base.put(o.test().name(), medianOver(o.rates().get(baseline), rounds));
            cand.put(o.test().name(), medianOver(o.rates().get(candidate), rounds));
        }
        Scores b = Scoring.score(base), c = Scoring.score(cand);
        Map<String, Double> ratios = new HashMap<>();
        b.programs().forEach((p, v) -> ratios.put(p.label(), c.programs().get(p) / v));
        ratios.put("base", c.base() / b.base());
        ratios.put("app", c.app() / b.app());
        ratios.put("total", c.total() / b.total());
        return ratios;
    }

    private static double medianOver(double[] values, int[] rounds) {
        double[] picked = new double[rounds.length];
        for (int i = 0; i < rounds.length; i++) {
            picked[i] = values[rounds[i]];
        }
        return Statistics.median(picked);
    }
}
