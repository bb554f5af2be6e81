package dotbench.results;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.gmpbench.Comparison;
import dotbench.gmpbench.GmpBenchReport;
import dotbench.gmpbench.Program;
import dotbench.gmpbench.Scores;
import dotbench.gmpbench.TestOutcome;
import dotbench.gmpbench.VariantInfo;
import dotbench.runner.Measurement;
import dotbench.runner.RunSettings;
import dotbench.runner.Sample;
import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Map;

/** A run as JSON, in the schema results/README.md documents ("dotbench-result", version 1). */
public final class ResultJson {
    public static final String SCHEMA = "dotbench-result";
    public static final int SCHEMA_VERSION = 1;
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().serializeSpecialFloatingPointValues().create();

    private ResultJson() {
    }

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

    /** @param libdot libdot's version and the ISA its dispatcher picked here, from the same process */
    public static String gmpbench(GmpBenchReport report, JsonObject provenance, JsonObject libdot, String commandLine) {
        JsonObject root = root("gmpbench", commandLine);
        JsonObject prov = provenance.deepCopy();
        prov.add("libdot", libdot);
        root.add("provenance", prov);
        root.add("settings", settings(report.settings()));
        root.addProperty("elapsed_s", report.elapsed().toMillis() / 1000.0);
        JsonArray variants = new JsonArray();
        report.variants().forEach(v -> variants.add(variant(v)));
        root.add("variants", variants);
        JsonArray tests = new JsonArray();
        report.outcomes().forEach(o -> tests.add(test(o)));
        root.add("tests", tests);
        JsonObject scores = new JsonObject();
        report.scores().forEach((v, s) -> scores.add(v, scores(s)));
        root.add("scores", scores);
        JsonArray comparisons = new JsonArray();
        report.comparisons().forEach(c -> comparisons.add(comparison(c)));
        root.add("comparisons", comparisons);
        return text(root);
    }

    static JsonObject settings(RunSettings s) {
        JsonObject o = new JsonObject();
        o.addProperty("profile", s.quick() ? "quick" : "full");
        o.addProperty("samples", s.samples());
        o.addProperty("min_time_s", s.minTime().toNanos() / 1e9);
        o.addProperty("clock", "thread user CPU time (CLOCK_THREAD_CPUTIME_ID less getrusage RUSAGE_THREAD system time; GMPbench divides by user time), read inside the native loop; wall time recorded beside it");
        o.addProperty("interleaving", "round-robin per sample round, order rotating each round");
        o.addProperty("statistic", "median of paired ratios per test; ratio of GMPbench scores of medians per program/category/total");
        o.addProperty("ci", "percentile bootstrap 95%");
        o.addProperty("bootstrap_resamples", s.bootstrapResamples());
        o.addProperty("bootstrap_seed", s.seed());
        o.addProperty("noise_threshold", s.noiseThreshold());
        return o;
    }

    static JsonObject variant(VariantInfo v) {
        JsonObject o = new JsonObject();
        o.addProperty("name", v.name());
        o.addProperty("library", "gmp");
        o.addProperty("path", v.library().toString());
        o.addProperty("version", v.version());
        o.addProperty("marker", v.marker().orElse(null));
        o.addProperty("modified", v.modified());
        o.addProperty("sha256", v.sha256());
        o.addProperty("changed_during_run", v.changedDuringRun());
        o.add("manifest", v.manifest().source().isPresent() ? v.manifest().json() : null);
        return o;
    }

    static JsonObject test(TestOutcome t) {
        JsonObject o = new JsonObject();
        o.addProperty("name", t.test().name());
        o.addProperty("program", t.test().program().label());
        o.addProperty("category", t.test().program().category().label());
        JsonArray args = new JsonArray();
        t.test().args().forEach(args::add);
        o.add("args", args);
        o.addProperty("checked_by", t.oracleChecked() ? "BigInteger oracle" : "agreement between variants");
        o.add("answer_hash", GSON.toJsonTree(t.answerHashes()));
        o.add("output_hash", GSON.toJsonTree(t.outputHashes()));
        JsonArray failed = new JsonArray();
        t.failed().forEach(failed::add);
        o.add("failed", failed);
        t.measurement().ifPresent(m -> {
            o.addProperty("reps", m.reps());
            o.add("overhead", overhead(m));
            JsonObject samples = new JsonObject();
            JsonObject median = new JsonObject();
            m.samples().forEach((variant, list) -> {
                samples.add(variant, samples(list));
                median.addProperty(variant, t.medianOpsPerSecond(variant));
            });
            o.add("median_ops_per_s", median);
            o.add("samples", samples);
        });
        return o;
    }

    private static JsonObject overhead(Measurement m) {
        JsonObject o = new JsonObject();
        Sample empty = m.overhead();
        o.addProperty("empty_loop_ns_per_op", empty.nsPerOp());
        String first = m.samples().keySet().iterator().next();
        double opNs = 1e9 / dotbench.stats.Statistics.median(m.opsPerSecond(first));
        o.addProperty("fraction_of_op", empty.nsPerOp() / opNs);
        return o;
    }

    private static JsonArray samples(List<Sample> list) {
        JsonArray a = new JsonArray();
        for (Sample s : list) {
            JsonObject o = new JsonObject();
            o.addProperty("reps", s.reps());
            o.addProperty("cpu_ns", s.cpuNs());
            o.addProperty("wall_ns", s.wallNs());
            a.add(o);
        }
        return a;
    }

    static JsonObject scores(Scores s) {
        JsonObject o = new JsonObject();
        JsonObject programs = new JsonObject();
        for (Program p : Program.values()) {
            if (s.programs().containsKey(p)) {
                programs.addProperty(p.label(), s.programs().get(p));
            }
        }
        o.add("programs", programs);
        o.addProperty("base", s.base());
        o.addProperty("app", s.app());
        o.addProperty("total", s.total());
        return o;
    }

    static JsonObject comparison(Comparison c) {
        JsonObject o = new JsonObject();
        o.addProperty("baseline", c.baseline());
        o.addProperty("candidate", c.candidate());
        JsonObject tests = new JsonObject();
        c.tests().forEach((name, r) -> tests.add(name, ratio(r)));
        o.add("tests", tests);
        JsonObject scopes = new JsonObject();
        for (String scope : Comparison.SCOPE_ORDER) {
            if (c.scopes().containsKey(scope)) {
                scopes.add(scope, ratio(c.scopes().get(scope)));
            }
        }
        o.add("scopes", scopes);
        JsonArray failed = new JsonArray();
        c.failedScopes().forEach(failed::add);
        o.add("failed_scopes", failed);
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

    /** Helper for callers printing the ratio table: each test's overhead as a fraction of its operation. */
    public static Map<String, Double> overheadFractions(GmpBenchReport report) {
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        for (TestOutcome t : report.outcomes()) {
            t.measurement().ifPresent(m -> out.put(t.test().name(), overhead(m).get("fraction_of_op").getAsDouble()));
        }
        return out;
    }
}
