package dotbench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shape a result file must have before report, compare, history and export read it: every
 * field they read has the JSON type results/README.md gives it (a field may be absent, never of
 * another type). A file that breaks this is refused with the first field that is wrong, its JSON
 * path and what was expected, instead of failing somewhere inside a renderer.
 */
final class ResultShape {
    /** The schema versions this reader understands. */
    static final int VERSION = 1;

    private ResultShape() {}

    /** Why {@code root} is not a result file this reader can use, or empty when it is. */
    static Optional<String> problem(JsonObject root) {
        try {
            check(root);
            return Optional.empty();
        } catch (Wrong w) {
            return Optional.of(w.getMessage());
        }
    }

    private static final class Wrong extends Exception {
        private static final long serialVersionUID = 1L;

        Wrong(String message) {
            super(message, null, false, false);
        }
    }

    private static void check(JsonObject root) throws Wrong {
        JsonElement version = root.get("schema_version");
        if (version == null) {
            throw new Wrong("schema_version is missing");
        }
        if (!isInteger(version)) {
            throw new Wrong("schema_version must be an integer, got " + version);
        }
        BigDecimal v = version.getAsBigDecimal();
        if (v.compareTo(BigDecimal.ONE) < 0 || v.compareTo(BigDecimal.valueOf(VERSION)) > 0) {
            throw new Wrong("schema_version " + version + " is not one this reader knows (" + VERSION + ")");
        }
        required(root, "suite", "$");
        JsonObject provenance = object(root, "provenance", "$");
        if (provenance != null) {
            string(provenance, "hostname", "$.provenance");
            string(provenance, "date", "$.provenance");
            JsonObject cpu = object(provenance, "cpu", "$.provenance");
            if (cpu != null) {
                string(cpu, "model", "$.provenance.cpu");
                strings(cpu, "flags", "$.provenance.cpu");
            }
            JsonObject git = object(provenance, "git", "$.provenance");
            if (git != null) {
                string(git, "commit", "$.provenance.git");
                bool(git, "dirty", "$.provenance.git");
            }
            JsonObject libdot = object(provenance, "libdot", "$.provenance");
            if (libdot != null) {
                string(libdot, "isa", "$.provenance.libdot");
            }
        }
        JsonObject settings = object(root, "settings", "$");
        if (settings != null) {
            string(settings, "profile", "$.settings");
        }
        JsonArray variants = array(root, "variants", "$");
        for (int i = 0; variants != null && i < variants.size(); i++) {
            JsonElement e = variants.get(i);
            String at = "$.variants[" + i + "]";
            if (e.isJsonObject()) {
                required(e.getAsJsonObject(), "name", at);
                string(e.getAsJsonObject(), "marker", at);
            } else if (!isString(e)) {
                throw new Wrong(at + " must be a variant object or a name, got " + e);
            }
        }
        JsonArray tests = array(root, "tests", "$");
        for (int i = 0; tests != null && i < tests.size(); i++) {
            test(element(tests, i, "$.tests"), "$.tests[" + i + "]");
        }
        JsonArray comparisons = array(root, "comparisons", "$");
        for (int i = 0; comparisons != null && i < comparisons.size(); i++) {
            String at = "$.comparisons[" + i + "]";
            JsonObject c = element(comparisons, i, "$.comparisons");
            required(c, "baseline", at);
            required(c, "candidate", at);
            object(c, "tests", at);
            object(c, "scopes", at);
            object(c, "latency", at);
        }
    }

    private static void test(JsonObject t, String at) throws Wrong {
        for (String k : List.of("name", "program", "family")) {
            string(t, k, at);
        }
        object(t, "samples", at);
        JsonObject latency = object(t, "latency", at);
        if (latency == null) {
            return;
        }
        for (Map.Entry<String, JsonElement> v : latency.entrySet()) {
            if (!v.getValue().isJsonObject()) {
                continue;
            }
            String where = at + ".latency." + v.getKey();
            JsonArray cdf = array(v.getValue().getAsJsonObject(), "cdf", where);
            for (int i = 0; cdf != null && i < cdf.size(); i++) {
                JsonElement p = cdf.get(i);
                if (!p.isJsonArray()
                        || p.getAsJsonArray().size() != 2
                        || !isNumber(p.getAsJsonArray().get(0))
                        || !isNumber(p.getAsJsonArray().get(1))) {
                    throw new Wrong(where + ".cdf[" + i + "] must be a [latency, fraction] pair of numbers, got " + p);
                }
            }
        }
    }

    private static JsonObject element(JsonArray a, int i, String at) throws Wrong {
        if (!a.get(i).isJsonObject()) {
            throw new Wrong(at + "[" + i + "] must be an object, got " + a.get(i));
        }
        return a.get(i).getAsJsonObject();
    }

    private static JsonObject object(JsonObject o, String key, String at) throws Wrong {
        JsonElement e = present(o, key);
        if (e != null && !e.isJsonObject()) {
            throw wrong(at, key, "an object", e);
        }
        return e == null ? null : e.getAsJsonObject();
    }

    private static JsonArray array(JsonObject o, String key, String at) throws Wrong {
        JsonElement e = present(o, key);
        if (e != null && !e.isJsonArray()) {
            throw wrong(at, key, "an array", e);
        }
        return e == null ? null : e.getAsJsonArray();
    }

    private static void strings(JsonObject o, String key, String at) throws Wrong {
        JsonArray a = array(o, key, at);
        for (int i = 0; a != null && i < a.size(); i++) {
            if (!isString(a.get(i))) {
                throw wrong(at, key + "[" + i + "]", "a string", a.get(i));
            }
        }
    }

    private static void string(JsonObject o, String key, String at) throws Wrong {
        JsonElement e = present(o, key);
        if (e != null && !isString(e)) {
            throw wrong(at, key, "a string", e);
        }
    }

    private static void required(JsonObject o, String key, String at) throws Wrong {
        if (present(o, key) == null) {
            throw new Wrong(at + "." + key + " is missing");
        }
        string(o, key, at);
    }

    private static void bool(JsonObject o, String key, String at) throws Wrong {
        JsonElement e = present(o, key);
        if (e != null && !(e.isJsonPrimitive() && e.getAsJsonPrimitive().isBoolean())) {
            throw wrong(at, key, "true or false", e);
        }
    }

    /** The field, or null when it is absent or JSON null (both read as "not recorded"). */
    private static JsonElement present(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e.isJsonNull() ? null : e;
    }

    private static Wrong wrong(String at, String key, String expected, JsonElement got) {
        String shown = got.toString();
        return new Wrong(at + "." + key + " must be " + expected + ", got "
                + (shown.length() > 40 ? shown.substring(0, 40) + "..." : shown));
    }

    private static boolean isString(JsonElement e) {
        return e.isJsonPrimitive() && e.getAsJsonPrimitive().isString();
    }

    private static boolean isNumber(JsonElement e) {
        return e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber();
    }

    private static boolean isInteger(JsonElement e) {
        if (!isNumber(e)) {
            return false;
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        try {
            return p.getAsBigDecimal().stripTrailingZeros().scale() <= 0;
        } catch (NumberFormatException ex) {
            return false;
        }
    }
}
