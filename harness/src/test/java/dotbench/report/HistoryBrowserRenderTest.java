package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.history.EDivisive;
import dotbench.history.History;
import dotbench.history.HistoryHtml;
import dotbench.history.HistoryRun;
import dotbench.stats.RatioEstimate;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The trend report as a browser shows it: the committed sample history (results/history/) and a
 * history with a planted step, each rendered by headless Chromium; the pictures must show the
 * points (series colour) and, where there is a change point, its marker line. The PNGs stay in
 * target/history-render/ for a person to look at.
 */
class HistoryBrowserRenderTest {
    private static final Path SAMPLE = Path.of("../results/history");

    @Test
    void theCommittedSampleHistoryRendersItsTrendCharts() throws Exception {
        StringWriter notes = new StringWriter();
        List<HistoryRun> runs = History.read(List.of(SAMPLE), new PrintWriter(notes, true));
        assertEquals(8, runs.size(), "the sample's eight runs; notes: " + notes);
        assertEquals("", notes.toString(), "every file of the sample reads");
        History h = History.build(runs, EDivisive.Settings.DEFAULT);
        BufferedImage img = render(HistoryHtml.render(h, "test"), "sample", 1200, 2400);
        assertTrue(
                count(img, Svg.color(0)) > 800, "points and whiskers of the trend charts: " + count(img, Svg.color(0)));
    }

    @Test
    void aPlantedStepIsMarkedInTheChart() throws Exception {
        List<HistoryRun> runs = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            double ratio = (i < 9 ? 1.0 : 0.94) + (i % 3 - 1) * 0.004;
            runs.add(new HistoryRun(
                    "gmpbench",
                    "quick",
                    String.format("s%02d0000", i),
                    false,
                    Instant.parse("2026-11-01T00:00:00Z").plusSeconds(3_600L * i),
                    "CPU @ ci",
                    "r" + i + ".json",
                    List.of(new PairRatios(
                            "stock",
                            "dot",
                            Map.of("total", new RatioEstimate(ratio, ratio - 0.01, ratio + 0.01, false)),
                            Map.of(),
                            Map.of()))));
        }
        History stepped = History.build(runs, EDivisive.Settings.DEFAULT);
        assertEquals(9, stepped.series().getFirst().changes().getFirst().index());
        BufferedImage marked = render(HistoryHtml.render(stepped, "test"), "step", 900, 1200);
        History flat = History.build(runs.subList(0, 9), EDivisive.Settings.DEFAULT);
        BufferedImage unmarked = render(HistoryHtml.render(flat, "test"), "flat", 900, 1200);
        assertTrue(count(marked, Svg.color(1)) > 50, "the change-point line: " + count(marked, Svg.color(1)));
        assertTrue(
                count(unmarked, Svg.color(1)) < 10,
                "no change-point line in the flat history: " + count(unmarked, Svg.color(1)));
    }

    private static BufferedImage render(String html, String name, int width, int height) throws Exception {
        Path chromium = HeadlessChromium.find()
                .orElseThrow(
                        () -> new AssertionError("no chromium (Debian package 'chromium', installed by `make deps` via "
                                + "mk/report.mk); set CHROMIUM=/path to use another"));
        Path out = Files.createDirectories(Path.of("target/history-render").toAbsolutePath());
        Path page = out.resolve(name + ".html");
        Files.writeString(page, html);
        Path png = out.resolve(name + ".png");
        Files.deleteIfExists(png);
        HeadlessChromium.screenshot(chromium, page, png, width, height, Files.createTempDirectory("chromium-profile"));
        return ImageIO.read(png.toFile());
    }

    /** Pixels within a small distance of the colour "#RRGGBB". */
    private static int count(BufferedImage img, String color) {
        int rgb = Integer.parseInt(color.substring(1), 16);
        return HeadlessChromium.pixelsNear(img, rgb);
    }
}
