package dotbench.gmpbench;

import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The human-readable output: runbench-shaped blocks per variant, and the A/B ratio tables. */
public final class GmpBenchText {
    private GmpBenchText() {
    }

    /**
     * runbench's layout and precision (4 significant digits per test, 5 per program and category),
     * so parsers of GMPbench output read it; a modified GMP is labelled as GMPbench asks.
     */
    public static String block(VariantInfo v, List<TestOutcome> outcomes, Scores scores) {
        StringBuilder out = new StringBuilder();
        out.append("***** GMPbench version 0.2 (dotbench GMPbench-style run) *****\n");
        out.append("Variant ").append(v.name()).append(": GMP ").append(v.version()).append(", ").append(v.library()).append('\n');
        out.append("Library SHA-256: ").append(v.sha256()).append('\n');
        if (v.changedDuringRun()) {
            out.append("WARNING: ").append(v.library()).append(" was rebuilt during the run; these figures are for the build that was loaded\n");
        }
        v.marker().ifPresent(m -> out.append("NOTE: this is a MODIFIED GMP (").append(m)
                .append("); its scores are not GMPbench results for GMP ").append(v.version()).append('\n'));
        for (Program.Category category : Program.Category.values()) {
            if (outcomes.stream().noneMatch(o -> o.test().program().category() == category)) {
                continue; // runbench prints only the categories it ran
            }
            out.append("  Category ").append(category.label()).append('\n');
            for (Program program : Program.values()) {
                List<TestOutcome> mine = outcomes.stream().filter(o -> o.test().program() == program).toList();
                if (program.category() != category || mine.isEmpty()) {
                    continue;
                }
                out.append(String.format(Locale.ROOT, "    Program %s (weight=%s)%n", program.label(), weight(program.weight())));
                for (TestOutcome o : mine) {
                    String value = o.failed(v.name()) || o.measurement().isEmpty() ? "FAILED" : sig(o.medianOpsPerSecond(v.name()), 4);
                    out.append(String.format(Locale.ROOT, "      %-48s%12s%n", o.test().gmpbenchLabel(), value));
                }
                Double p = scores == null ? null : scores.programs().get(program);
                out.append(String.format(Locale.ROOT, "    %-40s%12s%n", "GMPbench." + category.label() + "." + program.label(),
                        p == null ? "FAILED" : sig(p, 5)));
            }
            out.append(String.format(Locale.ROOT, "  %-32s%12s%n", "GMPbench." + category.label(),
                    scores == null ? "FAILED" : sig(scores.category(category), 5)));
        }
        out.append("GMPbench:         ").append(scores == null ? "FAILED" : sig(scores.total(), 6)).append('\n');
        return out.toString();
    }

    /** One pair's table: every test and scope with the ratio, its interval, and the flags. */
    public static String ratioTable(Comparison c, Map<String, Double> overheadFraction) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "A/B %s vs %s: ratio = %s ops/s / %s ops/s (above 1: %s is faster), median of interleaved pairs, bootstrap 95%% CI%n",
                c.candidate(), c.baseline(), c.candidate(), c.baseline(), c.candidate()));
        out.append(String.format(Locale.ROOT, "  %-28s %8s  %-19s %9s%n", "test", "ratio", "95% CI", "overhead"));
        for (var e : c.tests().entrySet()) {
            out.append(row(e.getKey(), e.getValue(), overheadFraction.get(e.getKey())));
        }
        for (String scope : Comparison.SCOPE_ORDER) {
            RatioEstimate r = c.scopes().get(scope);
            String label = scope.equals("total") ? "GMPbench total" : scope.equals("base") || scope.equals("app") ? "category " + scope : "program " + scope;
            if (r != null) {
                out.append(row(label, r, null));
            } else if (c.failedScopes().contains(scope)) {
                out.append(String.format(Locale.ROOT, "  %-28s %8s%n", label, "FAILED"));
            }
        }
        return out.toString();
    }

    private static String row(String label, RatioEstimate r, Double overhead) {
        String flags = (r.noisy() ? "  noisy" : "") + (r.excludesOne() ? (r.ratio() > 1 ? "  faster" : "  slower") : "");
        return String.format(Locale.ROOT, "  %-28s %8.4f  [%7.4f, %7.4f] %9s%s%n", label, r.ratio(), r.low(), r.high(),
                overhead == null ? "" : String.format(Locale.ROOT, "%.2f%%", 100 * overhead), flags);
    }

    private static String weight(double w) {
        return w == Math.rint(w) ? String.valueOf((long) w) : String.valueOf(w);
    }

    /** n significant digits, plain notation where it is short (as gexpr prints). */
    static String sig(double v, int digits) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        String s = new java.math.BigDecimal(v).round(new java.math.MathContext(digits)).toPlainString();
        return s.length() <= 14 ? s : String.format(Locale.ROOT, "%." + (digits - 1) + "e", v);
    }
}
