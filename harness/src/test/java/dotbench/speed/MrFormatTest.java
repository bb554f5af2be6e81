package dotbench.speed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dotbench.pipeline.Measurement;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.Sample;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MrFormatTest {
    /** A timed outcome where "stock" did {@code ops} operations in 1 s of user time (two slots). */
    private static Outcome<SpeedDetail> timed(Algorithm a, Operation op, long ops) {
        List<Sample> slots = List.of(
                new Sample(ops / 2, 500_000_000L, 500_000_000L, 600_000_000L, 0),
                new Sample(ops - ops / 2, 500_000_000L, 500_000_000L, 600_000_000L, 0));
        Measurement m = new Measurement(0, Map.of("stock", slots), Sample.of(10, 100, 100), Map.of());
        SpeedTest t = new SpeedTest(a, op);
        return new Outcome<>(
                t.name(),
                new SpeedDetail(t, Map.of("stock", new Histogram(3))),
                Map.of(),
                Optional.empty(),
                Optional.of(m));
    }

    @Test
    void linesHaveSpeedsFieldsIndicesAndPrecision() {
        Algorithm rsa = new Algorithm(Family.RSA, 2048);
        Algorithm ffdh = new Algorithm(Family.FFDH, 3072);
        Algorithm dsa = new Algorithm(Family.DSA, 1024);
        Algorithm kem = new Algorithm(Family.RSA_KEM, 4096);
        List<Outcome<SpeedDetail>> outcomes = List.of(
                timed(kem, Operation.KEYGEN, 2),
                timed(kem, Operation.ENCAPS, 20000),
                timed(kem, Operation.DECAPS, 500),
                timed(rsa, Operation.SIGN, 1064),
                timed(rsa, Operation.VERIFY, 39003),
                timed(rsa, Operation.ENCRYPT, 34692),
                new Outcome<>(
                        "rsa2048 decrypt",
                        new SpeedDetail(new SpeedTest(rsa, Operation.DECRYPT), Map.of()),
                        Map.of("stock", "decrypt(encrypt(m)) != m"),
                        Optional.empty(),
                        Optional.empty()),
                timed(ffdh, Operation.DERIVE, 400),
                timed(dsa, Operation.SIGN, 8000));
        assertEquals(
                List.of(
                        "+F2:2:2048:1064.000000:39003.000000:34692.000000:-1.000000",
                        "+F3:0:1024:8000.000000:0.000000",
                        "+F8:1:3072:400.000000:0.002500",
                        "+F9:4:2.000000:20000.000000:500.000000"),
                MrFormat.lines("stock", outcomes),
                "RSA, DSA, FFDH, KEM order; -1 for a failed check, 0 for an operation not timed");
    }

    @Test
    void parsesSpeedsOwnOutput() {
        // lines `openssl speed -seconds 1 -mr rsa2048 ffdh2048` printed (facts 2.4 and a 3.0 run)
        Map<String, Double> parsed = MrFormat.parse(List.of(
                "+F2:2:2048:1064.000000:39003.000000:34691.919192:1077.000000",
                "+F8:0:2048:1290.000000:0.000775",
                "+F9:2:11.304348:38411.224490:1252.000000",
                "+F10:2:1:2:3"));
        assertEquals(1064.0, parsed.get("rsa2048 sign"));
        assertEquals(39003.0, parsed.get("rsa2048 verify"));
        assertEquals(1077.0, parsed.get("rsa2048 decrypt"));
        assertEquals(1290.0, parsed.get("ffdh2048 derive"));
        assertEquals(5, parsed.size());
        assertThrows(IllegalArgumentException.class, () -> MrFormat.parse(List.of("+F2:2:x")));
        Map<String, Double> old = MrFormat.parse(List.of("+F2:2:2048:3906.771654:55827.801724"));
        assertEquals(
                Map.of("rsa2048 sign", 3906.771654, "rsa2048 verify", 55827.801724),
                old,
                "OpenSSL 3.0's +F2 has no encrypt/decrypt");
    }
}
