package dotbench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One headline figure of the paper, transcribed in results/paper-reference.json: where it is
 * (figure/table, section, quote), on which CPU, its value in the paper's unit, and how dotbench
 * measures the same thing (one {@link Measure} per baseline pathway), or why it cannot.
 */
public record PaperFigure(
        String id,
        String figure,
        String cpu,
        String cpuModel,
        String quote,
        String source,
        String metric,
        String unit,
        double value,
        Optional<String> notMeasurable,
        List<Measure> measures) {
    public PaperFigure {
        measures = List.copyOf(measures);
    }

    /**
     * How to read the measured counterpart out of result files: an A/B pair's ratios (baseline,
     * candidate and op, scope, test or test pattern), or one named metric a test recorded
     * (test and metric: the phase breakdown's carry-to-add ratio or IFMA share).
     */
    public record Measure(
            String pathway,
            String suite,
            String baseline,
            String candidate,
            Optional<String> op,
            Optional<String> scope,
            Optional<String> test,
            Optional<String> testPattern,
            Optional<String> latency,
            String statistic,
            List<String> requires,
            Optional<String> metric) {
        public Measure {
            requires = List.copyOf(requires);
        }

        /** A measure of an A/B pair's ratios (no test metric). */
        public Measure(
                String pathway,
                String suite,
                String baseline,
                String candidate,
                Optional<String> op,
                Optional<String> scope,
                Optional<String> test,
                Optional<String> testPattern,
                Optional<String> latency,
                String statistic,
                List<String> requires) {
            this(
                    pathway,
                    suite,
                    baseline,
                    candidate,
                    op,
                    scope,
                    test,
                    testPattern,
                    latency,
                    statistic,
                    requires,
                    Optional.empty());
        }
    }

    /** The paper's value as a speed ratio candidate/baseline (above 1: faster), whatever its unit. */
    public double asRatio() {
        return switch (unit) {
            case "speedup" -> value;
            case "throughput_improvement_percent" -> 1 + value / 100;
            case "latency_reduction_percent", "instruction_reduction_percent" -> 1 / (1 - value / 100);
            default -> Double.NaN;
        };
    }

    /** A measured speed ratio in this figure's unit, so both sides of the table read alike. */
    public double inUnit(double ratio) {
        return switch (unit) {
            case "speedup" -> ratio;
            case "throughput_improvement_percent" -> (ratio - 1) * 100;
            case "latency_reduction_percent", "instruction_reduction_percent" -> (1 - 1 / ratio) * 100;
            // a test's own metric, read in the paper's unit already
            case "carry_to_add_ratio", "percent" -> ratio;
            default -> Double.NaN;
        };
    }

    public String format(double v) {
        return switch (unit) {
            case "speedup" -> String.format(Locale.ROOT, "%.2fx", v);
            case "throughput_improvement_percent" -> String.format(Locale.ROOT, "%+.1f%%", v);
            case "latency_reduction_percent" ->
                String.format(Locale.ROOT, v < 0 ? "%.1f%% higher" : "%.1f%% lower", Math.abs(v));
            case "percent" -> String.format(Locale.ROOT, "%.1f%%", v);
            case "instruction_reduction_percent" ->
                String.format(Locale.ROOT, v < 0 ? "%.1f%% more" : "%.1f%% fewer", Math.abs(v));
            case "carry_to_add_ratio" -> String.format(Locale.ROOT, "%.1f", v);
            default -> String.format(Locale.ROOT, "%.1f %s", v, unit.replace('_', ' '));
        };
    }

    /** Reads the reference; a file that is not one, or has a field of the wrong type, is an IOException naming it. */
    public static List<PaperFigure> load(Path file) throws IOException {
        JsonObject root;
        try {
            root = JsonParser.parseString(ResultFile.readText(file)).getAsJsonObject();
        } catch (JsonParseException e) {
            throw new IOException(file + ": not a paper reference file (" + ResultFile.jsonError(e) + ")", e);
        } catch (IllegalStateException e) {
            throw new IOException(file + ": not a paper reference file (not a JSON object)", e);
        }
        if (!"dotbench-paper-reference".equals(ResultFile.string(root, "schema"))) {
            throw new IOException(file + ": schema is not \"dotbench-paper-reference\"");
        }
        try {
            return figures(root);
        } catch (RuntimeException e) {
            throw new IOException(file + ": a figure is malformed (" + e.getMessage() + ")", e);
        }
    }

    private static List<PaperFigure> figures(JsonObject root) {
        JsonObject cpus = ResultFile.object(root, "cpus");
        List<PaperFigure> out = new ArrayList<>();
        for (JsonElement e : root.getAsJsonArray("figures")) {
            JsonObject f = e.getAsJsonObject();
            String cpu = ResultFile.string(f, "cpu");
            JsonObject c = ResultFile.object(cpus, cpu);
            String model = c == null
                    ? cpu
                    : ResultFile.string(c, "model") + " (" + ResultFile.string(c, "microarchitecture") + ")";
            List<Measure> measures = new ArrayList<>();
            if (f.has("measure")) {
                for (JsonElement m : f.getAsJsonArray("measure")) {
                    measures.add(measure(m.getAsJsonObject()));
                }
            }
            out.add(new PaperFigure(
                    ResultFile.string(f, "id"),
                    ResultFile.string(f, "figure"),
                    cpu,
                    model,
                    ResultFile.string(f, "quote"),
                    ResultFile.string(f, "source"),
                    ResultFile.string(f, "metric"),
                    ResultFile.string(f, "unit"),
                    f.get("value").getAsDouble(),
                    Optional.ofNullable(ResultFile.string(f, "not_measurable")),
                    measures));
        }
        return out;
    }

    private static Measure measure(JsonObject m) {
        List<String> requires = new ArrayList<>();
        if (m.has("requires")) {
            m.getAsJsonArray("requires").forEach(r -> requires.add(r.getAsString()));
        }
        return new Measure(
                ResultFile.string(m, "pathway"),
                ResultFile.string(m, "suite"),
                ResultFile.string(m, "baseline"),
                ResultFile.string(m, "candidate"),
                opt(m, "op"),
                opt(m, "scope"),
                opt(m, "test"),
                opt(m, "test_pattern"),
                opt(m, "latency"),
                Optional.ofNullable(ResultFile.string(m, "statistic")).orElse("value"),
                requires,
                opt(m, "metric"));
    }

    private static Optional<String> opt(JsonObject o, String key) {
        return Optional.ofNullable(ResultFile.string(o, key));
    }
}
