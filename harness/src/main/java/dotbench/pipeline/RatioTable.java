package dotbench.pipeline;

import dotbench.stats.RatioEstimate;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/** The text every suite prints per A/B pair: each case and aggregate with its ratio, interval, overhead and flags. */
public final class RatioTable {
    private RatioTable() {}

    /** @param scopeLabel how the suite names an aggregate in the table (e.g. "total" as "GMPbench total") */
    public static String render(Comparison c, List<? extends Outcome<?>> outcomes, UnaryOperator<String> scopeLabel) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "A/B %s vs %s: ratio = %s ops/s / %s ops/s (above 1: %s is faster), median of interleaved pairs,"
                        + " 95%% CI (tests: order statistics of the median; scores: bootstrap over rounds)%n",
                c.candidate(),
                c.baseline(),
                c.candidate(),
                c.baseline(),
                c.candidate()));
        out.append(String.format(Locale.ROOT, "  %-28s %8s  %-19s %9s%n", "test", "ratio", "95% CI", "overhead"));
        Map<String, Double> overhead = new HashMap<>();
        for (Outcome<?> o : outcomes) {
            o.measurement()
                    .filter(m -> o.measured(m.samples().keySet().iterator().next()))
                    .ifPresent(m -> overhead.put(o.name(), m.overheadFraction()));
        }
        c.tests().forEach((name, r) -> out.append(row(name, r, overhead.get(name))));
        c.notCompared()
                .forEach(name ->
                        out.append(String.format(Locale.ROOT, "  %-28s %8s%n", name, "n/a (failed or not timed)")));
        c.scopes().forEach((scope, r) -> out.append(row(scopeLabel.apply(scope), r, null)));
        c.failedScopes()
                .forEach(scope ->
                        out.append(String.format(Locale.ROOT, "  %-28s %8s%n", scopeLabel.apply(scope), "FAILED")));
        return out.toString();
    }

    private static String row(String label, RatioEstimate r, Double overhead) {
        String flags =
                (r.noisy() ? "  noisy" : "") + (r.excludesOne() ? (r.ratio() > 1 ? "  faster" : "  slower") : "");
        String cost = overhead == null ? "" : String.format(Locale.ROOT, "%.2f%%", 100 * overhead);
        return String.format(
                Locale.ROOT, "  %-28s %8.4f  [%7.4f, %7.4f] %9s%s%n", label, r.ratio(), r.low(), r.high(), cost, flags);
    }
}
