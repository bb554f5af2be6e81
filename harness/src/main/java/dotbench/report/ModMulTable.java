package dotbench.report;

import com.google.gson.JsonObject;
import dotbench.stats.RatioEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The modular-multiplication figure in the style of the PMNS paper's Table 5: per prime size and
 * parameter set, TSC cycles per product of the full and truncated PMNS products and their ratio,
 * beside GMP's and OpenSSL's Montgomery products; one table per machine (its latest modmul file).
 */
public final class ModMulTable {
    static final String SUITE = "modmul";
    private static final List<String> HEADER = List.of(
            "p (bits)",
            "s, n",
            "PMNS full",
            "PMNS truncated",
            "full / truncated [95% CI]",
            "GMP Montgomery",
            "OpenSSL Montgomery",
            "GMP / PMNS truncated [95% CI]");

    private ModMulTable() {}

    /** One table per machine with a modmul result: its title, then rows of cells. */
    record Table(String title, List<List<String>> rows) {}

    static List<Table> of(List<Machine> machines) {
        List<Table> out = new ArrayList<>();
        for (Machine m : machines) {
            m.latest(SUITE).ifPresent(f -> out.add(table(m, f)));
        }
        return out;
    }

    private static Table table(Machine m, ResultFile f) {
        Optional<PairRatios> truncation = f.comparison("pmns-full", "pmns-trunc");
        Optional<PairRatios> vsGmp = f.comparison("gmp", "pmns-trunc");
        List<List<String>> rows = new ArrayList<>();
        for (JsonObject t : f.tests()) {
            String name = ResultFile.string(t, "name");
            JsonObject cycles = ResultFile.object(t, "tsc_cycles_per_product");
            rows.add(List.of(
                    number(t, "bits"),
                    number(t, "pmns_s") + ", " + number(t, "pmns_n"),
                    cycles(cycles, "pmns-full"),
                    cycles(cycles, "pmns-trunc"),
                    ratio(truncation, name),
                    cycles(cycles, "gmp"),
                    cycles(cycles, "openssl"),
                    ratio(vsGmp, name)));
        }
        String isa = f.libdotIsa().map(i -> ", libdot " + i).orElse("");
        return new Table(m.label() + " (" + f.path().getFileName() + isa + "): TSC cycles per product", rows);
    }

    private static String number(JsonObject t, String key) {
        return t.has(key) ? t.get(key).getAsString() : "-";
    }

    private static String cycles(JsonObject cycles, String variant) {
        return cycles != null && cycles.has(variant)
                ? String.format(Locale.ROOT, "%.0f", cycles.get(variant).getAsDouble())
                : "-";
    }

    private static String ratio(Optional<PairRatios> pair, String test) {
        Optional<RatioEstimate> r = pair.map(p -> p.tests().get(test));
        return r.map(e -> String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", e.ratio(), e.low(), e.high()))
                .orElse("-");
    }

    public static String markdown(List<Machine> machines) {
        List<Table> tables = of(machines);
        if (tables.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Modular multiplication (PMNS paper, Table 5's layout)\n");
        for (Table t : tables) {
            md.append("\n")
                    .append(t.title())
                    .append("\n\n| ")
                    .append(String.join(" | ", HEADER))
                    .append(" |\n|");
            HEADER.forEach(h -> md.append("---|"));
            md.append("\n");
            t.rows().forEach(r -> md.append("| ").append(String.join(" | ", r)).append(" |\n"));
        }
        return md.toString();
    }

    public static String html(List<Machine> machines) {
        List<Table> tables = of(machines);
        if (tables.isEmpty()) {
            return "";
        }
        StringBuilder h =
                new StringBuilder("<h2 id=\"modmul\">Modular multiplication (PMNS paper, Table 5's layout)</h2>\n");
        for (Table t : tables) {
            h.append("<p>").append(HtmlReport.esc(t.title())).append("</p>\n<table><tr>");
            HEADER.forEach(c -> h.append("<th>").append(HtmlReport.esc(c)).append("</th>"));
            h.append("</tr>\n");
            for (List<String> r : t.rows()) {
                h.append("<tr>");
                r.forEach(c -> h.append("<td>").append(HtmlReport.esc(c)).append("</td>"));
                h.append("</tr>\n");
            }
            h.append("</table>\n");
        }
        return h.toString();
    }
}
