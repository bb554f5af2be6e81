package dotbench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Everything the HTML and Markdown renderers show, computed once from the inputs. */
public record ReportModel(
        String generated,
        String referencePath,
        List<ResultFile> files,
        List<Machine> machines,
        List<Reproduction.Row> reproduction,
        List<Charts.Chart> speedupCurves,
        List<Charts.Chart> gmpbenchBars,
        List<Charts.Chart> speedBars,
        List<Charts.Chart> latencyCdfs,
        List<Charts.Chart> nttCurves,
        List<FleetTable> fleet,
        List<OfficialFidelity> officialFidelity) {

    public static ReportModel build(
            List<ResultFile> files, Path reference, List<PaperFigure> figures, String generated) {
        return build(files, reference.toString(), figures, generated);
    }

    /** @param references where the figures come from, as the report names them */
    public static ReportModel build(
            List<ResultFile> files, String references, List<PaperFigure> figures, String generated) {
        List<Machine> machines = Machine.group(files);
        Set<String> suites = new TreeSet<>();
        files.forEach(f -> suites.add(f.suite()));
        List<FleetTable> fleet = suites.stream()
                .map(s -> FleetTable.of(s, machines))
                .filter(t -> !t.isEmpty())
                .toList();
        return new ReportModel(
                generated,
                references,
                List.copyOf(files),
                machines,
                Reproduction.table(figures, machines),
                Charts.speedupCurves(machines),
                Charts.improvementBars("gmpbench", "fig4", machines),
                Charts.improvementBars("speed", "fig5", machines),
                Charts.latencyCdfs(machines),
                NttCurves.charts(machines),
                fleet,
                OfficialFidelity.of(machines));
    }

    /** The SIMD features that decide which paper figures a machine can reproduce. */
    static String simdFlags(ResultFile f) {
        Set<String> flags = f.cpuFlags();
        return String.join(
                " ",
                List.of("avx2", "avx512f", "avx512ifma").stream()
                        .map(x -> (flags.contains(x) ? "+" : "-") + x)
                        .toList());
    }

    static String commit(ResultFile f) {
        var git = ResultFile.object(f.provenance(), "git");
        String c = ResultFile.string(git, "commit");
        if (c == null) {
            return "unrecorded";
        }
        boolean dirty = "true".equals(ResultFile.string(git, "dirty"));
        return c.substring(0, Math.min(12, c.length())) + (dirty ? " (dirty)" : "");
    }
}
