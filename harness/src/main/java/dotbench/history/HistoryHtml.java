package dotbench.history;

import dotbench.report.Svg;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The trend report: one self-contained HTML file (inline SVG, no script, no external resource),
 * the change points first, then one trend chart per series grouped by suite, machine and pair.
 */
public final class HistoryHtml {
    private HistoryHtml() {}

    public static String render(History h, String generated) {
        StringBuilder out = new StringBuilder(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>dotbench history</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}")
                .append(
                        "table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #ccc;padding:3px 7px;font-size:13px}")
                .append("th{background:#f2f2f2}.down{color:#b00020}.up{color:#1b5e20}"
                        + "svg.chart{display:block;margin:8px 0 14px;border:1px solid #ddd}")
                .append("\n</style></head><body>\n<h1>dotbench history</h1>\n<p>Generated ")
                .append(esc(generated))
                .append(" from ")
                .append(h.runs().size())
                .append(" run(s); ")
                .append(h.series().size())
                .append(" series. ")
                .append(esc(HistoryMarkdown.method(h.settings())))
                .append(" Ratios are candidate/baseline speed: above 1 the candidate is faster.</p>\n");
        runs(out, h);
        changes(out, h);
        Map<String, List<Series>> groups = new LinkedHashMap<>();
        h.series()
                .forEach(s -> groups.computeIfAbsent(
                                s.key().suite() + ": " + s.key().pair() + " on "
                                        + s.key().machine(),
                                k -> new ArrayList<>())
                        .add(s));
        int id = 0;
        for (Map.Entry<String, List<Series>> g : groups.entrySet()) {
            out.append("<h2>").append(esc(g.getKey())).append("</h2>\n");
            for (Series s : g.getValue()) {
                out.append(TrendChart.render("trend-" + id++, s));
            }
        }
        return out.append("</body></html>\n").toString();
    }

    /**
     * The trends as a section of `dotbench report`: the change points, then the charts of the
     * series that have one and of the GMPbench scopes (every series: `dotbench history`).
     */
    public static String trendSection(History h) {
        StringBuilder out = new StringBuilder("<h2 id=\"trends\">Trends over commits</h2>\n<p>")
                .append(h.runs().size())
                .append(" run(s) of the history. ")
                .append(esc(HistoryMarkdown.method(h.settings())))
                .append(" Charts below: the series with a change point and the GMPbench scopes; every series: "
                        + "<code>dotbench history</code>.</p>\n");
        changes(out, h);
        int id = 0;
        for (Series s : h.series()) {
            if (s.key().scope() || !s.changes().isEmpty()) {
                out.append(TrendChart.render("report-trend-" + id++, s));
            }
        }
        return out.toString();
    }

    private static void runs(StringBuilder out, History h) {
        out.append(
                "<h2>Runs</h2>\n<table><tr><th>date</th><th>commit</th><th>suite</th><th>machine</th><th>source</th></tr>\n");
        for (HistoryRun r : h.runs()) {
            out.append("<tr><td>")
                    .append(esc(r.date().toString()))
                    .append("</td><td>")
                    .append(esc(r.shortCommit()))
                    .append("</td><td>")
                    .append(esc(r.suiteProfile()))
                    .append("</td><td>")
                    .append(esc(r.machine()))
                    .append("</td><td>")
                    .append(esc(r.source()))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private static void changes(StringBuilder out, History h) {
        out.append("<h3 id=\"change-points\">Change points</h3>\n");
        List<Series> changed = h.withChanges();
        if (changed.isEmpty()) {
            out.append("<p>None found.</p>\n");
            return;
        }
        out.append("<table><tr><th>series</th><th>machine</th><th>between</th><th>mean before</th><th>mean "
                + "after</th><th>change</th><th>p</th></tr>\n");
        for (Series s : changed) {
            for (Series.Change c : s.changes()) {
                out.append("<tr><td>")
                        .append(esc(s.key().label()))
                        .append("</td><td>")
                        .append(esc(s.key().machine()))
                        .append("</td><td>")
                        .append(esc(c.previousCommit()))
                        .append(" .. <b>")
                        .append(esc(c.commit()))
                        .append("</b></td><td>")
                        .append(String.format(
                                Locale.ROOT,
                                "%.3f</td><td>%.3f</td><td class=\"%s\">%+.1f%%</td><td>%.3f",
                                c.before(),
                                c.after(),
                                c.relative() < 0 ? "down" : "up",
                                100 * c.relative(),
                                c.pValue()))
                        .append("</td></tr>\n");
            }
        }
        out.append("</table>\n");
    }

    private static String esc(String s) {
        return Svg.escape(s);
    }
}
