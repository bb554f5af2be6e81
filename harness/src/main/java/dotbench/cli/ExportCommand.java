package dotbench.cli;

import dotbench.export.ExportFormat;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.report.ResultFile;
import dotbench.results.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `dotbench export --format F RESULT.json...`: a run in a benchmark dashboard's format. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Result files as Bencher Metric Format JSON (bencher), github-action-benchmark's customBiggerIsBetter "
                        + "(github-action-benchmark: A/B ratios and ops/s) or customSmallerIsBetter "
                        + "(github-action-benchmark-smaller: ns/op), "
                        + "or JMH's JSON result shape (jmh: GMPbench-style and openssl-speed-style runs).",
        footer =
                "%nExit status: 0 written; 2 bad usage or nothing that format can hold; 5 a file cannot be read or written.")
final class ExportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RESULT.json", arity = "1..*", description = "Result files (one run per suite).")
    List<Path> inputs;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FORMAT",
            description = "bencher | github-action-benchmark | github-action-benchmark-smaller | jmh")
    String format;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Write to FILE (atomically) instead of standard output.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ExportFormat f;
        try {
            f = ExportFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, "--format: " + e.getMessage());
        }
        List<ResultFile> files = new ArrayList<>();
        for (Path p : inputs) {
            files.add(CompareCommand.read(p));
        }
        String json;
        try {
            json = f.export(files);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        if (json.strip().equals("[]") || json.strip().equals("{}")) {
            throw new DotbenchException(
                    ExitCodes.USAGE,
                    "nothing to export as " + format + " in " + inputs + " (no ratios or per-sample rates)");
        }
        if (out == null) {
            spec.commandLine().getOut().print(json);
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
        try {
            AtomicFiles.write(out, json);
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, "cannot write " + out + ": " + e.getMessage(), e);
        }
        spec.commandLine().getOut().println("export: " + format + " of " + files.size() + " result file(s) in " + out);
        return ExitCodes.OK;
    }
}
