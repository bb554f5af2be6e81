package dotbench.history;

import dotbench.report.Svg;
import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Locale;

/**
 * One series over its commits as inline SVG: the ratio per run with its 95% interval (hollow
 * when noisy), the mean of each segment between change points as a grey bar, and each change
 * point as a vermilion line named with the commit where the step appears.
 */
final class TrendChart {
    static final String POINT_COLOR = Svg.color(0);
    static final String CHANGE_COLOR = Svg.color(1);
    private static final int WIDTH = 760;
    private static final int HEIGHT = 230;
    private static final double LEFT = 60;
    private static final double RIGHT = 20;
    private static final double TOP = 44;
    private static final double BOTTOM = 62;

    private TrendChart() {}

    static String render(String chartId, Series s) {
        List<Series.Point> pts = s.points();
        double lo = 1;
        double hi = 1;
        for (Series.Point p : pts) {
            lo = Math.min(lo, p.ratio().low());
            hi = Math.max(hi, p.ratio().high());
        }
        double pad = 0.08 * (hi - lo) + 0.005;
        double ylo = lo - pad;
        double yspan = hi + pad - ylo;
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        double step = plotW / Math.max(1, pts.size());
        StringBuilder svg = new StringBuilder(Svg.open(
                chartId, WIDTH, HEIGHT, s.key().label() + " (" + s.key().machine() + ")"));
        for (double t : ticks(ylo, ylo + yspan)) {
            double y = TOP + plotH - (t - ylo) / yspan * plotH;
            svg.append(Svg.line(LEFT, y, LEFT + plotW, y, "#e8e8e8", 1, null));
            svg.append(Svg.text(LEFT - 6, y + 4, String.format(Locale.ROOT, "%.3f", t), "end", 10, "normal"));
        }
        double one = TOP + plotH - (1 - ylo) / yspan * plotH;
        svg.append(Svg.line(LEFT, one, LEFT + plotW, one, "#444444", 1, "5,4"));
        int from = 0;
        for (int c = 0; c <= s.changes().size(); c++) {
            int to = c < s.changes().size() ? s.changes().get(c).index() : pts.size();
            double mean = c < s.changes().size()
                    ? s.changes().get(c).before()
                    : s.changes().isEmpty() ? Double.NaN : s.changes().getLast().after();
            if (!Double.isNaN(mean)) {
                double y = TOP + plotH - (mean - ylo) / yspan * plotH;
                svg.append(Svg.line(LEFT + from * step + 2, y, LEFT + to * step - 2, y, "#999999", 3, null));
            }
            from = to;
        }
        for (Series.Change c : s.changes()) {
            double x = LEFT + c.index() * step;
            svg.append(Svg.line(x, TOP - 4, x, TOP + plotH, CHANGE_COLOR, 2.5, "6,3"));
            svg.append(Svg.text(
                    x + 4,
                    TOP + 6,
                    String.format(Locale.ROOT, "%s %+.1f%%", c.commit(), 100 * c.relative()),
                    "start",
                    11,
                    "bold"));
        }
        int labelEvery = Math.max(1, (int) Math.ceil(pts.size() / (plotW / 60)));
        for (int i = 0; i < pts.size(); i++) {
            Series.Point p = pts.get(i);
            RatioEstimate r = p.ratio();
            double x = LEFT + (i + 0.5) * step;
            double y = TOP + plotH - (r.ratio() - ylo) / yspan * plotH;
            svg.append(Svg.line(
                    x,
                    TOP + plotH - (r.low() - ylo) / yspan * plotH,
                    x,
                    TOP + plotH - (r.high() - ylo) / yspan * plotH,
                    POINT_COLOR,
                    1.5,
                    null));
            String tip = String.format(
                    Locale.ROOT,
                    "%s (%s, %s): %.3f [%.3f, %.3f]%s",
                    p.commit(),
                    p.date(),
                    p.source(),
                    r.ratio(),
                    r.low(),
                    r.high(),
                    r.noisy() ? " noisy" : "");
            svg.append(Svg.circle(
                    x, y, 4.5, r.noisy() ? "#ffffff" : POINT_COLOR, r.noisy() ? "point noisy" : "point", tip));
            if (r.noisy()) {
                svg.append("<circle cx=\"")
                        .append(Svg.num(x))
                        .append("\" cy=\"")
                        .append(Svg.num(y))
                        .append("\" r=\"4.5\" fill=\"none\" stroke=\"")
                        .append(POINT_COLOR)
                        .append("\" stroke-width=\"1.5\"/>\n");
            }
            if (i % labelEvery == 0) {
                svg.append(Svg.text(x, TOP + plotH + 16, p.commit(), "middle", 10, "normal"));
            }
        }
        svg.append(Svg.line(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH, "#444444", 1, null));
        svg.append(Svg.text(
                LEFT + plotW / 2,
                HEIGHT - 24,
                "commit (runs in date order); ratio = " + s.key().candidate() + "/"
                        + s.key().baseline() + " speed, whisker 95% CI, hollow: noisy; grey: segment mean",
                "middle",
                11,
                "normal"));
        return svg.append(Svg.close()).toString();
    }

    /** About five round tick values covering [lo, hi]. */
    static double[] ticks(double lo, double hi) {
        double raw = (hi - lo) / 5;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double unit = raw / mag < 2 ? 2 * mag : raw / mag < 5 ? 5 * mag : 10 * mag;
        int first = (int) Math.ceil(lo / unit);
        int last = (int) Math.floor(hi / unit);
        double[] t = new double[Math.max(0, last - first + 1)];
        for (int i = 0; i < t.length; i++) {
            t[i] = (first + i) * unit;
        }
        return t;
    }
}
