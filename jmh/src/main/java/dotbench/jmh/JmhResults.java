package dotbench.jmh;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.compare.IndependentRatio;
import dotbench.stats.RatioEstimate;
import dotbench.stats.Statistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JMH's JSON output turned into the dotbench-result schema (suite "jmh", results/README.md):
 * one test per kernel and size ("add_n(64)"), its samples the per-iteration ns/op of each
 * implementation, and one comparison per A/B pair with the ratio of medians and its bootstrap
 * interval. JMH runs the cases one after the other, not interleaved, so the samples of A and B
 * are independent and resampled as such.
 */
final class JmhResults {
    static final double NOISE_THRESHOLD = 0.05;

    private JmhResults() {}

    /** case id to its iteration scores (ns per call), for the "kernel" benchmark. */
    static Map<String, double[]> iterations(String jmhJson, String benchmark) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (JsonElement e : JsonParser.parseString(jmhJson).getAsJsonArray()) {
            JsonObject r = e.getAsJsonObject();
            if (!r.get("benchmark").getAsString().endsWith("." + benchmark)) {
                continue;
            }
            String kase = r.getAsJsonObject("params").get("kase").getAsString();
            List<Double> scores = new ArrayList<>();
            for (JsonElement fork : r.getAsJsonObject("primaryMetric").getAsJsonArray("rawData")) {
                fork.getAsJsonArray().forEach(x -> scores.add(x.getAsDouble()));
            }
            out.put(kase, scores.stream().mapToDouble(Double::doubleValue).toArray());
        }
        return out;
    }

    /** Where an implementation's code lives and whether it is a DoT-patched GMP/OpenSSL build. */
    record Library(String path, boolean modified) {}

    /**
     * @param libraries implementation id ("gmp/dot") to its library; ids missing here are
     *                  written with an empty path
     * @param failedCases case ids that produced no result (wrong answer or error)
     */
    static JsonObject toResult(
            Map<String, double[]> kernel,
            Map<String, double[]> overhead,
            Map<String, Library> libraries,
            List<String> failedCases,
            JsonObject provenance,
            JsonObject settings,
            String command,
            double elapsedSeconds) {
        // test name -> impl -> ns per call
        Map<String, Map<String, double[]>> byTest = new TreeMap<>(JmhResults::bySizeThenName);
        kernel.forEach((kase, ns) -> {
            String[] p = kase.split(":");
            byTest.computeIfAbsent(p[1] + "(" + p[2] + ")", k -> new LinkedHashMap<>())
                    .put(p[0], ns);
        });
        JsonObject root = new JsonObject();
        root.addProperty("schema", "dotbench-result");
        root.addProperty("schema_version", 1);
        root.addProperty("suite", "jmh");
        root.addProperty("command", command);
        root.add("provenance", provenance);
        root.add("settings", settings);
        root.addProperty("elapsed_s", elapsedSeconds);
        JsonArray variants = new JsonArray();
        kernel.keySet().stream().map(k -> k.split(":")[0]).distinct().sorted().forEach(impl -> {
            JsonObject v = new JsonObject();
            Library lib = libraries.getOrDefault(impl, new Library("", false));
            v.addProperty("name", impl);
            v.addProperty("library", impl.substring(0, impl.indexOf('/')));
            v.addProperty("path", lib.path());
            v.addProperty("modified", lib.modified());
            variants.add(v);
        });
        root.add("variants", variants);
        JsonArray tests = new JsonArray();
        byTest.forEach((name, impls) -> tests.add(test(name, impls, overhead, failedCases)));
        root.add("tests", tests);
        JsonArray comparisons = new JsonArray();
        for (List<String> pair : Cases.PAIRS) {
            JsonObject c = comparison(pair.get(0), pair.get(1), byTest);
            if (c.getAsJsonObject("tests").size() > 0) {
                comparisons.add(c);
            }
        }
        root.add("comparisons", comparisons);
        return root;
    }

    private static JsonObject test(
            String name, Map<String, double[]> impls, Map<String, double[]> overhead, List<String> failedCases) {
        JsonObject t = new JsonObject();
        t.addProperty("name", name);
        String op = name.substring(0, name.indexOf('('));
        int limbs = Integer.parseInt(name.substring(name.indexOf('(') + 1, name.length() - 1));
        t.addProperty("op", op);
        t.addProperty("limbs", limbs);
        t.addProperty("checked_by", "BigInteger answer (and carry/borrow) before the first and after every iteration");
        JsonArray failed = new JsonArray();
        failedCases.stream()
                .map(c -> c.split(":"))
                .filter(p -> (p[1] + "(" + p[2] + ")").equals(name))
                .forEach(p -> failed.add(p[0]));
        t.add("failed", failed);
        JsonObject samples = new JsonObject();
        JsonObject median = new JsonObject();
        impls.forEach((impl, ns) -> {
            JsonArray a = new JsonArray();
            for (double x : ns) {
                JsonObject s = new JsonObject();
                s.addProperty("ns_per_op", x);
                a.add(s);
            }
            samples.add(impl, a);
            median.addProperty(impl, 1e9 / Statistics.median(ns));
        });
        t.add("median_ops_per_s", median);
        t.add("samples", samples);
        overhead.entrySet().stream()
                .filter(e -> e.getKey().endsWith(":" + limbs))
                .findFirst()
                .ifPresent(e -> {
                    JsonObject o = new JsonObject();
                    o.addProperty("empty_loop_ns_per_op", Statistics.median(e.getValue()));
                    o.addProperty("measured_with", e.getKey());
                    t.add("overhead", o);
                });
        return t;
    }

    private static JsonObject comparison(String baseline, String candidate, Map<String, Map<String, double[]>> byTest) {
        JsonObject c = new JsonObject();
        c.addProperty("baseline", baseline);
        c.addProperty("candidate", candidate);
        JsonObject tests = new JsonObject();
        byTest.forEach((name, impls) -> {
            double[] b = impls.get(baseline);
            double[] n = impls.get(candidate);
            if (b != null && n != null) {
                RatioEstimate r = IndependentRatio.of(rates(n), rates(b), NOISE_THRESHOLD);
                JsonObject o = new JsonObject();
                o.addProperty("ratio", r.ratio());
                o.addProperty("ci_low", r.low());
                o.addProperty("ci_high", r.high());
                o.addProperty("noisy", r.noisy());
                tests.add(name, o);
            }
        });
        c.add("tests", tests);
        c.add("scopes", new JsonObject());
        return c;
    }

    private static double[] rates(double[] nsPerOp) {
        double[] out = new double[nsPerOp.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = 1e9 / nsPerOp[i];
        }
        return out;
    }

    /** "add_n(8)" before "add_n(16)": op name, then limbs numerically. */
    private static int bySizeThenName(String x, String y) {
        String ox = x.substring(0, x.indexOf('('));
        String oy = y.substring(0, y.indexOf('('));
        if (!ox.equals(oy)) {
            return ox.compareTo(oy);
        }
        return Integer.compare(
                Integer.parseInt(x.substring(x.indexOf('(') + 1, x.length() - 1)),
                Integer.parseInt(y.substring(y.indexOf('(') + 1, y.length() - 1)));
    }

    static String pretty(JsonObject o) {
        return new GsonBuilder()
                        .setPrettyPrinting()
                        .serializeSpecialFloatingPointValues()
                        .create()
                        .toJson(o) + "\n";
    }
}
