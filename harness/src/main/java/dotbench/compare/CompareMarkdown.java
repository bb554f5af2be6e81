package dotbench.compare;

import dotbench.report.ResultFile;
import java.util.List;
import java.util.Locale;

/** A comparison as Markdown for a pull-request comment: the verdict first, details after. */
public final class CompareMarkdown {
    private CompareMarkdown() {}

    public static String render(ResultFile base, ResultFile next, RunComparison c) {
        StringBuilder md = new StringBuilder();
        md.append("## dotbench compare\n\n");
        md.append("BASE: `")
                .append(base.path())
                .append("` (")
                .append(base.suite())
                .append(", ")
                .append(base.machine())
                .append(", ")
                .append(base.date())
                .append(")  \n");
        md.append("NEW: `")
                .append(next.path())
                .append("` (")
                .append(next.suite())
                .append(", ")
                .append(next.machine())
                .append(", ")
                .append(next.date())
                .append(")\n\n");
        if (!c.compatibility().meaningful()) {
            md.append("**Not a meaningful comparison:** ")
                    .append(String.join("; ", c.compatibility().reasons()))
                    .append(". Ratios below are printed for reference only and gate nothing.\n\n");
        }
        String pct = percent(c.threshold());
        List<Change> reg = c.regressions();
        List<Change> imp = c.improvements();
        md.append(
                        reg.isEmpty()
                                ? "**No regression** beyond " + pct
                                : "**" + reg.size() + " regression(s)** beyond " + pct)
                .append(" (a change counts only when its whole 95% interval lies beyond the threshold); ")
                .append(imp.size())
                .append(" improvement(s); ")
                .append(c.changes().size())
                .append(" figures compared.\n\n");
        if (!reg.isEmpty()) {
            md.append("### Regressions\n\n");
            table(md, reg);
        }
        if (!imp.isEmpty()) {
            md.append("### Improvements\n\n");
            table(md, imp);
        }
        md.append("<details><summary>All figures (new/base; above 1 = NEW faster)</summary>\n\n");
        table(md, c.changes());
        md.append("</details>\n");
        if (!c.unmatched().isEmpty()) {
            md.append("\nNot compared (present in one file only): ")
                    .append(String.join(", ", c.unmatched()))
                    .append("\n");
        }
        return md.toString();
    }

    private static void table(StringBuilder md, List<Change> rows) {
        md.append("| test | figure | new/base | 95% CI | verdict |\n|---|---|---:|---|---|\n");
        for (Change ch : rows) {
            md.append("| ")
                    .append(ch.test())
                    .append(" | ")
                    .append(ch.what())
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%.3f", ch.ratio().ratio()))
                    .append(" | ")
                    .append(String.format(
                            Locale.ROOT,
                            "[%.3f, %.3f]",
                            ch.ratio().low(),
                            ch.ratio().high()))
                    .append(ch.ratio().noisy() ? " noisy" : "")
                    .append(" | ")
                    .append(ch.verdict().name().toLowerCase(Locale.ROOT))
                    .append(" |\n");
        }
        md.append("\n");
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
