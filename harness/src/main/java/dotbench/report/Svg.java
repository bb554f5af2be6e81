package dotbench.report;

import java.util.List;
import java.util.Locale;

/** The few SVG and HTML pieces the charts draw with; every text goes through {@link #escape}. */
public final class Svg {
    /** Colour-blind-safe palette (Okabe-Ito), one per series. */
    static final String[] PALETTE = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};

    static final String NOISY_PATTERN_ID = "noisy-hatch";

    private Svg() {}

    public static String color(int series) {
        return PALETTE[Math.floorMod(series, PALETTE.length)];
    }

    public static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    public static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    public static String open(String chartId, int width, int height, String title) {
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"" + escape(chartId) + "\" width=\""
                + width
                + "\" height=\"" + height + "\" viewBox=\"0 0 " + width + " " + height + "\" role=\"img\" aria-label=\""
                + escape(title) + "\">\n<title>" + escape(title) + "</title>\n"
                + "<defs><pattern id=\"" + NOISY_PATTERN_ID + "-" + escape(chartId)
                + "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\""
                + " patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffffff\"/><rect "
                + "width=\"3\" height=\"6\" fill=\"#999999\"/></pattern></defs>\n"
                + "<rect x=\"0\" y=\"0\" width=\"" + width + "\" height=\"" + height + "\" fill=\"#ffffff\"/>\n"
                + text(width / 2.0, 18, title, "middle", 14, "bold");
    }

    static String noisyFill(String chartId) {
        return "url(#" + NOISY_PATTERN_ID + "-" + escape(chartId) + ")";
    }

    public static String close() {
        return "</svg>\n";
    }

    public static String text(double x, double y, String s, String anchor, int size, String weight) {
        return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\" font-size=\"" + size
                + "\" font-weight=\"" + weight + "\" font-family=\"sans-serif\" fill=\"#222222\">" + escape(s)
                + "</text>\n";
    }

    public static String line(double x1, double y1, double x2, double y2, String stroke, double width, String dash) {
        return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2)
                + "\" stroke=\"" + stroke + "\" stroke-width=\"" + num(width) + "\""
                + (dash == null ? "" : " stroke-dasharray=\"" + dash + "\"") + "/>\n";
    }

    static String rect(
            double x, double y, double w, double h, String fill, String stroke, String cssClass, String tooltip) {
        return "<rect class=\"" + cssClass + "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\""
                + num(Math.max(w, 0.5)) + "\" height=\"" + num(h) + "\" fill=\"" + fill + "\" stroke=\"" + stroke
                + "\"><title>" + escape(tooltip) + "</title></rect>\n";
    }

    public static String circle(double x, double y, double r, String fill, String cssClass, String tooltip) {
        return "<circle class=\"" + cssClass + "\" cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" + num(r)
                + "\" fill=\"" + fill + "\"><title>" + escape(tooltip) + "</title></circle>\n";
    }

    /** Legend entries of coloured squares from (x, y), wrapping to a new row before maxX. */
    static String legend(double x, double y, List<String> names, double maxX) {
        StringBuilder s = new StringBuilder();
        double cx = x;
        double cy = y;
        for (int i = 0; i < names.size(); i++) {
            double w = legendWidth(names.get(i));
            if (cx > x && cx + w > maxX) {
                cx = x;
                cy += LEGEND_ROW;
            }
            s.append("<rect x=\"")
                    .append(num(cx))
                    .append("\" y=\"")
                    .append(num(cy - 9))
                    .append("\" width=\"10\" height=\"10\" fill=\"")
                    .append(color(i))
                    .append("\"/>\n");
            s.append(text(cx + 14, cy, names.get(i), "start", 11, "normal"));
            cx += w;
        }
        return s.toString();
    }

    /** How many rows {@link #legend} takes for these names. */
    static int legendRows(double x, List<String> names, double maxX) {
        int rows = names.isEmpty() ? 0 : 1;
        double cx = x;
        for (String n : names) {
            double w = legendWidth(n);
            if (cx > x && cx + w > maxX) {
                cx = x;
                rows++;
            }
            cx += w;
        }
        return rows;
    }

    static final int LEGEND_ROW = 16;

    private static double legendWidth(String name) {
        return 24 + 6.2 * name.length();
    }
}
