package dotbench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** Picks the data for each of the report's charts out of the machines' result files. */
final class Charts {
    /** A rendered chart: an id the HTML and its test can find, and its SVG. */
    record Chart(String id, String svg) {}

    private Charts() {}

    /**
     * Figure 3: speedup vs operand size, one chart per kernel and kind of comparison (the
     * paper's panels: integrated libraries, SIMD widths vs scalar add-with-carry, prior SIMD
     * work, libdot against a library), one line per pair, per machine.
     */
    static List<Chart> speedupCurves(List<Machine> machines) {
        List<Chart> out = new ArrayList<>();
        for (int mi = 0; mi < machines.size(); mi++) {
            Optional<ResultFile> jmh = machines.get(mi).latest("jmh");
            if (jmh.isEmpty()) {
                continue;
            }
            Map<String, List<SpeedupCurveChart.Series>> byPanel = new TreeMap<>();
            for (PairRatios p : jmh.get().comparisons()) {
                Map<String, TreeMap<Integer, RatioEstimate>> perOp = new LinkedHashMap<>();
                p.tests()
                        .forEach((name, r) -> KernelTestName.parse(name)
                                .ifPresent(k -> perOp.computeIfAbsent(k.op(), o -> new TreeMap<>())
                                        .put(k.limbs(), r)));
                perOp.forEach((op, points) -> {
                    if (points.size() > 1) {
                        byPanel.computeIfAbsent(op + ": " + panel(p), o -> new ArrayList<>())
                                .add(new SpeedupCurveChart.Series(p.label(), points));
                    }
                });
            }
            int n = 0;
            for (var e : byPanel.entrySet()) {
                String id = "fig3-m" + mi + "-" + n++;
                out.add(new Chart(
                        id,
                        SpeedupCurveChart.render(
                                id, e.getKey() + " (" + machines.get(mi).label() + ")", e.getValue())));
            }
        }
        return out;
    }

    /** Which of the paper's Figure 3 panels a pair belongs to. */
    static String panel(PairRatios p) {
        String b = p.baseline();
        String c = p.candidate();
        if (b.equals("baseline/adc")) {
            return "SIMD widths vs scalar add-with-carry";
        }
        if (b.startsWith("baseline/")) {
            return "DoT vs prior SIMD work";
        }
        if (b.contains("/")
                && c.contains("/")
                && b.substring(0, b.indexOf('/')).equals(c.substring(0, c.indexOf('/')))) {
            return "patched vs stock library";
        }
        return "libdot vs library";
    }

    /**
     * Figures 4 and 5: per pair, improvement bars of every scope then every test; one colour per
     * machine, so several machines' bars stand side by side (the fleet view as a chart).
     */
    static List<Chart> improvementBars(String suite, String figure, List<Machine> machines) {
        Set<String> pairs = new LinkedHashSet<>();
        machines.forEach(m -> m.latest(suite).ifPresent(f -> f.comparisons().forEach(p -> pairs.add(p.label()))));
        List<Chart> out = new ArrayList<>();
        int n = 0;
        for (String pair : pairs) {
            List<Bar> scopeBars = new ArrayList<>();
            List<Bar> testBars = new ArrayList<>();
            for (int mi = 0; mi < machines.size(); mi++) {
                final int series = mi;
                machines.get(mi)
                        .latest(suite)
                        .flatMap(f -> f.comparisons().stream()
                                .filter(p -> p.label().equals(pair))
                                .findFirst())
                        .ifPresent(p -> {
                            p.scopes().forEach((s, r) -> scopeBars.add(new Bar(s, series, r)));
                            p.tests().forEach((t, r) -> testBars.add(new Bar(t, series, r)));
                        });
            }
            List<String> names = machines.stream().map(Machine::label).toList();
            if (!scopeBars.isEmpty()) {
                String id = figure + "-scopes-" + n;
                out.add(new Chart(
                        id,
                        ImprovementBarChart.render(
                                id, pair + ": per program and category", names, interleave(scopeBars))));
            }
            if (!testBars.isEmpty()) {
                String id = figure + "-tests-" + n;
                out.add(new Chart(
                        id, ImprovementBarChart.render(id, pair + ": per test", names, interleave(testBars))));
            }
            n++;
        }
        return out;
    }

    /** Bars of the same label next to each other, in first-seen label order. */
    private static List<Bar> interleave(List<Bar> bars) {
        Map<String, List<Bar>> by = new LinkedHashMap<>();
        bars.forEach(b -> by.computeIfAbsent(b.label(), k -> new ArrayList<>()).add(b));
        return by.values().stream().flatMap(List::stream).toList();
    }

    /**
     * Figure 9: per test that recorded latency distributions (tests[].latency.VARIANT.cdf as
     * [latency, fraction] pairs, the unit in tests[].latency.VARIANT.unit), one CDF chart with
     * every variant.
     */
    static List<Chart> latencyCdfs(List<Machine> machines) {
        List<Chart> out = new ArrayList<>();
        for (int mi = 0; mi < machines.size(); mi++) {
            Optional<ResultFile> speed = machines.get(mi).latest("speed");
            if (speed.isEmpty()) {
                continue;
            }
            int n = 0;
            for (JsonObject t : speed.get().tests()) {
                JsonObject latency = ResultFile.object(t, "latency");
                if (latency == null) {
                    continue;
                }
                List<LatencyCdfChart.Series> series = new ArrayList<>();
                String unit = "ns";
                for (Map.Entry<String, JsonElement> v : latency.entrySet()) {
                    JsonObject dist = v.getValue().isJsonObject() ? v.getValue().getAsJsonObject() : null;
                    if (dist == null || !dist.has("cdf") || !dist.get("cdf").isJsonArray()) {
                        continue;
                    }
                    unit = Optional.ofNullable(ResultFile.string(dist, "unit")).orElse(unit);
                    List<double[]> points = new ArrayList<>();
                    dist.getAsJsonArray("cdf")
                            .forEach(p -> points.add(new double[] {
                                p.getAsJsonArray().get(0).getAsDouble(),
                                p.getAsJsonArray().get(1).getAsDouble()
                            }));
                    if (!points.isEmpty()) {
                        series.add(new LatencyCdfChart.Series(v.getKey(), points));
                    }
                }
                if (!series.isEmpty()) {
                    String id = "fig9-m" + mi + "-" + n++;
                    out.add(new Chart(
                            id,
                            LatencyCdfChart.render(
                                    id,
                                    ResultFile.string(t, "name") + " ("
                                            + machines.get(mi).label() + ")",
                                    unit,
                                    series)));
                }
            }
        }
        return out;
    }
}
