package dotbench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dotbench.stats.Intervals;
import dotbench.stats.RatioEstimate;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One dotbench result file ("dotbench-result", results/README.md), read for reports and
 * comparisons. Only the parts every suite shares are interpreted here; a field a file lacks reads
 * as absent, never as zero.
 */
public record ResultFile(Path path, JsonObject root) {
    /**
     * Reads and checks the schema and the shape of the fields readers use; a file of another
     * schema, of a version this reader does not know, or with a field of the wrong type is refused
     * with an IOException whose message names the file and the reason.
     */
    public static ResultFile load(Path path) throws IOException {
        JsonElement parsed;
        try {
            parsed = JsonParser.parseString(readText(path));
        } catch (JsonParseException e) {
            throw new IOException(path + ": not JSON (" + jsonError(e) + ")", e);
        }
        if (!parsed.isJsonObject() || !"dotbench-result".equals(string(parsed.getAsJsonObject(), "schema"))) {
            throw new IOException(path + ": not a dotbench result file (schema is not \"dotbench-result\")");
        }
        JsonObject root = parsed.getAsJsonObject();
        Optional<String> problem = ResultShape.problem(root);
        if (problem.isPresent()) {
            throw new IOException(path + ": not a usable dotbench result file: " + problem.get());
        }
        return new ResultFile(path, root);
    }

    /** Gson's message without the troubleshooting link it adds on a line of its own. */
    public static String jsonError(JsonParseException e) {
        String m = String.valueOf(e.getMessage());
        return m.lines().findFirst().orElse(m).strip();
    }

