package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.function.DoubleUnaryOperator;

/**
 * Speedup against operand size, one line per kernel/variant pair, as in the paper's Figure 3:
 * x is the operand size in bits (log scale, limbs x 64), y the speedup (time ratio), each point
 * with its 95% interval and hollow when noisy. The dashed line at 1 is "no change".
 */
final class SpeedupCurveChart {
    private static final int WIDTH = 860;
    private static final int PLOT_HEIGHT = 250;
    private static final double LEFT = 60;
    private static final double RIGHT = 20;
    private static final double BOTTOM = 60;

    /** One line: a name and, per limb count, the ratio. */
    record Series(String name, SortedMap<Integer, RatioEstimate> points) {}

    private SpeedupCurveChart() {}

    static String render(String chartId, String title, List<Series> series) {
        int minLimbs = Integer.MAX_VALUE;
        int maxLimbs = 1;
        double lo = 1;
        double hi = 1;
        for (Series s : series) {
            for (var e : s.points().entrySet()) {
                minLimbs = Math.min(minLimbs, e.getKey());
                maxLimbs = Math.max(maxLimbs, e.getKey());
                lo = Math.min(lo, e.getValue().low());
                hi = Math.max(hi, e.getValue().high());
            }
        }
        lo = Math.max(0, lo - 0.1 * (hi - lo + 0.1));
        hi = hi + 0.1 * (hi - lo + 0.1);
        double lx0 = Math.log(minLimbs) / Math.log(2);
        double lx1 = Math.max(lx0 + 1, Math.log(maxLimbs) / Math.log(2));
        List<String> names = series.stream().map(Series::name).toList();
        final double top = 36 + Svg.LEGEND_ROW * Svg.legendRows(LEFT, names, WIDTH - RIGHT);
        final int height = (int) (top + PLOT_HEIGHT + BOTTOM);
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = PLOT_HEIGHT;
        final double ylo = lo;
        final double yspan = hi - lo;
        DoubleUnaryOperator x = limbs -> LEFT + (Math.log(limbs) / Math.log(2) - lx0) / (lx1 - lx0) * plotW;
        DoubleUnaryOperator y = v -> top + plotH - (v - ylo) / yspan * plotH;
        StringBuilder s = new StringBuilder(Svg.open(chartId, WIDTH, height, title));
        s.append(Svg.legend(LEFT, 36, names, WIDTH - RIGHT));
        for (double t : ImprovementBarChart.ticks(lo, hi)) {
            s.append(Svg.line(LEFT, y.applyAsDouble(t), LEFT + plotW, y.applyAsDouble(t), "#e8e8e8", 1, null));
            s.append(Svg.text(
                    LEFT - 6, y.applyAsDouble(t) + 4, String.format(Locale.ROOT, "%.2fx", t), "end", 10, "normal"));
        }
        for (int limbs = Integer.highestOneBit(minLimbs); limbs <= maxLimbs; limbs *= 2) {
            if (limbs >= minLimbs) {
                double px = x.applyAsDouble(limbs);
                s.append(Svg.line(px, top, px, top + plotH, "#f0f0f0", 1, null));
                s.append(Svg.text(px, top + plotH + 16, Integer.toString(limbs * 64), "middle", 10, "normal"));
            }
        }
        s.append(Svg.line(LEFT, y.applyAsDouble(1), LEFT + plotW, y.applyAsDouble(1), "#444444", 1.2, "5,4"));
        s.append(Svg.line(LEFT, top + plotH, LEFT + plotW, top + plotH, "#444444", 1, null));
        s.append(Svg.text(
                LEFT + plotW / 2,
                height - 22,
                "operand size (bits, log scale); whisker: 95% CI; hollow: noisy",
                "middle",
                11,
                "normal"));
        s.append(
                "<text transform=\"rotate(-90 16 " + Svg.num(top + plotH / 2) + ")\" x=\"16\" y=\""
                        + Svg.num(top + plotH / 2)
                        + "\" text-anchor=\"middle\" font-size=\"11\" font-family=\"sans-serif\" fill=\"#222222\">speedup</text>\n");
        for (int i = 0; i < series.size(); i++) {
            Series ser = series.get(i);
            String c = Svg.color(i);
            StringBuilder path = new StringBuilder();
            for (var e : ser.points().entrySet()) {
                path.append(path.isEmpty() ? "M" : " L")
                        .append(Svg.num(x.applyAsDouble(e.getKey())))
                        .append(' ')
                        .append(Svg.num(y.applyAsDouble(e.getValue().ratio())));
            }
            s.append("<path class=\"series\" d=\"")
                    .append(path)
                    .append("\" fill=\"none\" stroke=\"")
                    .append(c)
                    .append("\" stroke-width=\"2\"/>\n");
            for (var e : ser.points().entrySet()) {
                RatioEstimate r = e.getValue();
                double px = x.applyAsDouble(e.getKey());
                s.append(Svg.line(px, y.applyAsDouble(r.low()), px, y.applyAsDouble(r.high()), c, 1.2, null));
                String tip = String.format(
                        Locale.ROOT,
                        "%s, %d bits: %.3fx [%.3f, %.3f]%s",
                        ser.name(),
                        e.getKey() * 64,
                        r.ratio(),
                        r.low(),
                        r.high(),
                        r.noisy() ? " noisy" : "");
                s.append(Svg.circle(
                        px,
                        y.applyAsDouble(r.ratio()),
                        3.5,
                        r.noisy() ? "#ffffff" : c,
                        r.noisy() ? "point noisy" : "point",
                        tip));
                if (r.noisy()) {
                    s.append("<circle cx=\"")
                            .append(Svg.num(px))
                            .append("\" cy=\"")
                            .append(Svg.num(y.applyAsDouble(r.ratio())))
                            .append("\" r=\"3.5\" fill=\"none\" stroke=\"")
                            .append(c)
                            .append("\" stroke-width=\"1.5\"/>\n");
                }
            }
        }
        return s.append(Svg.close()).toString();
    }
}
