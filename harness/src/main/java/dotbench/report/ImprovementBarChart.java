package dotbench.report;

import dotbench.stats.RatioEstimate;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * Horizontal bars of (ratio - 1) in percent, the way the paper's Figures 4, 5, 13 and 14 show
 * improvements, with each bar's 95% interval as a whisker. A noisy bar is hatched and labelled so
 * that nobody reads a figure to a precision the run did not have.
 */
final class ImprovementBarChart {
    private static final int WIDTH = 860;
    private static final int ROW = 18;
    private static final double LEFT = 230;
    private static final double RIGHT = 120;

    private ImprovementBarChart() {}

    static String render(String chartId, String title, List<String> seriesNames, List<Bar> bars) {
        final double top = 40 + Svg.LEGEND_ROW * Svg.legendRows(LEFT, seriesNames, WIDTH - 10);
        int height = (int) (top + 40 + ROW * bars.size());
        double lo = 0;
        double hi = 0;
        for (Bar b : bars) {
            lo = Math.min(lo, pct(b.ratio().low()));
            hi = Math.max(hi, pct(b.ratio().high()));
        }
        double pad = Math.max(1, (hi - lo) * 0.05);
        lo -= pad;
        hi += pad;
        double plotWidth = WIDTH - LEFT - RIGHT;
        final double min = lo;
        final double span = hi - lo;
        DoubleUnaryOperator x = v -> LEFT + (v - min) / span * plotWidth;
        StringBuilder s = new StringBuilder(Svg.open(chartId, WIDTH, height, title));
        s.append(Svg.legend(LEFT, 36, seriesNames, WIDTH - 10));
        double axisY = top + ROW * bars.size() + 6;
        for (double tick : ticks(lo, hi)) {
            s.append(Svg.line(x.applyAsDouble(tick), top - 4, x.applyAsDouble(tick), axisY, "#e0e0e0", 1, null));
            s.append(Svg.text(
                    x.applyAsDouble(tick),
                    axisY + 14,
                    String.format(Locale.ROOT, "%+.0f%%", tick),
                    "middle",
                    10,
                    "normal"));
        }
        s.append(Svg.line(x.applyAsDouble(0), top - 4, x.applyAsDouble(0), axisY, "#444444", 1.2, null));
        s.append(Svg.text(
                LEFT + plotWidth / 2,
                axisY + 28,
                "improvement of candidate over baseline (%), whisker: 95% CI",
                "middle",
                11,
                "normal"));
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            RatioEstimate r = b.ratio();
            double y = top + i * ROW;
            double x0 = x.applyAsDouble(0);
            double xv = x.applyAsDouble(pct(r.ratio()));
            String tip = String.format(
                    Locale.ROOT,
                    "%s: %+.2f%% [%+.2f%%, %+.2f%%]%s",
                    b.label(),
                    pct(r.ratio()),
                    pct(r.low()),
                    pct(r.high()),
                    r.noisy() ? " noisy" : "");
            s.append(Svg.text(LEFT - 6, y + 12, b.label(), "end", 11, "normal"));
            String fill = r.noisy() ? Svg.noisyFill(chartId) : Svg.color(b.series());
            s.append(Svg.rect(
                    Math.min(x0, xv),
                    y + 2,
                    Math.abs(xv - x0),
                    ROW - 5,
                    fill,
                    Svg.color(b.series()),
                    r.noisy() ? "bar noisy" : "bar",
                    tip));
            double wl = x.applyAsDouble(pct(r.low()));
            double wh = x.applyAsDouble(pct(r.high()));
            s.append(Svg.line(wl, y + ROW / 2.0, wh, y + ROW / 2.0, "#222222", 1.2, null));
            s.append(Svg.line(wl, y + 5, wl, y + ROW - 5, "#222222", 1.2, null));
            s.append(Svg.line(wh, y + 5, wh, y + ROW - 5, "#222222", 1.2, null));
            s.append(Svg.text(
                    WIDTH - RIGHT + 8,
                    y + 12,
                    String.format(Locale.ROOT, "%+.1f%%%s", pct(r.ratio()), r.noisy() ? " noisy" : ""),
                    "start",
                    11,
                    r.noisy() ? "normal" : "bold"));
        }
        return s.append(Svg.close()).toString();
    }

    static double pct(double ratio) {
        return (ratio - 1) * 100;
    }

    /** About five round ticks between lo and hi, always including 0. */
    static double[] ticks(double lo, double hi) {
        double raw = (hi - lo) / 5;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / mag < 2 ? 2 * mag : raw / mag < 5 ? 5 * mag : 10 * mag;
        int first = (int) Math.ceil(lo / step);
        int last = (int) Math.floor(hi / step);
        double[] out = new double[Math.max(0, last - first + 1)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (first + i) * step;
        }
        return out;
    }
}
