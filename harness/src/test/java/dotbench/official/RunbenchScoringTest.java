package dotbench.official;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.gmpbench.GmpBenchSuite;
import dotbench.gmpbench.GmpBenchTest;
import dotbench.gmpbench.Program;
import dotbench.gmpbench.Scoring;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * runbench's scoring on fixed inputs. The expected figures are worked out by hand (whole-number
 * means), or come from the closed form total = prod_t rate_t^(w_p / (n_p * W_c * 2)), which
 * multiplies out runbench's three nested means in one step.
 */
class RunbenchScoringTest {
    @Test
    void handWorkedExample() {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("multiply(128)", "4"); // multiply = sqrt(4 * 16) = 8
        r.put("multiply(512,512)", "16");
        r.put("divide(8192,32)", "1"); // divide = 1
        r.put("gcd(128,128)", "4"); // gcd 4, gcdext 16: base = (8 * 1 * 2 * 4)^(1/3) = 4
        r.put("gcdext(128,128)", "16");
        r.put("rsa(512)", "3"); // app = sqrt(3 * 27) = 9
        r.put("pi(10000)", "27");
        RunbenchScoring.Result s = RunbenchScoring.score(r);
        assertEquals(8.0, s.programs().get(Program.MULTIPLY), 1e-9);
        assertEquals(4.0, s.base(), 1e-9);
        assertEquals(9.0, s.app(), 1e-9);
        assertEquals(6.0, s.total(), 1e-9);
    }

    /** Rates spread like a real run's (0.5 to 1e8 ops/s), all 39 tests. */
    private static Map<String, String> realistic(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, String> r = new LinkedHashMap<>();
        for (GmpBenchTest t : GmpBenchSuite.all()) {
            double v = Math.pow(10, random.nextDouble(-0.3, 8));
            r.put(t.name(), RunbenchScoring.gexpr(v, 6));
        }
        return r;
    }

    private static double closedForm(Map<String, String> r) {
        double log = 0;
        for (GmpBenchTest t : GmpBenchSuite.all()) {
            Program p = t.program();
            long n = GmpBenchSuite.all().stream().filter(x -> x.program() == p).count();
            double categoryWeight = 0;
            for (Program q : Program.values()) {
                categoryWeight += q.category() == p.category() ? q.weight() : 0;
            }
            log += Math.log(Double.parseDouble(r.get(t.name()))) * p.weight() / (n * categoryWeight * 2);
        }
        return Math.exp(log);
    }

    @Test
    void totalMatchesTheClosedFormToTenDigitRounding() {
        for (long seed = 1; seed <= 20; seed++) {
            Map<String, String> r = realistic(seed);
            double expected = closedForm(r);
            double got = RunbenchScoring.score(r).total();
            // about 50 roundings to 10 significant digits on the way: at most a few parts in 1e9
            assertEquals(expected, got, expected * 5e-9, "seed " + seed);
        }
    }

    @Test
    void roundingToTenDigitsIsApplied() {
        // the double-precision scorer does not round; on these inputs the two differ, but only beyond the 8th digit
        boolean differs = false;
        for (long seed = 1; seed <= 20; seed++) {
            Map<String, String> r = realistic(seed);
            Map<String, Double> d = new LinkedHashMap<>();
            r.forEach((k, v) -> d.put(k, Double.parseDouble(v)));
            double exact = Scoring.score(d).total();
            double runbench = RunbenchScoring.score(r).total();
            differs |= exact != runbench;
            assertEquals(exact, runbench, exact * 1e-8);
        }
        assertTrue(differs, "runbench's 10-digit intermediates must show somewhere");
    }

    @Test
    void aChangedResultChangesTheScoreControl() {
        Map<String, String> r = realistic(3);
        double before = RunbenchScoring.score(r).total();
        r.put("gcd(128,128)", RunbenchScoring.gexpr(Double.parseDouble(r.get("gcd(128,128)")) * 2, 6));
        double after = RunbenchScoring.score(r).total();
        // gcd's weight 0.5 of 3 in base, 1 of 5 tests: the total moves by 2^(0.5 / (5 * 3 * 2))
        assertEquals(Math.pow(2, 0.5 / 30), after / before, 1e-8);
        assertNotEquals(before, after);
    }

    @Test
    void textHasRunbenchsLayout() {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("rsa(512)", "16798");
        r.put("rsa(1024)", "3366.5");
        String text = RunbenchScoring.score(r).text();
        String[] lines = text.split("\n");
        assertEquals("  Category app", lines[0]);
        assertEquals("    Program rsa (weight=1)", lines[1]);
        // printf '      %-48s' label, then printf '%12s\n' `gexpr -prec 4 "$res"`
        assertEquals(String.format("      %-48s%12s", "GMPbench.app.rsa(512)", "16800"), lines[2]);
        assertEquals(String.format("      %-48s%12s", "GMPbench.app.rsa(1024)", "3367"), lines[3]);
        // sqrt(16798 * 3366.5) = 7519.97..., -prec 5
        assertEquals(String.format("    %-40s%12s", "GMPbench.app.rsa", "7520"), lines[4]);
        assertEquals(String.format("  %-32s%12s", "GMPbench.app", "7520"), lines[5]);
        assertTrue(lines[6].startsWith("GMPbench:         7520"), lines[6]);
        assertTrue(!text.contains("Category base"), "a category that did not run is not printed");
    }
}
