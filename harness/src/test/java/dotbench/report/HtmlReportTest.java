package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    @TempDir
    Path dir;

    private ReportModel model() throws Exception {
        return ReportModel.build(
                ReportFixtureSet.write(dir),
                PaperReferenceTest.REFERENCE,
                PaperFigure.load(PaperReferenceTest.REFERENCE),
                "now");
    }

    @Test
    void selfContainedNoScriptNoNetwork() throws Exception {
        String html = HtmlReport.render(model());
        assertFalse(html.contains("<script"), "no script");
        Matcher urls = Pattern.compile("(?:src|href)\\s*=|https?://(?!www\\.w3\\.org/2000/svg)")
                .matcher(html);
        assertFalse(
                urls.find(),
                "no external reference: "
                        + (urls.find(0)
                                ? html.substring(urls.start(), Math.min(html.length(), urls.start() + 60))
                                : ""));
    }

    @Test
    void everyChartKindIsDrawnWithItsData() throws Exception {
        ReportModel m = model();
        assertEquals(1, m.speedupCurves().size(), "one kernel, one machine");
        assertEquals(2, m.gmpbenchBars().size(), "scopes and tests of stock/dot, both machines in each");
        assertEquals(1, m.speedBars().size(), "speed has tests only");
        assertEquals(1, m.latencyCdfs().size());
        String html = HtmlReport.render(m);
        // 3 scopes x 2 machines + 2 tests x 2 machines + 2 speed tests
        assertEquals(12, count(html, "<rect class=\"bar"), "bars");
        assertEquals(12, count(html, "class=\"point"), "kernel points");
        assertTrue(html.contains("class=\"point noisy\""), "the wide interval at 32 limbs is marked noisy");
        assertTrue(html.contains("class=\"bar noisy\""), "pi's wide interval is marked noisy");
        assertEquals(2, count(m.latencyCdfs().getFirst().svg(), "<path class=\"series\""), "stock and dot CDFs");
    }

    @Test
    void reproductionTableHasAColumnPairPerMachineAndPlainVerdicts() throws Exception {
        ReportModel m = model();
        assertEquals(2, m.machines().size());
        String md = MarkdownReport.render(m);
        assertTrue(
                md.contains(
                        "| Figure 4 | GMPbench total score, DoTMP vs GMP | +7.8% (ER) | asm | +5.0% [+4.0%, +6.0%] | reproduced |"),
                md);
        assertTrue(md.contains("not measurable here (this CPU lacks avx512ifma)"), md);
        assertTrue(md.contains("| AMD EPYC 9004 @ testhost |"), md);
        // FFDH-2048 derive p50: stock 1100 ns, dot 1040 ns, so 5.5% lower (paper 6.1%); one histogram per variant gives
        // no
        // interval, so no verdict is claimed from it
        assertTrue(
                md.contains("| Figure 9 | FFDH 2048 derive median latency, DoTSSL vs OpenSSL | 6.1% lower (ER) | "
                        + "asm | 5.5% lower [5.5% lower, 5.5% lower] | not measurable here "
                        + "(speed.json; a percentile of one histogram per variant has no confidence interval) |"),
                md);
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
