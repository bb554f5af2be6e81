package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.stats.RatioEstimate;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproductionTest {
    @TempDir
    Path dir;

    @Test
    void verdictNeedsTheWholeIntervalOnThePapersSideAndHalfItsEffect() {
        // paper +7.8%: half the effect is +3.9%
        assertEquals(Verdict.REPRODUCED, Verdict.judge(1.078, new RatioEstimate(1.04, 1.01, 1.06, false)));
        assertEquals(
                Verdict.NOT_REPRODUCED,
                Verdict.judge(1.078, new RatioEstimate(1.038, 1.01, 1.06, false)),
                "below half the effect");
        assertEquals(
                Verdict.NOT_REPRODUCED,
                Verdict.judge(1.078, new RatioEstimate(1.08, 0.99, 1.12, true)),
                "interval includes 1");
        // paper 0.7x (SSE slower than scalar): half the effect is 0.85x
        assertEquals(Verdict.REPRODUCED, Verdict.judge(0.7, new RatioEstimate(0.8, 0.78, 0.82, false)));
        assertEquals(Verdict.NOT_REPRODUCED, Verdict.judge(0.7, new RatioEstimate(0.9, 0.88, 0.92, false)));
    }

    private static PaperFigure totalFigure() {
        return new PaperFigure(
                "fig4-total",
                "Figure 4",
                "ER",
                "Intel Xeon Gold 6548Y+ (Emerald Rapids)",
                "improves ... by 7.8%",
                "Section 4.5",
                "GMPbench total",
                "throughput_improvement_percent",
                7.8,
                Optional.empty(),
                List.of(new PaperFigure.Measure(
                        "asm",
                        "gmpbench",
                        "stock",
                        "dot",
                        Optional.empty(),
                        Optional.of("total"),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        "value",
                        List.of("avx512ifma"))));
    }

    @Test
    void eachMachineGetsItsOwnVerdict() throws Exception {
        Path zen4 = new ResultFixtures("gmpbench", "AMD EPYC 9004", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot")
                .comparison("stock", "dot", Map.of(), Map.of("total", new double[] {1.05, 1.04, 1.06}))
                .write(dir.resolve("a.json"));
        Path zen3 = new ResultFixtures("gmpbench", "AMD EPYC 7003", ResultFixtures.ZEN3_FLAGS, "avx2")
                .variants("stock", "dot")
                .comparison("stock", "dot", Map.of(), Map.of("total", new double[] {1.01, 1.00, 1.02}))
                .write(dir.resolve("b.json"));
        Path speedOnly = new ResultFixtures("speed", "Intel Xeon", ResultFixtures.ZEN4_FLAGS, "ifma")
                .write(dir.resolve("c.json"));
        List<Machine> machines =
                Machine.group(List.of(ResultFile.load(zen4), ResultFile.load(zen3), ResultFile.load(speedOnly)));
        List<Reproduction.Row> rows = Reproduction.table(List.of(totalFigure()), machines);
        assertEquals(1, rows.size());
        List<Reproduction.Cell> cells = rows.getFirst().cells();
        assertEquals(Verdict.REPRODUCED, cells.get(0).verdict());
        assertEquals(1.05, cells.get(0).measured().orElseThrow().ratio(), 0);
        assertEquals(Verdict.NOT_MEASURABLE, cells.get(1).verdict());
        assertTrue(
                cells.get(1).note().contains("lacks avx512ifma"), cells.get(1).note());
        assertEquals(Verdict.NOT_MEASURED, cells.get(2).verdict());
    }

    @Test
    void kernelGeomeanTakesThePapersSizesOnly() throws Exception {
        Map<String, double[]> tests = new LinkedHashMap<>();
        tests.put("add_n(8)", new double[] {2.0, 1.9, 2.1});
        tests.put("add_n(512)", new double[] {8.0, 7.6, 8.4});
        tests.put("add_n(13)", new double[] {100, 99, 101}); // an odd size: plotted, not in the paper's geomean
        Path jmh = new ResultFixtures("jmh", "AMD EPYC", ResultFixtures.ZEN4_FLAGS, "ifma")
                .comparison("gmp/stock-noasm", "gmp/dot-noasm", tests, Map.of())
                .write(dir.resolve("k.json"));
        PairRatios pair = ResultFile.load(jmh).comparisons().getFirst();
        var m = new PaperFigure.Measure(
                "C pathways",
                "jmh",
                "gmp/stock-noasm",
                "gmp/dot-noasm",
                Optional.of("add_n"),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "geomean",
                List.of());
        RatioEstimate r = Reproduction.value(m, pair).orElseThrow();
        assertEquals(4.0, r.ratio(), 1e-12);
        assertEquals(Math.sqrt(1.9 * 7.6), r.low(), 1e-12);
    }
}
