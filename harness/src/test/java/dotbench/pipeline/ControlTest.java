package dotbench.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.stats.RatioEstimate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controls: NAME~copy (a byte copy loaded from elsewhere) and NAME~shift (layout), and their lines in the ratio table. */
class ControlTest {
    @Test
    void aCopyIsTheSameBytesInAnotherFile(@TempDir Path root) throws Exception {
        Path lib = root.resolve("build/openssl/stock/lib/libcrypto.so");
        Files.createDirectories(lib.getParent());
        Files.write(lib, new byte[] {1, 2, 3, 4});
        VariantSelection selection =
                new VariantSelection(VariantCatalog.scan(root), LibraryKind.OPENSSL, "OpenSSL", "openssl");
        List<VariantSpec> specs = selection.resolve(Optional.of("stock,stock~copy"));
        assertEquals(
                List.of("stock", "stock~copy"),
                specs.stream().map(VariantSpec::name).toList());
        Path copy = specs.get(1).library();
        assertNotEquals(lib.toAbsolutePath(), copy);
        assertEquals("libcrypto.so", copy.getFileName().toString());
        assertEquals(-1, Files.mismatch(lib, copy));
        assertTrue(!copy.startsWith(root), "the copy lives outside build/: " + copy);
        assertTrue(VariantSelection.isControl(new Pairing("stock", "stock~copy")));
        assertTrue(!VariantSelection.isControl(new Pairing("stock", "dot")));

        DotbenchException unknown =
                assertThrows(DotbenchException.class, () -> selection.resolve(Optional.of("nope~copy")));
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        DotbenchException unbuilt =
                assertThrows(DotbenchException.class, () -> selection.resolve(Optional.of("dot~copy")));
        assertEquals(ExitCodes.MISSING_BUILD, unbuilt.exitCode());
    }

    /**
     * NAME~shift, the layout control, is a build of its own under build/ (make libs-shift): found
     * there when named, never run unless named, paired with NAME by default, and a clear error when
     * not built or asked of a library that has none.
     */
    @Test
    void aLayoutControlRunsWhenNamedAndPairsWithItsOriginal(@TempDir Path root) throws Exception {
        for (String v : List.of("stock", "dot", "stock~shift")) {
            Path lib = root.resolve("build/gmp/" + v + "/lib/libgmp.so");
            Files.createDirectories(lib.getParent());
            Files.write(lib, new byte[] {1});
        }
        VariantSelection gmp = new VariantSelection(VariantCatalog.scan(root), LibraryKind.GMP, "GMP", "gmp");
        assertEquals(
                List.of("stock", "dot"),
                gmp.resolve(Optional.empty()).stream().map(VariantSpec::name).toList());
        List<VariantSpec> named = gmp.resolve(Optional.of("stock,dot,stock~shift,stock~copy"));
        assertEquals(
                root.resolve("build/gmp/stock~shift/lib/libgmp.so").toAbsolutePath(),
                named.get(2).library());
        assertEquals(
                List.of(
                        new Pairing("stock", "dot"),
                        new Pairing("stock", "stock~shift"),
                        new Pairing("stock", "stock~copy")),
                Pairing.defaults(named.stream().map(VariantSpec::name).toList()));
        assertTrue(VariantSelection.isLayoutControl(new Pairing("stock", "stock~shift")));
        assertTrue(!VariantSelection.isLayoutControl(new Pairing("dot", "stock~shift")));
        assertTrue(!VariantSelection.isControl(new Pairing("stock", "stock~shift")));
        assertEquals("stock", VariantSpec.originalOf("stock~shift"));

        Files.delete(root.resolve("build/gmp/stock~shift/lib/libgmp.so"));
        VariantSelection unbuilt = new VariantSelection(VariantCatalog.scan(root), LibraryKind.GMP, "GMP", "gmp");
        DotbenchException missing =
                assertThrows(DotbenchException.class, () -> unbuilt.resolve(Optional.of("stock,stock~shift")));
        assertEquals(ExitCodes.MISSING_BUILD, missing.exitCode());
        assertTrue(missing.getMessage().contains("make libs-gmp-shift"), missing.getMessage());
        DotbenchException none =
                assertThrows(DotbenchException.class, () -> unbuilt.resolve(Optional.of("dot,dot~shift")));
        assertEquals(ExitCodes.USAGE, none.exitCode());
    }

