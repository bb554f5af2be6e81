package dotbench.gmpbench;

import dotbench.stats.BootstrapCi;
import dotbench.stats.RatioEstimate;
import dotbench.stats.Statistics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Builds {@link Comparison}s from the outcomes of a run. */
public final class Comparisons {
    private Comparisons() {
    }

    public static Comparison compare(String baseline, String candidate, List<TestOutcome> outcomes, BootstrapCi bootstrap) {
        return compareRates(baseline, candidate, outcomes.stream().map(TestRates::of).toList(), bootstrap);
    }

    /** The same from rates alone, whichever suite measured them. */
    public static Comparison compareRates(String baseline, String candidate, List<TestRates> outcomes, BootstrapCi bootstrap) {
        Map<String, RatioEstimate> tests = new LinkedHashMap<>();
        List<TestRates> usable = new ArrayList<>();
        List<String> failedScopes = new ArrayList<>();
        for (TestRates o : outcomes) {
            if (!o.usable(baseline, candidate)) {
                String program = o.test().program().label();
                for (String scope : List.of(program, o.test().program().category().label(), "total")) {
                    if (!failedScopes.contains(scope)) {
                        failedScopes.add(scope);
                    }
                }
                continue;
            }
            usable.add(o);
            tests.put(o.test().name(), bootstrap.medianRatio(o.rates().get(candidate), o.rates().get(baseline)));
        }
        Map<String, RatioEstimate> scopes = new LinkedHashMap<>();
        if (!usable.isEmpty()) {
            int rounds = usable.stream().mapToInt(o -> Math.min(o.rates().get(baseline).length, o.rates().get(candidate).length)).min().getAsInt();
            int[] all = new int[rounds];
            for (int i = 0; i < rounds; i++) {
                all[i] = i;
            }
            Function<int[], Map<String, Double>> ratiosOf = idx -> scopeRatios(usable, baseline, candidate, idx);
            Map<String, Double> estimate = ratiosOf.apply(all);
            for (String scope : Comparison.SCOPE_ORDER) {
                Double point = estimate.get(scope);
                if (point == null || point.isNaN() || failedScopes.contains(scope)) {
                    continue;
                }
                scopes.put(scope, bootstrap.ofStatistic(rounds, idx -> ratiosOf.apply(idx).get(scope), point));
            }
        }
        return new Comparison(baseline, candidate, tests, scopes, failedScopes);
    }

    /** Score ratios when each test's rate is the median over the given rounds. */
    private static Map<String, Double> scopeRatios(List<TestRates> outcomes, String baseline, String candidate, int[] rounds) {
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
