package dotbench.gmpbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.bindings.Manifest;
import dotbench.pipeline.Measurement;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.Sample;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** runbench's formulas against values worked out by hand (chosen so every mean is a whole number). */
class ScoringTest {
    private static final double EPS = 1e-9;

    @Test
    void programCategoryAndTotalAsRunbenchComputesThem() {
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("multiply(128)", 4.0); // multiply = sqrt(4 * 16) = 8
        rates.put("multiply(512,512)", 16.0);
        rates.put("divide(8192,32)", 1.0); // divide = 1
        rates.put("gcd(128,128)", 4.0); // gcd = 4, gcdext = 16
        rates.put("gcdext(128,128)", 16.0);
        rates.put("rsa(512)", 3.0); // app = sqrt(3 * 27) = 9
        rates.put("pi(10000)", 27.0);
        Scores s = Scoring.score(rates);
        assertEquals(8.0, s.programs().get(Program.MULTIPLY), EPS);
        assertEquals(1.0, s.programs().get(Program.DIVIDE), EPS);
        // base = (8^1 * 1^1 * 4^0.5 * 16^0.5)^(1/3) = (8 * 2 * 4)^(1/3) = 4
        assertEquals(4.0, s.base(), EPS);
        assertEquals(9.0, s.app(), EPS);
        // total = sqrt(4 * 9) = 6
        assertEquals(6.0, s.total(), EPS);
    }

    @Test
    void threeTestProgramIsTheCubeRootOfTheProduct() {
        Scores s = Scoring.score(Map.of("pi(10000)", 2.0, "pi(100000)", 4.0, "pi(1000000)", 8.0, "rsa(512)", 1.0));
        assertEquals(4.0, s.programs().get(Program.PI), EPS); // (2*4*8)^(1/3)
        assertEquals(2.0, s.app(), EPS); // sqrt(1 * 4)
        assertTrue(Double.isNaN(s.base()), "no base test ran");
        assertTrue(Double.isNaN(s.total()));
    }

    @Test
    void nonPositiveRateIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Scoring.score(Map.of("rsa(512)", 0.0)));
    }

    @Test
    void textBlockHasRunbenchLabelsAndMarksModifiedGmp() {
        var v = new VariantInfo(
                "dot",
                Path.of("/x/libgmp.so"),
                "6.3.0",
                Optional.of("dotmp 6.3.0 dot-0.1.0 isa=avx2"),
                Manifest.none(),
                "00",
                false);
        var sample = Sample.of(3, 1_000_000_000L, 1_000_000_000L); // 3 ops/s
        var measurement = new Measurement(3, Map.of("dot", List.of(sample, sample, sample)), sample, Map.of());
        GmpBenchTest rsa = GmpBenchSuite.select("rsa(512)").get(0);
        var outcome = new Outcome<>(
                rsa.name(),
                new TestDetail(rsa, Map.of(), Map.of(), false),
                Map.of(),
                Optional.empty(),
                Optional.of(measurement));
        String text = GmpBenchText.block(v, List.of(outcome), Scoring.score(Map.of("rsa(512)", 3.0)));
        assertTrue(text.contains("GMPbench.app.rsa(512)") && text.contains("  3\n"), text);
        assertTrue(!text.contains("Category base"), "categories that did not run are left out");
        assertTrue(text.contains("MODIFIED GMP (dotmp 6.3.0 dot-0.1.0 isa=avx2)"), text);
        assertTrue(text.contains("GMPbench.app "), text);
        assertTrue(text.contains("GMPbench:         "), text);
        assertEquals("123500", GmpBenchText.sig(123456.0, 4));
        assertEquals("0.1235", GmpBenchText.sig(0.123456, 4));
    }
}
