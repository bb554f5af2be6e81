package dotbench.gmpbench;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.bindings.Gmp;
import dotbench.bindings.LibraryVariant;
import dotbench.nativeloop.NativeHelper;
import dotbench.pipeline.Case;
import dotbench.pipeline.Comparison;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.Pairing;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.SuiteRun;
import dotbench.results.Provenance;
import dotbench.stats.Intervals;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A gmpbench run, opened: the native helper and the GMP variants loaded, one case per test. */
final class GmpBenchRun implements SuiteRun<TestDetail> {
    private final Path root;
    private final NativeHelper helper;
    private final List<LibraryVariant> loaded;
    private final Map<String, Gmp> gmps;
    private final List<GmpBenchTest> tests;

    GmpBenchRun(
            Path root,
            NativeHelper helper,
            List<LibraryVariant> loaded,
            Map<String, Gmp> gmps,
            List<GmpBenchTest> tests) {
        this.root = root;
        this.helper = helper;
        this.loaded = List.copyOf(loaded);
        this.gmps = new LinkedHashMap<>(gmps);
        this.tests = List.copyOf(tests);
    }

    @Override
    public List<String> variants() {
        return List.copyOf(gmps.keySet());
    }

    @Override
    public List<? extends Case<TestDetail>> cases() {
        return tests.stream().map(t -> new GmpBenchCase(t, helper, gmps)).toList();
    }

    @Override
    public Comparison compare(Pairing pair, List<Outcome<TestDetail>> outcomes, Intervals intervals) {
        return Comparisons.compareRates(
                pair.baseline(),
                pair.candidate(),
                outcomes.stream().map(TestRates::of).toList(),
                intervals);
    }

    @Override
    public String scopeLabel(String scope) {
        return GmpBenchText.scopeLabel(scope);
    }

    @Override
    public String variantText(String variant, RunResult<TestDetail> result) {
        return GmpBenchText.block(
                info(variant), result.outcomes(), scores(result).get(variant));
    }

    @Override
    public JsonObject provenance() {
        JsonObject o = new JsonObject();
        o.add("libdot", Provenance.libdot(root));
        return o;
    }

    @Override
    public Map<String, String> settingsNotes() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(
                "clock",
                "thread user CPU time (CLOCK_THREAD_CPUTIME_ID less getrusage RUSAGE_THREAD system time;"
                        + " GMPbench divides by user time), read inside the native loop; wall time recorded beside it");
        notes.put("interleaving", "round-robin per sample round, order rotating each round");
        notes.put(
                "statistic",
                "median of paired ratios per test; ratio of GMPbench scores of medians per program/category/total");
        return notes;
    }

    @Override
    public JsonObject variant(String name) {
        return GmpBenchJson.variant(info(name));
    }

    @Override
    public void caseFields(Outcome<TestDetail> outcome, JsonObject o) {
        TestDetail t = outcome.detail();
        o.addProperty("program", t.test().program().label());
        o.addProperty("category", t.test().program().category().label());
        JsonArray args = new JsonArray();
        t.test().args().forEach(args::add);
        o.add("args", args);
        o.addProperty("checked_by", t.oracleChecked() ? "BigInteger oracle" : "agreement between variants");
        o.add("answer_hash", GmpBenchJson.strings(t.answerHashes()));
        o.add("output_hash", GmpBenchJson.strings(t.outputHashes()));
    }

    @Override
    public void resultFields(RunResult<TestDetail> result, JsonObject root) {
        JsonObject scores = new JsonObject();
        scores(result).forEach((v, s) -> scores.add(v, GmpBenchJson.scores(s)));
        root.add("scores", scores);
    }

    /** GMPbench's scores of every variant measured on every test (a variant that failed one has none). */
    static Map<String, Scores> scores(RunResult<TestDetail> result) {
        Map<String, Scores> scores = new LinkedHashMap<>();
        for (String v : result.measuredEverywhere()) {
            Map<String, Double> rates = new LinkedHashMap<>();
            result.outcomes().forEach(o -> rates.put(o.name(), o.medianOpsPerSecond(v)));
            scores.put(v, Scoring.score(rates));
        }
        return scores;
    }

    private VariantInfo info(String name) {
        LibraryVariant v = gmps.get(name).variant();
        return new VariantInfo(
                name,
                v.spec().library(),
                gmps.get(name).version(),
                v.marker(),
                v.spec().manifest(),
                v.loadedFile().sha256(),
                v.changedOnDisk());
    }

    @Override
    public void close() {
        loaded.forEach(LibraryVariant::close);
        helper.close();
    }
}
