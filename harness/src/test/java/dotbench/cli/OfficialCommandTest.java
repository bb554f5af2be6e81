package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.pipeline.ExitCodes;
import dotbench.report.ResultFixtures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gmpbench-official and vs-official refuse what they cannot use, with the documented exit status. */
class OfficialCommandTest {
    @TempDir
    Path dir;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void noProgramsMeansMissingBuildAndSaysHowToBuildThem() {
        CliRun r = run("gmpbench-official", "--programs", dir.resolve("none").toString());
        assertEquals(ExitCodes.MISSING_BUILD, r.status());
        assertTrue(r.err().contains("make gmpbench-official GMPBENCH_TARBALL="), r.err());
    }

    @Test
    void tooFewRoundsIsUsageError() {
        CliRun r = run("gmpbench-official", "--rounds", "2");
        assertEquals(ExitCodes.USAGE, r.status());
        assertTrue(r.err().contains("--rounds"), r.err());
    }

    @Test
    void vsOfficialWantsOneFileOfEachSuite() throws IOException {
        Path h = new ResultFixtures("gmpbench", "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot")
                .comparison("stock", "dot", Map.of("rsa(512)", new double[] {1.0, 0.99, 1.01}), Map.of())
                .write(dir.resolve("h.json"));
        Path o = new ResultFixtures("gmpbench-official", "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot")
                .comparison("stock", "dot", Map.of("rsa(512)", new double[] {0.90, 0.89, 0.91}), Map.of())
                .write(dir.resolve("o.json"));
        CliRun swapped = run("vs-official", o.toString(), h.toString());
        assertEquals(ExitCodes.USAGE, swapped.status());
        assertTrue(swapped.err().contains("expected suite gmpbench"), swapped.err());
        CliRun differs = run("vs-official", h.toString(), o.toString());
        assertEquals(ExitCodes.FIDELITY_MISMATCH, differs.status(), differs.out());
        assertTrue(
                differs.out().contains("| dot vs stock | rsa(512) |")
                        && differs.out().contains("DIFFERS"),
                differs.out());
    }
}
