package dotbench.gmpbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The verdict of the Java-vs-native check: geometric means over rounds, per scope, against hand-computed values. */
class NativeFidelityTest {
    @Test
    void theVerdictIsOnGeometricMeansOverRounds() {
        // total: java 1.10 and 0.90 (geomean sqrt(0.99) = 0.994987), native 1.00 and 1.00: -0.50%
        // base:  java 1.04 and 1.04, native 1.00 and 1.00: +4.00%, outside 3%
        var r1 = new NativeFidelity.Round(
                true, Map.of("total", 1.10, "base", 1.04), Map.of("total", 1.00, "base", 1.00, "app", 1.2));
        var r2 = new NativeFidelity.Round(
                false, Map.of("total", 0.90, "base", 1.04), Map.of("total", 1.00, "base", 1.00));
        var result = new NativeFidelity.Result("stock", "dot", List.of(r1, r2), 0.03);
        List<NativeFidelity.Row> rows = result.rows();
        // "app" is missing from one side in some round, so it is not compared; order is GMPbench's
        assertEquals(
                List.of("base", "total"),
                rows.stream().map(NativeFidelity.Row::scope).toList());
        assertEquals(Math.sqrt(0.99), rows.get(1).javaMean(), 1e-12);
        assertEquals(Math.sqrt(0.99) - 1, rows.get(1).difference(), 1e-12);
        assertEquals(0.04, rows.get(0).difference(), 1e-12);
        assertFalse(result.passed());
        assertTrue(result.table().contains("OUTSIDE"), result.table());
        assertTrue(result.table().contains("+4.00%"), result.table());

        var loose = new NativeFidelity.Result("stock", "dot", List.of(r1, r2), 0.05);
        assertTrue(loose.passed());
        assertTrue(loose.table().contains("agree within tolerance"), loose.table());
    }

    @Test
    void programsAreShownButTheVerdictIsOnTheCategoriesAndTheTotal() {
        // gcdext 5% off, base/app/total within 1%
        var r = new NativeFidelity.Round(
                true,
                Map.of("gcdext", 1.05, "base", 1.01, "app", 0.99, "total", 1.0),
                Map.of("gcdext", 1.0, "base", 1.0, "app", 1.0, "total", 1.0));
        var result = new NativeFidelity.Result("stock", "dot", List.of(r), 0.03);
        assertTrue(result.passed(), result.table());
        assertTrue(result.table().contains("outside (a program: shown, not in the verdict)"), result.table());
        assertFalse(result.table().contains("OUTSIDE"), result.table());
        // and a category beyond it fails the run
        var bad = new NativeFidelity.Round(true, Map.of("app", 1.05), Map.of("app", 1.0));
        assertFalse(new NativeFidelity.Result("stock", "dot", List.of(bad), 0.03).passed());
    }

    @Test
    void nothingComparedIsNotAPass() {
        var r = new NativeFidelity.Round(true, Map.of("total", 1.0), Map.of("base", 1.0));
        assertFalse(new NativeFidelity.Result("a", "b", List.of(r), 0.03).passed());
        assertThrows(IllegalArgumentException.class, () -> new NativeFidelity.Result("a", "b", List.of(), 0.03));
    }

    @Test
    void readsTheNativeDriversRatioLinesOfThePairOnly() {
        String text = """
                GMPbench.base.multiply(128) 123
                ratio dot/stock multiply 1.012300
                ratio dot/stock total 0.987000
                ratio dot-noasm/stock total 1.5
                """;
        assertEquals(Map.of("multiply", 1.0123, "total", 0.987), NativeFidelity.parseNative(text, "stock", "dot"));
    }
}
