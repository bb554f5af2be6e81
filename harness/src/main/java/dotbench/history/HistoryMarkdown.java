package dotbench.history;

import dotbench.stats.RatioEstimate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A history as Markdown: the change points first, then every series in one line each. */
public final class HistoryMarkdown {
    private HistoryMarkdown() {}

    /** Everything: the summary, the change points, every series. */
    public static String render(History h) {
        StringBuilder md = new StringBuilder(changePoints(h));
        md.append(
                "### Series\n\nRatio = candidate/baseline speed (above 1: the candidate is faster), with its 95% interval.\n\n");
        md.append(
                "| suite | pair | figure | machine | runs | first | latest | change points |\n|---|---|---|---|---|---|---|---|\n");
        for (Series s : h.series()) {
            List<Series.Point> p = s.points();
            md.append("| ")
                    .append(s.key().suite())
                    .append(" | ")
                    .append(s.key().pair())
                    .append(" | ")
                    .append(
                            s.key().scope()
                                    ? "**" + cell(s.key().figure()) + "**"
                                    : cell(s.key().figure()))
                    .append(" | ")
                    .append(cell(s.key().machine()))
                    .append(" | ")
                    .append(p.size())
                    .append(" | ")
                    .append(estimate(p.getFirst().ratio()))
                    .append(" | ")
                    .append(estimate(p.getLast().ratio()))
                    .append(" (")
                    .append(p.getLast().commit())
                    .append(") | ")
                    .append(
                            s.changes().isEmpty()
                                    ? "-"
                                    : String.join(
                                            ", ",
                                            s.changes().stream()
                                                    .map(Series.Change::commit)
                                                    .toList()))
                    .append(" |\n");
        }
        return md.toString();
    }

    /** The summary and the change points alone: short enough for a pull-request comment. */
    public static String changePoints(History h) {
        StringBuilder md = new StringBuilder("## dotbench history\n\n");
        Set<String> commits = new LinkedHashSet<>();
        Set<String> machines = new LinkedHashSet<>();
        h.runs().forEach(r -> {
            commits.add(r.shortCommit());
            machines.add(r.machine());
        });
        md.append(h.runs().size())
                .append(" run(s) at ")
                .append(commits.size())
                .append(" commit(s) on ")
                .append(machines.size())
                .append(" machine(s); ")
                .append(h.series().size())
                .append(" series (suite, machine, A/B pair, figure). ")
                .append(method(h.settings()))
                .append("\n\n");
        List<Series> changed = h.withChanges();
        md.append("### Change points\n\n");
        if (changed.isEmpty()) {
            md.append("None found.\n\n");
        } else {
            md.append("| suite | pair | figure | machine | between | mean before | mean after | change | p "
                    + "|\n|---|---|---|---|---|---|---|---|---|\n");
            for (Series s : changed) {
                for (Series.Change c : s.changes()) {
                    md.append("| ")
                            .append(s.key().suite())
                            .append(" | ")
                            .append(s.key().pair())
                            .append(" | ")
                            .append(cell(s.key().figure()))
                            .append(" | ")
                            .append(cell(s.key().machine()))
                            .append(" | ")
                            .append(c.previousCommit())
                            .append(" .. **")
                            .append(c.commit())
                            .append("** | ")
                            .append(f3(c.before()))
                            .append(" | ")
                            .append(f3(c.after()))
                            .append(" | ")
                            .append(String.format(Locale.ROOT, "%+.1f%%", 100 * c.relative()))
                            .append(" | ")
                            .append(String.format(Locale.ROOT, "%.3f", c.pValue()))
                            .append(" |\n");
                }
            }
            md.append('\n');
        }
        return md.toString();
    }

    static String method(EDivisive.Settings s) {
        return String.format(
                Locale.ROOT,
                "Change points: E-divisive means over each series' ratios, a split kept when its permutation p-value "
                        + "(%d permutations) is below %s and each side has at least %d runs.",
                s.permutations(),
                s.significance(),
                s.minSegment());
    }

    static String estimate(RatioEstimate r) {
        return f3(r.ratio()) + " [" + f3(r.low()) + ", " + f3(r.high()) + "]" + (r.noisy() ? " noisy" : "");
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }
}
