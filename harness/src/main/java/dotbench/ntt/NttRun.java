package dotbench.ntt;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.pipeline.Case;
import dotbench.pipeline.Comparison;
import dotbench.pipeline.Outcome;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.SuiteRun;
import dotbench.results.Provenance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An NTT suite run, opened: the contenders loaded, one case per shape. */
final class NttRun implements SuiteRun<Shape> {
    private final Path root;
    private final Contenders contenders;
    private final List<Shape> shapes;

    NttRun(Path root, Contenders contenders, List<Shape> shapes) {
        this.root = root;
        this.contenders = contenders;
        this.shapes = List.copyOf(shapes);
    }

    @Override
    public List<String> variants() {
        return contenders.names();
    }

    @Override
    public List<? extends Case<Shape>> cases() {
        return shapes.stream()
                .map(s -> new MulCase(s, contenders.list(), contenders.loops()))
                .toList();
    }

    /** The crossovers of every comparison of an NTT variant, products then squares. */
    static List<Crossover> crossovers(RunResult<Shape> result) {
        List<Crossover> out = new ArrayList<>();
        for (Comparison c : result.comparisons()) {
            if (!c.candidate().startsWith(Contenders.NTT_PREFIX)) {
                continue;
            }
            for (String kind : List.of("mul", "sqr")) {
                out.add(Crossover.of(c, kind, result.outcomes()));
            }
        }
        return out;
    }

    @Override
    public String variantText(String variant, RunResult<Shape> result) {
        StringBuilder s = new StringBuilder("Variant " + variant);
        for (Crossover x : crossovers(result)) {
            if (x.candidate().equals(variant)) {
                s.append("\n  crossover ").append(x.text());
            }
        }
        return s.toString();
    }

    @Override
    public JsonObject provenance() {
        JsonObject o = new JsonObject();
        o.add("libdot", Provenance.libdot(root));
        JsonArray runs = new JsonArray();
        contenders.loops().variants().stream()
                .filter(v -> contenders.loops().runs(v))
                .forEach(runs::add);
        o.add("ntt_variants_runnable", runs);
        return o;
    }

    @Override
    public Map<String, String> settingsNotes() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(
                "clock",
                "thread CPU time (CLOCK_THREAD_CPUTIME_ID) around a native loop of back-to-back calls on the same"
                        + " operands; wall time recorded beside it");
        notes.put(
                "interleaving",
                "one batch size per case, calibrated on the first variant; the variants take batches in turn, the"
                        + " starting one rotating each round");
        notes.put(
                "statistic",
                "per case, the median of the round-paired speed ratios, with its 95% order-statistic interval");
        notes.put(
                "check",
                "every variant's product is compared with BigInteger's before timing, after every batch and after"
                        + " the case; a wrong one withholds that variant's figures");
        notes.put(
                "ntt_variants",
                "libdot's NTT variants by their transform tables, side by side in one process (dot_ntt_mul runs the"
                        + " one dot_isa() picks, once per process): " + contenders.helper());
        return notes;
    }

    @Override
    public JsonObject variant(String name) {
        return contenders.list().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .map(c -> c.info().deepCopy())
                .orElseGet(JsonObject::new);
    }

    @Override
    public void caseFields(Outcome<Shape> outcome, JsonObject test) {
        Shape s = outcome.detail();
        test.addProperty("op", s.kind());
        test.addProperty("un", s.un());
        test.addProperty("vn", s.vn());
        test.addProperty("bits", 64L * s.un());
        test.addProperty("checked_by", "BigInteger product");
    }

    @Override
    public void resultFields(RunResult<Shape> result, JsonObject root) {
        JsonArray a = new JsonArray();
        crossovers(result).forEach(x -> a.add(x.json()));
        root.add("crossover", a);
    }

    @Override
    public void close() {
        contenders.close();
    }
}
