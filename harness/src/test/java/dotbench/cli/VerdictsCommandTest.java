package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.report.ResultFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerdictsCommandTest {
    /**
     * 30 tests at 12 samples; dot is 6% slower on "t3" in every round and 2% faster in 10 of 12
     * rounds of "t8" (a per-test interval excludes 1 there, the family's does not); the copy equals
     * stock.
     */
    @Test
    void perTestAndFamilyVerdictsFromRawSamples(@TempDir Path dir) throws Exception {
        ResultFixtures f = new ResultFixtures("speed", "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot", "stock~copy");
        for (int t = 0; t < 30; t++) {
            double[] stock = new double[12], dot = new double[12];
            for (int i = 0; i < 12; i++) {
                stock[i] = 1000 + 7 * ((i * 5 + t) % 12);
                double wobble = 1 + 0.002 * (((i * 7 + t) % 5) - 2);
                dot[i] = stock[i] * wobble * (t == 3 ? 0.94 : 1) * (t == 8 ? (i < 10 ? 1.02 : 0.99) : 1);
            }
            Map<String, double[]> s = new LinkedHashMap<>();
            s.put("stock", stock);
            s.put("dot", dot);
            s.put("stock~copy", stock.clone());
            f.test("t" + t, s);
        }
        f.comparison("stock", "dot", Map.of(), Map.of()).comparison("stock", "stock~copy", Map.of(), Map.of());
        Path file = f.write(dir.resolve("run.json"));
        CliRun r = CliRun.of("verdicts", file.toString());
        assertEquals(0, r.status(), r.err());
        String out = r.out();
        assertTrue(out.contains("A/B dot vs stock: 30 tests with samples on both sides"), out);
        assertTrue(out.contains("each test on its own (96.1% at 12 samples): 1 slower (t3 0.94"), out);
        assertTrue(out.contains("1 faster (t8 1.01"), out);
        // 30 tests: each widened to 1 - 0.05/30 = 99.83%; [min, max] of 12 covers 99.95%
        assertTrue(out.contains("all 30 tests at once (each interval widened to 99.83%"), out);
        assertTrue(out.contains("1 slower (t3 0.94"), out);
        assertTrue(out.contains("0 faster\n"), out);
        assertTrue(out.contains("A/B stock~copy vs stock: 30 tests"), out);
        assertTrue(out.contains("each test on its own (96.1% at 12 samples): 0 slower; 0 faster"), out);
    }

    @Test
    void unreadableFilesAndMissingSamplesAreSaid(@TempDir Path dir) throws Exception {
        CliRun missing = CliRun.of("verdicts", dir.resolve("none.json").toString());
        assertEquals(5, missing.status(), missing.out());
        Path bad = Files.writeString(dir.resolve("bad.json"), "{not json");
        assertEquals(5, CliRun.of("verdicts", bad.toString()).status());
        Path noSamples = new ResultFixtures("speed", "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot")
                .comparison("stock", "dot", Map.of("t0", new double[] {1, 0.99, 1.01}), Map.of())
                .write(dir.resolve("nosamples.json"));
        CliRun r = CliRun.of("verdicts", noSamples.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("no raw samples to judge"), r.out());
        assertEquals(2, CliRun.of("verdicts").status());
    }
}
