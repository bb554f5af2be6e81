package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.pipeline.ExitCodes;
import dotbench.report.ResultFixtures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gmpbench-official and vs-official refuse what they cannot use, with the documented exit status. */
class OfficialCommandTest {
    @TempDir
    Path dir;

    private record Result(int status, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(status, out.toString(), err.toString());
    }

    @Test
    void noProgramsMeansMissingBuildAndSaysHowToBuildThem() {
        Result r = run("gmpbench-official", "--programs", dir.resolve("none").toString());
        assertEquals(ExitCodes.MISSING_BUILD, r.status());
        assertTrue(r.err().contains("make gmpbench-official GMPBENCH_TARBALL="), r.err());
    }

    @Test
    void tooFewRoundsIsUsageError() {
        Result r = run("gmpbench-official", "--rounds", "2");
        assertEquals(ExitCodes.USAGE, r.status());
        assertTrue(r.err().contains("--rounds"), r.err());
    }

    @Test
    void vsOfficialWantsOneFileOfEachSuite() throws IOException {
        Path h = new ResultFixtures("gmpbench", "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma").variants("stock", "dot")
                .comparison("stock", "dot", Map.of("rsa(512)", new double[] {1.0, 0.99, 1.01}), Map.of()).write(dir.resolve("h.json"));
        Path o = new ResultFixtures("gmpbench-official", "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma").variants("stock", "dot")
                .comparison("stock", "dot", Map.of("rsa(512)", new double[] {0.90, 0.89, 0.91}), Map.of()).write(dir.resolve("o.json"));
        Result swapped = run("vs-official", o.toString(), h.toString());
        assertEquals(ExitCodes.USAGE, swapped.status());
        assertTrue(swapped.err().contains("expected suite gmpbench"), swapped.err());
        Result differs = run("vs-official", h.toString(), o.toString());
        assertEquals(ExitCodes.FIDELITY_MISMATCH, differs.status(), differs.out());
        assertTrue(differs.out().contains("| dot vs stock | rsa(512) |") && differs.out().contains("DIFFERS"), differs.out());
    }
}
