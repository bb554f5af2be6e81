package dotbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.cli.Main;
import dotbench.report.ResultFixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
    @TempDir
    Path dir;

    /** stock at 100 ops/s and dot at `dot` ops/s, with a +-0.5% wobble over 9 rounds. */
    private Path run(String name, String cpu, double dot) throws Exception {
        return run(name, cpu, dot, ResultFixtures.ZEN4_FLAGS, 0);
    }

    /** @param family /proc/cpuinfo's cpu family to record with model 2 (0: none recorded, as older files) */
    private Path run(String name, String cpu, double dot, List<String> flags, int family) throws Exception {
        double[] wobble = {1.000, 1.004, 0.996, 1.002, 0.998, 1.005, 0.995, 1.001, 0.999};
        double[] stock = new double[wobble.length];
        double[] cand = new double[wobble.length];
        for (int i = 0; i < wobble.length; i++) {
            stock[i] = 100 * wobble[i];
            cand[i] = dot * wobble[(i + 3) % wobble.length];
        }
        ResultFixtures f = new ResultFixtures("gmpbench", cpu, flags, "ifma");
        if (family != 0) {
            f.cpuSignature("AuthenticAMD", family, 2);
        }
        return f.variants("stock", "dot")
                .test("multiply(8192,8192)", Map.of("stock", stock, "dot", cand))
                .comparison(
                        "stock",
                        "dot",
                        Map.of("multiply(8192,8192)", new double[] {dot / 100, dot / 100 - 0.01, dot / 100 + 0.01}),
                        Map.of())
                .write(dir.resolve(name));
    }

    private record Outcome(int status, String out, String err) {}

    private Outcome compare(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] full = new String[args.length + 1];
        full[0] = "compare";
        System.arraycopy(args, 0, full, 1, args.length);
        int status = Main.run(full, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    @Test
    void aTenPercentSlowdownOutsideTheIntervalIsARegression() throws Exception {
        Path base = run("base.json", "AMD EPYC", 110);
        Path next = run("new.json", "AMD EPYC", 99);
        Outcome o = compare(base.toString(), next.toString());
        assertEquals(10, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("regression(s)"), o.out());
        assertTrue(o.out().contains("| multiply(8192,8192) | dot | 0.900 |"), o.out());
        assertTrue(o.out().contains("| multiply(8192,8192) | dot/stock | 0.900 |"), o.out());
    }

    @Test
    void aChangeInsideTheThresholdIsNotARegression() throws Exception {
        Path base = run("base.json", "AMD EPYC", 110);
        Path next = run("new.json", "AMD EPYC", 109);
        Outcome o = compare(base.toString(), next.toString());
        assertEquals(0, o.status(), o.out());
        assertTrue(o.out().contains("**No regression** beyond 3.0%"), o.out());
    }

    @Test
    void aWiderThresholdAcceptsTheSameSlowdown() throws Exception {
        Path base = run("base.json", "AMD EPYC", 110);
        Path next = run("new.json", "AMD EPYC", 99);
        assertEquals(
                0,
                compare("--threshold", "0.15", base.toString(), next.toString()).status());
    }

    @Test
    void differentCpuModelsAreNotComparedAsIfTheyWere() throws Exception {
        Path base = run("base.json", "AMD EPYC", 110);
        Path next = run("new.json", "Intel Xeon Gold 6548Y+", 110);
        Outcome o = compare(base.toString(), next.toString());
        assertEquals(11, o.status());
        assertTrue(o.out().contains("**Not a meaningful comparison:** different CPU models"), o.out());
        assertEquals(0, compare("--force", base.toString(), next.toString()).status());
    }

    /**
     * Zen 4 and Zen 5 VMs both call their CPU "AMD EPYC": the family numbers, or where a file has
     * none the instruction-set flags, tell them apart. The planted control: the same numbers and
     * flags are comparable.
     */
    @Test
    void oneModelNameOnTwoCpuGenerationsIsNotComparable() throws Exception {
        List<String> zen5 = new ArrayList<>(ResultFixtures.ZEN4_FLAGS);
        zen5.add("avx512_vp2intersect");
        Path zen4File = run("base.json", "AMD EPYC", 110, ResultFixtures.ZEN4_FLAGS, 25);
        Path zen5File = run("new.json", "AMD EPYC", 110, zen5, 26);
        Outcome o = compare(zen4File.toString(), zen5File.toString());
        assertEquals(11, o.status(), o.out());
        assertTrue(
                o.out().contains("different CPUs: AuthenticAMD family 25 model 2 vs AuthenticAMD family 26 model 2"),
                o.out());
        assertTrue(o.out().contains("only in BASE none, only in NEW avx512_vp2intersect"), o.out());
        // older files record no family: the flags alone still tell them apart
        Path oldZen4 = run("old4.json", "AMD EPYC", 110, ResultFixtures.ZEN4_FLAGS, 0);
        Path oldZen5 = run("old5.json", "AMD EPYC", 110, zen5, 0);
        Outcome flagsOnly = compare(oldZen4.toString(), oldZen5.toString());
        assertEquals(11, flagsOnly.status(), flagsOnly.out());
        assertTrue(!flagsOnly.out().contains("different CPUs"), flagsOnly.out());
        // a kernel feature flag is not an instruction set
        List<String> newerKernel = new ArrayList<>(ResultFixtures.ZEN4_FLAGS);
        newerKernel.add("user_shstk");
        Path kernel = run("kernel.json", "AMD EPYC", 110, newerKernel, 25);
        assertEquals(0, compare(zen4File.toString(), kernel.toString()).status());
        Path same = run("same.json", "AMD EPYC", 110, ResultFixtures.ZEN4_FLAGS, 25);
        assertEquals(0, compare(zen4File.toString(), same.toString()).status());
    }

    @Test
    void badThresholdAndMissingFileAreClearErrors() throws Exception {
        Path base = run("base.json", "AMD EPYC", 110);
        Outcome bad = compare("--threshold", "1.5", base.toString(), base.toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("--threshold must be in [0, 1)"), bad.err());
        Outcome missing = compare(base.toString(), dir.resolve("nope.json").toString());
        assertEquals(5, missing.status());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }
}
