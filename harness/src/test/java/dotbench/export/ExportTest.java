package dotbench.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.cli.CliRun;
import dotbench.report.ResultFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each export format against its documented shape and against the figures of the committed
 * result files it was made from (results/schema/export/validate.py checks the same outputs
 * against the JSON schemas in `make test`).
 */
class ExportTest {
    private static final Path GMPBENCH = Path.of("../results/gmpbench-quick-zen4-ee422f1.json");
    private static final Path SPEED = Path.of("../results/speed-quick-zen4-ee422f1.json");
    private static final Path JMH = Path.of("../results/jmh-short-zen4-ee422f1.json");

    private static JsonElement export(ExportFormat f, Path... files) throws Exception {
        List<ResultFile> loaded = new ArrayList<>();
        for (Path p : files) {
            loaded.add(ResultFile.load(p));
        }
        return JsonParser.parseString(f.export(loaded));
    }

    private static JsonObject recorded(Path file, String test) throws Exception {
        return ResultFile.load(file).tests().stream()
                .filter(t -> t.get("name").getAsString().equals(test))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void bencherHoldsEveryRatioWithItsIntervalAndEveryVariantsThroughput() throws Exception {
        JsonObject bmf = export(ExportFormat.BENCHER, GMPBENCH, SPEED).getAsJsonObject();
        JsonObject total = bmf.getAsJsonObject("gmpbench/dot-vs-stock/total").getAsJsonObject("speed-ratio");
        JsonObject file = ResultFile.load(GMPBENCH)
                .root()
                .getAsJsonArray("comparisons")
                .get(0)
                .getAsJsonObject()
                .getAsJsonObject("scopes")
                .getAsJsonObject("total");
        assertEquals(file.get("ratio").getAsDouble(), total.get("value").getAsDouble());
        assertEquals(file.get("ci_low").getAsDouble(), total.get("lower_value").getAsDouble());
        assertEquals(file.get("ci_high").getAsDouble(), total.get("upper_value").getAsDouble());
        double median = recorded(GMPBENCH, "multiply(8192,8192)")
                .getAsJsonObject("median_ops_per_s")
                .get("stock")
                .getAsDouble();
        JsonObject tp =
                bmf.getAsJsonObject("gmpbench/stock/multiply(8192,8192)").getAsJsonObject("throughput");
        assertEquals(median, tp.get("value").getAsDouble());
        assertTrue(bmf.has("speed/dot-noasm-vs-stock-noasm/rsa2048 sign"), "the speed suite's ratios too");
        for (var b : bmf.entrySet()) {
            for (var m : b.getValue().getAsJsonObject().entrySet()) {
                JsonObject v = m.getValue().getAsJsonObject();
                assertTrue(
                        v.get("lower_value").getAsDouble() <= v.get("value").getAsDouble()
                                && v.get("value").getAsDouble()
                                        <= v.get("upper_value").getAsDouble(),
                        b.getKey() + " " + m.getKey() + ": " + v);
            }
        }
        // 2 pairs x (39 tests + 9 scopes) ratios + 4 variants x 39 throughputs share 39 x 4 + 2 x 48 names
        long gmpbench =
                bmf.keySet().stream().filter(k -> k.startsWith("gmpbench/")).count();
        assertEquals(2 * 48 + 4 * 39, gmpbench);
    }

    @Test
    void githubActionBenchmarkEntriesAreUniqueNamedNumbers() throws Exception {
        JsonArray bigger =
                export(ExportFormat.GITHUB_ACTION_BENCHMARK, GMPBENCH).getAsJsonArray();
        JsonArray smaller =
                export(ExportFormat.GITHUB_ACTION_BENCHMARK_SMALLER, GMPBENCH).getAsJsonArray();
        Set<String> names = new HashSet<>();
        for (JsonElement e : bigger) {
            JsonObject o = e.getAsJsonObject();
            assertTrue(names.add(o.get("name").getAsString()), "duplicate " + o.get("name"));
            assertTrue(o.get("value").getAsDouble() > 0);
            assertTrue(
                    Set.of("ops/s", "x (candidate/baseline speed)")
                            .contains(o.get("unit").getAsString()),
                    o.toString());
            assertTrue(o.get("extra").getAsString().startsWith("commit ee422f1"), o.toString());
        }
        assertEquals(2 * 48 + 4 * 39, bigger.size());
        assertEquals(4 * 39, smaller.size(), "smaller-is-better: time per operation of each variant");
        JsonObject first = smaller.get(0).getAsJsonObject();
        double median = recorded(GMPBENCH, "multiply(128)")
                .getAsJsonObject("median_ops_per_s")
                .get("stock")
                .getAsDouble();
        assertEquals("gmpbench/stock/multiply(128)", first.get("name").getAsString());
        assertEquals(1e9 / median, first.get("value").getAsDouble(), 1e-9);
        assertEquals("ns/op", first.get("unit").getAsString());
    }

    @Test
    void jmhShapeCarriesEachVariantsSamples() throws Exception {
        JsonArray runs = export(ExportFormat.JMH, GMPBENCH, SPEED).getAsJsonArray();
        assertEquals(4 * 39 + 4 * 15, runs.size(), "one benchmark object per test and variant");
        JsonObject multiply = null;
        for (JsonElement e : runs) {
            JsonObject b = e.getAsJsonObject();
            JsonObject m = b.getAsJsonObject("primaryMetric");
            JsonArray raw = m.getAsJsonArray("rawData").get(0).getAsJsonArray();
            assertEquals(b.get("measurementIterations").getAsInt(), raw.size());
            JsonArray conf = m.getAsJsonArray("scoreConfidence");
            assertTrue(
                    conf.get(0).getAsDouble() <= m.get("score").getAsDouble()
                            && m.get("score").getAsDouble() <= conf.get(1).getAsDouble(),
                    b.toString());
            JsonObject params = b.getAsJsonObject("params");
            if (params.get("test").getAsString().equals("multiply(8192,8192)")
                    && params.get("variant").getAsString().equals("dot")) {
                multiply = b;
            }
        }
        assertTrue(multiply != null);
        assertEquals("dotbench.gmpbench.multiply", multiply.get("benchmark").getAsString());
        assertEquals("thrpt", multiply.get("mode").getAsString());
        assertEquals(
                "ops/s",
                multiply.getAsJsonObject("primaryMetric").get("scoreUnit").getAsString());
        JsonObject rec = recorded(GMPBENCH, "multiply(8192,8192)");
        JsonObject s0 =
                rec.getAsJsonObject("samples").getAsJsonArray("dot").get(0).getAsJsonObject();
        double rate0 = s0.get("reps").getAsDouble() * 1e9 / s0.get("cpu_ns").getAsDouble();
        assertEquals(
                rate0,
                multiply.getAsJsonObject("primaryMetric")
                        .getAsJsonArray("rawData")
                        .get(0)
                        .getAsJsonArray()
                        .get(0)
                        .getAsDouble(),
                1e-6);
    }

    private static CliRun cli(String... args) {
        return CliRun.of(args);
    }

    @Test
    void badRequestsAreRefusedWithOneLine() {
        CliRun unknown = cli("export", "--format", "csv", GMPBENCH.toString());
        assertEquals(2, unknown.status());
        assertTrue(
                unknown.err().contains("unknown format \"csv\"; one of bencher, github-action-benchmark"),
                unknown.err());
        CliRun jmh = cli("export", "--format", "jmh", JMH.toString());
        assertEquals(2, jmh.status());
        assertTrue(jmh.err().contains("suite \"jmh\" ran under JMH"), jmh.err());
        CliRun twice = cli("export", "--format", "bencher", GMPBENCH.toString(), GMPBENCH.toString());
        assertEquals(2, twice.status());
        assertTrue(twice.err().contains("export one run per suite at a time"), twice.err());
        CliRun missing = cli("export", "--format", "bencher", "no-such.json");
        assertEquals(5, missing.status());
        CliRun ok = cli("export", "--format", "bencher", GMPBENCH.toString());
        assertEquals(0, ok.status(), ok.err());
        assertTrue(JsonParser.parseString(ok.out()).getAsJsonObject().has("gmpbench/dot-vs-stock/total"));
    }
}
