package dotbench.cli;

import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.report.OfficialFidelity;
import dotbench.report.ResultFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `dotbench vs-official HARNESS.json OFFICIAL.json`: the harness's GMPbench-style ratios against GMPbench 0.2's own, test by test. */
@Command(
        name = "vs-official",
        mixinStandardHelpOptions = true,
        description = {
            "Per A/B pair, test, program, category and total: the harness's ratio (suite gmpbench), GMPbench 0.2's own ratio"
                    + " (suite gmpbench-official, same builds) and their quotient; a figure agrees within 3%% (the total within 1%%),"
                    + " is noise beyond that when the two 95%% intervals overlap, and differs otherwise."
        },
        footer = "%nExit status: 0 every figure agrees or is inside the noise; " + ExitCodes.FIDELITY_MISMATCH
                + " a figure differs;"
                + " 2 bad usage (wrong suites, no common pair); 5 a file cannot be read or written.")
final class VsOfficialCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "HARNESS.json")
    Path harness;

    @Parameters(index = "1", paramLabel = "OFFICIAL.json")
    Path official;

    @Option(names = "--out", paramLabel = "FILE", description = "Also write the Markdown table to FILE.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ResultFile h = read(harness, "gmpbench");
        ResultFile o = read(official, "gmpbench-official");
        OfficialFidelity f = OfficialFidelity.of(h, o);
        if (f.rows().isEmpty()) {
            throw new DotbenchException(
                    ExitCodes.USAGE,
                    "the two files have no A/B pair in common (harness: " + h.variantNames() + ", official: "
                            + o.variantNames() + ")");
        }
        String md = f.markdown();
        OutputCheck.printAndSave(spec, md, out);
        return f.count(OfficialFidelity.Verdict.DIFFERS) > 0 ? ExitCodes.FIDELITY_MISMATCH : ExitCodes.OK;
    }

    private static ResultFile read(Path p, String suite) {
        ResultFile f;
        try {
            f = ResultFile.load(p);
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, "cannot read " + p + ": " + e.getMessage(), e);
        }
        if (!suite.equals(f.suite())) {
            throw new DotbenchException(ExitCodes.USAGE, p + " is a " + f.suite() + " result; expected suite " + suite);
        }
        return f;
    }
}
