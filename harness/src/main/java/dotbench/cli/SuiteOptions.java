package dotbench.cli;

import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Settings;
import dotbench.pipeline.Suite;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options every suite's subcommand has: which variants and pairs, the profile, and where the results go. */
final class SuiteOptions {
    @Option(
            names = "--variants",
            paramLabel = "NAME[,NAME...]",
            description =
                    "Variants to run: stock, dot, stock-noasm, dot-noasm (built under build/) or system; NAME~copy is a"
                            + " byte copy of NAME's library (an A/A control), stock~shift stock's code at other addresses (a"
                            + " layout control, make libs-shift); each control is paired with NAME. Default: every built"
                            + " one but the controls.")
    String variants;

    @Option(
            names = "--pairs",
            paramLabel = "BASE:CAND[,...]",
            description =
                    "A/B pairs. Default: stock:dot and stock-noasm:dot-noasm where both are run, else each variant vs the first;"
                            + " then each control vs what it was made of.")
    String pairs;

    @Option(names = "--quick", description = "The suite's quick profile (what `make run` uses).")
    boolean quick;

    @Option(names = "--samples", paramLabel = "N", description = "Interleaved samples per variant per case (3..1001).")
    Integer samples;

    @Option(
            names = "--noise-threshold",
            paramLabel = "FRACTION",
            description = "Flag a ratio noisy when its 95%% CI is wider than this fraction of it (default 0.05).")
    Double noiseThreshold;

    @Option(names = "--out", paramLabel = "FILE", description = "Results JSON (default build/results/SUITE-DATE.json).")
    Path out;

    /** The suite's profile with the shared options applied; a bad value is a usage error. */
    Settings settings(Suite<?> suite) {
        try {
            Settings s = suite.settings(quick);
            if (samples != null) {
                s = s.withSamples(samples);
            }
            if (noiseThreshold != null) {
                s = s.withNoiseThreshold(noiseThreshold);
            }
            return s;
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }

    Optional<String> variants() {
        return Optional.ofNullable(variants);
    }

    Optional<String> pairs() {
        return Optional.ofNullable(pairs);
    }

    /** --out, or a dated file under build/results; checked before anything is measured. */
    Path resultFile(Path root, String suite) {
        Path file = out != null
                ? out
                : root.resolve("build/results/" + suite + "-"
                        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".json");
        OutputCheck.writable(file);
        return file;
    }
}
