package dotbench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.gson.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhResultsTest {
    /** The shape JMH 1.37 writes with -rf json (trimmed to the fields read). */
    static final String JMH = """
            [
              {"benchmark": "dotbench.jmh.KernelBench.kernel", "params": {"kase": "gmp/stock-noasm:add_n:8"},
               "primaryMetric": {"score": 20.0, "scoreUnit": "ns/op", "rawData": [[20.0, 20.0, 20.0, 20.0, 20.0]]}},
              {"benchmark": "dotbench.jmh.KernelBench.kernel", "params": {"kase": "gmp/dot-noasm:add_n:8"},
               "primaryMetric": {"score": 5.0, "scoreUnit": "ns/op", "rawData": [[5.0, 5.0, 5.0, 5.0, 5.0]]}},
              {"benchmark": "dotbench.jmh.KernelBench.overhead", "params": {"kase": "libdot/scalar:add_n:8"},
               "primaryMetric": {"score": 1.5, "scoreUnit": "ns/op", "rawData": [[1.5, 1.5, 1.5]]}}
            ]""";

    @Test
    void jmhJsonBecomesADotbenchResultWithTestsAndComparisons() {
        var kernel = JmhResults.iterations(JMH, "kernel");
        var overhead = JmhResults.iterations(JMH, "overhead");
        assertEquals(2, kernel.size());
        assertEquals(1, overhead.size());
        JsonObject r = JmhResults.toResult(
                kernel,
                overhead,
                Map.of("gmp/dot-noasm", new JmhResults.Library("/x/libgmp.so", true)),
                List.of("gmp/dot:add_n:8"),
                new JsonObject(),
                new JsonObject(),
                "jmh",
                1.0);
        assertEquals("jmh", r.get("suite").getAsString());
        JsonObject test = r.getAsJsonArray("tests").get(0).getAsJsonObject();
        assertEquals("add_n(8)", test.get("name").getAsString());
        assertEquals(
                "gmp/dot",
                test.getAsJsonArray("failed").get(0).getAsString(),
                "a failed case is listed under its test");
        JsonObject patched = r.getAsJsonArray("variants").get(0).getAsJsonObject();
        assertEquals("gmp/dot-noasm", patched.get("name").getAsString());
        assertEquals(true, patched.get("modified").getAsBoolean());
        assertEquals(
                1.5,
                test.getAsJsonObject("overhead").get("empty_loop_ns_per_op").getAsDouble(),
                0);
        assertEquals(
                1e9 / 20,
                test.getAsJsonObject("median_ops_per_s").get("gmp/stock-noasm").getAsDouble(),
                1e-6);
        JsonObject cmp = r.getAsJsonArray("comparisons").get(0).getAsJsonObject();
        assertEquals("gmp/stock-noasm", cmp.get("baseline").getAsString());
        JsonObject ratio = cmp.getAsJsonObject("tests").getAsJsonObject("add_n(8)");
        // 20 ns -> 5 ns: four times as fast, identical samples: a zero-width interval
        assertEquals(4.0, ratio.get("ratio").getAsDouble(), 1e-12);
        assertEquals(4.0, ratio.get("ci_low").getAsDouble(), 1e-12);
        assertFalse(ratio.get("noisy").getAsBoolean());
        assertEquals(Map.of(), JmhResults.iterations("[]", "kernel"));
    }
}
