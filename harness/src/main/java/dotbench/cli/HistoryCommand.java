package dotbench.cli;

import dotbench.history.EDivisive;
import dotbench.history.History;
import dotbench.history.HistoryHtml;
import dotbench.history.HistoryMarkdown;
import dotbench.history.HistoryRun;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.report.ResultFile;
import dotbench.results.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `dotbench history DIR`: every run of a history, per test and A/B pair, with change points. */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description =
                "Series over commits per suite, machine, A/B pair and test (result files and history entries under DIR, any depth), "
                        + "change points by E-divisive means; writes history.html (a trend chart per series), "
                        + "history.md and history-changes.md (the change points alone, for a pull-request comment).",
        footer = "%nExit status: 0 written; 2 bad usage or no run found; 5 a file cannot be read or written.")
final class HistoryCommand implements Callable<Integer> {
    @Parameters(
            paramLabel = "DIR|FILE",
            arity = "1..*",
            description = "History folders (searched at any depth) or single files.")
    List<Path> inputs;

    @Option(
            names = "--add",
            paramLabel = "RESULT.json",
            description =
                    "First condense this result file into a history entry in DIR (the one folder given); repeatable.")
    List<Path> add = new ArrayList<>();

    @Option(
            names = "--out-dir",
            paramLabel = "DIR",
            description = "Where history.html and history.md go (default build/history).")
    Path outDir;

    @Option(
            names = "--significance",
            paramLabel = "P",
            defaultValue = "0.01",
            description =
                    "A split is a change point when its permutation p-value is below P (default ${DEFAULT-VALUE}).")
    double significance;

    @Option(
            names = "--permutations",
            paramLabel = "N",
            defaultValue = "499",
            description = "Permutations per test (default ${DEFAULT-VALUE}).")
    int permutations;

    @Option(
            names = "--min-runs",
            paramLabel = "N",
            defaultValue = "3",
            description = "Fewest runs on each side of a change point (default ${DEFAULT-VALUE}).")
    int minRuns;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        EDivisive.Settings settings;
        try {
            settings = new EDivisive.Settings(significance, permutations, minRuns, 1);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(
                    ExitCodes.USAGE, "--significance must be in (0, 1), --permutations and --min-runs at least 1");
        }
        if (!add.isEmpty()) {
            if (inputs.size() != 1 || Files.isRegularFile(inputs.getFirst())) {
                throw new DotbenchException(
                        ExitCodes.USAGE, "--add needs exactly one history folder to add to, got " + inputs);
            }
            for (Path result : add) {
                out.println("history: added " + addEntry(result, inputs.getFirst()));
            }
        }
        List<HistoryRun> runs;
        try {
            runs = History.read(inputs, spec.commandLine().getErr());
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, e.getMessage(), e);
        }
        if (runs.isEmpty()) {
            throw new DotbenchException(ExitCodes.USAGE, "no result file or history entry under " + inputs);
        }
        History h = History.build(runs, settings, line -> {
            spec.commandLine().getErr().println(line);
            spec.commandLine().getErr().flush();
        });
        Path dir = outDir != null ? outDir : Roots.find().resolve("build/history");
        Path html = dir.resolve("history.html");
        Path md = dir.resolve("history.md");
        try {
            Map<Path, String> files = new LinkedHashMap<>();
            files.put(html, HistoryHtml.render(h, Instant.now().toString()));
            files.put(md, HistoryMarkdown.render(h));
            files.put(dir.resolve("history-changes.md"), HistoryMarkdown.changePoints(h));
            AtomicFiles.writeAll(files);
        } catch (IOException e) {
            throw new DotbenchException(
                    ExitCodes.IO_ERROR, "cannot write the history into " + dir + ": " + e.getMessage(), e);
        }
        long changes = h.series().stream().mapToLong(s -> s.changes().size()).sum();
        out.printf(
                "history: %d run(s), %d series, %d change point(s) in %d series; %s and %s%n",
                runs.size(), h.series().size(), changes, h.withChanges().size(), html, md);
        return ExitCodes.OK;
    }

    private static Path addEntry(Path result, Path store) {
        try {
            HistoryRun run = HistoryRun.of(ResultFile.load(result));
            Path entry = store.resolve(run.entryFileName());
            AtomicFiles.write(entry, run.toEntryJson());
            return entry;
        } catch (NoSuchFileException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, "no such file: " + result, e);
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, e.getMessage(), e);
        }
    }
}
