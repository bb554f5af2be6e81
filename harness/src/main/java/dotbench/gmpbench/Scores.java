package dotbench.gmpbench;

import dotbench.pipeline.Ordered;
import java.util.Map;

/**
 * GMPbench's scores for one variant: per test (ops/s), per program (geometric mean of its tests),
 * per category (weighted geometric mean of its programs) and the total (geometric mean of the
 * categories). A category with no test run is NaN, and so is the total then.
 */
public record Scores(Map<String, Double> tests, Map<Program, Double> programs, double base, double app, double total) {
    public Scores {
        tests = Ordered.copy(tests);
        programs = Ordered.copy(programs);
    }

    public double category(Program.Category c) {
        return c == Program.Category.BASE ? base : app;
    }
}
