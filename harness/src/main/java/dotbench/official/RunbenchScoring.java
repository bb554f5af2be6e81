package dotbench.official;

import dotbench.gmpbench.GmpBenchSuite;
import dotbench.gmpbench.GmpBenchTest;
import dotbench.gmpbench.Program;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * runbench's scoring, step by step as the script does it: every figure passes through the shell
 * as text printed by {@code gexpr -prec 10}, so each intermediate (the running product of a
 * program's RESULTs, the program's geometric mean, the category's weighted product and mean) is
 * rounded to 10 significant digits before the next step reads it. Tests are taken in runbench's
 * order, programs and categories too; only the tests present are scored (runbench scores what its
 * lists name: a shortened list scores as a shortened list). The text has runbench's layout: -prec 4 per test, -prec 5 per program and
 * category. The last line's precision is gexpr's default, which is not known here (gexpr.c is not
 * part of the release): it is printed with 6 significant digits.
 */
public final class RunbenchScoring {
    private static final MathContext PREC10 = new MathContext(10);

    /** @param programs program to its score; @param text what runbench prints from "Category base" on */
    public record Result(Map<Program, Double> programs, double base, double app, double total, String text) {}

    private RunbenchScoring() {}

    /** @param results test name to its RESULT figure as printed */
    public static Result score(Map<String, String> results) {
        StringBuilder text = new StringBuilder();
        Map<Program, Double> programs = new EnumMap<>(Program.class);
        double[] categories = new double[Program.Category.values().length];
        BigDecimal acc2 = BigDecimal.ONE;
        int n2 = 0;
        for (Program.Category cat : Program.Category.values()) {
            List<Program> inCategory = new ArrayList<>();
            for (Program p : Program.values()) {
                if (p.category() == cat && testsOf(p).stream().anyMatch(t -> results.containsKey(t.name()))) {
                    inCategory.add(p);
                }
            }
            if (inCategory.isEmpty()) {
                categories[cat.ordinal()] = Double.NaN;
                continue;
            }
            text.append("  Category ").append(cat.label()).append('\n');
            BigDecimal acc1 = BigDecimal.ONE;
            double n1 = 0;
            for (Program p : inCategory) {
                text.append(String.format(Locale.ROOT, "    Program %s (weight=%s)%n", p.label(), weight(p.weight())));
                BigDecimal acc = BigDecimal.ONE;
                int n = 0;
                for (GmpBenchTest t : testsOf(p)) {
                    String res = results.get(t.name());
                    if (res == null) {
                        continue;
                    }
                    BigDecimal value = new BigDecimal(res);
                    text.append(String.format(
                            Locale.ROOT, "      %-48s%12s%n", t.gmpbenchLabel(), gexpr(value.doubleValue(), 4)));
                    acc = acc.multiply(value).round(PREC10);
                    n++;
                }
                BigDecimal out = prec10(Math.exp(ln(acc) / n));
                programs.put(p, out.doubleValue());
                text.append(String.format(
                        Locale.ROOT,
                        "    %-40s%12s%n",
                        "GMPbench." + cat.label() + "." + p.label(),
                        gexpr(out.doubleValue(), 5)));
                acc1 = acc1.multiply(prec10(Math.exp(p.weight() * ln(out)))).round(PREC10);
                n1 += p.weight();
            }
            BigDecimal out = prec10(Math.exp(ln(acc1) / n1));
            categories[cat.ordinal()] = out.doubleValue();
            text.append(String.format(
                    Locale.ROOT, "  %-32s%12s%n", "GMPbench." + cat.label(), gexpr(out.doubleValue(), 5)));
            acc2 = acc2.multiply(out).round(PREC10);
            n2++;
        }
        if (n2 == 0) {
            throw new IllegalArgumentException("no GMPbench test among the results");
        }
        double total = Math.exp(ln(acc2) / n2);
        text.append("GMPbench:         ").append(gexpr(total, 6)).append('\n');
        return new Result(
                programs,
                categories[Program.Category.BASE.ordinal()],
                categories[Program.Category.APP.ordinal()],
                total,
                text.toString());
    }

    private static List<GmpBenchTest> testsOf(Program p) {
        return GmpBenchSuite.all().stream().filter(t -> t.program() == p).toList();
    }

    /** Natural logarithm of a positive BigDecimal of any magnitude (a program's product reaches 1e100 and beyond). */
    private static double ln(BigDecimal v) {
        return Math.log(v.unscaledValue().doubleValue()) - v.scale() * Math.log(10);
    }

    private static BigDecimal prec10(double v) {
        return new BigDecimal(v).round(PREC10);
    }

    /** A figure as gexpr -prec N prints it: N significant digits, plain notation. */
    static String gexpr(double v, int digits) {
        return new BigDecimal(v)
                .round(new MathContext(digits))
                .stripTrailingZeros()
                .toPlainString();
    }

    private static String weight(double w) {
        return w == Math.rint(w) ? String.valueOf((long) w) : String.valueOf(w);
    }
}
