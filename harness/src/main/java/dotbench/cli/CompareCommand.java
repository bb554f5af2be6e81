package dotbench.cli;

import dotbench.compare.CompareMarkdown;
import dotbench.compare.RunComparison;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.report.ResultFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `dotbench compare BASE.json NEW.json`: the regression gate between two runs. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description =
                "Per test, NEW/BASE speed of each variant and of each A/B ratio with a 95%% CI; Markdown for a pull request.",
        footer = "%nExit status: 0 no regression; " + ExitCodes.REGRESSION
                + " at least one regression (its whole CI beyond the threshold); "
                + ExitCodes.NOT_COMPARABLE
                + " the runs are not comparable (different CPU model, variant set, libdot ISA or suite) and --force was not given,"
                + " or no figure could be compared (no common test with readable samples); "
                + "2 bad usage; 5 a file cannot be read or written.")
final class CompareCommand implements Callable<Integer> {
    /** Outside ExitCodes' 0..5 so a gate can tell "slower" from "could not run". */
    @Parameters(index = "0", paramLabel = "BASE.json")
    Path base;

    @Parameters(index = "1", paramLabel = "NEW.json")
    Path next;

    @Option(
            names = "--threshold",
            paramLabel = "FRACTION",
            defaultValue = "0.03",
            description =
                    "A slowdown counts when its whole 95%% CI lies below 1 - FRACTION (default ${DEFAULT-VALUE}).")
    double threshold;

    @Option(names = "--force", description = "Gate even when the provenance says the runs are not comparable.")
    boolean force;

    @Option(names = "--out", paramLabel = "FILE", description = "Also write the Markdown to FILE.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!(threshold >= 0 && threshold < 1)) {
            throw new DotbenchException(ExitCodes.USAGE, "--threshold must be in [0, 1), got " + threshold);
        }
        ResultFile b = read(base);
        ResultFile n = read(next);
        RunComparison c = RunComparison.of(b, n, threshold);
        String md = CompareMarkdown.render(b, n, c);
        OutputCheck.printAndSave(spec, md, out);
        if (c.changes().isEmpty()) {
            // nothing was gated: passing would say "no regression" about figures never compared
            spec.commandLine()
                    .getErr()
                    .println("dotbench: nothing to compare: no test of NEW has samples readable in both files"
                            + (c.unmatched().isEmpty()
                                    ? ""
                                    : " (" + c.unmatched().size() + " test(s) in one file only)"));
            return ExitCodes.NOT_COMPARABLE;
        }
        if (!c.compatibility().meaningful() && !force) {
            return ExitCodes.NOT_COMPARABLE;
        }
        return c.regressions().isEmpty() ? ExitCodes.OK : ExitCodes.REGRESSION;
    }

    static ResultFile read(Path p) {
        try {
            return ResultFile.load(p);
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, e.getMessage(), e);
        }
    }
}
