package dotbench.report;

import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * Latency CDFs of stock vs dot for one operation, as in the paper's Figure 9: x is the
 * per-operation latency (log scale), y the fraction of operations at or below it.
 */
final class LatencyCdfChart {
    private static final int WIDTH = 420;
    private static final int HEIGHT = 260;
    private static final double LEFT = 50;
    private static final double RIGHT = 16;
    private static final double TOP = 46;
    private static final double BOTTOM = 48;

    /** One variant's distribution: points (latency, cumulative fraction), latency ascending. */
    record Series(String name, List<double[]> points) {}

    private LatencyCdfChart() {}

    static String render(String chartId, String title, String unit, List<Series> series) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Series s : series) {
            for (double[] p : s.points()) {
                min = Math.min(min, p[0]);
                max = Math.max(max, p[0]);
            }
        }
        double l0 = Math.log10(min);
        double l1 = Math.max(l0 + 1e-3, Math.log10(max));
        double pad = (l1 - l0) * 0.05;
        final double a = l0 - pad;
        final double b = l1 + pad;
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        DoubleUnaryOperator x = v -> LEFT + (Math.log10(v) - a) / (b - a) * plotW;
        DoubleUnaryOperator y = f -> TOP + plotH - f * plotH;
        StringBuilder s = new StringBuilder(Svg.open(chartId, WIDTH, HEIGHT, title));
        s.append(Svg.legend(LEFT, 34, series.stream().map(Series::name).toList(), WIDTH - RIGHT));
        for (double f = 0; f <= 1.0001; f += 0.25) {
            s.append(Svg.line(LEFT, y.applyAsDouble(f), LEFT + plotW, y.applyAsDouble(f), "#e8e8e8", 1, null));
            s.append(Svg.text(
                    LEFT - 5,
                    y.applyAsDouble(f) + 4,
                    String.format(Locale.ROOT, "%.0f%%", f * 100),
                    "end",
                    10,
                    "normal"));
        }
        for (double v : new double[] {
            Math.pow(10, a + 0.05 * (b - a)), Math.pow(10, (a + b) / 2), Math.pow(10, b - 0.05 * (b - a))
        }) {
            s.append(Svg.text(
                    x.applyAsDouble(v),
                    TOP + plotH + 15,
                    String.format(Locale.ROOT, "%.3g", v),
                    "middle",
                    10,
                    "normal"));
        }
        s.append(Svg.text(
                LEFT + plotW / 2,
                HEIGHT - 14,
                "latency per operation (" + unit + ", log scale)",
                "middle",
                11,
                "normal"));
        for (int i = 0; i < series.size(); i++) {
            StringBuilder path = new StringBuilder();
            for (double[] p : series.get(i).points()) {
                path.append(path.isEmpty() ? "M" : " L")
                        .append(Svg.num(x.applyAsDouble(p[0])))
                        .append(' ')
                        .append(Svg.num(y.applyAsDouble(p[1])));
            }
            s.append("<path class=\"series\" d=\"")
                    .append(path)
                    .append("\" fill=\"none\" stroke=\"")
                    .append(Svg.color(i))
                    .append("\" stroke-width=\"2\"><title>")
                    .append(Svg.escape(series.get(i).name()))
                    .append("</title></path>\n");
        }
        return s.append(Svg.close()).toString();
    }
}
