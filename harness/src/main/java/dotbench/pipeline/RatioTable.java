package dotbench.pipeline;

import dotbench.stats.FamilyVerdict;
import dotbench.stats.Intervals;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
        Map<String, double[]> ratios = pairedRatios(c, outcomes);
        int samples = fewest(ratios);
        out.append(String.format(
                Locale.ROOT,
                "A/B %s vs %s: ratio = %s ops/s / %s ops/s (above 1: %s is faster), median of interleaved pairs;"
                        + " intervals: tests %s (order statistics of the median), scores 95%% (bootstrap over rounds)%n",
                c.candidate(),
                c.baseline(),
                c.candidate(),
                c.baseline(),
                c.candidate(),
                samples == 0
                        ? "95%"
                        : String.format(
                                Locale.ROOT,
                                "%.1f%% at %d samples",
                                100 * Intervals.medianCoverage(samples),
                                samples)));
        out.append(String.format(Locale.ROOT, "  %-28s %8s  %-19s %9s%n", "test", "ratio", "CI", "overhead"));
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
        if (ratios.size() > 1) {
            out.append(FamilyVerdict.of(ratios).line());
        }
        if (VariantSelection.isControl(new Pairing(c.baseline(), c.candidate()))
                && !c.tests().isEmpty()) {
            out.append(controlLine(c, outcomes));
        }
        if (VariantSelection.isLayoutControl(new Pairing(c.baseline(), c.candidate()))
                && !c.tests().isEmpty()) {
            out.append(layoutLine(c));
        }
        return out.toString();
    }

    /**
     * An A/A pair's verdict on the machine: how many test intervals exclude 1, against how many
     * would by chance if the noise were what the intervals assume (each misses with probability at
     * most 1 - coverage at the run's sample count).
     */
    static String controlLine(Comparison c, List<? extends Outcome<?>> outcomes) {
        long beyond =
                c.tests().values().stream().filter(RatioEstimate::excludesOne).count();
        int samples = fewest(pairedRatios(c, outcomes));
        double chance = 1 - Intervals.medianCoverage(samples);
        return String.format(
                Locale.ROOT,
                "  A/A control (%s is a byte copy of %s): %d of %d intervals exclude 1; by chance each does with"
                        + " probability at most %.1f%% at %d samples (%.1f expected)%s%n",
                c.candidate(),
                c.baseline(),
                beyond,
                c.tests().size(),
                100 * chance,
                samples,
                chance * c.tests().size(),
                beyond
                                > chance * c.tests().size()
                                        + 2 * Math.sqrt(chance * c.tests().size())
                        ? ": more than chance, so this machine's noise is wider than the intervals assume"
                        : "");
    }

    /**
     * A layout pair's reading: the same code at other addresses, so what its ratios span is what
     * placement alone does to these tests on this machine (plus noise), the yardstick for a single
     * test's ratio in any other pair of the run.
     */
    static String layoutLine(Comparison c) {
        long beyond =
                c.tests().values().stream().filter(RatioEstimate::excludesOne).count();
        long steady = c.tests().values().stream().filter(r -> !r.noisy()).count();
        double[] span = steadySpan(c);
        return String.format(
                Locale.ROOT,
                "  layout control (%s is %s's code at other addresses): %d of %d intervals exclude 1, ratios %.3f"
                        + " to %.3f over %s; a single test's ratio within that of 1 may be code placement, not code%n",
                c.candidate(),
                c.baseline(),
                beyond,
                c.tests().size(),
                span[0],
                span[1],
                steady == 0 || steady == c.tests().size() ? "all tests" : "the " + steady + " not flagged noisy");
    }

    /**
     * For a real pair of a run that also timed its baseline's layout control: the tests whose
     * interval excludes 1 and whose ratio lies outside the control's span (its steady tests'), the
     * differences placement alone did not produce in this run; the others are named as inside it.
     */
    public static String beyondLayout(Comparison c, Comparison layout) {
        double[] span = steadySpan(layout);
        List<String> beyond = new ArrayList<>();
        List<String> inside = new ArrayList<>();
        c.tests().forEach((name, r) -> {
            if (r.excludesOne()) {
                String item = String.format(Locale.ROOT, "%s %.3f", name, r.ratio());
                (r.ratio() < span[0] || r.ratio() > span[1] ? beyond : inside).add(item);
            }
        });
        return String.format(
                Locale.ROOT,
                "  against the layout control (%s: %.3f to %.3f): beyond it %s; inside it, though off 1: %s%n",
                layout.candidate(),
                span[0],
                span[1],
                beyond.isEmpty() ? "none" : String.join(", ", beyond),
                inside.isEmpty() ? "none" : String.join(", ", inside));
    }

    /**
     * The lowest and highest ratio over the tests not flagged noisy (all tests when every one is): a
     * noisy test (a keygen's random prime search) would show its own scatter, not placement.
     */
    private static double[] steadySpan(Comparison c) {
        List<RatioEstimate> steady =
                c.tests().values().stream().filter(r -> !r.noisy()).toList();
        List<RatioEstimate> spanned = steady.isEmpty() ? List.copyOf(c.tests().values()) : steady;
        return new double[] {
            spanned.stream().mapToDouble(RatioEstimate::ratio).min().orElseThrow(),
            spanned.stream().mapToDouble(RatioEstimate::ratio).max().orElseThrow()
        };
    }

    /** Per compared test with both sides' samples at hand, its round-paired ratios candidate / baseline. */
    static Map<String, double[]> pairedRatios(Comparison c, List<? extends Outcome<?>> outcomes) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (Outcome<?> o : outcomes) {
            if (c.tests().containsKey(o.name()) && o.measured(c.baseline()) && o.measured(c.candidate())) {
                out.put(o.name(), Intervals.ratios(o.rates(c.candidate()), o.rates(c.baseline())));
            }
        }
        return out;
    }

    /** The fewest paired samples behind any compared test (their intervals cover the least); 0 when none is compared. */
    private static int fewest(Map<String, double[]> ratios) {
        return ratios.values().stream().mapToInt(r -> r.length).min().orElse(0);
    }

    private static String row(String label, RatioEstimate r, Double overhead) {
        String flags =
                (r.noisy() ? "  noisy" : "") + (r.excludesOne() ? (r.ratio() > 1 ? "  faster" : "  slower") : "");
        String cost = overhead == null ? "" : String.format(Locale.ROOT, "%.2f%%", 100 * overhead);
        return String.format(
                Locale.ROOT, "  %-28s %8.4f  [%7.4f, %7.4f] %9s%s%n", label, r.ratio(), r.low(), r.high(), cost, flags);
    }
}