    /** The layout line gives the span of the control's ratios; another pair gets no such line. */
    @Test
    void theLayoutLineGivesTheSpanOfPlacementAlone() {
        Map<String, RatioEstimate> tests = new LinkedHashMap<>();
        tests.put("a", new RatioEstimate(0.982, 0.975, 0.99, false));
        tests.put("b", new RatioEstimate(1.004, 0.99, 1.01, false));
        tests.put("c", new RatioEstimate(1.011, 1.002, 1.02, false));
        Comparison shift = vsStock("stock~shift", tests);
        String line = RatioTable.layoutLine(shift);
        assertTrue(line.contains("stock~shift is stock's code at other addresses"), line);
        assertTrue(line.contains("2 of 3 intervals exclude 1, ratios 0.982 to 1.011 over all tests"), line);
        // a noisy test (a keygen's prime search) stays out of the span
        tests.put("keygen", new RatioEstimate(1.42, 0.87, 2.14, true));
        String withNoisy = RatioTable.layoutLine(vsStock("stock~shift", tests));
        assertTrue(
                withNoisy.contains("2 of 4 intervals exclude 1, ratios 0.982 to 1.011 over the 3 not flagged noisy"),
                withNoisy);
        String table = RatioTable.render(shift, List.of(), s -> s);
        assertTrue(table.contains("layout control"), table);
        assertTrue(!table.contains("A/A control"), table);
        Comparison other = vsStock("dot", tests);
        assertTrue(!RatioTable.render(other, List.of(), s -> s).contains("layout control"));
    }

    /**
     * A real pair read against the layout control: rsa at 0.976 lies below the control's lowest
     * steady reading (0.983) and is named beyond it; pi at 0.985 and multiply at 1.04 are off 1 but
     * inside the span; gcd, inside its interval, is named nowhere; the control's noisy keygen at
     * 0.81 does not widen the span.
     */
    @Test
    void aRealPairIsReadAgainstTheLayoutSpan() {
        Map<String, RatioEstimate> layout = new LinkedHashMap<>();
        layout.put("rsa", new RatioEstimate(0.983, 0.98, 0.99, false));
        layout.put("multiply", new RatioEstimate(1.050, 1.04, 1.06, false));
        layout.put("keygen", new RatioEstimate(0.81, 0.6, 1.2, true));
        Map<String, RatioEstimate> real = new LinkedHashMap<>();
        real.put("rsa", new RatioEstimate(0.976, 0.96, 0.985, false));
        real.put("pi", new RatioEstimate(0.985, 0.98, 0.99, false));
        real.put("multiply", new RatioEstimate(1.04, 1.03, 1.05, false));
        real.put("gcd", new RatioEstimate(0.97, 0.95, 1.01, false));
        String line = RatioTable.beyondLayout(vsStock("dot", real), vsStock("stock~shift", layout));
        assertTrue(line.contains("(stock~shift: 0.983 to 1.050)"), line);
        assertTrue(line.contains("beyond it rsa 0.976;"), line);
        assertTrue(line.contains("inside it, though off 1: pi 0.985, multiply 1.040"), line);
        assertTrue(!line.contains("gcd"), line);
    }

    /**
     * 20 tests at 10 samples: each interval excludes 1 by chance with probability at most 2.1%, so
     * 0.4 are expected. One beyond is chance; five is more than chance, and the table says so (the
     * planted noisy machine).
     */
    @Test
    void theControlLineCountsIntervalsBeyondOneAgainstChance() {
        String quiet = RatioTable.controlLine(control(1), outcomes());
        assertTrue(quiet.contains("1 of 20 intervals exclude 1"), quiet);
        assertTrue(quiet.contains("at most 2.1% at 10 samples (0.4 expected)"), quiet);
        assertTrue(!quiet.contains("more than chance"), quiet);
        String noisy = RatioTable.controlLine(control(5), outcomes());
        assertTrue(noisy.contains("5 of 20 intervals exclude 1"), noisy);
        assertTrue(noisy.contains("more than chance"), noisy);
        String table = RatioTable.render(control(5), outcomes(), s -> s);
        assertTrue(table.contains("A/A control (stock~copy"), table);
        assertTrue(table.contains("intervals: tests 97.9% at 10 samples"), table);
        // identical samples: no test differs for the family either (20 tests: each widened to 99.75%)
        assertTrue(table.contains("all 20 tests at once (each interval widened to 99.75%"), table);
        assertTrue(table.contains("0 slower, 0 faster"), table);
        Comparison notControl = vsStock("dot", control(5).tests());
        assertTrue(!RatioTable.render(notControl, outcomes(), s -> s).contains("A/A control"));
    }

    private static Comparison control(int beyond) {
        Map<String, RatioEstimate> tests = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            tests.put(
                    "t" + i,
                    i < beyond ? new RatioEstimate(1.02, 1.01, 1.03, false) : new RatioEstimate(1, 0.99, 1.01, false));
        }
        return vsStock("stock~copy", tests);
    }

    private static List<Outcome<String>> outcomes() {
        List<Outcome<String>> out = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            List<Sample> samples = new ArrayList<>();
            for (int s = 0; s < 10; s++) {
                samples.add(Sample.of(1000, 1_000_000, 1_000_000));
            }
            Measurement m = new Measurement(
                    1000, Map.of("stock", samples, "stock~copy", samples), Sample.of(1000, 1000, 1000), Map.of());
            out.add(new Outcome<>("t" + i, "", Map.of(), Optional.empty(), Optional.of(m)));
        }
        return out;
    }

    /** A pair with stock as the baseline, its tests' estimates only. */
    private static Comparison vsStock(String candidate, Map<String, RatioEstimate> tests) {
        return new Comparison("stock", candidate, tests, List.of(), Map.of(), List.of());
    }
}
