package dotbench.bindings;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A variant's manifest.json (upstream version, patch hash, configure line, CFLAGS, ...), kept as
 * the JSON it was, so results carry every field the build wrote, including ones added later.
 *
 * @param source  the file it was read from, or empty for a library without one (the system's)
 * @param json    the parsed object; empty when there is no file or it could not be read
 * @param problem why the file could not be used (not JSON, not an object, unreadable), if so
 */
public record Manifest(Optional<Path> source, JsonObject json, Optional<String> problem) {
    public Manifest {
        json = json.deepCopy();
    }

    public Manifest(Optional<Path> source, JsonObject json) {
        this(source, json, Optional.empty());
    }

    public static Manifest none() {
        return new Manifest(Optional.empty(), new JsonObject());
    }

    /**
     * Reads {@code file}, or returns {@link #none()} if it does not exist. A file that cannot be
     * used gives a manifest with its {@link #problem()}: scanning the builds never fails because
     * of one variant's manifest; loading that variant does ({@link LibraryVariant#open}).
     */
    public static Manifest readIfPresent(Path file) {
        if (!Files.isRegularFile(file)) {
            return none();
        }
        String why;
        try {
            JsonElement parsed = JsonParser.parseString(Files.readString(file));
            if (parsed.isJsonObject()) {
                return new Manifest(Optional.of(file), parsed.getAsJsonObject());
            }
            why = "a manifest must be a JSON object";
        } catch (JsonParseException e) {
            String m = String.valueOf(e.getMessage());
            why = "not JSON (" + m.lines().findFirst().orElse(m).strip() + ")";
        } catch (MalformedInputException e) {
            why = "not UTF-8 text";
        } catch (IOException e) {
            why = "cannot read it (" + e.getMessage() + ")";
        }
        return new Manifest(Optional.of(file), new JsonObject(), Optional.of(file + ": " + why));
    }

    @Override
    public JsonObject json() {
        return json.deepCopy();
    }

    /** A top-level field as text (JSON for non-strings), if present. */
    public Optional<String> field(String name) {
        JsonElement e = json.get(name);
        if (e == null || e.isJsonNull()) {
            return Optional.empty();
        }
        return Optional.of(e.isJsonPrimitive() ? e.getAsString() : e.toString());
    }

    /** Top-level fields as text, in file order. */
    public Map<String, String> fields() {
        Map<String, String> out = new LinkedHashMap<>();
        json.keySet().forEach(k -> field(k).ifPresent(v -> out.put(k, v)));
        return Collections.unmodifiableMap(out);
    }
}
