package dotbench.report;

import com.google.gson.JsonObject;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The reproduction table: each paper figure (and each baseline pathway it can be measured
 * against) beside what each machine measured, with a verdict.
 */
public final class Reproduction {
    /** The paper's twelve operand sizes, 512 to 32768 bits, in 64-bit limbs (Section 4). */
    public static final List<Integer> PAPER_LIMBS = List.of(8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512);

    /** One machine's side of a row. */
    public record Cell(Optional<RatioEstimate> measured, Verdict verdict, String note) {}

    /** A figure against one pathway (measure is empty for figures dotbench cannot measure). */
    public record Row(PaperFigure figure, Optional<PaperFigure.Measure> measure, List<Cell> cells) {
        public String pathway() {
            return measure.map(PaperFigure.Measure::pathway).orElse("-");
        }
    }

    private Reproduction() {}

    public static List<Row> table(List<PaperFigure> figures, List<Machine> machines) {
        List<Row> rows = new ArrayList<>();
        for (PaperFigure f : figures) {
            if (f.notMeasurable().isPresent() || f.measures().isEmpty()) {
                String why = f.notMeasurable().orElse("the paper's metric is not one dotbench measures");
                rows.add(new Row(
                        f,
                        Optional.empty(),
                        machines.stream()
                                .map(m -> new Cell(Optional.empty(), Verdict.NOT_MEASURABLE, why))
                                .toList()));
                continue;
            }
            for (PaperFigure.Measure m : f.measures()) {
                rows.add(new Row(
                        f,
                        Optional.of(m),
                        machines.stream().map(machine -> cell(f, m, machine)).toList()));
            }
        }
        return rows;
    }

    static Cell cell(PaperFigure f, PaperFigure.Measure m, Machine machine) {
        Optional<ResultFile> file = machine.latest(m.suite());
        if (file.isEmpty()) {
            return new Cell(Optional.empty(), Verdict.NOT_MEASURED, "no " + m.suite() + " result from this machine");
        }
        ResultFile r = file.get();
        Set<String> flags = r.cpuFlags();
        List<String> missing =
                m.requires().stream().filter(x -> !flags.contains(x)).toList();
        if (!missing.isEmpty()) {
            return new Cell(Optional.empty(), Verdict.NOT_MEASURABLE, "this CPU lacks " + String.join(", ", missing));
        }
        if (m.metric().isPresent()) {
            return metricCell(f, m, r);
        }
        Optional<String> isaShortfall = isaShortfall(m, r);
        if (isaShortfall.isPresent()) {
            return new Cell(Optional.empty(), Verdict.NOT_MEASURABLE, isaShortfall.get());
        }
        Optional<PairRatios> pair = r.comparison(m.baseline(), m.candidate());
        if (pair.isEmpty()) {
            return new Cell(
                    Optional.empty(),
                    Verdict.NOT_MEASURED,
                    "no " + m.candidate() + " vs " + m.baseline() + " pair in "
                            + r.path().getFileName());
        }
        Optional<RatioEstimate> value = value(m, pair.get());
        if (value.isEmpty()) {
            return new Cell(
                    Optional.empty(),
                    Verdict.NOT_MEASURED,
                    "the pair has no " + what(m) + " in " + r.path().getFileName());
        }
        String note = r.path().getFileName().toString()
                + (!m.suite().equals("jmh") && r.libdotIsa().isEmpty()
                        ? "; libdot's ISA is not recorded in the file"
                        : "");
        if (m.latency().isPresent()) {
            // a percentile of one histogram per variant has no interval, and the rule needs one
            return new Cell(
                    value,
                    Verdict.NOT_MEASURABLE,
                    note + "; a percentile of one histogram per variant has no confidence interval");
        }
        return new Cell(value, Verdict.judge(f.asRatio(), value.get()), note);
    }

