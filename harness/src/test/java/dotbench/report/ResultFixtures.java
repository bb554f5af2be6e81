package dotbench.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Small result files in the dotbench-result schema, written for tests (inputs, not claims). */
public final class ResultFixtures {
    private final JsonObject root = new JsonObject();
    private final JsonArray tests = new JsonArray();
    private final JsonArray comparisons = new JsonArray();

    public ResultFixtures(String suite, String cpuModel, List<String> flags, String isa) {
        root.addProperty("schema", "dotbench-result");
        root.addProperty("schema_version", 1);
        root.addProperty("suite", suite);
        JsonObject prov = new JsonObject();
        prov.addProperty("date", "2026-01-01T00:00:00Z");
        prov.addProperty("hostname", "testhost");
        JsonObject cpu = new JsonObject();
        cpu.addProperty("model", cpuModel);
        JsonArray f = new JsonArray();
        flags.forEach(f::add);
        cpu.add("flags", f);
        prov.add("cpu", cpu);
        JsonObject libdot = new JsonObject();
        libdot.addProperty("isa", isa);
        prov.add("libdot", libdot);
        JsonObject git = new JsonObject();
        git.addProperty("commit", "0123456789abcdef");
        git.addProperty("dirty", false);
        prov.add("git", git);
        root.add("provenance", prov);
        root.add("tests", tests);
        root.add("comparisons", comparisons);
    }

    /** /proc/cpuinfo's vendor and family numbers, as Provenance records them. */
    public ResultFixtures cpuSignature(String vendor, int family, int model) {
        JsonObject cpu = root.getAsJsonObject("provenance").getAsJsonObject("cpu");
        cpu.addProperty("vendor", vendor);
        cpu.addProperty("family", family);
        cpu.addProperty("model_number", model);
        cpu.addProperty("stepping", 0);
        return this;
    }

    public ResultFixtures variants(String... names) {
        JsonArray a = new JsonArray();
        for (String n : names) {
            JsonObject v = new JsonObject();
            v.addProperty("name", n);
            a.add(v);
        }
        root.add("variants", a);
        return this;
    }

    /** A test whose every variant has these ops/s samples (as reps over cpu_ns, 1e6 reps each). */
    public ResultFixtures test(String name, Map<String, double[]> opsPerSecond) {
        JsonObject t = new JsonObject();
        t.addProperty("name", name);
        JsonObject samples = new JsonObject();
        opsPerSecond.forEach((variant, rates) -> {
            JsonArray a = new JsonArray();
            for (double r : rates) {
                JsonObject s = new JsonObject();
                s.addProperty("reps", 1_000_000);
                s.addProperty("cpu_ns", 1e6 / r * 1e9);
                a.add(s);
            }
            samples.add(variant, a);
        });
        t.add("samples", samples);
        tests.add(t);
        return this;
    }

    public ResultFixtures latency(String testName, String variant, double[][] cdf) {
        for (var e : tests) {
            JsonObject t = e.getAsJsonObject();
            if (t.get("name").getAsString().equals(testName)) {
                JsonObject lat = t.has("latency") ? t.getAsJsonObject("latency") : new JsonObject();
                JsonObject d = new JsonObject();
                JsonArray points = new JsonArray();
                for (double[] p : cdf) {
                    JsonArray pt = new JsonArray();
                    pt.add(p[0]);
                    pt.add(p[1]);
                    points.add(pt);
                }
                d.add("cdf", points);
                d.addProperty("unit", "ns");
                for (double q : new double[] {0.50, 0.95, 0.99}) {
                    for (double[] pt : cdf) {
                        if (pt[1] >= q) {
                            d.addProperty("p" + Math.round(q * 100), pt[0]);
                            break;
                        }
                    }
                }
                lat.add(variant, d);
                t.add("latency", lat);
            }
        }
        return this;
    }

    /** A comparison: tests and scopes map a name to {ratio, low, high} (noisy when width > 5%). */
    public ResultFixtures comparison(
            String baseline, String candidate, Map<String, double[]> testRatios, Map<String, double[]> scopeRatios) {
        JsonObject c = new JsonObject();
        c.addProperty("baseline", baseline);
        c.addProperty("candidate", candidate);
        c.add("tests", ratios(testRatios));
        c.add("scopes", ratios(scopeRatios));
        comparisons.add(c);
        return this;
    }

    private static JsonObject ratios(Map<String, double[]> m) {
        JsonObject o = new JsonObject();
        m.forEach((k, v) -> {
            JsonObject r = new JsonObject();
            r.addProperty("ratio", v[0]);
            r.addProperty("ci_low", v[1]);
            r.addProperty("ci_high", v[2]);
            r.addProperty("noisy", (v[2] - v[1]) / v[0] > 0.05);
            o.add(k, r);
        });
        return o;
    }

    public Path write(Path file) throws IOException {
        Files.writeString(file, new GsonBuilder().setPrettyPrinting().create().toJson(root));
        return file;
    }

    public static final List<String> ZEN4_FLAGS =
            List.of("sse4_2", "avx2", "bmi2", "adx", "avx512f", "avx512vl", "avx512ifma");
    public static final List<String> ZEN3_FLAGS = List.of("sse4_2", "avx2", "bmi2", "adx");
}
