package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
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
        assertTrue(md.contains("| gmpbench | dot vs stock | total +5.0% [+4.0%, +6.0%] | 1 / 1 / 0 |"), md);
        assertTrue(md.indexOf("## Summary") < md.indexOf("## Reproduction"), md);
    }
}
