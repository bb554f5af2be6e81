package dotbench.bindings;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * @param source the file it was read from, or empty for a library without one (the system's)
 * @param json   the parsed object; empty when there is no file
 */
public record Manifest(Optional<Path> source, JsonObject json) {
    public Manifest {
        json = json.deepCopy();
    }

    public static Manifest none() {
        return new Manifest(Optional.empty(), new JsonObject());
    }

    /** Reads {@code file}, or returns {@link #none()} if it does not exist. */
    public static Manifest readIfPresent(Path file) {
        if (!Files.isRegularFile(file)) {
            return none();
        }
        try {
            JsonElement parsed = JsonParser.parseString(Files.readString(file));
            if (!parsed.isJsonObject()) {
                throw new IllegalArgumentException(file + ": a manifest must be a JSON object");
            }
            return new Manifest(Optional.of(file), parsed.getAsJsonObject());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
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
