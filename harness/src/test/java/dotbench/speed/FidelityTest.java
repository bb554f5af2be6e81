package dotbench.speed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fidelity check's rounds, order and verdict, against a stand-in `openssl` program (a shell
 * script printing fixed -mr lines and logging each call) and a stand-in harness.
 */
class FidelityTest {
    @TempDir
    Path dir;

    /** A fake openssl under dir/bin that appends "o LD_LIBRARY_PATH" to dir/log on every speed call. */
    private Path fakeOpenssl(String version, String mrLines) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path exe = bin.resolve("openssl");
        Files.writeString(
                exe,
                "#!/bin/sh\n"
                        + "if [ \"$1\" = version ]; then echo '" + version + "'; exit 0; fi\n"
                        + "echo \"o $LD_LIBRARY_PATH\" >> '" + dir.resolve("log") + "'\n"
                        + "printf '" + mrLines + "'\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        return exe;
    }

    private static final String MR =
            "+DTP:2048:private:rsa:10\\n+F2:1:2048:1000.000000:30000.000000:29000.000000:900.000000\\n"
                    + "+F8:0:2048:500.000000:0.002000\\n";

    private Fidelity.HarnessRound harness(List<String> order, double[] signFactor) {
        return round -> {
            order.add("h");
            return Map.of(
                    "rsa2048 sign",
                    1000 * signFactor[round],
                    "rsa2048 verify",
                    30000 * 1.02,
                    "ffdh2048 derive",
                    500 * 0.97,
                    "rsa2048 encrypt",
                    1.0);
        };
    }

    private List<String> log() throws IOException {
        return Files.readAllLines(dir.resolve("log"));
    }

    @Test
    void roundsAlternateWhoGoesFirstAndTheVerdictIsOnTheMedianRatio() throws IOException {
        Path exe = fakeOpenssl("OpenSSL 3.5.7 1 Jul 2025 (Library: OpenSSL 3.5.7 1 Jul 2025)", MR);
        List<String> order = new ArrayList<>();
        List<String> progress = new ArrayList<>();
        Path lib = dir.resolve("variant-lib");
        // one wild round (1.30) must not decide: the median is 1.05
        Fidelity.Result r = Fidelity.run(
                exe,
                new Fidelity.Target(lib, "OpenSSL 3.5.7 1 Jul 2025", Optional.empty()),
                round -> {
                    try {
                        order.add(log().size() + "h"); // how many openssl calls came before this harness round
                    } catch (IOException e) {
                        order.add("0h");
                    }
                    return harness(new ArrayList<>(), new double[] {1.05, 1.30, 0.98})
                            .run(round);
                },
                10,
                3,
                0.10,
                progress::add);
        // round 1: openssl then harness; round 2: harness then openssl; round 3: openssl then harness
        assertEquals(List.of("1h", "1h", "3h"), order);
        assertEquals(3, log().size());
        assertTrue(log().get(0).startsWith("o " + lib + ":" + dir.resolve("lib")), log().get(0));
        assertEquals(3, r.rounds().size());
        assertTrue(r.rounds().get(0).opensslFirst());
        assertFalse(r.rounds().get(1).opensslFirst());
        Fidelity.Row sign = r.rows().get(0);
        assertEquals("rsa2048 sign", sign.test());
        assertEquals(1.30, sign.ratios()[1], 1e-12);
        assertEquals(1.05, sign.ratio(), 1e-12);
        assertEquals(1.02, r.rows().get(1).ratio(), 1e-12);
        assertEquals(0.97, r.rows().get(2).ratio(), 1e-12);
        assertTrue(r.passed());
        assertTrue(r.table().contains("fidelity: PASSED"), r.table());
        assertTrue(progress.stream().anyMatch(l -> l.contains("round 3/3 ratios")), progress.toString());
        // speed's other -mr lines (+DTP: what it is about to time) are not kept
        assertEquals(
                List.of(
                        "+F2:1:2048:1000.000000:30000.000000:29000.000000:900.000000",
                        "+F8:0:2048:500.000000:0.002000"),
                r.rounds().get(2).opensslMr());
    }

    @Test
    void aMedianRatioBeyondTheToleranceFails() throws IOException {
        Path exe = fakeOpenssl("OpenSSL 3.5.7 1 Jul 2025", MR);
        Fidelity.Result r = Fidelity.run(
                exe,
                new Fidelity.Target(dir, "OpenSSL 3.5.7 1 Jul 2025", Optional.empty()),
                harness(new ArrayList<>(), new double[] {1.12, 0.99, 1.15}),
                10,
                3,
                0.10,
                l -> {});
        assertEquals(1.12, r.rows().get(0).ratio(), 1e-12);
        assertFalse(r.passed());
        assertTrue(r.table().contains("OUTSIDE"), r.table());
        assertTrue(r.table().contains("fidelity: FAILED"), r.table());
    }

    @Test
    void aProgramOfAnotherVersionOrWithoutFiguresIsRefused() throws IOException {
        Path other = fakeOpenssl("OpenSSL 3.0.2 15 Mar 2022", MR);
        IOException e = assertThrows(
                IOException.class,
                () -> Fidelity.run(
                        other,
                        new Fidelity.Target(dir, "OpenSSL 3.5.7 1 Jul 2025", Optional.empty()),
                        harness(new ArrayList<>(), new double[] {1}),
                        10,
                        1,
                        0.1,
                        l -> {}));
        assertTrue(e.getMessage().contains("not the variant's"), e.getMessage());

        Path silent = fakeOpenssl("OpenSSL 3.5.7 1 Jul 2025", "+F8:0:2048:500.000000:0.002000\\n");
        e = assertThrows(
                IOException.class,
                () -> Fidelity.run(
                        silent,
                        new Fidelity.Target(dir, "OpenSSL 3.5.7 1 Jul 2025", Optional.empty()),
                        harness(new ArrayList<>(), new double[] {1}),
                        10,
                        1,
                        0.1,
                        l -> {}));
        assertTrue(e.getMessage().contains("no figure for rsa2048 sign from openssl speed"), e.getMessage());

        assertThrows(
                IllegalArgumentException.class,
                () -> Fidelity.run(
                        silent,
                        new Fidelity.Target(dir, "OpenSSL 3.5.7", Optional.empty()),
                        harness(new ArrayList<>(), new double[] {1}),
                        10,
                        0,
                        0.1,
                        l -> {}));
    }
}
