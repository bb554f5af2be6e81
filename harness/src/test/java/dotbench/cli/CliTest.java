package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.pipeline.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Argument errors give a clear message and the documented exit status, before anything is timed. */
class CliTest {
    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void helpListsCommandsAndExitCodes() {
        CliRun r = run("--help");
        assertEquals(ExitCodes.OK, r.status());
        assertTrue(
                r.out().contains("gmpbench")
                        && r.out().contains("info")
                        && r.out().contains("Exit status"),
                r.out());
    }

    @Test
    void unknownOptionIsUsageError() {
        CliRun r = run("gmpbench", "--bogus");
        assertEquals(ExitCodes.USAGE, r.status());
        assertTrue(r.err().contains("--bogus"), r.err());
    }

    @Test
    void unknownTestIsUsageError() {
        CliRun r = run("gmpbench", "--variants", "system", "--tests", "multiply(127)");
        assertEquals(ExitCodes.USAGE, r.status());
        assertTrue(r.err().contains("unknown test 'multiply(127)'"), r.err());
    }

    @Test
    void unknownVariantIsUsageErrorNamingTheKnownOnes() {
        CliRun r = run("gmpbench", "--variants", "turbo", "--tests", "rsa(512)");
        assertEquals(ExitCodes.USAGE, r.status());
        assertTrue(r.err().contains("unknown GMP variant 'turbo'") && r.err().contains("stock"), r.err());
    }

    @Test
    void badValuesAreUsageErrors() {
        assertEquals(
                ExitCodes.USAGE,
                run("gmpbench", "--variants", "system", "--min-time", "fast").status());
        assertEquals(
                ExitCodes.USAGE,
                run("gmpbench", "--variants", "system", "--min-time", "-5ms").status());
        CliRun samples = run("gmpbench", "--variants", "system", "--samples", "1");
        assertEquals(ExitCodes.USAGE, samples.status());
        assertTrue(samples.err().contains("--samples must be between 3 and 1001"), samples.err());
        CliRun pair = run("gmpbench", "--variants", "system", "--pairs", "system:dot");
        assertEquals(ExitCodes.USAGE, pair.status());
        assertTrue(pair.err().contains("not among the variants run"), pair.err());
        CliRun rounds = run("fidelity", "gmpbench", "--variants", "system", "--rounds", "0");
        assertEquals(ExitCodes.USAGE, rounds.status());
        assertTrue(rounds.err().contains("--rounds must be between 1 and 50"), rounds.err());
        CliRun one = run("fidelity", "gmpbench", "--variants", "system", "--tests", "rsa(512)");
        assertEquals(ExitCodes.USAGE, one.status());
        assertTrue(one.err().contains("fidelity needs two variants"), one.err());
        CliRun suite = run("fidelity");
        assertEquals(ExitCodes.USAGE, suite.status());
        assertTrue(suite.err().contains("fidelity needs a suite: one of gmpbench, speed"), suite.err());
        CliRun noise = run("gmpbench", "--variants", "system", "--noise-threshold", "Infinity");
        assertEquals(ExitCodes.USAGE, noise.status());
        assertTrue(noise.err().contains("--noise-threshold must be a positive finite fraction"), noise.err());
    }

    @Test
    void anUnwritableOutIsRefusedBeforeAnythingIsMeasured() {
        long start = System.nanoTime();
        CliRun r = run("gmpbench", "--variants", "system", "--out", "/proc/dotbench-result.json");
        assertEquals(ExitCodes.IO_ERROR, r.status(), r.err());
        assertTrue(r.err().contains("cannot write /proc/dotbench-result.json"), r.err());
        assertTrue(!r.err().contains("[ 1/"), "nothing was timed: " + r.err());
        assertTrue(System.nanoTime() - start < 30_000_000_000L, "refused up front, not after a full run");
    }

    @Test
    void missingBuildsAreReportedNotReplacedBySystemGmp(@TempDir Path emptyRepo) throws IOException {
        Files.createDirectories(emptyRepo.resolve("dot/include"));
        Files.writeString(emptyRepo.resolve("dot/include/dot.h"), "");
        String saved = System.getProperty("dotbench.root");
        System.setProperty("dotbench.root", emptyRepo.toString());
        try {
            CliRun none = run("gmpbench", "--quick");
            assertEquals(ExitCodes.MISSING_BUILD, none.status());
            assertTrue(
                    none.err().contains("no GMP variants under") && none.err().contains("make libs"), none.err());
            CliRun stock = run("gmpbench", "--variants", "stock,dot");
            assertEquals(ExitCodes.MISSING_BUILD, stock.status());
            assertTrue(stock.err().contains("'stock' is not built"), stock.err());
        } finally {
            System.setProperty("dotbench.root", saved);
        }
    }

    @Test
    void infoRuns() {
        CliRun r = run("info");
        assertEquals(ExitCodes.OK, r.status(), r.err());
        assertTrue(r.out().contains("libdot") && r.out().contains("system"), r.out());
    }
}
