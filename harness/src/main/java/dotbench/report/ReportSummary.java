package dotbench.report;

import dotbench.stats.FamilyVerdict;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The report's first screen: per machine and A/B pair of each suite's newest run, the headline
 * scopes (GMPbench total, base, app), how many tests came out faster, slower or within their
 * interval, and how many are faster or slower for all tests at once ({@link FamilyVerdict}, from the
 * file's raw samples); then what of the paper reproduced on that machine and what did not.
 */
public final class ReportSummary {
    private static final List<String> HEADLINE_SCOPES = List.of("total", "base", "app");

    /**
     * One pair of one run: its headline figures, the tests' verdict counts, and the family-wise
     * verdict ("faster / slower", "no verdict (...)", or "-" without raw samples of two tests).
     */
    record PairLine(
            String suite, String pair, List<String> headline, int faster, int slower, int within, String allAtOnce) {}

    /** One machine: its pairs and the reproduction rows by verdict. */
    record MachineSummary(String machine, List<PairLine> pairs, Map<Verdict, List<String>> reproduction) {}

    private ReportSummary() {}

    static List<MachineSummary> of(ReportModel m) {
        List<MachineSummary> out = new ArrayList<>();
        for (int i = 0; i < m.machines().size(); i++) {
            Machine machine = m.machines().get(i);
            List<PairLine> pairs = new ArrayList<>();
            for (String suite : List.of("gmpbench", "speed", "jmh")) {
                Optional<ResultFile> run = machine.latest(suite);
                run.ifPresent(f -> f.comparisons()
                        .forEach(p -> pairs.add(line(suite, p, f.pairedRatios(p.baseline(), p.candidate())))));
            }
            Map<Verdict, List<String>> verdicts = new EnumMap<>(Verdict.class);
            for (Reproduction.Row r : m.reproduction()) {
                PaperFigure f = r.figure();
                verdicts.computeIfAbsent(r.cells().get(i).verdict(), v -> new ArrayList<>())
                        .add(f.figure() + ": " + f.metric()
                                + (r.measure().isPresent() ? " (" + r.pathway() + ")" : ""));
            }
            out.add(new MachineSummary(machine.label(), pairs, verdicts));
        }
        return out;
    }

    private static PairLine line(String suite, PairRatios p, Map<String, double[]> ratios) {
        List<String> headline = new ArrayList<>();
        for (String scope : HEADLINE_SCOPES) {
            RatioEstimate r = p.scopes().get(scope);
            if (r != null) {
                headline.add(scope + " " + percent(r));
            }
        }
        int faster = 0;
        int slower = 0;
        for (RatioEstimate r : p.tests().values()) {
            faster += r.low() > 1 ? 1 : 0;
            slower += r.high() < 1 ? 1 : 0;
        }
        return new PairLine(
                suite, p.label(), headline, faster, slower, p.tests().size() - faster - slower, allAtOnce(ratios));
    }

    private static String allAtOnce(Map<String, double[]> ratios) {
        if (ratios.size() < 2) {
            return "-";
        }
        FamilyVerdict v = FamilyVerdict.of(ratios);
        return v.decided()
                ? v.faster().size() + " / " + v.slower().size()
                : "no verdict (" + v.samples() + " samples, " + v.needed() + " needed)";
    }

    /** "+5.0% [+4.0%, +6.0%]": the candidate's speed change with its interval. */
    static String percent(RatioEstimate r) {
        return String.format(
                Locale.ROOT,
                "%+.1f%% [%+.1f%%, %+.1f%%]%s",
                100 * (r.ratio() - 1),
                100 * (r.low() - 1),
                100 * (r.high() - 1),
                r.noisy() ? " noisy" : "");
    }

    public static String html(ReportModel m) {
        StringBuilder h = new StringBuilder("<h2 id=\"summary\">Summary</h2>\n");
        for (MachineSummary s : of(m)) {
            h.append("<h3>")
                    .append(HtmlReport.esc(s.machine()))
                    .append("</h3>\n<table class=\"summary\"><tr><th>suite</th><th>pair</th>")
                    .append(
                            "<th>headline (candidate vs baseline, 95% CI)</th><th>tests faster / slower / within CI</th>"
                                    + "<th>all tests at once: faster / slower</th></tr>\n");
            for (PairLine p : s.pairs()) {
                h.append("<tr><td>")
                        .append(HtmlReport.esc(p.suite()))
                        .append("</td><td>")
                        .append(HtmlReport.esc(p.pair()))
                        .append("</td><td>")
                        .append(HtmlReport.esc(p.headline().isEmpty() ? "-" : String.join("; ", p.headline())))
                        .append("</td><td>")
                        .append(p.faster())
                        .append(" / ")
                        .append(p.slower())
                        .append(" / ")
                        .append(p.within())
                        .append("</td><td>")
                        .append(HtmlReport.esc(p.allAtOnce()))
                        .append("</td></tr>\n");
            }
            h.append("</table>\n<p>").append(HtmlReport.esc(counts(s))).append("</p>\n<ul>\n");
            for (Verdict v : List.of(Verdict.REPRODUCED, Verdict.NOT_REPRODUCED)) {
                List<String> rows = s.reproduction().getOrDefault(v, List.of());
                h.append("<li class=\"")
                        .append(v.label().replace(' ', '-'))
                        .append("\"><b>")
                        .append(v.label())
                        .append(":</b> ")
                        .append(HtmlReport.esc(rows.isEmpty() ? "none" : String.join("; ", rows)))
                        .append("</li>\n");
            }
            h.append("</ul>\n");
        }
        return h.toString();
    }

    public static String markdown(ReportModel m) {
        StringBuilder md = new StringBuilder("## Summary\n\n");
        for (MachineSummary s : of(m)) {
            md.append("### ")
                    .append(s.machine())
                    .append("\n\n| suite | pair | headline (candidate vs baseline, 95% CI) | tests faster / "
                            + "slower / within CI | all tests at once: faster / slower |\n|---|---|---|---|---|\n");
            for (PairLine p : s.pairs()) {
                md.append("| ")
                        .append(p.suite())
                        .append(" | ")
                        .append(p.pair())
                        .append(" | ")
                        .append(p.headline().isEmpty() ? "-" : String.join("; ", p.headline()))
                        .append(" | ")
                        .append(p.faster())
                        .append(" / ")
                        .append(p.slower())
                        .append(" / ")
                        .append(p.within())
                        .append(" | ")
                        .append(p.allAtOnce())
                        .append(" |\n");
            }
            md.append('\n').append(counts(s)).append("\n\n");
            for (Verdict v : List.of(Verdict.REPRODUCED, Verdict.NOT_REPRODUCED)) {
                List<String> rows = s.reproduction().getOrDefault(v, List.of());
                md.append("* **")
                        .append(v.label())
                        .append(":** ")
                        .append(rows.isEmpty() ? "none" : String.join("; ", rows))
                        .append('\n');
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static String counts(MachineSummary s) {
        int total = s.reproduction().values().stream().mapToInt(List::size).sum();
        StringBuilder c = new StringBuilder("Paper figures (" + total + " rows of the reproduction table below): ");
        List<String> parts = new ArrayList<>();
        for (Verdict v : Verdict.values()) {
            parts.add(s.reproduction().getOrDefault(v, List.of()).size() + " " + v.label());
        }
        return c.append(String.join(", ", parts)).append('.').toString();
    }
}
