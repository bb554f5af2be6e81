package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The report as one self-contained HTML file: inline SVG and CSS, no script, no external
 * resource, so it opens offline, in a mail attachment or a CI artifact viewer alike.
 */
public final class HtmlReport {
    private HtmlReport() {}

    public static String render(ReportModel m) {
        return render(m, "");
    }

    /** The report with a section of another component's HTML (the history's trends) at its end. */
    public static String render(ReportModel m, String appendix) {
        StringBuilder h = new StringBuilder();
        h.append(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>dotbench report</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}")
                .append("table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid "
                        + "#ccc;padding:3px 7px;font-size:13px;vertical-align:top}")
                .append("th{background:#f2f2f2}.reproduced{background:#dff0d8}.not-reproduced{background:#f8d7da}")
                .append(
                        ".not-measurable{background:#eeeeee;color:#555}.not-measured{background:#fff3cd}.noisy{color:#a05a00}")
                .append(
                        "svg.chart{display:block;margin:10px 0 18px;border:1px solid #ddd}.quote{font-size:11px;color:#555}")
                .append("\n</style></head><body>\n");
        h.append("<h1>dotbench report</h1>\n<p>Generated ")
                .append(esc(m.generated()))
                .append(" from ")
                .append(m.files().size())
                .append(" result file(s) on ")
                .append(m.machines().size())
                .append(" machine(s). Ratios are candidate/baseline speed: above 1 (or above 0%) ")
                .append(
                        "the candidate is faster. Every figure carries its 95% interval (each input file's settings.ci says how it was computed); <span "
                                + "class=\"noisy\">noisy</span> marks an interval wider ")
                .append("than the run's noise threshold (hatched bars, hollow points).</p>\n");
        h.append(ReportSummary.html(m));
        provenance(h, m);
        reproduction(h, m);
        section(
                h,
                "Kernels: speedup vs operand size (paper Figure 3)",
                "fig3",
                m.speedupCurves(),
                "No JMH kernel results (suite \"jmh\") among the inputs; `make bench` writes them.");
        section(
                h,
                "GMPbench-style A/B (paper Figure 4)",
                "fig4",
                m.gmpbenchBars(),
                "No GMPbench results (suite \"gmpbench\") among the inputs; `dotbench gmpbench` writes them.");
        section(
                h,
                "openssl-speed-style throughput (paper Figure 5)",
                "fig5",
                m.speedBars(),
                "No openssl-speed results (suite \"speed\") among the inputs.");
        section(
                h,
                "Latency CDFs, stock vs dot (paper Figure 9)",
                "fig9",
                m.latencyCdfs(),
                "No latency distributions (tests[].latency) among the inputs.");
        section(
                h,
                "NTT multiplication vs GMP: speedup over operand size",
                "ntt",
                m.nttCurves(),
                "No NTT suite results (suite \"ntt\") among the inputs; `dotbench ntt` writes them.");
        h.append(ModMulTable.html(m.machines()));
        fleet(h, m);
        officialFidelity(h, m);
        return h.append(appendix).append("</body></html>\n").toString();
    }

