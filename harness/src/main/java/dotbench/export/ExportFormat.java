package dotbench.export;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dotbench.report.ResultFile;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark-dashboard formats a run can be exported to. Names: "SUITE/CANDIDATE-vs-BASELINE/TEST"
 * for A/B ratios (candidate/baseline speed, above 1: the candidate is faster) and
 * "SUITE/VARIANT/TEST" for one variant's operations per CPU second.
 */
public enum ExportFormat {
    /** Bencher Metric Format: {benchmark: {measure: {value, lower_value, upper_value}}}. */
    BENCHER("bencher") {
        @Override
        JsonElement render(List<ResultFile> files) {
            JsonObject out = new JsonObject();
            for (Figures f : figures(files)) {
                for (Figures.Ratio r : f.ratios()) {
                    JsonObject m = metric(
                            r.estimate().ratio(),
                            r.estimate().low(),
                            r.estimate().high());
                    put(out, ratioName(f, r), "speed-ratio", m);
                }
                for (Figures.Rates r : f.rates()) {
                    put(out, rateName(f, r), "throughput", metric(r.median(), min(r.samples()), max(r.samples())));
                }
            }
            return out;
        }
    },
    /** github-action-benchmark's customBiggerIsBetter: [{name, unit, value, range, extra}]. */
    GITHUB_ACTION_BENCHMARK("github-action-benchmark") {
        @Override
        JsonElement render(List<ResultFile> files) {
            JsonArray out = new JsonArray();
            for (Figures f : figures(files)) {
                for (Figures.Ratio r : f.ratios()) {
                    out.add(entry(
                            ratioName(f, r),
                            "x (candidate/baseline speed)",
                            r.estimate().ratio(),
                            String.format(
                                    Locale.ROOT,
                                    "95%% CI [%.4f, %.4f]",
                                    r.estimate().low(),
                                    r.estimate().high()),
                            f));
                }
                for (Figures.Rates r : f.rates()) {
                    out.add(entry(
                            rateName(f, r),
                            "ops/s",
                            r.median(),
                            String.format(Locale.ROOT, "samples %.6g..%.6g", min(r.samples()), max(r.samples())),
                            f));
                }
            }
            return out;
        }
    },
    /** github-action-benchmark's customSmallerIsBetter: each variant's time per operation. */
    GITHUB_ACTION_BENCHMARK_SMALLER("github-action-benchmark-smaller") {
        @Override
        JsonElement render(List<ResultFile> files) {
            JsonArray out = new JsonArray();
            for (Figures f : figures(files)) {
                for (Figures.Rates r : f.rates()) {
                    out.add(entry(
                            rateName(f, r),
                            "ns/op",
                            1e9 / r.median(),
                            String.format(
                                    Locale.ROOT,
                                    "samples %.6g..%.6g ns",
                                    1e9 / max(r.samples()),
                                    1e9 / min(r.samples())),
                            f));
                }
            }
            return out;
        }
    },
    /** JMH's JSON result shape, for the suites that do not run under JMH (see JmhShape). */
    JMH("jmh") {
        @Override
        JsonElement render(List<ResultFile> files) {
            return JmhShape.render(files);
        }
    };

    private final String cliName;

    ExportFormat(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    abstract JsonElement render(List<ResultFile> files);

    /** The export of these result files as JSON text; IllegalArgumentException names what cannot be exported. */
    public String export(List<ResultFile> files) {
        return new GsonBuilder()
                        .setPrettyPrinting()
                        .disableHtmlEscaping()
                        .create()
                        .toJson(render(files)) + "\n";
    }

    public static ExportFormat parse(String name) {
        return Arrays.stream(values())
                .filter(f -> f.cliName.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown format \"" + name + "\"; one of "
                        + String.join(
                                ", ",
                                Arrays.stream(values())
                                        .map(ExportFormat::cliName)
                                        .toList())));
    }

    private static List<Figures> figures(List<ResultFile> files) {
        return files.stream().map(Figures::of).toList();
    }

    static String ratioName(Figures f, Figures.Ratio r) {
        return f.suite() + "/" + r.candidate() + "-vs-" + r.baseline() + "/" + r.figure();
    }

    static String rateName(Figures f, Figures.Rates r) {
        return f.suite() + "/" + r.variant() + "/" + r.test();
    }

    private static JsonObject metric(double value, double low, double high) {
        JsonObject m = new JsonObject();
        m.addProperty("value", value);
        m.addProperty("lower_value", low);
        m.addProperty("upper_value", high);
        return m;
    }

    private static void put(JsonObject out, String benchmark, String measure, JsonObject metric) {
        if (out.has(benchmark) && out.getAsJsonObject(benchmark).has(measure)) {
            throw new IllegalArgumentException(
                    "two inputs give \"" + benchmark + "\" a " + measure + "; export one run per suite at a time");
        }
        if (!out.has(benchmark)) {
            out.add(benchmark, new JsonObject());
        }
        out.getAsJsonObject(benchmark).add(measure, metric);
    }

    private static JsonObject entry(String name, String unit, double value, String range, Figures f) {
        JsonObject e = new JsonObject();
        e.addProperty("name", name);
        e.addProperty("unit", unit);
        e.addProperty("value", value);
        e.addProperty("range", range);
        e.addProperty("extra", "commit " + f.commit() + "\n" + f.machine());
        return e;
    }

    static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }
}
