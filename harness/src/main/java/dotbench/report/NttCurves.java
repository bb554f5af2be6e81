package dotbench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NTT suite's figure: per machine and operation (n x n product, n-limb square), the speed of
 * each contender over GMP's against the operand size, one line per pair, the crossovers the run
 * computed named in the title.
 */
final class NttCurves {
    static final String SUITE = "ntt";
    private static final Pattern BALANCED = Pattern.compile("(mul|sqr)\\((\\d+)\\)");

    private NttCurves() {}

    static List<Charts.Chart> charts(List<Machine> machines) {
        List<Charts.Chart> out = new ArrayList<>();
        for (int mi = 0; mi < machines.size(); mi++) {
            Optional<ResultFile> file = machines.get(mi).latest(SUITE);
            if (file.isEmpty()) {
                continue;
            }
            for (String op : List.of("mul", "sqr")) {
                List<SpeedupCurveChart.Series> series = new ArrayList<>();
                for (PairRatios p : file.get().comparisons()) {
                    TreeMap<Integer, RatioEstimate> points = points(p, op);
                    if (points.size() > 1) {
                        series.add(new SpeedupCurveChart.Series(p.label(), points));
                    }
                }
                if (series.isEmpty()) {
                    continue;
                }
                String id = "ntt-m" + mi + "-" + op;
                String title = (op.equals("mul") ? "n x n product" : "n-limb square") + " vs GMP ("
                        + machines.get(mi).label() + "); crossover: " + crossovers(file.get(), op);
                out.add(new Charts.Chart(id, SpeedupCurveChart.render(id, title, series)));
            }
        }
        return out;
    }

    /** A pair's ratios at the balanced sizes of one operation, by limb count. */
    static TreeMap<Integer, RatioEstimate> points(PairRatios p, String op) {
        TreeMap<Integer, RatioEstimate> points = new TreeMap<>();
        p.tests().forEach((name, r) -> {
            Matcher m = BALANCED.matcher(name);
            if (m.matches() && m.group(1).equals(op)) {
                points.put(Integer.parseInt(m.group(2)), r);
            }
        });
        return points;
    }

    /** The file's crossovers of one operation, as "ntt-ifma 192 limbs, ntt-avx2 none in 64..4096". */
    static String crossovers(ResultFile f, String op) {
        List<String> parts = new ArrayList<>();
        if (f.root().has("crossover")) {
            for (JsonElement e : f.root().getAsJsonArray("crossover")) {
                JsonObject x = e.getAsJsonObject();
                if (!op.equals(ResultFile.string(x, "op")) || !x.has("min_limbs_measured")) {
                    continue;
                }
                String candidate = ResultFile.string(x, "candidate");
                parts.add(
                        ResultFile.isNumber(x, "limbs")
                                ? String.format(
                                        Locale.ROOT,
                                        "%s from %d limbs (%d bits)",
                                        candidate,
                                        x.get("limbs").getAsInt(),
                                        64 * x.get("limbs").getAsInt())
                                : String.format(
                                        Locale.ROOT,
                                        "%s none in %d..%d limbs",
                                        candidate,
                                        x.get("min_limbs_measured").getAsInt(),
                                        x.get("max_limbs_measured").getAsInt()));
            }
        }
        return parts.isEmpty() ? "not recorded" : String.join(", ", parts);
    }
}