    private static void provenance(StringBuilder h, ReportModel m) {
        h.append("<h2>Inputs</h2>\n<table><tr><th>file</th><th>suite</th><th>machine</th><th>CPU "
                + "features</th><th>libdot ISA</th><th>date</th><th>commit</th></tr>\n");
        for (ResultFile f : m.files()) {
            h.append("<tr><td>")
                    .append(esc(f.path().toString()))
                    .append("</td><td>")
                    .append(esc(f.suite()))
                    .append("</td><td>")
                    .append(esc(f.machine()))
                    .append("</td><td>")
                    .append(esc(ReportModel.simdFlags(f)))
                    .append("</td><td>")
                    .append(esc(f.libdotIsa().orElse("unrecorded")))
                    .append("</td><td>")
                    .append(esc(f.date()))
                    .append("</td><td>")
                    .append(esc(ReportModel.commit(f)))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void reproduction(StringBuilder h, ReportModel m) {
        h.append("<h2 id=\"reproduction\">Reproduction of the paper's figures</h2>\n<p>Paper values transcribed in ")
                .append(esc(m.referencePath()))
                .append(". Verdict: <b>reproduced</b> when the measured 95% interval lies on the paper's side of ")
                .append("\"no change\" and the measured effect is at least ")
                .append((int) (Verdict.MIN_EFFECT_FRACTION * 100))
                .append("% of the paper's; <b>not measurable here</b> when this machine (or dotbench) cannot "
                        + "measure it; <b>not measured</b> ")
                .append(
                        "when no given result file holds it.</p>\n<table "
                                + "id=\"reproduction-table\"><tr><th>figure</th><th>what</th><th>paper (CPU)</th><th>baseline</th>");
        for (Machine mc : m.machines()) {
            h.append("<th>measured: ").append(esc(mc.label())).append("</th><th>verdict</th>");
        }
        h.append("</tr>\n");
        for (Reproduction.Row r : m.reproduction()) {
            PaperFigure f = r.figure();
            h.append("<tr><td>")
                    .append(esc(f.figure()))
                    .append("<br><span class=\"quote\">")
                    .append(esc(f.source()))
                    .append("</span></td><td>")
                    .append(esc(f.metric()))
                    .append("<br><span class=\"quote\">\"")
                    .append(esc(f.quote()))
                    .append("\"</span></td><td>")
                    .append(esc(f.format(f.value())))
                    .append("<br><span class=\"quote\">")
                    .append(esc(f.cpuModel()))
                    .append("</span></td><td>")
                    .append(esc(r.pathway()))
                    .append("</td>");
            for (Reproduction.Cell c : r.cells()) {
                h.append("<td>")
                        .append(c.measured().map(v -> measured(f, v)).orElse("-"))
                        .append("</td><td class=\"")
                        .append(c.verdict().label().replace(' ', '-'))
                        .append("\">")
                        .append(esc(c.verdict().label()))
                        .append("<br><span class=\"quote\">")
                        .append(esc(c.note()))
                        .append("</span></td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    static String measured(PaperFigure f, RatioEstimate v) {
        String s = f.format(f.inUnit(v.ratio())) + " [" + f.format(f.inUnit(v.low())) + ", "
                + f.format(f.inUnit(v.high())) + "]";
        return esc(s) + (v.noisy() ? " <span class=\"noisy\">noisy</span>" : "");
    }

    private static void section(StringBuilder h, String title, String id, List<Charts.Chart> charts, String none) {
        h.append("<h2 id=\"").append(id).append("\">").append(esc(title)).append("</h2>\n");
        if (charts.isEmpty()) {
            h.append("<p class=\"empty\">").append(esc(none)).append("</p>\n");
        }
        charts.forEach(c -> h.append(c.svg()));
    }

    private static void fleet(StringBuilder h, ReportModel m) {
        h.append("<h2 id=\"fleet\">All figures, one column per machine</h2>\n");
        for (FleetTable t : m.fleet()) {
            h.append("<h3>").append(esc(t.suite())).append("</h3>\n<table><tr><th>pair</th><th>figure</th>");
            t.machines().forEach(mc -> h.append("<th>").append(esc(mc.label())).append("</th>"));
            h.append("</tr>\n");
            for (FleetTable.RowKey k : t.rows()) {
                h.append("<tr><td>")
                        .append(esc(k.pair()))
                        .append("</td><td>")
                        .append(k.scope() ? "<b>" + esc(k.figure()) + "</b>" : esc(k.figure()))
                        .append("</td>");
                for (Optional<RatioEstimate> c : t.cells().get(k)) {
                    h.append("<td")
                            .append(c.filter(RatioEstimate::noisy).isPresent() ? " class=\"noisy\"" : "")
                            .append(">")
                            .append(c.map(FleetTable::format)
                                    .map(HtmlReport::esc)
                                    .orElse(""))
                            .append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</table>\n");
        }
    }

    private static void officialFidelity(StringBuilder h, ReportModel m) {
        for (OfficialFidelity f : m.officialFidelity()) {
            h.append("<h2 id=\"vs-official\">GMPbench-style harness vs GMPbench 0.2's own programs</h2>\n<p>harness: ")
                    .append(esc(f.harness().path().toString()))
                    .append("; official: ")
                    .append(esc(f.official().path().toString()))
                    .append(". Quotient = harness ratio / official ratio; agrees within 3% (total 1%), noise "
                            + "when the intervals overlap.</p>\n")
                    .append("<table><tr><th>pair</th><th>figure</th><th>harness</th><th>official</th>"
                            + "<th>harness/official</th><th>verdict</th></tr>\n");
            for (OfficialFidelity.Row r : f.rows()) {
                h.append("<tr><td>")
                        .append(esc(r.pair()))
                        .append("</td><td>")
                        .append(r.scope() ? "<b>" + esc(r.figure()) + "</b>" : esc(r.figure()))
                        .append("</td><td>")
                        .append(esc(FleetTable.format(r.harness())))
                        .append("</td><td>")
                        .append(esc(FleetTable.format(r.official())))
                        .append("</td><td>")
                        .append(String.format(Locale.ROOT, "%.3f", r.quotient()))
                        .append("</td><td>")
                        .append(esc(r.verdict().label()))
                        .append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
    }

    static String esc(String s) {
        return Svg.escape(s == null ? "" : s);
    }
}