    /**
     * A file's text as UTF-8, with errors that name the file and say what is wrong with it
     * (no such file, a folder, not UTF-8, not readable) rather than the bare exception text.
     */
    public static String readText(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            throw new IOException(path + ": is a folder, not a file");
        }
        try {
            return Files.readString(path);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(path.toString(), null, "no such file");
        } catch (MalformedInputException e) {
            throw new IOException(path + ": not UTF-8 text (a result file is UTF-8 JSON)", e);
        } catch (AccessDeniedException e) {
            throw new IOException(path + ": permission denied", e);
        } catch (IOException e) {
            throw new IOException(path + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    public String suite() {
        return string(root, "suite");
    }

    public JsonObject provenance() {
        return root.has("provenance") && root.get("provenance").isJsonObject()
                ? root.getAsJsonObject("provenance")
                : new JsonObject();
    }

    public String cpuModel() {
        return Optional.ofNullable(object(provenance(), "cpu"))
                .map(c -> string(c, "model"))
                .orElse("unknown CPU");
    }

    public String hostname() {
        return Optional.ofNullable(string(provenance(), "hostname")).orElse("unknown host");
    }

    /**
     * "AuthenticAMD family 26 model 2": /proc/cpuinfo's numbers, which tell apart CPU generations
     * that share a model name; empty for files written before they were recorded.
     */
    public Optional<String> cpuSignature() {
        JsonObject cpu = object(provenance(), "cpu");
        if (cpu == null || !cpu.has("family") || !cpu.has("model_number")) {
            return Optional.empty();
        }
        String vendor = string(cpu, "vendor");
        return Optional.of((vendor == null ? "" : vendor + " ") + "family "
                + cpu.get("family").getAsString() + " model "
                + cpu.get("model_number").getAsString());
    }

    /** What a fleet view calls this machine: its CPU model (and family numbers, when recorded), then its host name. */
    public String machine() {
        return cpuModel() + cpuSignature().map(s -> " [" + s + "]").orElse("") + " @ " + hostname();
    }

    public Set<String> cpuFlags() {
        Set<String> flags = new TreeSet<>();
        JsonObject cpu = object(provenance(), "cpu");
        if (cpu != null && cpu.has("flags") && cpu.get("flags").isJsonArray()) {
            cpu.getAsJsonArray("flags").forEach(f -> flags.add(f.getAsString()));
        }
        return flags;
    }

    private static final Pattern MARKER_ISA = Pattern.compile("\\bisa=([a-z0-9]+)");

    /**
     * The ISA libdot's dispatcher ran in this result's process: provenance.libdot.isa, else what
     * a patched variant's marker reports ("dotssl 3.5.7 dot-0.1.0 isa=ifma"), if either is there.
     */
    public Optional<String> libdotIsa() {
        Optional<String> recorded =
                Optional.ofNullable(object(provenance(), "libdot")).map(l -> string(l, "isa"));
        if (recorded.isPresent()
                || !root.has("variants")
                || !root.get("variants").isJsonArray()) {
            return recorded;
        }
        for (JsonElement v : root.getAsJsonArray("variants")) {
            String marker = v.isJsonObject() ? string(v.getAsJsonObject(), "marker") : null;
            Matcher m = marker == null ? null : MARKER_ISA.matcher(marker);
            if (m != null && m.find()) {
                return Optional.of(m.group(1));
            }
        }
        return Optional.empty();
    }

    public String date() {
        return Optional.ofNullable(string(provenance(), "date")).orElse("unknown date");
    }

    /** Variant names in the order the run listed them. */
    public List<String> variantNames() {
        List<String> names = new ArrayList<>();
        if (root.has("variants") && root.get("variants").isJsonArray()) {
            for (JsonElement v : root.getAsJsonArray("variants")) {
                names.add(v.isJsonObject() ? string(v.getAsJsonObject(), "name") : v.getAsString());
            }
        }
        return names;
    }

    public List<PairRatios> comparisons() {
        List<PairRatios> out = new ArrayList<>();
        if (!root.has("comparisons") || !root.get("comparisons").isJsonArray()) {
            return out;
        }
        for (JsonElement e : root.getAsJsonArray("comparisons")) {
            JsonObject c = e.getAsJsonObject();
            String baseline = string(c, "baseline");
            String candidate = string(c, "candidate");
            JsonObject recorded = object(c, "latency");
            out.add(new PairRatios(
                    baseline,
                    candidate,
                    ratios(object(c, "tests")),
                    ratios(object(c, "scopes")),
                    recorded != null ? latency(recorded) : percentileRatios(baseline, candidate)));
        }
        return out;
    }

    public Optional<PairRatios> comparison(String baseline, String candidate) {
        return comparisons().stream()
                .filter(p -> p.baseline().equals(baseline) && p.candidate().equals(candidate))
                .findFirst();
    }

    /**
     * Per test with raw samples of both variants, its round-paired ratios candidate / baseline
     * (above 1: the candidate is faster), in the file's test order.
     */
    public Map<String, double[]> pairedRatios(String baseline, String candidate) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (JsonObject t : tests()) {
            Map<String, double[]> rates = SampleRates.of(t);
            double[] b = rates.get(baseline);
            double[] a = rates.get(candidate);
            String name = string(t, "name");
            if (a != null && b != null && name != null) {
                out.put(name, Intervals.ratios(a, b));
            }
        }
        return out;
    }

    /** tests[] as objects (suite-specific fields inside). */
    public List<JsonObject> tests() {
        List<JsonObject> out = new ArrayList<>();
        if (root.has("tests") && root.get("tests").isJsonArray()) {
            JsonArray a = root.getAsJsonArray("tests");
            a.forEach(t -> out.add(t.getAsJsonObject()));
        }
        return out;
    }

    private static Map<String, RatioEstimate> ratios(JsonObject o) {
        Map<String, RatioEstimate> out = new LinkedHashMap<>();
        if (o != null) {
            o.entrySet().forEach(e -> ratio(e.getValue()).ifPresent(r -> out.put(e.getKey(), r)));
        }
        return out;
    }

    /** latency: percentile ("p50") to test to ratio, as the speed suite may record them. */
    private static Map<String, Map<String, RatioEstimate>> latency(JsonObject o) {
        Map<String, Map<String, RatioEstimate>> out = new LinkedHashMap<>();
        if (o != null) {
            o.entrySet().forEach(e -> {
                if (e.getValue().isJsonObject()) {
                    out.put(e.getKey(), ratios(e.getValue().getAsJsonObject()));
                }
            });
        }
        return out;
    }

    /**
     * Latency ratios (baseline over candidate, so above 1 means the candidate is faster) per
     * percentile and test, from the percentiles each variant's histogram recorded
     * (tests[].latency.VARIANT.p50 ...). One histogram per variant gives no interval: the
     * estimate stands alone, its interval collapsed onto it.
     */
    private Map<String, Map<String, RatioEstimate>> percentileRatios(String baseline, String candidate) {
        Map<String, Map<String, RatioEstimate>> out = new LinkedHashMap<>();
        for (JsonObject t : tests()) {
            JsonObject lat = object(t, "latency");
            JsonObject b = object(lat, baseline);
            JsonObject c = object(lat, candidate);
            if (b == null || c == null || string(t, "name") == null) {
                continue;
            }
            for (String p : List.of("p50", "p95", "p99")) {
                if (isNumber(b, p) && isNumber(c, p) && c.get(p).getAsDouble() > 0) {
                    double r = b.get(p).getAsDouble() / c.get(p).getAsDouble();
                    out.computeIfAbsent(p, k -> new LinkedHashMap<>())
                            .put(string(t, "name"), new RatioEstimate(r, r, r, false));
                }
            }
        }
        return out;
    }

    static Optional<RatioEstimate> ratio(JsonElement e) {
        if (e == null || !e.isJsonObject()) {
            return Optional.empty();
        }
        JsonObject r = e.getAsJsonObject();
        if (!isNumber(r, "ratio")) {
            return Optional.empty();
        }
        double ratio = r.get("ratio").getAsDouble();
        double low = isNumber(r, "ci_low") ? r.get("ci_low").getAsDouble() : ratio;
        double high = isNumber(r, "ci_high") ? r.get("ci_high").getAsDouble() : ratio;
        boolean noisy = r.has("noisy")
                && r.get("noisy").isJsonPrimitive()
                && r.get("noisy").getAsBoolean();
        return Optional.of(new RatioEstimate(ratio, low, high, noisy));
    }

    static boolean isNumber(JsonObject o, String key) {
        return o.has(key)
                && o.get(key).isJsonPrimitive()
                && o.get(key).getAsJsonPrimitive().isNumber();
    }

    /** A primitive field as text, or null when it is absent, JSON null or not a primitive. */
    public static String string(JsonObject o, String key) {
        return o != null && o.has(key) && o.get(key).isJsonPrimitive()
                ? o.get(key).getAsString()
                : null;
    }

    /** An object field, or null when it is absent or not an object. */
    public static JsonObject object(JsonObject o, String key) {
        return o != null && o.has(key) && o.get(key).isJsonObject() ? o.getAsJsonObject(key) : null;
    }
}
