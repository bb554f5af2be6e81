package dotbench.cli;

import dotbench.gmpbench.GmpBenchSuite;
import dotbench.gmpbench.GmpBenchTest;
import dotbench.runner.RunSettings;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that choose what a GMPbench-style run measures and how long it times. */
final class SuiteOptions {
    @Option(names = "--variants", paramLabel = "NAME[,NAME...]",
            description = "GMP variants to run: stock, dot, stock-noasm, dot-noasm (build/gmp/NAME) or system. Default: every built one.")
    String variants;

    @Option(names = "--tests", paramLabel = "TEST[,TEST...]",
            description = "Tests (e.g. 'multiply(128,128)') or programs (multiply, divide, gcd, gcdext, rsa, pi). Default: all 39.")
    String tests;

    @Option(names = "--pairs", paramLabel = "BASE:CAND[,...]",
            description = "A/B pairs. Default: stock:dot and stock-noasm:dot-noasm where both are run, else each variant vs the first.")
    String pairs;

    @Option(names = "--quick", description = "Quick profile: 50 ms batches, 5 samples (default profile: 250 ms, 11).")
    boolean quick;

    @Option(names = "--min-time", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Minimum CPU time per batch (calibration target), e.g. 250ms or 0.25s.")
    Duration minTime;

    @Option(names = "--samples", paramLabel = "N", description = "Interleaved samples per variant per test (3..1001).")
    Integer samples;

    @Option(names = "--noise-threshold", paramLabel = "FRACTION",
            description = "Flag a ratio noisy when its 95%% CI is wider than this fraction of it (default 0.05).")
    Double noiseThreshold;

    RunSettings settings() {
        RunSettings s = quick ? RunSettings.quickProfile() : RunSettings.fullProfile();
        try {
            if (samples != null) {
                s = s.withSamples(samples);
            }
            if (minTime != null) {
                s = s.withMinTime(minTime);
            }
            if (noiseThreshold != null) {
                s = s.withNoiseThreshold(noiseThreshold);
            }
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        return s;
    }

    List<GmpBenchTest> selectedTests() {
        if (tests == null) {
            return GmpBenchSuite.all();
        }
        try {
            return GmpBenchSuite.select(tests);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }
}
