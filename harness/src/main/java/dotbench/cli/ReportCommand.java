package dotbench.cli;

import dotbench.history.EDivisive;
import dotbench.history.History;
import dotbench.history.HistoryHtml;
import dotbench.history.HistoryMarkdown;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.report.HtmlReport;
import dotbench.report.MarkdownReport;
import dotbench.report.PaperFigure;
import dotbench.report.ReportInputs;
import dotbench.report.ReportModel;
import dotbench.report.ResultFile;
import dotbench.results.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `dotbench report`: one self-contained HTML report plus a Markdown summary from result files. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description =
                "HTML (inline SVG, no network) and Markdown report from any set of result files: speedup curves, "
                        + "GMPbench and openssl-speed bars, latency CDFs, the paper-reproduction table, one column per machine.",
        footer = "%nExit status: 0 written; 2 bad usage or no result file; 5 a file cannot be read or written.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(
            paramLabel = "FILE|DIR",
            arity = "1..*",
            description = "Result files, or folders whose *.json result files are all taken.")
    List<Path> inputs;

    @Option(
            names = "--reference",
            paramLabel = "FILE",
            description = "A file of papers' figures; repeatable (default results/paper-reference.json and every"
                    + " results/reference/*.json).")
    List<Path> references = new ArrayList<>();

    @Option(
            names = "--out-dir",
            paramLabel = "DIR",
            description = "Where report.html and report.md go (default build/report).")
    Path outDir;

    @Option(
            names = "--history",
            paramLabel = "DIR",
            description = "Add the trends of this history (dotbench history's input): change points, "
                    + "their charts and the GMPbench scopes' charts. Repeatable.")
    List<Path> history = new ArrayList<>();

    @Spec
    CommandSpec spec;

    /** results/paper-reference.json (the DoT paper's figures), then results/reference/*.json (other papers'). */
    static List<Path> defaultReferences(Path root) {
        List<Path> out = new ArrayList<>(List.of(root.resolve("results/paper-reference.json")));
        Path more = root.resolve("results/reference");
        if (Files.isDirectory(more)) {
            try (Stream<Path> s = Files.list(more)) {
                s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new DotbenchException(ExitCodes.IO_ERROR, "cannot list " + more + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path root = Roots.find();
        List<Path> refs = references.isEmpty() ? defaultReferences(root) : references;
        Path dir = outDir != null ? outDir : root.resolve("build/report");
        List<ResultFile> files;
        List<PaperFigure> figures;
        try {
            files = ReportInputs.collect(inputs, spec.commandLine().getErr());
            figures = new ArrayList<>();
            for (Path ref : refs) {
                figures.addAll(PaperFigure.load(ref));
            }
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new DotbenchException(ExitCodes.USAGE, "no dotbench result file among " + inputs);
        }
        ReportModel model = ReportModel.build(
                files,
                String.join(", ", refs.stream().map(Path::toString).toList()),
                figures,
                Instant.now().toString());
        Path html = dir.resolve("report.html");
        Path md = dir.resolve("report.md");
        String trends = "";
        String trendsMd = "";
        if (!history.isEmpty()) {
            try {
                PrintWriter err = spec.commandLine().getErr();
                History h = History.build(History.read(history, err), EDivisive.Settings.DEFAULT, line -> {
                    err.println(line);
                    err.flush();
                });
                trends = HistoryHtml.trendSection(h);
                trendsMd = "\n" + HistoryMarkdown.changePoints(h);
            } catch (IOException e) {
                throw new DotbenchException(ExitCodes.IO_ERROR, e.getMessage(), e);
            }
        }
        try {
            Map<Path, String> pair = new LinkedHashMap<>();
            pair.put(html, HtmlReport.render(model, trends));
            pair.put(md, MarkdownReport.render(model) + trendsMd);
            AtomicFiles.writeAll(pair);
        } catch (IOException e) {
            throw new DotbenchException(
                    ExitCodes.IO_ERROR, "cannot write the report into " + dir + ": " + e.getMessage(), e);
        }
        out.printf(
                "report: %d result file(s), %d machine(s); %s and %s%n",
                files.size(), model.machines().size(), html, md);
        return ExitCodes.OK;
    }
}
