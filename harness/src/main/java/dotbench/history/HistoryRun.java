package dotbench.history;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dotbench.report.PairRatios;
import dotbench.report.ResultFile;
import dotbench.stats.RatioEstimate;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of a history: which suite and profile, at which commit, when, on which machine, and its
 * A/B ratios per pair (tests and scopes). Read from a full result file or from the compact history entry
 * ("dotbench-history-entry", results/README.md) that keeps just this much.
 */
public record HistoryRun(
        String suite,
        String profile,
        String commit,
        boolean dirty,
        Instant date,
        String machine,
        String source,
        List<PairRatios> pairs) {
    public static final String ENTRY_SCHEMA = "dotbench-history-entry";

    /** The run a result file records; its commit and date come from the provenance. */
    public static HistoryRun of(ResultFile f) throws IOException {
        JsonObject git = f.provenance().has("git") && f.provenance().get("git").isJsonObject()
                ? f.provenance().getAsJsonObject("git")
                : new JsonObject();
        String commit = git.has("commit") && git.get("commit").isJsonPrimitive()
                ? git.get("commit").getAsString()
                : "unrecorded";
        boolean dirty = git.has("dirty")
                && git.get("dirty").isJsonPrimitive()
                && git.get("dirty").getAsBoolean();
        JsonObject settings =
                f.root().has("settings") && f.root().get("settings").isJsonObject()
                        ? f.root().getAsJsonObject("settings")
                        : new JsonObject();
        String profile = settings.has("profile") && settings.get("profile").isJsonPrimitive()
                ? settings.get("profile").getAsString()
                : "unrecorded";
        return new HistoryRun(
                f.suite(),
                profile,
                commit,
                dirty,
                instant(f.date(), f.path()),
                f.machine(),
                f.path().getFileName().toString(),
                f.comparisons());
    }

    /** A history entry or a full result file, whichever the file is. */
    public static HistoryRun load(Path path) throws IOException {
        JsonElement parsed;
        try {
            parsed = JsonParser.parseString(ResultFile.readText(path));
        } catch (JsonParseException e) {
            throw new IOException(path + ": not JSON (" + ResultFile.jsonError(e) + ")", e);
        }
        JsonObject o = parsed.isJsonObject() ? parsed.getAsJsonObject() : null;
        if (o == null || !ENTRY_SCHEMA.equals(ResultFile.string(o, "schema"))) {
            return of(ResultFile.load(path));
        }
        JsonElement version = o.get("schema_version");
        if (version == null
                || !version.isJsonPrimitive()
                || !version.getAsJsonPrimitive().isNumber()
                || !"1".equals(version.getAsString())) {
            throw new IOException(
                    path + ": history entry schema_version " + version + " is not one this reader knows (1)");
        }
        try {
            List<PairRatios> pairs = new ArrayList<>();
            for (JsonElement e : o.getAsJsonArray("comparisons")) {
                JsonObject c = e.getAsJsonObject();
                pairs.add(new PairRatios(
                        c.get("baseline").getAsString(),
                        c.get("candidate").getAsString(),
                        ratios(c.getAsJsonObject("tests")),
                        ratios(c.getAsJsonObject("scopes")),
                        Map.of()));
            }
            return new HistoryRun(
                    o.get("suite").getAsString(),
                    o.get("profile").getAsString(),
                    o.get("commit").getAsString(),
                    o.get("dirty").getAsBoolean(),
                    instant(o.get("date").getAsString(), path),
                    o.get("machine").getAsString(),
                    o.get("source").getAsString(),
                    pairs);
        } catch (RuntimeException e) {
            throw new IOException(path + ": malformed history entry (" + e.getMessage() + ")", e);
        }
    }

    /** The compact entry: everything a history needs, without samples and provenance details. */
    public String toEntryJson() {
        JsonObject o = new JsonObject();
        o.addProperty("schema", ENTRY_SCHEMA);
        o.addProperty("schema_version", 1);
        o.addProperty("suite", suite);
        o.addProperty("profile", profile);
        o.addProperty("commit", commit);
        o.addProperty("dirty", dirty);
        o.addProperty("date", date.toString());
        o.addProperty("machine", machine);
        o.addProperty("source", source);
        JsonArray comparisons = new JsonArray();
        for (PairRatios p : pairs) {
            JsonObject c = new JsonObject();
            c.addProperty("baseline", p.baseline());
            c.addProperty("candidate", p.candidate());
            c.add("tests", json(p.tests()));
            c.add("scopes", json(p.scopes()));
            comparisons.add(c);
        }
        o.add("comparisons", comparisons);
        return new GsonBuilder().setPrettyPrinting().create().toJson(o) + "\n";
    }

    /** The file name an entry of this run gets in a history folder: date, suite, commit. */
    public String entryFileName() {
        String stamp = date.toString().replace(":", "").replaceAll("\\.\\d+", "");
        return stamp + "-" + suite + "-" + commit.substring(0, Math.min(7, commit.length())) + (dirty ? "-dirty" : "")
                + ".json";
    }

    /** What a series is named by: the suite and, where recorded, the profile ("gmpbench quick"). */
    public String suiteProfile() {
        return "unrecorded".equals(profile) ? suite : suite + " " + profile;
    }

    public String shortCommit() {
        return commit.substring(0, Math.min(7, commit.length())) + (dirty ? "+" : "");
    }

    private static JsonObject json(Map<String, RatioEstimate> ratios) {
        JsonObject o = new JsonObject();
        ratios.forEach((name, r) -> {
            JsonObject v = new JsonObject();
            v.addProperty("ratio", r.ratio());
            v.addProperty("ci_low", r.low());
            v.addProperty("ci_high", r.high());
            v.addProperty("noisy", r.noisy());
            o.add(name, v);
        });
        return o;
    }

    private static Map<String, RatioEstimate> ratios(JsonObject o) {
        Map<String, RatioEstimate> out = new LinkedHashMap<>();
        if (o != null) {
            o.entrySet().forEach(e -> {
                JsonObject v = e.getValue().getAsJsonObject();
                out.put(
                        e.getKey(),
                        new RatioEstimate(
                                v.get("ratio").getAsDouble(),
                                v.get("ci_low").getAsDouble(),
                                v.get("ci_high").getAsDouble(),
                                v.get("noisy").getAsBoolean()));
            });
        }
        return out;
    }

    private static Instant instant(String date, Path path) throws IOException {
        try {
            return Instant.parse(date);
        } catch (DateTimeParseException e) {
            throw new IOException(
                    path + ": provenance date \"" + date + "\" is not an ISO-8601 instant; a history orders runs by it",
                    e);
        }
    }
}
