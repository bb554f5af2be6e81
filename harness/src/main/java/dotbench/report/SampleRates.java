package dotbench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per test and variant, the rate (operations per second) of each recorded sample. gmpbench and
 * speed samples carry {reps, cpu_ns}; converted JMH samples carry {ns_per_op}. Both are turned
 * into rates so that "higher is faster" holds everywhere.
 */
public final class SampleRates {
    private SampleRates() {}

    /** variant to its rates in run order (index i of every variant is the same interleaved round). */
    public static Map<String, double[]> of(JsonObject test) {
        Map<String, double[]> out = new LinkedHashMap<>();
        if (!test.has("samples") || !test.get("samples").isJsonObject()) {
            return out;
        }
        for (Map.Entry<String, JsonElement> e : test.getAsJsonObject("samples").entrySet()) {
            if (!e.getValue().isJsonArray()) {
                continue;
            }
            double[] rates = e.getValue().getAsJsonArray().asList().stream()
                    .filter(JsonElement::isJsonObject)
                    .mapToDouble(s -> rate(s.getAsJsonObject()))
                    .filter(r -> Double.isFinite(r) && r > 0)
                    .toArray();
            if (rates.length > 0) {
                out.put(e.getKey(), rates);
            }
        }
        return out;
    }

    private static double rate(JsonObject s) {
        if (number(s, "reps") && number(s, "cpu_ns")) {
            return s.get("reps").getAsDouble() / s.get("cpu_ns").getAsDouble() * 1e9;
        }
        if (number(s, "ns_per_op")) {
            return 1e9 / s.get("ns_per_op").getAsDouble();
        }
        return Double.NaN;
    }

    private static boolean number(JsonObject o, String k) {
        return o.has(k)
                && o.get(k).isJsonPrimitive()
                && o.get(k).getAsJsonPrimitive().isNumber();
    }
}
