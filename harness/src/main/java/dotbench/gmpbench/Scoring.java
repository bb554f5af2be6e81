package dotbench.gmpbench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** runbench's arithmetic (see facts section 1.4), in double precision instead of gexpr -prec 10. */
public final class Scoring {
    private Scoring() {}

    /** Scores from each test's ops/s, keyed by test name ("multiply(128)"). */
    public static Scores score(Map<String, Double> opsPerSecond) {
        Map<Program, List<Double>> byProgram = new EnumMap<>(Program.class);
        for (GmpBenchTest t : GmpBenchSuite.all()) {
            Double v = opsPerSecond.get(t.name());
            if (v != null) {
                if (!(v > 0)) {
                    throw new IllegalArgumentException(t.name() + ": a score needs a positive rate, got " + v);
                }
                byProgram.computeIfAbsent(t.program(), p -> new ArrayList<>()).add(v);
            }
        }
        Map<Program, Double> programs = new EnumMap<>(Program.class);
        byProgram.forEach((p, values) -> programs.put(p, geometricMean(values)));
        double base = weighted(programs, Program.Category.BASE);
        double app = weighted(programs, Program.Category.APP);
        return new Scores(new LinkedHashMap<>(opsPerSecond), programs, base, app, Math.sqrt(base * app));
    }

    private static double geometricMean(List<Double> values) {
        double logSum = 0;
        for (double v : values) {
            logSum += Math.log(v);
        }
        return Math.exp(logSum / values.size());
    }

    /** (prod program^weight)^(1 / sum weight) over the category's programs that ran. */
    private static double weighted(Map<Program, Double> programs, Program.Category category) {
        double logSum = 0, weights = 0;
        for (var e : programs.entrySet()) {
            if (e.getKey().category() == category) {
                logSum += e.getKey().weight() * Math.log(e.getValue());
                weights += e.getKey().weight();
            }
        }
        return weights == 0 ? Double.NaN : Math.exp(logSum / weights);
    }
}
