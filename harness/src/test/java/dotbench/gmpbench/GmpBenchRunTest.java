package dotbench.gmpbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dotbench.bindings.Gmp;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.Manifest;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.nativeloop.GmpCase;
import dotbench.nativeloop.NativeHelper;
import dotbench.pipeline.Comparison;
import dotbench.pipeline.Pairing;
import dotbench.pipeline.Pipeline;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Settings;
import dotbench.results.ResultJson;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short real run: the system libgmp against a byte-identical copy loaded beside it. */
class GmpBenchRunTest {
    private static final Path ROOT = Path.of(System.getProperty("dotbench.root"));

    @TempDir
    Path temp;

    private NativeHelper helper;
    private final List<LibraryVariant> loaded = new ArrayList<>();
    private final Map<String, Gmp> gmps = new LinkedHashMap<>();

    @BeforeEach
    void load() throws IOException {
        helper = NativeHelper.load(ROOT);
        VariantSpec system = VariantCatalog.scan(ROOT)
                .find(LibraryKind.GMP, VariantCatalog.SYSTEM)
                .orElseThrow();
        Path copy = temp.resolve("libgmp-copy.so.10");
        Files.copy(system.library(), copy);
        for (VariantSpec s :
                List.of(system, new VariantSpec("copy", LibraryKind.GMP, copy, system.include(), Manifest.none()))) {
            LibraryVariant v = LibraryVariant.open(s);
            loaded.add(v);
            gmps.put(s.name(), Gmp.of(v));
        }
    }

    @AfterEach
    void unload() {
        loaded.forEach(LibraryVariant::close);
        helper.close();
    }

    @Test
    void operandsAreIdenticalAcrossVariantsAndDrawnAsGmpbenchDraws() {
        try (GmpCase a = helper.newCase(gmps.get("system"), "divide(8192,64)");
                GmpCase b = helper.newCase(gmps.get("copy"), "divide(8192,64)");
                GmpCase other = helper.newCase(gmps.get("copy"), "divide(8192,128)");
                GmpCase gcd = helper.newCase(gmps.get("copy"), "gcd(128,128)");
                GmpCase mul = helper.newCase(gmps.get("system"), "multiply(128,128)")) {
            assertEquals(a.operand(0), b.operand(0));
            assertEquals(a.operand(1), b.operand(1));
            // every GMPbench program starts from a fresh, unseeded default generator and draws x, then y
            assertEquals(a.operand(0), other.operand(0));
            assertNotEquals(a.operand(1), other.operand(1));
            assertEquals(gcd.operand(0), mul.operand(0));
            assertEquals(gcd.operand(1), mul.operand(1));
            assertNotEquals(gcd.operand(0), gcd.operand(1));
            assertTrue(a.operand(0).orElseThrow().bitLength() <= 8192
                    && a.operand(1).orElseThrow().bitLength() <= 64);
            assertEquals(a.answerHash(), b.answerHash());
            assertEquals(
                    a.operand(0).get().divide(a.operand(1).get()), a.output(0).orElseThrow());
        }
    }

    @Test
    void piWorkloadDigitsMatchMpfrAtEverySuiteSize() throws Throwable {
        Gmp system = gmps.get("system");
        for (long digits : new long[] {10000, 100000, 1000000}) {
            try (GmpCase pi = helper.newCase(system, "pi(" + digits + ")")) {
                pi.answerHash();
                BigInteger got = pi.output(0).orElseThrow();
                BigInteger want = MpfrPi.floorTimesPowerOfTen(system, digits);
                BigInteger unit = BigInteger.TEN.pow((int) digits);
                assertTrue(
                        want.compareTo(unit.multiply(BigInteger.valueOf(3))) >= 0
                                && want.compareTo(unit.shiftLeft(2)) < 0,
                        "the oracle is 3.xxx times 10^digits");
                // every digit: the 3 and all `digits` decimals
                assertEquals(-1, MpfrPi.firstDifference(got, want), "pi(" + digits + ") differs from MPFR's pi");
            }
        }
    }

    @Test
    void piDigitCheckCatchesAPlantedWrongDigit() throws Throwable {
        Gmp system = gmps.get("system");
        try (GmpCase pi = helper.newCase(system, "pi(10000)")) {
            pi.answerHash();
            BigInteger got = pi.output(0).orElseThrow();
            BigInteger want = MpfrPi.floorTimesPowerOfTen(system, 10000);
            assertEquals(-1, MpfrPi.firstDifference(got, want));
            // the digit at index 9990 (the 3 is index 0) moved by one, the rest left as they are
            int digit = got.toString().charAt(9990) - '0';
            BigInteger unit = BigInteger.TEN.pow(10000 - 9990);
            BigInteger planted = digit == 9 ? got.subtract(unit) : got.add(unit);
            assertEquals(9990, MpfrPi.firstDifference(planted, want));
            // and the last digit alone
            assertEquals(10000, MpfrPi.firstDifference(got.xor(BigInteger.ONE), want));
        }
    }

    @Test
    void shortRunProducesCheckedResultsScoresRatiosAndJson() {
        Settings settings = new Settings(true, 3, new Schedule.Batches(Duration.ofMillis(2)), 0.05, 200, 1);
        List<String> progress = new ArrayList<>();
        // the variants are closed by unload(), so the run is given none of its own to close
        GmpBenchRun run = new GmpBenchRun(
                ROOT,
                helper,
                List.of(),
                gmps,
                GmpBenchSuite.select("multiply(128),gcdext(512,512),rsa(512),pi(10000)"));
        RunResult<TestDetail> report =
                Pipeline.run(run, settings, List.of(new Pairing("system", "copy")), progress::add);
        assertEquals(4, progress.size());
        assertTrue(report.outcomes().stream()
                .allMatch(o -> o.failed().isEmpty() && o.measurement().isPresent()));
        assertTrue(report.outcomes().stream()
                .allMatch(o -> o.detail()
                        .answerHashes()
                        .get("system")
                        .equals(o.detail().answerHashes().get("copy"))));
        Comparison c = report.comparisons().get(0);
        assertEquals(4, c.tests().size());
        assertTrue(c.scopes().keySet().containsAll(List.of("multiply", "gcdext", "rsa", "pi", "base", "app", "total")));
        // the same library twice: on a quiet machine about 1; a loose bound keeps the test honest on a busy one
        assertTrue(
                c.scopes().get("total").ratio() > 0.5 && c.scopes().get("total").ratio() < 2,
                c.scopes().toString());
        JsonObject json = ResultJson.of("gmpbench", run, report, new JsonObject(), "test");
        assertTrue(json.getAsJsonObject("provenance").has("libdot"));
        assertEquals("dotbench-result", json.get("schema").getAsString());
        assertEquals(4, json.getAsJsonArray("tests").size());
        JsonObject first = json.getAsJsonArray("tests").get(0).getAsJsonObject();
        assertEquals(3, first.getAsJsonObject("samples").getAsJsonArray("copy").size());
        assertTrue(first.getAsJsonObject("overhead").get("empty_loop_ns_per_op").getAsDouble() >= 0);
        assertTrue(json.getAsJsonObject("scores").has("system"));
        assertEquals(BigInteger.ONE.signum(), (int) Math.signum(json.getAsJsonArray("comparisons")
                .get(0)
                .getAsJsonObject()
                .getAsJsonObject("scopes")
                .getAsJsonObject("total")
                .get("ratio")
                .getAsDouble()));
    }
}
