package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportSummaryTest {
    @TempDir
    Path dir;

    @Test
    void eachMachineGetsItsHeadlinesAndWhatReproduced() throws Exception {
        ReportModel m = ReportModel.build(
                ReportFixtureSet.write(dir),
                PaperReferenceTest.REFERENCE,
                PaperFigure.load(PaperReferenceTest.REFERENCE),
                "now");
        List<ReportSummary.MachineSummary> s = ReportSummary.of(m);
        assertEquals(2, s.size());
        ReportSummary.MachineSummary zen4 = s.getFirst();
        // gmpbench (scopes total +5%, tests: multiply faster, pi slower), speed (ffdh faster, rsa within), jmh (12
        // sizes, all faster)
        assertEquals(
                List.of("gmpbench", "speed", "jmh"),
                zen4.pairs().stream().map(ReportSummary.PairLine::suite).toList());
        ReportSummary.PairLine gmp = zen4.pairs().getFirst();
        assertEquals(List.of("total +5.0% [+4.0%, +6.0%]"), gmp.headline());
        assertEquals(List.of(1, 1, 0), List.of(gmp.faster(), gmp.slower(), gmp.within()));
        ReportSummary.PairLine speed = zen4.pairs().get(1);
        assertEquals(List.of(1, 0, 1), List.of(speed.faster(), speed.slower(), speed.within()));
        assertEquals(12, zen4.pairs().get(2).faster());
        int rows = m.reproduction().size();
        assertEquals(
                rows,
                zen4.reproduction().values().stream().mapToInt(List::size).sum(),
                "every reproduction row is counted once");
        assertTrue(
                zen4.reproduction()
                        .get(Verdict.REPRODUCED)
                        .contains("Figure 4: GMPbench total score, DoTMP vs GMP (asm)"),
                zen4.reproduction().toString());
        assertEquals(
                List.of("gmpbench"),
                s.get(1).pairs().stream().map(ReportSummary.PairLine::suite).toList(),
                "the Zen 3 machine ran GMPbench only");

        String html = HtmlReport.render(m);
        assertTrue(
                html.indexOf("id=\"summary\"") < html.indexOf("id=\"reproduction-table\""),
                "the summary comes before the long table");
        String md = MarkdownReport.render(m);
        // the fixtures carry no raw samples of two tests: no family-wise verdict
        assertTrue(md.contains("| gmpbench | dot vs stock | total +5.0% [+4.0%, +6.0%] | 1 / 1 / 0 | - |"), md);
        assertTrue(md.indexOf("## Summary") < md.indexOf("## Reproduction"), md);
    }

    /**
     * The family-wise column from raw samples: 20 tests at 12 samples, one 5% slower in every round
     * (found), one 1.5% faster in 10 of 12 rounds (its own interval excludes 1, the family's does
     * not); at 10 samples 62 tests get no verdict and the column says how many samples would do.
     */
    @Test
    void theFamilyWiseColumnComesFromRawSamples() throws Exception {
        assertEquals(
                "0 / 1",
                firstPair(samples(20, 12).write(dir.resolve("twelve.json"))).allAtOnce());
        assertEquals(
                "no verdict (10 samples, 12 needed)",
                firstPair(samples(62, 10).write(dir.resolve("ten.json"))).allAtOnce());
    }

    /** The summary's first pair line for a report of this one file. */
    private static ReportSummary.PairLine firstPair(Path file) throws Exception {
        return ReportSummary.of(ReportModel.build(
                        List.of(ResultFile.load(file)),
                        PaperReferenceTest.REFERENCE,
                        PaperFigure.load(PaperReferenceTest.REFERENCE),
                        "now"))
                .getFirst()
                .pairs()
                .getFirst();
    }

    private static ResultFixtures samples(int tests, int n) {
        ResultFixtures f = new ResultFixtures("speed", "AMD EPYC 9004", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot");
        Map<String, double[]> ratios = new LinkedHashMap<>();
        for (int t = 0; t < tests; t++) {
            double[] stock = new double[n], dot = new double[n];
            for (int i = 0; i < n; i++) {
                stock[i] = 1000 + 3 * ((i + t) % 7);
                double wobble = 1 + 0.001 * (((i * 3 + t) % 5) - 2);
                dot[i] = stock[i] * wobble * (t == 2 ? 0.95 : 1) * (t == 5 ? (i < n - 2 ? 1.015 : 0.995) : 1);
            }
            f.test("t" + t, Map.of("stock", stock, "dot", dot));
            ratios.put("t" + t, new double[] {1, 0.99, 1.01});
        }
        return f.comparison("stock", "dot", ratios, Map.of());
    }
}
