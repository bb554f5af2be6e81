package dotbench.speed;

import com.google.gson.JsonObject;
import dotbench.pipeline.Case;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Settings;
import dotbench.pipeline.SuiteRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** A speed run, opened: the libcrypto variants and the reference library loaded, one case per operation. */
final class SpeedRun implements SuiteRun<SpeedDetail> {
    private final List<LoadedVariant> variants;
    private final LoadedVariant reference;
    private final SpeedKeys keys;
    private final List<Algorithm> algorithms;
    private final Duration window;

    SpeedRun(
            List<LoadedVariant> variants,
            LoadedVariant reference,
            SpeedKeys keys,
            List<Algorithm> algorithms,
            Settings settings) {
        this.variants = List.copyOf(variants);
        this.reference = reference;
        this.keys = keys;
        this.algorithms = List.copyOf(algorithms);
        this.window = ((Schedule.Windows) settings.schedule()).window();
    }

    /** An algorithm's setup, made when its first operation asks for it. */
    final class Group {
        private final Algorithm algorithm;
        private AlgorithmSetup setup;

        Group(Algorithm algorithm) {
            this.algorithm = algorithm;
        }

        AlgorithmSetup get() {
            if (setup == null) {
                setup = new AlgorithmSetup(algorithm, variants, reference, keys);
            }
            return setup;
        }

        void close() {
            if (setup != null) {
                setup.close();
                setup = null;
            }
        }
    }

    @Override
    public List<String> variants() {
        return variants.stream().map(LoadedVariant::name).toList();
    }

    LoadedVariant variant(int index) {
        return variants.get(index);
    }

    @Override
    public List<? extends Case<SpeedDetail>> cases() {
        Set<String> stopped = new HashSet<>();
        List<SpeedOpCase> cases = new ArrayList<>();
        for (Algorithm a : algorithms) {
            Group group = new Group(a);
            List<Operation> ops = a.family().operations();
            for (int i = 0; i < ops.size(); i++) {
                cases.add(new SpeedOpCase(new SpeedTest(a, ops.get(i)), group, i == ops.size() - 1, window, stopped));
            }
        }
        return cases;
    }

    @Override
    public String variantText(String variant, RunResult<SpeedDetail> result) {
        return SpeedText.variantBlock(find(variant), result.outcomes());
    }

    @Override
    public JsonObject provenance() {
        JsonObject o = new JsonObject();
        o.addProperty(
                "reference_library",
                reference.name() + ": " + reference.version() + " ("
                        + reference.spec().library() + ")");
        JsonObject fingerprints = new JsonObject();
        new TreeMap<>(keys.fingerprints()).forEach(fingerprints::addProperty);
        o.add("key_sha256", fingerprints);
        return o;
    }

    @Override
    public Map<String, String> settingsNotes() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(
                "clock",
                "per slot: thread CPU (CLOCK_THREAD_CPUTIME_ID), thread user CPU (openssl speed's divisor) and wall"
                        + " (System.nanoTime); per operation: System.nanoTime (CLOCK_MONOTONIC, wall) around each call");
        notes.put(
                "interleaving",
                "the window split into equal wall-clock slots; one slot per variant per round, order rotating each round");
        notes.put(
                "statistic",
                "median of slot-paired ratios of ops per thread-CPU second; -mr figures: all ops / all user CPU time");
        return notes;
    }

    @Override
    public JsonObject variant(String name) {
        return SpeedFields.variant(find(name));
    }

    @Override
    public void caseFields(Outcome<SpeedDetail> outcome, JsonObject test) {
        SpeedFields.caseFields(outcome, test);
    }

    @Override
    public void resultFields(RunResult<SpeedDetail> result, JsonObject root) {
        // the -mr lines need every outcome, so they are added here rather than per variant
        var variants = root.getAsJsonArray("variants");
        for (int i = 0; i < variants.size(); i++) {
            JsonObject v = variants.get(i).getAsJsonObject();
            v.add("mr", SpeedFields.mr(v.get("name").getAsString(), result.outcomes()));
        }
    }

    private LoadedVariant find(String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Override
    public void close() {
        variants.forEach(LoadedVariant::close);
        reference.close();
    }
}
