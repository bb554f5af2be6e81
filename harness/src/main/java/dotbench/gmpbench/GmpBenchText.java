package dotbench.gmpbench;

import dotbench.pipeline.Outcome;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

/** The human-readable output: runbench-shaped blocks per variant, and the A/B ratio tables. */
public final class GmpBenchText {
    private GmpBenchText() {}

    /**
     * runbench's layout and precision (4 significant digits per test, 5 per program and category),
     * so parsers of GMPbench output read it; a modified GMP is labelled as GMPbench asks.
     */
    public static String block(VariantInfo v, List<Outcome<TestDetail>> outcomes, Scores scores) {
        StringBuilder out = new StringBuilder();
        out.append("***** GMPbench version 0.2 (dotbench GMPbench-style run) *****\n");
        out.append("Variant ")
                .append(v.name())
                .append(": GMP ")
                .append(v.version())
                .append(", ")
                .append(v.library())
                .append('\n');
        out.append("Library SHA-256: ").append(v.sha256()).append('\n');
        if (v.changedDuringRun()) {
            out.append("WARNING: ")
                    .append(v.library())
                    .append(" was rebuilt during the run; these figures are for the build that was loaded\n");
        }
        v.marker()
                .ifPresent(m -> out.append("NOTE: this is a MODIFIED GMP (")
                        .append(m)
                        .append("); its scores are not GMPbench results for GMP ")
                        .append(v.version())
                        .append('\n'));
        for (Program.Category category : Program.Category.values()) {
            if (outcomes.stream().noneMatch(o -> o.detail().test().program().category() == category)) {
                continue; // runbench prints only the categories it ran
            }
            out.append("  Category ").append(category.label()).append('\n');
            for (Program program : Program.values()) {
                List<Outcome<TestDetail>> mine = outcomes.stream()
                        .filter(o -> o.detail().test().program() == program)
                        .toList();
                if (program.category() != category || mine.isEmpty()) {
                    continue;
                }
                out.append(String.format(
                        Locale.ROOT, "    Program %s (weight=%s)%n", program.label(), weight(program.weight())));
                for (Outcome<TestDetail> o : mine) {
                    String value = o.measured(v.name()) ? sig(o.medianOpsPerSecond(v.name()), 4) : "FAILED";
                    out.append(String.format(
                            Locale.ROOT, "      %-48s%12s%n", o.detail().test().gmpbenchLabel(), value));
                }
                Double p = scores == null ? null : scores.programs().get(program);
                out.append(String.format(
                        Locale.ROOT,
                        "    %-40s%12s%n",
                        "GMPbench." + category.label() + "." + program.label(),
                        p == null ? "FAILED" : sig(p, 5)));
            }
            out.append(String.format(
                    Locale.ROOT,
                    "  %-32s%12s%n",
                    "GMPbench." + category.label(),
                    scores == null ? "FAILED" : sig(scores.category(category), 5)));
        }
        out.append("GMPbench:         ")
                .append(scores == null ? "FAILED" : sig(scores.total(), 6))
                .append('\n');
        return out.toString();
    }

    /** How the ratio tables name GMPbench's aggregates. */
    public static String scopeLabel(String scope) {
        return switch (scope) {
            case "total" -> "GMPbench total";
            case "base", "app" -> "category " + scope;
            default -> "program " + scope;
        };
    }

    private static String weight(double w) {
        return w == Math.rint(w) ? String.valueOf((long) w) : String.valueOf(w);
    }

    /** n significant digits, plain notation where it is short (as gexpr prints). */
    static String sig(double v, int digits) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        String s = new BigDecimal(v).round(new MathContext(digits)).toPlainString();
        return s.length() <= 14 ? s : String.format(Locale.ROOT, "%." + (digits - 1) + "e", v);
    }
}
