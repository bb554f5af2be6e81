package dotbench.gmpbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Java harness's A/B ratios against the native C driver's, over several rounds of separate
 * processes. One process of either side carries a bias of a few percent of its own (where the
 * libraries and the loops land in memory, which differs from one process to the next), larger
 * than the 3% being checked; so each round starts a fresh Java process and a fresh native
 * process, the sides alternate which goes first, and the verdict per scope is on the geometric
 * means over the rounds.
 *
 * <p>The verdict covers GMPbench's categories (base, app) and the total. The six programs are
 * shown beside them, flagged when they differ by more than the tolerance, but a quick run's
 * single program (gcdext, say: five tests) still moves by a few percent from one process to the
 * next, so they do not decide.
 */
public final class NativeFidelity {
    /** The scopes the verdict is on. */
    public static final List<String> VERDICT_SCOPES = List.of("base", "app", "total");

    private NativeFidelity() {}

    /** One round: scope to candidate/baseline ratio, from each side. */
    public record Round(boolean javaFirst, Map<String, Double> java, Map<String, Double> nativeRatios) {
        public Round {
            java = Map.copyOf(java);
            nativeRatios = Map.copyOf(nativeRatios);
        }
    }

    /** One scope over all rounds. */
    public record Row(String scope, double[] java, double[] nativeRatios) {
        public Row {
            java = java.clone();
            nativeRatios = nativeRatios.clone();
        }

        public double javaMean() {
            return geomean(java);
        }

        public double nativeMean() {
            return geomean(nativeRatios);
        }

        /** java/native - 1 of the geometric means: what the tolerance bounds. */
        public double difference() {
            return javaMean() / nativeMean() - 1;
        }
    }

    public record Result(String baseline, String candidate, List<Round> rounds, double tolerance) {
        public Result {
            rounds = List.copyOf(rounds);
            if (rounds.isEmpty()) {
                throw new IllegalArgumentException("no rounds");
            }
        }

        /** The scopes both sides reported in every round, in GMPbench's order. */
        public List<Row> rows() {
            List<Row> out = new ArrayList<>();
            for (String scope : Comparisons.SCOPE_ORDER) {
                if (rounds.stream()
                        .allMatch(r ->
                                r.java().containsKey(scope) && r.nativeRatios().containsKey(scope))) {
                    out.add(new Row(
                            scope,
                            rounds.stream()
                                    .mapToDouble(r -> r.java().get(scope))
                                    .toArray(),
                            rounds.stream()
                                    .mapToDouble(r -> r.nativeRatios().get(scope))
                                    .toArray()));
                }
            }
            return out;
        }

        public boolean passed() {
            List<Row> decisive = rows().stream()
                    .filter(r -> VERDICT_SCOPES.contains(r.scope()))
                    .toList();
            return !decisive.isEmpty() && decisive.stream().allMatch(r -> Math.abs(r.difference()) <= tolerance);
        }

        public String table() {
            StringBuilder out = new StringBuilder(String.format(
                    Locale.ROOT,
                    "fidelity: %s/%s, Java harness vs gmpbench_native, %d rounds of fresh processes (geometric means),"
                            + " tolerance %.1f%% on %s%n",
                    candidate,
                    baseline,
                    rounds.size(),
                    100 * tolerance,
                    String.join(", ", VERDICT_SCOPES)));
            String series = "%-" + (7 * rounds.size()) + "s";
            out.append(String.format(
                    Locale.ROOT,
                    "  %-9s " + series + " " + series + " %8s %8s %9s%n",
                    "scope",
                    "java per round",
                    "native per round",
                    "java",
                    "native",
                    "diff"));
            for (Row r : rows()) {
                out.append(String.format(
                        Locale.ROOT,
                        "  %-9s " + series + " " + series + " %8.4f %8.4f %+8.2f%%%s%n",
                        r.scope(),
                        series(r.java()),
                        series(r.nativeRatios()),
                        r.javaMean(),
                        r.nativeMean(),
                        100 * r.difference(),
                        Math.abs(r.difference()) <= tolerance
                                ? ""
                                : VERDICT_SCOPES.contains(r.scope())
                                        ? "  OUTSIDE"
                                        : "  outside (a program: shown, not in the verdict)"));
            }
            out.append(
                    passed()
                            ? "fidelity: agree within tolerance\n"
                            : "fidelity: DISAGREE beyond tolerance (noise on a shared machine can do this; "
                                    + "rerun, or raise --rounds or --samples)\n");
            return out.toString();
        }

        private static String series(double[] v) {
            return String.join(
                    " ",
                    Arrays.stream(v)
                            .mapToObj(x -> String.format(Locale.ROOT, "%.3f", x))
                            .toList());
        }
    }

    static double geomean(double[] v) {
        return Math.exp(Arrays.stream(v).map(Math::log).average().orElseThrow());
    }

    /** Reads "ratio CAND/BASE SCOPE VALUE" lines of gmpbench_native's output. */
    public static Map<String, Double> parseNative(String text, String baseline, String candidate) {
        Map<String, Double> ratios = new LinkedHashMap<>();
        String prefix = "ratio " + candidate + "/" + baseline + " ";
        text.lines().filter(l -> l.startsWith(prefix)).forEach(l -> {
            String[] f = l.substring(prefix.length()).trim().split("\\s+");
            ratios.put(f[0], Double.parseDouble(f[1]));
        });
        return ratios;
    }
}
