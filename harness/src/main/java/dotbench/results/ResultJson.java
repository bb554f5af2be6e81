package dotbench.results;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.pipeline.Comparison;
import dotbench.pipeline.Measurement;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.Sample;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Settings;
import dotbench.pipeline.SuiteRun;
import dotbench.stats.Intervals;
import dotbench.stats.RatioEstimate;
import java.util.List;

/**
 * The one JSON writer: a run of any suite in the schema results/README.md documents
 * ("dotbench-result", version 1). The shared fields come from the result model; each suite adds
 * its own through its {@link SuiteRun}.
 */
public final class ResultJson {
    public static final String SCHEMA = "dotbench-result";
    public static final int SCHEMA_VERSION = 1;
    private static final Gson GSON = new GsonBuilder()
            .setPrettyPrinting()
            .serializeNulls()
            .serializeSpecialFloatingPointValues()
            .create();

    private ResultJson() {}

    /** The top level every suite's file starts with: schema, version, suite and command line. */
    public static JsonObject root(String suite, String commandLine) {
        JsonObject root = new JsonObject();
        root.addProperty("schema", SCHEMA);
        root.addProperty("schema_version", SCHEMA_VERSION);
        root.addProperty("suite", suite);
        root.addProperty("command", commandLine);
        return root;
    }

    /** A finished result file's text. */
    public static String text(JsonObject root) {
        return GSON.toJson(root) + "\n";
    }

    /** A whole run as the file's root object; {@code provenance} is the machine's, the suite adds its own fields. */
    public static <D> JsonObject of(
            String suite, SuiteRun<D> run, RunResult<D> result, JsonObject provenance, String commandLine) {
        JsonObject root = root(suite, commandLine);
        JsonObject prov = provenance.deepCopy();
        run.provenance().entrySet().forEach(e -> prov.add(e.getKey(), e.getValue()));
        root.add("provenance", prov);
        JsonObject settings = settings(result.settings());
        run.settingsNotes().forEach(settings::addProperty);
        root.add("settings", settings);
        root.addProperty("elapsed_s", result.elapsed().toMillis() / 1000.0);
        JsonArray variants = new JsonArray();
        result.variants().forEach(v -> variants.add(run.variant(v)));
        root.add("variants", variants);
        JsonArray tests = new JsonArray();
        for (Outcome<D> o : result.outcomes()) {
            JsonObject test = test(o, result.settings().schedule());
            run.caseFields(o, test);
            tests.add(test);
        }
        root.add("tests", tests);
        run.resultFields(result, root);
        JsonArray comparisons = new JsonArray();
        result.comparisons().forEach(c -> comparisons.add(comparison(c)));
        root.add("comparisons", comparisons);
        return root;
    }

    static JsonObject settings(Settings s) {
        JsonObject o = new JsonObject();
        o.addProperty("profile", s.quick() ? "quick" : "full");
        o.addProperty("samples", s.samples());
        switch (s.schedule()) {
            case Schedule.Batches b -> o.addProperty("min_time_s", b.minTime().toNanos() / 1e9);
            case Schedule.Windows w -> o.addProperty("window_s", w.window().toNanos() / 1e9);
        }
        o.addProperty("ci", Intervals.METHOD);
        o.addProperty("ci_test_coverage", Intervals.medianCoverage(s.samples()));
        o.addProperty("bootstrap_resamples", s.bootstrapResamples());
        o.addProperty("bootstrap_seed", s.seed());
        o.addProperty("noise_threshold", s.noiseThreshold());
        return o;
    }

    static JsonObject test(Outcome<?> t, Schedule schedule) {
        JsonObject o = new JsonObject();
        o.addProperty("name", t.name());
        o.add("failed", GSON.toJsonTree(t.failed()));
        o.addProperty("skipped", t.skipped().orElse(null));
        if (t.measurement().isEmpty()) {
            return o;
        }
        Measurement m = t.measurement().get();
        boolean windows = schedule instanceof Schedule.Windows;
        if (!windows) {
            o.addProperty("reps", m.reps());
        }
        JsonObject overhead = new JsonObject();
        overhead.addProperty("empty_loop_ns_per_op", m.overheadNsPerOp());
        String first = m.samples().keySet().iterator().next();
        overhead.addProperty("fraction_of_op", t.measured(first) ? m.overheadFraction() : null);
        o.add("overhead", overhead);
        JsonObject median = new JsonObject();
        JsonObject user = new JsonObject();
        JsonObject wall = new JsonObject();
        JsonObject samples = new JsonObject();
        m.samples().forEach((variant, list) -> {
            if (t.measured(variant)) {
                median.addProperty(variant, m.medianOpsPerSecond(variant));
                Sample total = m.total(variant);
                user.addProperty(variant, total.opsPerUserSecond());
                wall.addProperty(variant, total.reps() * 1e9 / Math.max(1, total.wallNs()));
            }
            samples.add(variant, samples(list, windows));
        });
        o.add("median_ops_per_s", median);
        if (windows) {
            o.add("ops_per_user_s", user);
            o.add("ops_per_wall_s", wall);
        }
        o.add("samples", samples);
        return o;
    }

    /** Batches carry one CPU clock; windows also the user part of it and the failed operations. */
    private static JsonArray samples(List<Sample> list, boolean windows) {
        JsonArray a = new JsonArray();
        for (Sample s : list) {
            JsonObject o = new JsonObject();
            o.addProperty("reps", s.reps());
            o.addProperty("cpu_ns", s.cpuNs());
            if (windows) {
                o.addProperty("user_ns", s.userNs());
            }
            o.addProperty("wall_ns", s.wallNs());
            if (windows) {
                o.addProperty("failures", s.failures());
            }
            a.add(o);
        }
        return a;
    }

    public static JsonObject comparison(Comparison c) {
        JsonObject o = new JsonObject();
        o.addProperty("baseline", c.baseline());
        o.addProperty("candidate", c.candidate());
        JsonObject tests = new JsonObject();
        c.tests().forEach((name, r) -> tests.add(name, ratio(r)));
        o.add("tests", tests);
        JsonArray not = new JsonArray();
        c.notCompared().forEach(not::add);
        o.add("not_compared", not);
        if (c.scored()) {
            JsonObject scopes = new JsonObject();
            c.scopes().forEach((scope, r) -> scopes.add(scope, ratio(r)));
            o.add("scopes", scopes);
            JsonArray failed = new JsonArray();
            c.failedScopes().forEach(failed::add);
            o.add("failed_scopes", failed);
        }
        return o;
    }

    /** A ratio with its interval and noisy flag, as every suite writes it. */
    public static JsonObject ratio(RatioEstimate r) {
        JsonObject o = new JsonObject();
        o.addProperty("ratio", r.ratio());
        o.addProperty("ci_low", r.low());
        o.addProperty("ci_high", r.high());
        o.addProperty("noisy", r.noisy());
        return o;
    }
}
