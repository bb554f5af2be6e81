package dotbench.official;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.gmpbench.GmpBenchSuite;
import dotbench.gmpbench.GmpBenchTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner with stand-in programs (shell scripts printing what GMPbench's programs print), so
 * it is covered without a GMPbench tarball: arguments as runbench passes them, the ABBA order,
 * failures kept apart.
 */
class OfficialRunTest {
    @TempDir
    Path dir;

    /** A variant whose programs log "variant args" to log and print a RESULT of rate. */
    private OfficialRun.Variant fake(String name, String rate, Path log) throws IOException {
        Path bin = Files.createDirectories(dir.resolve(name));
        for (String p : List.of("multiply", "divide", "gcd", "gcdext", "rsa", "pi")) {
            Path exe = bin.resolve(p);
            Files.writeString(
                    exe,
                    "#!/bin/sh\necho \"" + name + " " + p + " $*\" >> '" + log + "'\n"
                            + "echo 'Calibrating CPU speed...done'\necho 'Doing it 10 times...done!'\necho 'RESULT: "
                            + rate + " operations per second'\n");
            Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return new OfficialRun.Variant(name, bin);
    }

    @Test
    void runsEachTestOnEveryVariantBackToBackReversingTheOrderEachRound() throws IOException {
        Path log = dir.resolve("log");
        List<GmpBenchTest> tests = GmpBenchSuite.select("multiply(8192,8192),rsa(512)");
        List<String> progress = new ArrayList<>();
        OfficialResults r = new OfficialRun(
                        List.of(fake("stock", "100", log), fake("dot", "125.5", log)), 3, progress::add)
                .run(tests);
        assertEquals(
                List.of(
                        "stock multiply 8192 8192",
                        "dot multiply 8192 8192",
                        "stock rsa 512",
                        "dot rsa 512",
                        "dot multiply 8192 8192",
                        "stock multiply 8192 8192",
                        "dot rsa 512",
                        "stock rsa 512",
                        "stock multiply 8192 8192",
                        "dot multiply 8192 8192",
                        "stock rsa 512",
                        "dot rsa 512"),
                Files.readAllLines(log));
        assertArrayEquals(new double[] {125.5, 125.5, 125.5}, r.rates("rsa(512)", "dot"));
        assertEquals("125.5", r.medianResults("dot").get("rsa(512)"));
        assertEquals(10, r.runs().get("rsa(512)").get("dot").get(0).output().iterations());
        assertEquals(6, progress.size());
        assertTrue(progress.get(0).startsWith("[ 1/6] round 1/3 multiply(8192,8192)"), progress.get(0));
        assertTrue(progress.get(4).matches(".*\\(\\d+ s, about \\d+ s left\\)"), progress.get(4));
        assertTrue(progress.get(5).startsWith("[ 6/6] round 3/3 rsa(512)")
                && progress.get(5).endsWith(" s)"));
        assertFalse(r.anyFailure());
        assertEquals(
                1.255,
                r.score("dot").orElseThrow().total()
                        / r.score("stock").orElseThrow().total(),
                1e-9);
    }

    @Test
    void aProgramThatFailsIsRecordedAndNotRunAgain() throws IOException {
        Path log = dir.resolve("log");
        OfficialRun.Variant broken = fake("dot", "", log);
        List<GmpBenchTest> tests = GmpBenchSuite.select("gcd(128,128)");
        OfficialResults r = new OfficialRun(List.of(fake("stock", "7", log), broken), 3, s -> {}).run(tests);
        assertTrue(r.failed("gcd(128,128)", "dot"));
        assertTrue(r.failures().get("gcd(128,128)").get("dot").contains("RESULT"));
        assertEquals(
                1,
                Files.readAllLines(log).stream()
                        .filter(l -> l.startsWith("dot"))
                        .count());
        assertTrue(r.score("dot").isEmpty());
        assertTrue(r.score("stock").isPresent());
        assertEquals(List.of("dot"), r.testRates().get(0).failed());
    }

    @Test
    void evenRoundsTakeTheMeanOfTheMiddleTwo() throws IOException {
        Path log = dir.resolve("log");
        Path bin = Files.createDirectories(dir.resolve("alt"));
        Path counter = dir.resolve("n");
        for (String p : List.of("multiply", "divide", "gcd", "gcdext", "rsa", "pi")) {
            Path exe = bin.resolve(p);
            // prints 10, 20, 30, 40 on successive runs
            Files.writeString(
                    exe,
                    "#!/bin/sh\nn=$(cat '" + counter + "' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '" + counter
                            + "'\n" + "echo 'x 1 times...'; echo \"RESULT: ${n}0 operations per second\"\n");
            Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        OfficialResults r = new OfficialRun(List.of(new OfficialRun.Variant("alt", bin)), 4, s -> {})
                .run(GmpBenchSuite.select("pi(10000)"));
        assertEquals("25", r.medianResults("alt").get("pi(10000)"));
        assertTrue(Files.notExists(log));
    }

    @Test
    void missingProgramIsAnErrorBeforeAnythingRuns() {
        var v = new OfficialRun.Variant("none", dir.resolve("nowhere"));
        var e = assertThrows(
                IllegalStateException.class,
                () -> new OfficialRun(List.of(v), 3, s -> {}).run(GmpBenchSuite.select("rsa(512)")));
        assertTrue(e.getMessage().contains("nowhere"), e.getMessage());
    }
}
