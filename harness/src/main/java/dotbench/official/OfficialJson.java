package dotbench.official;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.gmpbench.GmpBenchJson;
import dotbench.gmpbench.GmpBenchTest;
import dotbench.gmpbench.Scores;
import dotbench.gmpbench.VariantInfo;
import dotbench.pipeline.Comparison;
import dotbench.results.ResultJson;
import dotbench.stats.Intervals;
import java.util.List;
import java.util.Map;

/**
 * An official GMPbench run (suite "gmpbench-official") in the "dotbench-result" schema: the
 * gmpbench suite's shape, so that report and compare read it, with samples that are whole
 * program runs (results/README.md).
 */
public final class OfficialJson {
    public static final String SUITE = "gmpbench-official";

    private OfficialJson() {}

    /**
     * @param programMs  the CPU time each program aimed its loop at (10000: GMPbench as released)
     * @param variants   what each variant's library is, in run order
     * @param programDirs variant to the folder its programs were built into
     */
    public static String of(
            OfficialResults results,
            long programMs,
            List<VariantInfo> variants,
            Map<String, String> programDirs,
            List<Comparison> comparisons,
            Intervals intervals,
            double noiseThreshold,
            JsonObject provenance,
            JsonObject libdot,
            String commandLine) {
        JsonObject root = ResultJson.root(SUITE, commandLine);
        JsonObject prov = provenance.deepCopy();
        prov.add("libdot", libdot);
        root.add("provenance", prov);
        root.add("settings", settings(results, programMs, noiseThreshold));
        root.addProperty("elapsed_s", results.elapsedSeconds());
        JsonArray vs = new JsonArray();
        for (VariantInfo v : variants) {
            JsonObject o = GmpBenchJson.variant(v);
            o.addProperty("programs", programDirs.get(v.name()));
            vs.add(o);
        }
        root.add("variants", vs);
        JsonArray tests = new JsonArray();
        results.tests().forEach(t -> tests.add(test(results, t)));
        root.add("tests", tests);
        JsonObject scores = new JsonObject();
        for (VariantInfo v : variants) {
            results.score(v.name()).ifPresent(s -> scores.add(v.name(), score(results, v.name(), s)));
        }
        root.add("scores", scores);
        JsonArray cs = new JsonArray();
        comparisons.forEach(c -> cs.add(ResultJson.comparison(c)));
        root.add("comparisons", cs);
        return ResultJson.text(root);
    }

    private static JsonObject settings(OfficialResults results, long programMs, double noiseThreshold) {
        JsonObject o = new JsonObject();
        o.addProperty("profile", programMs == 10_000 ? "full" : "short");
        int rounds = results.tests().isEmpty() || results.variants().isEmpty()
                ? 0
                : results.rounds(
                        results.tests().get(0).name(), results.variants().get(0).name());
        o.addProperty("samples", rounds);
        o.addProperty("program_time_s", programMs / 1000.0);
        o.addProperty("clock", "each program's own cputime(): getrusage user time in ms around its timed loop");
        o.addProperty(
                "interleaving",
                "per test, every variant's program back to back; the variant order reversed each round (ABBA)");
        o.addProperty(
                "statistic",
                "median of paired round ratios per test; ratio of GMPbench scores of medians per program/category/total");
        o.addProperty("scoring", "runbench's: each intermediate rounded to 10 significant digits (gexpr -prec 10)");
        o.addProperty("ci", Intervals.METHOD);
        o.addProperty("ci_test_coverage", rounds > 0 ? Intervals.medianCoverage(rounds) : null);
        o.addProperty("bootstrap_resamples", Intervals.DEFAULT_RESAMPLES);
        o.addProperty("bootstrap_seed", 1);
        o.addProperty("noise_threshold", noiseThreshold);
        return o;
    }

    private static JsonObject test(OfficialResults results, GmpBenchTest t) {
        JsonObject o = new JsonObject();
        o.addProperty("name", t.name());
        o.addProperty("program", t.program().label());
        o.addProperty("category", t.program().category().label());
        JsonArray args = new JsonArray();
        t.args().forEach(args::add);
        o.add("args", args);
        o.addProperty(
                "checked_by",
                "not checked: GMPbench's programs print no answer (the gmpbench suite checks the same operations)");
        JsonArray failed = new JsonArray();
        JsonObject errors = new JsonObject();
        results.failures().getOrDefault(t.name(), Map.of()).forEach((v, why) -> {
            failed.add(v);
            errors.addProperty(v, why);
        });
        o.add("failed", failed);
        o.add("errors", errors);
        JsonObject median = new JsonObject();
        JsonObject samples = new JsonObject();
        results.runs().get(t.name()).forEach((v, runs) -> {
            if (!results.failed(t.name(), v)) {
                median.addProperty(v, results.medianRate(t.name(), v));
            }
            JsonArray a = new JsonArray();
            for (ProgramRun r : runs) {
                JsonObject s = new JsonObject();
                s.addProperty("reps", r.output().iterations());
                s.addProperty("cpu_ns", r.cpuNs());
                s.addProperty("wall_ns", r.wallNs());
                s.addProperty("result", r.output().result());
                a.add(s);
            }
            samples.add(v, a);
        });
        o.add("median_ops_per_s", median);
        o.add("samples", samples);
        return o;
    }

    private static JsonObject score(OfficialResults results, String variant, RunbenchScoring.Result s) {
        JsonObject o = GmpBenchJson.scores(new Scores(Map.of(), s.programs(), s.base(), s.app(), s.total()));
        JsonArray rounds = new JsonArray();
        int n = results.tests().stream()
                .mapToInt(t -> results.rounds(t.name(), variant))
                .min()
                .orElse(0);
        for (int r = 0; r < n; r++) {
            rounds.add(results.roundScore(variant, r).total());
        }
        o.add("round_totals", rounds);
        return o;
    }
}
