package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.Optional;

/** The report's summary in Markdown: inputs, the reproduction table, the headline scopes per machine. */
public final class MarkdownReport {
    private MarkdownReport() {}

    public static String render(ReportModel m) {
        StringBuilder md = new StringBuilder("# dotbench report\n\n");
        md.append("Generated ")
                .append(m.generated())
                .append(". Ratios are candidate/baseline speed (above 1: candidate faster), with 95% intervals ")
                .append(
                        "(each input file's settings.ci says how they were computed); \"noisy\" marks an interval wider than the run's noise threshold. Charts: "
                                + "the HTML report beside this file.\n\n");
        md.append(ReportSummary.markdown(m));
        md.append(
                "## Inputs\n\n| file | suite | machine | CPU features | libdot ISA | date | commit |\n|---|---|---|---|---|---|---|\n");
        for (ResultFile f : m.files()) {
            md.append("| ")
                    .append(f.path())
                    .append(" | ")
                    .append(f.suite())
                    .append(" | ")
                    .append(f.machine())
                    .append(" | ")
                    .append(ReportModel.simdFlags(f))
                    .append(" | ")
                    .append(f.libdotIsa().orElse("unrecorded"))
                    .append(" | ")
                    .append(f.date())
                    .append(" | ")
                    .append(ReportModel.commit(f))
                    .append(" |\n");
        }
        md.append("\n## Reproduction of the paper's figures\n\n| figure | what | paper (CPU) | baseline |");
        m.machines().forEach(mc -> md.append(" ").append(mc.label()).append(" | verdict |"));
        md.append("\n|---|---|---|---|");
        m.machines().forEach(mc -> md.append("---|---|"));
        md.append("\n");
        for (Reproduction.Row r : m.reproduction()) {
            PaperFigure f = r.figure();
            md.append("| ")
                    .append(f.figure())
                    .append(" | ")
                    .append(f.metric())
                    .append(" | ")
                    .append(f.format(f.value()))
                    .append(" (")
                    .append(f.cpu())
                    .append(") | ")
                    .append(r.pathway())
                    .append(" |");
            for (Reproduction.Cell c : r.cells()) {
                md.append(" ")
                        .append(c.measured()
                                .map(v -> f.format(f.inUnit(v.ratio())) + " [" + f.format(f.inUnit(v.low())) + ", "
                                        + f.format(f.inUnit(v.high())) + "]" + (v.noisy() ? " noisy" : ""))
                                .orElse("-"))
                        .append(" | ")
                        .append(c.verdict().label())
                        .append(
                                c.measured().isEmpty() || c.verdict() == Verdict.NOT_MEASURABLE
                                        ? " (" + c.note() + ")"
                                        : "")
                        .append(" |");
            }
            md.append("\n");
        }
        for (FleetTable t : m.fleet()) {
            md.append("\n## ").append(t.suite()).append(": per program, category and total\n\n| pair | scope |");
            t.machines().forEach(mc -> md.append(" ").append(mc.label()).append(" |"));
            md.append("\n|---|---|");
            t.machines().forEach(mc -> md.append("---|"));
            md.append("\n");
            boolean any = false;
            for (FleetTable.RowKey k : t.rows()) {
                if (!k.scope()) {
                    continue;
                }
                any = true;
                md.append("| ")
                        .append(k.pair())
                        .append(" | ")
                        .append(k.figure())
                        .append(" |");
                for (Optional<RatioEstimate> c : t.cells().get(k)) {
                    md.append(" ").append(c.map(FleetTable::format).orElse("")).append(" |");
                }
                md.append("\n");
            }
            if (!any) {
                md.append("| (per-test figures only: see the HTML report) | |\n");
            }
        }
        for (OfficialFidelity f : m.officialFidelity()) {
            md.append("\n## GMPbench-style harness vs GMPbench 0.2's own programs\n\n")
                    .append(f.markdown());
        }
        return md.append(ModMulTable.markdown(m.machines())).toString();
    }
}
