package dotbench.export;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.report.ResultFile;
import dotbench.stats.Statistics;
import java.util.List;

/**
 * A GMPbench-style or openssl-speed-style run in the shape of JMH's JSON result (an array of
 * benchmark objects with primaryMetric), so tools that read JMH output can chart it. One object
 * per test and variant: benchmark "dotbench.SUITE.PROGRAM", params {test, variant}, mode thrpt
 * in ops/s over CPU time. Where JMH's meaning differs the fields say dotbench's: score is the
 * run's median (JMH: the mean), scoreConfidence the lowest and highest sample, scoreError half
 * that range; warmup is 0 (the run's calibration is not a JMH warmup).
 */
final class JmhShape {
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    private JmhShape() {}

    static JsonArray render(List<ResultFile> files) {
        JsonArray out = new JsonArray();
        for (ResultFile f : files) {
            if ("jmh".equals(f.suite())) {
                throw new IllegalArgumentException(
                        f.path() + ": suite \"jmh\" ran under JMH; its own JSON is what `make bench` writes");
            }
            JsonObject jdk = object(f.provenance(), "jdk");
            JsonObject settings = object(f.root(), "settings");
            String time = !string(settings, "min_time_s").equals("unrecorded")
                    ? string(settings, "min_time_s") + " s"
                    : !string(settings, "window_s").equals("unrecorded")
                            ? string(settings, "window_s") + " s"
                            : "unrecorded";
            for (Figures.Rates r : Figures.of(f).rates()) {
                JsonObject b = new JsonObject();
                b.addProperty("jmhVersion", "none (dotbench " + f.suite() + ")");
                b.addProperty(
                        "benchmark", "dotbench." + f.suite() + "." + r.group().replaceAll("[^A-Za-z0-9_]", "_"));
                b.addProperty("mode", "thrpt");
                b.addProperty("threads", 1);
                b.addProperty("forks", 1);
                b.addProperty(
                        "jvm",
                        string(jdk, "home").equals("unrecorded") ? "unrecorded" : string(jdk, "home") + "/bin/java");
                b.add("jvmArgs", new JsonArray());
                b.addProperty("jdkVersion", string(jdk, "version"));
                b.addProperty("vmName", string(jdk, "vm"));
                b.addProperty("vmVersion", string(jdk, "version"));
                b.addProperty("warmupIterations", 0);
                b.addProperty("warmupTime", "0 s");
                b.addProperty("warmupBatchSize", 1);
                b.addProperty("measurementIterations", r.samples().length);
                b.addProperty("measurementTime", time);
                b.addProperty("measurementBatchSize", 1);
                JsonObject params = new JsonObject();
                params.addProperty("test", r.test());
                params.addProperty("variant", r.variant());
                b.add("params", params);
                b.add("primaryMetric", metric(r));
                b.add("secondaryMetrics", new JsonObject());
                out.add(b);
            }
        }
        return out;
    }

    private static JsonObject metric(Figures.Rates r) {
        double low = ExportFormat.min(r.samples());
        double high = ExportFormat.max(r.samples());
        JsonObject m = new JsonObject();
        m.addProperty("score", r.median());
        m.addProperty("scoreError", (high - low) / 2);
        JsonArray confidence = new JsonArray();
        confidence.add(low);
        confidence.add(high);
        m.add("scoreConfidence", confidence);
        JsonObject percentiles = new JsonObject();
        for (double p : PERCENTILES) {
            percentiles.addProperty(Double.toString(p), Statistics.quantile(r.samples(), p / 100));
        }
        m.add("scorePercentiles", percentiles);
        m.addProperty("scoreUnit", "ops/s");
        JsonArray fork = new JsonArray();
        for (double v : r.samples()) {
            fork.add(v);
        }
        JsonArray raw = new JsonArray();
        raw.add(fork);
        m.add("rawData", raw);
        return m;
    }

    private static String string(JsonObject o, String key) {
        return o.has(key) && o.get(key).isJsonPrimitive() ? o.get(key).getAsString() : "unrecorded";
    }

    private static JsonObject object(JsonObject o, String key) {
        return o != null && o.has(key) && o.get(key).isJsonObject() ? o.getAsJsonObject(key) : new JsonObject();
    }
}