    /**
     * A figure that is one metric of one test (the phase breakdown of bench_phases, suite
     * "phases"): the test must be in the file, timed, and carry that very metric; a metric of
     * another name is never taken for it. A value the file records as undefined is shown as not
     * measurable with the file's reason.
     */
    static Cell metricCell(PaperFigure f, PaperFigure.Measure m, ResultFile r) {
        String file = r.path().getFileName().toString();
        String test = m.test().orElse("");
        String metric = m.metric().orElseThrow();
        JsonObject t = r.tests().stream()
                .filter(x -> test.equals(ResultFile.string(x, "name")))
                .findFirst()
                .orElse(null);
        if (t == null) {
            return new Cell(Optional.empty(), Verdict.NOT_MEASURED, "no test " + test + " in " + file);
        }
        String skipped = ResultFile.string(t, "skipped");
        if (skipped != null) {
            return new Cell(Optional.empty(), Verdict.NOT_MEASURABLE, test + " was skipped: " + skipped);
        }
        JsonObject value = ResultFile.object(ResultFile.object(t, "metrics"), metric);
        if (value == null) {
            return new Cell(
                    Optional.empty(),
                    Verdict.NOT_MEASURED,
                    "test " + test + " in " + file + " has no metric " + metric);
        }
        String method = "; " + METHOD;
        if (!ResultFile.isNumber(value, "value")) {
            String why = Optional.ofNullable(ResultFile.string(value, "undefined_because"))
                    .orElse("the file records no value");
            return new Cell(
                    Optional.empty(),
                    Verdict.NOT_MEASURABLE,
                    file + ": " + metric + " of " + test + " is undefined: " + why + method);
        }
        if (!ResultFile.isNumber(value, "ci_low") || !ResultFile.isNumber(value, "ci_high")) {
            double v = value.get("value").getAsDouble();
            return new Cell(
                    Optional.of(new RatioEstimate(v, v, v, true)),
                    Verdict.NOT_MEASURABLE,
                    file + ": no confidence interval for " + metric + ", and the rule needs one" + method);
        }
        RatioEstimate e = new RatioEstimate(
                value.get("value").getAsDouble(),
                value.get("ci_low").getAsDouble(),
                value.get("ci_high").getAsDouble(),
                false);
        return new Cell(Optional.of(e), Verdict.judgeMagnitude(f.value(), e), file + method);
    }

    /** How bench_phases' figures differ in kind from the paper's, said beside each of them. */
    static final String METHOD = "bench_phases: throughput cost of cumulative phase-truncated builds"
            + " (back-to-back calls overlap), not per-phase RDTSC inside one call as in the paper";

    /**
     * The integrated libraries reach libdot through its dispatcher, so their figures need the
     * dispatcher to have picked an ISA at least as wide as the paper's. Kernel figures name
     * their libdot variant explicitly and need only the CPU flags.
     */
    private static Optional<String> isaShortfall(PaperFigure.Measure m, ResultFile r) {
        if (m.suite().equals("jmh")) {
            return Optional.empty();
        }
        if (r.libdotIsa().isEmpty()) {
            return Optional.empty();
        }
        String isa = r.libdotIsa().get();
        List<String> enough = m.requires().contains("avx512ifma")
                ? List.of("ifma")
                : m.requires().contains("avx512f") ? List.of("avx512", "ifma") : List.of();
        if (!enough.isEmpty() && !enough.contains(isa)) {
            return Optional.of("libdot ran isa=" + isa + "; the paper's figure needs " + String.join(" or ", enough));
        }
        return Optional.empty();
    }

    static Optional<RatioEstimate> value(PaperFigure.Measure m, PairRatios pair) {
        if (m.scope().isPresent()) {
            return Optional.ofNullable(pair.scopes().get(m.scope().get()));
        }
        if (m.test().isPresent()) {
            Map<String, RatioEstimate> source = m.latency().isPresent()
                    ? pair.latency().getOrDefault(m.latency().get(), Map.of())
                    : pair.tests();
            return Optional.ofNullable(source.get(m.test().get()));
        }
        if (m.testPattern().isPresent()) {
            Pattern p = Pattern.compile(m.testPattern().get());
            List<RatioEstimate> picked = pair.tests().entrySet().stream()
                    .filter(e -> p.matcher(e.getKey()).matches())
                    .map(Map.Entry::getValue)
                    .toList();
            return Aggregate.of(m.statistic(), picked);
        }
        if (m.op().isPresent()) {
            List<RatioEstimate> picked = new ArrayList<>();
            for (Map.Entry<String, RatioEstimate> e : pair.tests().entrySet()) {
                KernelTestName.parse(e.getKey())
                        .filter(k -> k.op().equals(m.op().get()))
                        .filter(k -> k.limbs() == 4 && m.op().get().endsWith("_4x4") || PAPER_LIMBS.contains(k.limbs()))
                        .ifPresent(k -> picked.add(e.getValue()));
            }
            return Aggregate.of(m.statistic(), picked);
        }
        return Optional.empty();
    }

    private static String what(PaperFigure.Measure m) {
        return m.scope()
                .map(s -> "scope " + s)
                .or(() -> m.test()
                        .map(t -> "test " + t + m.latency().map(l -> " " + l).orElse("")))
                .or(() -> m.testPattern().map(p -> "tests matching " + p))
                .or(() -> m.op().map(o -> o + " at the paper's sizes"))
                .orElse("figure");
    }
}
