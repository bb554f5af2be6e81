package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness-vs-official table: rows for what both files have, and its three verdicts. */
class OfficialFidelityTest {
    @TempDir
    Path dir;

    private ResultFile file(String suite, Map<String, double[]> tests, Map<String, double[]> scopes)
            throws IOException {
        return ResultFile.load(new ResultFixtures(suite, "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot")
                .comparison("stock", "dot", tests, scopes)
                .write(dir.resolve(suite + ".json")));
    }

    @Test
    void verdictsFollowTheQuotientAndTheIntervals() throws IOException {
        // {ratio, low, high}
        ResultFile harness = file(
                "gmpbench",
                Map.of(
                        "rsa(512)", new double[] {0.930, 0.925, 0.935}, // official 0.920: within 3%
                        "multiply(128)", new double[] {1.037, 1.030, 1.044}, // official 0.943, intervals apart: differs
                        "gcd(128,128)", new double[] {1.050, 0.990, 1.110}, // official 1.000, intervals overlap: noise
                        "pi(10000)", new double[] {1.0, 0.9, 1.1}), // not in the official file: no row
                Map.of("total", new double[] {1.015, 1.012, 1.018})); // official 1.000: beyond the 1% of a total
        ResultFile official = file(
                "gmpbench-official",
                Map.of(
                        "rsa(512)", new double[] {0.920, 0.910, 0.930},
                        "multiply(128)", new double[] {0.943, 0.930, 0.956},
                        "gcd(128,128)", new double[] {1.000, 0.980, 1.020}),
                Map.of("total", new double[] {1.000, 0.995, 1.005}));
        OfficialFidelity f = OfficialFidelity.of(harness, official);
        assertEquals(4, f.rows().size(), f.markdown());
        Map<String, OfficialFidelity.Verdict> verdicts = new HashMap<>();
        f.rows().forEach(r -> verdicts.put(r.figure(), r.verdict()));
        assertEquals(OfficialFidelity.Verdict.AGREES, verdicts.get("rsa(512)"));
        assertEquals(OfficialFidelity.Verdict.DIFFERS, verdicts.get("multiply(128)"));
        assertEquals(OfficialFidelity.Verdict.NOISE, verdicts.get("gcd(128,128)"));
        assertEquals(OfficialFidelity.Verdict.DIFFERS, verdicts.get("total"));
        assertTrue(
                f.markdown()
                        .contains(
                                "| dot vs stock | multiply(128) | 1.037 [1.030, 1.044] | 0.943 [0.930, 0.956] | 1.100 | DIFFERS |"),
                f.markdown());
        assertTrue(f.markdown().contains("4 figures: 1 agree"), f.markdown());
    }

    @Test
    void reportPairsEachMachinesNewestFilesOfTheTwoSuites() throws IOException {
        ResultFile harness = file("gmpbench", Map.of("rsa(512)", new double[] {1, 1, 1}), Map.of());
        ResultFile official = file("gmpbench-official", Map.of("rsa(512)", new double[] {1, 1, 1}), Map.of());
        List<OfficialFidelity> all = OfficialFidelity.of(Machine.group(List.of(harness, official)));
        assertEquals(1, all.size());
        assertEquals(OfficialFidelity.Verdict.AGREES, all.get(0).rows().get(0).verdict());
        assertTrue(OfficialFidelity.of(Machine.group(List.of(harness))).isEmpty(), "no official file: no table");
    }
}
