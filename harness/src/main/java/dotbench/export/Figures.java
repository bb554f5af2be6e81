package dotbench.export;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dotbench.report.PairRatios;
import dotbench.report.ResultFile;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What every export format is made of, read once from a result file: each A/B ratio with its 95%
 * interval, and each variant's per-sample rates (operations per CPU second) per test.
 */
record Figures(String suite, String commit, String machine, List<Ratio> ratios, List<Rates> rates) {
    /** candidate/baseline speed of one test (or GMPbench scope) of one pair. */
    record Ratio(String baseline, String candidate, String figure, RatioEstimate estimate) {}

    /** One variant's rates of one test, one per timed sample, and the median the run reported. */
    record Rates(String test, String group, String variant, double median, double[] samples) {}

    static Figures of(ResultFile f) {
        List<Ratio> ratios = new ArrayList<>();
        for (PairRatios p : f.comparisons()) {
            p.scopes().forEach((name, r) -> ratios.add(new Ratio(p.baseline(), p.candidate(), name, r)));
            p.tests().forEach((name, r) -> ratios.add(new Ratio(p.baseline(), p.candidate(), name, r)));
        }
        List<Rates> rates = new ArrayList<>();
        for (JsonObject t : f.tests()) {
            JsonObject medians = object(t, "median_ops_per_s");
            JsonObject samples = object(t, "samples");
            String name = ResultFile.string(t, "name");
            if (medians == null || samples == null || name == null) {
                continue;
            }
            String group = ResultFile.string(t, "program") != null
                    ? ResultFile.string(t, "program")
                    : ResultFile.string(t, "family") != null ? ResultFile.string(t, "family") : "test";
            for (Map.Entry<String, JsonElement> m : medians.entrySet()) {
                if (number(m.getValue())
                        && samples.has(m.getKey())
                        && samples.get(m.getKey()).isJsonArray()) {
                    double[] perSample = sampleRates(samples.getAsJsonArray(m.getKey()));
                    if (perSample.length > 0 && m.getValue().getAsDouble() > 0) {
                        rates.add(
                                new Rates(name, group, m.getKey(), m.getValue().getAsDouble(), perSample));
                    }
                }
            }
        }
        JsonObject git = object(f.provenance(), "git");
        String commit = ResultFile.string(git, "commit") != null ? ResultFile.string(git, "commit") : "unrecorded";
        return new Figures(f.suite(), commit, f.machine(), ratios, rates);
    }

    private static double[] sampleRates(Iterable<JsonElement> samples) {
        List<Double> out = new ArrayList<>();
        for (JsonElement e : samples) {
            JsonObject s = e.isJsonObject() ? e.getAsJsonObject() : new JsonObject();
            if (number(s.get("reps"))
                    && number(s.get("cpu_ns"))
                    && s.get("cpu_ns").getAsDouble() > 0) {
                out.add(s.get("reps").getAsDouble() * 1e9 / s.get("cpu_ns").getAsDouble());
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static boolean number(JsonElement e) {
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber();
    }

    private static JsonObject object(JsonObject o, String key) {
        return o != null && o.has(key) && o.get(key).isJsonObject() ? o.getAsJsonObject(key) : null;
    }
}
