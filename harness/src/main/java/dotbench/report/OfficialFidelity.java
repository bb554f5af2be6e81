package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The harness's GMPbench-style A/B ratios beside those of GMPbench 0.2's own programs on the same
 * builds, test by test and for every program, category and the total: quotient = harness ratio /
 * official ratio. A figure agrees when the quotient lies within the tolerance of 1 (3% per test,
 * program and category; 1% for the total, as the project asks); beyond it, it is "noise" when the
 * two 95% intervals overlap (the runs cannot tell the figures apart) and "DIFFERS" when they do not.
 */
public record OfficialFidelity(ResultFile harness, ResultFile official, List<Row> rows) {
    public static final double TEST_TOLERANCE = 0.03;
    public static final double TOTAL_TOLERANCE = 0.01;

    public enum Verdict {
        AGREES("agrees"),
        NOISE("noise"),
        DIFFERS("DIFFERS");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public record Row(String pair, String figure, boolean scope, RatioEstimate harness, RatioEstimate official) {
        public double quotient() {
            return harness.ratio() / official.ratio();
        }

        public double tolerance() {
            return figure.equals("total") ? TOTAL_TOLERANCE : TEST_TOLERANCE;
        }

        public Verdict verdict() {
            if (Math.abs(quotient() - 1) <= tolerance()) {
                return Verdict.AGREES;
            }
            return harness.low() <= official.high() && official.low() <= harness.high()
                    ? Verdict.NOISE
                    : Verdict.DIFFERS;
        }
    }

    public OfficialFidelity {
        rows = List.copyOf(rows);
    }

    /** Rows for every pair and figure both files have, in the official file's order. */
    public static OfficialFidelity of(ResultFile harness, ResultFile official) {
        List<Row> rows = new ArrayList<>();
        for (PairRatios o : official.comparisons()) {
            harness.comparison(o.baseline(), o.candidate()).ifPresent(h -> {
                add(rows, o.label(), false, h.tests(), o.tests());
                add(rows, o.label(), true, h.scopes(), o.scopes());
            });
        }
        return new OfficialFidelity(harness, official, rows);
    }

    private static void add(
            List<Row> rows, String pair, boolean scope, Map<String, RatioEstimate> h, Map<String, RatioEstimate> o) {
        o.forEach((figure, r) -> {
            if (h.containsKey(figure)) {
                rows.add(new Row(pair, figure, scope, h.get(figure), r));
            }
        });
    }

    public long count(Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }

    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("harness: `")
                .append(harness.path())
                .append("` (")
                .append(ReportModel.commit(harness))
                .append(")  \n");
        md.append("official GMPbench 0.2: `")
                .append(official.path())
                .append("` (")
                .append(ReportModel.commit(official))
                .append(")\n\n");
        md.append("| pair | figure | harness | official | harness/official | verdict |\n|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %.3f | %s |%n",
                    r.pair(),
                    r.scope() ? "**" + r.figure() + "**" : r.figure(),
                    FleetTable.format(r.harness()),
                    FleetTable.format(r.official()),
                    r.quotient(),
                    r.verdict().label()));
        }
        md.append(String.format(
                Locale.ROOT,
                "%n%d figures: %d agree (within %.0f%%, total %.0f%%), %d beyond that inside the noise (intervals overlap), %d differ.%n",
                rows.size(),
                count(Verdict.AGREES),
                100 * TEST_TOLERANCE,
                100 * TOTAL_TOLERANCE,
                count(Verdict.NOISE),
                count(Verdict.DIFFERS)));
        return md.toString();
    }

    /** For each machine with both suites, its newest harness and newest official result. */
    public static List<OfficialFidelity> of(List<Machine> machines) {
        List<OfficialFidelity> out = new ArrayList<>();
        for (Machine m : machines) {
            m.latest("gmpbench").ifPresent(h -> m.latest("gmpbench-official").ifPresent(o -> out.add(of(h, o))));
        }
        return out;
    }
}
